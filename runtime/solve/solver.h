/* solver.h: what every solver takes and returns: a budget (time, memory, cancel flag) and a
 * result (status, solution string, figures). Plain C: no SDL, no Lua. */
#ifndef TESSERA_SOLVE_SOLVER_H
#define TESSERA_SOLVE_SOLVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum solve_status {
    SOLVE_SOLVED,
    SOLVE_UNSOLVABLE,   /* proved: no sequence of moves reaches the goal */
    SOLVE_TIMEOUT,      /* the time or memory budget ran out first */
    SOLVE_ERROR         /* bad input or a rule set the solver cannot handle (see message) */
} solve_status;

typedef struct solve_limits {
    double seconds;               /* wall-clock budget; <= 0 means no limit */
    size_t memory_bytes;          /* budget for the solver's tables; 0 means the default */
    bool optimal;                 /* push puzzles: push-optimal; sliding: shortest (IDA*) */
    bool no_build;                /* never build pattern databases: only those in memory or in
                                     the cache (solves a script asks for) */
    uint64_t work;                /* push puzzles with one player: a budget of search work
                                     (push_solve.c says what counts), 0 for none. A solve that
                                     ends by it goes the same way on any machine and under any
                                     load; it ends like a timeout, "work budget used up" */
    const volatile int *cancel;   /* when non-NULL and set non-zero, stop with SOLVE_TIMEOUT */
    /* Called now and then during long searches (may be NULL). */
    void (*progress)(void *ud, uint64_t nodes, double seconds, int bound);
    void *progress_ud;
} solve_limits;

typedef struct solve_result {
    solve_status status;
    char *solution;               /* malloc'd; push: LURD (upper case pushes); sliding: u d l r
                                     naming where the blank moves; NULL unless solved */
    long moves, pushes;           /* push puzzles */
    long length;                  /* sliding puzzles: number of moves */
    bool optimal;                 /* the solution is proved shortest (by pushes / by moves) */
    uint64_t nodes;               /* positions expanded */
    uint64_t work;                /* push puzzles with one player: the search work done, in the
                                     units of solve_limits.work */
    double seconds;
    const char *method;           /* which search found the solution or ran out ("greedy",
                                     "fess", ...): a static string, NULL when none ran */
    size_t peak_bytes;            /* the most memory the solver's own tables held */
    char message[1024];           /* why, for SOLVE_ERROR (and a note otherwise): room for a
                                     hook's error as error_format writes it, file:line:col and
                                     all (160 bytes cut a script's message under a long path) */
} solve_result;

solve_limits solve_limits_default(void);   /* 10 s, default memory, anytime (not optimal) */
void solve_result_free(solve_result *r);
const char *solve_status_name(solve_status s); /* "solved", "unsolvable", "timeout", "error" */
double solve_clock(void);                  /* monotonic seconds, for budgets */
/* Makes solve_clock count this process's CPU time instead of wall-clock time (process-wide;
 * for measuring on a shared machine, where a wall-clock budget buys a varying amount of
 * search). */
void solve_clock_use_cpu(bool on);

#endif
