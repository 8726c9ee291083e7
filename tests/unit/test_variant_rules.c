/* test_variant_rules.c: the engine's rules beyond classic Sokoban, on hand-made positions:
 * ice, holes (and boxes sliding into them), pull, coloured goals, several players, and the
 * paths click-to-walk takes under those rules; every case undoes back to where it began. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/engine.h"
#include "core/level.h"
#include "core/path.h"
#include "core/state.h"

/* Sokoban's legend plus '~' ice, '^' hole, and red/blue boxes (r, b) and goals (R, B). */
static ruleset rules;

static void make_rules(void)
{
    rules_sokoban(&rules);
    int ice = rules_add_tile(&rules, "ice", LAYER_FLOOR, TILE_SLIPPERY, 0, NULL);
    int hole = rules_add_tile(&rules, "hole", LAYER_FLOOR, TILE_HOLE, 0, NULL);
    int rbox = rules_add_tile(&rules, "red box", LAYER_OBJECT, TILE_PUSHABLE, 1, NULL);
    int bbox = rules_add_tile(&rules, "blue box", LAYER_OBJECT, TILE_PUSHABLE, 2, NULL);
    int rgoal = rules_add_tile(&rules, "red goal", LAYER_FLOOR, TILE_GOAL, 1, NULL);
    int bgoal = rules_add_tile(&rules, "blue goal", LAYER_FLOOR, TILE_GOAL, 2, NULL);
    rules_set_glyph(&rules, '~', ice, 0);
    rules_set_glyph(&rules, '^', hole, 0);
    rules_set_glyph(&rules, 'r', 0, rbox);
    rules_set_glyph(&rules, 'b', 0, bbox);
    rules_set_glyph(&rules, 'R', rgoal, 0);
    rules_set_glyph(&rules, 'B', bgoal, 0);
    rules_set_glyph(&rules, '=', ice, rules_find_tile(&rules, "box"));
}

static int load(levelset *set, state *s, const ruleset *r, const char *text)
{
    error err;
    if (levelset_parse(set, "t.xsb", text, strlen(text), FORMAT_XSB, r, &err) != 0) {
        fprintf(stderr, "%s:%d:%d: %s\n", err.file, err.line, err.col, err.msg);
        return -1;
    }
    return state_init(s, &set->levels[0], r);
}

static int id(const char *name) { return rules_find_tile(&rules, name); }

/* Undoes everything and checks the start position is back, hash and all. */
static void check_undo_all(state *s, uint64_t start)
{
    while (history_undo(s)) {}
    CHECK_EQ_INT(s->hash, start);
    CHECK_EQ_INT(s->hash, state_hash_full(s));
    CHECK_EQ_INT(s->moves, 0);
    CHECK_EQ_INT(s->pushes, 0);
    CHECK(memcmp(s->floor, s->lv->floor, (size_t)s->g->ncells) == 0);
    CHECK(memcmp(s->obj, s->lv->obj, (size_t)s->g->ncells) == 0);
}

static void test_ice(void)
{
    levelset set;
    state s;
    /*  0123456789
     * 0##########
     * 1#@ ~~~~ .#
     * 2# $~~~~  #
     * 3##########  */
    CHECK(load(&set, &s, &rules, "##########\n#@ ~~~~ .#\n# $~~~~  #\n##########\n") == 0);
    const int w = 10;
    uint64_t h0 = s.hash;
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_WALK);
    CHECK_EQ_INT(s.player[0], w + 2);
    /* Onto the ice: the player slides to the first floor cell past it. */
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_WALK);
    CHECK_EQ_INT(s.player[0], w + 7);
    CHECK_EQ_INT(s.moves, 2);
    /* Sliding stops against a box or a wall while still on the ice. */
    CHECK_EQ_INT(engine_move(&s, DIR_LEFT), MOVE_WALK);
    CHECK_EQ_INT(s.player[0], w + 2);
    CHECK_EQ_INT(engine_move(&s, DIR_DOWN), MOVE_BLOCKED);       /* the box below has a wall behind */
    check_undo_all(&s, h0);

    /* A box pushed onto ice slides over it and stops on the first cell that is not ice. */
    CHECK_EQ_INT(engine_play_lurd(&s, "dR", &(int){ 0 }), 2);
    CHECK_EQ_INT(s.obj[2 * w + 7], id("box"));
    CHECK_EQ_INT(s.player[0], 2 * w + 2);
    CHECK_EQ_INT(s.pushes, 1);
    CHECK_EQ_INT(s.hash, state_hash_full(&s));
    CHECK(history_undo(&s));
    CHECK_EQ_INT(s.obj[2 * w + 2], id("box"));
    CHECK_EQ_INT(s.player[0], 2 * w + 1);
    CHECK(history_redo(&s));
    CHECK_EQ_INT(s.obj[2 * w + 7], id("box"));
    /* The player walking onto the ice now slides up to the box and stops there. */
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_WALK);
    CHECK_EQ_INT(s.player[0], 2 * w + 6);
    /* A box pushed on ice against a box stops beside it: push from the left again. */
    CHECK_EQ_INT(s.hash, state_hash_full(&s));
    CHECK(state_restart(&s));
    CHECK_EQ_INT(s.hash, h0);
    state_free(&s);
    levelset_free(&set);
}

