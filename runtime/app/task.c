/* task.c: solving beside the game loop. */
#include "app/task.h"

#include <stdio.h>
#include <string.h>

static void *work(void *arg)
{
    task *t = arg;
    solving_run(t->kind, t->game, &t->st, &t->lim, &t->res);
    __atomic_store_n(&t->done, 1, __ATOMIC_RELEASE);
    return NULL;
}

static void pump_progress(void *ud, uint64_t nodes, double seconds, int bound)
{
    (void)nodes, (void)seconds, (void)bound;
    task *t = ud;
    t->pump(t->pump_ud);
}

int task_start(task *t, task_purpose purpose, struct game *g, const state *s, double seconds,
               void (*pump)(void *ud), void *pump_ud)
{
    memset(t, 0, sizeof *t);
    if (state_copy(&t->st, s) != 0) return -1;
    t->purpose = purpose;
    t->position = s->hash;
    t->moves_at_start = s->moves;
    t->kind = solving_choose(g, s);
    t->game = g;
    t->lim = solve_limits_default();
    t->lim.seconds = seconds;
    t->lim.cancel = &t->cancel;
    t->active = true;
    /* The generic search calls Lua, which belongs to this thread. */
    t->threaded = t->kind != SOLVER_GENERIC && pthread_create(&t->thread, NULL, work, t) == 0;
    if (!t->threaded) {
        t->pump = pump;
        t->pump_ud = pump_ud;
        if (pump) {
            t->lim.progress = pump_progress;
            t->lim.progress_ud = t;
        }
        work(t);
    }
    return 0;
}

bool task_ready(const task *t)
{
    return t->active && __atomic_load_n(&t->done, __ATOMIC_ACQUIRE);
}

void task_wait(task *t)
{
    if (t->active && t->threaded) {
        pthread_join(t->thread, NULL);
        t->threaded = false;
    }
}

void task_finish(task *t)
{
    if (!t->active) return;
    t->cancel = 1;
    task_wait(t);
    solve_result_free(&t->res);
    state_free(&t->st);
    memset(t, 0, sizeof *t);
}
