/* push_meet.h: the backward search and its meeting set (internal to runtime/solve). From the
 * solved position (every goal full, the player in any region), boxes are pulled back, one box
 * relocated at a time, greedily towards where the boxes start, the goal last in the packing
 * plan first. Every position it reaches can be solved by replaying its pulls as pushes, so it
 * is kept in a table the forward searches look their new positions up in: a hit is a solution,
 * the forward moves then the backward ones turned round. The table is keyed like every push
 * search's (push_key_box, push_key_player), so a forward search looks up with its own hash. */
#ifndef TESSERA_SOLVE_PUSH_MEET_H
#define TESSERA_SOLVE_PUSH_MEET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solve/push_board.h"
#include "solve/push_path.h"
#include "solve/push_plan.h"

typedef struct push_meet push_meet;

/* A backward search for b within `memory` bytes, guided by plan pl (may be NULL); both kept.
 * NULL when out of memory, or when the solved position is not one position (goals outnumber
 * the boxes, or boxes of several colours). */
push_meet *push_meet_new(const push_board *b, const push_plan *pl, size_t memory);
void push_meet_free(push_meet *m);   /* NULL is fine */

/* Expands up to `slice` positions; stops when its memory is full or it has no position left
 * (the table stays, for look-ups). */
void push_meet_run(push_meet *m, int slice);
bool push_meet_done(const push_meet *m);

/* The position with these boxes (sorted within their classes) and normalised player, hashed
 * as the push searches do, if the backward search has reached it by pulls: its id, else 0
 * (also for the solved positions it starts from). */
uint32_t push_meet_find(const push_meet *m, uint64_t hash, const uint16_t *box, int player);
/* The start position, if reached (then the level is solved backwards alone), else 0. */
uint32_t push_meet_start(const push_meet *m);

/* Appends to t the moves that solve the level from backward position id: p holds that
 * position and *player the player's cell (anywhere in its region); p ends solved. false when
 * out of memory. */
bool push_meet_write(push_meet *m, uint32_t id, push_walker *w, push_pos *p, int *player, push_text *t);

uint64_t push_meet_nodes(const push_meet *m);
size_t push_meet_bytes(const push_meet *m);

#endif
