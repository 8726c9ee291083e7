/* help.c: the lines of the F1 help, chosen for the game being played. */
#include "app/help.h"

#include "script/game.h"

typedef struct sink {
    const char **lines;
    int n, max;
} sink;

static void add(sink *k, const char *line)
{
    if (k->n < k->max) k->lines[k->n++] = line;
}

int help_build(const help_context *c, const char **lines, int max)
{
    sink k = { lines, 0, max };
    if (c->hex) {
        add(&k, "7 9 / 4 6 / 1 3\tmove NW NE / W E / SW SE (keypad or number row)");
        add(&k, "Left Right, A D\tmove west / east");
        add(&k, "Up Down, W S\tzig-zag up / down");
    } else if (c->sliding) {
        add(&k, "Arrows, WASD\tslide a tile that way into the gap");
    } else {
        add(&k, "Arrows, WASD\tmove; walking into a box pushes it");
    }
    add(&k, c->sliding ? "Click\tslide the tiles between it and the gap" : "Click\twalk there; a box next to you: push it");
    if (c->players > 1) add(&k, "Tab, 1-9, click\tchoose who moves");
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
    add(&k, "F11, F12, M, K\tfullscreen, screenshot, sound, skin");
    add(&k, "Esc\tlevel list and menu");
    if (c->game) {
        const char **own = NULL;
        int n = game_controls(c->game, &own);
        if (n > 0) add(&k, "");
        for (int i = 0; i < n; i++) add(&k, own[i]);
        n = game_help_lines(c->game, &own);
        if (n > 0) add(&k, "");
        for (int i = 0; i < n; i++) add(&k, own[i]);
    }
    return k.n;
}
