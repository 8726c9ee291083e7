/* test_core.c: unit tests of the core layer: parsing, push rules, history, hash, paths. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/engine.h"
#include "core/level.h"
#include "core/path.h"
#include "core/sliding.h"
#include "core/solutions.h"
#include "core/state.h"

static ruleset sokoban;

static int parse(levelset *set, const char *text, error *err)
{
    return levelset_parse(set, "test.xsb", text, strlen(text), FORMAT_XSB, &sokoban, err);
}

static void test_xsb_collection(void)
{
    const char *text =
        "; A small collection\n"
        "\n"
        "; 1\n"
        "#####\n"
        "#@$.#\n"
        "#####\n"
        "\n"
        "Title: Second\n"
        "Author: us\n"
        "  ####\n"
        "###  #\n"
        "#@ $.#\n"
        "######\n"
        "\n"
        "'Quoted'\n"
        "#####\r\n"
        "#+*$.#\r\n"
        "######\r\n";
    levelset set;
    error err;
    CHECK(parse(&set, text, &err) == 0);
    CHECK_EQ_INT(set.count, 3);
    CHECK(set.levels[0].title && strcmp(set.levels[0].title, "1") == 0);
    CHECK(set.levels[1].title && strcmp(set.levels[1].title, "Second") == 0);
    CHECK(level_meta_get(&set.levels[1], "author") && strcmp(level_meta_get(&set.levels[1], "author"), "us") == 0);
    CHECK(set.levels[2].title && strcmp(set.levels[2].title, "Quoted") == 0);
    CHECK_EQ_INT(set.levels[1].g.w, 6);
    CHECK_EQ_INT(set.levels[1].g.h, 4);
    CHECK_EQ_INT(set.levels[1].line, 10);
    /* Cells outside the walls become void, inside stay floor. */
    int vd = rules_find_tile(&sokoban, "void"), fl = rules_find_tile(&sokoban, "floor");
    CHECK_EQ_INT(set.levels[1].floor[0], vd);
    CHECK_EQ_INT(set.levels[1].floor[6 + 4], fl);
    levelset_free(&set);
}

/* A header of several comment lines, a blank line, then a level with no name of its own: the
 * header's last line ("; 2026") named level 1. One comment line set apart names its level
 * (Microban's "; 1"), and a block straight above a level still does. */
static void test_xsb_header_comment(void)
{
    const char *text =
        "; Our collection\n"
        "; by us\n"
        "; 2026\n"
        "\n"
        "#####\n"
        "#@$.#\n"
        "#####\n"
        "\n"
        "; 2\n"
        "\n"
        "#####\n"
        "#@$.#\n"
        "#####\n"
        "\n"
        "; easy\n"
        "; Three\n"
        "#####\n"
        "#@$.#\n"
        "#####\n";
    levelset set;
    error err;
    CHECK(parse(&set, text, &err) == 0);
    CHECK_EQ_INT(set.count, 3);
    CHECK(set.levels[0].title == NULL);
    CHECK(set.levels[1].title && strcmp(set.levels[1].title, "2") == 0);
    CHECK(set.levels[2].title && strcmp(set.levels[2].title, "Three") == 0);
    levelset_free(&set);
}

static void test_outside_and_pockets(void)
{
    levelset set;
    error err;
    CHECK(parse(&set, "  #######\n  #@$.# #\n  #######\n", &err) == 0);
    int vd = rules_find_tile(&sokoban, "void"), fl = rules_find_tile(&sokoban, "floor");
    CHECK_EQ_INT(set.levels[0].floor[9 + 0], vd);       /* outside the walls */
    CHECK_EQ_INT(set.levels[0].floor[9 + 7], fl);       /* a walled-in pocket is still floor */
    levelset_free(&set);
    /* A level drawn without its outer wall keeps its open edge: the grid edge is the wall. */
    CHECK(parse(&set, "@$.\n", &err) == 0);
    CHECK_EQ_INT(set.levels[0].floor[0], fl);
    state s;
    CHECK(state_init(&s, &set.levels[0], &sokoban) == 0);
    CHECK_EQ_INT(engine_move(&s, DIR_LEFT), MOVE_BLOCKED);
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_PUSH);
    CHECK(state_solved(&s));
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_BLOCKED); /* the box is at the grid edge */
    state_free(&s);
    levelset_free(&set);
}

