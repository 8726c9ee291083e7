/* push_deadlog.h: the dead sets a solve's attempts learn, handed from each to the others
 * (internal to runtime/solve). Each attempt numbers the board in its own turn of the level and
 * keeps its own store (push_deadsets.h); an attempt started over from a later position walls up
 * the boxes frozen on goals there, so its board has less floor. The log keeps every set in the
 * level's own terms (grid cells, box colours, the grid cells where the player makes it dead), and
 * an attempt takes from it the sets proved on floor that holds all of its own: more walls and
 * fewer goals never bring a dead set back to life, while fewer walls might, so a set learned
 * with boxes walled up is not given to an attempt that has them as boxes. */
#ifndef TESSERA_SOLVE_PUSH_DEADLOG_H
#define TESSERA_SOLVE_PUSH_DEADLOG_H

#include <stddef.h>

#include "solve/push_deadsets.h"

typedef struct push_deadlog push_deadlog;

/* NULL when out of memory. gcells: the grid's cells; memory bounds the sets kept (once full,
 * new ones are dropped). */
push_deadlog *push_deadlog_new(int gcells, size_t memory);
void push_deadlog_free(push_deadlog *l);   /* NULL is fine */
size_t push_deadlog_bytes(const push_deadlog *l);
int push_deadlog_count(const push_deadlog *l);

/* Where one store stands in the log: the sets of its own it has given (push_deadsets_count up
 * to there), the log's entries it has looked at, and its board's floor among the log's (plus
 * one; 0 before the first share). Zero for a new store. */
typedef struct push_deadlog_cursor {
    int given, taken, floor;
} push_deadlog_cursor;

/* Gives the log d's sets added since the cursor's last call, then adds to d the log's entries
 * since then that hold on d's board (the ones d gave itself are known to it already). Returns
 * how many sets d gained. */
int push_deadlog_share(push_deadlog *l, push_deadsets *d, push_deadlog_cursor *cur);

#endif
