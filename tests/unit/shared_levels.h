/* shared_levels.h: the benchmark level sets beside the repo (../shared/data, or beside
 * $TESSERA_DATA), for the tests that use real levels. Where the data is absent the test says
 * it skipped and goes on; where it is there, it must load and hold the levels it is known to
 * hold. */
#ifndef TESSERA_TESTS_SHARED_LEVELS_H
#define TESSERA_TESTS_SHARED_LEVELS_H

#include <stdio.h>
#include <unistd.h>

#include "check.h"
#include "core/error.h"
#include "core/level.h"

/* Loads sokoban/<file> of the shared data into set: 1 when it holds `count` levels (free it
 * with levelset_free), 0 when the file is absent (skipped) or wrong (a failed check). */
static inline int shared_levels(levelset *set, const char *file, const ruleset *r, int count)
{
    const char *root = getenv("TESSERA_DATA");
    char path[1024];
    snprintf(path, sizeof path, "%s/../shared/data/sokoban/%s", root ? root : ".", file);
    if (access(path, F_OK) != 0) {
        printf("skipped: %s not found\n", path);
        return 0;
    }
    error err;
    int rc = levelset_load(set, path, r, &err);
    if (rc != 0) {
        char buf[ERROR_TEXT_MAX + 300];
        fprintf(stderr, "%s does not load: %s\n", path, error_format(&err, buf, sizeof buf));
    }
    CHECK(rc == 0);
    if (rc != 0) return 0;
    CHECK_EQ_INT(set->count, count);
    if (set->count == count) return 1;
    levelset_free(set);
    return 0;
}

#endif