static void test_xsb_rle(void)
{
    levelset set;
    error err;
    CHECK(parse(&set, "5#|#@$.#|5#\n", &err) == 0);
    CHECK_EQ_INT(set.count, 1);
    CHECK_EQ_INT(set.levels[0].g.w, 5);
    CHECK_EQ_INT(set.levels[0].g.h, 3);
    CHECK_EQ_INT(set.levels[0].obj[5 + 2], rules_find_tile(&sokoban, "box"));
    levelset_free(&set);
    CHECK(parse(&set, "3#\n#@3-$.#\n8#\n", &err) == 0);
    CHECK_EQ_INT(set.levels[0].g.w, 8);
    levelset_free(&set);
    /* A UTF-8 byte order mark (some editors write one) is not part of the first row: that
     * row was taken for a title and the level lost its top wall. */
    CHECK(parse(&set, "\xEF\xBB\xBF#####\n#@$.#\n#####\n", &err) == 0);
    CHECK_EQ_INT(set.count, 1);
    CHECK_EQ_INT(set.levels[0].g.h, 3);
    CHECK(set.levels[0].title == NULL);
    levelset_free(&set);
}

static void test_xsb_errors(void)
{
    levelset set;
    error err;
    char buf[600];
    CHECK(parse(&set, "#####\n#@$.#\n#x###\n", &err) != 0);
    error_format(&err, buf, sizeof buf);
    CHECK_STR_HAS(buf, "test.xsb:3:2:");
    CHECK_STR_HAS(buf, "'x'");
    /* A typo in an indented first row: reported there, not taken for a title (the level
     * lost its top row and check said ok); a byte that would not show as itself is named. */
    CHECK(parse(&set, "Title: X\n  ####x\n  #@$.#\n  #####\n", &err) != 0);
    error_format(&err, buf, sizeof buf);
    CHECK_STR_HAS(buf, "test.xsb:2:7: 'x' is not a tile");
    CHECK(parse(&set, "  #####\xC2\xA0\n  #@$.#\n  #####\n", &err) != 0);
    error_format(&err, buf, sizeof buf);
    CHECK_STR_HAS(buf, "test.xsb:1:8: byte 0xC2 (not a printable ASCII character)");
    CHECK(parse(&set, "#####\n#@$.#\n#\t###\n", &err) != 0);
    CHECK_STR_HAS(err.msg, "a tab is not a tile");
    CHECK(parse(&set, "Title: Easy\n  Just a note\n#####\n#@$.#\n#####\n", &err) == 0);   /* text stays text */
    levelset_free(&set);
    CHECK(parse(&set, "; 1\n\n#####\n# $.#\n#####\n", &err) != 0);
    error_format(&err, buf, sizeof buf);
    CHECK_STR_HAS(buf, "test.xsb:3:1:");
    CHECK_STR_HAS(buf, "no player");
    CHECK(parse(&set, "######\n#@$$.#\n######\n", &err) != 0);
    error_format(&err, buf, sizeof buf);
    CHECK_STR_HAS(buf, "more boxes than goals (2 boxes, 1 goal)");
    CHECK(parse(&set, "; only comments\n", &err) != 0);
    CHECK_STR_HAS(err.msg, "no levels");
    CHECK(parse(&set, "99999999#\n", &err) != 0);
    CHECK(parse(&set, "#@$.#|12\n", &err) != 0);
    CHECK_STR_HAS(err.msg, "run length");
    CHECK(levelset_parse(&set, "nul.xsb", "#@\0#", 4, FORMAT_XSB, &sokoban, &err) != 0);
    /* Found by fuzz_levels: a line of only counts and '|' inside a level was reported by
     * reading one past its end. */
    CHECK(parse(&set, "#####\n#@$.#\n|5\n#####\n", &err) != 0);
    error_format(&err, buf, sizeof buf);
    CHECK_STR_HAS(buf, "test.xsb:3:1:");
    CHECK_STR_HAS(buf, "no tile");
    CHECK(levelset_load(&set, "/nonexistent/levels.xsb", &sokoban, &err) != 0);
    error_format(&err, buf, sizeof buf);
    CHECK_STR_HAS(buf, "/nonexistent/levels.xsb: cannot open");
}

