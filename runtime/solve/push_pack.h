/* push_pack.h: the packer, a small search that fills one goal (internal to runtime/solve).
 * From a position, boxes are pushed one push at a time (any box but those on cells marked
 * fixed) until a box stands on the goal in a position the caller accepts. It is greedy on how
 * far the box cheapest to bring stands from the goal in pushes and how many boxes stand in the
 * player's way to it, so it digs a box out and brings it in where the feature-space search,
 * which moves one box at a time, has no move that packs the plan's next goal. */
#ifndef TESSERA_SOLVE_PUSH_PACK_H
#define TESSERA_SOLVE_PUSH_PACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solve/push_board.h"

typedef struct push_pack push_pack;

/* One box taken from `from` to `to` by `pushes` pushes, the player ending on `side`. */
typedef struct push_pack_step {
    uint16_t from, to, side, pushes;
} push_pack_step;

/* A search for board b (kept, not owned) within `memory` bytes; NULL when out of memory. */
push_pack *push_pack_new(const push_board *b, size_t memory);
void push_pack_free(push_pack *p);   /* NULL is fine */

/* Whether a position with goal cell `filled` just filled (boxes on box[] in b's slot order,
 * the player on `player`) is worth keeping: false sends the packer on looking. */
typedef bool (*push_pack_accept)(void *ud, const uint16_t *box, int player, int filled);

/* From boxes on box[] (b's slot order) and the player on `player`, with the boxes on cells
 * where fixed[c] is set (may be NULL) never moved: a way of at most `nodes` expansions that
 * puts a box on goal g, the position it ends in accepted by `accept` (may be NULL). Returns how
 * many steps it takes (each a box relocation, in order: *steps, kept by p until the next run),
 * 0 when none was found. */
int push_pack_run(push_pack *p, const uint16_t *box, int player, const uint8_t *fixed, int g, uint64_t nodes,
                  push_pack_accept accept, void *ud, const push_pack_step **steps);

/* Expansions of every run so far, and the bytes held. */
uint64_t push_pack_nodes(const push_pack *p);
size_t push_pack_bytes(const push_pack *p);

#endif
