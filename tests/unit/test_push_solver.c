/* test_push_solver.c: the push-puzzle solver and its deadlock queries: solutions replay to
 * solved (square, hex, coloured goals), lost levels are proved lost, the detectors agree with
 * hand-made positions, budgets stop the search, optimal mode matches a brute force, 240 random
 * boards (square and hex) get the brute force's verdict, and the first Microban levels solve. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "push_levels.h"
#include "push_brute.h"
#include "shared_levels.h"
#include "core/engine.h"
#include "core/level.h"
#include "core/state.h"
#include "solve/push_board.h"
#include "solve/push_solve.h"

static ruleset sokoban;

/* ===== helpers ============================================================================ */

typedef struct fixture {
    levelset set;
    state st;
    bool ok;
} fixture;

static bool load(fixture *f, const ruleset *r, const char *text)
{
    error err;
    memset(f, 0, sizeof *f);
    if (levelset_parse(&f->set, "test.xsb", text, strlen(text), FORMAT_XSB, r, &err) != 0) {
        fprintf(stderr, "parse: %s\n", err.msg);
        return false;
    }
    f->ok = state_init(&f->st, &f->set.levels[0], r) == 0;
    return f->ok;
}

static void unload(fixture *f)
{
    if (f->ok) state_free(&f->st);
    levelset_free(&f->set);
}

/* Replays a solution on a fresh copy of the level; true when it ends solved. A digit (levels
 * with several players) selects the player slot, 1-based, for the letters after it. */
static bool replays_to_solved(const state *start, const char *lurd)
{
    state s;
    if (!lurd || state_init(&s, start->lv, start->rules) != 0) return false;
    bool ok = true;
    char part[4096];
    for (const char *p = lurd; ok && *p; ) {
        if (*p >= '1' && *p <= '9') {
            ok = engine_select_player(&s, *p++ - '1') == 0;
            continue;
        }
        size_t n = strcspn(p, "123456789");
        if (n >= sizeof part) return false;
        memcpy(part, p, n);
        part[n] = 0;
        int bad;
        engine_play_lurd(&s, part, &bad);
        ok = bad < 0;
        p += n;
    }
    ok = ok && state_solved(&s);
    state_free(&s);
    return ok;
}

static int count_upper(const char *s)
{
    int n = 0;
    for (; s && *s; s++) n += *s >= 'A' && *s <= 'Z';
    return n;
}

static solve_status solve(const state *s, bool optimal, double seconds, solve_result *out)
{
    solve_limits lim = solve_limits_default();
    lim.optimal = optimal;
    lim.seconds = seconds;
    lim.memory_bytes = (size_t)64 << 20;
    return push_solve(s, &lim, out);
}

/* Solves, checks the solution replays and its figures add up; returns the push count. */
static long solve_and_replay(const state *s, bool optimal)
{
    solve_result r;
    solve_status st = solve(s, optimal, 10.0, &r);
    CHECK_EQ_INT(st, SOLVE_SOLVED);
    CHECK_EQ_INT(r.status, SOLVE_SOLVED);
    long pushes = -1;
    if (st == SOLVE_SOLVED) {
        CHECK(replays_to_solved(s, r.solution));
        CHECK_EQ_INT((long)strlen(r.solution), r.moves);
        CHECK_EQ_INT(count_upper(r.solution), r.pushes);
        CHECK(r.optimal == optimal);
        pushes = r.pushes;
    } else {
        fprintf(stderr, "  status %s: %s\n", solve_status_name(st), r.message);
    }
    solve_result_free(&r);
    return pushes;
}

/* ===== solving ============================================================================ */

static void test_small_levels(void)
{
    const char *levels[] = {
        "#####\n#@$.#\n#####\n",
        "######\n#    #\n# #@ #\n# $* #\n# .* #\n#    #\n######\n",
        "  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########\n",
        "#######\n#.  @ #\n#$$$  #\n#. #  #\n#.    #\n#######\n",
        /* a tunnel the box must travel through */
        "##########\n#@$     .#\n##########\n",
    };
    for (size_t i = 0; i < sizeof levels / sizeof *levels; i++) {
        fixture f;
        CHECK(load(&f, &sokoban, levels[i]));
        if (f.ok) solve_and_replay(&f.st, false);
        unload(&f);
    }
}

static void test_already_solved(void)
{
    const char *levels[] = {
        "#####\n#@ *#\n#####\n",
        /* The box the frozen ones shut the player off from is on its goal too. */
        "#######\n#   * #\n###*###\n  #*#\n  #@#\n  ###\n",
    };
    for (size_t i = 0; i < sizeof levels / sizeof *levels; i++) {
        fixture f;
        CHECK(load(&f, &sokoban, levels[i]));
        solve_result r;
        CHECK_EQ_INT(solve(&f.st, false, 5, &r), SOLVE_SOLVED);
        CHECK(r.solution && r.solution[0] == 0);
        CHECK_EQ_INT(r.pushes, 0);
        solve_result_free(&r);
        unload(&f);
    }
}

static void test_mid_game_start(void)
{
    /* The solver starts from the state as it is, not from the level's start. */
    fixture f;
    CHECK(load(&f, &sokoban, "#######\n#@ $ .#\n#######\n"));
    CHECK_EQ_INT(engine_move(&f.st, DIR_RIGHT), MOVE_WALK);
    CHECK_EQ_INT(engine_move(&f.st, DIR_RIGHT), MOVE_PUSH);
    solve_result r;
    CHECK_EQ_INT(solve(&f.st, true, 5, &r), SOLVE_SOLVED);
    CHECK_EQ_INT(r.pushes, 1);
    CHECK(r.solution && strcmp(r.solution, "R") == 0);
    solve_result_free(&r);
    unload(&f);
}

static void test_hex_level(void)
{
    ruleset hex;
    rules_sokoban(&hex);
    hex.topo = TOPO_HEX;
    const char *text =
        "#######\n"
        "#@    #\n"
        "# $ $ #\n"
        "#  .  #\n"
        "# .   #\n"
        "#######\n";
    fixture f;
    CHECK(load(&f, &hex, text));
    if (f.ok) {
        CHECK_EQ_INT(f.st.g->ndirs, 6);
        solve_result r;
        CHECK_EQ_INT(solve(&f.st, false, 10, &r), SOLVE_SOLVED);
        if (r.solution) {
            CHECK(replays_to_solved(&f.st, r.solution));
            CHECK(strspn(r.solution, "dczaqeDCZAQE") == strlen(r.solution));
        }
        solve_result_free(&r);
        long pushes = solve_and_replay(&f.st, true);
        CHECK_EQ_INT(pushes, brute_force_pushes(&f.st));
    }
    unload(&f);
}

