/* fuzz_levels.c: the level parsers (XSB with its metadata and per-level overrides, numeric
 * grids, sliding boards) on any input; whatever they accept must validate, start and play
 * without a crash. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine.h"
#include "core/level.h"
#include "core/rules.h"
#include "core/state.h"

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
        if (levelset_parse(&set, "fuzz", text, size, formats[f], r, &err) == 0) {
            play(&set, r);
            levelset_free(&set);
        }
    }
    return 0;
}
