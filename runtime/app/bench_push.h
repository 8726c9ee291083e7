/* bench_push.h: the push-solver benchmarks of `tessera bench` (microban, xsokoban90,
 * sasquatch): every level of a set solved under a per-level limit, optionally on one or all
 * of the eight rotated and mirrored copies of the set, with a JSON record per level. */
#ifndef TESSERA_APP_BENCH_PUSH_H
#define TESSERA_APP_BENCH_PUSH_H

#include <stdbool.h>

#include "app/paths.h"

enum { BENCH_SYMMETRIES = 8, BENCH_ALL_SYMMETRIES = -1 };
enum { BENCH_TURNS = 8, BENCH_ALL_TURNS = -1 };

typedef struct bench_push_opts {
    const char *data;             /* the shared data folder */
    int quick;                    /* only the first few levels of each set */
    bool per_level;               /* a JSON record per level before the set's line */
    double limit;                 /* seconds per level */
    unsigned long long work;      /* > 0: the solver's work per level (solve_limits.work) */
    int symmetry;                 /* 0..7 (0: as written), or BENCH_ALL_SYMMETRIES */
    int turn;                     /* 0..7: the turn of the level the solver's first attempt
                                     takes (push_options.turn; 0 by default), or BENCH_ALL_TURNS */
    int first, last;              /* 1-based range of levels (0: from the first / to the last) */
    bool cpu_clock;               /* budgets count CPU time (a shared machine) */
    double diagnose;              /* > 0: for each level that times out, solve the position the
                                     search got furthest with for this long (dead or alive?) */
} bench_push_opts;

/* The name of symmetry k: "id", "rot90", "rot180", "rot270", "mirror", "mirror_rot90", ... */
const char *bench_symmetry_name(int k);
/* The symmetry named, or -2 when none is. "all" gives BENCH_ALL_SYMMETRIES. */
int bench_symmetry_parse(const char *name);

/* Solves every level of sokoban/FILE under o->data (the first `quick` with o->quick); a
 * solution counts only if it replays. Prints {"bench":NAME,...} (one line per symmetry and
 * turn) or a "skipped" line when the file is missing. */
void bench_push_set(const app_paths *p, const bench_push_opts *o, const char *name, const char *file,
                    int quick);

#endif