static void test_numeric(void)
{
    const char *text = "; seed format\n1,1,1,1,1\n1,2,3,0,1\n-1,1,1,1,-1\n\n-3,-2,1\n";
    levelset set;
    error err;
    CHECK(levelset_parse(&set, "t.csv", text, strlen(text), FORMAT_AUTO, &sokoban, &err) == 0);
    CHECK_EQ_INT(set.count, 2);
    CHECK_EQ_INT(set.levels[0].g.w, 5);
    CHECK_EQ_INT(set.levels[0].obj[5 + 1], rules_find_tile(&sokoban, "player"));
    CHECK_EQ_INT(set.levels[0].floor[10], rules_find_tile(&sokoban, "void"));
    CHECK_EQ_INT(set.levels[1].floor[0], rules_find_tile(&sokoban, "goal"));
    levelset_free(&set);
    const char *bad = "1,1,1\n1,2,7\n";
    CHECK(levelset_parse(&set, "t.csv", bad, strlen(bad), FORMAT_AUTO, &sokoban, &err) != 0);
    CHECK_EQ_INT(err.line, 2);
    CHECK_EQ_INT(err.col, 5);
    const char *bad2 = "1,2,x\n";
    CHECK(levelset_parse(&set, "t.csv", bad2, strlen(bad2), FORMAT_AUTO, &sokoban, &err) != 0);
    CHECK_EQ_INT(err.col, 5);
    /* More balls than goals, the tutorial's own check. */
    const char *more = "1,2,3,3,0\n";
    CHECK(levelset_parse(&set, "t.csv", more, strlen(more), FORMAT_AUTO, &sokoban, &err) != 0);
    CHECK_STR_HAS(err.msg, "more boxes than goals");
}

static void test_boards(void)
{
    ruleset sl;
    rules_sliding(&sl);
    const char *text = "# boards\n1 2 3 4 5 6 7 0 8  # easy\n3x2: 1 2 3 4 0 5\n";
    levelset set;
    error err;
    CHECK(levelset_parse(&set, "b.txt", text, strlen(text), FORMAT_AUTO, &sl, &err) == 0);
    CHECK_EQ_INT(set.count, 2);
    CHECK_EQ_INT(set.levels[0].g.w, 3);
    CHECK(set.levels[0].title && strcmp(set.levels[0].title, "easy") == 0);
    CHECK_EQ_INT(set.levels[1].g.w, 3);
    CHECK_EQ_INT(set.levels[1].g.h, 2);
    CHECK_EQ_INT(set.levels[1].num[4], 0);
    levelset_free(&set);
    const char *dup = "1 2 3 4 5 6 7 7 8\n";
    CHECK(levelset_parse(&set, "b.txt", dup, strlen(dup), FORMAT_AUTO, &sl, &err) != 0);
    CHECK_STR_HAS(err.msg, "exactly once");
    const char *odd = "1 2 3 4 5\n";
    CHECK(levelset_parse(&set, "b.txt", odd, strlen(odd), FORMAT_AUTO, &sl, &err) != 0);
    CHECK_STR_HAS(err.msg, "square");
    const char *range = "2x2: 1 2 3 9\n";
    CHECK(levelset_parse(&set, "b.txt", range, strlen(range), FORMAT_AUTO, &sl, &err) != 0);
    CHECK_EQ_INT(err.col, 12);
}

/* check reads on past a malformed level (levelset_parse_every): every level's problem, in
 * file order, none made up by a level read wrong after an earlier one. */
