/* test_push_deadlocks.c: the deadlocks proved by small searches, each on hand-made positions
 * both dead and alive: a PI-corral's fence searched alone, dead sets learned once and matched
 * inside larger positions (and not where a box of the set is missing), only where the player
 * stands on a side the set was proved dead for, and the level's dead pairs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "push_fixture.h"
#include "core/engine.h"
#include "core/level.h"
#include "core/state.h"
#include "solve/push_board.h"
#include "solve/push_deadsets.h"
#include "solve/push_pattern.h"
#include "solve/push_solve.h"

static ruleset sokoban;

/* Every level here is plain Sokoban. */
static bool load(fixture *f, const char *text) { return fixture_load(f, &sokoban, text); }
static void unload(fixture *f) { fixture_free(f); }

static int at(const fixture *f, int x, int y) { return f->b.index[y * f->st.g->w + x]; }

static solve_result solve_with(const state *s, const push_options *o)
{
    solve_limits lim = solve_limits_default();
    lim.memory_bytes = (size_t)64 << 20;
    solve_result r;
    push_solve_with(s, &lim, o, &r);
    return r;
}

/* ===== PI-corral fences ==================================================================== */

/* The boxes on (5,1), (6,2), (6,3) and (7,3) fence off (6,1), (7,1) and (7,2); every push of the
 * fence goes into that corral, and the fence alone can never be brought to goals. The corral
 * search proves it at the root; without it the complete search needs hundreds of positions.
 * With (5,1)'s box one cell to the left the corral is open and the level solves. */
static const char *corral_dead =
    "#########\n"
    "#  . $. #\n"
    "#    .* #\n"
    "# $ # $$#\n"
    "#   @$#.#\n"
    "#       #\n"
    "#    # .#\n"
    "#########\n";
static const char *corral_alive =
    "#########\n"
    "#  .$ . #\n"
    "#    .* #\n"
    "# $ # $$#\n"
    "#   @$#.#\n"
    "#       #\n"
    "#    # .#\n"
    "#########\n";

static void test_corral(void)
{
    fixture f;
    CHECK(load(&f, corral_dead));
    if (f.board) {
        push_options o = push_options_default();
        o.deadsets = o.pairs = false;             /* the corral search alone */
        solve_result with = solve_with(&f.st, &o);
        o.corral_dead = o.patterns = false;       /* (the patterns' small searches, on some
                                                     turns of the level, find it soon too) */
        solve_result without = solve_with(&f.st, &o);
        CHECK_EQ_INT(with.status, SOLVE_UNSOLVABLE);
        CHECK_EQ_INT(without.status, SOLVE_UNSOLVABLE);
        CHECK(with.nodes <= 2);
        CHECK(without.nodes > 50);
        solve_result_free(&with);
        solve_result_free(&without);

        /* The fence itself, asked directly. */
        push_patterns *pp = push_patterns_new(&f.b, (size_t)16 << 20, false);
        push_pos p;
        CHECK(pp && push_pos_init(&p, &f.b) == 0);
        if (pp) {
            push_pos_load(&p, &f.b, f.b.start_box, f.b.start_player);
            int32_t fence[4] = { at(&f, 5, 1), at(&f, 6, 2), at(&f, 6, 3), at(&f, 7, 3) };
            CHECK(push_pattern_corral_dead(pp, &p, fence, 4, f.b.start_player, 0));
            /* Two of them alone can reach goals. */
            CHECK(!push_pattern_corral_dead(pp, &p, fence, 2, f.b.start_player, 0));
            push_pattern_stats st = push_pattern_stats_of(pp);
            CHECK_EQ_INT(st.corral_dead, 1);
        }
        push_pos_free(&p);
        push_patterns_free(pp);

        /* Past the caller's deadline, or once it cancels, no small search runs: the fence is
         * not proved dead (nothing is remembered), and is once the limit is lifted. */
        pp = push_patterns_new(&f.b, (size_t)16 << 20, false);
        CHECK(pp && push_pos_init(&p, &f.b) == 0);
        if (pp) {
            push_pos_load(&p, &f.b, f.b.start_box, f.b.start_player);
            int32_t fence[4] = { at(&f, 5, 1), at(&f, 6, 2), at(&f, 6, 3), at(&f, 7, 3) };
            push_patterns_limit(pp, solve_clock() - 1, NULL);
            CHECK(!push_pattern_corral_dead(pp, &p, fence, 4, f.b.start_player, 0));
            volatile int cancel = 1;
            push_patterns_limit(pp, solve_clock() + 1000, &cancel);
            CHECK(!push_pattern_corral_dead(pp, &p, fence, 4, f.b.start_player, 0));
            CHECK_EQ_INT((int)push_pattern_stats_of(pp).searches, 0);
            push_patterns_limit(pp, solve_clock() + 1000, NULL);
            CHECK(push_pattern_corral_dead(pp, &p, fence, 4, f.b.start_player, 0));
            CHECK(push_pattern_stats_of(pp).searches > 0);
        }
        push_pos_free(&p);
        push_patterns_free(pp);
    }
    unload(&f);
    CHECK(load(&f, corral_alive));
    if (f.board) {
        push_options o = push_options_default();
        solve_result r = solve_with(&f.st, &o);
        CHECK_EQ_INT(r.status, SOLVE_SOLVED);
        CHECK(fixture_replays(&f.st, r.solution));
        solve_result_free(&r);
    }
    unload(&f);
}

