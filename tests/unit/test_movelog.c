/* test_movelog.c: LURD letters kept in step with the history (undo, redo, a new branch,
 * walks committed once, restarts), LURD read step by step and replayed through callbacks,
 * LURD read from pasted text, and XSB written back (the rows alone, and the whole level with
 * its key lines as exports write it). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/engine.h"
#include "core/level.h"
#include "core/lurd.h"
#include "core/movelog.h"

static ruleset sokoban;

/* What the session does for one move: the letter, then the commit after the outermost end. */
static void move(state *s, movelog *ml, int dir)
{
    int32_t before = s->hist.pos;
    history_begin(s, dir);
    move_result r = engine_move(s, dir);
    if (r != MOVE_BLOCKED) {
        char c = grid_dir_letter(s->g->topo, dir);
        movelog_note(ml, r == MOVE_PUSH ? (char)(c - 'a' + 'A') : c);
    }
    history_end(s);
    movelog_commit(ml, s, before);
}

static int lurd_is(const movelog *ml, const state *s, const char *want)
{
    char *got = movelog_lurd(ml, s);
    int same = got && strcmp(got, want) == 0;
    if (!same) fprintf(stderr, "lurd '%s', expected '%s'\n", got ? got : "(null)", want);
    free(got);
    return same;
}

static void test_history_in_step(void)
{
    const char *text = "#######\n#@ $ .#\n#     #\n#######\n";
    levelset set;
    state s;
    movelog ml;
    error err;
    CHECK(levelset_parse(&set, "t.xsb", text, strlen(text), FORMAT_XSB, &sokoban, &err) == 0);
    CHECK(state_init(&s, &set.levels[0], &sokoban) == 0);
    movelog_init(&ml);
    CHECK(lurd_is(&ml, &s, ""));
    move(&s, &ml, DIR_RIGHT);
    move(&s, &ml, DIR_RIGHT); /* pushes */
    CHECK(lurd_is(&ml, &s, "rR"));
    move(&s, &ml, DIR_UP); /* blocked: no letter */
    CHECK(lurd_is(&ml, &s, "rR"));
    CHECK(history_undo(&s));
    CHECK(lurd_is(&ml, &s, "r"));
    CHECK(history_redo(&s));
    CHECK(lurd_is(&ml, &s, "rR"));
    CHECK(history_undo(&s));
    move(&s, &ml, DIR_DOWN); /* a new branch replaces the redo */
    CHECK(lurd_is(&ml, &s, "rd"));
    CHECK(!history_redo(&s));
    /* A walk of several moves is one record, committed once by the outer action. */
    int32_t before = s.hist.pos;
    history_begin(&s, DIR_RIGHT);
    move(&s, &ml, DIR_RIGHT);
    move(&s, &ml, DIR_RIGHT);
    history_end(&s);
    movelog_commit(&ml, &s, before);
    CHECK(lurd_is(&ml, &s, "rdrr"));
    CHECK(history_undo(&s));
    CHECK(lurd_is(&ml, &s, "rd"));
    CHECK(history_redo(&s));
    /* After a restart the moves start over; undoing the restart brings them back. */
    before = s.hist.pos;
    CHECK(state_restart(&s));
    movelog_commit(&ml, &s, before);
    CHECK(lurd_is(&ml, &s, ""));
    move(&s, &ml, DIR_DOWN);
    CHECK(lurd_is(&ml, &s, "d"));
    CHECK(history_undo(&s) && history_undo(&s));
    CHECK(lurd_is(&ml, &s, "rdrr"));
    movelog_free(&ml);
    state_free(&s);
    levelset_free(&set);
}

static int is_step(lurd_step st, lurd_kind kind, int dir, bool push, int slot)
{
    return st.kind == kind && st.dir == dir && st.push == push && st.slot == slot;
}