static void test_every_problem(void)
{
    const char *text =
        "Title: no player\n#####\n# $.#\n#####\n"                     /* 1-4: 2:1 no player */
        "\n"
        "Legend: X = nosuch\n#####\n#@X.#\n#####\n"                   /* 6-9: 6:13 only, not 'X' */
        "\n"
        "##Q##\n#@$.#\n#####\n"                                        /* 11-13: 11:3, the level dropped */
        "\n"
        "#####\n#@$.#\n#####\nChain: 99\n"                            /* 15-18: 18:8 */
        "; touching\n#####\n#@$.#\n#.Z$#\n#####\nTitle: under it\n"   /* 19-24: 22:3 */
        "#####\n#@$.#\n#####\n"                                        /* 25-27: good, read */
        "\n"
        "######\n#@$$.#\n######\n";                                    /* 29-31: 29:1 boxes */
    static const int want[][2] = { { 2, 1 }, { 6, 13 }, { 11, 3 }, { 18, 8 }, { 22, 3 }, { 29, 1 } };
    int n = (int)(sizeof want / sizeof want[0]);
    levelset set;
    level_problems all;
    error err;
    CHECK(levelset_parse_every(&set, "e.xsb", text, strlen(text), FORMAT_XSB, &sokoban, &all) != 0);
    CHECK_EQ_INT(set.count, 0);
    CHECK_EQ_INT(all.count, n);
    for (int i = 0; i < n && i < all.count; i++) {
        CHECK_EQ_INT(all.v[i].line, want[i][0]);
        CHECK_EQ_INT(all.v[i].col, want[i][1]);
    }
    if (all.count == n) {
        CHECK_STR_HAS(all.v[1].msg, "Legend: unknown tile 'nosuch'");
        CHECK_STR_HAS(all.v[4].msg, "'Z' is not a tile");
    }
    CHECK(!all.more);
    level_problems_free(&all);
    /* The plain parse (play, render) still stops at the first in the file. */
    CHECK(parse(&set, text, &err) != 0);
    CHECK_EQ_INT(err.line, 6);
    /* A good file reads as levelset_parse reads it. */
    const char *good = "#####\n#@$.#\n#####\n\n#####\n#@$.#\n#####\n";
    CHECK(levelset_parse_every(&set, "g.xsb", good, strlen(good), FORMAT_XSB, &sokoban, &all) == 0);
    CHECK_EQ_INT(set.count, 2);
    CHECK_EQ_INT(all.count, 0);
    levelset_free(&set);
    level_problems_free(&all);
    CHECK(levelset_parse_every(&set, "c.xsb", "; only comments\n", 16, FORMAT_XSB, &sokoban, &all) != 0);
    CHECK(all.count == 1 && strstr(all.v[0].msg, "no levels"));
    level_problems_free(&all);
    /* Numeric grids: a block is a level; boards: a line is. */
    const char *csv = "1,1,1\n1,2,9\n\n1,1\n1,x\n\n1,1,1\n";
    CHECK(levelset_parse_every(&set, "n.csv", csv, strlen(csv), FORMAT_NUMERIC, &sokoban, &all) != 0);
    CHECK_EQ_INT(all.count, 3);
    if (all.count == 3) {
        CHECK(all.v[0].line == 2 && all.v[0].col == 5);
        CHECK(all.v[1].line == 5 && all.v[1].col == 3);
        CHECK(all.v[2].line == 7 && strstr(all.v[2].msg, "no player"));
    }
    level_problems_free(&all);
    ruleset sl;
    rules_sliding(&sl);
    const char *boards = "1 2 3 0\n1 2 3\n1 2 3 4 5 6 7 8 0\n1 1 2 0\n";
    CHECK(levelset_parse_every(&set, "b.txt", boards, strlen(boards), FORMAT_BOARDS, &sl, &all) != 0);
    CHECK_EQ_INT(all.count, 2);
    if (all.count == 2) CHECK(all.v[0].line == 2 && all.v[1].line == 4);
    level_problems_free(&all);
    /* A file of nothing but bad levels: the first LEVEL_PROBLEMS_MAX, and more said. */
    char *many = malloc(6 * (LEVEL_PROBLEMS_MAX + 10) + 1);
    if (many) {
        many[0] = '\0';
        for (int i = 0; i < LEVEL_PROBLEMS_MAX + 10; i++) strcat(many, "#@X.\n\n");
        CHECK(levelset_parse_every(&set, "m.xsb", many, strlen(many), FORMAT_XSB, &sokoban, &all) != 0);
        CHECK_EQ_INT(all.count, LEVEL_PROBLEMS_MAX);
        CHECK(all.more);
        level_problems_free(&all);
        free(many);
    }
}

static int load_one(levelset *set, state *s, const char *text)
{
    error err;
    if (parse(set, text, &err) != 0) {
        fprintf(stderr, "%s\n", err.msg);
        return -1;
    }
    return state_init(s, &set->levels[0], &sokoban);
}

static void test_push_rules(void)
{
    levelset set;
    state s;
    CHECK(load_one(&set, &s, "#######\n#@ $ .#\n#  $$.#\n#    .#\n#######\n") == 0);
    uint64_t h0 = s.hash;
    CHECK_EQ_INT(engine_move(&s, DIR_UP), MOVE_BLOCKED);       /* wall */
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_WALK);
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_PUSH);
    CHECK_EQ_INT(s.moves, 2);
    CHECK_EQ_INT(s.pushes, 1);
    CHECK_EQ_INT(s.player[0], 7 + 3);
    CHECK(state_box_on_goal(&s, 7 + 5) == false);
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_PUSH);       /* box onto the goal */
    CHECK(state_box_on_goal(&s, 7 + 5));
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_BLOCKED);    /* box against the wall */
    CHECK_EQ_INT(s.hash, state_hash_full(&s));
    /* Two boxes in a row cannot be pushed in classic rules. */
    CHECK_EQ_INT(engine_move(&s, DIR_DOWN), MOVE_PUSH);        /* the box below moves down */
    CHECK_EQ_INT(s.hash, state_hash_full(&s));
    /* Undo everything, back to the start hash; redo returns to the same hash. */
    uint64_t h_end = s.hash;
    long moves_end = s.moves;
    while (history_undo(&s)) {}
    CHECK_EQ_INT(s.hash, h0);
    CHECK_EQ_INT(s.moves, 0);
    CHECK_EQ_INT(s.player[0], 7 + 1);
    while (history_redo(&s)) {}
    CHECK_EQ_INT(s.hash, h_end);
    CHECK_EQ_INT(s.moves, moves_end);
    /* Restart is one undoable record. */
    CHECK(state_restart(&s) == 1);
    CHECK_EQ_INT(s.hash, h0);
    CHECK_EQ_INT(s.moves, 0);
    CHECK(history_undo(&s));
    CHECK_EQ_INT(s.hash, h_end);
    CHECK_EQ_INT(s.moves, moves_end);
    /* A new move after undo drops the redo branch. */
    CHECK(history_undo(&s));
    CHECK(history_can_redo(&s));
    engine_move(&s, DIR_LEFT);
    CHECK(!history_can_redo(&s));
    CHECK_EQ_INT(s.hash, state_hash_full(&s));
    /* A push right after an undo (the redo branch is dropped on the long path). */
    state_reset(&s);
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_WALK);
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_PUSH);
    uint64_t after_push = s.hash;
    CHECK(history_undo(&s));
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_PUSH);
    CHECK_EQ_INT(s.hash, after_push);
    CHECK_EQ_INT(s.hist.nrec, 2);
    CHECK(history_undo(&s) && history_undo(&s));
    CHECK_EQ_INT(s.hash, h0);
    CHECK_EQ_INT(s.moves, 0);
    CHECK_EQ_INT(s.pushes, 0);
    state_free(&s);
    levelset_free(&set);
}

