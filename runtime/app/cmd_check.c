/* cmd_check.c: `tessera check FILE...`: validate game scripts and level files, each error
 * printed as file:line:col: message. */
#include <stdio.h>
#include <string.h>

#include "app/cli.h"
#include "app/session.h"
#include "core/level.h"
#include "script/game.h"

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int check_one(const app_paths *p, const char *file, const char *game_arg)
{
    error err;
    char buf[ERROR_TEXT_MAX + 300];
    if (ends_with(file, ".lua")) {
        game *g = game_load(p->scripts, file, &err);
        if (!g) {
            printf("%s\n", error_format(&err, buf, sizeof buf));
            return -1;
        }
        printf("%s: ok (game \"%s\")\n", file, game_name(g));
        game_free(g);
        return 0;
    }
    game *g = game_load(p->scripts, game_arg ? game_arg : app_guess_game(file), &err);
    if (!g) {
        printf("%s\n", error_format(&err, buf, sizeof buf));
        return -1;
    }
    levelset set;
    int rc = levelset_load(&set, file, game_rules(g), &err);
    if (rc != 0) printf("%s\n", error_format(&err, buf, sizeof buf));
    else {
        printf("%s: ok (%d level%s for %s)\n", file, set.count, set.count == 1 ? "" : "s", game_name(g));
        levelset_free(&set);
    }
    game_free(g);
    return rc;
}

int cmd_check(const app_paths *p, int argc, char **argv)
{
    const char *game_arg = NULL;
    int files = 0, bad = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--game") == 0) {
            if (cli_need_value("check", argc, argv, i) != 0) return EXIT_BAD_INPUT;
            game_arg = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1]) {
            cli_bad_option("check", argv[i]);
            return EXIT_BAD_INPUT;
        }
    }
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--game") == 0) {
            i++;
            continue;
        }
        files++;
        if (check_one(p, argv[i], game_arg) != 0) bad++;
    }
    if (!files) {
        fprintf(stderr, "tessera check: name at least one level file or game script\n");
        return EXIT_BAD_INPUT;
    }
    return bad ? EXIT_BAD_INPUT : EXIT_OK;
}
