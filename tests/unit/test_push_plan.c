/* test_push_plan.c: the packing plan and the backward search's meeting set: goals in a
 * dead-end corridor are planned deepest first, goals around a pillar in any order that keeps
 * them reachable, an order the player can follow (not one that shuts it in below a goal it
 * filled), areas counted apart; goals filled out of order are told apart from those
 * that shut other goals off; levels the backward search solves alone or that the
 * forward searches finish through it replay to solved, on square and hex boards; the
 * feature-space search alone solves them too (every solution replayed) and proves lost levels
 * lost; the way it writes to its best position so far replays; with its memory full it trims
 * the moves it holds and goes on, and then never calls a level lost. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "push_levels.h"
#include "push_fixture.h"
#include "core/engine.h"
#include "core/level.h"
#include "core/state.h"
#include "solve/push_board.h"
#include "solve/push_deadsets.h"
#include "solve/push_fess.h"
#include "solve/push_plan.h"
#include "solve/push_solve.h"

static ruleset sokoban, hexoban;

static bool load(fixture *f, const ruleset *r, const char *text) { return fixture_load(f, r, text); }
static void unload(fixture *f) { fixture_free(f); }

static int goal_at(const fixture *f, int x, int y) { return f->b.goal_at[f->b.index[y * f->st.g->w + x]]; }

/* ===== the plan =========================================================================== */

/* Three goals at the end of a corridor: the deepest must be filled first. */
static const char *corridor_level =
    "##########\n"
    "#...  $  #\n"
    "#### $ $@#\n"
    "   #     #\n"
    "   #######\n";

static void test_corridor_order(void)
{
    fixture f;
    CHECK(load(&f, &sokoban, corridor_level));
    if (f.board) {
        push_plan pl;
        CHECK(push_plan_init(&pl, &f.b, PUSH_PLAN_FOLLOW) == 0);
        CHECK_EQ_INT(pl.planned, 3);
        CHECK_EQ_INT(pl.order[0], goal_at(&f, 1, 1));
        CHECK_EQ_INT(pl.order[1], goal_at(&f, 2, 1));
        CHECK_EQ_INT(pl.order[2], goal_at(&f, 3, 1));
        CHECK_EQ_INT(pl.nareas, 1);
        /* Packed counts the filled prefix: the middle goal alone is out of order. */
        push_pos p;
        CHECK(push_pos_init(&p, &f.b) == 0);
        uint16_t box[3] = { (uint16_t)f.b.goal[goal_at(&f, 2, 1)], f.b.start_box[1], f.b.start_box[2] };
        push_pos_load(&p, &f.b, box, f.b.start_player);
        int astray;
        CHECK_EQ_INT(push_plan_packed(&pl, &f.b, &p, &astray), 0);
        CHECK_EQ_INT(astray, 1);
        box[0] = (uint16_t)f.b.goal[goal_at(&f, 1, 1)];
        push_pos_load(&p, &f.b, box, f.b.start_player);
        CHECK_EQ_INT(push_plan_packed(&pl, &f.b, &p, &astray), 1);
        CHECK_EQ_INT(astray, 0);
        push_pos_free(&p);
        push_plan_free(&pl);
    }
    unload(&f);
}

/* Two goals at the ends of a column, boxes coming in only through its middle: taken out one at
 * a time, neither box can leave while the other goal is full (the player would need to stand
 * on it), so the one-box plan gets stuck. Searched together, the boxes get out, one moved out
 * of the other's way for a while, and the plan holds both goals from that search; without
 * parking, none. (Level 5 of levels/sokoban/tessera.xsb.) */
static const char *park_level =
    "#######\n"
    "#@ .  #\n"
    "# # # #\n"
    "# $ $ #\n"
    "# # # #\n"
    "#  .  #\n"
    "#######\n";