/* A red box and a plain box; the red goal takes only the red box, the plain goal any box. */
static void coloured_rules(ruleset *r)
{
    rules_sokoban(r);
    int floor = rules_find_tile(r, "floor");
    int red_box = rules_add_tile(r, "red box", LAYER_OBJECT, TILE_PUSHABLE, 1, NULL);
    int red_goal = rules_add_tile(r, "red goal", LAYER_FLOOR, TILE_GOAL, 1, NULL);
    rules_set_glyph(r, 'r', floor, red_box);
    rules_set_glyph(r, 'R', red_goal, 0);
    rules_set_glyph(r, 'X', red_goal, red_box);
}

static void test_coloured_goals(void)
{
    ruleset col;
    coloured_rules(&col);
    /* The plain box starts next to the red goal and the red box next to the plain one, so
     * the nearest goals are the wrong ones. */
    const char *text =
        "########\n"
        "#      #\n"
        "# R $  #\n"
        "#   @  #\n"
        "# . r  #\n"
        "#      #\n"
        "########\n";
    fixture f;
    CHECK(load(&f, &col, text));
    if (f.ok) {
        solve_and_replay(&f.st, false);
        solve_and_replay(&f.st, true);
    }
    unload(&f);
    /* Only a red goal for the plain box: lost from the start. */
    CHECK(load(&f, &col, "#######\n#@$ R #\n#######\n"));
    if (f.ok) {
        solve_result r;
        CHECK_EQ_INT(solve(&f.st, false, 5, &r), SOLVE_UNSOLVABLE);
        solve_result_free(&r);
    }
    unload(&f);
}

/* Goals at the end of a dead-end corridor: they must be filled from the far end. */
static const char *goal_room_level =
    "##########\n"
    "#...  $  #\n"
    "#### $ $@#\n"
    "   #     #\n"
    "   #######\n";

/* Every technique can be switched off: the solver still solves, and in optimal mode finds the
 * same push count (none of them may cost optimality). */
static void test_switches(void)
{
    const char *levels[] = {
        goal_room_level,
        "#######\n#.  @ #\n#$$$  #\n#. #  #\n#.    #\n#######\n",
        "########\n#.   $ #\n#  ##  #\n#@ $  .#\n########\n",
    };
    for (size_t i = 0; i < sizeof levels / sizeof *levels; i++) {
        fixture f;
        CHECK(load(&f, &sokoban, levels[i]));
        if (!f.ok) continue;
        long best = -1;
        for (int off = 0; off <= 31; off++) {
            push_options o = push_options_default();
            if (off == 1) o.freeze = false;
            if (off == 2) o.corral = false;
            if (off == 3) o.tunnels = false;
            if (off == 4) o.player_bound = false;
            if (off == 5) o.portfolio = false;
            if (off == 6) o.rooms = false;
            if (off == 7) o.patterns = false;
            if (off == 8) o.corral_dead = false;
            if (off == 9) o.deadsets = false;
            if (off == 10) o.pairs = false;
            if (off == 11) o.meet = false;
            if (off == 12) o.fess = PUSH_FESS_OFF;
            if (off == 13) o.fess = PUSH_FESS_ALONE;     /* and the others off: it alone */
            if (off == 14) o = (push_options){ 0 };
            if (off == 15) o.fess = PUSH_FESS_ALONE, o.advisors = false;
            if (off == 16) o.fess = PUSH_FESS_ALONE, o.hotspots = false;
            if (off == 17) o.fess = PUSH_FESS_ALONE, o.out_of_plan = false;
            if (off == 18) o.fess = PUSH_FESS_ALONE, o.probe = false;
            if (off == 19) o.fess = PUSH_FESS_ALONE, o.shrink = false;
            if (off == 20) o.turns = 1;
            if (off == 21) o.fess = PUSH_FESS_ALONE, o.free_order = 0;
            if (off == 22) o.fess = PUSH_FESS_ALONE, o.free_order = 2;
            if (off == 23) o.replan = 0;
            if (off == 24) o.park = false;
            if (off == 25) o.follow = 0;
            if (off == 26) o.follow = 2;
            if (off == 27) o.pack = 0;
            if (off == 28) o.pack = 2;                   /* the packer in every attempt */
            if (off == 29) o.fess = PUSH_FESS_ALONE, o.pack = 2;
            if (off == 30) o.share = false;
            if (off == 31) o.replan_share = 0;
            for (int optimal = 0; optimal < 2; optimal++) {
                solve_limits lim = solve_limits_default();
                lim.optimal = optimal;
                lim.memory_bytes = (size_t)32 << 20;
                solve_result r;
                CHECK_EQ_INT(push_solve_with(&f.st, &lim, &o, &r), SOLVE_SOLVED);
                CHECK(replays_to_solved(&f.st, r.solution));
                if (optimal && best < 0) best = r.pushes;
                if (optimal) CHECK_EQ_INT(r.pushes, best);
                solve_result_free(&r);
            }
        }
        CHECK_EQ_INT(best, brute_force_pushes(&f.st));
        unload(&f);
    }
}

/* ===== turned and mirrored copies ======================================================== */

/* XSB text turned by symmetry k of the square (bit 0: mirror left to right, bit 1: upside
 * down, bit 2: rows and columns swapped first). The result is malloc'd. */
static char *turned_text(const char *text, int k)
{
    char rows[32][33];
    int h = 0, w = 0;
    memset(rows, ' ', sizeof rows);
    for (const char *p = text; *p && h < 32; h++) {
        size_t n = strcspn(p, "\n");
        memcpy(rows[h], p, n < 32 ? n : 32);
        if ((int)n > w) w = (int)n;
        p += n + (p[n] == '\n');
    }
    int tw = k & 4 ? h : w, th = k & 4 ? w : h;
    char *out = malloc((size_t)(tw + 1) * (size_t)th + 1), *o = out;
    for (int y = 0; y < th; y++) {
        for (int x = 0; x < tw; x++) {
            int sx = k & 1 ? tw - 1 - x : x, sy = k & 2 ? th - 1 - y : y;
            *o++ = k & 4 ? rows[sx][sy] : rows[sy][sx];
        }
        while (o > out && o[-1] == ' ') o--;
        *o++ = '\n';
    }
    *o = 0;
    return out;
}

/* The solver sees a level and its turned and mirrored copies as one board (numbered in the
 * level's canonical orientation), so it behaves the same on all of them: the same positions
 * in the same order. Each turn of that board (the attempts' other tie-breaks) solves the level
 * with moves that replay on the copy as given. */
