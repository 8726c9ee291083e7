/* session.c: the mid-end: levels, the position being played, and player actions. */
#define _POSIX_C_SOURCE 200809L
#include "app/session.h"
#include "app/mods.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/action.h"
#include "core/confine.h"
#include "core/engine.h"
#include "core/lurd.h"
#include "core/path.h"
#include "app/sounds.h"
#include "core/textfile.h"
#include "script/game.h"

void session_note(session *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->status, sizeof s->status, fmt, ap);
    va_end(ap);
}

/* Keeps a hook's failure for the commands that must say it: the first since the level
 * started (the others often follow from it). */
static void keep_hook_error(session *s, const error *err)
{
    if (s->hook_failed) return;
    s->hook_failed = true;
    s->hook_error = *err;
}

static void note_error(session *s, const error *err)
{
    keep_hook_error(s, err);
    char buf[ERROR_TEXT_MAX + 300];
    error_format(err, buf, sizeof buf);
    session_note(s, "%s", buf);
    if (!s->quiet) fprintf(stderr, "tessera: %s\n", buf);
}

const char *app_guess_game(const char *level_path)
{
    size_t plen = strlen(level_path);
    if (plen > 4 && !strcmp(level_path + plen - 4, ".hsb")) return "hexoban"; /* Hexoban files */
    if (plen > 4 && (!strcmp(level_path + plen - 4, ".xsb") || !strcmp(level_path + plen - 4, ".sok")))
        return "sokoban";      /* XSB, whose run-length rows ("5#|#@$.#|5#") start with digits */
    error err;
    size_t len;
    char *text = textfile_read(level_path, &len, &err);
    const char *guess = "sokoban";
    if (!text) return guess;
    /* Boards are lines of plain integers (maybe after "WxH:"); XSB and numeric grids are not. */
    for (char *line = text; line && *line;) {
        char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        size_t i = 0;
        while (i < n && isspace((unsigned char)line[i])) i++;
        if (i < n && line[i] != '#' && line[i] != ';') {
            int digits = 0, other = 0;
            for (size_t k = i; k < n && line[k] != '#'; k++) {
                char c = line[k];
                if (isdigit((unsigned char)c)) digits++;
                else if (c != ' ' && c != '\t' && c != 'x' && c != 'X' && c != ':' && c != '\r') other++;
            }
            if (digits && !other) guess = "fifteen";
            break;
        }
        line = end ? end + 1 : NULL;
    }
    free(text);
    return guess;
}

const char *app_game_of_file(const app_paths *p, const char *level_path, char *buf, size_t size)
{
    char dir[PATH_MAX_LEN];
    snprintf(dir, sizeof dir, "%s", level_path);
    char *slash = strrchr(dir, '/');
    if (slash) {
        *slash = '\0';
        snprintf(buf, size, "%s", path_basename(dir));
        error err;
        char *script = game_find_script(p->script_path, NULL, buf, NULL, &err);
        if (script) {
            free(script);
            return buf;
        }
    }
    return app_guess_game(level_path);
}

void app_note_guess(error *err, const char *gname)
{
    char msg[ERROR_TEXT_MAX + 100];
    snprintf(msg, sizeof msg, "%s (read by %s's rules, a guess: give --game GAME for another game)", err->msg, gname);
    snprintf(err->msg, sizeof err->msg, "%.*s", (int)sizeof err->msg - 1, msg);
}

void app_locate_name(const char *file, const char *name, int *line, int *col)
{
    *line = *col = 0;
    error err;
    int fd = confine_open_regular(file, &err);     /* never blocks on a FIFO */
    FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;
    if (!f) {
        if (fd >= 0) close(fd);
        return;
    }
    char text[4096], quoted[80];
    snprintf(quoted, sizeof quoted, "\"%s\"", name);
    for (int n = 1; fgets(text, sizeof text, f); n++) {
        const char *hit = strstr(text, quoted);
        if (hit) {
            *line = n;
            *col = (int)(hit - text) + 1;
            break;
        }
    }
    fclose(f);
}

