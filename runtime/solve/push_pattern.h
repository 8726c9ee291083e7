/* push_pattern.h: deadlocks proved by small searches (internal to runtime/solve). Removing
 * boxes never makes a position harder, so if a few boxes cannot all reach goals with every
 * other box gone, the position is lost. A small complete search on those boxes decides; the
 * answer is remembered for the same boxes and player region, and a dead answer is minimised
 * (boxes dropped while the rest stays dead) and widened to every player region where it holds,
 * then kept in the shared store of dead sets (push_deadsets.h), which matches it inside any
 * larger position. Three sources of such questions: the boxes near the one just pushed, the
 * fence of a PI-corral, and, once per level, every pair of neighbouring cells. */
#ifndef TESSERA_SOLVE_PUSH_PATTERN_H
#define TESSERA_SOLVE_PUSH_PATTERN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solve/push_board.h"
#include "solve/push_deadsets.h"

typedef struct push_patterns push_patterns;

/* NULL when out of memory. memory bounds the remembered answers, the dead sets and the small
 * searches. learn: dead answers go to the store of dead sets (else they stay exact). */
push_patterns *push_patterns_new(const push_board *b, size_t memory, bool learn);
void push_patterns_free(push_patterns *pp);   /* NULL is fine */

/* The caller's limits: past `deadline` (a solve_clock() time; <= 0: none), or once *cancel
 * is set, no small search starts and a running one stops (the clock is looked at every few
 * thousand small-search expansions); only remembered answers are given then. */
void push_patterns_limit(push_patterns *pp, double deadline, const volatile int *cancel);

/* The store of dead sets the small searches fill (owned by pp); NULL for NULL. */
push_deadsets *push_patterns_sets(push_patterns *pp);

/* Whether position p (the box just pushed stands on `moved`, the player on `player`) is lost
 * for the boxes near `moved`. `expanded` is the caller's own expansion count: the small
 * searches are kept to a share of it, after which only remembered answers are given. */
bool push_pattern_dead(push_patterns *pp, const push_pos *p, int moved, int player, uint64_t expanded);

/* Whether the boxes on `cells` (count of them: a PI-corral's fence) are lost on their own with
 * the player on `player`. A question that stays open (the search ran out of nodes) is searched
 * again with a larger budget when it keeps coming back. */
bool push_pattern_corral_dead(push_patterns *pp, const push_pos *p, const int32_t *cells, int count, int player,
                              uint64_t expanded);

/* The dead pairs of the level: every two boxes on neighbouring cells (diagonal ones too on
 * square grids) searched alone for every player region, within `seconds` and `work` expansions
 * of the small searches (0: no such limit); dead ones go to the store. Returns how many were
 * found. */
int push_patterns_pairs(push_patterns *pp, double seconds, uint64_t work);

/* What the patterns did, for measurements. */
typedef struct push_pattern_stats {
    uint64_t queries, searches, dead, sub_nodes, corral_queries, corral_dead, learned;
} push_pattern_stats;
push_pattern_stats push_pattern_stats_of(const push_patterns *pp);
/* Bytes the remembered answers, the dead sets and the small search hold now. */
size_t push_patterns_bytes(const push_patterns *pp);

#endif