static void test_turned_copies(void)
{
    const char *levels[] = {
        goal_room_level,
        "########\n#.   $ #\n#  ##  #\n#@ $  .#\n########\n",
        "#######\n#.  @ #\n#$$$  #\n#. #  #\n#.    #\n#######\n",
    };
    for (size_t i = 0; i < sizeof levels / sizeof *levels; i++) {
        push_board first;
        bool have_first = false;
        uint64_t nodes = 0;
        long pushes = 0;
        for (int k = 0; k < 8; k++) {
            char *text = turned_text(levels[i], k);
            fixture f;
            CHECK(load(&f, &sokoban, text));
            push_board b;
            char msg[160];
            if (f.ok && push_board_init(&b, &f.st, msg, sizeof msg) == PUSH_BOARD_OK) {
                if (!have_first) {
                    first = b;
                    have_first = true;
                } else {
                    CHECK_EQ_INT(b.n, first.n);
                    CHECK_EQ_INT(b.ngoals, first.ngoals);
                    CHECK_EQ_INT(b.nboxes, first.nboxes);
                    CHECK_EQ_INT(b.start_player, first.start_player);
                    if (b.n == first.n && b.ngoals == first.ngoals && b.nboxes == first.nboxes) {
                        CHECK(memcmp(b.nbr, first.nbr, sizeof *b.nbr * (size_t)b.n * (size_t)b.ndirs) == 0);
                        CHECK(memcmp(b.goal, first.goal, sizeof *b.goal * (size_t)b.ngoals) == 0);
                        CHECK(memcmp(b.start_box, first.start_box, sizeof *b.start_box * (size_t)b.nboxes) == 0);
                    }
                    push_board_free(&b);
                }
            }
            if (f.ok) {
                /* Optimal mode is deterministic: the same positions on every copy. */
                solve_result r;
                CHECK_EQ_INT(solve(&f.st, true, 10.0, &r), SOLVE_SOLVED);
                CHECK(replays_to_solved(&f.st, r.solution));
                if (k == 0) nodes = r.nodes, pushes = r.pushes;
                CHECK_EQ_INT((long)r.nodes, (long)nodes);
                CHECK_EQ_INT(r.pushes, pushes);
                solve_result_free(&r);
                /* Every turn alone, in anytime mode. */
                for (int turn = 0; turn < 8; turn++) {
                    push_options o = push_options_default();
                    o.turns = 1;
                    o.turn = turn;
                    solve_limits lim = solve_limits_default();
                    lim.memory_bytes = (size_t)64 << 20;
                    CHECK_EQ_INT(push_solve_with(&f.st, &lim, &o, &r), SOLVE_SOLVED);
                    CHECK(replays_to_solved(&f.st, r.solution));
                    solve_result_free(&r);
                }
            }
            unload(&f);
            free(text);
        }
        if (have_first) push_board_free(&first);
    }
}

/* The goals must be filled deepest first: searches that do not know it wander for long. */
static const char *deep_first_level = PUSH_LEVEL_DEEP_FIRST;

/* Attempts in several turns take turns within the budget. A weak portfolio (a plain greedy
 * search) wanders on this level in turns 2 to 5 of its board and solves it at once in turn 6:
 * the four wanderers run out of time together, on time, and say so; all eight turns, from
 * turn 2 on, solve it once the first has had its work alone (403,084 positions, 1.2 s on a
 * quiet machine, 11 s under AddressSanitizer; the budget there is only a cap, generous because
 * a loaded CI machine once took six times as long as here). The budgets count CPU time, so
 * other processes do not eat them. */
static void test_attempts(void)
{
    fixture f;
    CHECK(load(&f, &sokoban, deep_first_level));
    if (f.ok) {
        solve_clock_use_cpu(true);
        for (int turns = 1; turns <= 8; turns *= 2) {
            if (turns == 2) continue;
            solve_limits lim = solve_limits_default();
            lim.seconds = turns == 8 ? 120.0 : 0.8;
            lim.memory_bytes = (size_t)256 << 20;
            push_options o = push_options_default();
            o.portfolio = o.rooms = o.patterns = o.corral = o.freeze = o.meet = false;
            o.fess = PUSH_FESS_OFF;
            o.turn = 2;
            o.turns = turns;
            solve_result r;
            double t0 = solve_clock();
            solve_status st = push_solve_with(&f.st, &lim, &o, &r);
            if (turns < 8) {
                CHECK_EQ_INT(st, SOLVE_TIMEOUT);
                CHECK(solve_clock() - t0 < 1.5);
                CHECK_STR_HAS(r.message, "time");
                CHECK(r.nodes > 0 && r.solution == NULL);
            } else {
                CHECK_EQ_INT(st, SOLVE_SOLVED);
                CHECK(replays_to_solved(&f.st, r.solution));
            }
            solve_result_free(&r);
        }
        solve_clock_use_cpu(false);
    }
    unload(&f);
}

/* The attempts take turns by work, not by the clock: a solve that needs several of them goes
 * the same way every time, however fast the machine is (here: plain, with a progress handler
 * that takes a while on each report, and plain again; the classic searches alone, in eight
 * attempts). When the turns went by the clock, the three solves made different numbers of
 * positions (144 268, 145 164 and 145 036). */
static volatile unsigned long burned;
static void slow_progress(void *ud, uint64_t nodes, double seconds, int bound)
{
    (void)ud, (void)nodes, (void)seconds, (void)bound;
    double t0 = solve_clock();
    while (solve_clock() - t0 < 0.05) burned++;
}

static void test_repeatable(void)
{
    fixture f;
    CHECK(load(&f, &sokoban, deep_first_level));
    if (!f.ok) return;
    solve_result r[3];
    for (int run = 0; run < 3; run++) {
        solve_limits lim = solve_limits_default();
        lim.seconds = 120;                        /* never reached, even under the sanitizers */
        lim.memory_bytes = (size_t)256 << 20;
        if (run == 1) lim.progress = slow_progress;
        push_options o = push_options_default();
        o.portfolio = o.rooms = o.patterns = o.corral = o.freeze = o.meet = false;
        o.fess = PUSH_FESS_OFF;
        o.turn = 2;
        o.turns = 8;
        CHECK_EQ_INT(push_solve_with(&f.st, &lim, &o, &r[run]), SOLVE_SOLVED);
        CHECK(replays_to_solved(&f.st, r[run].solution));
    }
    CHECK(r[0].nodes > 400000);                   /* past the first attempt's work alone (SOLO_WORK) */
    for (int run = 1; run < 3; run++) {
        CHECK_EQ_INT((long)r[run].nodes, (long)r[0].nodes);
        CHECK(r[0].solution && r[run].solution && strcmp(r[run].solution, r[0].solution) == 0);
    }
    for (int run = 0; run < 3; run++) solve_result_free(&r[run]);
    unload(&f);
}