static void test_chain_and_blocked_pair(void)
{
    levelset set;
    state s;
    CHECK(load_one(&set, &s, "########\n#@$$ ..#\n########\n") == 0);
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_BLOCKED);
    ruleset chain = sokoban;
    chain.max_chain = 2;
    s.rules = &chain;
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_PUSH);
    CHECK_EQ_INT(s.obj[8 + 4], rules_find_tile(&sokoban, "box"));
    CHECK_EQ_INT(s.hash, state_hash_full(&s));
    state_free(&s);
    levelset_free(&set);
}

static void test_solved_and_lurd(void)
{
    levelset set;
    state s;
    CHECK(load_one(&set, &s, "#######\n#@ $ .#\n#######\n") == 0);
    CHECK(!state_solved(&s));
    int bad;
    CHECK_EQ_INT(engine_play_lurd(&s, "rRR", &bad), 3);
    CHECK_EQ_INT(bad, -1);
    CHECK(state_solved(&s));
    state_reset(&s);
    CHECK_EQ_INT(engine_play_lurd(&s, "rrR", &bad), 1); /* second r pushes: must be upper case */
    CHECK_EQ_INT(bad, 1);
    CHECK_EQ_INT(s.moves, 1);
    CHECK(!history_can_redo(&s));                       /* the illegal letter left no trace */
    CHECK(history_undo(&s));
    CHECK(history_can_redo(&s));
    CHECK_EQ_INT(engine_play_lurd(&s, "R", &bad), 0);   /* a walk written as a push */
    CHECK(history_can_redo(&s));                        /* the redo list is untouched */
    state_reset(&s);
    CHECK_EQ_INT(engine_play_lurd(&s, "ru", &bad), 1);
    CHECK_EQ_INT(bad, 1);
    state_free(&s);
    levelset_free(&set);
}

/* Player digits in engine_play_lurd: each selects the player for the letters after it; a
 * digit naming no player, or any digit on a sliding board, is the illegal character. */
static void test_lurd_players(void)
{
    levelset set;
    state s;
    int bad;
    CHECK(load_one(&set, &s, "#########\n#@$.#.$@#\n#########\n") == 0);
    CHECK_EQ_INT(engine_play_lurd(&s, "R2L", &bad), 3);
    CHECK_EQ_INT(bad, -1);
    CHECK(state_solved(&s) && s.active == 1);
    state_reset(&s);
    CHECK_EQ_INT(engine_play_lurd(&s, "2L1R", &bad), 4);
    CHECK(state_solved(&s) && s.active == 0);
    state_reset(&s);
    CHECK_EQ_INT(engine_play_lurd(&s, "R3L", &bad), 1);
    CHECK_EQ_INT(bad, 1);
    CHECK(s.active == 0 && s.moves == 1);
    state_reset(&s);
    CHECK_EQ_INT(engine_play_lurd(&s, "2R", &bad), 1);  /* player 2 has no box to its right */
    CHECK_EQ_INT(bad, 1);
    state_free(&s);
    levelset_free(&set);

    ruleset sl;
    rules_sliding(&sl);
    const char *text = "3x2: 1 2 3 4 0 5\n";
    error err;
    CHECK(levelset_parse(&set, "b.txt", text, strlen(text), FORMAT_AUTO, &sl, &err) == 0);
    CHECK(state_init(&s, &set.levels[0], &sl) == 0);
    CHECK_EQ_INT(engine_play_lurd(&s, "1r", &bad), 0);
    CHECK_EQ_INT(bad, 0);
    CHECK(s.blank == 4 && s.moves == 0 && s.hist.pos == 0);
    CHECK_EQ_INT(engine_play_lurd(&s, "r1", &bad), 1);
    CHECK_EQ_INT(bad, 1);
    CHECK(s.blank == 5);
    state_free(&s);
    levelset_free(&set);
}

