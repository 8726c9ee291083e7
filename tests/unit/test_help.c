/* test_help.c: the F1 help is built for the game being played: the host's keys that apply to
 * it, then the keys (controls) and notes (help) its script declares; bad controls are refused
 * at the script's line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/help.h"
#include "check.h"
#include "script/game.h"

static char path[64];

static game *load(const char *extra, error *err)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(2);
    }
    fprintf(f,
            "return tessera.game {\n"
            "  name = \"Helpful\",\n"
            "  tiles = {\n"
            "    [\"#\"] = { \"wall\", solid = true },\n"
            "    [\" \"] = { \"floor\" },\n"
            "    [\".\"] = { \"goal\", goal = true },\n"
            "    [\"$\"] = { \"box\", pushable = true },\n"
            "    [\"@\"] = { \"player\", player = true },\n"
            "  },\n"
            "%s\n"
            "}\n",
            extra);
    fclose(f);
    return game_load(NULL, path, err);
}

static int find(const char **lines, int n, const char *text)
{
    for (int i = 0; i < n; i++)
        if (strstr(lines[i], text)) return i;
    return -1;
}

int main(void)
{
    snprintf(path, sizeof path, "help-test-%ld.lua", (long)getpid());
    error err;
    game *g = load("  controls = { { \"T\", \"toggle the trail\" }, { \"Q\", \"quack\" } },\n"
                   "  help = { \"Leave a trail behind you.\" },", &err);
    CHECK(g != NULL);
    if (g) {
        const char *lines[HELP_LINES_MAX];
        help_context c = { .game = g, .players = 1 };
        int n = help_build(&c, lines, HELP_LINES_MAX);
        int t = find(lines, n, "T\ttoggle the trail"), q = find(lines, n, "Q\tquack");
        int note = find(lines, n, "Leave a trail behind you.");
        CHECK(t >= 0 && q == t + 1);          /* the script's keys, in its order */
        CHECK(note > q);                      /* then its notes */
        CHECK(find(lines, n, "push") >= 0);   /* a push game says how to push */
        CHECK(find(lines, n, "choose who moves") < 0);   /* one player: no Tab line */
        CHECK(find(lines, n, "shuffle") < 0);            /* nothing to shuffle */
        c.players = 3;
        n = help_build(&c, lines, HELP_LINES_MAX);
        CHECK(find(lines, n, "Tab, 1-9, click\tchoose who moves") >= 0);
        c.players = 1;
        c.sliding = true;
        n = help_build(&c, lines, HELP_LINES_MAX);
        CHECK(find(lines, n, "Space\ta new shuffle") >= 0);
        CHECK(find(lines, n, "into the gap") >= 0);
        c.sliding = false;
        c.hex = true;
        n = help_build(&c, lines, HELP_LINES_MAX);
        CHECK(find(lines, n, "7 9 / 4 6 / 1 3") >= 0);
        CHECK(find(lines, n, "isometric") < 0);         /* hex games stay flat */
        CHECK(help_build(&c, lines, 3) == 3);            /* never more than asked */
        game_free(g);
    }
    /* Without a game (the menus): the host's keys only. */
    const char *lines[HELP_LINES_MAX];
    help_context none = { 0 };
    int n = help_build(&none, lines, HELP_LINES_MAX);
    CHECK(n > 5 && find(lines, n, "Esc") >= 0);

    /* A control that is not a pair of strings is refused at the script's line. */
    g = load("  controls = { { \"T\" } },", &err);
    CHECK(g == NULL);
    if (!g) {
        CHECK_STR_HAS(err.msg, "controls[1]");
        CHECK_EQ_INT(err.line, 10);
    }
    game_free(g);
    g = load("  controls = \"T: trail\",", &err);
    CHECK(g == NULL);
    game_free(g);
    remove(path);
    return check_summary("test_help");
}
