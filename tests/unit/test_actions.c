/* test_actions.c: the core of games with their own rules, without Lua: actions as text
 * (read, write, canonical lists), variables in the state (undo, redo, restart, copy and the
 * hash), marks and rollback of an open record, the move record engine_move_info fills, lurd_play
 * handing actions to its callback, solution files holding actions, the player limit. */
#include <string.h>

#include "check.h"
#include "core/action.h"
#include "core/engine.h"
#include "core/level.h"
#include "core/lurd.h"
#include "core/solutions.h"
#include "core/state.h"
#include "core/vars.h"

/* A ruleset with actions: press (click), slide (dirs), paint (click, value), rotate (a key). */
static void action_rules(ruleset *r)
{
    rules_sokoban(r);
    r->kind = RULES_ACTIONS;
    const char *names[] = { "paint", "press", "rotate", "slide" };
    const uint32_t flags[] = { ACTION_CLICK, ACTION_CLICK, 0, ACTION_DIRS };
    for (int i = 0; i < 4; i++) {
        memset(&r->action[i], 0, sizeof r->action[i]);
        strcpy(r->action[i].name, names[i]);
        r->action[i].flags = flags[i];
    }
    r->nactions = 4;
}

static void test_action_text(void)
{
    ruleset r;
    action_rules(&r);
    grid g;
    CHECK(grid_init(&g, TOPO_SQUARE, 7, 5) == 0);
    action a;
    char buf[ACTION_TEXT_MAX], why[160];
    CHECK_EQ_INT(action_read(&r, &g, "press(3,2)", &a, why, sizeof why), 10);
    CHECK_EQ_INT(a.id, 1);
    CHECK_EQ_INT(a.cell, 1 * 7 + 2);
    CHECK_EQ_INT(a.dir, -1);
    CHECK(!a.has_value);
    action_write(&r, &g, &a, buf, sizeof buf);
    CHECK(!strcmp(buf, "press(3,2)"));
    /* Directions by letter or name, spaces inside, numbers, no arguments. */
    CHECK(action_read(&r, &g, "  slide( 7 , 5 , left )", &a, why, sizeof why) == 23);
    CHECK_EQ_INT(a.dir, DIR_LEFT);
    CHECK_EQ_INT(a.cell, 4 * 7 + 6);
    action_write(&r, &g, &a, buf, sizeof buf);
    CHECK(!strcmp(buf, "slide(7,5,l)"));
    CHECK(action_read(&r, &g, "paint(1,1,-12)", &a, why, sizeof why) > 0 && a.has_value && a.value == -12);
    action_write(&r, &g, &a, buf, sizeof buf);
    CHECK(!strcmp(buf, "paint(1,1,-12)"));
    CHECK(action_read(&r, &g, "rotate()", &a, why, sizeof why) == 8 && a.cell == -1 && a.dir == -1);
    action_write(&r, &g, &a, buf, sizeof buf);
    CHECK(!strcmp(buf, "rotate()"));
    CHECK(action_read(&r, &g, "slide(u)", &a, why, sizeof why) == 8 && a.dir == DIR_UP && a.cell == -1);
    /* Mistakes, each with its reason. */
    CHECK(action_read(&r, &g, "pull(1,1)", &a, why, sizeof why) < 0);
    CHECK_STR_HAS(why, "not an action of this game");
    CHECK(action_read(&r, &g, "press(8,1)", &a, why, sizeof why) < 0);
    CHECK_STR_HAS(why, "off the board");
    CHECK(action_read(&r, &g, "press(1,1", &a, why, sizeof why) < 0);
    CHECK_STR_HAS(why, "closing ')'");
    CHECK(action_read(&r, &g, "press", &a, why, sizeof why) < 0);
    CHECK_STR_HAS(why, "parentheses");
    CHECK(action_read(&r, &g, "slide(1,1,x)", &a, why, sizeof why) < 0);
    CHECK_STR_HAS(why, "not a direction");
    CHECK(action_read(&r, &g, "press(1,,1)", &a, why, sizeof why) < 0);
    CHECK(action_read(&r, &g, "paint(1,1,3,4,5)", &a, why, sizeof why) < 0);
    CHECK(action_read(&r, &g, "PRESS(1,1)", &a, why, sizeof why) < 0);
    CHECK(action_read(&r, &g, "", &a, NULL, 0) < 0);
    /* A click-only action always has its cell: press(4) is not a press at no cell with the
     * number 4. An action with keys or directions may come without one. */
    CHECK(action_needs_cell(&r, 1) && !action_needs_cell(&r, 2) && !action_needs_cell(&r, 3));
    CHECK(action_read(&r, &g, "press(4)", &a, why, sizeof why) < 0);
    CHECK_STR_HAS(why, "needs the cell it applies to");
    CHECK(action_read(&r, &g, "press()", &a, why, sizeof why) < 0);
    r.action[1].nkeys = 1;
    strcpy(r.action[1].keys[0], "e");
    CHECK(!action_needs_cell(&r, 1));
    CHECK(action_read(&r, &g, "press()", &a, why, sizeof why) == 7 && a.cell == -1);
    r.action[1].nkeys = 0;
    /* A direction only for an action declared with dirs: the arrows make no other, so
     * press(2,2,u) in a solution is refused, not handed to press as a step no player can make
     * (a number still goes to any action). */
    CHECK(!action_takes_dir(&r, 1) && action_takes_dir(&r, 3));
    CHECK(action_read(&r, &g, "press(2,2,u)", &a, why, sizeof why) < 0);
    CHECK_STR_HAS(why, "action 'press' takes no direction (it is declared without dirs = true)");
    CHECK(action_read(&r, &g, "rotate(left)", &a, why, sizeof why) < 0);
    CHECK_STR_HAS(why, "takes no direction");
    CHECK(action_read(&r, &g, "press(2,2,7)", &a, why, sizeof why) > 0 && a.has_value && a.dir == -1);
    CHECK(actions_from_text(&r, &g, "slide(2,2,u) press(2,2,u)") == NULL);
    /* Lists: written together, canonical; spaced for people; counted. */
    char *list = actions_from_text(&r, &g, " press(1, 1)\n slide(2,2,down)rotate( ) ");
    CHECK(list && !strcmp(list, "press(1,1)slide(2,2,d)rotate()"));
    char *spaced = list ? actions_spaced(list) : NULL;
    CHECK(spaced && !strcmp(spaced, "press(1,1) slide(2,2,d) rotate()"));
    CHECK(list && actions_count(list) == 3);
    free(list);
    free(spaced);
    CHECK(actions_from_text(&r, &g, "press(1,1) urdl") == NULL);
    CHECK(actions_from_text(&r, &g, "   ") == NULL);
    /* Hex grids write their own letters. */
    grid hex;
    CHECK(grid_init(&hex, TOPO_HEX, 5, 5) == 0);
    CHECK(action_read(&r, &hex, "slide(2,2,northeast)", &a, why, sizeof why) > 0 && a.dir == HEX_NORTHEAST);
    action_write(&r, &hex, &a, buf, sizeof buf);
    CHECK(!strcmp(buf, "slide(2,2,e)"));
    grid_free(&hex);
    grid_free(&g);
}

