/* push_solve.c: the push-puzzle solver's entry points: checks the rules, builds the board and
 * its analysis, runs the searches (in anytime mode a portfolio, in a few attempts that see the
 * level in different orientations and take turns, every other one counting goals filled out of
 * plan order, and an attempt whose feature-space search is stuck starting over from its best
 * position with a fresh analysis and plan; A* in optimal mode) within the budgets, and checks
 * the solution on the real rules before handing it out. */
#include "solve/push_solve.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine.h"
#include "core/state.h"
#include "solve/push_board.h"
#include "solve/push_deadlog.h"
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

#define PAIRS_SHARE 0.05          /* of the time (or work) budget, at most, for the dead pairs */
enum { DEADLOG_SHARE = 64 };      /* 1 / this of the memory for the log of shared dead sets */
enum { MEET_SLICE = 8 };          /* backward expansions per round */
enum { FESS_SLICE = 4 };          /* moves the feature-space search plays between looks at the work */
enum { ATTEMPT_MIN_MB = 32 };     /* the least memory worth a second attempt */
enum { PACKER_ATTEMPT = 3 };      /* the attempt with the packer (push_options.pack 1) */
/* The searches of an attempt take turns in rounds, and the attempts take turns round by round;
 * both go by the work the searches have done, not by the clock, so that a solve goes the same
 * way on any machine and under any load until its time is up (the clock still ends it). Work
 * is counted in expansions of a push search (the classic searches', the backward search's, the
 * probes' and the deadlock patterns' small searches); a position the feature-space search
 * makes counts PUSH_FESS_WORTH. About 100 000 to 300 000 of them take a second. A work budget
 * (solve_limits.work) is in the same units, looked at between turns; with one, a lone attempt's
 * turns are rounds too, and the dead pairs have a share of the work instead of the time. */
enum {
    SOLO_WORK = 400000,           /* the first attempt alone, before the others join in. It
                                     solves some long levels alone: XSokoban 90 in 233 000 (its
                                     classic searches meeting the backward search), 35 in
                                     396 000 (a child of a child, after starting over twice).
                                     They took 7-9 s when the three shared from 150 000; levels
                                     the others win now wait longer. XSokoban at 10 s CPU, solved
                                     positions / slowest level: 2.20 M / 8.6 s at 150 000,
                                     2.23 M / 7.2 s at 300 000, 2.17 M / 5.2 s at 400 000,
                                     2.37 M / 5.7 s at 500 000, 2.82 M / 6.2 s at 700 000
                                     (78/90 each); Microban 263 444 positions (328 051 at
                                     150 000; 6.4 s of time at 60 000) */
    ROUND_WORK = 2400             /* a round: the classic searches a few expansions each, the
                                     backward search MEET_SLICE, then (from the second round) the
                                     feature-space search until the round has done this much, at
                                     least FESS_SLICE moves. XSokoban at 10 s CPU: 77/90, the
                                     levels solved with turns of 20 ms, where the feature-space
                                     search had four times the others' time up to the turn's end */
};
#define PROGRESS_SECONDS 0.1      /* a lone attempt's turn: between turns, progress is reported */
enum {
    REPLAN_STALE = 2000,          /* push_options.replan's default (XSokoban at 10 s CPU: 77 of 90
                                     on the levels and on their mirror and rot90 copies, 76
                                     without; a first form, whose lost children always ended
                                     their attempt, gave 77 from 2000 to 5000 and 73 at 1000) */
    REPLAN_MOST = 4,              /* children of children, at most */
    REPLAN_SHARE = 100,           /* push_options.replan_share's default ... */
    REPLAN_LEAST_WORK = 50000     /* ... of the parent's work, or of this much if more */
};

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
    o.share = true;
    o.meet = true;
    o.fess = PUSH_FESS_SCHEDULED;
    o.advisors = true;
    o.hotspots = true;
    o.out_of_plan = true;
    o.free_order = 1;
    o.park = true;
    o.follow = 1;
    o.probe = true;
    o.shrink = true;
    o.pack = 1;
    o.replan = REPLAN_STALE;
    o.replan_share = REPLAN_SHARE;
    o.turn = 0;
    o.turns = 5;
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

/* The searches of one attempt: the classic ones (greedy, connectivity, A*), the backward search
 * whose positions they look up (meet), and the feature-space search. */
typedef struct portfolio {
    push_search s[MAX_SEARCHES];
    push_search_config cfg[MAX_SEARCHES];
    int nsearch;
    push_meet *meet;
    push_fess *fess;
    double t0;
} portfolio;

/* The budget of the level's dead pairs in each attempt: seconds, or expansions of the small
 * searches when the solve goes by work (0: none). */
typedef struct pair_budget {
    double seconds;
    uint64_t work;
} pair_budget;