static void test_holes(void)
{
    levelset set;
    state s;
    /* Two boxes, one goal, one hole: the hole takes the extra box. */
    CHECK(load(&set, &s, &rules, "#######\n#@$^ .#\n#  $  #\n#######\n") == 0);
    const int w = 7;
    uint64_t h0 = s.hash;
    CHECK_EQ_INT(s.unsolved, 2);
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_PUSH);         /* the box fills the hole */
    CHECK_EQ_INT(s.floor[w + 3], rules.floor_id);
    CHECK_EQ_INT(s.obj[w + 3], 0);
    CHECK_EQ_INT(s.unsolved, 1);
    CHECK_EQ_INT(s.player[0], w + 2);
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_WALK);         /* and can be walked on */
    CHECK_EQ_INT(s.hash, state_hash_full(&s));
    check_undo_all(&s, h0);
    state_free(&s);
    levelset_free(&set);

    /* The player cannot enter a hole; neither do click paths. */
    CHECK(load(&set, &s, &rules, "#####\n#@^.#\n#####\n") == 0);
    int8_t dirs[64];
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_BLOCKED);
    CHECK_EQ_INT(path_find(&s, s.player[0], 5 + 3, dirs, 64), -1);
    CHECK_EQ_INT(path_find(&s, s.player[0], 5 + 2, dirs, 64), -1);
    state_free(&s);
    levelset_free(&set);

    /* A box sliding over ice falls into the hole at the end of it; the player slides after. */
    CHECK(load(&set, &s, &rules, "########\n#@$~~^ #\n#    . #\n#  $   #\n########\n") == 0);
    h0 = s.hash;
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_PUSH);
    CHECK_EQ_INT(s.floor[8 + 5], rules.floor_id);
    CHECK_EQ_INT(s.obj[8 + 5], 0);
    CHECK_EQ_INT(s.player[0], 8 + 2);
    CHECK_EQ_INT(s.pushes, 1);
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_WALK);         /* over the ice onto the filled */
    CHECK_EQ_INT(s.player[0], 8 + 5);                             /* hole, which is floor now */
    CHECK_EQ_INT(s.hash, state_hash_full(&s));
    check_undo_all(&s, h0);
    CHECK_EQ_INT(s.floor[8 + 5], id("hole"));
    state_free(&s);
    levelset_free(&set);

    /* Boxes in holes are gone: under "every goal holds a box" the goal left empty counts. */
    ruleset fill = rules;
    fill.fill_goals = true;
    CHECK(load(&set, &s, &fill, "#######\n#@$^ .#\n#######\n") == 0);
    CHECK(!state_solved(&s));
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_PUSH);
    CHECK_EQ_INT(s.unsolved, 0);                                  /* no box off a goal... */
    CHECK(!state_solved(&s));                                     /* ...but the goal is empty */
    s.rules = &rules;
    CHECK(state_solved(&s));                                      /* "boxes on goals" alone */
    state_free(&s);
    levelset_free(&set);

    /* Too many boxes: named with the holes counted. */
    error err;
    const char *text = "#######\n#@$$$.#\n#  ^  #\n#######\n";
    CHECK(levelset_parse(&set, "t.xsb", text, strlen(text), FORMAT_XSB, &rules, &err) != 0);
    CHECK_STR_HAS(err.msg, "more boxes than goals and holes (3 boxes, 1 goal, 1 hole)");
}