/* ===== learned sets ======================================================================= */

/* Loads a position of f's board: boxes on the cells (x, y) pairs, sorted; the player where the
 * level has it. */
static void place(fixture *f, push_pos *p, const int *xy, int count)
{
    uint16_t box[8];
    for (int i = 0; i < count; i++) {
        box[i] = (uint16_t)at(f, xy[2 * i], xy[2 * i + 1]);
        for (int j = i; j > 0 && box[j - 1] > box[j]; j--) {
            uint16_t t = box[j];
            box[j] = box[j - 1], box[j - 1] = t;
        }
    }
    push_pos_load(p, &f->b, box, f->b.start_player);
}

/* Two boxes side by side against the top wall can never move again; the goal on that wall
 * takes one of them, so each alone is fine, the pair is dead. A third box near them does not
 * matter: the set learned is the pair, and it is found inside any position that has it, and
 * not in one where a box of the pair has moved off. */
static void test_learned_sets(void)
{
    fixture f;
    CHECK(load(&f, "#########\n"
                   "#     . #\n"
                   "# $$    #\n"
                   "#  $ @  #\n"
                   "# .  .  #\n"
                   "#########\n"));
    if (f.board) {
        push_patterns *pp = push_patterns_new(&f.b, (size_t)16 << 20, true);
        push_pos p;
        CHECK(pp && push_pos_init(&p, &f.b) == 0);
        if (pp) {
            static const int near[] = { 2, 1, 3, 1, 3, 3 }, far[] = { 2, 1, 3, 1, 7, 3 }, apart[] = { 2, 1, 4, 2, 7, 3 };
            place(&f, &p, near, 3);
            CHECK(push_pattern_dead(pp, &p, at(&f, 2, 1), f.b.start_player, 0));
            push_deadsets *sets = push_patterns_sets(pp);
            CHECK_EQ_INT(push_deadsets_stats_of(sets).sets, 1);
            CHECK(push_deadsets_match(sets, &p, at(&f, 3, 1), f.b.start_player));
            place(&f, &p, far, 3);
            CHECK(push_deadsets_match(sets, &p, at(&f, 2, 1), f.b.start_player));
            place(&f, &p, apart, 3);
            CHECK(!push_deadsets_match(sets, &p, at(&f, 2, 1), f.b.start_player));
            /* And the pattern search on the boxes near (4, 2) there: alive. */
            CHECK(!push_pattern_dead(pp, &p, at(&f, 4, 2), f.b.start_player, 0));
        }
        push_pos_free(&p);
        push_patterns_free(pp);
    }
    unload(&f);
}

/* A set dead only where the player stands on one side of it: the box in the gap of the wall,
 * proved dead (say) with the player on the left. It matches with the player anywhere on the
 * left, not on the right; told it is dead on the right too, it matches there as well. */
