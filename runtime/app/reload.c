/* reload.c: hot reload: a saved script or level file applied to the running session as one
 * transaction (see reload.h), and the game loop's polling of the watcher. */
#include "app/reload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "app/game_art.h"
#include "app/progress.h"
#include "app/watch.h"
#include "script/game.h"
#include "core/textsafe.h"

enum { RELOAD_MAX_CHANGES = 64 };

/* The sliding board being played as board text ("WxH: n n ..."), to read it again under new
 * rules; malloc'd, NULL when out of memory. */
static char *board_text(const level *lv, size_t *len)
{
    int n = lv->g.w * lv->g.h;
    char *text = malloc((size_t)n * 8 + 32);
    if (!text) return NULL;
    int k = sprintf(text, "%dx%d:", lv->g.w, lv->g.h);
    for (int i = 0; i < n; i++) k += sprintf(text + k, " %d", lv->num ? lv->num[i] : 0);
    *len = (size_t)k;
    return text;
}

/* History records (up to pos) that hold something the player did: moves, player changes,
 * restarts (not the script's own edits). */
static int count_steps(const history *h, const movelog *log, int32_t pos)
{
    int n = 0;
    for (int32_t k = 0; k < pos && k < log->cap_end; k++)
        if ((h->rec[k].flags & RECORD_RESTART) || log->end[k] != (k > 0 ? log->end[k - 1] : 0)) n++;
    return n;
}

/* The only level with fingerprint fp, or -1 (none, or more than one). */
static int only_fp(const uint32_t *fps, int count, uint32_t fp)
{
    int at = -1;
    for (int k = 0; k < count; k++)
        if (fps[k] == fp) {
            if (at >= 0) return -1;
            at = k;
        }
    return at;
}

int reload_find_level(const levelset *old, const ruleset *old_rules, int index, const levelset *now,
                      const ruleset *rules)
{
    if (index < 0 || index >= old->count || now->count < 1) return -1;
    uint32_t *was = malloc(sizeof *was * (size_t)old->count), *is = malloc(sizeof *is * (size_t)now->count);
    int found = -1;
    if (!was || !is) {
        found = index < now->count ? index : now->count - 1;     /* out of memory: as before */
        goto done;
    }
    for (int k = 0; k < old->count; k++) was[k] = progress_fingerprint(&old->levels[k], old_rules);
    for (int k = 0; k < now->count; k++) is[k] = progress_fingerprint(&now->levels[k], rules);
    /* 1. The same level, unchanged. */
    if ((found = progress_nearest_level(is, now->count, was[index], index)) >= 0) goto done;
    /* A level of the new file that is not one of the old file's, unchanged: an edited one. */
#define EDITED(j) ((j) >= 0 && (j) < now->count && progress_nearest_level(was, old->count, is[j], 0) < 0)
    /* 2. Edited, under its title. */
    const char *title = old->levels[index].title;
    if (title && title[0])
        for (int k = 0; k < now->count; k++) {
            int j = index - k >= 0 ? index - k : -1;
            for (int t = 0; t < 2; t++, j = index + k) {
                if (j < 0 || j >= now->count || !now->levels[j].title) continue;
                if (strcmp(now->levels[j].title, title) == 0 && EDITED(j)) {
                    found = j;
                    goto done;
                }
            }
        }
    /* 3. Edited in place: beside an unchanged neighbour of the old file. */
    if (index > 0) {
        int j = only_fp(is, now->count, was[index - 1]);
        if (j >= 0 && EDITED(j + 1)) {
            found = j + 1;
            goto done;
        }
    }
    if (index + 1 < old->count) {
        int j = only_fp(is, now->count, was[index + 1]);
        if (j >= 0 && EDITED(j - 1)) {
            found = j - 1;
            goto done;
        }
    }
    /* 4. As many levels as before, and the one in its place is new. */
    if (old->count == now->count && EDITED(index)) found = index;
#undef EDITED
done:
    free(was);
    free(is);
    return found;
}

/* The moves undone before the reload can be redone after it: the history is played again to
 * its end, then undone back to where it stood (the same position, by its hash). When the redo
 * part no longer applies in full, what applies is kept; when anything does not match, the
 * position is played again without it. */
static void keep_redo(session *s, const history *old_hist, const movelog *old_log)
{
    int32_t pos = s->st.hist.pos, old_pos = old_hist->pos;
    uint64_t hash = s->st.hash;
    long moves = s->st.moves;
    bool solved = s->solved, announced = s->announced;
    if (session_replay(s, old_hist, old_log, old_hist->nrec) < 0) {
        session_replay(s, old_hist, old_log, old_pos);
        return;
    }
    while (s->st.hist.pos > pos && session_undo(s)) {}
    if (s->st.hist.pos != pos || s->st.hash != hash || s->st.moves != moves) {
        session_replay(s, old_hist, old_log, old_pos);
        return;
    }
    s->solved = solved, s->announced = announced;
    s->sound = 0;
}

