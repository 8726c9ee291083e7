/* open_file.c: a file dropped on the window (or named by --keys drop:PATH) opens as a level
 * set, for the game being played when that game reads it, else for the game its name and
 * contents suggest, else for the first game in the menu that reads it. A .lua file opens as
 * a game with its own levels. When nothing reads it, the error of the likeliest game (the
 * one that read furthest) is shown at file:line:col, and what was being played goes on
 * untouched. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "app/app.h"

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), t = strlen(tail);
    if (n < t) return false;
    for (size_t i = 0; i < t; i++) {
        char c = s[n - t + i];
        if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
        if (c != tail[i]) return false;
    }
    return true;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* Shown where the player is looking: the play screen's status line or the menu's note. */
static void say(app *a, const char *text)
{
    if (a->scr == SCREEN_PLAY && a->have_session) session_note(&a->s, "%s", text);
    else snprintf(a->note, sizeof a->note, "%s", text);
}

enum { MAX_TRIES = APP_MAX_GAMES + 2 };

static int add_try(const char **tries, int n, const char *game)
{
    if (!game || !game[0] || n >= MAX_TRIES) return n;
    for (int i = 0; i < n; i++)
        if (!strcmp(tries[i], game)) return n;
    tries[n] = game;
    return n + 1;
}

static void opened(app *a, const char *path)
{
    char text[ERROR_TEXT_MAX + 64];
    int n = a->s.levels.count;
    snprintf(text, sizeof text, "Opened %.*s: %d level%s of %s%s", 120, base_name(path), n, n == 1 ? "" : "s",
             session_game_name(&a->s), n > 1 ? " (N: next)." : ".");
    session_note(&a->s, "%s", text);
}

void app_open_file(app *a, const char *path)
{
    char text[ERROR_TEXT_MAX + 200];
    error err, first;
    bool have_first = false;
    if (!path || !path[0]) return;
    if (ends_with(path, ".lua")) {
        if (app_play(a, path, NULL, 0, &err) == 0) {
            opened(a, path);
            return;
        }
        char msg[ERROR_TEXT_MAX + 64];
        snprintf(text, sizeof text, "Could not open the game: %s", error_format(&err, msg, sizeof msg));
        say(a, text);
        return;
    }
    /* The order of the tries: a level file's own kind first (.hsb, .xsb, .sok name theirs),
     * else the game being played; then the guess from the contents; then every game. */
    const char *tries[MAX_TRIES];
    int n = 0;
    const char *current = a->have_session && a->s.live ? a->s.game_arg : NULL;
    bool named = ends_with(path, ".hsb") || ends_with(path, ".xsb") || ends_with(path, ".sok");
    if (named) n = add_try(tries, n, app_guess_game(path));
    n = add_try(tries, n, current);
    n = add_try(tries, n, app_guess_game(path));
    for (int i = 0; i < a->ngames; i++)
        if (!a->games[i].file[0]) n = add_try(tries, n, a->games[i].arg);
    for (int i = 0; i < n; i++) {
        if (app_play(a, tries[i], path, 0, &err) == 0) {
            opened(a, path);
            return;
        }
        /* The error shown is the one from the game that read furthest into the file (the
         * earlier try on a tie): that is the game the file was written for. */
        if (!have_first || err.line > first.line || (err.line == first.line && err.col > first.col))
            first = err, have_first = true;
        /* A file that cannot be read at all is not going to read for another game. */
        if (err.line == 0 && !strncmp(err.msg, "cannot", 6)) break;
    }
    char msg[ERROR_TEXT_MAX + 64];
    if (have_first) snprintf(text, sizeof text, "Not opened: %s", error_format(&first, msg, sizeof msg));
    else snprintf(text, sizeof text, "Not opened: %.*s: no game reads it", 200, path);
    say(a, text);
}