static void test_parking(void)
{
    fixture f;
    CHECK(load(&f, &sokoban, park_level));
    if (f.board) {
        for (int park = 0; park <= 1; park++) {
            push_plan pl;
            CHECK(push_plan_init(&pl, &f.b, PUSH_PLAN_FOLLOW | (park ? PUSH_PLAN_PARK : 0)) == 0);
            CHECK_EQ_INT(pl.planned, 2);
            CHECK_EQ_INT(pl.parked, park ? 2 : 0);
            int top = goal_at(&f, 3, 1), bottom = goal_at(&f, 3, 5);
            CHECK(top >= 0 && bottom >= 0 && top != bottom);
            CHECK((pl.order[0] == top && pl.order[1] == bottom) || (pl.order[0] == bottom && pl.order[1] == top));
            push_plan_free(&pl);
        }
    }
    unload(&f);
}

/* The player must be able to follow the plan. Goals A above B close a corridor down to a
 * room. Taken out one at a time from anywhere, C's box goes first (its way back is the
 * shortest but for B's, which is B's from the room), then B's from the room, then A's: filling
 * A, then C, then B from the room below, where the player can no longer get. Followed, the
 * player goes on from where the last box left it: B's box out to the room, then A's (the
 * player is in the room), then C's (A and B are open again): fill C, then A and B. Without
 * PUSH_PLAN_FOLLOW the order is the greedy one. */
static const char *follow_level =
    "########\n"
    "#     @#\n"
    "#. $ $ #\n"
    "####$###\n"
    "#### ###\n"
    "####.###\n"
    "####.###\n"
    "###   ##\n"
    "###   ##\n"
    "###   ##\n"
    "########\n";

static void test_follow(void)
{
    fixture f;
    CHECK(load(&f, &sokoban, follow_level));
    if (f.board) {
        int a = goal_at(&f, 4, 5), b = goal_at(&f, 4, 6), c = goal_at(&f, 1, 2);
        for (int park = 0; park <= 1; park++) {
            push_plan pl;
            CHECK(push_plan_init(&pl, &f.b, PUSH_PLAN_FOLLOW | (park ? PUSH_PLAN_PARK : 0)) == 0);
            CHECK_EQ_INT(pl.planned, 3);
            CHECK_EQ_INT(pl.parked, 0);
            CHECK_EQ_INT(pl.order[0], c);
            CHECK_EQ_INT(pl.order[1], a);
            CHECK_EQ_INT(pl.order[2], b);
            push_plan_free(&pl);
            CHECK(push_plan_init(&pl, &f.b, park ? PUSH_PLAN_PARK : 0) == 0);
            CHECK_EQ_INT(pl.planned, 3);
            CHECK_EQ_INT(pl.order[0], a);
            CHECK_EQ_INT(pl.order[1], c);
            CHECK_EQ_INT(pl.order[2], b);
            push_plan_free(&pl);
        }
    }
    unload(&f);
}

/* A room no box can get into is no sink: a box taken out there would stand for one brought in
 * from there. Here a box can never be pushed into the corridor down to the room (it would
 * have to turn a corner), though the player walks there; the cell the box starts on stays a
 * sink, and the plan is still complete. */
static void test_sinks(void)
{
    fixture f;
    CHECK(load(&f, &sokoban,
               "#########\n"
               "#@ $ .  #\n"
               "#### ####\n"
               "   # #\n"
               "  ## ##\n"
               "  #   #\n"
               "  #   #\n"
               "  #####\n"));
    if (f.board) {
        push_plan pl;
        CHECK(push_plan_init(&pl, &f.b, PUSH_PLAN_FOLLOW) == 0);
        int w = f.st.g->w;
        CHECK_EQ_INT(pl.planned, 1);
        CHECK(pl.sink[f.b.index[1 * w + 3]]);             /* where the box starts */
        for (int y = 5; y <= 6; y++)
            for (int x = 3; x <= 5; x++) CHECK(!pl.sink[f.b.index[y * w + x]]);
        CHECK(pl.room[f.b.index[5 * w + 4]]);             /* a room all the same */
        push_plan_free(&pl);
    }
    unload(&f);
}