/* A work budget (solve_limits.work) ends a solve at the same place every time, whatever the
 * clock says: the attempts go by work, and a lone attempt's turns end after a round rather
 * than by the clock when such a budget is set (with turns of 0.1 s of the clock, two solves of
 * one attempt stopped by work made different numbers of positions). */
static void test_work_budget(void)
{
    fixture f;
    CHECK(load(&f, &sokoban, deep_first_level));
    if (!f.ok) return;
    for (int turns = 1; turns <= 5; turns += 4) {
        solve_result r[2];
        for (int run = 0; run < 2; run++) {
            solve_limits lim = solve_limits_default();
            lim.seconds = 120;                    /* never reached, even under the sanitizers */
            lim.memory_bytes = (size_t)256 << 20;
            lim.work = 60000;
            if (run == 1) lim.progress = slow_progress;
            push_options o = push_options_default();
            o.portfolio = o.rooms = o.patterns = o.corral = o.freeze = o.meet = false;
            o.fess = PUSH_FESS_OFF;
            o.turns = turns;
            CHECK_EQ_INT(push_solve_with(&f.st, &lim, &o, &r[run]), SOLVE_TIMEOUT);
            CHECK(strcmp(r[run].message, "work budget used up") == 0);
            CHECK(r[run].work >= 60000 && r[run].work < 60000 + 20000);
            CHECK(r[run].seconds < 60);
        }
        CHECK_EQ_INT((long)r[1].nodes, (long)r[0].nodes);
        CHECK_EQ_INT((long)r[1].work, (long)r[0].work);
        for (int run = 0; run < 2; run++) solve_result_free(&r[run]);
    }
    /* Room to spare: solved, and the work it took is told. */
    solve_limits lim = solve_limits_default();
    lim.seconds = 120;
    lim.work = 50000000;
    solve_result r;
    CHECK_EQ_INT(push_solve_with(&f.st, &lim, NULL, &r), SOLVE_SOLVED);
    CHECK(r.work > 0 && r.work < lim.work);
    CHECK(replays_to_solved(&f.st, r.solution));
    solve_result_free(&r);
    unload(&f);
}

/* Whose turn it is (push_next_turn): the first attempt alone until its solo work is done; then
 * the one with the least work; an attempt that gave its turns away (a child of it won
 * nothing) only once no other can run, but then it does: the solve goes on until its time is
 * up. (Before, such an attempt was over for good, and a solve whose other attempts filled
 * their memory stopped early: Sasquatch 27 at 60 s after 45 s.) */
static void test_turns(void)
{
    push_turn t[3] = { { true, false, 10 }, { true, false, 0 }, { true, false, 0 } };
    CHECK_EQ_INT(push_next_turn(t, 3, 100), 0);           /* alone at first */
    t[0].work = 100;
    CHECK_EQ_INT(push_next_turn(t, 3, 100), 1);           /* then the least work */
    t[1].work = 150;
    CHECK_EQ_INT(push_next_turn(t, 3, 100), 2);
    t[0].work = 10, t[0].resting = true;                  /* gave its turns away while alone */
    CHECK_EQ_INT(push_next_turn(t, 3, 100), 2);
    t[2].paused = false;                                  /* out of memory */
    CHECK_EQ_INT(push_next_turn(t, 3, 100), 1);
    t[1].paused = false;
    CHECK_EQ_INT(push_next_turn(t, 3, 100), 0);           /* the resting one goes on */
    t[1].paused = true, t[1].resting = true, t[1].work = 5;
    CHECK_EQ_INT(push_next_turn(t, 3, 100), 1);           /* resting ones take turns by work */
    t[0].paused = t[1].paused = false;
    CHECK_EQ_INT(push_next_turn(t, 3, 100), -1);
    CHECK_EQ_INT(push_next_turn(t, 0, 100), -1);
}

/* Starting over (push_options.replan), with the feature-space search alone told to start over
 * as soon as its best position has stood for as many positions as it took to reach it:
 *  - Crooked Hall: a child started from the best position solves it;
 *  - Hourglass: a child's child does;
 *  - Long Shelf: children are proved lost, the parent goes on, and a later child solves it;
 *  - Bottleneck: every child is proved lost and the first search solves it itself (a lost
 *    child is never taken for a lost level).
 * Each solution, the way to the child's start and the child's moves, replays, with its move
 * and push counts right. Without starting over, no solution says it started over. (Levels
 * 8, 14, 15 and 13 of levels/sokoban/tessera.xsb.) */
static void test_replan(void)
{
    static const char *const levels[] = {
        "  #####\n###@  #\n# $$# #\n# . . #\n## .$ #\n #   ##\n #####\n",
        "#########\n#@  #   #\n# .$  . #\n##  #  ##\n# .$$$. #\n#   #   #\n#########\n",
        "  ########\n  #      #\n### #### #\n#@$... $ #\n# #$ $## #\n# $..    #\n#  #    ##\n#########\n",
        "##########\n#    #   #\n#  .$  . #\n### ##$# #\n#@$.  *  #\n#  #     #\n##########\n",
    };
    for (int i = 0; i < 4; i++) {
        fixture f;
        CHECK(load(&f, &sokoban, levels[i]));
        if (!f.ok) continue;
        for (int replan = 0; replan <= 1; replan++) {
            solve_limits lim = solve_limits_default();
            lim.seconds = 20;
            lim.memory_bytes = (size_t)256 << 20;
            push_options o = push_options_default();
            o.fess = PUSH_FESS_ALONE;
            o.meet = o.pairs = false;             /* nothing timed: the same search everywhere */
            o.turns = 1;
            o.replan = replan;
            solve_result r;
            CHECK_EQ_INT(push_solve_with(&f.st, &lim, &o, &r), SOLVE_SOLVED);
            CHECK(replays_to_solved(&f.st, r.solution));
            CHECK_EQ_INT((long)(r.solution ? strlen(r.solution) : 0), r.moves);
            CHECK_EQ_INT(count_upper(r.solution), r.pushes);
            bool replanned = r.method && strncmp(r.method, "replan+", 7) == 0;
            CHECK(replanned == (replan == 1 && i < 3));
            if (replanned != (replan == 1 && i < 3)) fprintf(stderr, "  level %d replan %d: method %s\n", i, replan, r.method);
            solve_result_free(&r);
        }
        unload(&f);
    }
}