static void test_values(void)
{
    var_value a, b;
    var_value_num(&a, 3.0);
    CHECK(a.type == VAR_INT && a.i == 3);               /* whole numbers are integers */
    var_value_int(&b, 3);
    CHECK(var_value_equal(&a, &b) && var_value_hash(&a) == var_value_hash(&b));
    var_value_num(&a, 0.25);
    CHECK(a.type == VAR_NUM && !var_value_equal(&a, &b));
    var_value_bool(&a, true);
    var_value_int(&b, 1);
    CHECK(!var_value_equal(&a, &b) && var_value_hash(&a) != var_value_hash(&b)); /* true is not 1 */
    CHECK(var_value_text(&a, "walk", 4) == 0 && a.type == VAR_TEXT && !strcmp(a.text, "walk"));
    char long_text[VAR_TEXT_MAX + 1];
    memset(long_text, 'x', sizeof long_text);
    CHECK(var_value_text(&a, long_text, sizeof long_text) != 0);
    CHECK(var_value_text(&a, "a\0b", 3) != 0);
    char buf[80];
    var_value_num(&a, -1.5);
    CHECK(!strcmp(var_value_format(&a, buf, sizeof buf), "-1.5"));
    /* The pool names each value once; a copy keeps the ids. */
    var_pool p, q;
    CHECK(var_pool_init(&p) == 0);
    int ids[300];
    for (int i = 0; i < 300; i++) {
        var_value_int(&a, i % 150);
        ids[i] = var_pool_intern(&p, &a);
    }
    CHECK(ids[0] == ids[150] && ids[149] == ids[299] && ids[0] != ids[1] && p.n == 151);
    CHECK(var_pool_copy(&q, &p) == 0);
    var_value_int(&a, 77);
    CHECK(var_pool_intern(&q, &a) == ids[77]);
    var_pool_free(&p);
    var_pool_free(&q);
}

