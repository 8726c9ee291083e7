/* push_solve.c: the push-puzzle solver's entry points: checks the rules, builds the board and
 * its analysis, runs the searches (a portfolio in anytime mode, A* in optimal mode) within the
 * budgets, and checks the solution on the real rules before handing it out. */
#include "solve/push_solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine.h"
#include "solve/push_board.h"
#include "solve/push_deadsets.h"
#include "solve/push_fess.h"
#include "solve/push_meet.h"
#include "solve/push_plan.h"
#include "solve/push_pattern.h"
#include "solve/push_search.h"

enum {
    DEFAULT_MEMORY_MB = 1024,
    MAX_SEARCHES = 3,
    SLICE = 64                    /* expansions per turn when searches take turns */
};

#define PAIRS_SHARE 0.05          /* of the time budget, at most, for the dead pairs */
enum { MEET_SLICE = 8 };          /* backward expansions per turn */
#define FESS_RATIO 4.0            /* the feature-space search's time per second of the others
                                     (XSokoban at 10 s CPU: 66/90 with 4, 65 with 2; with the others
                                     alone for the first 0.3 s and 8 after, 64) */
enum { FESS_SLICE = 4 };          /* moves the feature-space search plays per turn */

push_options push_options_default(void)
{
    push_options o;
    o.freeze = true;
    o.corral = true;
    o.tunnels = true;
    o.player_bound = true;
    o.weight = 0;
    o.portfolio = true;
    o.connectivity = 3;
    o.rooms = true;
    o.patterns = true;
    o.corral_dead = true;
    o.deadsets = true;
    o.pairs = true;
    o.meet = true;
    o.fess = PUSH_FESS_SCHEDULED;
    o.advisors = true;
    o.hotspots = true;
    o.out_of_plan = true;
    o.probe = true;
    o.shrink = true;
    o.keep_best = false;
    return o;
}

/* The solution must replay on the real rules: a last check that the board model is right. */
static bool replays(const state *start, const char *lurd)
{
    state st;
    if (state_copy(&st, start) != 0) return false;
    st.hist.disabled = true;
    int bad;
    engine_play_lurd(&st, lurd, &bad);
    bool ok = bad < 0 && state_solved(&st);
    state_free(&st);
    return ok;
}

/* The winning forward search's solution, with the backward moves after it when it reached
 * the meeting set. */
static bool write_forward(push_search *won, push_meet *meet, solve_result *out)
{
    if (!won->meet_id) return push_search_write(won, out);
    push_text t = { 0 };
    int at;
    bool ok = push_search_write_to(won, won->solution, &t, &at) &&
              push_meet_write(meet, won->meet_id, &won->walker, &won->pos, &at, &t);
    if (!ok) {
        push_text_free(&t);
        return false;
    }
    out->solution = t.s ? t.s : calloc(1, 1);
    out->moves = t.moves;
    out->pushes = t.pushes;
    return out->solution != NULL;
}

/* The backward search reached the start: its moves alone solve the level. */
static bool write_backward(push_meet *meet, const push_board *b, solve_result *out)
{
    push_walker w;
    push_pos p;
    push_text t = { 0 };
    bool ok = push_walker_init(&w, b) == 0 && push_pos_init(&p, b) == 0;
    int at = b->start_player;
    if (ok) {
        push_pos_load(&p, b, b->start_box, at);
        ok = push_meet_write(meet, push_meet_start(meet), &w, &p, &at, &t);
    }
    push_walker_free(&w);
    push_pos_free(&p);
    if (!ok) {
        push_text_free(&t);
        return false;
    }
    out->solution = t.s ? t.s : calloc(1, 1);
    out->moves = t.moves;
    out->pushes = t.pushes;
    return out->solution != NULL;
}

static solve_status finish(solve_result *out, solve_status st, double t0, const char *msg)
{
    out->status = st;
    out->seconds = solve_clock() - t0;
    if (msg) snprintf(out->message, sizeof out->message, "%s", msg);
    return st;
}

/* The searches of one solve: the classic ones (greedy, connectivity, A*), the backward search
 * whose positions they look up (meet), and the feature-space search. */
typedef struct portfolio {
    push_search s[MAX_SEARCHES];
    push_search_config cfg[MAX_SEARCHES];
    int nsearch;
    push_meet *meet;
    push_fess *fess;
    double t0;
} portfolio;

/* The outcome of take_turns besides the winning classic search. */
typedef struct turns_end {
    bool lost;                    /* proved unsolvable by a complete search */
    bool meet_won;                /* the backward search reached the start */
    bool fess_won;                /* the feature-space search solved it */
} turns_end;

