/* push_features.h: the level analysis behind the feature-space search's features and advisors
 * (internal to runtime/solve), after Shoham and Schaeffer's FESS for Sokoban:
 *  - where a lone box can be pushed from each cell and side (a relocation that can be undone
 *    is "reversible");
 *  - hotspots: a box on y is in the way of a box on x when, with y walled up, a lone box on x
 *    reaches fewer goals than it does on the empty board;
 *  - the out-of-plan zones: with the goals the packing plan has filled so far and the next
 *    goal of each area walled up, the cells from which no other goal can be reached any more
 *    (a box standing there now will be lost once packing goes on);
 *  - player steps from each goal, for the advisor that clears the way to the next goal.
 * All of it is for one board; the zones are cached by the plan's progress. */
#ifndef TESSERA_SOLVE_PUSH_FEATURES_H
#define TESSERA_SOLVE_PUSH_FEATURES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solve/push_board.h"
#include "solve/push_plan.h"

typedef struct push_features push_features;

/* The analysis of board b with plan pl (both kept, not owned). Hotspots are left out (none
 * ever counted) when the level is too big to afford them within `seconds` (0: no limit).
 * NULL when out of memory. */
push_features *push_features_new(const push_board *b, const push_plan *pl, double seconds);
void push_features_free(push_features *f);   /* NULL is fine */
size_t push_features_bytes(const push_features *f);

/* Whether a lone box on `to`, the player on the cell `player` beside it (or anywhere when
 * player < 0), can be pushed back to `from` on the empty board. */
bool push_features_reversible(const push_features *f, int from, int to, int player);

/* The boxes of p (off goals) that are in the way of another box off its goal. */
int push_features_hotspots(const push_features *f, const push_pos *p);

/* The same, for a position settled once and then looked at with each of its boxes moved in
 * turn: _parent counts p's (and keeps what each box is in the way of); _child counts those
 * of p with its box on `from` moved to `to`, in the number of boxes rather than its square. */
int push_features_hotspots_parent(push_features *f, const push_pos *p);
int push_features_hotspots_child(const push_features *f, int from, int to);

/* The boxes of p standing in the out-of-plan zone for the plan's progress in p (prefix[a]:
 * goals of area a filled in plan order, from push_plan_prefix). */
int push_features_out_of_plan(push_features *f, const push_pos *p, const int16_t *prefix);

/* The goals packed in p: every goal holding a box it takes, when the other goals can still be
 * filled around them (push_plan_fillable; cached by the set of full goals), else in_order (the
 * count packed in plan order, from push_plan_prefix). */
int push_features_packed(push_features *f, const push_pos *p, int in_order);

/* The goal the plan fills next (the next goal of the area whose next goal comes first in the
 * plan), or -1 when every area is full; and the player steps from goal g to cell c on the
 * empty board (PUSH_FAR when it cannot be walked). */
int push_features_next_goal(const push_features *f, const int16_t *prefix);
int push_features_goal_steps(const push_features *f, int g, int c);

#endif