static void test_lurd_read(void)
{
    CHECK(is_step(lurd_read(TOPO_SQUARE, 'u'), LURD_MOVE, DIR_UP, false, -1));
    CHECK(is_step(lurd_read(TOPO_SQUARE, 'R'), LURD_MOVE, DIR_RIGHT, true, -1));
    CHECK(is_step(lurd_read(TOPO_SQUARE, 'd'), LURD_MOVE, DIR_DOWN, false, -1));
    CHECK(is_step(lurd_read(TOPO_SQUARE, 'L'), LURD_MOVE, DIR_LEFT, true, -1));
    CHECK(is_step(lurd_read(TOPO_SQUARE, 'q'), LURD_BAD, -1, false, -1));   /* a hex letter */
    CHECK(is_step(lurd_read(TOPO_HEX, 'q'), LURD_MOVE, HEX_NORTHWEST, false, -1));
    CHECK(is_step(lurd_read(TOPO_HEX, 'D'), LURD_MOVE, HEX_EAST, true, -1));
    CHECK(is_step(lurd_read(TOPO_HEX, 'z'), LURD_MOVE, HEX_SOUTHWEST, false, -1));
    CHECK(is_step(lurd_read(TOPO_HEX, 'u'), LURD_BAD, -1, false, -1));      /* a square letter */
    CHECK(is_step(lurd_read(TOPO_SQUARE, '1'), LURD_PLAYER, -1, false, 0));
    CHECK(is_step(lurd_read(TOPO_HEX, '9'), LURD_PLAYER, -1, false, 8));
    CHECK(is_step(lurd_read(TOPO_SQUARE, '0'), LURD_BAD, -1, false, -1));   /* players count from 1 */
    CHECK(is_step(lurd_read(TOPO_SQUARE, ' '), LURD_BAD, -1, false, -1));
    CHECK(is_step(lurd_read(TOPO_SQUARE, '!'), LURD_BAD, -1, false, -1));
    CHECK(is_step(lurd_read(TOPO_SQUARE, '\0'), LURD_END, -1, false, -1));

    /* The first move (hints): a leading digit names its player. */
    int slot = 7;
    CHECK(is_step(lurd_first_move(TOPO_SQUARE, "rUl", &slot), LURD_MOVE, DIR_RIGHT, false, -1) && slot == -1);
    CHECK(is_step(lurd_first_move(TOPO_SQUARE, "2Lr", &slot), LURD_MOVE, DIR_LEFT, true, -1) && slot == 1);
    CHECK(is_step(lurd_first_move(TOPO_HEX, "3e", &slot), LURD_MOVE, HEX_NORTHEAST, false, -1) && slot == 2);
    CHECK(lurd_first_move(TOPO_SQUARE, "2", &slot).kind == LURD_END && slot == 1);
    CHECK(lurd_first_move(TOPO_SQUARE, "", &slot).kind == LURD_END && slot == -1);
    CHECK(lurd_first_move(TOPO_SQUARE, "x", &slot).kind == LURD_BAD);
}

/* What lurd_play asked for, as LURD again (digits for selects, upper case for moves that
 * pushed, '#' for one that was blocked), carried out with engine calls whose refusals it
 * passes on. */
typedef struct trace {
    state *s;
    char text[32];
    int n;
} trace;

static int trace_select(void *ctx, int slot)
{
    trace *t = ctx;
    t->text[t->n++] = (char)('1' + slot);
    return engine_select_player(t->s, slot);
}

static int trace_move(void *ctx, int dir)
{
    trace *t = ctx;
    move_result r = engine_move(t->s, dir);
    char c = grid_dir_letter(t->s->g->topo, dir);
    t->text[t->n++] = r == MOVE_BLOCKED ? '#' : r == MOVE_PUSH ? (char)(c - 'a' + 'A') : c;
    return r == MOVE_BLOCKED ? -1 : 0;
}

/* Plays lurd on a fresh start of s; checks the result, *bad and the trace of calls. */
static int plays_as(state *s, const char *lurd, int want, int want_bad, const char *want_calls)
{
    trace t = { s, { 0 }, 0 };
    const lurd_actions act = { trace_select, trace_move, &t, NULL };
    state_reset(s);
    int bad = -7;
    int got = lurd_play(s, lurd, &act, &bad);
    t.text[t.n] = '\0';
    int same = got == want && bad == want_bad && strcmp(t.text, want_calls) == 0;
    if (!same)
        fprintf(stderr, "'%s': played %d, bad %d, calls '%s'; expected %d, %d, '%s'\n", lurd, got, bad,
                t.text, want, want_bad, want_calls);
    return same;
}

