/* help.h: the F1 help of the current game: the host's keys that apply to it (sliding or push,
 * square or hex, one player or several) followed by the keys and notes its script declares. */
#ifndef TESSERA_APP_HELP_H
#define TESSERA_APP_HELP_H

#include <stdbool.h>

struct game;

enum { HELP_LINES_MAX = 64, HELP_TEXT_MAX = 128 };

typedef struct help_context {
    const struct game *game;      /* NULL on the menus */
    bool sliding, hex;
    int players;
    char text[16][HELP_TEXT_MAX]; /* lines help_build writes itself (a game's actions) */
} help_context;

/* Fills lines (static text or the game's own strings; at most max) and returns how many.
 * A line with a tab is two columns: the key, then what it does. */
int help_build(help_context *c, const char **lines, int max);

#endif