/* The expansions of the feature-space search: positions made and its probes' (0 without it). */
static uint64_t fess_nodes(const push_fess *f)
{
    if (!f) return 0;
    push_fess_state st = push_fess_state_of(f);
    return st.nodes + st.probe_nodes;
}

/* How the feature-space search's solution ends. */
static const char *fess_method(const push_fess *f)
{
    push_fess_state st = push_fess_state_of(f);
    return st.met ? "fess+meet" : st.probed ? "fess+probe" : "fess";
}

/* Gives the feature-space search its share of the time: FESS_RATIO seconds for each second the
 * classic searches had (all of it once they are out of budget). Returns false
 * when the solve is over (solved, lost or cancelled: see *end). */
static bool fess_turn(portfolio *pf, const solve_limits *lim, double classic_time, double *fess_time, bool alone,
                      bool *running, turns_end *end)
{
    while (*fess_time < classic_time * FESS_RATIO || alone) {
        double t1 = solve_clock();
        push_fess_run(pf->fess, FESS_SLICE);
        *fess_time += solve_clock() - t1;
        push_fess_state st = push_fess_state_of(pf->fess);
        if (st.solved) {
            end->fess_won = true;
            return false;
        }
        if (st.exhausted) {
            end->lost = true;                         /* complete too */
            return false;
        }
        if (st.out_of_memory || st.timed_out) {
            *running = false;
            return true;
        }
        if (lim->cancel && *lim->cancel) return false;
    }
    return true;
}

/* Runs the searches in turns until one solves the level, a complete one runs out of positions
 * (unsolvable), or every one is out of budget; the backward search takes a turn after each
 * round until its memory is full. The classic searches take turns of a few expansions each;
 * the feature-space search gets FESS_RATIO seconds for each of theirs.
 * Returns the winning classic search, or NULL (see *end). */
static push_search *take_turns(portfolio *pf, const push_board *b, const solve_limits *lim, turns_end *end)
{
    push_search *s = pf->s;
    push_search_config *cfg = pf->cfg;
    int nsearch = pf->nsearch;
    double next_progress = 0.5, classic_time = 0, fess_time = 0;
    memset(end, 0, sizeof *end);
    /* Turns: the connectivity search wins most of the long levels, A* the few short tricky
     * ones it is there for. */
    int slice[MAX_SEARCHES];
    for (int i = 0; i < nsearch; i++)
        slice[i] = cfg[i].optimal ? SLICE : cfg[i].connectivity ? 3 * SLICE : cfg[i].weight ? SLICE : 2 * SLICE;
    for (int i = 0; i < nsearch; i++)
        if (!push_search_start(&s[i])) {
            end->lost = true;
            return NULL;
        }
    bool fess_started = false, fess_running = pf->fess != NULL;
    for (;;) {
        if (lim->cancel && *lim->cancel) return NULL;
        double turn = solve_clock();
        int running = 0;
        for (int i = 0; i < nsearch; i++) {
            push_search *si = &s[i];
            if (si->out_of_memory || si->timed_out) continue;
            if (!si->solution) push_search_run(si, slice[i]);
            if (si->solution) return si;
            if (si->exhausted && si->use_rooms) {
                /* The macros' filling order may be the wrong one: go on without them. */
                uint64_t nodes = si->nodes;
                push_search_free(si);
                cfg[i].rooms = false;
                if (!push_search_init(si, b, &cfg[i])) {
                    si->out_of_memory = true;
                    continue;
                }
                si->nodes = nodes;
                if (!push_search_start(si)) {
                    end->lost = true;
                    return NULL;
                }
            } else if (si->exhausted) {
                end->lost = true;                     /* a complete search found nothing */
                return NULL;
            }
            running++;
        }
        if (pf->meet && !push_meet_done(pf->meet)) {
            push_meet_run(pf->meet, MEET_SLICE);
            if (push_meet_start(pf->meet)) {
                end->meet_won = true;
                return NULL;
            }
        }
        double now = solve_clock();
        classic_time += now - turn;
        if (fess_running) {
            if (!fess_started) {
                fess_started = true;
                classic_time = 0;
                if (!push_fess_start(pf->fess)) {
                    end->lost = true;                 /* lost at the start: no search needed */
                    return NULL;
                }
            }
            if (!fess_turn(pf, lim, classic_time, &fess_time, running == 0, &fess_running, end)) return NULL;
        }
        if (running == 0 && !fess_running) return NULL;
        if (lim->progress) {
            now = solve_clock() - pf->t0;
            if (now >= next_progress) {
                uint64_t nodes = 0;
                for (int i = 0; i < nsearch; i++) nodes += s[i].nodes;
                nodes += fess_nodes(pf->fess);
                lim->progress(lim->progress_ud, nodes, now, nsearch ? s[0].bound : 0);
                next_progress = now + 0.5;
            }
        }
    }
}