/* A child that starts over from a best position that is lost, but not provably so by the
 * small searches, would keep its attempt's turns for good; with a share of the work
 * (push_options.replan_share) it gives up and its parent goes on. XSokoban 25 (from the
 * shared benchmark data, when it is there), the first attempt in turn 5: solved with 400,000
 * units of work with the share (in 272,546), not with 600,000 without it (the first
 * attempt's child, made after 107,493 units, then has every turn). By work, so the same on
 * any machine. */
static void test_replan_share(void)
{
    levelset set;
    if (!shared_levels(&set, "xsokoban90.xsb", &sokoban, 90)) return;
    state st;
    CHECK(state_init(&st, &set.levels[24], &sokoban) == 0);
    for (int share = 0; share <= 1; share++) {
        solve_limits lim = solve_limits_default();
        lim.seconds = 600;                        /* the work budget decides */
        lim.work = share ? 400000 : 600000;
        push_options o = push_options_default();
        o.turn = 5;
        if (!share) o.replan_share = 0;
        solve_result r;
        solve_status status = push_solve_with(&st, &lim, &o, &r);
        CHECK_EQ_INT(status, share ? SOLVE_SOLVED : SOLVE_TIMEOUT);
        if (share) CHECK(replays_to_solved(&st, r.solution));
        else CHECK(strstr(r.message, "work budget") != NULL);
        if (status != (share ? SOLVE_SOLVED : SOLVE_TIMEOUT))
            fprintf(stderr, "  share %d: %s after %llu units (%s)\n", share, solve_status_name(status),
                    (unsigned long long)r.work, r.message);
        solve_result_free(&r);
    }
    state_free(&st);
    levelset_free(&set);
}

/* ===== lost levels ======================================================================== */

static void test_unsolvable(void)
{
    const char *levels[] = {
        "#####\n#$ .#\n#@  #\n#####\n",                   /* a box in a corner */
        "#######\n# $$ .#\n#@   .#\n#######\n",             /* two boxes frozen on a wall */
        "#######\n#@$ #.#\n#######\n",                      /* the goal cannot be reached */
        /* Two boxes frozen on their goals shut the player in below them, and the box above is
         * off its goal: walled up, the frozen boxes cut the player off from it, so it never
         * moves. (The board used to leave that box out once they were walled up, and said
         * solved with no moves, a solution that does not replay.) */
        "#######\n#.  $ #\n###*###\n  #*#\n  #@#\n  ###\n",
    };
    for (size_t i = 0; i < sizeof levels / sizeof *levels; i++) {
        fixture f;
        CHECK(load(&f, &sokoban, levels[i]));
        if (!f.ok) continue;
        for (int optimal = 0; optimal < 2; optimal++) {
            solve_result r;
            double t0 = solve_clock();
            CHECK_EQ_INT(solve(&f.st, optimal, 10, &r), SOLVE_UNSOLVABLE);
            CHECK(solve_clock() - t0 < 1.0);
            CHECK(r.solution == NULL);
            solve_result_free(&r);
        }
        unload(&f);
    }
}

/* ===== deadlock detectors ================================================================= */

static int cell(const state *s, int x, int y) { return y * s->g->w + x; }

static void test_dead_squares(void)
{
    fixture f;
    CHECK(load(&f, &sokoban,
               "#######\n"
               "#     #\n"
               "# @$ .#\n"
               "#     #\n"
               "#######\n"));
    if (f.ok) {
        uint8_t *marks = calloc((size_t)f.st.g->ncells, 1);
        CHECK(push_dead_squares(&f.st, 0, marks) > 0);
        CHECK(marks[cell(&f.st, 1, 1)]);          /* corners */
        CHECK(marks[cell(&f.st, 5, 3)]);
        CHECK(marks[cell(&f.st, 3, 1)]);          /* along a wall with no goal on it */
        CHECK(!marks[cell(&f.st, 5, 2)]);         /* the goal */
        CHECK(!marks[cell(&f.st, 3, 2)]);         /* the middle row leads to it */
        CHECK(!marks[0]);                         /* walls are not squares */
        CHECK(push_deadlock_dead_square(&f.st, cell(&f.st, 1, 3)));
        CHECK(!push_deadlock_dead_square(&f.st, cell(&f.st, 3, 2)));
        CHECK(!push_deadlock_dead_square(&f.st, -1));
        CHECK_EQ_INT(push_deadlocked_boxes(&f.st, marks), 0);
        free(marks);
    }
    unload(&f);
}

static void test_deadlocked_boxes(void)
{
    fixture f;
    /* (2,1)+(3,1): a pair frozen on the wall off goals; (1,3): in a corner; (5,3): free. */
    CHECK(load(&f, &sokoban,
               "#########\n"
               "# $$ *. #\n"
               "#  ..   #\n"
               "#$ @ $. #\n"
               "#########\n"));
    if (f.ok) {
        uint8_t *marks = calloc((size_t)f.st.g->ncells, 1);
        CHECK_EQ_INT(push_deadlocked_boxes(&f.st, marks), 3);
        CHECK(marks[cell(&f.st, 2, 1)]);
        CHECK(marks[cell(&f.st, 3, 1)]);
        CHECK(!marks[cell(&f.st, 5, 1)]);
        CHECK(marks[cell(&f.st, 1, 3)]);          /* in a corner */
        CHECK(!marks[cell(&f.st, 5, 3)]);         /* can still reach the goal */
        free(marks);
    }
    unload(&f);
    /* A box frozen on its goal holds a frozen neighbour on a goal too: no deadlock. */
    CHECK(load(&f, &sokoban, "#####\n#**@#\n#   #\n#####\n"));
    if (f.ok) {
        uint8_t marks[20];
        CHECK_EQ_INT(push_deadlocked_boxes(&f.st, marks), 0);
    }
    unload(&f);
    /* Two boxes side by side against the bottom wall, one on a goal, the other not. */
    CHECK(load(&f, &sokoban, "######\n#@  .#\n# *$ #\n######\n"));
    if (f.ok) {
        uint8_t marks[24];
        CHECK_EQ_INT(push_deadlocked_boxes(&f.st, marks), 1);
        CHECK(marks[cell(&f.st, 3, 2)]);
        CHECK(!marks[cell(&f.st, 2, 2)]);
    }
    unload(&f);
    /* Two boxes frozen on their goals shut the player in below them: the box above, off its
     * goal, is out of reach for good (and the one beside it, on its goal, is fine). */
    CHECK(load(&f, &sokoban, "#######\n#.  $*#\n###*###\n  #*#\n  #@#\n  ###\n"));
    if (f.ok) {
        uint8_t *marks = calloc((size_t)f.st.g->ncells, 1);
        CHECK_EQ_INT(push_deadlocked_boxes(&f.st, marks), 1);
        CHECK(marks[cell(&f.st, 4, 1)]);
        CHECK(!marks[cell(&f.st, 5, 1)]);
        free(marks);
    }
    unload(&f);
}