static void test_pull(void)
{
    ruleset pull = rules;
    pull.pull = true;
    levelset set;
    state s;
    /*  01234567
     * 0########
     * 1# . $@ #
     * 2#      #
     * 3######## */
    CHECK(load(&set, &s, &pull, "########\n# . $@ #\n#      #\n########\n") == 0);
    const int w = 8;
    uint64_t h0 = s.hash;
    int bad;
    CHECK_EQ_INT(engine_move(&s, DIR_LEFT), MOVE_BLOCKED);       /* boxes are not pushed */
    CHECK(engine_would_push(&s, DIR_RIGHT));                     /* stepping away pulls */
    CHECK(!engine_would_push(&s, DIR_DOWN));
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_PUSH);
    CHECK_EQ_INT(s.obj[w + 5], id("box"));
    CHECK_EQ_INT(s.player[0], w + 6);
    CHECK_EQ_INT(s.pushes, 1);
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_BLOCKED);      /* the wall stops the pull */
    CHECK_EQ_INT(s.hash, state_hash_full(&s));
    check_undo_all(&s, h0);

    /* Round to the far side of the box, between it and the goal. */
    CHECK_EQ_INT(engine_play_lurd(&s, "dllu", &bad), 4);
    CHECK_EQ_INT(bad, -1);
    CHECK_EQ_INT(s.player[0], w + 3);
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_BLOCKED);      /* into the box */
    CHECK_EQ_INT(engine_play_lurd(&s, "l", &bad), 0);            /* stepping away pulls: 'L' */
    CHECK_EQ_INT(bad, 0);
    /* A click path to (6,1) goes round below and never steps away from the box. */
    int8_t dirs[64];
    int n = path_find(&s, s.player[0], w + 6, dirs, 64);
    CHECK_EQ_INT(n, 5);
    for (int i = 0; i < n; i++) CHECK(engine_move(&s, dirs[i]) == MOVE_WALK);
    CHECK_EQ_INT(s.player[0], w + 6);
    CHECK_EQ_INT(s.pushes, 0);
    CHECK_EQ_INT(s.obj[w + 4], id("box"));
    /* Back round, then pull the box home in two steps. */
    CHECK_EQ_INT(engine_play_lurd(&s, "dllluLL", &bad), 7);
    CHECK_EQ_INT(bad, -1);
    CHECK(state_solved(&s));
    CHECK_EQ_INT(s.pushes, 2);
    check_undo_all(&s, h0);
    state_free(&s);
    levelset_free(&set);
}

static void test_colours(void)
{
    levelset set;
    state s;
    int bad;
    /* red box, blue box, plain box; red goal, blue goal, plain goal */
    CHECK(load(&set, &s, &rules, "##########\n#@ r  R  #\n#  b  B  #\n#  $  .  #\n##########\n") == 0);
    const int w = 10;
    CHECK_EQ_INT(s.unsolved, 3);
    CHECK_EQ_INT(engine_play_lurd(&s, "rRRR", &bad), 4);
    CHECK(state_box_on_goal(&s, w + 6));
    CHECK_EQ_INT(s.unsolved, 2);
    CHECK_EQ_INT(engine_play_lurd(&s, "llldRRR", &bad), 7);
    CHECK(state_box_on_goal(&s, 2 * w + 6));
    CHECK_EQ_INT(engine_play_lurd(&s, "llldRRR", &bad), 7);       /* a plain box on a plain goal */
    CHECK(state_solved(&s));
    CHECK_EQ_INT(s.hash, state_hash_full(&s));
    state_free(&s);
    levelset_free(&set);

    /* A coloured goal refuses other colours and plain boxes; a plain goal takes any colour. */
    CHECK(load(&set, &s, &rules, "########\n#@ b R #\n#  $ B #\n#  r . #\n########\n") == 0);
    CHECK_EQ_INT(engine_play_lurd(&s, "rRR", &bad), 3);           /* blue on red: no */
    CHECK(!state_box_on_goal(&s, 8 + 5));
    CHECK_EQ_INT(engine_play_lurd(&s, "lldRR", &bad), 5);         /* plain on blue: no */
    CHECK(!state_box_on_goal(&s, 16 + 5));
    CHECK_EQ_INT(engine_play_lurd(&s, "lldRR", &bad), 5);         /* red on plain: yes */
    CHECK(state_box_on_goal(&s, 24 + 5));
    CHECK_EQ_INT(s.unsolved, 2);
    CHECK_EQ_INT(s.hash, state_hash_full(&s));
    state_free(&s);
    levelset_free(&set);
}

