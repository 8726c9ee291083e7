/* push_fess.h: a feature-space search for push puzzles (internal to runtime/solve), after the
 * FESS algorithm of Shoham and Schaeffer ("The FESS Algorithm: A Feature Based Approach to
 * Single-Agent Search", IEEE CoG 2020) and the structure of their Festival solver. A move
 * relocates one box to any cell it can be pushed to while the others stand (with a PI-corral,
 * only a fence box, first push into the corral). Every position gets a score: boxes packed in
 * plan order, floor regions the player cannot reach, links between rooms blocked by boxes,
 * boxes out of plan, hotspots, pushes to the nearest goals (push_features.h); its first three
 * name its cell of feature space. Turns alternate between the cells in rotation (a cell just
 * reached comes next) and the cell of the best score so far; in a cell the move played is the
 * one whose position has the least weight, then the best score. Moves suggested by the seven
 * advisors (pack a box, open a region, open a link, clear a hotspot, take a box out of plan,
 * clear the next goal's surroundings, give the player a new push) cost nothing, the others
 * one. Each new best position is probed with a small complete search (push_probe.h): a lost
 * one is dropped with every position made from it, a solved one ends the search. Positions
 * are kept once (the player normalised to its region), so the search is complete: it ends
 * with a solution or with every position reached expanded or proved lost. */
#ifndef TESSERA_SOLVE_PUSH_FESS_H
#define TESSERA_SOLVE_PUSH_FESS_H

#include <stdbool.h>
#include <stdint.h>

#include "solve/push_plan.h"
#include "solve/push_search.h"

typedef struct push_fess push_fess;

/* A position the search makes costs about this many expansions of a push search: its share of
 * the small searches (patterns, probes) and its share of the solve's work are counted so. */
enum { PUSH_FESS_WORTH = 16 };

/* A search for board b with plan pl (both kept, not owned); cfg gives the budgets, the
 * deadlock options, the shared patterns and dead sets, and the backward search's meeting set
 * (cfg->meet, may be NULL: a position it reached is as good as solved). NULL when out of
 * memory. */
push_fess *push_fess_new(const push_board *b, const push_plan *pl, const push_search_config *cfg);
void push_fess_free(push_fess *f);

/* Sets up the start position; false when it is lost already. */
bool push_fess_start(push_fess *f);
/* Plays up to `slice` moves (each one a new position); stops early on a solution, an
 * exhausted search, a full memory budget or the end of the time or node budget. */
void push_fess_run(push_fess *f, int slice);

typedef struct push_fess_state {
    bool solved, exhausted, timed_out, out_of_memory;
    uint64_t nodes;               /* positions made */
    uint64_t probe_nodes;         /* expansions of the probes of the best positions */
    int cells;                    /* cells of feature space reached */
    int best_packed;              /* the most boxes packed in plan order so far */
    bool met;                     /* with solved: the solution ends with the backward search's
                                     moves (it reached a position of the meeting set) */
    bool probed;                  /* with solved: the solution ends with a probe's moves */
    uint32_t shrunk;              /* positions probes proved lost that gave a dead set */
    uint32_t killed;              /* positions dropped by dead sets learned after they were made */
    int best_score_packed;        /* the packed count of the position of the best score so far
                                     (push_fess_write_best), -1 before there is one */
    uint64_t best_since;          /* positions made when that position became the best */
    uint64_t pack_nodes;          /* expansions of the packer (push_options.pack) */
    uint32_t trims;               /* times the budget stopped the moves from growing and each
                                     position kept only its best moves left */
    uint64_t moves_held;          /* moves held now, for the positions still to play them */
} push_fess_state;
push_fess_state push_fess_state_of(const push_fess *f);
size_t push_fess_bytes(const push_fess *f);

/* Drops the position of the best score so far, proved lost elsewhere (a fresh solve from
 * there, push_fess_write_best), with every position made from it; the next best takes its
 * place. */
void push_fess_drop_best(push_fess *f);

/* The store of dead sets has gained sets from elsewhere (push_deadlog.h): from now on each
 * waiting position is matched against the whole store before its move is played, as after a
 * position is shrunk to a dead set. NULL is fine. */
void push_fess_sets_grew(push_fess *f);

/* The solution, as text (out->solution, moves, pushes); false when out of memory. */
bool push_fess_write(push_fess *f, solve_result *out);
/* The moves from the start to the position of the best score so far, as text (the same
 * fields); false when there is none, it is proved lost, or out of memory. */
bool push_fess_write_best(push_fess *f, solve_result *out);

#endif
