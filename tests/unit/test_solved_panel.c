/* test_solved_panel.c: the panel over a level just solved counts what was done in words that
 * agree with the number ("1 move", "1 push", "2 pushes"), for a game with its own actions
 * (Lights Out, one press) and for Sokoban (a level of our own written here). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "check.h"

static app_paths paths;

/* Plays keys (space-separated) on level 1 of game (file may be NULL) and returns the panel's
 * counts, or "" when no panel is up. */
static const char *stats_after(app *a, const char *game, const char *file, const char *keys, solved_panel *p)
{
    error err;
    if (app_play(a, game, file, 1, &err) != 0) {
        fprintf(stderr, "test_solved_panel: %s does not open: %s\n", game, err.msg);
        return "";
    }
    char buf[128];
    snprintf(buf, sizeof buf, "%s", keys);
    for (char *k = strtok(buf, " "); k; k = strtok(NULL, " ")) app_key(a, k);
    app_settle(a);
    app_finish_motion(a);
    return app_solved_panel(a, p) ? p->stats : "";
}

#define CHECK_TEXT(got, want)                                                                    \
    do {                                                                                         \
        const char *got_ = (got);                                                                \
        if (strcmp(got_, (want)) == 0) check_passed++;                                           \
        else {                                                                                   \
            check_failed++;                                                                      \
            fprintf(stderr, "%s:%d: \"%s\", expected \"%s\"\n", __FILE__, __LINE__, got_, (want)); \
        }                                                                                        \
    } while (0)

int main(int argc, char **argv)
{
    (void)argc;
    if (paths_init(&paths, argv[0]) != 0) {
        fprintf(stderr, "test_solved_panel: no data root (the bundled games are in the repository)\n");
        return 1;
    }
    char home[64];
    snprintf(home, sizeof home, "/tmp/tessera-panel-XXXXXX");
    if (!mkdtemp(home)) return 1;
    snprintf(paths.data_home, sizeof paths.data_home, "%s", home);
    error err;
    app a;
    CHECK(app_init(&a, &paths, 320, 240, &err) == 0);
    solved_panel p;

    /* Lights Out level 1: one press in the middle, where the cursor starts. */
    CHECK_TEXT(stats_after(&a, "lights", NULL, "space", &p), "1 move");

    /* Sokoban: one push; then two. */
    char one[128], two[128];
    snprintf(one, sizeof one, "%s/one.xsb", home);
    snprintf(two, sizeof two, "%s/two.xsb", home);
    check_write_file(one, "#####\n#@$.#\n#####\n");
    check_write_file(two, "######\n#@$ .#\n######\n");
    CHECK_TEXT(stats_after(&a, "sokoban", one, "right", &p), "1 move, 1 push");
    CHECK_TEXT(stats_after(&a, "sokoban", two, "right right", &p), "2 moves, 2 pushes");

    app_free(&a);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", home);
    if (system(cmd) != 0) fprintf(stderr, "test_solved_panel: could not remove %s\n", home);
    return check_summary("test_solved_panel");
}
