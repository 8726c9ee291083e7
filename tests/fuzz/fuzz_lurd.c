/* fuzz_lurd.c: the solution file reader, the LURD reader (pasted solutions, player digits),
 * the replay of the input as a solution on a small two-player level, and the input read as a
 * game's actions (NAME(X,Y,DIR,N) tokens). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/action.h"
#include "core/engine.h"
#include "core/grid.h"
#include "core/level.h"
#include "core/rules.h"
#include "core/state.h"
#include "core/movelog.h"
#include "core/solutions.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    solution_list list;
    error err;
    if (solutions_parse(&list, "fuzz", (const char *)data, size, &err) == 0) {
        for (int i = 0; i < list.count; i++) (void)solutions_find(&list, list.v[i].level);
        solutions_free(&list);
    }
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    for (int digits = 0; digits < 2; digits++) {
        free(lurd_from_text(text, TOPO_SQUARE, digits));
        free(lurd_from_text(text, TOPO_HEX, digits));
    }
    static const char small[] = "#######\n#@ $ .#\n# $@. #\n#######\n";
    static ruleset push;
    static int ready;
    if (!ready) {
        rules_sokoban(&push);
        ready = 1;
    }
    levelset set;
    if (levelset_parse(&set, "small", small, sizeof small - 1, FORMAT_XSB, &push, &err) == 0) {
        state s;
        if (set.count > 0 && state_init(&s, &set.levels[0], &push) == 0) {
            int bad;
            (void)engine_play_lurd(&s, text, &bad);
            state_free(&s);
        }
        levelset_free(&set);
    }
    static ruleset acts;
    static grid board;
    static int acts_ready;
    if (!acts_ready) {
        rules_sokoban(&acts);
        acts.kind = RULES_ACTIONS;
        acts.nactions = 2;
        snprintf(acts.action[0].name, ACTION_NAME_MAX, "press");
        acts.action[0].flags = ACTION_CLICK;
        snprintf(acts.action[1].name, ACTION_NAME_MAX, "slide_2");
        acts.action[1].flags = ACTION_DIRS;
        acts_ready = grid_init(&board, TOPO_HEX, 7, 5) == 0 ? 1 : -1;
    }
    if (acts_ready == 1) {
        char *tokens = actions_from_text(&acts, &board, text);
        if (tokens) {
            char *spaced = actions_spaced(tokens);
            (void)actions_count(tokens);
            free(spaced);
            free(tokens);
        }
        action a;
        char why[160], out[ACTION_TEXT_MAX];
        for (const char *p = text; *p;) {
            int n = action_read(&acts, &board, p, &a, why, sizeof why);
            if (n <= 0) break;
            action_write(&acts, &board, &a, out, sizeof out);
            p += n;
        }
    }
    free(text);
    return 0;
}