static void test_areas(void)
{
    fixture f;
    /* Two goals apart: two areas, each packed on its own. */
    CHECK(load(&f, &sokoban,
               "#########\n"
               "#.  $  .#\n"
               "#   $ @ #\n"
               "#########\n"));
    if (f.board) {
        push_plan pl;
        CHECK(push_plan_init(&pl, &f.b, PUSH_PLAN_FOLLOW) == 0);
        CHECK_EQ_INT(pl.nareas, 2);
        CHECK_EQ_INT(pl.planned, 2);
        for (int j = 0; j < f.b.ngoals; j++) CHECK(pl.order[pl.rank[j]] == j);
        push_plan_free(&pl);
    }
    unload(&f);
}

/* Which sets of full goals can stay while the others are filled. */
static bool fillable(const fixture *f, const push_plan *pl, push_plan_work *w, const int *xy, int count)
{
    uint8_t full[16] = { 0 };
    for (int i = 0; i < count; i++) full[goal_at(f, xy[2 * i], xy[2 * i + 1])] = 1;
    return push_plan_fillable(pl, w, full) == 1;
}

static void test_fillable(void)
{
    fixture f;
    /* The corridor: the deepest goal may be full alone, the middle one may not (the deepest
     * is behind it), nor the first and last together (the middle one is shut in). */
    CHECK(load(&f, &sokoban, corridor_level));
    if (f.board) {
        push_plan pl;
        push_plan_work *w = push_plan_work_new(&f.b);
        CHECK(push_plan_init(&pl, &f.b, PUSH_PLAN_FOLLOW) == 0 && w != NULL);
        CHECK(fillable(&f, &pl, w, NULL, 0));
        CHECK(fillable(&f, &pl, w, (int[]){ 1, 1 }, 1));
        CHECK(fillable(&f, &pl, w, (int[]){ 1, 1, 2, 1 }, 2));
        CHECK(fillable(&f, &pl, w, (int[]){ 1, 1, 2, 1, 3, 1 }, 3));
        CHECK(!fillable(&f, &pl, w, (int[]){ 2, 1 }, 1));
        CHECK(!fillable(&f, &pl, w, (int[]){ 3, 1 }, 1));
        CHECK(!fillable(&f, &pl, w, (int[]){ 1, 1, 3, 1 }, 2));
        push_plan_work_free(w);
        push_plan_free(&pl);
    }
    unload(&f);
    /* A goal room against a wall: a corner may be filled first, in any order, but not three
     * goals around an empty one, which no box can then reach. */
    CHECK(load(&f, &sokoban,
               "##########\n"
               "#.....   #\n"
               "#.....   #\n"
               "#        #\n"
               "# $ $ $ $#\n"
               "#  $ $ $ #\n"
               "# $ $ $  #\n"
               "#   @    #\n"
               "##########\n"));
    if (f.board) {
        push_plan pl;
        push_plan_work *w = push_plan_work_new(&f.b);
        CHECK(push_plan_init(&pl, &f.b, PUSH_PLAN_FOLLOW) == 0 && w != NULL);
        CHECK(fillable(&f, &pl, w, (int[]){ 1, 1, 2, 1, 1, 2 }, 3));
        CHECK(fillable(&f, &pl, w, (int[]){ 5, 1, 5, 2, 3, 2 }, 3));
        CHECK(!fillable(&f, &pl, w, (int[]){ 1, 1, 3, 1, 2, 2 }, 3));
        CHECK(!fillable(&f, &pl, w, (int[]){ 3, 1, 5, 1, 4, 2 }, 3));
        push_plan_work_free(w);
        push_plan_free(&pl);
    }
    unload(&f);
}

/* ===== the meeting set ==================================================================== */

static solve_status solve_with(const state *s, const push_options *o, double seconds, solve_result *r)
{
    solve_limits lim = solve_limits_default();
    lim.seconds = seconds;
    lim.memory_bytes = (size_t)64 << 20;
    return push_solve_with(s, &lim, o, r);
}