int app_move_column(const char *file, int line, int index)
{
    FILE *f = fopen(file, "r");
    if (!f) return 0;
    char *text = NULL;
    size_t cap = 0;
    ssize_t n = 0;
    for (int l = 1; l <= line && (n = getline(&text, &cap, f)) >= 0; l++) {}
    fclose(f);
    int col = 0;
    if (n > 0) {
        ssize_t k = 0;
        while (k < n && isspace((unsigned char)text[k])) k++;
        ssize_t j = k;
        while (j < n && isdigit((unsigned char)text[j])) j++;
        if (j < n && text[j] == ':') k = j + 1;
        for (int seen = -1; k < n; k++) {
            if (isspace((unsigned char)text[k])) continue;
            if (++seen == index) {
                col = (int)k + 1;
                break;
            }
        }
    }
    free(text);
    return col;
}

int app_missing_levels(const struct game *g, const char *def, error *err)
{
    int line, col;
    app_locate_name(game_path(g), def, &line, &col);
    return error_set(err, game_path(g), line, col,
                     "levels = \"%s\": no such file beside the script, in its levels/ folder or in the bundled levels",
                     def);
}

/* app_read_levels_max, and with all app_read_levels_every (err then unused). */
static int read_levels(const game *g, const char *path, bool by_game, size_t max, const ruleset *r, levelset *set,
                       level_problems *all, error *err)
{
    size_t len;
    memset(set, 0, sizeof *set);
    if (all) memset(all, 0, sizeof *all);
    error read_err;
    char *text = game_read_path(g, path, by_game, max, &len, all ? &read_err : err);
    if (!text) {
        if (all) level_problems_add(all, &read_err);
        return -1;
    }
    int rc = all ? levelset_parse_every(set, path, text, len, FORMAT_AUTO, r, all)
                 : levelset_parse(set, path, text, len, FORMAT_AUTO, r, err);
    free(text);
    return rc;
}

int app_read_levels_max(const game *g, const char *path, bool by_game, size_t max, const ruleset *r, levelset *set,
                        error *err)
{
    return read_levels(g, path, by_game, max, r, set, NULL, err);
}

int app_read_levels_every(const game *g, const char *path, bool by_game, const ruleset *r, levelset *set,
                          level_problems *all)
{
    return read_levels(g, path, by_game, TEXTFILE_MAX, r, set, all, NULL);
}

int app_read_levels(const game *g, const char *path, bool by_game, const ruleset *r, levelset *set, error *err)
{
    return app_read_levels_max(g, path, by_game, TEXTFILE_MAX, r, set, err);
}

void app_note_unchecked(const levelset *set, int unchecked)
{
    if (unchecked <= 0) return;
    char what[128], buf[ERROR_TEXT_MAX + 300];
    app_unchecked_text(set, unchecked, what, sizeof what);
    error e;
    error_set(&e, set->path, 0, 0, "%s", what);
    fprintf(stderr, "tessera: %s\n", error_format(&e, buf, sizeof buf));
}

void app_unchecked_text(const levelset *set, int unchecked, char *out, size_t size)
{
    snprintf(out, size, "checking the levels took more than %g s of CPU: levels %d to %d are checked only when opened",
             GAME_CHECK_LEVELS_SECONDS, set->count - unchecked + 1, set->count);
}

int app_load_levels(const app_paths *p, game *g, const char *file, levelset *set, char *path_out,
                    size_t path_size, error *err)
{
    char path[PATH_MAX_LEN];
    if (file) snprintf(path, sizeof path, "%s", file);
    else {
        const char *def = game_default_levels(g);
        if (!def)
            return error_set(err, game_path(g), 0, 0,
                             "game has no default level file (set levels = \"...\"); name a FILE");
        /* Named where the script names it, as check does (it was a path in the bundled
         * levels/ folder the author never used). */
        if (mods_find_levels(p, game_path(g), def, path, sizeof path) != 0) return app_missing_levels(g, def, err);
    }
    if (path_out) snprintf(path_out, path_size, "%s", path);
    /* The game's own levels = "..." is read only where its script may read. */
    if (app_read_levels(g, path, !file, game_rules(g), set, err) != 0) return -1;
    int unchecked;
    if (game_check_levels(g, set, &unchecked, err) != 0) {
        levelset_free(set);
        return -1;
    }
    app_note_unchecked(set, unchecked);
    return 0;
}

