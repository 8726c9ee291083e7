/* help.h: the F1 help of the current game: the host's keys that apply to it (sliding or push,
 * square or hex, one player or several) followed by the keys and notes its script declares. */
#ifndef TESSERA_APP_HELP_H
#define TESSERA_APP_HELP_H

#include <stdbool.h>

struct game;

typedef struct help_context {
    const struct game *game;      /* NULL on the menus */
    bool sliding, hex;
    int players;
} help_context;

/* HELP_OWN_MAX: bytes of a game's own help or controls line kept for the panel (a line is
 * cut there, at a character's start). */
enum { HELP_LINES_MAX = 64, HELP_TEXT_MAX = 128, HELP_OWN_MAX = 256 };

/* Fills lines (static text, the game's own strings, or lines about the game's actions kept
 * until the next call; at most max) and returns how many.
 * A line with a tab is two columns: the key, then what it does. */
int help_build(const help_context *c, const char **lines, int max);

#endif
