/* path.h: breadth-first paths over the neighbour table (click-to-walk, reachability). */
#ifndef TESSERA_CORE_PATH_H
#define TESSERA_CORE_PATH_H

#include <stdint.h>

#include "core/state.h"

/* Cells the player at `from` can walk to (and stop on: ice slides on) without moving a box:
 * mark[c] = 1 for each (mark has ncells bytes). Returns how many, or -1 out of memory. */
int path_reachable(const state *s, int from, uint8_t *mark);
/* Shortest walk (in steps, each as engine_walk_end takes it) from `from` to `to`; writes directions to dirs (up to max). Returns the
 * number of steps, 0 if from == to, -1 if unreachable or longer than max. */
int path_find(const state *s, int from, int to, int8_t *dirs, int max);

#endif