static void test_path(void)
{
    levelset set;
    state s;
    CHECK(load_one(&set, &s, "#########\n#@  #  .#\n# # $ ###\n#     # #\n#########\n") == 0);
    int8_t dirs[64];
    const int w = 9;
    int from = s.player[0], to = w * 3 + 5;
    int n = path_find(&s, from, to, dirs, 64);
    CHECK_EQ_INT(n, 6);
    for (int i = 0; i < n; i++) engine_move(&s, dirs[i]);
    CHECK_EQ_INT(s.player[0], to);
    CHECK_EQ_INT(s.pushes, 0);
    CHECK_EQ_INT(path_find(&s, to, w * 3 + 7, dirs, 64), -1); /* walled off */
    CHECK_EQ_INT(path_find(&s, to, w * 2 + 4, dirs, 64), -1); /* a box is not walkable */
    CHECK_EQ_INT(path_find(&s, to, w * 1 + 7, dirs, 64), 4);
    CHECK_EQ_INT(path_find(&s, to, w * 1 + 7, dirs, 3), -1);  /* longer than the buffer */
    uint8_t mark[64];
    CHECK_EQ_INT(path_reachable(&s, s.player[0], mark), 14);
    CHECK(!mark[w * 3 + 7]);
    CHECK(!mark[w * 2 + 4]);
    state_free(&s);
    levelset_free(&set);
}

static void test_sliding_moves(void)
{
    ruleset sl;
    rules_sliding(&sl);
    const char *text = "3x2: 1 2 3 4 0 5\n";
    levelset set;
    error err;
    state s;
    CHECK(levelset_parse(&set, "b.txt", text, strlen(text), FORMAT_AUTO, &sl, &err) == 0);
    CHECK(state_init(&s, &set.levels[0], &sl) == 0);
    CHECK(!state_solved(&s));
    CHECK_EQ_INT(s.blank, 4);
    CHECK_EQ_INT(engine_move(&s, DIR_DOWN), MOVE_BLOCKED);
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_WALK);
    CHECK(state_solved(&s));
    CHECK(history_undo(&s));
    CHECK_EQ_INT(engine_slide_cell(&s, 3), 1);
    CHECK_EQ_INT(s.blank, 3);
    CHECK_EQ_INT(engine_slide_cell(&s, 5), 2);               /* two tiles slide at once */
    CHECK_EQ_INT(s.blank, 5);
    CHECK_EQ_INT(engine_slide_cell(&s, 0), 0);               /* not in line with the blank */
    CHECK(history_undo(&s));                                 /* one record for the pair */
    CHECK_EQ_INT(s.blank, 3);
    CHECK_EQ_INT(s.hash, state_hash_full(&s));
    state_free(&s);
    levelset_free(&set);
}

/* Brute force: every board reachable from the goal by sliding, compared with the rule. */
static int perm_index(const int *t, int n)
{
    int idx = 0;
    for (int i = 0; i < n; i++) {
        int smaller = 0;
        for (int j = i + 1; j < n; j++) smaller += t[j] < t[i];
        idx = idx * (n - i) + smaller;
    }
    return idx;
}

