/* solver.c: budgets and results shared by the solvers. */
#define _POSIX_C_SOURCE 200809L
#include "solve/solver.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

solve_limits solve_limits_default(void)
{
    solve_limits l;
    memset(&l, 0, sizeof l);
    l.seconds = 10.0;
    return l;
}

void solve_result_free(solve_result *r)
{
    free(r->solution);
    r->solution = NULL;
}

const char *solve_status_name(solve_status s)
{
    switch (s) {
    case SOLVE_SOLVED: return "solved";
    case SOLVE_UNSOLVABLE: return "unsolvable";
    case SOLVE_TIMEOUT: return "timeout";
    default: return "error";
    }
}

static bool use_cpu;

void solve_clock_use_cpu(bool on) { use_cpu = on; }

double solve_clock(void)
{
    struct timespec t;
    clock_gettime(use_cpu ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