static void test_lurd_play(void)
{
    const char *text = "#########\n#@$.#.$@#\n#########\n";
    levelset set;
    state s;
    error err;
    CHECK(levelset_parse(&set, "two.xsb", text, strlen(text), FORMAT_XSB, &sokoban, &err) == 0);
    CHECK(state_init(&s, &set.levels[0], &sokoban) == 0);
    CHECK(plays_as(&s, "", 0, -1, ""));
    CHECK(plays_as(&s, "R2L", 3, -1, "R2L"));
    CHECK(state_solved(&s));
    CHECK(plays_as(&s, "2L1R", 4, -1, "2L1R"));
    CHECK(plays_as(&s, "R3L", 1, 1, "R3"));           /* no third player: the select refuses */
    CHECK(plays_as(&s, "R0L", 1, 1, "R"));            /* not a player digit */
    CHECK(plays_as(&s, "Rx", 1, 1, "R"));
    CHECK(plays_as(&s, "r", 0, 0, ""));               /* pushes, so upper case: never tried */
    CHECK(plays_as(&s, "2l", 1, 1, "2"));
    CHECK(plays_as(&s, "RR", 1, 1, "R#"));            /* tried, blocked by the wall */
    state_free(&s);
    levelset_free(&set);

    /* Sliding: no players, so a digit is refused before anything is asked; case is free. */
    ruleset sliding;
    rules_sliding(&sliding);
    text = "3x2: 1 2 3 4 0 5\n";
    CHECK(levelset_parse(&set, "b.txt", text, strlen(text), FORMAT_AUTO, &sliding, &err) == 0);
    CHECK(state_init(&s, &set.levels[0], &sliding) == 0);
    CHECK(plays_as(&s, "1r", 0, 0, ""));
    CHECK(plays_as(&s, "rL", 2, -1, "rl"));
    CHECK(plays_as(&s, "ur", 2, -1, "ur"));
    CHECK(plays_as(&s, "d", 0, 0, "#"));              /* tried, the blank is at the edge */
    state_free(&s);
    levelset_free(&set);
}

static void test_lurd_from_text(void)
{
    char *t = lurd_from_text("  rRd\n uL \r\n", TOPO_SQUARE, 0);
    CHECK(t && strcmp(t, "rRduL") == 0);
    free(t);
    CHECK(lurd_from_text("r2u", TOPO_SQUARE, 0) == NULL); /* digits only with several players */
    t = lurd_from_text("r2u", TOPO_SQUARE, 1);
    CHECK(t && strcmp(t, "r2u") == 0);
    free(t);
    CHECK(lurd_from_text("#####\n#@$.#\n#####\n", TOPO_SQUARE, 1) == NULL);
    CHECK(lurd_from_text("   \n", TOPO_SQUARE, 0) == NULL);
    CHECK(lurd_from_text("123", TOPO_SQUARE, 1) == NULL); /* no move at all */
    t = lurd_from_text("qeZc", TOPO_HEX, 0); /* hex letters */
    CHECK(t && strcmp(t, "qeZc") == 0);
    free(t);
    CHECK(lurd_from_text("qe", TOPO_SQUARE, 0) == NULL);
}