/* How an attempt's turn ended. */
typedef enum run_end {
    RUN_PAUSED,                   /* its time is up for now */
    RUN_WON,                      /* a search solved the level (see attempt.won, meet_won, fess_won) */
    RUN_LOST,                     /* a complete search proved it unsolvable */
    RUN_OVER,                     /* every search is out of budget */
    RUN_CANCELLED
} run_end;

/* One attempt at the level: its board in one turn of the canonical orientation (the searches'
 * tie-breaks follow the board's numbering, and a search that wanders off in one turn often
 * solves the level at once in another), the board's analysis, patterns and plan, the searches,
 * and where take_turns left off. */
typedef struct attempt {
    int index, turn;              /* its place among the attempts; its turn (0-7) */
    bool half;                    /* it has half the turns of each other one */
    /* Starting over (push_options.replan): an attempt whose feature-space search is stuck
     * makes a child that starts from its best position and runs in its place (with the memory
     * it has left) until the child solves the level, is proved lost, runs out of memory or
     * has used up its share of work (push_options.replan_share); then the parent goes on
     * where it stood. */
    struct attempt *child;
    int depth;                    /* starts over from the level's start to here */
    state from;                   /* depth > 0: where it starts */
    char *prefix;                 /* ... and the moves from the level's start to there */
    long prefix_moves, prefix_pushes;
    uint64_t replan_checked;      /* its search's best_since when it last made a child */
    uint64_t cap;                 /* depth > 0: the work (its own and its children's) after
                                     which it gives up; 0 never */
    uint64_t earlier_nodes;       /* expansions of its children already freed */
    uint64_t earlier_work;        /* ... and their work */
    size_t earlier_bytes;         /* the most memory it and its children held before that */
    size_t memory;                /* its memory budget */
    bool set_up;
    push_board b;
    push_patterns *patterns;
    push_plan plan;
    bool have_plan;
    portfolio pf;
    /* take_turns */
    bool started, fess_started, fess_running;
    int slice[MAX_SEARCHES];
    uint64_t rounds;              /* rounds begun (the feature-space search, set up in the first,
                                     plays from the second) */
    uint64_t round_start;         /* its own work when the round began */
    int classic_running;          /* classic searches still running after the round's slices */
    bool fess_due;                /* the round's classic slices done, not yet the feature-space
                                     search's share (a turn that ended in between goes on there) */
    bool fess_played;             /* it has played in this round */
    /* outcome */
    run_end end;
    bool resting;                 /* its child ended with nothing won while other attempts could
                                     run: it gave them its turns, and goes on when none can */
    push_search *won;             /* the classic search that solved it */
    bool meet_won, fess_won;
    int replan;                   /* push_options.replan */
    bool replan_now;              /* its turn ended for it to start over */
    push_deadlog_cursor shared;   /* where its store of dead sets stands in the solve's log */
} attempt;

/* The expansions of the feature-space search: positions made, its probes' and its packer's (0
 * without it). */
static uint64_t fess_nodes(const push_fess *f)
{
    if (!f) return 0;
    push_fess_state st = push_fess_state_of(f);
    return st.nodes + st.probe_nodes + st.pack_nodes;
}

/* A method's name for a solution found after starting over (push_options.replan). */
static const char *replanned(const char *method)
{
    static const char *const names[][2] = {
        { "meet", "replan+meet" }, { "fess", "replan+fess" }, { "fess+meet", "replan+fess+meet" },
        { "fess+probe", "replan+fess+probe" }, { "greedy", "replan+greedy" },
        { "connectivity", "replan+connectivity" }, { "astar", "replan+astar" },
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(method, names[i][0]) == 0) return names[i][1];
    return "replan";
}

/* How the feature-space search's solution ends. */
static const char *fess_method(const push_fess *f)
{
    push_fess_state st = push_fess_state_of(f);
    return st.met ? "fess+meet" : st.probed ? "fess+probe" : "fess";
}

/* The expansions of the attempt and its children. */
static uint64_t attempt_nodes(const attempt *a)
{
    uint64_t nodes = a->earlier_nodes + fess_nodes(a->pf.fess) + push_meet_nodes(a->pf.meet);
    for (int i = 0; i < a->pf.nsearch; i++) nodes += a->pf.s[i].nodes;
    return nodes + (a->child ? attempt_nodes(a->child) : 0);
}

/* The work the attempt's own searches have done (its children's not counted). */
static uint64_t own_work(const attempt *a)
{
    uint64_t work = push_meet_nodes(a->pf.meet);
    for (int i = 0; i < a->pf.nsearch; i++) work += a->pf.s[i].nodes;
    if (a->pf.fess) {
        push_fess_state st = push_fess_state_of(a->pf.fess);
        work += st.nodes * PUSH_FESS_WORTH + st.probe_nodes + st.pack_nodes;
    }
    if (a->patterns) work += push_pattern_stats_of(a->patterns).sub_nodes;
    return work;
}