static void check_rule_against_bfs(int w, int h)
{
    int n = w * h, total = 1;
    for (int i = 2; i <= n; i++) total *= i;
    unsigned char *seen = calloc((size_t)total, 1);
    int *queue = malloc(sizeof *queue * (size_t)total * (size_t)n);
    int head = 0, tail = 0;
    for (int i = 0; i < n; i++) queue[i] = i == n - 1 ? 0 : i + 1;
    seen[perm_index(queue, n)] = 1;
    tail = 1;
    while (head < tail) {
        int *t = queue + head * n, b = 0;
        head++;
        while (t[b]) b++;
        int bx = b % w, by = b / w;
        int moves[4][2] = { { 0, -1 }, { 0, 1 }, { -1, 0 }, { 1, 0 } };
        for (int d = 0; d < 4; d++) {
            int x = bx + moves[d][0], y = by + moves[d][1];
            if (x < 0 || y < 0 || x >= w || y >= h) continue;
            int *u = queue + tail * n;
            memcpy(u, t, sizeof *u * (size_t)n);
            u[b] = u[y * w + x];
            u[y * w + x] = 0;
            int k = perm_index(u, n);
            if (!seen[k]) {
                seen[k] = 1;
                tail++;
            }
        }
    }
    /* Walk all permutations in lexicographic order and compare. */
    int *p = malloc(sizeof *p * (size_t)n), mismatches = 0;
    for (int i = 0; i < n; i++) p[i] = i;
    for (;;) {
        if (sliding_solvable(p, w, h) != (seen[perm_index(p, n)] != 0)) mismatches++;
        int i = n - 2;
        while (i >= 0 && p[i] > p[i + 1]) i--;
        if (i < 0) break;
        int j = n - 1;
        while (p[j] < p[i]) j--;
        int t = p[i]; p[i] = p[j]; p[j] = t;
        for (int a = i + 1, b = n - 1; a < b; a++, b--) { t = p[a]; p[a] = p[b]; p[b] = t; }
    }
    CHECK_EQ_INT(mismatches, 0);
    free(p);
    free(seen);
    free(queue);
}

static void test_sliding_rule(void)
{
    check_rule_against_bfs(2, 2);
    check_rule_against_bfs(3, 2);
    check_rule_against_bfs(2, 3);
    check_rule_against_bfs(4, 2);
    check_rule_against_bfs(1, 4);
    check_rule_against_bfs(5, 1);
    check_rule_against_bfs(3, 3);
    int korf1[16] = { 13, 6, 8, 12, 15, 14, 0, 10, 11, 7, 4, 5, 9, 1, 3, 2 };
    (void)korf1;
    int swapped[9] = { 2, 1, 3, 4, 5, 6, 7, 8, 0 };
    CHECK(!sliding_solvable(swapped, 3, 3));
    /* The linear-time parity (what the rule uses: a 200 x 200 board took 0.6 s of n^2 / 2
     * comparisons) agrees with the inversion count on random boards of every size. */
    uint64_t x = 12345;
    int wrong = 0;
    for (int n = 1; n <= 300; n++) {
        int *t = malloc(sizeof *t * (size_t)n);
        for (int round = 0; round < 4; round++) {
            for (int i = 0; i < n; i++) t[i] = i;
            for (int i = n - 1; i > 0; i--) {
                x = x * 6364136223846793005ULL + 1442695040888963407ULL;
                int j = (int)((x >> 33) % (uint64_t)(i + 1)), k = t[i];
                t[i] = t[j];
                t[j] = k;
            }
            if (sliding_parity(t, n) != (sliding_inversions(t, n) & 1)) wrong++;
        }
        free(t);
    }
    CHECK_EQ_INT(wrong, 0);
}

static void test_solutions(void)
{
    const char *text = "; sols\n1: rRR\n3: uU dD\nlL\n";
    solution_list l;
    error err;
    CHECK(solutions_parse(&l, "s.sol", text, strlen(text), &err) == 0);
    CHECK_EQ_INT(l.count, 3);
    CHECK(solutions_find(&l, 3) && strcmp(solutions_find(&l, 3)->moves, "uUdD") == 0);
    CHECK(solutions_find(&l, 4) && strcmp(solutions_find(&l, 4)->moves, "lL") == 0);
    CHECK(solutions_find(&l, 2) == NULL);
    solutions_free(&l);
    const char *bad = "1: rR0\n";        /* 0 names no player */
    CHECK(solutions_parse(&l, "s.sol", bad, strlen(bad), &err) != 0);
    CHECK_EQ_INT(err.col, 6);
    const char *multi = "2: R2lL1u\n";  /* digits switch players */
    CHECK(solutions_parse(&l, "s.sol", multi, strlen(multi), &err) == 0);
    CHECK(solutions_find(&l, 2) && strcmp(solutions_find(&l, 2)->moves, "R2lL1u") == 0);
    solutions_free(&l);
    const char *bom = "\xEF\xBB\xBF" "1: R\n";
    CHECK(solutions_parse(&l, "s.sol", bom, strlen(bom), &err) == 0);
    CHECK(solutions_find(&l, 1) && strcmp(solutions_find(&l, 1)->moves, "R") == 0);
    solutions_free(&l);
}