static void start_level(session *s)
{
    if (s->live) state_free(&s->st);
    s->live = false;
    const level *lv = s->playing_shuffled ? &s->shuffled.levels[0] : &s->levels.levels[s->index];
    if (state_init(&s->st, lv, game_rules(s->game)) == 0) s->live = true;
    movelog_reset(&s->log);
    error err;
    bool solved = false;
    s->hook_failed = false;
    if (s->live && game_check_solved(s->game, &s->st, &solved, &err) != 0) {
        solved = false;
        keep_hook_error(s, &err);
    }
    s->solved = solved;
    s->announced = s->solved;
    s->message[0] = '\0';
    s->status[0] = '\0';
    const char *intro = level_meta_get(lv, "Intro");    /* the level file's "Intro: ..." line */
    if (intro && !s->playing_shuffled) snprintf(s->status, sizeof s->status, "%s", intro);
}

static int open_session(session *s, const app_paths *p, const char *gname, const char *file, int level_no,
                        bool quiet, error *err)
{
    memset(s, 0, sizeof *s);
    s->quiet = quiet;
    snprintf(s->game_arg, sizeof s->game_arg, "%s", gname);
    s->game = game_load(p->script_path, gname, err);
    if (!s->game) return -1;
    s->levels_by_game = !file;
    if (app_load_levels(p, s->game, file, &s->levels, s->levels_path, sizeof s->levels_path, err) != 0) {
        game_free(s->game);
        s->game = NULL;
        return -1;
    }
    if (level_no < 0 || level_no > s->levels.count) {
        error_set(err, s->levels_path, 0, 0, "no level %d (the file has %d)", level_no, s->levels.count);
        session_close(s);
        return -1;
    }
    s->seed = (uint64_t)time(NULL);
    s->index = level_no > 0 ? level_no - 1 : 0;
    start_level(s);
    if (!s->live) {
        error_set(err, s->levels_path, 0, 0, "out of memory");
        session_close(s);
        return -1;
    }
    return 0;
}

int session_open(session *s, const app_paths *p, const char *gname, const char *file, int level_no,
                 error *err)
{
    return open_session(s, p, gname, file, level_no, false, err);
}

int session_open_quiet(session *s, const app_paths *p, const char *gname, const char *file, int level_no,
                       error *err)
{
    return open_session(s, p, gname, file, level_no, true, err);
}

void session_close(session *s)
{
    if (s->live) state_free(&s->st);
    levelset_free(&s->levels);
    levelset_free(&s->shuffled);
    if (s->game) game_free(s->game);
    movelog_free(&s->log);
    memset(s, 0, sizeof *s);
}

int session_goto(session *s, int index)
{
    if (index < 0 || index >= s->levels.count) return -1;
    s->index = index;
    s->playing_shuffled = false;
    start_level(s);
    return 0;
}

const char *session_game_name(const session *s) { return game_name(s->game); }
bool session_is_sliding(const session *s) { return game_rules(s->game)->kind == RULES_SLIDING; }
bool session_has_actions(const session *s) { return game_rules(s->game)->kind == RULES_ACTIONS; }

const char *session_level_title(const session *s)
{
    if (s->playing_shuffled) return "Shuffled";
    return s->levels.levels[s->index].title;
}