/* The work of the attempt and its children. */
static uint64_t attempt_work(const attempt *a)
{
    return a->earlier_work + own_work(a) + (a->child ? attempt_work(a->child) : 0);
}

/* Whether attempt a's feature-space search has gone push_options.replan positions (and as
 * many as it had made before) without a better position. */
static bool replan_due(const attempt *a)
{
    if (a->replan <= 0 || a->depth >= REPLAN_MOST || !a->pf.fess || !a->fess_started)
        return false;
    push_fess_state st = push_fess_state_of(a->pf.fess);
    if (st.best_score_packed < 0 || st.best_since == a->replan_checked) return false;
    uint64_t since = st.nodes - st.best_since;
    return since >= (uint64_t)a->replan && since >= st.best_since;
}

/* How the feature-space search's share ended. */
typedef enum fess_end {
    FESS_DONE,                    /* it had the rest of the round, or it is out of budget */
    FESS_PAUSED,                  /* the turn ended first (the round goes on next turn) */
    FESS_OVER                     /* the attempt is over: solved, lost or cancelled (see a->end) */
} fess_end;

/* Gives the feature-space search the rest of the round, until the clock `until`. */
static fess_end fess_turn(attempt *a, const solve_limits *lim, double until)
{
    while (!a->fess_played || own_work(a) - a->round_start < ROUND_WORK) {
        if (solve_clock() >= until) return FESS_PAUSED;
        push_fess_run(a->pf.fess, FESS_SLICE);
        a->fess_played = true;
        push_fess_state st = push_fess_state_of(a->pf.fess);
        if (st.solved) {
            a->fess_won = true;
            a->end = RUN_WON;
            return FESS_OVER;
        }
        if (st.exhausted) {
            a->end = RUN_LOST;                         /* complete too */
            return FESS_OVER;
        }
        if (st.out_of_memory || st.timed_out) {
            a->fess_running = false;
            return FESS_DONE;
        }
        if (lim->cancel && *lim->cancel) {
            a->end = RUN_CANCELLED;
            return FESS_OVER;
        }
        if (replan_due(a)) {
            a->replan_now = true;
            a->end = RUN_PAUSED;
            return FESS_OVER;
        }
    }
    return FESS_DONE;
}

/* The round's slices of the classic searches (a few expansions each) and of the backward search;
 * then the feature-space search's share is due. RUN_PAUSED, or (a->end set) how the attempt
 * ended. */
static run_end classic_round(attempt *a)
{
    portfolio *pf = &a->pf;
    push_search *s = pf->s;
    push_search_config *cfg = pf->cfg;
    int nsearch = pf->nsearch;
    a->round_start = own_work(a);
    a->rounds++;
    a->fess_played = false;
    int running = 0;
    for (int i = 0; i < nsearch; i++) {
        push_search *si = &s[i];
        if (si->out_of_memory || si->timed_out) continue;
        if (!si->solution) push_search_run(si, a->slice[i]);
        if (si->solution) {
            a->won = si;
            return a->end = RUN_WON;
        }
        if (si->exhausted && si->use_rooms) {
            /* The macros' filling order may be the wrong one: go on without them. */
            uint64_t nodes = si->nodes;
            push_search_free(si);
            cfg[i].rooms = false;
            if (!push_search_init(si, &a->b, &cfg[i])) {
                si->out_of_memory = true;
                continue;
            }
            si->nodes = nodes;
            if (!push_search_start(si)) return a->end = RUN_LOST;
        } else if (si->exhausted) {
            return a->end = RUN_LOST;              /* a complete search found nothing */
        }
        running++;
    }
    if (pf->meet && !push_meet_done(pf->meet)) {
        push_meet_run(pf->meet, MEET_SLICE);
        if (push_meet_start(pf->meet)) {
            a->meet_won = true;
            return a->end = RUN_WON;
        }
    }
    a->classic_running = running;
    a->fess_due = true;
    return RUN_PAUSED;
}

/* Runs rounds of the attempt's searches until one solves the level, a complete one runs out of
 * positions (unsolvable), every one is out of budget, or a round ends with `one_round` or the
 * clock at `until`. The backward search has its slice each round until its memory is full. A
 * turn that ends inside a round goes on there next time, so where the turns end does not
 * change what the searches do. Returns (and sets a->end) how the turn ended. */
