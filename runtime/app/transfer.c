/* transfer.c: LURD and XSB through the clipboard and files. */
#define _POSIX_C_SOURCE 200809L
#include "app/transfer.h"

#include "core/filewrite.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/userdir.h"
#include "core/action.h"
#include "core/lurd.h"
#include "core/movelog.h"
#include "core/solutions.h"
#include "frontend/window.h"
#include "script/game.h"

/* ===== the clipboard: the window's, or one kept in memory when there is no window ======== */

static int clip_set(app *a, const char *text)
{
    if (a->win) return window_clipboard_set(a->win, text);
    char *copy = strdup(text);
    if (!copy) return -1;
    free(a->clipboard);
    a->clipboard = copy;
    return 0;
}

static char *clip_get(app *a)
{
    if (a->win) return window_clipboard_get(a->win);
    return strdup(a->clipboard ? a->clipboard : "");
}

/* ===== formats =========================================================================== */

char *transfer_level_text(const session *s)
{
    const level *lv = s->playing_shuffled ? &s->shuffled.levels[0] : &s->levels.levels[s->index];
    return level_to_file_text(lv, game_rules(s->game));
}

/* Complete or not at all: a full disk leaves no empty or cut file behind. */
static int write_text(const char *path, const char *text, error *err)
{
    return filewrite_atomic(path, text, strlen(text), NULL, err);
}

/* The solutions-file text of the moves so far as level number's: "N: MOVES". A level played
 * with no moves (a click that went on to the next level, say) gets a comment instead: an empty
 * "N:" line would read back as a solution of nothing, which verify and check call a failed one.
 * *none tells which; NULL when out of memory. */
static char *solution_text(const session *s, int number, bool *none)
{
    char *lurd = session_lurd(s);
    if (!lurd) return NULL;
    size_t n = strlen(lurd) + 64;
    char *line = malloc(n);
    *none = !lurd[0];
    if (line && *none) snprintf(line, n, "; level %d: no moves were made\n", number);
    else if (line) snprintf(line, n, "%d: %s\n", number, lurd);
    free(lurd);
    return line;
}

int transfer_write_solution(const session *s, const char *path, error *err)
{
    bool none;
    char *line = solution_text(s, s->playing_shuffled ? 1 : s->index + 1, &none);
    if (!line) return error_set(err, path, 0, 0, "out of memory");
    int rc = write_text(path, line, err);
    free(line);
    return rc == 0 && none ? 1 : rc;
}

int transfer_write_level(const session *s, const char *path, error *err)
{
    char *text = transfer_level_text(s);
    if (!text) return error_set(err, path, 0, 0, "out of memory");
    int rc = write_text(path, text, err);
    free(text);
    return rc;
}

const char *transfer_level_ext(const session *s)
{
    return s->st.g && s->st.g->topo == TOPO_HEX ? "hsb" : "xsb";   /* hex layout, as .hsb is read */
}

int transfer_export(app *a, const char *dir, char *base_out, size_t size, error *err)
{
    session *s = &a->s;
    char set[128], stamp[32], base[PATH_MAX_LEN], name[PATH_MAX_LEN + 8];
    path_stem(s->levels_path, set, sizeof set);
    userdir_timestamp(stamp, sizeof stamp);
    char file[400];
    snprintf(file, sizeof file, "%s-%s-%d-%s", path_basename(s->game_arg), set,
             s->playing_shuffled ? 0 : s->index + 1, stamp);
    /* A game given as a path leaves its ".lua" in the name: keep names plain. */
    for (char *c = file; *c; c++)
        if (*c == '.' || *c == '/' || *c == ' ') *c = '_';
    path_join(base, sizeof base, dir, file);
    snprintf(name, sizeof name, "%s.%s", base, transfer_level_ext(s));
    if (transfer_write_level(s, name, err) != 0) return -1;
    /* The solution file names level 1: it goes with the one-level file beside it. */
    bool none;
    char *line = solution_text(s, 1, &none);
    if (!line) return error_set(err, name, 0, 0, "out of memory");
    snprintf(name, sizeof name, "%s.sol", base);
    int rc = write_text(name, line, err);
    free(line);
    if (rc == 0) snprintf(base_out, size, "%s", base);
    return rc;
}

/* ===== keys ============================================================================== */

static void copy_moves(app *a)
{
    session *s = &a->s;
    char *lurd = session_lurd(s);
    if (!lurd) {
        session_note(s, "Out of memory.");
        return;
    }
    if (!lurd[0]) session_note(s, "No moves to copy yet.");
    else if (clip_set(a, lurd) != 0) session_note(s, "Could not copy: the clipboard is not available.");
    else if (session_has_actions(s)) {
        int n = actions_count(lurd);
        session_note(s, "Copied %d action%s to the clipboard.", n, n == 1 ? "" : "s");
    } else {
        size_t n = strlen(lurd);
        session_note(s, "Copied %zu move%s (LURD) to the clipboard.", n, n == 1 ? "" : "s");
    }
    free(lurd);
}

