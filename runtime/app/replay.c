/* replay.c: watching a solution, with pause and step (see replay.h). */
#define _POSIX_C_SOURCE 200809L
#include "app/replay.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "core/lurd.h"
#include "core/solutions.h"

enum { REPLAY_STEP_MS = 90 }; /* the pace when moves are not animated */

void replay_free(replay *r)
{
    free(r->moves);
    free(r->history);
    free(r->redo);
    memset(r, 0, sizeof *r);
}

/* The level set's solution for level index: NAME.sol beside NAME.xsb (or .csv, .txt); the
 * file and the line it is written on go to r->file and r->line. */
static char *set_solution(const session *s, int index, replay *r)
{
    char path[PATH_MAX_LEN + 8];
    snprintf(path, sizeof path, "%s", s->levels_path);
    char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
    if (dot && (!slash || dot > slash)) *dot = '\0';
    strcat(path, ".sol");
    solution_list list;
    error err;
    if (solutions_load(&list, path, &err) != 0) return NULL;
    const solution *sol = solutions_find(&list, index + 1);
    char *moves = sol && sol->moves ? strdup(sol->moves) : NULL;
    if (moves) {
        snprintf(r->file, sizeof r->file, "%s", path);
        r->line = sol->line;
    }
    solutions_free(&list);
    return moves;
}

bool replay_start(app *a)
{
    session *s = &a->s;
    replay *r = &a->rp;
    if (!a->have_session || !s->live) return false;
    if (r->active) replay_stop(a, true);
    if (s->playing_shuffled) {
        session_note(s, "A shuffled board has no saved solution to watch.");
        return false;
    }
    const progress_level *best = progress_store_best(&a->saves, s, s->index);
    char *moves = best && best->solution ? strdup(best->solution) : NULL;
    const char *source = "your best";
    char file[sizeof r->file] = "";
    int line = 0;
    if (!moves) {
        moves = set_solution(s, s->index, r);
        snprintf(file, sizeof file, "%s", r->file);
        line = r->line;
        source = "set's solution";
    }
    if (!moves || !moves[0]) {
        free(moves);
        session_note(s, "No solution to watch for this level yet: solve it first.");
        return false;
    }
    replay_free(r);
    r->moves = moves;
    snprintf(r->file, sizeof r->file, "%s", file);
    r->line = line;
    r->len = (int)strlen(moves);
    snprintf(r->source, sizeof r->source, "%s", source);
    r->index = s->index;
    r->steps = 0;
    for (int p = 0, e; (e = lurd_step_end(&s->st, moves, p)) > p; p = e) r->steps++;
    r->history = progress_history_tokens(s, 0, s->st.hist.pos);
    r->redo = progress_history_tokens(s, s->st.hist.pos, s->st.hist.nrec);
    session_goto(s, s->index);
    s->announced = true;
    r->base = s->st.hist.pos;
    r->active = true;
    r->paused = false;
    r->due = 0;
    return true;
}

void replay_stop(app *a, bool restore)
{
    replay *r = &a->rp;
    if (!r->active) return;
    r->active = false;
    if (restore && a->have_session) {
        if (progress_play_position(&a->s, r->index, NULL, r->history, r->redo) != 0) session_note(&a->s, "Your position could not be put back.");
        a->s.announced = true;
        tween_sync(&a->tw, &a->s.st);
    }
    replay_free(r);
}

/* Plays the step at r->pos (a player digit and the letter after it count as one). */
static bool step_forward(app *a)
{
    replay *r = &a->rp;
    session *s = &a->s;
    if (r->pos >= r->len) return false;
    int rc = session_play_next(s, r->moves, &r->pos);
    if (rc < 0) {
        /* Which step, why, and where the set's solution file writes it (file:line:col). */
        int at = r->pos;
        while (isspace((unsigned char)r->moves[at])) at++;
        char why[ERROR_TEXT_MAX], where[PATH_MAX_LEN + 40] = "";
        lurd_describe_bad(&s->st, r->moves, at, why, sizeof why);
        int col = r->line > 0 ? app_move_column(r->file, r->line, at) : 0;
        if (col > 0) snprintf(where, sizeof where, " (%s:%d:%d)", r->file, r->line, col);
        else if (r->line > 0) snprintf(where, sizeof where, " (%s:%d)", r->file, r->line);
        session_note(s, "The solution does not fit this level: %s%s; replay stopped.", why, where);
        r->paused = true;
        r->len = r->pos; /* nothing more to play */
        return false;
    }
    if (rc == 0) {
        r->len = r->pos;
        return false;
    }
    r->step++;
    s->announced = true; /* the replay shows its own ending, not the "complete" panel */
    return true;
}

static bool step_back(app *a)
{
    replay *r = &a->rp;
    session *s = &a->s;
    if (s->st.hist.pos <= r->base || r->pos <= 0) return false;
    session_undo(s);
    int prev = 0;
    for (int p = 0, e; p < r->pos && (e = lurd_step_end(&s->st, r->moves, p)) > p; p = e) prev = p;
    r->pos = prev;
    if (r->step > 0) r->step--;
    s->announced = true;
    return true;
}

bool replay_key(app *a, const char *key)
{
    replay *r = &a->rp;
    if (!r->active) return false;
    if (!strcmp(key, "space") || !strcmp(key, "p")) {
        if (r->pos >= r->len) { /* at the end: watch again from the start */
            while (step_back(a)) {}
            r->paused = false;
        } else {
            r->paused = !r->paused;
        }
    } else if (!strcmp(key, "right") || !strcmp(key, "period") || !strcmp(key, "d")) {
        r->paused = true;
        step_forward(a);
    } else if (!strcmp(key, "left") || !strcmp(key, "comma") || !strcmp(key, "a") || !strcmp(key, "z")) {
        r->paused = true;
        step_back(a);
    } else if (!strcmp(key, "escape") || !strcmp(key, "l")) {
        replay_stop(a, true);
        session_note(&a->s, "Back to your game.");
    } else if (!strcmp(key, "equals") || !strcmp(key, "minus") || !strcmp(key, "f1") ||
               !strcmp(key, "m") || !strcmp(key, "f11") || !strcmp(key, "f12")) {
        return false; /* speed, help, mute, window: as always */
    }
    return true;
}

void replay_tick(app *a, uint64_t now_ms)
{
    replay *r = &a->rp;
    if (!r->active || r->paused || tween_busy(&a->tw) || now_ms < r->due) return;
    if (!step_forward(a) || r->pos >= r->len) r->paused = true;
    r->due = now_ms + (a->tw.speed == TWEEN_OFF ? REPLAY_STEP_MS : 0);
}

void replay_status(const app *a, char *out, size_t size)
{
    const replay *r = &a->rp;
    if (r->pos >= r->len && a->s.solved)
        snprintf(out, size, "Replay (%s): solved in %ld move%s   Space again  Left step back  Esc your game",
                 r->source, a->s.st.moves, a->s.st.moves == 1 ? "" : "s");
    else
        snprintf(out, size, "Replay (%s) %d/%d%s   Space %s  Left/Right step  +/- speed  Esc stop", r->source,
                 r->step, r->steps, r->paused ? " paused" : "", r->paused ? "play" : "pause");
}
