/* help.c: the lines of the F1 help, chosen for the game being played. */
#include "app/help.h"

#include <stdio.h>
#include <string.h>

#include "script/game.h"

typedef struct sink {
    const char **lines;
    int n, max;
} sink;

static void add(sink *k, const char *line)
{
    if (k->n < k->max) k->lines[k->n++] = line;
}

/* The lines written about a game's actions (the help is built and drawn on one thread). */
static char action_text[ACTIONS_MAX][HELP_TEXT_MAX];

/* The game's own lines, cut to HELP_OWN_MAX bytes: every frame of the panel measures each
 * line whole, and 64 help lines of 20 KB (a string a script builds in a loop) took seconds a
 * frame where no budget of the script's counts. */
static char own_text[HELP_LINES_MAX][HELP_OWN_MAX];

/* Adds the game's line, cut to fit own_text[i] at a UTF-8 character's start. */
static void add_own(sink *k, int i, const char *line)
{
    if (i >= HELP_LINES_MAX) return;
    size_t len = strlen(line);
    if (len >= HELP_OWN_MAX) {
        len = HELP_OWN_MAX - 1;
        while (len > 0 && ((unsigned char)line[len] & 0xC0) == 0x80) len--;
    }
    memcpy(own_text[i], line, len);
    own_text[i][len] = '\0';
    add(k, own_text[i]);
}

/* Adds ", item" (or item, first) to the list in buf, cut to fit. */
static void append(char *buf, size_t size, const char *item)
{
    size_t n = strlen(buf);
    if (n + 1 < size) snprintf(buf + n, size - n, "%s%s", n ? ", " : "", item);
}

/* Games with their own actions: what makes each action, then the host's keys. */
static void action_lines(const help_context *c, sink *k, const ruleset *r)
{
    bool dirs = false, click = false;
    for (int i = 0; i < r->nactions; i++) {
        const action_def *d = &r->action[i];
        char keys[64] = "";
        if (d->flags & ACTION_CLICK) append(keys, sizeof keys, "Click, Space");
        if (d->flags & ACTION_DIRS) append(keys, sizeof keys, c->hex ? "Keypad, arrows" : "Arrows, WASD");
        for (int j = 0; j < d->nkeys; j++) {
            char key[sizeof d->keys[j]];
            snprintf(key, sizeof key, "%s", d->keys[j]);
            if (key[0] >= 'a' && key[0] <= 'z') key[0] = (char)(key[0] - 'a' + 'A');
            append(keys, sizeof keys, key);
        }
        char line[sizeof keys + sizeof d->name + sizeof d->help + 4];
        snprintf(line, sizeof line, "%s\t%s%s%s", keys, d->name, d->help[0] ? ": " : "", d->help);
        size_t len = strlen(line) < HELP_TEXT_MAX ? strlen(line) : HELP_TEXT_MAX - 1;
        memcpy(action_text[i], line, len);
        action_text[i][len] = '\0';
        add(k, action_text[i]);
        dirs |= (d->flags & ACTION_DIRS) != 0;
        click |= (d->flags & ACTION_CLICK) != 0;
    }
    if (click && !dirs) add(k, c->hex ? "Keypad, arrows\tmove the cursor" : "Arrows, WASD\tmove the cursor");
    if (c->players > 1) add(k, "Tab, 1-9, click\tchoose which one moves");
}

int help_build(const help_context *c, const char **lines, int max)
{
    sink k = { lines, 0, max };
    const ruleset *r = c->game ? game_rules(c->game) : NULL;
    if (r && r->kind == RULES_ACTIONS) {
        action_lines(c, &k, r);
    } else if (c->hex) {
        add(&k, "7 9 / 4 6 / 1 3\tmove NW NE / W E / SW SE (keypad or number row)");
        add(&k, "Left Right, A D\tmove west / east");
        add(&k, "Up Down, W S\tzig-zag up / down");
    } else if (c->sliding) {
        add(&k, "Arrows, WASD\tslide a tile that way into the gap");
    } else {
        add(&k, "Arrows, WASD\tmove; walking into a box pushes it");
    }
    if (!r || r->kind != RULES_ACTIONS) {
        add(&k, c->sliding ? "Click\tslide the tiles between it and the gap" : "Click\twalk there; a box next to you: push it");
        if (c->players > 1) add(&k, "Tab, 1-9, click\tchoose who moves");
    }
    if (c->sliding) add(&k, "Space\ta new shuffle");
    add(&k, "Z, U, Backspace, right click\tundo");
    add(&k, "Y\tredo");
    add(&k, "R\trestart (undoable)");
    add(&k, "H / X\thint / solve from here");
    add(&k, "L\twatch a solution");
    add(&k, "+ / -\tanimation speed");
    if (!c->hex) add(&k, "V\tflat or isometric view");
    add(&k, "N / P\tnext / previous level");
    add(&k, "Ctrl+C, Ctrl+V\tcopy / paste moves or a level");
    add(&k, "Ctrl+Shift+C, Ctrl+S\tcopy the level / export");
    add(&k, "Drop a file\topen its levels (or a .lua game)");
    add(&k, "F11, F12, M, K\tfullscreen, screenshot, sound, skin");
    add(&k, "Esc\tlevel list and menu");
    if (c->game) {
        const char **own = NULL;
        int n = game_controls(c->game, &own), kept = 0;
        if (n > 0) add(&k, "");
        for (int i = 0; i < n; i++) add_own(&k, kept++, own[i]);
        n = game_help_lines(c->game, &own);
        if (n > 0) add(&k, "");
        for (int i = 0; i < n; i++) add_own(&k, kept++, own[i]);
    }
    return k.n;
}