int session_reload(session *s, bool script, bool levels, reload_result *res, error *err)
{
    memset(res, 0, sizeof *res);
    game *fresh = NULL;
    if (script && !(fresh = game_load_again(s->game, err))) return -1;
    const ruleset *rules = game_rules(fresh ? fresh : s->game);
    bool rules_changed = fresh && !game_same_rules(s->game, fresh);
    bool rebuild = levels || rules_changed;
    bool new_board = rules_changed && s->playing_shuffled;

    /* Everything that can fail on its own comes first, before anything of s is touched. */
    levelset new_levels, new_shuffled;
    memset(&new_levels, 0, sizeof new_levels);
    memset(&new_shuffled, 0, sizeof new_shuffled);
    if (rebuild) {
        if (app_read_levels(s->game, s->levels_path, s->levels_by_game, rules, &new_levels, err) != 0) goto fail;
        int unchecked;
        if (game_check_levels(fresh ? fresh : s->game, &new_levels, &unchecked, err) != 0) goto fail;
        app_note_unchecked(&new_levels, unchecked);
        if (new_levels.count < 1) {
            error_set(err, s->levels_path, 0, 0, "the level file holds no level");
            goto fail;
        }
        if (new_board) {
            size_t len;
            char *text = board_text(&s->shuffled.levels[0], &len);
            int rc = text ? levelset_parse(&new_shuffled, "shuffled board", text, len, FORMAT_BOARDS, rules, err)
                          : error_set(err, s->levels_path, 0, 0, "out of memory");
            free(text);
            if (rc != 0) goto fail;
        }
    }

    /* The swap: from here on a failure rolls back. */
    if (fresh) game_swap(s->game, fresh);                /* fresh holds the old game now */
    state old_st = s->st;
    bool old_live = s->live, old_solved = s->solved, old_announced = s->announced;
    levelset old_levels = s->levels, old_shuffled = s->shuffled;
    int old_index = s->index;
    int32_t old_pos = s->st.hist.pos;
    movelog old_log = s->log;
    if (rebuild) {
        s->live = false;                                 /* start_level must not free old_st */
        movelog_init(&s->log);
        s->levels = new_levels;
        if (new_board) s->shuffled = new_shuffled;
        /* The level being played, wherever it is now; when it is gone, the one in its place
         * starts afresh (its moves were made on another level). A board shuffled in a level's
         * place follows that level (it is saved as its position), and keeps its moves. */
        res->from = old_index;
        const ruleset *old_rules = game_rules(fresh ? fresh : s->game); /* swapped: fresh has the old game */
        int at = reload_find_level(&old_levels, old_rules, old_index, &s->levels, game_rules(s->game));
        res->gone = at < 0 && !s->playing_shuffled;
        s->index = at >= 0 ? at : old_index < s->levels.count ? old_index : s->levels.count - 1;
        res->rebuilt = true;
        res->total = count_steps(&old_st.hist, &old_log, old_pos);
        int records = session_replay(s, &old_st.hist, &old_log, res->gone ? 0 : old_pos);
        if (records < 0) {
            error_set(err, s->levels_path, 0, 0, "out of memory");
            goto rollback;
        }
        res->replayed = count_steps(&old_st.hist, &old_log, records);
        if (!res->gone && records == old_pos && old_st.hist.nrec > old_pos) keep_redo(s, &old_st.hist, &old_log);
        if (s->solved && old_solved) s->announced = old_announced;
        /* In a game with its own actions, which piece the keys move is the player's choice,
         * no step of the history (session_select_player), so the replay cannot bring it back:
         * the piece standing where the chosen one stood stays chosen. */
        if (old_live && session_has_actions(s) && !res->gone && old_st.active >= 0 &&
            old_st.active < old_st.nplayers && old_st.player[old_st.active] >= 0) {
            int who = state_player_at(&s->st, old_st.player[old_st.active]);
            if (who >= 0) s->st.active = who;
        }
    }
    if (fresh && session_on_reload(s, err) != 0) goto rollback;

    /* Committed: the old parts go. */
    if (rebuild) {
        if (old_live) state_free(&old_st);
        levelset_free(&old_levels);
        if (new_board) levelset_free(&old_shuffled);
        movelog_free(&old_log);
    }
    game_free(fresh);
    return 0;

rollback:
    if (rebuild) {
        if (s->live) state_free(&s->st);
        movelog_free(&s->log);
        levelset_free(&s->levels);
        if (new_board) levelset_free(&s->shuffled);
        s->st = old_st;
        s->live = old_live;
        s->log = old_log;
        s->levels = old_levels;
        s->shuffled = old_shuffled;
        s->index = old_index;
        s->solved = old_solved;
        s->announced = old_announced;
    }
    if (fresh) game_swap(s->game, fresh);
    game_free(fresh);
    return -1;

fail:
    levelset_free(&new_levels);
    levelset_free(&new_shuffled);
    game_free(fresh);
    return -1;
}

/* {====== the game loop's side */

/* Files are only ever added while a session lasts: removing and adding a folder's watch
 * again would lose a save made in between. */