/* The goals must be filled deepest first; the backward search, which takes them out nearest
 * first, gets there at once. */
static const char *order_level = PUSH_LEVEL_DEEP_FIRST;

static void test_meet_solves(void)
{
    fixture f;
    CHECK(load(&f, &sokoban, order_level));
    if (f.board) {
        push_options o = push_options_default();
        o.rooms = o.patterns = false;             /* leave it to the backward search */
        solve_result r;
        CHECK_EQ_INT(solve_with(&f.st, &o, 10, &r), SOLVE_SOLVED);
        CHECK(r.method && strcmp(r.method, "meet") == 0);
        CHECK(fixture_replays(&f.st, r.solution));
        solve_result_free(&r);
        /* Without it the classic searches take a great many positions more. */
        o.fess = PUSH_FESS_OFF;
        uint64_t with = 0;
        CHECK_EQ_INT(solve_with(&f.st, &o, 10, &r), SOLVE_SOLVED);
        with = r.nodes;
        solve_result_free(&r);
        o.meet = false;
        solve_status st = solve_with(&f.st, &o, 2, &r);
        CHECK(st == SOLVE_TIMEOUT || r.nodes > 4 * with);
        solve_result_free(&r);
    }
    unload(&f);
}

/* Levels of every kind, for the replay tests. */
static const char *levels[] = {
    "#####\n#@$.#\n#####\n",
    "######\n#    #\n# #@ #\n# $* #\n# .* #\n#    #\n######\n",
    "  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########\n",
    "#######\n#.  @ #\n#$$$  #\n#. #  #\n#.    #\n#######\n",
    "##########\n#...  $  #\n#### $ $@#\n   #     #\n   #######\n",
    "#########\n#   #   #\n# $ $ $ #\n#  ...  #\n#   @   #\n#########\n",
};

/* Levels of every kind the meeting set may finish: every solution replays. */
static void test_meet_replays(void)
{
    for (size_t i = 0; i < sizeof levels / sizeof *levels; i++) {
        fixture f;
        CHECK(load(&f, &sokoban, levels[i]));
        if (!f.board) {
            unload(&f);
            continue;
        }
        for (int variant = 0; variant < 3; variant++) {
            push_options o = push_options_default();
            if (variant >= 1) o.rooms = false;
            if (variant == 2) o.portfolio = false;
            solve_result r;
            CHECK_EQ_INT(solve_with(&f.st, &o, 10, &r), SOLVE_SOLVED);
            CHECK(fixture_replays(&f.st, r.solution));
            solve_result_free(&r);
        }
        unload(&f);
    }
    /* A hex board. */
    fixture f;
    CHECK(load(&f, &hexoban,
               "#######\n"
               "#@    #\n"
               "# $ $ #\n"
               "#  .  #\n"
               "# .   #\n"
               "#######\n"));
    if (f.board) {
        push_options o = push_options_default();
        solve_result r;
        CHECK_EQ_INT(solve_with(&f.st, &o, 10, &r), SOLVE_SOLVED);
        CHECK(fixture_replays(&f.st, r.solution));
        solve_result_free(&r);
    }
    unload(&f);
}

/* ===== the feature-space search ========================================================== */

/* Alone (no classic search), with and without the meeting set, and counting goals filled out
 * of plan order: every solution replays, on square and hex boards. */