static run_end take_turns(attempt *a, const solve_limits *lim, double until, bool one_round)
{
    portfolio *pf = &a->pf;
    push_search *s = pf->s;
    push_search_config *cfg = pf->cfg;
    int nsearch = pf->nsearch;
    if (!a->started) {
        a->started = true;
        /* Turns: the connectivity search wins most of the long levels, A* the few short
         * tricky ones it is there for. */
        for (int i = 0; i < nsearch; i++)
            a->slice[i] = cfg[i].optimal ? SLICE : cfg[i].connectivity ? 3 * SLICE : cfg[i].weight ? SLICE : 2 * SLICE;
        for (int i = 0; i < nsearch; i++)
            if (!push_search_start(&s[i])) return a->end = RUN_LOST;
        a->fess_running = pf->fess != NULL;
    }
    for (;;) {
        if (lim->cancel && *lim->cancel) return a->end = RUN_CANCELLED;
        if (!a->fess_due && classic_round(a) != RUN_PAUSED) return a->end;
        if (a->fess_running) {
            if (!a->fess_started) {
                a->fess_started = true;
                if (!push_fess_start(pf->fess)) return a->end = RUN_LOST;   /* lost at the start */
            }
            fess_end end = a->rounds > 1 ? fess_turn(a, lim, until) : FESS_DONE;
            if (end == FESS_OVER) return a->end;
            if (end == FESS_PAUSED) return RUN_PAUSED;
        }
        a->fess_due = false;
        if (a->classic_running == 0 && !a->fess_running) return a->end = RUN_OVER;
        if (one_round || solve_clock() >= until) return RUN_PAUSED;
    }
}

/* Builds and analyses the board of `start` in turn `turn` (with the goal rooms), and says
 * SOLVE_TIMEOUT (nothing decided yet) when it is ready; else SOLVE_UNSOLVABLE (a box that can
 * never move is off its goal) or SOLVE_ERROR, with msg saying why. */
static solve_status board_ready(push_board *b, const state *start, int turn, bool rooms, char *msg, size_t msglen)
{
    int rc = push_board_init_turned(b, start, turn, msg, msglen);
    if (rc == PUSH_BOARD_ERROR) return SOLVE_ERROR;
    if (rc == PUSH_BOARD_STUCK) {
        snprintf(msg, msglen, "a box can never move and is not on a goal");
        return SOLVE_UNSOLVABLE;
    }
    if (push_board_analyse(b) != 0 || (rooms && push_rooms_init(b) != 0)) {
        snprintf(msg, msglen, "push solver: out of memory");
        return SOLVE_ERROR;
    }
    return SOLVE_TIMEOUT;
}

/* Builds the attempt's board in its turn (lost: *status set and false returned, as for a
 * board that cannot be built), its analysis, patterns, plan and searches, with `memory` bytes
 * and the `pairs` budget for the level's dead pairs. */