/* ===== budgets, errors ==================================================================== */

/* Wide open, many boxes: far too many positions for an optimal search to finish quickly. */
static const char *hard_level =
    "##############\n"
    "#            #\n"
    "# $ $ $ $ $  #\n"
    "#            #\n"
    "#  $ $ $ $ $ #\n"
    "#    $ $     #\n"
    "#   ......   #\n"
    "#   ......   #\n"
    "#     @      #\n"
    "##############\n";

static void test_budgets(void)
{
    fixture f;
    CHECK(load(&f, &sokoban, hard_level));
    if (f.ok) {
        solve_limits lim = solve_limits_default();
        lim.optimal = true;
        lim.seconds = 0.01;
        solve_result r;
        double t0 = solve_clock();
        CHECK_EQ_INT(push_solve(&f.st, &lim, &r), SOLVE_TIMEOUT);
        CHECK(solve_clock() - t0 < 2.0);
        CHECK_STR_HAS(r.message, "time");
        CHECK(r.nodes > 0);
        solve_result_free(&r);

        volatile int cancel = 1;
        lim = solve_limits_default();
        lim.cancel = &cancel;
        CHECK_EQ_INT(push_solve(&f.st, &lim, &r), SOLVE_TIMEOUT);
        CHECK_STR_HAS(r.message, "cancel");
        solve_result_free(&r);

        /* A memory budget too small for the search stops it; it never grows past it. */
        lim = solve_limits_default();
        lim.optimal = true;
        lim.memory_bytes = (size_t)3 << 20;
        solve_status st = push_solve(&f.st, &lim, &r);
        CHECK(st == SOLVE_TIMEOUT || st == SOLVE_ERROR);
        CHECK_STR_HAS(r.message, "memory");
        solve_result_free(&r);
    }
    unload(&f);
}

/* The moves kept on a timeout (keep_best) are legal, push, and do not solve the level. */
static void check_kept(const state *start, const solve_result *r)
{
    CHECK(r->solution != NULL);
    if (!r->solution) return;
    state s;
    CHECK(state_copy(&s, start) == 0);
    int bad;
    engine_play_lurd(&s, r->solution, &bad);
    CHECK_EQ_INT(bad, -1);                        /* the moves are legal */
    CHECK(s.pushes > 0 && !state_solved(&s));
    CHECK_EQ_INT((long)s.pushes, r->pushes);
    state_free(&s);
}

/* What a solve reports besides the solution: the search that found it, the memory its tables
 * held, and, asked for on a timeout, the moves to where the search was working. */
static void test_reports(void)
{
    fixture f;
    CHECK(load(&f, &sokoban, "#######\n#.  @ #\n#$$$  #\n#. #  #\n#.    #\n#######\n"));
    if (f.ok) {
        solve_result r;
        CHECK_EQ_INT(solve(&f.st, false, 10, &r), SOLVE_SOLVED);
        CHECK(r.method != NULL && r.method[0]);
        CHECK(r.peak_bytes > 0);
        solve_result_free(&r);
        CHECK_EQ_INT(solve(&f.st, true, 10, &r), SOLVE_SOLVED);
        CHECK(r.method && strcmp(r.method, "astar") == 0);
        solve_result_free(&r);
    }
    unload(&f);
    /* The goals must be filled deepest first: with the goal-room macros and the deadlock tests
     * off, a plain greedy search wanders for long. */
    CHECK(load(&f, &sokoban, deep_first_level));
    if (f.ok) {
        solve_limits lim = solve_limits_default();
        lim.seconds = 0.05;
        lim.memory_bytes = (size_t)64 << 20;
        push_options o = push_options_default();
        o.portfolio = o.rooms = o.patterns = o.corral = o.freeze = o.meet = false;
        o.fess = PUSH_FESS_OFF;
        o.keep_best = true;
        solve_result r;
        CHECK_EQ_INT(push_solve_with(&f.st, &lim, &o, &r), SOLVE_TIMEOUT);
        check_kept(&f.st, &r);
        solve_result_free(&r);
    }
    unload(&f);
}

/* Budgets counted in CPU time (for measuring on a shared machine): sleeping does not spend
 * them, while it does spend wall-clock time. */
static void test_cpu_clock(void)
{
    struct timespec nap = { 0, 60 * 1000 * 1000 };
    double w0 = solve_clock();
    nanosleep(&nap, NULL);
    CHECK(solve_clock() - w0 >= 0.05);
    solve_clock_use_cpu(true);
    double c0 = solve_clock();
    nanosleep(&nap, NULL);
    CHECK(solve_clock() - c0 < 0.03);
    solve_clock_use_cpu(false);
}

static int progress_calls;
static void on_progress(void *ud, uint64_t nodes, double seconds, int bound)
{
    (void)ud, (void)nodes, (void)seconds, (void)bound;
    progress_calls++;
}

static void test_progress(void)
{
    fixture f;
    CHECK(load(&f, &sokoban, hard_level));
    if (f.ok) {
        solve_limits lim = solve_limits_default();
        lim.optimal = true;
        lim.seconds = 1.2;
        lim.progress = on_progress;
        solve_result r;
        push_solve(&f.st, &lim, &r);
        CHECK(progress_calls >= 2);               /* every half second, while it runs */
        solve_result_free(&r);
    }
    unload(&f);
}