static void test_fess_replays(void)
{
    for (int hex = 0; hex < 2; hex++)
        for (size_t i = 0; i < sizeof levels / sizeof *levels + 1; i++) {
            fixture f;
            const char *text = i < sizeof levels / sizeof *levels ? levels[i] : order_level;
            if (hex && i > 0) {
                /* Hex: one small board is enough. */
                if (i > 1) continue;
                text = "#######\n#@    #\n# $ $ #\n#  .  #\n# .   #\n#######\n";
            }
            CHECK(load(&f, hex ? &hexoban : &sokoban, text));
            if (!f.board) {
                unload(&f);
                continue;
            }
            for (int run = 0; run < 3; run++) {
                bool meet = run == 1;
                push_options o = push_options_default();
                o.fess = PUSH_FESS_ALONE;
                o.meet = meet;
                o.free_order = run == 2 ? 2 : 0;  /* goals filled in any order that works */
                solve_result r;
                CHECK_EQ_INT(solve_with(&f.st, &o, 10, &r), SOLVE_SOLVED);
                CHECK(fixture_replays(&f.st, r.solution));
                /* With the meeting set the backward search may get to the start first. */
                CHECK(r.method && (strncmp(r.method, "fess", 4) == 0 || (meet && strcmp(r.method, "meet") == 0)));
                if (!meet) CHECK(r.method && strcmp(r.method, "fess") == 0);
                solve_result_free(&r);
            }
            unload(&f);
        }
}

/* The search keeps every position once, so it is complete: a lost level that the start's
 * tests do not catch is exhausted and reported unsolvable, never timed out. */
static void test_fess_complete(void)
{
    static const char *lost[] = {
        "#######\n#@#   #\n# $. ##\n#  $# #\n#    ##\n##.   #\n#######\n",
        "#######\n# #  @#\n# . . #\n# # $ #\n# $ ###\n#    ##\n#######\n",
        "#######\n#     #\n# .   #\n## #$@#\n#.$  ##\n#     #\n#######\n",
    };
    for (size_t i = 0; i < sizeof lost / sizeof *lost; i++) {
        fixture f;
        CHECK(load(&f, &sokoban, lost[i]));
        if (f.board) {
            push_options o = push_options_default();
            o.fess = PUSH_FESS_ALONE;
            o.meet = false;
            solve_result r;
            CHECK_EQ_INT(solve_with(&f.st, &o, 10, &r), SOLVE_UNSOLVABLE);
            CHECK(r.solution == NULL);
            if (i == 1) CHECK(r.nodes > 0);       /* this one is searched, not lost at the start */
            solve_result_free(&r);
        }
        unload(&f);
    }
}

/* A level the feature-space search takes 24 positions to solve. */
static const char *best_level =
        "##############\n"
        "#     #      #\n"
        "#  ..   ## $ #\n"
        "#  ..#    $# #\n"
        "##  #  ## $  #\n"
        "#   .  # $## #\n"
        "# # .#$ $@#  #\n"
        "#   .. # $ $ #\n"
        "###   ###   ##\n"
        "  #####  #####\n";

/* A feature-space search of the level `text` in f, its plan in pl, the packer as `pack` says,
 * with `memory` bytes, matching the store *sets when sets is not NULL (made here, freed by the
 * caller); NULL (f and pl freed) when that cannot be made. */
static push_fess *fess_search(fixture *f, push_plan *pl, const char *text, int pack, size_t memory,
                              push_deadsets **sets)
{
    CHECK(load(f, &sokoban, text));
    if (!f->board || push_plan_init(pl, &f->b, PUSH_PLAN_FOLLOW) != 0) {
        unload(f);
        CHECK(false);
        return NULL;
    }
    push_search_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.opt = push_options_default();
    cfg.opt.pack = pack;
    cfg.memory = memory;
    cfg.name = "fess";
    if (sets) {
        *sets = push_deadsets_new(&f->b, (size_t)1 << 20);
        cfg.sets = *sets;
    }
    push_fess *fs = (!sets || *sets) ? push_fess_new(&f->b, pl, &cfg) : NULL;
    if (!fs) {
        if (sets) push_deadsets_free(*sets);
        push_plan_free(pl);
        unload(f);
    }
    return fs;
}

/* best_level's search with 32 MiB. */
static push_fess *best_level_search(fixture *f, push_plan *pl, int pack, push_deadsets **sets)
{
    push_fess *fs = fess_search(f, pl, best_level, pack, (size_t)32 << 20, sets);
    CHECK(fs != NULL);
    return fs;
}

/* The way to the position of the best score so far (what `bench --diagnose` solves further):
 * after a few moves it is legal, it pushes, and it leaves at least as many boxes on goals as
 * that score counts packed; none is written for a search that has not started. */
