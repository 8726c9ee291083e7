/* push_plan.h: the packing plan (internal to runtime/solve): an order for filling the goals,
 * found backwards. From the solved position, take out a box whose way back is still open with
 * the other goals full (pulled alone, the others standing) to a cell a box starts on or to a
 * room with no goal (rooms hold any number of boxes: FESS's sink assumption), the one with the
 * shortest way first, and so on; the order is the reverse. Each box may first be taken out
 * from where the player stood when the last one reached its sink, so that the player can
 * follow the order (a depth-first search with a budget); failing that, from wherever the
 * player may stand, greedily: taking boxes out never closes another's way, so that order is
 * found whenever one exists. Where none exists (a goal room whose boxes need each other out
 * of the way for a while), the boxes left may be searched backwards together; failing that,
 * the sinks are widened to cells nearer the goals, and goals no box can leave come first,
 * deepest first. Goals that touch form an area; an area's goals are filled in plan order,
 * areas independently. The FESS search counts how far each area is packed. */
#ifndef TESSERA_SOLVE_PUSH_PLAN_H
#define TESSERA_SOLVE_PUSH_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solve/push_board.h"

typedef struct push_plan {
    uint8_t *room;                /* [c]: c lies in a room: a 2 x 3 block of floor (square grids),
                                     or is or touches a cell with six floor neighbours (hex) */
    uint8_t *sink;                /* [c]: where the plan's backward search parks a box taken out
                                     (cells boxes start on, rooms with no goal, and, when that
                                     was not enough, cells far from every goal; only cells a
                                     box can be pushed to from where boxes start) */
    int ngoals;
    int16_t *order;               /* goals in packing order */
    int16_t *rank;                /* [goal]: its place in order */
    int planned;                  /* the last `planned` of order came from the backward search */
    int parked;                   /* ... of which the first `parked` from the search of the goals
                                     left, all their boxes together (PUSH_PLAN_PARK) */
    int nareas;
    int16_t *area_of;             /* [goal]: its area */
    int16_t *area_first;          /* area a's goals, in order: area_goal[area_first[a] .. [a + 1]) */
    int16_t *area_goal;
} push_plan;

/* flags: PUSH_PLAN_FOLLOW: the order is first searched for with the player followed (each box
 * taken out from where the last one left the player); PUSH_PLAN_PARK: where taking the boxes
 * out one at a time gets stuck, the boxes still on goals are searched backwards together (one
 * parked out of another's way for a while), the order they leave the goals in completing the
 * plan, before the sinks are widened. 0, or -1 out of memory. */
enum { PUSH_PLAN_FOLLOW = 1, PUSH_PLAN_PARK = 2 };
int push_plan_init(push_plan *pl, const push_board *b, unsigned flags);
void push_plan_free(push_plan *pl);

/* The goals packed according to the plan in p: over the areas, how many of each area's first
 * goals in order hold a box they take. *astray (may be NULL) gets the boxes on goals beyond
 * that: packed out of order. */
int push_plan_packed(const push_plan *pl, const push_board *b, const push_pos *p, int *astray);
/* The same, with how far each area is packed in prefix[a] (nareas of them; may be NULL). */
int push_plan_prefix(const push_plan *pl, const push_board *b, const push_pos *p, int16_t *prefix, int *astray);

/* Whether the goals marked full (full[goal]) can stay as they are while the others are filled:
 * taken backwards as the plan is, with those goals standing, every other goal's box can be
 * taken out to a sink, in some order. 1 yes, 0 no, -1 out of memory. w is scratch, one per
 * board, from push_plan_work_new. */
typedef struct push_plan_work push_plan_work;
push_plan_work *push_plan_work_new(const push_board *b);
void push_plan_work_free(push_plan_work *w);   /* NULL is fine */
size_t push_plan_work_bytes(const push_board *b);
int push_plan_fillable(const push_plan *pl, push_plan_work *w, const uint8_t *full);

#endif
