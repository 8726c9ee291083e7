/* actions.h: the play screen's side of games with their own actions (rules = "actions"):
 * which input makes which action, the keyboard cursor that lets every click action be played
 * from the keyboard and the gamepad, and the labels a game writes on its cells. */
#ifndef TESSERA_APP_ACTIONS_H
#define TESSERA_APP_ACTIONS_H

#include <stdbool.h>
#include <stdint.h>

struct app;

enum { ACTION_UI_LABEL_MAX = 16 };

typedef struct action_ui {
    int cursor;                 /* the keyboard cursor's cell, -1 before the first use */
    bool cursor_shown;          /* drawn once a key moved or used it; a click hides it */
    const void *cursor_level;   /* the level the cursor is on (a new level: it starts again) */
    char (*labels)[ACTION_UI_LABEL_MAX]; /* per cell, from the game's labels hook */
    int nlabels;
    uint64_t labels_hash;       /* the position they are for */
    const void *labels_level;
    bool have_labels;
} action_ui;

void action_ui_free(action_ui *u);
/* A key on the play screen of a game with its own actions; dir is the direction the key
 * names (-1 none). 1 when it was the game's input (an action, or the cursor moving). */
int action_ui_key(struct app *a, const char *key, int dir);
/* A click landed on cell (after the session handled it): the cursor follows, hidden. */
void action_ui_clicked(struct app *a, int cell);
/* The cursor to draw (-1 none) and the labels (NULL none) for the position shown. */
int action_ui_cursor(struct app *a);
const char (*action_ui_labels(struct app *a))[ACTION_UI_LABEL_MAX];

#endif