static void test_hex_grid(void)
{
    grid g;
    CHECK(grid_init(&g, TOPO_HEX, 5, 4) == 0);
    /* Every step has its way back. */
    int bad = 0;
    for (int c = 0; c < g.ncells; c++)
        for (int d = 0; d < 6; d++) {
            int m = grid_step(&g, c, d);
            if (m >= 0 && grid_step(&g, m, grid_opposite(&g, d)) != c) bad++;
        }
    CHECK_EQ_INT(bad, 0);
    CHECK_EQ_INT(grid_step(&g, 0, HEX_SOUTHEAST), 5);     /* even row: SE is straight below */
    CHECK_EQ_INT(grid_step(&g, 5, HEX_SOUTHEAST), 11);    /* odd row: shifted right */
    CHECK_EQ_INT(grid_step(&g, 0, HEX_NORTHWEST), -1);
    grid_free(&g);
}

/* A hex level in text reads as a w x h grid. */
static void check_hex_reads(const ruleset *hex, const char *text, int w, int h)
{
    levelset set;
    error err;
    CHECK(levelset_parse(&set, "hex.hsb", text, strlen(text), FORMAT_XSB, hex, &err) == 0);
    CHECK(set.count == 1 && set.levels[0].g.w == w && set.levels[0].g.h == h);
    levelset_free(&set);
}

/* A hex level in text is refused with an error that holds want. */
static void check_hex_refused(const ruleset *hex, const char *text, const char *want)
{
    levelset set;
    error err;
    char buf[600];
    CHECK(levelset_parse(&set, "hex.hsb", text, strlen(text), FORMAT_XSB, hex, &err) != 0);
    error_format(&err, buf, sizeof buf);
    CHECK_STR_HAS(buf, want);
}

/* The two hex layouts: a level in the Hexoban layout (.hsb) with one glyph off its column
 * parity is an error at that glyph (it was read compactly, twice as wide, and check said ok);
 * compact levels, and the Hexoban layout in either row parity, read as before. */
static void test_hex_layouts(void)
{
    ruleset hex;
    rules_sokoban(&hex);
    hex.topo = TOPO_HEX;
    /* Good: the Hexoban layout, even or odd first row; compact; one glyph per row (compact). */
    check_hex_reads(&hex, "# # # # # #\n # @ $ .   #\n# # # # # #\n", 6, 3);
    check_hex_reads(&hex, " # # # # # #\n# @ $ .   #\n # # # # # #\n", 6, 4);
    check_hex_reads(&hex, "######\n#@$. #\n# #  #\n######\n", 6, 4);
    check_hex_reads(&hex, "@\n$\n.\n", 1, 3);
    /* A box one column off in a middle row (now side by side with the goal). */
    check_hex_refused(&hex, "Title: Off\n# # # # # #\n # @  $.   #\n# # # # # #\n",
                      "hex.hsb:3:7: '$' is off the Hexoban layout: this row's cells are in columns 2, 4, 6, ... "
                      "(every other column, from 1), so column 7 must be a space");
    /* One off in the first row: the last row still tells the layout; and the other way round. */
    check_hex_refused(&hex, "# # ## # #\n # @ $ .   #\n# # # # # #\n",
                      "hex.hsb:1:6: '#' is off the Hexoban layout: this row's cells are in columns 1, 3, 5, ...");
    check_hex_refused(&hex, "# # # # # #\n # @ $ .   #\n# # # # #  #\n", "hex.hsb:3:12: '#' is off");
    /* The shifted first row, a glyph off in a row of the other parity. */
    check_hex_refused(&hex, " # # # # # #\n# @ $  .  #\n # # # # # #\n",
                      "hex.hsb:2:8: '.' is off the Hexoban layout: this row's cells are in columns 1, 3, 5, ...");
    /* check (reading on past problems) reports it too, and goes on to the next level. */
    levelset set;
    level_problems all;
    const char *two = "# # # # # #\n # @  $.   #\n# # # # # #\n\n# # # # # #\n # @ $ .   #\n# # # # # #\n";
    CHECK(levelset_parse_every(&set, "hex.hsb", two, strlen(two), FORMAT_XSB, &hex, &all) != 0);
    CHECK(all.count == 1 && all.v[0].line == 2 && all.v[0].col == 7);
    level_problems_free(&all);
}

int main(void)
{
    rules_sokoban(&sokoban);
    test_xsb_collection();
    test_xsb_header_comment();
    test_outside_and_pockets();
    test_xsb_rle();
    test_xsb_errors();
    test_numeric();
    test_boards();
    test_every_problem();
    test_push_rules();
    test_chain_and_blocked_pair();
    test_solved_and_lurd();
    test_lurd_players();
    test_path();
    test_sliding_moves();
    test_sliding_rule();
    test_solutions();
    test_hex_grid();
    test_hex_layouts();
    return check_summary("test_core");
}
