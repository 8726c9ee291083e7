/* padmap.c: the gamepad layout. Play: d-pad or left stick move, A confirms (next level
 * after a solve), B undoes, X redoes, Y restarts, Start opens the level list, Back the help,
 * shoulders go to the previous/next level, a left-stick click asks for a hint. Menus: d-pad
 * chooses, A or Start opens, B goes back, shoulders page. */
#include "app/padmap.h"

#include <stddef.h>
#include <string.h>

typedef struct pad_binding {
    const char *button;         /* after "pad:" */
    const char *play, *menu;    /* the key on each kind of screen, NULL for none */
} pad_binding;

static const pad_binding bindings[] = {
    { "dpup", "up", "up" },
    { "dpdown", "down", "down" },
    { "dpleft", "left", "left" },
    { "dpright", "right", "right" },
    { "a", "return", "return" },
    { "b", "z", "escape" },
    { "x", "y", NULL },
    { "y", "r", NULL },
    { "start", "escape", "return" },
    { "back", "f1", "f1" },
    { "leftshoulder", "p", "pageup" },
    { "rightshoulder", "n", "pagedown" },
    { "leftstick", "h", NULL },
};

static const pad_binding *find(const char *pad)
{
    if (strncmp(pad, "pad:", 4) != 0) return NULL;
    for (size_t i = 0; i < sizeof bindings / sizeof *bindings; i++)
        if (!strcmp(pad + 4, bindings[i].button)) return &bindings[i];
    return NULL;
}

const char *padmap_key(const char *pad, bool play)
{
    const pad_binding *b = find(pad);
    return b ? (play ? b->play : b->menu) : NULL;
}

bool padmap_known(const char *pad)
{
    return find(pad) != NULL || !strcmp(pad, "pad:added") || !strcmp(pad, "pad:removed");
}