static bool attempt_set_up(attempt *a, const state *start, const solve_limits *lim, const push_options *opt,
                           size_t memory, pair_budget pairs, double t0, solve_status *status, char *msg,
                           size_t msglen)
{
    push_options o = *opt;
    a->set_up = true;
    a->replan = o.replan;
    a->memory = memory;
    o.free_order = o.free_order >= 2 || (o.free_order == 1 && a->index % 2 == 1);
    o.pack = o.pack >= 2 || (o.pack == 1 && a->index == PACKER_ATTEMPT);
    push_board *b = &a->b;
    bool rooms = !lim->optimal && o.rooms;
    *status = board_ready(b, start, a->turn, rooms, msg, msglen);
    if (*status != SOLVE_TIMEOUT) return false;
    *status = SOLVE_ERROR;
    /* Anytime mode runs a portfolio, in turns: a greedy search on the bound finds long
     * solutions fast; a second one that also counts the floor regions the player cannot reach
     * keeps the level open where the bound alone walls it up; A* on the bound finds short
     * tricky solutions the greedy searches dive past, and is complete. The greedy searches use
     * goal-room macros and share the deadlock patterns. A backward search from the solved
     * position, ordered by the packing plan, keeps every position it reaches: the meeting set
     * that the forward searches look up. The feature-space search, guided by the same plan,
     * takes most of the time (it solves most levels within a second). Every search shares the
     * board's analysis and the dead sets. Optimal mode is A* alone, with the patterns. */
    portfolio *pf = &a->pf;
    push_search_config *cfg = pf->cfg;
    push_search *s = pf->s;
    int nsearch = 0;
    size_t share = memory;
    if (o.patterns) {
        share -= memory / 8;
        a->patterns = push_patterns_new(b, memory / 8, o.deadsets);
        if (a->patterns) push_patterns_limit(a->patterns, lim->seconds > 0 ? t0 + lim->seconds : 0, lim->cancel);
        /* The level's dead pairs first: a small share of the time, matched by every search. */
        if (a->patterns && o.deadsets && o.pairs) push_patterns_pairs(a->patterns, pairs.seconds, pairs.work);
    }
    push_deadsets *sets = o.deadsets ? push_patterns_sets(a->patterns) : NULL;
    bool fess = !lim->optimal && o.fess != PUSH_FESS_OFF, fess_alone = fess && o.fess == PUSH_FESS_ALONE;
    if (!lim->optimal && !fess_alone) {
        int greedy = o.portfolio && o.connectivity > 0 ? 2 : 1, all = greedy + (o.portfolio ? 1 : 0);
        for (int i = 0; i < all; i++) {
            push_search_config *c = &cfg[nsearch++];
            memset(c, 0, sizeof *c);
            c->weight = i < greedy ? o.weight : 1;
            c->connectivity = i == 1 && greedy == 2 ? o.connectivity : 0;
            c->rooms = rooms && i < greedy;
            c->patterns = i < greedy ? a->patterns : NULL;
            c->name = i >= greedy ? "astar" : c->connectivity ? "connectivity" : "greedy";
        }
    } else if (lim->optimal) {
        memset(&cfg[nsearch++], 0, sizeof cfg[0]);
        cfg[0].name = "astar";
        cfg[0].patterns = a->patterns;
    }
    /* The packing plan, for the backward search and the feature-space search. */
    bool want_meet = !lim->optimal && o.meet;
    /* The first attempt's plan may park boxes (XSokoban 44 is solved with it; the other
     * attempts keep the widened sinks, with which 47 and 87 are solved faster). The first two
     * follow the player (push_options.follow), the third does not: Sasquatch 39 is solved
     * with its greedy order. */
    unsigned plan_flags = (o.park && a->index == 0 ? PUSH_PLAN_PARK : 0) |
                          (o.follow >= 2 || (o.follow == 1 && a->index < 2) ? PUSH_PLAN_FOLLOW : 0);
    a->have_plan = (want_meet || fess) && push_plan_init(&a->plan, b, plan_flags) == 0;
    bool ok = (!o.patterns || a->patterns) && (a->have_plan || !(want_meet || fess));
    /* Memory in shares: one per classic search and for the backward search, two for the
     * feature-space search. */
    size_t shares = (size_t)nsearch + (want_meet ? 1 : 0) + (fess ? 2 : 0), one = share / (shares ? shares : 1);
    pf->meet = a->have_plan && want_meet ? push_meet_new(b, &a->plan, one) : NULL;
    push_search_config common;
    memset(&common, 0, sizeof common);
    common.sets = sets;
    common.meet = pf->meet;
    common.opt = o;
    common.optimal = lim->optimal;
    common.memory = one;
    common.t0 = t0;
    common.seconds = lim->seconds;
    common.cancel = lim->cancel;
    for (int i = 0; i < nsearch; i++) {
        push_search_config *c = &cfg[i];
        common.name = c->name, common.weight = c->weight, common.connectivity = c->connectivity;
        common.rooms = c->rooms, common.patterns = c->patterns;
        *c = common;
        ok = push_search_init(&s[i], b, c) && ok;
        pf->nsearch = i + 1;
    }
    if (fess && ok) {
        common.name = "fess";
        common.weight = common.connectivity = 0;
        common.rooms = false;
        common.memory = 2 * one;
        common.patterns = a->patterns;
        pf->fess = push_fess_new(b, &a->plan, &common);
        ok = pf->fess != NULL;
    }
    pf->t0 = t0;
    if (!ok) snprintf(msg, msglen, "push solver: out of memory (or memory budget too small)");
    else *status = SOLVE_TIMEOUT;
    return ok;
}

/* The memory the attempt's own tables hold. */
static size_t own_bytes(const attempt *a)
{
    size_t bytes = push_patterns_bytes(a->patterns) + push_fess_bytes(a->pf.fess) + push_meet_bytes(a->pf.meet);
    for (int i = 0; i < a->pf.nsearch; i++) bytes += push_search_bytes(&a->pf.s[i]);
    return bytes;
}

/* The memory the attempt and its children hold now, or held at most before a child was freed. */
static size_t attempt_bytes(const attempt *a)
{
    size_t bytes = own_bytes(a) + (a->child ? attempt_bytes(a->child) : 0);
    return bytes > a->earlier_bytes ? bytes : a->earlier_bytes;
}

static void attempt_free(attempt *a)
{
    if (a->child) {
        attempt_free(a->child);
        free(a->child);
    }
    if (a->set_up) {
        for (int i = 0; i < a->pf.nsearch; i++) push_search_free(&a->pf.s[i]);
        push_fess_free(a->pf.fess);
        push_meet_free(a->pf.meet);
        if (a->have_plan) push_plan_free(&a->plan);
        push_patterns_free(a->patterns);
        push_board_free(&a->b);
    }
    if (a->depth > 0) state_free(&a->from);
    free(a->prefix);
    memset(a, 0, sizeof *a);
}

/* The attempt that runs in a's place: its last child. */
static attempt *active(attempt *a)
{
    while (a->child) a = a->child;
    return a;
}

/* Frees a's last child (it won nothing) and returns its parent, which goes on (NULL when a
 * has no child). */