/* After anything that changed the position: ask the rules whether it is solved now. */
static void update_solved(session *s)
{
    error err;
    bool solved = false;
    if (game_check_solved(s->game, &s->st, &solved, &err) != 0) {
        note_error(s, &err);        /* a rule that fails never counts as solved */
        solved = false;
    }
    if (solved && !s->solved) {
        s->message[0] = '\0';
        if (game_on_solved(s->game, &s->st, s->message, sizeof s->message, &err) != 0) note_error(s, &err);
        if (!s->message[0]) snprintf(s->message, sizeof s->message, "Level complete!");
        s->announced = false;
    }
    s->solved = solved;
}

/* Records made since pos_before while the solver plays (X) are marked as its own. */
static void mark_assisted(session *s, int32_t pos_before)
{
    if (!s->assisting) return;
    for (int32_t i = pos_before; i < s->st.hist.pos; i++) s->st.hist.rec[i].flags |= RECORD_ASSISTED;
}

int session_move(session *s, int dir)
{
    if (!s->live) return 0;
    error err;
    int32_t pos_before = s->st.hist.pos;
    int unplaced_before = s->st.unsolved;
    bool solved_before = s->solved;
    /* The hooks' own changes join the move's undo record (game_step makes it). */
    move_result r;
    if (game_step(s->game, &s->st, dir, &r, &err) != 0) note_error(s, &err);
    if (r != MOVE_BLOCKED) {
        char c = grid_dir_letter(s->st.g->topo, dir);
        movelog_note(&s->log, r == MOVE_PUSH ? (char)toupper((unsigned char)c) : c);
    }
    mark_assisted(s, pos_before);
    movelog_commit(&s->log, &s->st, pos_before);
    if (r == MOVE_BLOCKED) return 0;
    update_solved(s);
    s->sound = sound_stronger(s->sound, sound_for_move(r, unplaced_before, s->st.unsolved, solved_before,
                                                       s->solved, session_is_sliding(s)));
    return 1;
}

/* After an action on the selected piece: the selection stays with the piece where it went
 * (the last player tile the action's record put on a cell), not with a slot number. */
static void follow_piece(state *st)
{
    const history *h = &st->hist;
    if (h->pos < 1) return;
    const record *r = &h->rec[h->pos - 1];
    for (int32_t i = r->first + r->count - 1; i >= r->first; i--) {
        const change *c = &h->ch[i];
        if (c->kind != CHANGE_OBJ || c->before != 0 || !(st->tflags[c->after] & TILE_PLAYER)) continue;
        int slot = state_player_at(st, c->cell);
        if (slot >= 0) st->active = slot;
        return;
    }
}

int session_act(session *s, const action *a)
{
    if (!s->live || !session_has_actions(s)) return 0;
    error err;
    int32_t pos_before = s->st.hist.pos;
    int unplaced_before = s->st.unsolved;
    bool solved_before = s->solved;
    int done = 0;
    /* An action at a piece is made with that piece selected: in play the keys act at the
     * selected piece and a click on another piece selects it first. So an action played from
     * its text (a saved position coming back, a reload, a paste, a replay) selects the piece it
     * names, and the keys move that piece after it, as they did for the player. */
    int piece = a->cell >= 0 ? state_player_at(&s->st, a->cell) : -1;
    if (piece >= 0) s->st.active = piece;
    bool moved_selected = piece >= 0;
    if (game_do_action(s->game, &s->st, a, &done, &err) != 0) note_error(s, &err);
    if (done && moved_selected) follow_piece(&s->st);
    if (done) {
        mark_assisted(s, pos_before);
        char text[ACTION_TEXT_MAX];
        action_write(s->st.rules, s->st.g, a, text, sizeof text);
        for (const char *c = text; *c; c++) movelog_note(&s->log, *c);
    }
    movelog_commit(&s->log, &s->st, pos_before);
    if (!done) return 0;
    update_solved(s);
    s->sound = sound_stronger(s->sound, sound_for_move(MOVE_WALK, unplaced_before, s->st.unsolved, solved_before,
                                                       s->solved, false));
    return 1;
}

