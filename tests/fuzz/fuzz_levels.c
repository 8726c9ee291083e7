/* fuzz_levels.c: the level parsers (XSB with its metadata and per-level overrides, numeric
 * grids, sliding boards) on any input; whatever they accept must validate, start and play
 * without a crash. The reading on past problems of check (levelset_parse_every) must fail
 * exactly when the plain parse does, count its problem among its own, and otherwise read the
 * same levels. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine.h"
#include "core/level.h"
#include "core/rules.h"
#include "core/state.h"

static int same_error(const error *a, const error *b)
{
    return a->line == b->line && a->col == b->col && strcmp(a->msg, b->msg) == 0;
}

/* The plain parse gave rc (and err when it failed) and, when it read them, count levels. */
static void check_every(const char *text, size_t size, level_format fmt, const ruleset *r, int rc, const error *err,
                        int count)
{
    levelset set;
    level_problems all;
    int every = levelset_parse_every(&set, "fuzz", text, size, fmt, r, &all);
    if ((every == 0) != (rc == 0)) abort();
    if (every == 0 && set.count != count) abort();
    int found = all.more;
    for (int i = 0; rc != 0 && i < all.count; i++) found |= same_error(&all.v[i], err);
    if (rc != 0 && !found) abort();
    for (int i = 1; i < all.count; i++)
        if (all.v[i - 1].line > all.v[i].line) abort();
    if (every == 0) levelset_free(&set);
    level_problems_free(&all);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void play(const levelset *set, const ruleset *r)
{
    for (int i = 0; i < set->count && i < 8; i++) {
        const level *lv = &set->levels[i];
        error err;
        if (level_validate(lv, r, "fuzz", &err) != 0) continue;
        state s;
        if (state_init(&s, lv, level_rules(lv, r)) != 0) continue;
        for (int k = 0; k < 16; k++) engine_move(&s, k % s.g->ndirs);
        while (history_undo(&s)) {}
        state_restart(&s);
        state_free(&s);
        char *text = level_to_xsb(lv, r);
        free(text);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static ruleset push, hexpush, sliding;
    static int ready;
    if (!ready) {
        rules_sokoban(&push);
        rules_sokoban(&hexpush);
        hexpush.topo = TOPO_HEX;                        /* the .hsb layout (Hexoban) */
        rules_sliding(&sliding);
        ready = 1;
    }
    const char *text = (const char *)data;
    static const level_format formats[] = { FORMAT_XSB, FORMAT_XSB, FORMAT_NUMERIC, FORMAT_BOARDS };
    for (int f = 0; f < 4; f++) {
        const ruleset *r = formats[f] == FORMAT_BOARDS ? &sliding : f == 1 ? &hexpush : &push;
        levelset set;
        error err;
        int rc = levelset_parse(&set, "fuzz", text, size, formats[f], r, &err);
        check_every(text, size, formats[f], r, rc, &err, rc == 0 ? set.count : 0);
        if (rc == 0) {
            play(&set, r);
            levelset_free(&set);
        }
    }
    return 0;
}
