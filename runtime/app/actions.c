/* actions.c: input, the keyboard cursor and cell labels for games with their own actions. */
#include "app/actions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "core/action.h"
#include "script/game.h"

_Static_assert((int)ACTION_UI_LABEL_MAX == (int)GAME_LABEL_MAX, "labels keep the game's size");

void action_ui_free(action_ui *u)
{
    free(u->labels);
    memset(u, 0, sizeof *u);
    u->cursor = -1;
}

static bool usable(const state *st, int c)
{
    return c >= 0 && c < st->g->ncells && !(st->tflags[st->floor[c]] & (TILE_VOID | TILE_SOLID));
}

/* The cursor on the current level: where it was, else the first cell a click can use. */
static int cursor_cell(app *a)
{
    action_ui *u = &a->aui;
    const state *st = &a->s.st;
    if (u->cursor_level != st->lv || u->cursor < 0 || u->cursor >= st->g->ncells) {
        u->cursor_level = st->lv;
        u->cursor = -1;
        u->cursor_shown = false;
        /* The middle of the board, or the nearest usable cell after it. */
        int mid = (st->g->h / 2) * st->g->w + st->g->w / 2;
        for (int k = 0; k < st->g->ncells && u->cursor < 0; k++)
            if (usable(st, (mid + k) % st->g->ncells)) u->cursor = (mid + k) % st->g->ncells;
        if (u->cursor < 0) u->cursor = 0;
    }
    return u->cursor;
}

/* The cursor one step in dir, over cells a click cannot use (holes in a board's shape). */
static void move_cursor(app *a, int dir)
{
    const state *st = &a->s.st;
    int c = cursor_cell(a);
    for (int n = grid_step(st->g, c, dir); n >= 0; n = grid_step(st->g, n, dir))
        if (usable(st, n)) {
            a->aui.cursor = n;
            break;
        }
    a->aui.cursor_shown = true;
}

/* The cell an action made by a key applies to: the selected player's on levels with players,
 * the cursor's for click actions, else none. */
static int key_cell(app *a, const action_def *d)
{
    const state *st = &a->s.st;
    if (st->nplayers > 0 && st->active < st->nplayers && st->player[st->active] >= 0) return st->player[st->active];
    if (d->flags & ACTION_CLICK) return cursor_cell(a);
    return -1;
}

static void act_with_key(app *a, int id, int dir)
{
    const action_def *d = &game_rules(a->s.game)->action[id];
    action act = action_make(id);
    act.cell = key_cell(a, d);
    act.dir = (int8_t)dir;
    if ((d->flags & ACTION_CLICK) && !(a->s.st.nplayers > 0)) a->aui.cursor_shown = true;
    session_act(&a->s, &act);
}

int action_ui_key(app *a, const char *key, int dir)
{
    session *s = &a->s;
    const ruleset *r = game_rules(s->game);
    if (!s->live || r->kind != RULES_ACTIONS) return 0;
    if (dir >= 0) {
        for (int id = 0; id < r->nactions; id++)
            if (r->action[id].flags & ACTION_DIRS) {
                act_with_key(a, id, dir);
                return 1;
            }
        move_cursor(a, dir);        /* no action takes directions: the arrows move the cursor */
        return 1;
    }
    for (int id = 0; id < r->nactions; id++)
        for (int k = 0; k < r->action[id].nkeys; k++)
            if (!strcmp(r->action[id].keys[k], key)) {
                act_with_key(a, id, -1);
                return 1;
            }
    if (!strcmp(key, "space") || !strcmp(key, "return")) {
        for (int id = 0; id < r->nactions; id++)
            if (r->action[id].flags & ACTION_CLICK) {
                int c = cursor_cell(a);
                a->aui.cursor_shown = true;
                session_click(s, c);    /* as a click there: a player is selected, else pressed */
                return 1;
            }
    }
    return 0;
}

void action_ui_clicked(app *a, int cell)
{
    if (!a->have_session || !a->s.live || game_rules(a->s.game)->kind != RULES_ACTIONS) return;
    cursor_cell(a);
    if (cell >= 0) a->aui.cursor = cell;
    a->aui.cursor_shown = false;
}

int action_ui_cursor(app *a)
{
    if (!a->have_session || !a->s.live || game_rules(a->s.game)->kind != RULES_ACTIONS) return -1;
    int c = cursor_cell(a);
    if (a->aui.cursor_shown) return c;
    /* On a level of several pieces, the frame shows which one the keys move. */
    const state *st = &a->s.st;
    if (st->nplayers > 1 && st->active < st->nplayers && st->player[st->active] >= 0) return st->player[st->active];
    return -1;
}

const char (*action_ui_labels(app *a))[ACTION_UI_LABEL_MAX]
{
    action_ui *u = &a->aui;
    session *s = &a->s;
    if (!a->have_session || !s->live || !game_has_hook(s->game, "labels")) return NULL;
    state *st = &s->st;
    if (u->have_labels && u->labels_hash == st->hash && u->labels_level == st->lv && u->nlabels == st->g->ncells)
        return u->labels;
    if (u->nlabels != st->g->ncells) {
        free(u->labels);
        u->labels = calloc((size_t)st->g->ncells, sizeof *u->labels);
        u->nlabels = u->labels ? st->g->ncells : 0;
        if (!u->labels) return NULL;
    }
    error err;
    u->labels_hash = st->hash;
    u->labels_level = st->lv;
    u->have_labels = true;
    if (game_labels(s->game, st, u->labels, &err) < 0) {
        /* Said once for this position; it is drawn without labels. */
        char buf[ERROR_TEXT_MAX + 300];
        error_format(&err, buf, sizeof buf);
        fprintf(stderr, "tessera: %s\n", buf);
        session_note(s, "%s", buf);
        memset(u->labels, 0, sizeof *u->labels * (size_t)u->nlabels);
    }
    return u->labels;
}
