/* test_api_doc.c: every binding a script can reach (tessera.*, tessera.sliding.*, level and
 * region methods) has its api_doc line, and every line names a registered binding. */
#include <stdio.h>
#include <string.h>

#include "core/state.h"
#include "script/api_doc.h"

int main(void)
{
    char problems[8192];
    int bad = api_doc_check(problems, sizeof problems);
    if (bad) {
        fprintf(stderr, "%s%d problem(s): add an api_doc line beside the luaL_Reg entry (runtime/script/api_doc.h)\n",
                problems, bad);
        return 1;
    }
    /* The game table's fields are the checker's own list: at least the classic ones. */
    const char *required[] = { "name", "tiles", "on_move", "solved", "help", NULL };
    for (int i = 0; required[i]; i++) {
        int found = 0;
        for (const api_doc *d = api_game_fields; d->name; d++) found |= strcmp(d->name, required[i]) == 0;
        if (!found) {
            fprintf(stderr, "game field '%s' is not documented\n", required[i]);
            return 1;
        }
    }
    /* How many players a level may hold is said where a tile is made a player, with the
     * engine's own numbers: push and sliding levels, and the pieces of a game with actions. */
    for (const api_doc *d = api_tile_flags; d->name; d++) {
        if (strcmp(d->name, "player") != 0) continue;
        char lurd[32], actions[32];
        snprintf(lurd, sizeof lurd, "at most %d", (int)LURD_MAX_PLAYERS);
        snprintf(actions, sizeof actions, "at most %d", (int)STATE_MAX_PLAYERS);
        if (!strstr(d->doc, lurd) || !strstr(d->doc, actions)) {
            fprintf(stderr, "the player flag's doc does not give the limits ('%s', '%s'): %s\n", lurd, actions,
                    d->doc);
            return 1;
        }
    }
    printf("api_doc: ok\n");
    return 0;
}
