/* task.h: a solve running beside the game loop (hints and "solve it for me"), so the window
 * stays responsive. The push and sliding solvers run on a worker thread on a copy of the
 * position; the generic search drives the game's Lua rules and so runs on the caller's
 * thread, with a short budget. */
#ifndef TESSERA_APP_TASK_H
#define TESSERA_APP_TASK_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "script/solving.h"
#include "core/state.h"
#include "solve/solver.h"

struct game;

typedef enum task_purpose { TASK_HINT, TASK_SOLVE } task_purpose;

typedef struct task {
    bool active;                 /* started and not yet collected */
    task_purpose purpose;
    uint64_t position;           /* hash of the position it was started from */
    long moves_at_start;
    solver_kind kind;
    state st;                    /* the worker's own copy of the position */
    solve_limits lim;
    solve_result res;
    struct game *game;
    volatile int cancel;
    volatile int done;
    bool threaded;
    pthread_t thread;
    void (*pump)(void *ud);       /* see task_start */
    void *pump_ud;
    bool shown;                   /* free for the pump: task_start clears it */
} task;

/* Starts solving s's position. Returns 0, or -1 when out of memory. A search that runs on the
 * caller's thread (the generic one) calls pump(pump_ud) (may be NULL) every 50 ms or so until
 * it ends, so that a window can answer its input meanwhile; the pump may set t->cancel to stop
 * it (then task_start returns with the result in, a timeout). */
int task_start(task *t, task_purpose purpose, struct game *g, const state *s, double seconds,
               void (*pump)(void *ud), void *pump_ud);
/* True when the result is in (t->res); the caller then reads it and calls task_finish. */
bool task_ready(const task *t);
/* Waits for the result. */
void task_wait(task *t);
/* Stops the search if it still runs, and frees everything. */
void task_finish(task *t);

#endif