int session_click_action(session *s, int cell)
{
    const ruleset *r = game_rules(s->game);
    for (int id = 0; id < r->nactions; id++)
        if (r->action[id].flags & ACTION_CLICK) {
            action a = action_make(id);
            a.cell = cell;
            return session_act(s, &a);
        }
    return 0;
}

bool session_solve_assisted(const session *s)
{
    if (!s->live) return false;
    for (int32_t i = s->st.hist.pos - 1; i >= 0; i--) {
        unsigned f = s->st.hist.rec[i].flags;
        if (f & RECORD_ASSISTED) return true;
        if (f & RECORD_RESTART) return false;
    }
    return false;
}

int session_undo(session *s)
{
    if (!s->live || !history_undo(&s->st)) return 0;
    s->sound = SOUND_UNDO;
    update_solved(s);
    return 1;
}

int session_redo(session *s)
{
    long pushes = s->live ? s->st.pushes : 0;
    if (!s->live || !history_redo(&s->st)) return 0;
    s->sound = s->st.pushes > pushes ? SOUND_PUSH : SOUND_STEP;   /* the move again, as it sounded */
    update_solved(s);
    return 1;
}

int session_restart(session *s)
{
    int32_t pos_before = s->live ? s->st.hist.pos : 0;
    if (!s->live || !state_restart(&s->st)) return 0;
    movelog_commit(&s->log, &s->st, pos_before);
    s->sound = SOUND_UNDO; /* everything taken back at once */
    update_solved(s);
    return 1;
}

int session_select_player(session *s, int slot)
{
    if (!s->live) return 0;
    if (session_has_actions(s)) {
        /* Which piece the keys move is the player's choice, not a step of the game: the
         * actions themselves name their cell. */
        if (slot < 0 || slot >= s->st.nplayers || s->st.player[slot] < 0) return 0;
        s->st.active = slot;
        return 1;
    }
    int32_t pos_before = s->st.hist.pos;
    if (slot != s->st.active && slot >= 0 && slot < 9) movelog_note(&s->log, (char)('1' + slot));
    int ok = engine_select_player(&s->st, slot) == 0;
    movelog_commit(&s->log, &s->st, pos_before);
    return ok;
}

int session_click(session *s, int cell)
{
    if (!s->live || cell < 0) return 0;
    state *st = &s->st;
    if (session_has_actions(s)) {
        /* A click on a player selects it; anywhere else it is the game's click action. */
        int who = state_player_at(st, cell);
        if (who >= 0 && st->nplayers > 1 && who != st->active) return session_select_player(s, who);
        return session_click_action(s, cell);
    }
    if (session_is_sliding(s)) {
        int blank = st->blank, w = st->g->w;
        if (blank < 0 || (blank % w != cell % w && blank / w != cell / w)) return 0;
        /* Slide one tile at a time through session_move, so hooks see every move. */
        int dir = blank % w == cell % w ? (cell < blank ? DIR_UP : DIR_DOWN)
                                         : (cell < blank ? DIR_LEFT : DIR_RIGHT);
        int moved = 0;
        int32_t pos_before = st->hist.pos;
        history_begin(st, dir);
        while (st->blank != cell && session_move(s, dir)) moved++;
        history_end(st);
        movelog_commit(&s->log, st, pos_before);
        return moved > 0;
    }
    /* A click on another player selects it; a click on a free cell walks there. */
    int slot = state_player_at(st, cell);
    if (slot >= 0) return session_select_player(s, slot);
    int from = st->player[st->active];
    int max = st->g->ncells;
    int8_t *dirs = malloc((size_t)max);
    if (!dirs) return 0;
    int n = path_find(st, from, cell, dirs, max), moved = 0;
    if (n > 0) {
        int32_t pos_before = st->hist.pos;
        history_begin(st, dirs[0]);
        for (int i = 0; i < n; i++) moved += session_move(s, dirs[i]);
        history_end(st);
        movelog_commit(&s->log, st, pos_before);
    } else if (n < 0) {
        /* A neighbouring box: a click on it pushes it away from the player (under the pull
         * rule the player steps back and pulls it along). */
        for (int d = 0; d < st->g->ndirs; d++)
            if (grid_step(st->g, from, d) == cell) {
                moved = session_move(s, game_rules(s->game)->pull ? grid_opposite(st->g, d) : d);
                break;
            }
    }
    free(dirs);
    return moved > 0;
}