static void watch_session(app *a)
{
    reload_state *r = &a->reload;
    if (r->reset) watch_clear(r->w);
    r->reset = false;
    const char *const *files = NULL;
    int n = game_source_files(a->s.game, &files);
    for (int i = 0; i < n; i++) watch_add(r->w, files[i]);
    watch_add(r->w, a->s.levels_path);
    char art[PATH_MAX_LEN];
    game_art_path(a->s.game, art, sizeof art);
    if (art[0]) watch_add(r->w, art);
    if (art[0] && a->art_image[0]) watch_add(r->w, a->art_image);
    r->stale = false;
}

/* Is p the game's art file or its picture? */
static bool is_art(const app *a, const char *p)
{
    char art[PATH_MAX_LEN];
    game_art_path(a->s.game, art, sizeof art);
    return art[0] && (strcmp(p, art) == 0 || strcmp(p, a->art_image) == 0);
}

/* "reload: ok PATH" on stderr, the path made safe: a mod's file may be named with terminal
 * escapes. */
static void say_ok(const char *path)
{
    fputs("reload: ok ", stderr);
    textsafe_write(stderr, path, strlen(path), 0);
    fputc('\n', stderr);
}

void app_reload_poll(app *a, uint64_t now_ms)
{
    reload_state *r = &a->reload;
    if (!r->enabled || !a->have_session) return;
    if (!r->w && !(r->w = watch_new())) return;
    if (r->stale || r->reset) watch_session(a);
    int changed[RELOAD_MAX_CHANGES];
    int n = watch_poll(r->w, now_ms, changed, RELOAD_MAX_CHANGES);
    if (n == 0) return;

    session *s = &a->s;
    bool script = false, levels = false;
    const char *path = NULL, *level_path = NULL;
    for (int i = 0; i < n; i++) {
        const char *p = watch_path(r->w, changed[i]);
        if (is_art(a, p)) {
            /* The game's pictures: drawn again from the files; the rules are not touched. */
            error err;
            game_art_forget(a);
            if (game_art_refresh(a, &err) == 0) {
                say_ok(p);
                session_note(s, "Reloaded %s", path_basename(p));  /* over a broken edit's error */
            } else {
                char buf[ERROR_TEXT_MAX + 300];
                err.col = 0;    /* the fixed form, as for scripts */
                fprintf(stderr, "reload: error %s\n", error_format(&err, buf, sizeof buf));
            }
            r->count++;
            continue;
        }
        if (strcmp(p, s->levels_path) == 0) {
            levels = true;
            level_path = p;
        } else {
            script = true;
            if (!path) path = p;
        }
    }
    if (!path) path = level_path;
    if (!path) {                /* only the art changed */
        fflush(stderr);
        return;
    }
    char shown[PATH_MAX_LEN];
    snprintf(shown, sizeof shown, "%s", path);

    app_stop_work(a);          /* a solver thread may be reading the rules or the position */
    /* The position as it stands, kept under its level: if the level leaves the file, its moves
     * are still saved for it. */
    if (a->saves.open) progress_store_goto(&a->saves, s, s->index, false, NULL, 0);
    reload_result res;
    error err;
    if (session_reload(s, script, levels, &res, &err) == 0) {
        say_ok(shown);
        if (script) r->script_error[0] = '\0';
        if (levels || res.rebuilt) r->levels_error[0] = '\0';
        if (res.rebuilt && a->saves.open) progress_store_levels_changed(&a->saves, s);
        if (res.gone)
            session_note(s, "Reloaded %s: the level you were on (%d) is no longer in the file; on level %d %s",
                         path_basename(shown), res.from + 1, s->index + 1,
                         progress_store_resume_level(&a->saves, s) == 1 ? "as you left it" : "from its start");
        else if (res.rebuilt && res.replayed < res.total)
            session_note(s, "Reloaded %s: replayed %d of %d moves (move %d no longer applies)",
                         path_basename(shown), res.replayed, res.total, res.replayed + 1);
        else if (res.rebuilt && res.from != s->index)
            session_note(s, "Reloaded %s: your level (%d) is level %d now", path_basename(shown), res.from + 1,
                         s->index + 1);
        else session_note(s, "Reloaded %s", path_basename(shown));
        tween_sync(&a->tw, &s->st);  /* the position may be a new one: show it as it is */
        a->dead_position = 0;  /* the marks were for the old rules or level */
        a->ndead = 0;
        if (script) r->stale = true;  /* the new script may require other modules */
    } else {
        char buf[ERROR_TEXT_MAX + 300];
        error_format(&err, buf, sizeof buf);
        snprintf(script ? r->script_error : r->levels_error, sizeof r->script_error, "%s", buf);
        /* The line on stderr keeps its fixed form, PATH:LINE: message; the window and the
         * play summary show the column too. */
        err.col = 0;
        error_format(&err, buf, sizeof buf);
        fprintf(stderr, "reload: error %s\n", buf);
    }
    r->count++;
    fflush(stderr);
}

void app_reload_free(app *a)
{
    watch_free(a->reload.w);
    a->reload.w = NULL;
}

/* }====== */
