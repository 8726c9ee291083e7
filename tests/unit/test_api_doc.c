/* test_api_doc.c: every binding a script can reach (tessera.*, tessera.sliding.*, level and
 * region methods) has its api_doc line, and every line names a registered binding. */
#include <stdio.h>
#include <string.h>

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
    printf("api_doc: ok\n");
    return 0;
}