static void test_xsb_round_trip(void)
{
    const char *text = "  ####\n###  #\n#  $ #\n# #  #\n#.  @#\n######\n";
    levelset a, b;
    error err;
    CHECK(levelset_parse(&a, "a.xsb", text, strlen(text), FORMAT_XSB, &sokoban, &err) == 0);
    char *out = level_to_xsb(&a.levels[0], &sokoban);
    CHECK(out && strcmp(out, text) == 0);
    CHECK(levelset_parse(&b, "b.xsb", out, strlen(out), FORMAT_XSB, &sokoban, &err) == 0);
    CHECK(b.count == 1 && memcmp(a.levels[0].obj, b.levels[0].obj, (size_t)a.levels[0].g.ncells) == 0);
    free(out);
    levelset_free(&a);
    levelset_free(&b);

    /* A row of outside cells inside a level is written as one floor glyph ('-'), not as a
     * blank line that ended the level there and lost the rows under it. */
    const char *gap = "#####\n#@$.#\n-----\n#####\n";
    CHECK(levelset_parse(&a, "a.xsb", gap, strlen(gap), FORMAT_XSB, &sokoban, &err) == 0);
    out = level_to_xsb(&a.levels[0], &sokoban);
    CHECK(out && strcmp(out, "#####\n#@$.#\n-\n#####\n") == 0);
    CHECK(out && levelset_parse(&b, "b.xsb", out, strlen(out), FORMAT_XSB, &sokoban, &err) == 0);
    CHECK(out && b.count == 1 && b.levels[0].g.w == a.levels[0].g.w && b.levels[0].g.h == a.levels[0].g.h &&
          memcmp(a.levels[0].floor, b.levels[0].floor, (size_t)a.levels[0].g.ncells) == 0);
    free(out);
    levelset_free(&a);
    levelset_free(&b);

    /* A player on an arrow, a pair with no glyph of its own: written as the player (the
     * arrow is lost), not as a blank that loses both and leaves a level with no player. */
    ruleset arrows;
    rules_sokoban(&arrows);
    int arrow = rules_add_tile(&arrows, "arrow", LAYER_FLOOR, 0, 0, NULL);
    rules_set_glyph(&arrows, '>', arrow, 0);
    const char *two = "######\n#@>$.#\n######\n";
    CHECK(levelset_parse(&a, "a.xsb", two, strlen(two), FORMAT_XSB, &arrows, &err) == 0);
    level *lv = &a.levels[0];
    int from = 1 * lv->g.w + 1, to = from + 1;
    lv->obj[to] = lv->obj[from];
    lv->obj[from] = 0;
    out = level_to_xsb(lv, &arrows);
    CHECK(out && strcmp(out, "######\n# @$.#\n######\n") == 0);
    CHECK(out && levelset_parse(&b, "b.xsb", out, strlen(out), FORMAT_XSB, &arrows, &err) == 0);
    free(out);
    levelset_free(&a);
    levelset_free(&b);

    /* A game with no void tile (as a script with no { "void", void = true } gets): its first
     * solid floor, the wall, stands in for void outside the level, and the walls are still
     * written as walls (they were all written as spaces, and read back as floor). */
    ruleset bare;
    rules_init(&bare);
    bare.kind = RULES_PUSH;
    int wall = rules_add_tile(&bare, "wall", LAYER_FLOOR, TILE_SOLID, 0, NULL);
    int floor = rules_add_tile(&bare, "floor", LAYER_FLOOR, 0, 0, NULL);
    int goal = rules_add_tile(&bare, "goal", LAYER_FLOOR, TILE_GOAL, 0, NULL);
    int box = rules_add_tile(&bare, "box", LAYER_OBJECT, TILE_PUSHABLE, 0, NULL);
    int player = rules_add_tile(&bare, "player", LAYER_OBJECT, TILE_PLAYER, 0, NULL);
    rules_set_glyph(&bare, '#', wall, 0);
    rules_set_glyph(&bare, ' ', floor, 0);
    rules_set_glyph(&bare, '.', goal, 0);
    rules_set_glyph(&bare, '$', floor, box);
    rules_set_glyph(&bare, '@', floor, player);
    bare.floor_id = (uint8_t)floor;
    bare.void_id = (uint8_t)wall;
    const char *walled = "#####\n#@$.#\n#####\n";
    CHECK(levelset_parse(&a, "a.xsb", walled, strlen(walled), FORMAT_XSB, &bare, &err) == 0);
    out = level_to_xsb(&a.levels[0], &bare);
    CHECK(out && strcmp(out, walled) == 0);
    free(out);
    levelset_free(&a);
}

/* Parses text (one level) with r, writes it as a level file does and parses that again: the
 * keys, title, rules and cells read back the same. */
