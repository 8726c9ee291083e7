/* tween.h: smooth motion of walking, pushing and sliding, as a presentation layer. The game
 * state changes at once; a tween follows the state's history, turns each new record (or each
 * undone one, backwards) into steps of object motions, and keeps its own copy of the board as
 * it is shown, which catches up with the state one step at a time. Time is passed in (no
 * clock, no SDL), so scripted play is deterministic.
 *
 * A step is what one move does: the player and the boxes it pushes move together; a
 * click-walk record becomes one step per cell walked. Input is never held back: moves made
 * while steps are still showing are queued behind them, and a long queue plays faster. */
#ifndef TESSERA_FRONTEND_TWEEN_H
#define TESSERA_FRONTEND_TWEEN_H

#include <stdbool.h>
#include <stdint.h>

#include "core/state.h"

/* Speeds, slowest first; TWEEN_OFF shows every change at once. */
enum { TWEEN_OFF = 0, TWEEN_SPEED_MAX = 4, TWEEN_SPEED_DEFAULT = 2 };

typedef struct tween_motion {
    int32_t from, to;           /* the object now at `to` (in the shown board) came from `from` */
} tween_motion;

typedef struct tween_step {
    int32_t first_motion, nmotions;
    int32_t first_change, nchanges; /* applied to the shown board when the step starts */
    int8_t facing;              /* the active player's direction during the step, or -1 */
    int16_t cells;              /* the longest motion in cells (ice slides take longer) */
} tween_step;

typedef struct tween {
    /* The board as shown: the state's layers after the steps up to the current one. */
    uint8_t *floor, *obj;
    uint16_t *num;
    int32_t ncells;
    int32_t active_cell;        /* where the active player is shown, or -1 */
    int facing;
    /* The queue: steps[head] is showing (if head < nsteps), for elapsed of its duration. */
    tween_step *steps;
    int32_t nsteps, cap_steps, head;
    tween_motion *motions;
    int32_t nmotions, cap_motions;
    change *changes;
    int32_t nchanges, cap_changes;
    double elapsed;             /* ms into steps[head] */
    int speed;                  /* TWEEN_OFF .. TWEEN_SPEED_MAX */
    /* What has been followed: the state, its level and history position. */
    const state *st;
    const level *lv;
    int32_t pos;
    uint64_t hash;
    bool oom;                   /* out of memory once: show the state as it is */
} tween;

void tween_init(tween *tw);
void tween_free(tween *tw);
/* Milliseconds one step takes at speed (0 for TWEEN_OFF). */
int tween_step_ms(int speed);
void tween_set_speed(tween *tw, int speed);
/* Forgets the queue and shows s as it is. */
void tween_sync(tween *tw, const state *s);
/* Queues the motions of what happened to s since the last call (moves, redo: forwards; undo:
 * backwards). Restarts, a new level or anything it cannot follow show at once. */
void tween_follow(tween *tw, const state *s);
/* Time passes: finishes steps whose time is up. */
void tween_advance(tween *tw, double ms);
/* Shows the end at once. */
void tween_finish(tween *tw);
bool tween_busy(const tween *tw);

/* A motion being shown: the object at `to` drawn a fraction t (0..1, eased) of the way
 * from `from`. */
typedef struct tween_slide {
    int32_t from, to;
    float t;
} tween_slide;

/* The state to draw now: *out is s with the shown board and the shown player, valid while
 * tw and s are unchanged. Returns the number of slides written to slides (at most max). */
int tween_frame(const tween *tw, const state *s, state *out, tween_slide *slides, int max);

#endif