solve_status push_solve_with(const state *start, const solve_limits *lim_in, const push_options *opt,
                             solve_result *out)
{
    double t0 = solve_clock();
    memset(out, 0, sizeof *out);
    solve_limits lim = lim_in ? *lim_in : solve_limits_default();
    push_options o = opt ? *opt : push_options_default();
    push_board b;
    int rc = push_board_init(&b, start, out->message, sizeof out->message);
    if (rc == PUSH_BOARD_ERROR) return finish(out, SOLVE_ERROR, t0, NULL);
    if (rc == PUSH_BOARD_STUCK) {
        push_board_free(&b);
        return finish(out, SOLVE_UNSOLVABLE, t0, "a box can never move and is not on a goal");
    }
    bool rooms = !lim.optimal && o.rooms;
    int players = 0;
    for (int i = 0; i < b.nplayers; i++) players += b.player_at[i] >= 0;
    if (players > 1) rooms = false;
    if (push_board_analyse(&b) != 0 || (rooms && push_rooms_init(&b) != 0)) {
        push_board_free(&b);
        return finish(out, SOLVE_ERROR, t0, "push solver: out of memory");
    }
    size_t total = lim.memory_bytes ? lim.memory_bytes : (size_t)DEFAULT_MEMORY_MB << 20;
    if (players > 1) {
        solve_status st = push_multi_solve(&b, start, &lim, &o, total, out);
        if (st == SOLVE_SOLVED && !replays(start, out->solution)) {
            solve_result_free(out);
            st = SOLVE_ERROR;
            snprintf(out->message, sizeof out->message, "push solver: internal error: the solution does not replay");
        }
        if (st == SOLVE_SOLVED) out->optimal = lim.optimal;
        out->method = "players";
        push_board_free(&b);
        return finish(out, st, t0, NULL);
    }
    /* Anytime mode runs a portfolio, in turns: a greedy search on the bound finds long
     * solutions fast; a second one that also counts the floor regions the player cannot reach
     * keeps the level open where the bound alone walls it up; A* on the bound finds short
     * tricky solutions the greedy searches dive past, and is complete. The greedy searches use
     * goal-room macros and share the deadlock patterns. A backward search from the solved
     * position, ordered by the packing plan, keeps every position it reaches: the meeting set
     * that the forward searches look up. The feature-space search, guided by the same plan,
     * takes most of the time (it solves most levels within a second). Every search shares the board's analysis and the dead sets. Optimal mode is
     * A* alone, with the patterns. */
    portfolio pf;
    memset(&pf, 0, sizeof pf);
    push_search_config *cfg = pf.cfg;
    push_search *s = pf.s;
    int nsearch = 0;
    size_t share = total;
    push_patterns *patterns = NULL;
    if (o.patterns) {
        share -= total / 8;
        patterns = push_patterns_new(&b, total / 8, o.deadsets);
        /* The level's dead pairs first: a small share of the time, matched by every search. */
        if (patterns && o.deadsets && o.pairs)
            push_patterns_pairs(patterns, lim.seconds > 0 ? lim.seconds * PAIRS_SHARE : 0);
    }
    push_deadsets *sets = o.deadsets ? push_patterns_sets(patterns) : NULL;
    bool fess = !lim.optimal && o.fess != PUSH_FESS_OFF, fess_alone = fess && o.fess == PUSH_FESS_ALONE;
    if (!lim.optimal && !fess_alone) {
        int greedy = o.portfolio && o.connectivity > 0 ? 2 : 1, all = greedy + (o.portfolio ? 1 : 0);
        for (int i = 0; i < all; i++) {
            push_search_config *c = &cfg[nsearch++];
            memset(c, 0, sizeof *c);
            c->weight = i < greedy ? o.weight : 1;
            c->connectivity = i == 1 && greedy == 2 ? o.connectivity : 0;
            c->rooms = rooms && i < greedy;
            c->patterns = i < greedy ? patterns : NULL;
            c->name = i >= greedy ? "astar" : c->connectivity ? "connectivity" : "greedy";
        }
    } else if (lim.optimal) {
        memset(&cfg[nsearch++], 0, sizeof cfg[0]);
        cfg[0].name = "astar";
        cfg[0].patterns = patterns;
    }
    /* The packing plan, for the backward search and the feature-space search. */
    push_plan plan;
    bool want_meet = !lim.optimal && o.meet;
    bool have_plan = (want_meet || fess) && push_plan_init(&plan, &b) == 0;
    bool ok = (!o.patterns || patterns) && (have_plan || !(want_meet || fess));
    /* Memory in shares: one per classic search and for the backward search, two for the
     * feature-space search. */
    size_t shares = (size_t)nsearch + (want_meet ? 1 : 0) + (fess ? 2 : 0), one = share / (shares ? shares : 1);
    pf.meet = have_plan && want_meet ? push_meet_new(&b, &plan, one) : NULL;
    push_search_config common;
    memset(&common, 0, sizeof common);
    common.sets = sets;
    common.meet = pf.meet;
    common.opt = o;
    common.optimal = lim.optimal;
    common.memory = one;
    common.t0 = t0;
    common.seconds = lim.seconds;
    common.cancel = lim.cancel;
    for (int i = 0; i < nsearch; i++) {
        push_search_config *c = &cfg[i];
        common.name = c->name, common.weight = c->weight, common.connectivity = c->connectivity;
        common.rooms = c->rooms, common.patterns = c->patterns;
        *c = common;
        ok = push_search_init(&s[i], &b, c) && ok;
    }
    if (fess && ok) {
        common.name = "fess";
        common.weight = common.connectivity = 0;
        common.rooms = false;
        common.memory = 2 * one;
        common.patterns = patterns;
        pf.fess = push_fess_new(&b, &plan, &common);
        ok = pf.fess != NULL;
    }
    pf.nsearch = nsearch;
    pf.t0 = t0;
    solve_status st = SOLVE_TIMEOUT;
    const char *msg = NULL;
    if (!ok) {
        st = SOLVE_ERROR;
        msg = "push solver: out of memory (or memory budget too small)";
    } else {
        turns_end end;
        push_search *won = take_turns(&pf, &b, &lim, &end);
        if (won || end.meet_won || end.fess_won) {
            bool written = end.meet_won ? write_backward(pf.meet, &b, out)
                         : end.fess_won ? push_fess_write(pf.fess, out)
                                        : write_forward(won, pf.meet, out);
            if (!written) {
                st = SOLVE_ERROR;
                msg = "push solver: could not write the solution (out of memory)";
            } else if (!replays(start, out->solution)) {
                st = SOLVE_ERROR;
                msg = "push solver: internal error: the solution does not replay";
                solve_result_free(out);
            } else {
                st = SOLVE_SOLVED;
                out->optimal = lim.optimal;
            }
            out->method = end.meet_won ? "meet"
                        : end.fess_won ? fess_method(pf.fess)
                        : won->meet_id ? "meet" : won->cfg.name;
        } else if (end.lost) {
            st = SOLVE_UNSOLVABLE;
        } else {
            bool memory = true;
            for (int i = 0; i < nsearch; i++) memory = memory && s[i].out_of_memory;
            if (pf.fess) memory = memory && push_fess_state_of(pf.fess).out_of_memory;
            msg = memory ? "memory budget used up" : lim.cancel && *lim.cancel ? "cancelled" : "time budget used up";
            uint32_t next = nsearch ? push_queue_peek(&s[0].open) : 0;
            if (o.keep_best && nsearch && (next || s[0].best)) {
                s[0].solution = next ? next : s[0].best;
                if (!push_search_write(&s[0], out)) out->solution = NULL;
                s[0].solution = 0;
            }
        }
    }
    int searches = nsearch + (pf.fess != NULL);
    if (!out->method) out->method = searches > 1 ? "portfolio" : nsearch ? cfg[0].name : "fess";
    out->peak_bytes = push_patterns_bytes(patterns) + push_fess_bytes(pf.fess);
    for (int i = 0; i < nsearch; i++) {
        out->nodes += s[i].nodes;
        out->peak_bytes += push_search_bytes(&s[i]);
        push_search_free(&s[i]);
    }
    out->nodes += fess_nodes(pf.fess);
    push_fess_free(pf.fess);
    out->nodes += push_meet_nodes(pf.meet);
    out->peak_bytes += push_meet_bytes(pf.meet);
    push_meet_free(pf.meet);
    if (have_plan) push_plan_free(&plan);
    push_patterns_free(patterns);
    push_board_free(&b);
    return finish(out, st, t0, msg);
}

solve_status push_solve(const state *start, const solve_limits *lim, solve_result *out)
{
    push_options o = push_options_default();
    return push_solve_with(start, lim, &o, out);
}