static attempt *drop_child(attempt *a)
{
    attempt *parent = a;
    while (parent->child && parent->child->child) parent = parent->child;
    if (!parent->child) return NULL;
    a->earlier_bytes = attempt_bytes(a);
    parent->earlier_nodes += attempt_nodes(parent->child);
    parent->earlier_work += attempt_work(parent->child);
    attempt_free(parent->child);
    free(parent->child);
    parent->child = NULL;
    return parent;
}

/* out's moves with the way from the level's start to where the attempt started put before
 * them; false (out freed) when out of memory. */
static bool with_prefix(const attempt *a, solve_result *out)
{
    if (!a->prefix || !out->solution) return true;
    size_t head = strlen(a->prefix), tail = strlen(out->solution);
    char *all = malloc(head + tail + 1);
    if (!all) {
        solve_result_free(out);
        return false;
    }
    memcpy(all, a->prefix, head);
    memcpy(all + head, out->solution, tail + 1);
    free(out->solution);
    out->solution = all;
    out->moves += a->prefix_moves;
    out->pushes += a->prefix_pushes;
    return true;
}

static bool attempt_set_up(attempt *a, const state *start, const solve_limits *lim, const push_options *opt,
                           size_t memory, pair_budget pairs, double t0, solve_status *status, char *msg,
                           size_t msglen);

/* Makes a child of attempt a that starts from a's best-scored position (replayed from the
 * level's start), with the board analysed and the plan made afresh there, and the memory a
 * has not used. false when it cannot (no push made, too little memory left, the position is
 * lost at once): a goes on. */
static bool replan(attempt *a, const state *start, const solve_limits *lim, const push_options *o, pair_budget pairs,
                   double t0)
{
    a->replan_checked = push_fess_state_of(a->pf.fess).best_since;
    size_t used = own_bytes(a);
    if (used + ((size_t)ATTEMPT_MIN_MB << 20) > a->memory) return false;
    solve_result best;
    memset(&best, 0, sizeof best);
    /* The moves from the level's start: the way to a's start, then a's to its best position. */
    if (!push_fess_write_best(a->pf.fess, &best) || !with_prefix(a, &best)) return false;
    attempt *c = calloc(1, sizeof *c);
    if (!c || best.pushes == a->prefix_pushes || state_copy(&c->from, start) != 0) {
        solve_result_free(&best);
        free(c);
        return false;
    }
    c->from.hist.disabled = true;
    int bad;
    engine_play_lurd(&c->from, best.solution, &bad);
    c->index = a->index, c->turn = a->turn, c->depth = a->depth + 1;
    c->prefix = best.solution;
    c->prefix_moves = best.moves;
    c->prefix_pushes = best.pushes;
    uint64_t done = a->earlier_work + own_work(a);
    if (done < REPLAN_LEAST_WORK) done = REPLAN_LEAST_WORK;
    c->cap = o->replan_share > 0 ? done * (uint64_t)o->replan_share / 100 : 0;
    solve_status st;
    char msg[160];
    if (bad >= 0 || !attempt_set_up(c, &c->from, lim, o, a->memory - used, pairs, t0, &st, msg, sizeof msg)) {
        attempt_free(c);
        free(c);
        return false;
    }
    a->child = c;
    return true;
}

/* The winning attempt's solution into out, checked by replay on the real rules. */
static solve_status attempt_write(attempt *a, const state *start, solve_result *out)
{
    portfolio *pf = &a->pf;
    bool written = a->meet_won ? write_backward(pf->meet, &a->b, out)
                 : a->fess_won ? push_fess_write(pf->fess, out)
                               : write_forward(a->won, pf->meet, out);
    out->method = a->meet_won ? "meet"
                : a->fess_won ? fess_method(pf->fess)
                : a->won->meet_id ? "meet" : a->won->cfg.name;
    if (a->depth > 0) out->method = replanned(out->method);
    if (!written || !with_prefix(a, out)) {
        snprintf(out->message, sizeof out->message, "push solver: could not write the solution (out of memory)");
        return SOLVE_ERROR;
    }
    if (!replays(start, out->solution)) {
        snprintf(out->message, sizeof out->message, "push solver: internal error: the solution does not replay");
        solve_result_free(out);
        return SOLVE_ERROR;
    }
    return SOLVE_SOLVED;
}

int push_next_turn(const push_turn *t, int count, uint64_t solo_work)
{
    if (count > 0 && t[0].paused && !t[0].resting && t[0].work < solo_work) return 0;
    /* The attempts that have not given their turns away, else the ones that have. */
    for (int resting = 0; resting < 2; resting++) {
        int pick = -1;
        uint64_t least = 0;
        for (int i = 0; i < count; i++) {
            if (!t[i].paused || t[i].resting != (resting == 1)) continue;
            if (pick < 0 || t[i].work < least) pick = i, least = t[i].work;
        }
        if (pick >= 0) return pick;
    }
    return -1;
}