static void test_fess_best(void)
{
    fixture f;
    push_plan pl;
    push_fess *fs = best_level_search(&f, &pl, 0, NULL);   /* the packer solves it within the turns */
    if (!fs) return;                               /* (f and pl freed) */
    {
        solve_result r;
        memset(&r, 0, sizeof r);
        CHECK(!push_fess_write_best(fs, &r));      /* not started: no position yet */
        CHECK(push_fess_start(fs));
        for (int turn = 0; turn < 5; turn++) push_fess_run(fs, 4);   /* it solves the level in 24 positions */
        push_fess_state st = push_fess_state_of(fs);
        CHECK(!st.solved && st.nodes >= 10);
        CHECK(st.best_score_packed >= 1);
        CHECK(push_fess_write_best(fs, &r));
        if (r.solution) {
            state s;
            CHECK(state_copy(&s, &f.st) == 0);
            s.hist.disabled = true;
            int bad;
            engine_play_lurd(&s, r.solution, &bad);
            CHECK_EQ_INT(bad, -1);
            CHECK(s.pushes > 0 && s.pushes == r.pushes && !state_solved(&s));
            int on_goals = 0;
            for (int c = 0; c < s.g->ncells; c++) on_goals += state_box_on_goal(&s, c);
            CHECK(on_goals >= st.best_score_packed);
            state_free(&s);
        }
        solve_result_free(&r);
    }
    push_fess_free(fs);
    push_plan_free(&pl);
    unload(&f);
}

/* The packer (push_options.pack) fills the plan's next goals where the best position's moves
 * do not: the level test_fess_best leaves unsolved after 20 moves is solved within them, and
 * the way, the packer's relocations among the moves, replays to solved. */
static void test_fess_packer(void)
{
    fixture f;
    push_plan pl;
    push_fess *fs = best_level_search(&f, &pl, 1, NULL);
    if (!fs) return;                               /* (f and pl freed) */
    {
        CHECK(push_fess_start(fs));
        for (int turn = 0; turn < 5; turn++) push_fess_run(fs, 4);
        push_fess_state st = push_fess_state_of(fs);
        CHECK(st.solved);
        CHECK(st.nodes < 24);
        solve_result r;
        memset(&r, 0, sizeof r);
        CHECK(push_fess_write(fs, &r));
        CHECK(fixture_replays(&f.st, r.solution));
        solve_result_free(&r);
    }
    push_fess_free(fs);
    push_plan_free(&pl);
    unload(&f);
}

/* Dead sets that reach the store from elsewhere (push_fess_sets_grew: another attempt's, through
 * the log of shared sets) drop the waiting positions that hold them before their moves are
 * played; without the call, only positions made from then on are matched. The set here is the
 * first two boxes where they start, so every waiting position that has not moved them holds it. */
static void test_fess_sets_grew(void)
{
    for (int grew = 0; grew < 2; grew++) {
        fixture f;
        push_plan pl;
        push_deadsets *sets = NULL;
        push_fess *fs = best_level_search(&f, &pl, 0, &sets);
        if (!fs) return;                           /* (f, pl and sets freed) */
        CHECK(push_fess_start(fs));
        push_fess_run(fs, 4);
        push_fess_state before = push_fess_state_of(fs);
        CHECK(!before.solved && before.killed == 0);
        push_deadset_spec s;
        memset(&s, 0, sizeof s);
        s.count = 2;
        s.cell[0] = f.b.start_box[0], s.cell[1] = f.b.start_box[1];
        s.nregions = -1;
        CHECK(push_deadsets_add(sets, &s));
        if (grew) push_fess_sets_grew(fs);
        for (int turn = 0; turn < 4; turn++) push_fess_run(fs, 4);
        push_fess_state after = push_fess_state_of(fs);
        CHECK_EQ_INT(after.shrunk, 0);
        if (grew) CHECK(after.killed > 0);
        else CHECK_EQ_INT(after.killed, 0);
        push_fess_free(fs);
        push_deadsets_free(sets);
        push_plan_free(&pl);
        unload(&f);
    }
    push_fess_sets_grew(NULL);
}