/* A Sokoban ruleset with three variables. */
static void var_rules(ruleset *r)
{
    rules_sokoban(r);
    r->nvars = 3;
    strcpy(r->vars[0].name, "keys");
    var_value_int(&r->vars[0].init, 0);
    strcpy(r->vars[1].name, "mode");
    var_value_text(&r->vars[1].init, "walk", 4);
    strcpy(r->vars[2].name, "lit");
    var_value_bool(&r->vars[2].init, false);
}

static void test_state_vars(void)
{
    ruleset r;
    var_rules(&r);
    levelset set;
    error err;
    const char *text = "#######\n#@ $ .#\n#######\n";
    CHECK(levelset_parse(&set, "v.xsb", text, strlen(text), FORMAT_XSB, &r, &err) == 0);
    state s;
    CHECK(state_init(&s, &set.levels[0], &r) == 0);
    CHECK(rules_find_var(&r, "mode") == 1 && rules_find_var(&r, "nope") == -1);
    CHECK(state_var(&s, 0)->type == VAR_INT && state_var(&s, 0)->i == 0);
    CHECK(!strcmp(state_var(&s, 1)->text, "walk"));
    uint64_t start = s.hash;
    CHECK(s.hash == state_hash_full(&s));
    /* A move and a variable change in one record: undo takes both back. */
    var_value v;
    history_begin(&s, DIR_RIGHT);
    CHECK(engine_move(&s, DIR_RIGHT) == MOVE_WALK);
    var_value_int(&v, 2);
    CHECK(state_set_var(&s, 0, &v) == 0);
    history_end(&s);
    CHECK(s.hash == state_hash_full(&s) && s.hash != start);
    uint64_t moved = s.hash;
    CHECK_EQ_INT(s.hist.nrec, 1);
    CHECK(history_undo(&s) && state_var(&s, 0)->i == 0 && s.hash == start);
    CHECK(history_redo(&s) && state_var(&s, 0)->i == 2 && s.hash == moved);
    /* Only the variable differs: the hash does too; back to the same value, the same hash. */
    var_value_text(&v, "swim", 4);
    CHECK(state_set_var(&s, 1, &v) == 0);             /* outside a record: one of its own */
    CHECK_EQ_INT(s.hist.nrec, 2);
    CHECK(s.hash != moved && s.hash == state_hash_full(&s));
    var_value_text(&v, "walk", 4);
    state_set_var(&s, 1, &v);
    CHECK(s.hash == moved);
    /* A copy has the values; restart puts the starting ones back, undoably. */
    state c;
    CHECK(state_copy(&c, &s) == 0);
    CHECK(c.hash == s.hash && state_var(&c, 0)->i == 2 && c.hash == state_hash_full(&c));
    state_free(&c);
    CHECK(state_restart(&s) && state_var(&s, 0)->i == 0 && s.hash == start);
    CHECK(history_undo(&s) && state_var(&s, 0)->i == 2 && s.hash == moved);
    /* The same values set in another order hash alike. */
    state a, b;
    CHECK(state_init(&a, &set.levels[0], &r) == 0 && state_init(&b, &set.levels[0], &r) == 0);
    var_value k, m;
    var_value_int(&k, 5);
    var_value_bool(&m, true);
    state_set_var(&a, 0, &k);
    state_set_var(&a, 2, &m);
    state_set_var(&b, 2, &m);
    state_set_var(&b, 0, &k);
    CHECK(a.hash == b.hash);
    state_free(&a);
    state_free(&b);
    state_free(&s);
    levelset_free(&set);
}

static void test_rollback(void)
{
    ruleset r;
    var_rules(&r);
    levelset set;
    error err;
    const char *text = "#######\n#@ $ .#\n#######\n";
    CHECK(levelset_parse(&set, "v.xsb", text, strlen(text), FORMAT_XSB, &r, &err) == 0);
    state s;
    CHECK(state_init(&s, &set.levels[0], &r) == 0);
    uint64_t start = s.hash;
    /* Everything after the mark goes: cells, variables, counters, the player, the facing. */
    history_begin(&s, DIR_RIGHT);
    history_mark m = history_mark_here(&s);
    CHECK(engine_move(&s, DIR_RIGHT) == MOVE_WALK);
    CHECK(engine_move(&s, DIR_RIGHT) == MOVE_PUSH);
    var_value v;
    var_value_int(&v, 9);
    state_set_var(&s, 0, &v);
    CHECK(s.moves == 2 && s.pushes == 1);
    history_rollback(&s, &m);
    CHECK(s.hash == start && s.moves == 0 && s.pushes == 0 && state_var(&s, 0)->i == 0);
    CHECK(s.player[0] == 8);
    CHECK(!history_end(&s));                          /* nothing left to record */
    CHECK_EQ_INT(s.hist.nrec, 0);
    /* A mark in the middle keeps what came before it. */
    history_begin(&s, DIR_RIGHT);
    CHECK(engine_move(&s, DIR_RIGHT) == MOVE_WALK);
    m = history_mark_here(&s);
    CHECK(engine_move(&s, DIR_RIGHT) == MOVE_PUSH);
    history_rollback(&s, &m);
    CHECK(history_end(&s) && s.moves == 1 && s.pushes == 0 && s.hash == state_hash_full(&s));
    CHECK(history_undo(&s) && s.hash == start);
    state_free(&s);
    levelset_free(&set);
}

