/* push_deadsets.h: learned dead-box sets (internal to runtime/solve). A set is a few boxes, each
 * on a cell with its colour class, that can never all reach goals together whatever the other
 * boxes do (removing boxes never makes a position harder), for every player position in the
 * regions the set was proved dead for. Sets are indexed by cell, so after a push only the sets
 * holding the pushed box's new cell are looked at. push_pattern.c proves and minimises them;
 * every search of a solve shares one store. */
#ifndef TESSERA_SOLVE_PUSH_DEADSETS_H
#define TESSERA_SOLVE_PUSH_DEADSETS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solve/push_board.h"

enum {
    PUSH_SET_MAX = 12,            /* boxes in a set */
    PUSH_SET_REGIONS = 8          /* player regions a set may name (beyond: "every region") */
};

typedef struct push_deadsets push_deadsets;

/* NULL when out of memory. memory bounds the sets kept (once full, new ones are dropped). */
push_deadsets *push_deadsets_new(const push_board *b, size_t memory);
void push_deadsets_free(push_deadsets *d);   /* NULL is fine */

/* One set: cells (compact, sorted within each class run), the class of each, and where the
 * player may stand for it to be dead: every region of the board holding only the set's boxes
 * when nregions < 0, else the regions whose smallest cells are listed. */
typedef struct push_deadset_spec {
    int count;
    uint16_t cell[PUSH_SET_MAX];
    uint8_t cls[PUSH_SET_MAX];
    int nregions;
    uint16_t region[PUSH_SET_REGIONS];
} push_deadset_spec;

/* Adds a set; false when the store is full or it is known already. */
bool push_deadsets_add(push_deadsets *d, const push_deadset_spec *set);

/* How many sets there are, and set i of them (0 <= i < count). */
int push_deadsets_count(const push_deadsets *d);
const push_deadset_spec *push_deadsets_at(const push_deadsets *d, int i);
/* Set i's cells where the player makes it dead, one bit per cell (cell c: bit c % 64 of word
 * c / 64; nothing set for a set dead everywhere). */
const uint64_t *push_deadsets_where(const push_deadsets *d, int i);
/* The board the store was made for. */
const push_board *push_deadsets_board(const push_deadsets *d);

/* Whether some set holding cell `at` is complete in p (every cell holds a box of its class)
 * with the player (on cell `player`) where the set is dead. */
bool push_deadsets_match(push_deadsets *d, const push_pos *p, int at, int player);

/* Whether some set is complete in p with the player where it is dead, whichever cells it holds. */
bool push_deadsets_match_all(push_deadsets *d, const push_pos *p, int player);

/* The smallest cell of the player's region on a board holding only the boxes on `cells`
 * (count of them); scratch is kept in d. */
int push_deadsets_region(push_deadsets *d, const uint16_t *cells, int count, int player);

/* The regions of that board: the smallest cell of each, ascending, into first (at most `most`
 * of them); returns how many there are (more than `most` when some were left out). */
int push_deadsets_regions(push_deadsets *d, const uint16_t *cells, int count, int32_t *first, int most);

typedef struct push_deadsets_stats {
    uint64_t sets, pairs, queries, hits;
} push_deadsets_stats;
push_deadsets_stats push_deadsets_stats_of(const push_deadsets *d);
void push_deadsets_count_pair(push_deadsets *d);
size_t push_deadsets_bytes(const push_deadsets *d);

#endif