static void check_file_round_trip(const char *text, const ruleset *r, const char *want)
{
    levelset a, b;
    error err;
    if (levelset_parse(&a, "a.xsb", text, strlen(text), FORMAT_XSB, r, &err) != 0) {
        CHECK(!"the level reads");
        fprintf(stderr, "%d:%d: %s\n", err.line, err.col, err.msg);
        return;
    }
    char *out = level_to_file_text(&a.levels[0], r);
    CHECK(out && strcmp(out, want) == 0);
    if (!out || strcmp(out, want) != 0) fprintf(stderr, "wrote:\n%s", out ? out : "(null)\n");
    CHECK(out && levelset_parse(&b, "b.xsb", out, strlen(out), FORMAT_XSB, r, &err) == 0);
    const level *x = &a.levels[0], *y = &b.levels[0];
    /* A title that had no key (a comment) comes back as a Title: line before the others. */
    int extra = level_meta_get(x, "title") ? 0 : 1;
    CHECK_EQ_INT(y->nmeta, x->nmeta + extra);
    CHECK(!extra || !strcmp(y->meta[0].key, "Title"));
    for (int i = 0; i < x->nmeta && i + extra < y->nmeta; i++)
        CHECK(!strcmp(x->meta[i].key, y->meta[i + extra].key) && !strcmp(x->meta[i].value, y->meta[i + extra].value));
    CHECK(x->title && y->title && !strcmp(x->title, y->title));
    const ruleset *rx = level_rules(x, r), *ry = level_rules(y, r);
    CHECK(rx->max_chain == ry->max_chain && rx->pull == ry->pull);
    CHECK(x->g.w == y->g.w && x->g.h == y->g.h && x->g.topo == y->g.topo);
    CHECK(!memcmp(x->floor, y->floor, (size_t)x->g.ncells) && !memcmp(x->obj, y->obj, (size_t)x->g.ncells));
    free(out);
    levelset_free(&a);
    levelset_free(&b);
}

static void test_level_file_round_trip(void)
{
    /* Keys before and under the rows, a Legend (before the rows, as it must be), a title from
     * a comment, a value with a colon and spaces round it: each where it stood, in order. */
    check_file_round_trip("; Two in a row\nLegend: X = box goal\nChain: 2\nAuthor: me: myself  \n"
                          "########\n#@$$..X#\n########\nNote:   under it\nPull: no\nEmpty:\n",
                          &sokoban,
                          "Title: Two in a row\nLegend: X = box goal\nChain: 2\nAuthor: me: myself\n"
                          "########\n#@$$..*#\n########\nNote: under it\nPull: no\nEmpty:\n");
    /* A Title: line stays where it was, and is not written twice. */
    check_file_round_trip("; not the title\nChain: 3\n#####\n#@$.#\n#####\nTitle: Under\n", &sokoban,
                          "Chain: 3\n#####\n#@$.#\n#####\nTitle: Under\n");
    /* Hex: the keys, then the rows in the Hexoban layout. */
    ruleset hex;
    rules_sokoban(&hex);
    hex.topo = TOPO_HEX;
    check_file_round_trip("Title: Hex\nChain: 2\nHint: go east\n# # # # # #\n #   @ *   #\n# # # # # #\n", &hex,
                          "Title: Hex\nChain: 2\nHint: go east\n# # # # # #\n #   @ *   #\n# # # # # #\n");
    /* A board: its title is the comment after it, as the boards format reads it. */
    ruleset sliding;
    rules_sliding(&sliding);
    levelset a;
    error err;
    const char *board = "2x2: 1 2 3 0   # Tiny  \n";
    CHECK(levelset_parse(&a, "b.txt", board, strlen(board), FORMAT_BOARDS, &sliding, &err) == 0);
    char *out = level_to_file_text(&a.levels[0], &sliding);
    CHECK(out && !strcmp(out, "2x2: 1 2 3 0 # Tiny\n"));
    free(out);
    levelset_free(&a);
}

int main(void)
{
    rules_sokoban(&sokoban);
    test_history_in_step();
    test_lurd_read();
    test_lurd_play();
    test_lurd_from_text();
    test_xsb_round_trip();
    test_level_file_round_trip();
    return check_summary("test_movelog");
}