/* Runs the search to its end: solved, exhausted or out of memory. */
static push_fess_state run_to_end(push_fess *fs)
{
    CHECK(push_fess_start(fs));
    push_fess_state st = push_fess_state_of(fs);
    for (int turn = 0; turn < 1000000 && !st.solved && !st.exhausted && !st.out_of_memory; turn++) {
        push_fess_run(fs, 16);
        st = push_fess_state_of(fs);
    }
    return st;
}

/* A level the search solves in about a hundred positions, holding some 10,000 moves, and one
 * it proves lost after some 25,000 (both drawn at random). */
static const char *trim_solved =
    "############\n"
    "##  #    .##\n"
    "##     $ . #\n"
    "# . $  $#$.#\n"
    "### $##    #\n"
    "#  $  ..   #\n"
    "#   $#     #\n"
    "#   .  # @ #\n"
    "## #   ##  #\n"
    "############\n";
static const char *trim_lost =
    "###########\n"
    "#       # #\n"
    "# #  #@   #\n"
    "#  $$  $. #\n"
    "#.$. $    #\n"
    "###.  #.# #\n"
    "# $.   #  #\n"
    "#  #  #  ##\n"
    "###########\n";

/* When the budget stops the moves from growing, each position keeps only its best moves left
 * and the search goes on. The least budget (in 16 KiB steps) that solves trim_solved is one
 * where the moves were trimmed: before, that budget ran out of memory. The solution replays.
 * With moves trimmed, a search that runs out of them has not proved the level lost: on
 * trim_lost, which it proves lost with room to spare, it then says it ran out of memory. */
static void test_fess_trims(void)
{
    bool solved = false;
    for (size_t kb = 256; kb <= 8192 && !solved; kb += 16) {
        fixture f;
        push_plan pl;
        push_fess *fs = fess_search(&f, &pl, trim_solved, 0, kb << 10, NULL);
        if (!fs) continue;                         /* (f and pl freed) too little for the start */
        push_fess_state st = run_to_end(fs);
        if (st.solved) {
            solved = true;
            CHECK(st.trims > 0);
            CHECK(st.moves_held > 0);
            solve_result r;
            memset(&r, 0, sizeof r);
            CHECK(push_fess_write(fs, &r));
            CHECK(fixture_replays(&f.st, r.solution));
            solve_result_free(&r);
        } else {
            CHECK(st.out_of_memory && !st.exhausted);
        }
        push_fess_free(fs);
        push_plan_free(&pl);
        unload(&f);
    }
    CHECK(solved);

    int proved = 0, trimmed = 0;
    for (size_t kb = 8192; kb >= 512 && !trimmed; kb /= 2) {
        fixture f;
        push_plan pl;
        push_fess *fs = fess_search(&f, &pl, trim_lost, 0, kb << 10, NULL);
        if (!fs) break;
        push_fess_state st = run_to_end(fs);
        CHECK(!st.solved);
        if (st.trims > 0) {
            trimmed++;
            CHECK(st.out_of_memory && !st.exhausted);
        } else if (st.exhausted) {
            proved++;
        }
        push_fess_free(fs);
        push_plan_free(&pl);
        unload(&f);
    }
    CHECK(proved > 0);
    CHECK_EQ_INT(trimmed, 1);
}

int main(void)
{
    rules_sokoban(&sokoban);
    rules_sokoban(&hexoban);
    hexoban.topo = TOPO_HEX;
    test_corridor_order();
    test_parking();
    test_sinks();
    test_follow();
    test_areas();
    test_fillable();
    test_meet_solves();
    test_meet_replays();
    test_fess_replays();
    test_fess_complete();
    test_fess_best();
    test_fess_packer();
    test_fess_sets_grew();
    test_fess_trims();
    return check_summary("test_push_plan");
}