static void test_players(void)
{
    levelset set;
    state s;
    CHECK(load(&set, &s, &rules, "#######\n#@$ . #\n#     #\n#@$ . #\n#######\n") == 0);
    const int w = 7;
    uint64_t h0 = s.hash;
    int bad;
    CHECK_EQ_INT(s.nplayers, 2);
    CHECK_EQ_INT(engine_play_lurd(&s, "R", &bad), 1);
    CHECK_EQ_INT(s.player[0], w + 2);
    CHECK_EQ_INT(engine_select_player(&s, 1), 0);
    CHECK_EQ_INT(engine_select_player(&s, 2), -1);
    CHECK_EQ_INT(engine_play_lurd(&s, "ur", &bad), 2);
    CHECK_EQ_INT(s.player[1], 2 * w + 2);
    CHECK_EQ_INT(engine_move(&s, DIR_UP), MOVE_BLOCKED);         /* a player is not a box */
    CHECK_EQ_INT(engine_play_lurd(&s, "ldRR", &bad), 4);
    CHECK_EQ_INT(engine_select_player(&s, 0), 0);
    CHECK_EQ_INT(engine_play_lurd(&s, "R", &bad), 1);
    CHECK(state_solved(&s));
    CHECK_EQ_INT(s.player[0], w + 3);
    CHECK_EQ_INT(s.player[1], 3 * w + 3);
    CHECK_EQ_INT(s.hash, state_hash_full(&s));
    /* Undo goes back through the switches: the second player is active again, then the first. */
    CHECK(history_undo(&s));
    CHECK_EQ_INT(s.active, 0);
    CHECK(history_undo(&s));
    CHECK_EQ_INT(s.active, 1);
    check_undo_all(&s, h0);
    CHECK_EQ_INT(s.active, 0);
    /* Click paths go round the other player. */
    engine_select_player(&s, 1);
    int8_t dirs[64];
    CHECK_EQ_INT(path_find(&s, s.player[1], w + 3, dirs, 64), 4);
    state_free(&s);
    levelset_free(&set);
}

static void test_ice_paths(void)
{
    levelset set;
    state s;
    /*  01234567
     * 0########
     * 1#@~~~ ##
     * 2# ## ~ #
     * 3#      #
     * 4######## */
    CHECK(load(&set, &s, &rules, "########\n#@~~~ ##\n# ## ~ #\n#      #\n########\n") == 0);
    const int w = 8;
    int8_t dirs[64];
    uint8_t mark[64];
    /* The middle of the ice is no place to stop: unreachable, though next to the path. */
    CHECK_EQ_INT(path_find(&s, s.player[0], w + 3, dirs, 64), -1);
    int n = path_find(&s, s.player[0], w + 5, dirs, 64);
    CHECK_EQ_INT(n, 1);                                           /* one slide */
    CHECK_EQ_INT(engine_move(&s, dirs[0]), MOVE_WALK);
    CHECK_EQ_INT(s.player[0], w + 5);
    /* From (5,1) down: over the ice at (5,2) to (5,3). */
    n = path_find(&s, s.player[0], 3 * w + 5, dirs, 64);
    CHECK_EQ_INT(n, 1);
    /* Back to the start: left slides back over the ice cell the player left. */
    n = path_find(&s, s.player[0], w + 1, dirs, 64);
    CHECK_EQ_INT(n, 1);
    /* Stops: not in the middle of the ice; yes on ice against a wall (up from (4,2)). */
    int reach = path_reachable(&s, s.player[0], mark);
    CHECK(!mark[w + 2] && !mark[w + 3] && !mark[2 * w + 5]);
    CHECK(mark[w + 1] && mark[w + 4] && mark[3 * w + 6]);
    CHECK_EQ_INT(reach, 12);
    state_free(&s);
    levelset_free(&set);
}

int main(void)
{
    make_rules();
    test_ice();
    test_holes();
    test_pull();
    test_colours();
    test_players();
    test_ice_paths();
    return check_summary("test_variant_rules");
}