static void test_unsupported_rules(void)
{
    ruleset r;
    solve_result res;
    fixture f;
    const char *text = "#####\n#@$.#\n#####\n";

    rules_sokoban(&r);
    r.pull = true;
    CHECK(load(&f, &r, text));
    CHECK_EQ_INT(push_solve(&f.st, NULL, &res), SOLVE_ERROR);
    CHECK_STR_HAS(res.message, "pull");
    solve_result_free(&res);
    unload(&f);

    rules_sokoban(&r);
    r.max_chain = 2;
    CHECK(load(&f, &r, text));
    CHECK_EQ_INT(push_solve(&f.st, NULL, &res), SOLVE_ERROR);
    CHECK_STR_HAS(res.message, "max_chain");
    solve_result_free(&res);
    unload(&f);

    rules_sokoban(&r);
    int ice = rules_add_tile(&r, "ice", LAYER_FLOOR, TILE_SLIPPERY, 0, NULL);
    int hole = rules_add_tile(&r, "hole", LAYER_FLOOR, TILE_HOLE, 0, NULL);
    rules_set_glyph(&r, '~', ice, 0);
    rules_set_glyph(&r, '^', hole, 0);
    CHECK(load(&f, &r, "######\n#@$~.#\n######\n"));
    CHECK_EQ_INT(push_solve(&f.st, NULL, &res), SOLVE_ERROR);
    CHECK_STR_HAS(res.message, "slippery");
    solve_result_free(&res);
    uint8_t marks[18];
    CHECK_EQ_INT(push_deadlocked_boxes(&f.st, marks), -1);
    unload(&f);
    CHECK(load(&f, &r, "######\n#@$^.#\n######\n"));
    CHECK_EQ_INT(push_solve(&f.st, NULL, &res), SOLVE_ERROR);
    CHECK_STR_HAS(res.message, "hole");
    solve_result_free(&res);
    unload(&f);
    /* Rules that are declared but not used by the level are fine. */
    CHECK(load(&f, &r, text));
    CHECK_EQ_INT(push_solve(&f.st, NULL, &res), SOLVE_SOLVED);
    solve_result_free(&res);
    unload(&f);

}

/* ===== several players ==================================================================== */

static void test_several_players(void)
{
    fixture f;
    /* Each player has its own box: both must move. */
    CHECK(load(&f, &sokoban, "#########\n#@$.#.$@#\n#########\n"));
    if (f.ok) {
        solve_result r;
        CHECK_EQ_INT(solve(&f.st, false, 5, &r), SOLVE_SOLVED);
        CHECK(r.solution && strcmp(r.solution, "R2L") == 0);
        CHECK(replays_to_solved(&f.st, r.solution));
        solve_result_free(&r);
    }
    unload(&f);
    /* The second player stands in the way and must step aside first. */
    const char *blocked =
        "########\n"
        "#@$ @ .#\n"
        "#### ###\n"
        "   ###\n";
    CHECK(load(&f, &sokoban, blocked));
    if (f.ok) {
        for (int optimal = 0; optimal < 2; optimal++) {
            solve_result r;
            CHECK_EQ_INT(solve(&f.st, optimal, 5, &r), SOLVE_SOLVED);
            CHECK(replays_to_solved(&f.st, r.solution));
            CHECK_EQ_INT(r.pushes, 4);
            CHECK(r.solution && strchr(r.solution, '2') != NULL);
            solve_result_free(&r);
        }
    }
    unload(&f);
    /* One player pushes the box through a gap, the other waits beyond it and takes over:
     * no single player could turn it, so bounds made for one player must not prune this. */
    const char *relay =
        "#########\n"
        "#@ $  . #\n"
        "####$####\n"
        "#.   @  #\n"
        "#########\n";
    CHECK(load(&f, &sokoban, relay));
    if (f.ok) {
        for (int optimal = 0; optimal < 2; optimal++) {
            solve_result r;
            CHECK_EQ_INT(solve(&f.st, optimal, 5, &r), SOLVE_SOLVED);
            CHECK(replays_to_solved(&f.st, r.solution));
            if (optimal) CHECK_EQ_INT(r.pushes, 7);
            solve_result_free(&r);
        }
    }
    unload(&f);
    /* The other player is stuck between the box and its goal: unsolvable. */
    CHECK(load(&f, &sokoban, "######\n#@$@.#\n######\n"));
    if (f.ok) {
        solve_result r;
        CHECK_EQ_INT(solve(&f.st, false, 5, &r), SOLVE_UNSOLVABLE);
        solve_result_free(&r);
    }
    unload(&f);
}

/* ===== optimal mode ======================================================================= */

static void test_optimal(void)
{
    const char *levels[] = {
        "#####\n#@$.#\n#####\n",
        "######\n#    #\n# #@ #\n# $* #\n# .* #\n#    #\n######\n",
        "  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########\n",
        "#######\n#.  @ #\n#$$$  #\n#. #  #\n#.    #\n#######\n",
        /* the greedy choice (the near box to the near goal) is not the shortest */
        "########\n#.   $ #\n#  ##  #\n#@ $  .#\n########\n",
        "#########\n#   #   #\n# $ $ $ #\n#  ...  #\n#   @   #\n#########\n",
    };
    for (size_t i = 0; i < sizeof levels / sizeof *levels; i++) {
        fixture f;
        CHECK(load(&f, &sokoban, levels[i]));
        if (!f.ok) continue;
        long pushes = solve_and_replay(&f.st, true);
        int best = brute_force_pushes(&f.st);
        if (pushes != best) fprintf(stderr, "  level %zu: %ld pushes, brute force %d\n", i + 1, pushes, best);
        CHECK_EQ_INT(pushes, best);
        unload(&f);
    }
}

/* ===== random boards ====================================================================== */

/* A small level drawn at random (square or hex, a few walls, 1-4 boxes), into text. Half of
 * the square ones are solvable by making: the boxes start on their goals and the player pulls
 * them about at random. Levels the parser refuses (solved at the start) are drawn again. */
static uint32_t rnd_next(uint32_t *seed)
{
    *seed = *seed * 1664525u + 1013904223u;
    return *seed >> 8;
}

