/* push_search.h: the push search engine (internal to runtime/solve). Nodes are positions after
 * a push with the player normalised to the top-left cell of its region, so walking is free and
 * only pushes branch. Best-first on the matching bound: greedy or weighted for a first
 * solution, A* for a push-optimal one. push_solve.c runs one or two of these for a level;
 * push_pattern.c runs small ones on a few boxes to find deadlocks. */
#ifndef TESSERA_SOLVE_PUSH_SEARCH_H
#define TESSERA_SOLVE_PUSH_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "solve/push_board.h"
#include "solve/push_components.h"
#include "solve/push_path.h"
#include "solve/push_solve.h"
#include "solve/push_table.h"

typedef struct push_patterns push_patterns;
typedef struct push_deadsets push_deadsets;
typedef struct push_meet push_meet;

typedef struct push_search_config {
    const char *name;             /* for reports: "greedy", "connectivity", "astar", ... */
    push_options opt;
    bool optimal;                 /* A*: f = pushes + bound (else weight * bound + pushes) */
    int weight;                   /* 0: the bound alone (greedy) */
    int connectivity;             /* anytime: added to the bound per floor region the player
                                     cannot reach */
    bool rooms;                   /* goal-room macros (the search is then not complete) */
    push_patterns *patterns;      /* deadlock patterns found by small searches (not owned), or NULL */
    push_deadsets *sets;          /* dead sets to match after each push (not owned), or NULL */
    push_meet *meet;              /* the backward search's positions: reaching one solves the
                                     level (not owned; anytime only), or NULL */
    size_t memory;                /* bytes for the node table, open list and cached distances */
    double t0, seconds;           /* the clock at the start and the budget (<= 0: none) */
    const volatile int *cancel;
    uint64_t max_nodes;           /* expansions before giving up (0: none) */
} push_search_config;

typedef struct push_search {
    const push_board *b;
    push_search_config cfg;
    bool use_rooms;
    push_budget mem;
    push_table tt;
    push_queue open;
    push_pos pos;
    push_freeze frz;
    push_matcher mat;
    push_corral corral;
    push_walker walker;           /* for writing the solution */
    push_fixed_cache fixed;       /* distances with frozen goal boxes as walls */
    int32_t *frozen, *child_frozen; /* sorted cells of the boxes frozen on goals */
    int nfrozen, nchild_frozen;
    uint8_t *frozen_mark;         /* n: 1 on the cells of child_frozen while bounding */
    uint8_t *parent_mark;         /* n: 1 on the cells of frozen while expanding */
    const push_dists *parent_dists; /* the distances the node being expanded was bounded with */
    uint16_t *row_cell;           /* per row of the kept matching: the box cell it stands for */
    uint16_t *new_cell;           /* scratch for row_cell */
    int *slot_row;                /* per slot of the node being expanded: its row */
    bool have_base;               /* the kept matching, and what it was computed with: */
    const push_dists *base_dists;
    int32_t *base_frozen;
    int base_nfrozen;
    int8_t *macro;                /* directions of the pushes of the last move made */
    uint32_t *reach, *child_reach, *macro_reach, stamp;
    push_components comp;         /* the components of the node being expanded, when it has
                                     enough children for them to pay (see expand_marked) */
    bool comp_ready;
    int32_t *queue;               /* 2n */
    uint64_t *zbox, *zplayer;     /* Zobrist keys: [class * n + cell], [cell] */
    int max_boxes;                /* what the arrays were sized for */

    uint64_t nodes;               /* expansions */
    int bound;                    /* f (A*) or the bound of the last node taken, for progress */
    uint32_t solution;            /* node id of a solved position, or 0 */
    uint32_t meet_id;             /* with solution: the backward search's node the solution
                                     goes on from, or 0 when the node is solved itself */
    uint32_t best;                /* the expanded node with the lowest bound so far */
    int best_h;
    bool timed_out, out_of_memory, exhausted;
} push_search;

/* Sizes a search for board b (and any board with the same cells and at most b->nboxes boxes).
 * false when out of memory (push_search_free still applies). */
bool push_search_init(push_search *s, const push_board *b, const push_search_config *cfg);
void push_search_free(push_search *s);
/* Empties the tables and points the search at board b, which must share the cells of the board
 * it was sized for and hold no more boxes. */
void push_search_reset(push_search *s, const push_board *b);

/* Puts the start position in the open list; false when it is lost already. */
bool push_search_start(push_search *s);
/* Expands up to `slice` nodes; stops early on a solution, an empty open list (exhausted), a
 * full memory budget, the end of the time budget or the node limit (timed_out). */
void push_search_run(push_search *s, int slice);
/* Bytes the search's tables hold now (they never shrink while it runs). */
size_t push_search_bytes(const push_search *s);
/* The solution found, as text: out->solution, out->moves and out->pushes. false when out of
 * memory. */
bool push_search_write(push_search *s, solve_result *out);
/* The moves from the start to node `node`, appended to t; s->pos is left at the node's
 * position and *at at the player's cell. false when out of memory. */
bool push_search_write_to(push_search *s, uint32_t node, push_text *t, int *at);

/* Levels with several players (push_multi.c): b->nplayers > 1. Fills out (but status and
 * seconds); in the solution a digit, the 1-based player slot, comes before the first move of
 * each player other than the one moving before it (the active one at the start). */
solve_status push_multi_solve(const push_board *b, const state *start, const solve_limits *lim,
                              const push_options *opt, size_t memory, solve_result *out);

#endif