static void test_set_regions(void)
{
    fixture f;
    CHECK(load(&f, "#######\n"
                   "#. #  #\n"
                   "#  $  #\n"
                   "#  # @#\n"
                   "#######\n"));
    if (f.board) {
        push_deadsets *sets = push_deadsets_new(&f.b, (size_t)1 << 20);
        push_pos p;
        CHECK(sets && push_pos_init(&p, &f.b) == 0);
        if (sets) {
            uint16_t box = (uint16_t)at(&f, 3, 2);
            push_pos_load(&p, &f.b, &box, f.b.start_player);
            int left = push_deadsets_region(sets, &box, 1, at(&f, 2, 3));
            int right = push_deadsets_region(sets, &box, 1, at(&f, 4, 1));
            CHECK(left != right);
            push_deadset_spec s = { .count = 1, .cell = { box }, .cls = { 0 }, .nregions = 1, .region = { (uint16_t)left } };
            CHECK(push_deadsets_add(sets, &s));
            CHECK(push_deadsets_match(sets, &p, box, at(&f, 1, 1)));
            CHECK(push_deadsets_match(sets, &p, box, at(&f, 2, 3)));
            CHECK(!push_deadsets_match(sets, &p, box, at(&f, 5, 3)));
            CHECK(!push_deadsets_match(sets, &p, box, at(&f, 4, 1)));
            s.region[0] = (uint16_t)right;
            CHECK(push_deadsets_add(sets, &s));          /* the same box: widened */
            CHECK_EQ_INT(push_deadsets_count(sets), 1);
            CHECK(push_deadsets_match(sets, &p, box, at(&f, 5, 3)));
            CHECK(push_deadsets_match(sets, &p, box, at(&f, 1, 2)));
        }
        push_pos_free(&p);
        push_deadsets_free(sets);
    }
    unload(&f);
}

/* ===== dead pairs ========================================================================= */

/* Whether the store has a dead set that two boxes on (x1, y1) and (x2, y2) complete. */
static bool pair_dead(fixture *f, push_deadsets *sets, int x1, int y1, int x2, int y2)
{
    push_pos p;
    if (push_pos_init(&p, &f->b) != 0) return false;
    uint16_t box[2] = { (uint16_t)at(f, x1, y1), (uint16_t)at(f, x2, y2) };
    if (box[0] > box[1]) {
        uint16_t t = box[0];
        box[0] = box[1], box[1] = t;
    }
    push_pos_load(&p, &f->b, box, f->b.start_player);
    bool dead = push_deadsets_match(sets, &p, box[0], f->b.start_player);
    push_pos_free(&p);
    return dead;
}

/* The level's pairs: two boxes side by side on the top wall (one goal on it) are dead whatever
 * the player does, and so are two in a row down the left wall (no goal there); the same
 * cells one row or column in are not, nor two boxes beside the goal on the bottom row... */
static void test_dead_pairs(void)
{
    fixture f;
    CHECK(load(&f, "########\n"
                   "#    . #\n"
                   "#      #\n"
                   "#  @   #\n"
                   "# $$ . #\n"
                   "#      #\n"
                   "########\n"));
    if (f.board) {
        push_patterns *pp = push_patterns_new(&f.b, (size_t)16 << 20, true);
        CHECK(pp != NULL);
        if (pp) {
            CHECK(push_patterns_pairs(pp, 0, 0) > 0);
            push_deadsets *sets = push_patterns_sets(pp);
            CHECK(pair_dead(&f, sets, 2, 1, 3, 1));
            CHECK(pair_dead(&f, sets, 4, 1, 5, 1));     /* the one on the goal holds the other */
            CHECK(!pair_dead(&f, sets, 2, 2, 3, 2));
            CHECK(!pair_dead(&f, sets, 3, 3, 4, 4));
            CHECK(!pair_dead(&f, sets, 5, 2, 5, 3));
            CHECK(push_deadsets_stats_of(sets).pairs > 0);
        }
        push_patterns_free(pp);
        /* A work budget stops the pairs early (a solve that goes by work): a few small searches'
         * worth finds fewer of them than no budget. */
        int all = 0, some = 0;
        for (int run = 0; run < 2; run++) {
            pp = push_patterns_new(&f.b, (size_t)16 << 20, true);
            CHECK(pp != NULL);
            if (!pp) continue;
            int found = push_patterns_pairs(pp, 0, run == 0 ? 0 : 10);
            if (run == 0) all = found;
            else some = found;
            push_patterns_free(pp);
        }
        CHECK(all > 0);
        CHECK(some < all);
    }
    unload(&f);
}

int main(void)
{
    rules_sokoban(&sokoban);
    test_corral();
    test_learned_sets();
    test_set_regions();
    test_dead_pairs();
    return check_summary("test_push_deadlocks");
}
