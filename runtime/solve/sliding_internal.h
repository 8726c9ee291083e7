/* sliding_internal.h: what the sliding solver's files share: the search budget, the move
 * letters, and the entry points of the three searches behind sliding_solve. Not public. */
#ifndef TESSERA_SOLVE_SLIDING_INTERNAL_H
#define TESSERA_SOLVE_SLIDING_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "solve/pdb.h"
#include "solve/solver.h"

/* Directions the blank moves; d ^ 1 is the opposite move. */
enum { SLIDE_UP, SLIDE_DOWN, SLIDE_LEFT, SLIDE_RIGHT };
extern const char sliding_letters[4];   /* "udlr" */

/* A budget shared by every search of one solve: time, cancel flag, node count. */
typedef struct sliding_budget {
    const solve_limits *lim;
    double start, deadline;   /* deadline 0: none */
    uint64_t nodes;           /* generated */
    uint64_t next_check;
    uint64_t node_cap;        /* 0: none; else the search stops (out_of_time) past it */
    bool out_of_time;
    bool capped;              /* out_of_time came from node_cap only */
} sliding_budget;

/* The fast mode's cap on an exact 4 x 4 search (a few tenths of a second at most). */
#define SLIDING_FAST_PDB_NODES 2000000u

void sliding_budget_init(sliding_budget *b, const solve_limits *lim, double start);
bool sliding_budget_check(sliding_budget *b);   /* reads the clock and the cancel flag */
/* Whether the budget ran out; cheap: the clock is read every few thousand nodes. */
static inline bool sliding_budget_spent(sliding_budget *b)
{
    return b->nodes < b->next_check ? b->out_of_time : sliding_budget_check(b);
}
void sliding_budget_progress(sliding_budget *b, int bound);
/* After a capped search: clears the cap's stop; false if time or cancel ran out meanwhile. */
bool sliding_budget_unspend(sliding_budget *b);

/* A growable move string. */
typedef struct sliding_moves {
    char *s;
    size_t len, cap;
    bool failed;              /* out of memory */
} sliding_moves;
void sliding_moves_add(sliding_moves *m, char c);
/* Removes adjacent pairs of opposite moves ("ud", "lr", ...), which undo each other. */
void sliding_moves_simplify(sliding_moves *m);

/* Optimal IDA* on Manhattan distance + linear conflicts (w * h <= SLIDING_IDA_MAX_CELLS).
 * Returns SOLVE_SOLVED with *moves set, or SOLVE_TIMEOUT; nodes go to b. */
solve_status sliding_ida(const int *tiles, int w, int h, sliding_budget *b, sliding_moves *moves);
/* What sliding_ida_with seeks: NULL options mean sliding_ida's optimal search for the goal. */
typedef struct sliding_ida_opts {
    const int *target;        /* the board to reach, same size (NULL: the goal, blank last) */
    int weight_num, weight_den;   /* f = g + (num / den) h: a path within num / den times the
                                   * shortest (0 or 1/1: optimal) */
    int shorter_than;         /* only paths of fewer moves (0: any length) */
    bool quiet;               /* no progress reports (a search inside a bigger one) */
} sliding_ida_opts;
/* IDA* as sliding_ida, towards o->target, weighted, below o->shorter_than. SOLVE_SOLVED with
 * the moves appended, SOLVE_TIMEOUT, or SOLVE_UNSOLVABLE: no path shorter than shorter_than
 * exists (the search covered every one), which proves a known path of that length optimal. */
solve_status sliding_ida_with(const int *tiles, int w, int h, const sliding_ida_opts *o,
                              sliding_budget *b, sliding_moves *moves);
/* The anytime search of an optimal solve on a board too big to finish (w * h <=
 * SLIDING_IDA_MAX_CELLS): weighted IDA* with weights falling towards 1, each pass only below
 * the best length so far, every new best shortened window by window (a stretch of it replaced
 * by an optimal path between its ends), and last an unweighted pass that proves the best
 * optimal if the budget lets it finish. SOLVE_SOLVED with the best moves (*optimal when
 * proved), or SOLVE_TIMEOUT with none found. */
solve_status sliding_anytime(const int *tiles, int w, int h, sliding_budget *b,
                             sliding_moves *moves, bool *optimal);
/* Shortens best, a path from tiles to wherever it leads, window by window (see
 * sliding_anytime.c) until a pass changes nothing or the budget runs out; it ends on the same
 * board. */
void sliding_shorten(const int *tiles, int w, int h, sliding_moves *best, sliding_budget *b);
/* Optimal IDA* on a 4 x 4 board with additive pattern databases and the reflected lookup. */
solve_status sliding_ida_pdb(const int *tiles, const pdb_set *pdb, sliding_budget *b,
                             sliding_moves *moves);
/* The constructive non-optimal method for boards of at least 2 x 2; tables (may be NULL)
 * finish a 4 x 4 rest. *exact: the whole board went to an exact search (so optimal). */
solve_status sliding_construct(const int *tiles, int w, int h, const pdb_set *tables,
                               sliding_budget *b, sliding_moves *moves, bool *exact);

#endif