int session_play_board(session *s, const char *text, error *err)
{
    if (!session_is_sliding(s)) return error_set(err, NULL, 0, 0, "a board to play in a game that is not a sliding one");
    levelset fresh;
    if (levelset_parse(&fresh, "shuffled board", text, strlen(text), FORMAT_BOARDS, game_rules(s->game), err) != 0)
        return -1;
    if (fresh.count != 1) {
        levelset_free(&fresh);
        return error_set(err, NULL, 0, 0, "expected one board");
    }
    if (s->live) state_free(&s->st);
    s->live = false;
    levelset_free(&s->shuffled);
    s->shuffled = fresh;
    s->playing_shuffled = true;
    start_level(s);
    return s->live ? 0 : error_set(err, NULL, 0, 0, "out of memory");
}

int session_shuffle(session *s)
{
    if (!session_is_sliding(s) || !s->live) return 0;
    int w = s->st.g->w, h = s->st.g->h, n = w * h;
    int *board = malloc(sizeof *board * (size_t)n);
    char *text = malloc((size_t)n * 8 + 32);
    error err;
    int ok = 0;
    if (board && text && game_scramble(s->game, w, h, board, s->seed++, &err) == 0) {
        int k = sprintf(text, "%dx%d:", w, h);
        for (int i = 0; i < n; i++) k += sprintf(text + k, " %d", board[i]);
        if (session_play_board(s, text, &err) == 0) ok = 1;
        else note_error(s, &err);
    } else if (board && text) {
        note_error(s, &err);
    }
    free(board);
    free(text);
    return ok;
}

int session_play_step(session *s, const char *token)
{
    if (!s->live || !token[0]) return 0;
    if (!strcmp(token, "!")) return session_restart(s);
    bool helped = token[0] == '+', assisting = s->assisting;   /* a step the solver made */
    token += helped;
    int dir = grid_dir_from_letter(s->st.g->topo, token[0]), bad = -1;
    int32_t pos_before = s->st.hist.pos;
    history_begin(&s->st, dir);
    session_play_lurd(s, token, &bad);
    history_end(&s->st);
    s->assisting = assisting || helped;
    mark_assisted(s, pos_before);
    s->assisting = assisting;
    movelog_commit(&s->log, &s->st, pos_before);
    update_solved(s);
    return bad < 0;
}

/* Session moves as lurd_play's actions (hooks, move log and solved state kept up); ctx is
 * the session. */
static int select_action(void *ctx, int slot) { return session_select_player(ctx, slot) ? 0 : -1; }
static int move_action(void *ctx, int dir) { return session_move(ctx, dir) ? 0 : -1; }
static int act_action(void *ctx, const action *a) { return session_act(ctx, a) ? 0 : -1; }

int session_play_lurd(session *s, const char *moves, int *bad)
{
    const lurd_actions through_session = { select_action, move_action, s, act_action };
    return lurd_play(&s->st, moves, &through_session, bad);
}

char *session_lurd(const session *s)
{
    if (!s->live) return strdup("");
    char *text = movelog_lurd(&s->log, &s->st);
    if (!text || !session_has_actions(s)) return text;
    char *spaced = actions_spaced(text);          /* one action a word, for people */
    free(text);
    return spaced;
}

char *session_lurd_compact(const session *s)
{
    return s->live ? movelog_lurd(&s->log, &s->st) : strdup("");
}

int session_play_next(session *s, const char *text, int *pos)
{
    int end = lurd_step_end(&s->st, text, *pos);
    if (end == *pos) return 0;
    char step[ACTION_TEXT_MAX + 8];
    int n = end - *pos < (int)sizeof step - 1 ? end - *pos : (int)sizeof step - 1;
    memcpy(step, text + *pos, (size_t)n);
    step[n] = '\0';
    int bad = -1;
    session_play_lurd(s, step, &bad);
    if (bad >= 0) return -1;
    *pos = end;
    return 1;
}