static void test_move_info(void)
{
    ruleset r;
    rules_sokoban(&r);
    int ice = rules_add_tile(&r, "ice", LAYER_FLOOR, TILE_SLIPPERY, 0, NULL);
    int hole = rules_add_tile(&r, "hole", LAYER_FLOOR, TILE_HOLE, 0, NULL);
    rules_set_glyph(&r, '~', ice, 0);
    rules_set_glyph(&r, '^', hole, 0);
    levelset set;
    error err;
    /* cells: row 1 is 9..: a walk, then a push onto ice */
    const char *text = "#########\n#@ $~~ .#\n#########\n";
    CHECK(levelset_parse(&set, "m.xsb", text, strlen(text), FORMAT_XSB, &r, &err) == 0);
    state s;
    CHECK(state_init(&s, &set.levels[0], &r) == 0);
    move_info info;
    CHECK(engine_move_info(&s, DIR_RIGHT, &info) == MOVE_WALK);
    CHECK(info.from == 10 && info.to == 11 && info.box_from == -1 && info.box_to == -1 && info.player == 0);
    /* The box slides over the ice to the floor after it. */
    CHECK(engine_move_info(&s, DIR_RIGHT, &info) == MOVE_PUSH);
    CHECK(info.from == 11 && info.to == 12 && info.box_from == 12 && info.box_to == 15);
    CHECK(engine_move_info(&s, DIR_UP, &info) == MOVE_BLOCKED && info.from == -1);
    state_free(&s);
    levelset_free(&set);
    /* Into a hole: the box ends on the hole's cell, which becomes floor. */
    const char *holes = "######\n#@$^.#\n######\n";
    CHECK(levelset_parse(&set, "h.xsb", holes, strlen(holes), FORMAT_XSB, &r, &err) == 0);
    CHECK(state_init(&s, &set.levels[0], &r) == 0);
    CHECK(engine_move_info(&s, DIR_RIGHT, &info) == MOVE_PUSH && info.box_from == 8 && info.box_to == 9);
    CHECK(s.floor[9] == r.floor_id && !s.obj[9]);
    state_free(&s);
    levelset_free(&set);
    /* Sliding boards: the blank's cells, the tile's. */
    rules_sliding(&r);
    const char *board = "2x2: 1 2 3 0\n";
    CHECK(levelset_parse(&set, "b.txt", board, strlen(board), FORMAT_BOARDS, &r, &err) == 0);
    CHECK(state_init(&s, &set.levels[0], &r) == 0);
    CHECK(engine_move_info(&s, DIR_UP, &info) == MOVE_WALK);
    CHECK(info.from == 3 && info.to == 1 && info.box_from == 1 && info.box_to == 3 && info.player == -1);
    state_free(&s);
    levelset_free(&set);
    /* Games with their own actions have no engine moves. */
    action_rules(&r);
    CHECK(levelset_parse(&set, "a.xsb", text, strlen(text), FORMAT_XSB, &r, &err) != 0 ||
          (state_init(&s, &set.levels[0], &r) == 0 && engine_move(&s, DIR_RIGHT) == MOVE_BLOCKED &&
           (state_free(&s), levelset_free(&set), 1)));
}

/* lurd_play gives actions to its callback, and only on action rules. */
typedef struct trace {
    char seen[256];
} trace;

static int trace_act(void *ctx, const action *a)
{
    trace *t = ctx;
    size_t n = strlen(t->seen);
    snprintf(t->seen + n, sizeof t->seen - n, "[%d %d %d]", a->id, a->cell, a->dir);
    return a->id == 2 ? -1 : 0;                       /* "rotate" is refused */
}
static int trace_move(void *ctx, int dir) { (void)ctx; (void)dir; return 0; }
static int trace_select(void *ctx, int slot) { (void)ctx; (void)slot; return 0; }

