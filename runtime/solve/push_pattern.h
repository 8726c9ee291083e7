/* push_pattern.h: deadlock patterns (internal to runtime/solve). Removing boxes never makes a
 * position harder, so if the few boxes around the one just pushed cannot all reach goals with
 * every other box gone, the position is lost. A small complete search on those boxes decides;
 * the answer is remembered for the next time the same boxes stand there. */
#ifndef TESSERA_SOLVE_PUSH_PATTERN_H
#define TESSERA_SOLVE_PUSH_PATTERN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solve/push_board.h"

typedef struct push_patterns push_patterns;

/* NULL when out of memory. memory bounds the remembered answers and the small searches. */
push_patterns *push_patterns_new(const push_board *b, size_t memory);
void push_patterns_free(push_patterns *pp);   /* NULL is fine */

/* Whether position p (the box just pushed stands on `moved`, the player on `player`) is lost
 * for the boxes near `moved`. `expanded` is the caller's own expansion count: the small
 * searches are kept to a share of it, after which only remembered answers are given. */
bool push_pattern_dead(push_patterns *pp, const push_pos *p, int moved, int player, uint64_t expanded);

/* What the patterns did, for measurements. */
typedef struct push_pattern_stats {
    uint64_t queries, searches, dead, sub_nodes;
} push_pattern_stats;
push_pattern_stats push_pattern_stats_of(const push_patterns *pp);
/* Bytes the remembered answers and the small search hold now. */
size_t push_patterns_bytes(const push_patterns *pp);

#endif