static void random_level(uint32_t *seed, bool hex, char *text)
{
    enum { W = 9, H = 7 };
    char cell[H][W];
    int w = 4 + (int)(rnd_next(seed) % 4), h = 3 + (int)(rnd_next(seed) % 3);
    int walls = 8 + (int)(rnd_next(seed) % 15);     /* percent */
    int free_cells[W * H], nfree = 0;
    for (int y = 0; y < h + 2; y++)
        for (int x = 0; x < w + 2; x++) {
            bool inner = x > 0 && y > 0 && x <= w && y <= h;
            cell[y][x] = inner && (int)(rnd_next(seed) % 100) >= walls ? ' ' : '#';
            if (cell[y][x] == ' ') free_cells[nfree++] = y * W + x;
        }
    for (int i = nfree - 1; i > 0; i--) {            /* shuffled */
        int j = (int)(rnd_next(seed) % (uint32_t)(i + 1)), t = free_cells[i];
        free_cells[i] = free_cells[j], free_cells[j] = t;
    }
    int boxes = 1 + (int)(rnd_next(seed) % 4);
    if (nfree < 2 * boxes + 1) boxes = (nfree - 1) / 2;
    bool goal[H][W] = { { false } }, box[H][W] = { { false } };
    int k = 0;
    for (int i = 0; i < boxes; i++) {
        int g = free_cells[k++], b = free_cells[k++];
        goal[g / W][g % W] = true;
        box[b / W][b % W] = true;
    }
    int player = free_cells[k++];
    if (!hex && rnd_next(seed) % 2) {
        /* Made solvable: boxes on the goals, then pulled. */
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) box[y][x] = goal[y][x];
        if (box[player / W][player % W]) player = free_cells[k - 1];
        static const int dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };
        int steps = 5 + (int)(rnd_next(seed) % 60), px = player % W, py = player / W;
        for (int i = 0; i < steps && !box[py][px]; i++) {
            int d = (int)(rnd_next(seed) % 4), nx = px + dx[d], ny = py + dy[d];
            if (cell[ny][nx] == '#' || box[ny][nx]) continue;
            int bx = px - dx[d], by = py - dy[d];
            if (cell[by][bx] != '#' && box[by][bx] && rnd_next(seed) % 10 < 7) box[by][bx] = false, box[py][px] = true;
            px = nx, py = ny;
        }
        player = py * W + px;
    }
    char *out = text;
    for (int y = 0; y < h + 2; y++) {
        for (int x = 0; x < w + 2; x++) {
            char c = cell[y][x];
            if (y * W + x == player) c = goal[y][x] ? '+' : '@';
            else if (box[y][x]) c = goal[y][x] ? '*' : '$';
            else if (goal[y][x]) c = '.';
            *out++ = c;
        }
        *out++ = '\n';
    }
    *out = 0;
}

/* On small random boards, square and hex, the solver agrees with a brute force: it solves
 * every solvable level (the solution replays), proves every other one lost (never "solved",
 * never out of time on boards this small), and in optimal mode finds the fewest pushes. Any
 * deadlock test or pruning that is not sound shows here as a lost verdict on a solvable board. */
static void test_random_boards(void)
{
    ruleset hex;
    rules_sokoban(&hex);
    hex.topo = TOPO_HEX;
    uint32_t seed = 20261206u;
    int solvable = 0, lost = 0, drawn = 0;
    for (int i = 0; i < 240; i++) {
        bool is_hex = i % 4 == 3;
        char text[128];
        fixture f;
        error err;
        random_level(&seed, is_hex, text);
        levelset probe;
        if (levelset_parse(&probe, "r.xsb", text, strlen(text), FORMAT_XSB, is_hex ? &hex : &sokoban, &err) != 0)
            continue;                                /* solved at the start, or no box: drawn again */
        levelset_free(&probe);
        drawn++;
        CHECK(load(&f, is_hex ? &hex : &sokoban, text));
        if (!f.ok) continue;
        int best = brute_force_pushes(&f.st);
        solve_result r;
        solve_status st = solve(&f.st, false, 5, &r);
        if ((best >= 0) != (st == SOLVE_SOLVED) || (best < 0 && st != SOLVE_UNSOLVABLE))
            fprintf(stderr, "  random board %d (brute force %d, solver %s):\n%s", i, best, solve_status_name(st), text);
        if (best >= 0) {
            solvable++;
            CHECK_EQ_INT(st, SOLVE_SOLVED);
            if (st == SOLVE_SOLVED) CHECK(replays_to_solved(&f.st, r.solution));
            if (i % 3 == 0) CHECK_EQ_INT(solve_and_replay(&f.st, true), best);
        } else {
            lost++;
            CHECK_EQ_INT(st, SOLVE_UNSOLVABLE);
        }
        solve_result_free(&r);
        unload(&f);
    }
    /* The draw gives both kinds in numbers (seed 20261206). */
    CHECK(drawn >= 200);
    CHECK(solvable >= 60);
    CHECK(lost >= 60);
}

/* ===== Microban =========================================================================== */

static void test_microban(void)
{
    levelset set;
    if (!shared_levels(&set, "microban.xsb", &sokoban, 155)) return;
    for (int i = 0; i < 10 && i < set.count; i++) {
        state s;
        CHECK(state_init(&s, &set.levels[i], &sokoban) == 0);
        solve_and_replay(&s, false);
        /* Optimal on the smallest ones, checked against the brute force. */
        if (i < 3) CHECK_EQ_INT(solve_and_replay(&s, true), brute_force_pushes(&s));
        state_free(&s);
    }
    levelset_free(&set);
}

/* More goals than boxes: the feature-space search took a position as solved only when as many
 * goals as there are were packed, so it never was, and it ran out of positions: "unsolvable"
 * (check, whose 4 MiB leaves it alone, said "proved unsolvable" of levels `solve` solves; 141
 * of 300 random spare-goal boards). Each search on its own, and the whole solver in little
 * memory. */
static void test_spare_goals(void)
{
    static const char *const levels[] = {
        "#######\n#@$ ..#\n#######\n",
        "########\n#. @$ .#\n########\n",
        "########\n#      #\n# $ $  #\n#@ . . #\n#   .  #\n########\n",
    };
    for (int i = 0; i < 3; i++) {
        fixture f;
        load(&f, &sokoban, levels[i]);
        CHECK(f.ok);
        if (!f.ok) continue;
        for (int run = 0; run < 3; run++) {
            solve_limits lim = solve_limits_default();
            lim.seconds = 5.0;
            lim.memory_bytes = run == 2 ? (size_t)4 << 20 : (size_t)64 << 20;
            push_options o = push_options_default();
            if (run == 0) o.fess = PUSH_FESS_ALONE;
            if (run == 1) o.fess = PUSH_FESS_OFF;
            solve_result r;
            solve_status st = push_solve_with(&f.st, &lim, &o, &r);
            if (st != SOLVE_SOLVED) fprintf(stderr, "spare goals: level %d, run %d: %s\n", i, run, r.message);
            CHECK_EQ_INT(st, SOLVE_SOLVED);
            if (st == SOLVE_SOLVED) CHECK(replays_to_solved(&f.st, r.solution));
            solve_result_free(&r);
        }
        unload(&f);
    }
}

int main(void)
{
    rules_sokoban(&sokoban);
    test_spare_goals();
    test_small_levels();
    test_already_solved();
    test_mid_game_start();
    test_hex_level();
    test_coloured_goals();
    test_switches();
    test_turned_copies();
    test_attempts();
    test_repeatable();
    test_work_budget();
    test_replan();
    test_replan_share();
    test_turns();
    test_unsolvable();
    test_dead_squares();
    test_deadlocked_boxes();
    test_budgets();
    test_progress();
    test_reports();
    test_cpu_clock();
    test_unsupported_rules();
    test_several_players();
    test_optimal();
    test_random_boards();
    test_microban();
    return check_summary("test_push_solver");
}
