/* sliding.h: facts about N x M sliding-tile boards (goal 1..N*M-1, blank last). */
#ifndef TESSERA_CORE_SLIDING_H
#define TESSERA_CORE_SLIDING_H

#include <stdbool.h>

/* Whether tiles (w*h values, a permutation of 0..w*h-1, 0 the blank) can reach the goal.
 * The general rule: for odd width the inversion count must be even; for even width the
 * inversions plus the blank's row distance from the bottom row must be even. A 1 x N or
 * N x 1 board can only shift the blank, so it is solvable only if the tiles are in order. */
bool sliding_solvable(const int *tiles, int w, int h);
/* Whether tiles is a permutation of 0..n-1. */
bool sliding_is_permutation(const int *tiles, int n);
int sliding_inversions(const int *tiles, int n);
/* The parity (0 or 1) of sliding_inversions, in linear time. tiles must be a permutation. */
int sliding_parity(const int *tiles, int n);

#endif
