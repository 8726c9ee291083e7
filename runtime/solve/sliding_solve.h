/* sliding_solve.h: the sliding-tile solver for N x M boards (goal 1..N*M-1 in reading order,
 * blank last). Plain C11: no SDL, no Lua.
 *
 * Solutions are strings of u d l r naming the direction the BLANK moves. What it does:
 *   - unsolvable boards (core/sliding.h parity rule) return SOLVE_UNSOLVABLE at once;
 *   - 1 x N and N x 1 boards are solved directly (the blank walks to the end);
 *   - lim->optimal, 4 x 4: IDA* on the additive 7-8 pattern databases with the reflected
 *     lookup (pdb.h): already in memory (pdb_prepare), or loaded from cache_dir, or built
 *     there when the budget allows (no time limit, or 600 s or more: the build takes minutes
 *     and 1.3 GB); otherwise the 6-6-3 tables (seconds to build, cached in cache_dir too).
 *     out->message says which tables were used and where they came from;
 *   - lim->optimal, other sizes up to 9 cells: IDA* on Manhattan distance plus linear
 *     conflicts; up to 256 cells: the anytime search (sliding_anytime.c): weighted IDA* on the
 *     same bound with the weight falling from 3 to 1, each pass only below the best length so
 *     far, each new best shortened window by window; out->optimal when the last pass proves
 *     it. Out of time, the best found comes back with out->optimal false;
 *   - not lim->optimal: boards of up to 9 cells are solved exactly; larger ones by placing
 *     the top row or left column tile by tile (the longer side first) until 3 x 3 or less
 *     remains, which is then solved exactly; if 4 x 4 tables are already in memory, a 4 x 4
 *     rest is solved exactly with them (node-capped). Always quick (64 x 64 in about 0.2 s),
 *     length not optimal but reasonable; out->optimal is true only if it happens to be.
 * out->nodes counts nodes GENERATED (heuristic evaluated, root included, summed over all
 * IDA* iterations); for the constructive mode, the nodes of its small exact searches.
 * lim may be NULL (solve_limits_default()). Free out with solve_result_free(). */
#ifndef TESSERA_SOLVE_SLIDING_SOLVE_H
#define TESSERA_SOLVE_SLIDING_SOLVE_H

#include "solve/solver.h"

#define SLIDING_MAX_CELLS (1 << 20)   /* bigger boards are rejected as SOLVE_ERROR */
#define SLIDING_IDA_MAX_CELLS 256     /* the optimal search for sizes other than 4 x 4 */

solve_status sliding_solve(const int *tiles, int w, int h, const solve_limits *lim,
                           const char *cache_dir, solve_result *out);

/* The 4 x 4 optimal search on the given tables (NULL: Manhattan + linear conflicts), never
 * loading or building any: for tests and for comparing partitions (pdb_open). */
struct pdb_set;
solve_status sliding_solve_4x4(const int *tiles, const struct pdb_set *tables,
                               const solve_limits *lim, solve_result *out);

/* Sum over the tiles of the row and column distance to their goal cells. */
int sliding_manhattan(const int *tiles, int w, int h);
/* The linear-conflict term added to the Manhattan distance: for every row (column), twice
 * the fewest tiles that must leave it so that the tiles whose goal is in that row (column)
 * stand in goal order. Manhattan + this stays a lower bound on the solution length. */
int sliding_linear_conflict(const int *tiles, int w, int h);

#endif