int session_open_text(session *s, const char *name, const char *text, error *err)
{
    levelset fresh;
    if (levelset_parse(&fresh, name, text, strlen(text), FORMAT_AUTO, game_rules(s->game), err) != 0) return -1;
    int unchecked;
    if (game_check_levels(s->game, &fresh, &unchecked, err) != 0) {
        levelset_free(&fresh);
        return -1;
    }
    app_note_unchecked(&fresh, unchecked);
    if (fresh.count == 0) {
        levelset_free(&fresh);
        return error_set(err, name, 0, 0, "no level found");
    }
    if (s->live) state_free(&s->st); /* it points into the old levels */
    s->live = false;
    levelset_free(&s->levels);
    s->levels = fresh;
    snprintf(s->levels_path, sizeof s->levels_path, "%s", name);
    s->index = 0;
    s->playing_shuffled = false;
    start_level(s);
    return 0;
}

int session_replay(session *s, const history *old_hist, const movelog *old_log, int32_t old_pos)
{
    start_level(s);
    if (!s->live) return -1;
    topology topo = s->st.g->topo;
    int32_t k = 0;
    bool assisting = s->assisting;
    for (; k < old_pos; k++) {
        const record *r = &old_hist->rec[k];
        if (k >= old_log->cap_end) break;          /* the log lost track (out of memory) */
        /* A step the solver made stays the solver's (a solve with X is not the player's). */
        s->assisting = assisting || (r->flags & RECORD_ASSISTED);
        int32_t from = k > 0 ? old_log->end[k - 1] : 0, to = old_log->end[k];
        if (r->flags & RECORD_RESTART) {
            if (!session_restart(s) && s->st.moves != 0) break;
            continue;
        }
        if (from == to) continue;                   /* the script's own edits (on_reload) */
        if (session_has_actions(s)) {
            /* The record's action, as its text. */
            char step[ACTION_TEXT_MAX + 8];
            int n = to - from < (int)sizeof step - 1 ? to - from : (int)sizeof step - 1;
            memcpy(step, old_log->text + from, (size_t)n);
            step[n] = '\0';
            int bad = -1;
            session_play_lurd(s, step, &bad);
            if (bad >= 0) break;
            continue;
        }
        int32_t pos_before = s->st.hist.pos, applied = 0;
        int first = grid_dir_from_letter(topo, old_log->text[from]);
        history_begin(&s->st, first);
        for (int32_t i = from; i < to; i++) {
            /* The log holds what was played, so the letters' case is not checked again. */
            lurd_step step = lurd_read(topo, old_log->text[i]);
            int ok = step.kind == LURD_PLAYER ? session_select_player(s, step.slot)
                     : step.kind == LURD_MOVE && session_move(s, step.dir);
            if (!ok) break;
            applied++;
        }
        history_end(&s->st);
        mark_assisted(s, pos_before);
        movelog_commit(&s->log, &s->st, pos_before);
        /* A record that no longer plays in full is where the replay stops: the part that
         * played stays (one undoable step), the rest and everything after is gone. */
        if (applied < to - from) break;
    }
    s->assisting = assisting;
    return k;
}

int session_on_reload(session *s, error *err)
{
    if (!s->live || !game_has_hook(s->game, "on_reload")) return 0;
    state *st = &s->st;
    int32_t before = st->hist.pos;
    history_begin(st, -1);
    int rc = game_on_reload(s->game, st, err);
    history_end(st);
    movelog_commit(&s->log, st, before);
    if (rc != 0) {
        /* Whatever the failed hook changed is taken back, and not left to redo. */
        if (st->hist.pos > before && history_undo(st)) st->hist.nrec = st->hist.pos;
        return -1;
    }
    update_solved(s);
    return 0;
}