/* The work of all the attempts. */
static uint64_t total_work(const attempt *a, int count)
{
    uint64_t work = 0;
    for (int i = 0; i < count; i++) work += attempt_work(&a[i]);
    return work;
}

/* The next attempt to run: the first alone for its first SOLO_WORK, then whichever of the ones
 * still running has done the least work, one that gave its turns away only when no other can
 * run; -1 when none is left. */
static int next_attempt(const attempt *a, int count)
{
    push_turn t[8];
    for (int i = 0; i < count; i++) {
        t[i].paused = a[i].end == RUN_PAUSED;
        t[i].resting = a[i].resting;
        t[i].work = attempt_work(&a[i]) * (a[i].half ? 2 : 1);
    }
    return push_next_turn(t, count, SOLO_WORK);
}

solve_status push_solve_with(const state *start, const solve_limits *lim_in, const push_options *opt,
                             solve_result *out)
{
    double t0 = solve_clock();
    memset(out, 0, sizeof *out);
    solve_limits lim = lim_in ? *lim_in : solve_limits_default();
    push_options o = opt ? *opt : push_options_default();
    size_t total = lim.memory_bytes ? lim.memory_bytes : (size_t)DEFAULT_MEMORY_MB << 20;
    int players = 0;
    for (int i = 0; i < start->nplayers; i++) players += start->player[i] >= 0;
    if (players > 1) {
        push_board b;
        solve_status st = board_ready(&b, start, 0, false, out->message, sizeof out->message);
        if (st != SOLVE_TIMEOUT) {
            push_board_free(&b);
            return finish(out, st, t0, NULL);
        }
        st = push_multi_solve(&b, start, &lim, &o, total, out);
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
    /* Attempts in several turns of the level (square boards, anytime mode), taking turns: the
     * first alone for a moment (most levels are solved by then), then each in equal time (the
     * packer's, the fourth, in half as much). Turns 0-3 read the level by rows, 4-7 by columns:
     * the fifth attempt, in turn 4 (transposed), reads the canonical orientation by columns. */
    int count = lim.optimal || start->g->topo != TOPO_SQUARE ? 1 : o.turns < 1 ? 1 : o.turns > 8 ? 8 : o.turns;
    while (count > 1 && total / (size_t)count < (size_t)ATTEMPT_MIN_MB << 20) count--;
    attempt a[8];
    memset(a, 0, sizeof a);
    for (int i = 0; i < count; i++) {
        a[i].index = i, a[i].turn = lim.optimal ? 0 : (o.turn + i) & 7;
        a[i].half = o.pack == 1 && i == PACKER_ATTEMPT;
    }
    /* The dead pairs' share of the budget: of the work when the solve is to go by work alone. */
    pair_budget pairs = { 0, 0 };
    if (lim.work) pairs.work = (uint64_t)((double)lim.work * PAIRS_SHARE / count);
    else if (lim.seconds > 0) pairs.seconds = lim.seconds * PAIRS_SHARE / count;
    double next_progress = 0.5;
    double deadline = lim.seconds > 0 ? t0 + lim.seconds : 0;
    /* The dead sets each attempt learns, given to the others and to the children of all; the
     * log's memory comes out of the attempts' shares. */
    size_t log_memory = o.share && o.patterns && o.deadsets && !lim.optimal ? total / DEADLOG_SHARE : 0;
    push_deadlog *log = log_memory ? push_deadlog_new(start->g->ncells, log_memory) : NULL;
    size_t each = (total - (log ? log_memory : 0)) / (size_t)count;
    solve_status st = SOLVE_TIMEOUT;
    const char *msg = NULL;
    int won = -1;
    bool work_up = false;
    for (;;) {
        double now = solve_clock();
        int i = next_attempt(a, count);
        if (i < 0 || (deadline > 0 && now >= deadline)) break;
        if (lim.work && total_work(a, count) >= lim.work) {
            work_up = true;
            break;
        }
        if (!a[i].set_up &&
            !attempt_set_up(&a[i], start, &lim, &o, each, pairs, t0, &st, out->message, sizeof out->message)) {
            if (i == 0) break;                         /* the level cannot be solved here */
            a[i].end = RUN_OVER;                       /* the others go on */
            st = SOLVE_TIMEOUT;
            out->message[0] = 0;
            continue;
        }
        attempt *run = active(&a[i]);
        /* Before its turn, the attempt gives the sets it has learned since its last turn and
         * takes the others'; its feature-space search then matches each waiting position
         * against them before playing its move. */
        if (log && run->patterns && push_deadlog_share(log, push_patterns_sets(run->patterns), &run->shared) > 0)
            push_fess_sets_grew(run->pf.fess);
        /* Several attempts take turns of a round; a lone one's turns end by the clock, for the
         * progress reports (a turn goes on where the last one stopped, so that changes nothing),
         * or after a round when the work budget is to be looked at. */
        bool by_round = count > 1 || lim.work;
        double until = by_round ? HUGE_VAL : solve_clock() + PROGRESS_SECONDS;
        if (deadline > 0 && until > deadline) until = deadline;
        run_end end = take_turns(run, &lim, until, by_round);
        if (end == RUN_WON) {
            won = i;
            break;
        }
        bool time_up = lim.seconds > 0 && solve_clock() - t0 >= lim.seconds;
        if (run != &a[i] && end == RUN_PAUSED && run->cap && attempt_work(run) >= run->cap) {
            /* The child has had its share: the parent goes on (and keeps its turns). */
            drop_child(&a[i]);
            continue;
        }
        if (run != &a[i] && (end == RUN_LOST || (end == RUN_OVER && !time_up))) {
            /* Only where the child started is lost: its parent's feature-space search drops that
             * position (with every one made from it). The attempt gives its turns to the others
             * while any of them can run, and goes on from where it stood when none can (they
             * may run out of memory long before the time is up). */
            attempt *parent = drop_child(&a[i]);
            if (end == RUN_LOST && parent && parent->pf.fess) push_fess_drop_best(parent->pf.fess);
            for (int k = 0; k < count; k++)
                if (k != i && a[k].end == RUN_PAUSED && !a[k].resting) a[i].resting = true;
            continue;
        }
        if (end == RUN_OVER) a[i].end = RUN_OVER;
        if (end == RUN_LOST) {
            st = SOLVE_UNSOLVABLE;
            break;
        }
        if (end == RUN_CANCELLED) break;
        if (run->replan_now) {
            run->replan_now = false;
            replan(run, start, &lim, &o, pairs, t0);
        }
        if (lim.progress && solve_clock() - t0 >= next_progress) {
            uint64_t nodes = 0;
            for (int k = 0; k < count; k++) nodes += attempt_nodes(&a[k]);
            lim.progress(lim.progress_ud, nodes, solve_clock() - t0, a[0].pf.nsearch ? a[0].pf.s[0].bound : 0);
            next_progress = solve_clock() - t0 + 0.5;
        }
    }
    if (won >= 0) {
        st = attempt_write(active(&a[won]), start, out);
        if (st == SOLVE_SOLVED) out->optimal = lim.optimal;
    } else if (st == SOLVE_TIMEOUT) {
        bool memory = a[0].set_up;                  /* (none set up: the time ran out first) */
        for (int i = 0; i < count; i++) {
            portfolio *pf = &active(&a[i])->pf;
            for (int k = 0; k < pf->nsearch; k++) memory = memory && pf->s[k].out_of_memory;
            if (pf->fess) memory = memory && push_fess_state_of(pf->fess).out_of_memory;
        }
        msg = work_up ? "work budget used up" : memory ? "memory budget used up"
            : lim.cancel && *lim.cancel ? "cancelled" : "time budget used up";
        /* keep_best: the position of the best score of the feature-space search that packed
         * the most, else where the first classic search was working. */
        int furthest = -1, packed = -1;
        for (int i = 0; i < count && o.keep_best; i++) {
            const attempt *run = active(&a[i]);
            int p = run->pf.fess ? push_fess_state_of(run->pf.fess).best_score_packed : -1;
            if (p > packed) furthest = i, packed = p;
        }
        attempt *far = furthest >= 0 ? active(&a[furthest]) : NULL;
        bool kept = far && push_fess_write_best(far->pf.fess, out) && with_prefix(far, out);
        push_search *s0 = &a[0].pf.s[0];
        uint32_t next = a[0].pf.nsearch ? push_queue_peek(&s0->open) : 0;
        if (!kept && o.keep_best && a[0].pf.nsearch && (next || s0->best)) {
            s0->solution = next ? next : s0->best;
            if (!push_search_write(s0, out)) out->solution = NULL;
            s0->solution = 0;
        }
    }
    int searches = a[0].pf.nsearch + (a[0].pf.fess != NULL);
    if (!out->method && a[0].set_up)
        out->method = count > 1 || searches > 1 ? "portfolio" : a[0].pf.nsearch ? a[0].pf.cfg[0].name : "fess";
    out->work = total_work(a, count);
    for (int i = 0; i < count; i++) {
        out->nodes += attempt_nodes(&a[i]);
        out->peak_bytes += attempt_bytes(&a[i]);
        attempt_free(&a[i]);
    }
    out->peak_bytes += push_deadlog_bytes(log);
    push_deadlog_free(log);
    return finish(out, st, t0, msg);
}

solve_status push_solve(const state *start, const solve_limits *lim, solve_result *out)
{
    push_options o = push_options_default();
    return push_solve_with(start, lim, &o, out);
}