static void copy_level(app *a)
{
    session *s = &a->s;
    char *text = transfer_level_text(s);
    if (!text) session_note(s, "Out of memory.");
    else if (clip_set(a, text) != 0) session_note(s, "Could not copy: the clipboard is not available.");
    else session_note(s, "Copied the level (%s) to the clipboard.", session_is_sliding(s) ? "board" : "XSB");
    free(text);
}

static void paste_moves(app *a, const char *lurd)
{
    session *s = &a->s;
    if (s->st.moves > 0 || history_can_undo(&s->st)) session_restart(s);
    int bad = -1;
    session_play_lurd(s, lurd, &bad);
    /* Counted as made (a player digit is no move; an action is one however long its text). */
    const char *what = session_has_actions(s) ? "actions" : "moves";
    long played = s->st.moves;
    if (bad >= 0) {
        char step[ERROR_TEXT_MAX];
        lurd_describe_bad(&s->st, lurd, bad, step, sizeof step);
        session_note(s, "Pasted %s: %s; %ld played (Z undoes).", what, step, played);
    } else if (s->solved)
        session_note(s, "Pasted %s: %ld played, the level is solved.", what, played);
    else
        session_note(s, "Pasted %s: %ld played, not solved yet (Z undoes).", what, played);
}

int transfer_paste(app *a, const char *text)
{
    session *s = &a->s;
    const char *t = text;
    while (*t == ' ' || *t == '\t' || *t == '\r' || *t == '\n') t++;
    if (!*t) {
        session_note(s, "The clipboard is empty.");
        return 0;
    }
    char *lurd = session_has_actions(s) ? actions_from_text(s->st.rules, s->st.g, t)
                                        : lurd_from_text(t, s->st.g->topo, s->st.nplayers > 1);
    if (lurd && strlen(lurd) > SOLUTION_MAX_MOVES) {
        session_note(s, "The pasted moves are too many: at most %d.", SOLUTION_MAX_MOVES);
        free(lurd);
        return 0;
    }
    if (lurd) {
        paste_moves(a, lurd);
        free(lurd);
        return 1;
    }
    error err;
    a->hint_cell = -1;
    if (session_open_text(s, "clipboard", text, &err) == 0) {
        if (s->levels.count == 1) session_note(s, "Opened the pasted level.");
        else session_note(s, "Opened the %d pasted levels (N: next).", s->levels.count);
        return 1;
    }
    char msg[ERROR_TEXT_MAX + 300];
    error_format(&err, msg, sizeof msg);
    if (session_has_actions(s)) {
        /* The first token that does not read, and why. */
        char why[160] = "";
        int index = 1;
        for (const char *p = t; *p && !why[0]; index++) {
            action act;
            int n = action_read(s->st.rules, s->st.g, p, &act, why, sizeof why);
            if (n < 0) break;
            p += n;
            while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
        }
        session_note(s, "The clipboard holds neither actions (action %d: %s) nor a level: %s", index, why, msg);
        return 0;
    }
    session_note(s, "The clipboard holds neither moves (LURD) nor a level: %s", msg);
    return 0;
}

static void paste(app *a)
{
    char *text = clip_get(a);
    if (!text) {
        session_note(&a->s, "Could not paste: the clipboard is not available.");
        return;
    }
    transfer_paste(a, text);
    free(text);
}

static void export_files(app *a)
{
    session *s = &a->s;
    char dir[PATH_MAX_LEN], base[PATH_MAX_LEN], msg[ERROR_TEXT_MAX + 300];
    error err;
    if (userdir_make(a->paths, "export", dir, sizeof dir, &err) != 0 ||
        transfer_export(a, dir, base, sizeof base, &err) != 0) {
        session_note(s, "Export failed: %s", error_format(&err, msg, sizeof msg));
        return;
    }
    /* The level file cannot tell its game: the command that replays it must. */
    session_note(s, "Saved %s.%s and .sol (replay: tessera verify them --game %s)", base, transfer_level_ext(s),
                 s->game_arg);
}

int transfer_key(app *a, const char *key)
{
    if (a->scr != SCREEN_PLAY || !a->have_session || !a->s.live) return 0;
    if (!strcmp(key, "ctrl+c")) copy_moves(a);
    else if (!strcmp(key, "ctrl+shift+c")) copy_level(a);
    else if (!strcmp(key, "ctrl+v")) paste(a);
    else if (!strcmp(key, "ctrl+s")) export_files(a);
    else return 0;
    return 1;
}