static void test_play_actions(void)
{
    ruleset r;
    action_rules(&r);
    levelset set;
    error err;
    const char *text = "#####\n#   #\n#####\n";
    CHECK(levelset_parse(&set, "p.xsb", text, strlen(text), FORMAT_XSB, &r, &err) == 0);
    state s;
    CHECK(state_init(&s, &set.levels[0], &r) == 0);
    trace t = { "" };
    const lurd_actions act = { trace_select, trace_move, &t, trace_act };
    int bad;
    lurd_play(&s, " press(2,2) slide(3,2,r)\nrotate() press(1,1)", &act, &bad);
    CHECK(!strcmp(t.seen, "[1 6 -1][3 7 1][2 -1 -1]"));
    CHECK_EQ_INT(bad, 25);                            /* where "rotate()" starts */
    t.seen[0] = '\0';
    lurd_play(&s, "press(2,2) urdl", &act, &bad);     /* letters are no steps of these rules */
    CHECK_EQ_INT(bad, 11);
    CHECK_EQ_INT(lurd_step_end(&s, "press(2,2) slide(u)", 10), 19);
    CHECK_EQ_INT(lurd_step_end(&s, "press(2,2)", 10), 10);
    state_free(&s);
    levelset_free(&set);
}

static void test_solution_files(void)
{
    const char *text = "1: press(1,2) press(3, 4)\n2: slide(2,2,r)slide(2,9,u)\n3: rR2lL\n";
    solution_list l;
    error err;
    CHECK(solutions_parse(&l, "a.sol", text, strlen(text), &err) == 0);
    CHECK(solutions_find(&l, 1) && !strcmp(solutions_find(&l, 1)->moves, "press(1,2)press(3,4)"));
    CHECK(solutions_find(&l, 2) && !strcmp(solutions_find(&l, 2)->moves, "slide(2,2,r)slide(2,9,u)"));
    CHECK(solutions_find(&l, 3) && !strcmp(solutions_find(&l, 3)->moves, "rR2lL"));
    solutions_free(&l);
    const char *bad = "1: press(1,2))\n";
    CHECK(solutions_parse(&l, "a.sol", bad, strlen(bad), &err) != 0 && err.col == 14);
    const char *bad2 = "1: rr,U\n";
    CHECK(solutions_parse(&l, "a.sol", bad2, strlen(bad2), &err) != 0 && err.col == 6);
}

/* At most nine players: the tenth is reported where it is. */
static void test_player_limit(void)
{
    ruleset r;
    rules_sokoban(&r);
    levelset set;
    error err;
    const char *nine = "#########\n#@@@@@@@#\n#@@ $ .##\n#########\n";
    CHECK(levelset_parse(&set, "9.xsb", nine, strlen(nine), FORMAT_XSB, &r, &err) == 0);
    levelset_free(&set);
    const char *eleven = "; Crowd\n#########\n#@@@@@@@#\n#@@@@ $.#\n#########\n";
    CHECK(levelset_parse(&set, "11.xsb", eleven, strlen(eleven), FORMAT_XSB, &r, &err) != 0);
    CHECK_EQ_INT(err.line, 4);
    CHECK_EQ_INT(err.col, 4);                         /* the tenth player: row 3, column 4 */
    CHECK_STR_HAS(err.msg, "11 players; at most 9");
    /* Games with actions name a piece by its cell: 64 pieces, the 65th reported where it is. */
    ruleset a;
    action_rules(&a);
    char text[1024];
    size_t n = 0;
    n += (size_t)snprintf(text + n, sizeof text - n, "; Many\n");
    for (int y = 0; y < 9; y++) {
        for (int x = 0; x < 8; x++) text[n++] = y * 8 + x < 64 ? '@' : ' ';
        text[n++] = '\n';
    }
    text[n] = '\0';
    CHECK(levelset_parse(&set, "64.txt", text, n, FORMAT_XSB, &a, &err) == 0);
    CHECK_EQ_INT(set.count, 1);
    if (set.count == 1) {
        state s;
        CHECK(state_init(&s, &set.levels[0], &a) == 0 && s.nplayers == 64);
        state_free(&s);
    }
    levelset_free(&set);
    text[n - 9] = '@';                                /* row 9, column 1: the 65th */
    CHECK(levelset_parse(&set, "65.txt", text, n, FORMAT_XSB, &a, &err) != 0);
    CHECK_EQ_INT(err.line, 10);
    CHECK_EQ_INT(err.col, 1);
    CHECK_STR_HAS(err.msg, "65 pieces that can be selected; at most 64");
}

int main(void)
{
    test_action_text();
    test_values();
    test_state_vars();
    test_rollback();
    test_move_info();
    test_play_actions();
    test_solution_files();
    test_player_limit();
    return check_summary("test_actions");
}
