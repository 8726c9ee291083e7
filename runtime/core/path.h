/* path.h: breadth-first paths over the neighbour table (click-to-walk, reachability). */
#ifndef TESSERA_CORE_PATH_H
#define TESSERA_CORE_PATH_H

#include <stdint.h>

#include "core/state.h"

/* Cells the player at `from` can walk to without pushing: mark[c] = 1 for each (mark has
 * ncells bytes). Returns how many cells were marked, or -1 when out of memory. */
int path_reachable(const state *s, int from, uint8_t *mark);
/* Shortest walk from `from` to `to`; writes directions to dirs (up to max). Returns the
 * number of steps, 0 if from == to, -1 if unreachable or longer than max. */
int path_find(const state *s, int from, int to, int8_t *dirs, int max);

#endif
