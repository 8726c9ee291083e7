/* app.c: screens, input handling and drawing of the game loop (window or scripted). */
#define _POSIX_C_SOURCE 200809L
#include "app/app.h"
#include "app/idle.h"
#include "app/mods.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/help.h"
#include "core/action.h"
#include "core/engine.h"
#include "core/lurd.h"
#include "app/hotkeys.h"
#include "app/game_art.h"
#include "app/picture_mode.h"
#include "app/padmap.h"
#include "app/transfer.h"
#include "frontend/audio.h"
#include "frontend/layout_iso.h"
#include "frontend/celebrate.h"
#include "frontend/view.h"
#include "script/game.h"
#include "solve/push_solve.h"

enum {
    HINT_SECONDS = 3,         /* a hint should come quickly or not at all */
    SOLVE_SECONDS = 10,
    AUTOPLAY_STEP_MS = 70,    /* pace of a solution played back */
    SAVE_EVERY_MS = 5000      /* the position being played is saved this often when it changed */
};

int app_init(app *a, const app_paths *p, int w, int h, error *err)
{
    memset(a, 0, sizeof *a);
    a->paths = p;
    a->hint_cell = -1;
    a->aui.cursor = -1;
    tween_init(&a->tw);
    a->restore_position = true;
    prefs_load(&a->prefs, p, a->note, sizeof a->note);
    tween_set_speed(&a->tw, settings_get_int(&a->prefs, "animation_speed", TWEEN_SPEED_DEFAULT, 0, TWEEN_SPEED_MAX));
    a->reload.enabled = true;
    if (canvas_init(&a->cv, w, h) != 0) return error_set(err, NULL, 0, 0, "out of memory for a %dx%d canvas", w, h);
    a->dr = drawer_for_canvas(&a->cv);
    char png[PATH_MAX_LEN], atlas[PATH_MAX_LEN];
    path_join(png, sizeof png, p->assets, "sprites.png");
    path_join(atlas, sizeof atlas, p->assets, "sprites.txt");
    error serr;
    if (sprites_load(png, atlas, &a->sheet, &serr) == 0) a->have_sheet = true;
    else {
        /* Levels still draw (in plain colours); say why once. */
        char buf[ERROR_TEXT_MAX + 300];
        fprintf(stderr, "tessera: %s (drawing without sprites)\n", error_format(&serr, buf, sizeof buf));
    }
    return 0;
}

/* Saves the position and progress; a failure is said on the status line, never fatal. */
static void save_progress(app *a)
{
    error err;
    if (!a->have_session || a->rp.active) return; /* a replay's position is not the player's */
    if (progress_store_save(&a->saves, &a->s, &err) != 0) {
        char buf[ERROR_TEXT_MAX + 300];
        error_format(&err, buf, sizeof buf);
        fprintf(stderr, "tessera: progress not saved: %s\n", buf);
        session_note(&a->s, "Progress not saved: %s", buf);
    }
}

static void stop_work(app *a)
{
    task_finish(&a->work);
    free(a->autoplay);
    a->autoplay = NULL;
    a->hint_cell = -1;
}

void app_stop_work(app *a) { stop_work(a); }

void app_save(app *a) { save_progress(a); }

void app_free(app *a)
{
    stop_work(a);
    app_reload_free(a);
    free(a->dead);
    replay_stop(a, true);
    tween_free(&a->tw);
    iso_art_free(a->iso);
    if (a->have_pic) picture_free(&a->pic);
    if (a->have_session) {
        save_progress(a);
        progress_store_close(&a->saves);
        session_close(&a->s);
    }
    game_art_free(a);
    action_ui_free(&a->aui);
    if (a->have_sheet) sprites_free(&a->sheet);
    canvas_free(&a->cv);
    free(a->clipboard);
    audio_close(a->audio);
    memset(a, 0, sizeof *a);
}

static void menu_move(app *a, int n, int delta);

int app_resize(app *a, int w, int h)
{
    if (w == a->cv.w && h == a->cv.h) return 0;
    if (canvas_resize(&a->cv, w, h) != 0) return -1;
    a->dr = drawer_for_canvas(&a->cv);
    /* A menu keeps its selection in sight: a smaller window shows fewer rows (the list stayed
     * where it was, the selected level below its end, and Enter played a level not shown). */
    if (a->scr == SCREEN_LEVELS) menu_move(a, a->s.levels.count, 0);
    else if (a->scr == SCREEN_GAMES) menu_move(a, a->ngames, 0);
    return 0;
}

int app_play(app *a, const char *gname, const char *file, int level_no, error *err)
{
    session fresh;
    if (session_open(&fresh, a->paths, gname, file, level_no, err) != 0) return -1;
    stop_work(a);
    replay_stop(a, true);
    if (a->have_session) {
        save_progress(a);
        progress_store_close(&a->saves);
        session_close(&a->s);
    }
    a->s = fresh;
    a->have_session = true;
    char note[ERROR_TEXT_MAX + 64] = "";
    if (!a->no_saves) progress_store_open(&a->saves, a->paths, &a->s, note, sizeof note);
    if (a->restore_position && level_no == 0) progress_store_restore(&a->saves, &a->s, note, sizeof note);
    else if (a->restore_position) progress_store_resume_level(&a->saves, &a->s);   /* that level as it was left */
    if (note[0]) session_note(&a->s, "%s", note);
    a->scr = SCREEN_PLAY;
    a->help = false;
    a->reload.reset = true;
    a->reload.script_error[0] = a->reload.levels_error[0] = '\0';
    picture_mode_refresh(a);
    return 0;
}

/* ===== input ============================================================================= */

/* Hex games: the six directions sit on the numeric keypad as they do on the board (7 9 up
 * the diagonals, 4 6 sideways, 1 3 down), which also works on the number row and, with
 * NumLock off, as Home PgUp Left Right End PgDn. Up and Down (W and S) go straight up or down
 * the column, which on hexagons zig-zags: north-east from an even row, north-west from an
 * odd one. Z, X and the other global keys keep their meaning. */
static int hex_key_dir(const app *a, const char *key)
{
    static const struct { const char *k1, *k2; int dir; } keys[] = {
        { "7", "home", HEX_NORTHWEST }, { "9", "pageup", HEX_NORTHEAST },
        { "4", "left", HEX_WEST },      { "6", "right", HEX_EAST },
        { "1", "end", HEX_SOUTHWEST },  { "3", "pagedown", HEX_SOUTHEAST },
        { "a", "a", HEX_WEST },         { "d", "d", HEX_EAST },
    };
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        if (!strcmp(key, keys[i].k1) || !strcmp(key, keys[i].k2)) return keys[i].dir;
    bool up = !strcmp(key, "up") || !strcmp(key, "w") || !strcmp(key, "8");
    bool down = !strcmp(key, "down") || !strcmp(key, "s") || !strcmp(key, "2");
    if (!up && !down) return -1;
    const state *st = &a->s.st;
    int from = st->nplayers > 0 ? st->player[st->active] : -1;
    bool odd = from >= 0 && (from / st->g->w) & 1;
    if (up) return odd ? HEX_NORTHWEST : HEX_NORTHEAST;
    return odd ? HEX_SOUTHWEST : HEX_SOUTHEAST;
}

static int key_dir(const app *a, const char *key)
{
    static const char *const square_keys[][2] = {
        { "up", "w" }, { "right", "d" }, { "down", "s" }, { "left", "a" },
    };
    if (a->have_session && a->s.live && a->s.st.g->topo == TOPO_HEX) return hex_key_dir(a, key);
    for (int d = 0; d < 4; d++)
        if (strcmp(key, square_keys[d][0]) == 0 || strcmp(key, square_keys[d][1]) == 0) return d;
    return -1;
}

static void menu_move(app *a, int n, int delta)
{
    if (n <= 0) return;
    a->sel += delta;
    if (a->sel < 0) a->sel = 0;
    if (a->sel >= n) a->sel = n - 1;
    int rows = view_menu_rows(a->cv.w, a->cv.h);
    if (a->sel < a->scroll) a->scroll = a->sel;
    if (a->sel >= a->scroll + rows) a->scroll = a->sel - rows + 1;
}

/* Goes to level index of the set, keeping the position of the level left: a level left
 * part-way comes back as it was (app/progress.h). 0, or -1 for no such level. */
static int goto_level(app *a, int index)
{
    session *s = &a->s;
    char note[ERROR_TEXT_MAX + 64] = "";
    stop_work(a);
    int rc = progress_store_goto(&a->saves, s, index, a->restore_position, note, sizeof note);
    if (rc < 0) return -1;
    if (note[0]) session_note(s, "%s", note);
    else if (rc == 1 && s->st.hist.pos > 0)
        session_note(s, "Back where you left level %d: Z undoes, R restarts.", index + 1);
    return 0;
}

/* The first level of the set not yet solved (from the start), or -1; counts the solved ones
 * and those solved only with the solver's help. */
static int first_unsolved(app *a, int *own, int *helped)
{
    session *s = &a->s;
    int first = -1;
    *own = *helped = 0;
    for (int i = 0; i < s->levels.count; i++) {
        if (progress_store_best(&a->saves, s, i)) (*own)++;
        else if (progress_store_assisted(&a->saves, i)) (*helped)++;
        else if (first < 0) first = i;
    }
    return first;
}

static void open_level_list(app *a)
{
    a->scr = SCREEN_LEVELS;
    a->sel = a->have_session ? a->s.index : 0;
    a->scroll = 0;
    menu_move(a, a->s.levels.count, 0);
}

static void choose_game(app *a, int i)
{
    error err;
    if (i < 0 || i >= a->ngames) return;
    const game_entry *ge = &a->games[i];
    if (a->have_session && !strcmp(ge->arg, a->s.game_arg) &&
        (ge->file[0] ? !strcmp(ge->file, a->s.levels_path) : ge->levels[0] && mods_same_file(ge->levels, a->s.levels_path))) {
        /* The game being played: its level list, with the position as it was. */
        a->note[0] = '\0';
        open_level_list(a);
        return;
    }
    if (app_play(a, a->games[i].arg, a->games[i].file[0] ? a->games[i].file : NULL, 0, &err) != 0) {
        error_format(&err, a->note, sizeof a->note);
        return;
    }
    a->note[0] = '\0';
    open_level_list(a);
}

static void next_level(app *a, int delta)
{
    session *s = &a->s;
    stop_work(a);
    if (goto_level(a, s->index + delta) != 0)
        session_note(s, delta > 0 ? "This is the last level." : "This is the first level.");
}

static void start_work(app *a, task_purpose purpose)
{
    session *s = &a->s;
    stop_work(a);
    if (s->solved) {
        session_note(s, "This level is solved.");
        return;
    }
    session_note(s, purpose == TASK_HINT ? "Thinking... (any key stops)" : "Solving... (any key stops)");
    if (task_start(&a->work, purpose, s->game, &s->st, purpose == TASK_HINT ? HINT_SECONDS : SOLVE_SECONDS,
                   a->busy, a) != 0) {
        session_note(s, "Out of memory.");
        return;
    }
    /* A search on this thread that the window's input stopped (a key, a click, closing). */
    if (!a->work.threaded && a->work.cancel) {
        task_finish(&a->work);
        session_note(s, "Stopped.");
    }
}

static void change_speed(app *a, int delta)
{
    static const char *const names[TWEEN_SPEED_MAX + 1] = { "off", "slow", "normal", "fast", "very fast" };
    tween_set_speed(&a->tw, a->tw.speed + delta);
    settings_set_int(&a->prefs, "animation_speed", a->tw.speed);
    prefs_save(&a->prefs, a->paths, "animation_speed");
    session_note(&a->s, "Animation: %s (+ / - change it)", names[a->tw.speed]);
}

static void play_key(app *a, const char *key)
{
    session *s = &a->s;
    int dir = key_dir(a, key);
    bool shuffle_asked = a->shuffle_asked;
    a->shuffle_asked = false;   /* any other key lets the question go */
    if (a->autoplay || a->work.active) {
        /* A key takes over from a solution being played or computed. */
        bool was_busy = a->autoplay != NULL || a->work.active;
        stop_work(a);
        if (was_busy && s->status[0] && (strstr(s->status, "Solving") || strstr(s->status, "Thinking")))
            session_note(s, "Stopped.");
    }
    a->hint_cell = -1;
    if (a->help && a->rp.active) {
        a->help = false;
        return;
    }
    if (replay_key(a, key)) return;
    if (!strcmp(key, "l")) {
        s->status[0] = '\0';
        replay_start(a);
        return;
    }
    if (!strcmp(key, "h")) {
        start_work(a, TASK_HINT);
        return;
    }
    if (!strcmp(key, "x")) {
        start_work(a, TASK_SOLVE);
        return;
    }
    s->status[0] = '\0'; /* notes and hints are about the position before this key */
    if (a->help) {
        a->help = false; /* any key closes the help */
        return;
    }
    if (s->solved && !s->announced) {
        /* The "complete" panel is up: Enter/N go on, undo takes the last move back. */
        if (!strcmp(key, "return") || !strcmp(key, "n") || !strcmp(key, "space")) {
            s->announced = true;
            int own, helped, unsolved = first_unsolved(a, &own, &helped);
            if (s->index + 1 < s->levels.count && !s->playing_shuffled) next_level(a, 1);
            else if (session_is_sliding(s)) session_shuffle(s);
            else if (unsolved >= 0) goto_level(a, unsolved); /* the last level: on to one not solved */
            return;
        }
        if (!strcmp(key, "escape")) {
            s->announced = true;
            return;
        }
    }
    if (session_has_actions(s) && action_ui_key(a, key, dir)) {
        return;                 /* the game's own input: an action, or the cursor */
    } else if (dir >= 0) {
        /* In sliding puzzles the arrow names the way a tile moves: the blank goes the other way. */
        if (session_is_sliding(s)) dir = grid_opposite(s->st.g, dir);
        session_move(s, dir);
    } else if (!strcmp(key, "z") || !strcmp(key, "u") || !strcmp(key, "backspace")) {
        session_undo(s);
    } else if (!strcmp(key, "y")) {
        session_redo(s);
    } else if (!strcmp(key, "r")) {
        session_restart(s);
    } else if (!strcmp(key, "n") || !strcmp(key, "pagedown")) {
        next_level(a, 1);
    } else if (!strcmp(key, "p") || !strcmp(key, "pageup")) {
        next_level(a, -1);
    } else if (!strcmp(key, "tab")) {
        if (s->st.nplayers > 1) session_select_player(s, (s->st.active + 1) % s->st.nplayers);
    } else if (key[0] >= '1' && key[0] <= '9' && !key[1]) {
        /* Player N directly, as a digit selects it in a solution. */
        if (s->st.nplayers > 1) session_select_player(s, key[0] - '1');
    } else if (!strcmp(key, "space")) {
        /* A new shuffle takes the level's place for good: a board with moves asks first (one
         * press, or one too many, gave up a game's moves with no way back). */
        if (session_is_sliding(s) && s->st.hist.nrec > 0 && !s->solved && !shuffle_asked) {
            a->shuffle_asked = true;
            session_note(s, "Space again: a new shuffle, these moves given up.");
        } else if (session_is_sliding(s)) {
            session_shuffle(s);
        }
    } else if (!strcmp(key, "f1")) {
        a->help = true;
    } else if (!strcmp(key, "v")) {
        error err;
        bool iso = a->view == VIEW_ISO && view_supports(VIEW_ISO, s->st.g->topo);
        if (app_set_view(a, iso ? VIEW_FLAT : VIEW_ISO, &err) != 0)
            session_note(s, "This game's hexagons are drawn flat only (V switches square grids to isometric).");
        else
            session_note(s, a->view == VIEW_ISO ? "Isometric view (V: flat)" : "Flat view (V: isometric)");
    } else if (!strcmp(key, "t")) {
        picture_mode_toggle_numbers(a);
    } else if (!strcmp(key, "escape")) {
        open_level_list(a);
    } else if (!strcmp(key, "equals") || !strcmp(key, "minus")) {
        change_speed(a, !strcmp(key, "equals") ? 1 : -1);
    }
}

static void menu_key(app *a, const char *key, int n)
{
    if (!strcmp(key, "up") || !strcmp(key, "w")) menu_move(a, n, -1);
    else if (!strcmp(key, "down") || !strcmp(key, "s")) menu_move(a, n, 1);
    else if (!strcmp(key, "pageup")) menu_move(a, n, -view_menu_rows(a->cv.w, a->cv.h));
    else if (!strcmp(key, "pagedown")) menu_move(a, n, view_menu_rows(a->cv.w, a->cv.h));
    else if (!strcmp(key, "home")) menu_move(a, n, -n);
    else if (!strcmp(key, "end")) menu_move(a, n, n);
    else if (!strcmp(key, "return") || !strcmp(key, "space") || !strcmp(key, "right")) {
        if (a->scr == SCREEN_GAMES) choose_game(a, a->sel);
        else if (goto_level(a, a->sel) == 0) a->scr = SCREEN_PLAY;
    } else if (!strcmp(key, "escape") || !strcmp(key, "left") || !strcmp(key, "backspace")) {
        if (a->scr == SCREEN_LEVELS) {
            a->scr = SCREEN_GAMES;
            a->sel = 0;
            for (int i = a->ngames - 1; i >= 0; i--)   /* the game's own entry, or its level set */
                if (!strcmp(a->games[i].arg, a->s.game_arg) &&
                    (!a->games[i].file[0] || !strcmp(a->games[i].file, a->s.levels_path)))
                    a->sel = i;
            if (a->ngames > 0 && a->have_session) {
                game_entry *ge = &a->games[a->sel];
                first_unsolved(a, &ge->own, &ge->helped); /* what was just played counts at once */
                ge->nlevels = a->s.levels.count;
            }
            a->scroll = 0;
            menu_move(a, a->ngames, 0);
        } else if (!strcmp(key, "escape")) {
            a->quit = true;
        }
    } else if (!strcmp(key, "f1")) {
        a->help = !a->help;
    } else if (!strcmp(key, "l") && a->scr == SCREEN_LEVELS) {
        if (goto_level(a, a->sel) == 0) {
            a->scr = SCREEN_PLAY;
            replay_start(a);
        }
    }
}

/* The view follows every change of the position (moves, undo, new levels) in motion. */
static void follow(app *a)
{
    if (a->have_session && a->s.live) {
        tween_follow(&a->tw, &a->s.st);
        if (!a->rp.active) progress_store_update(&a->saves, &a->s); /* watching is not solving */
    }
    if (a->have_session && a->s.sound != SOUND_NONE) {
        /* The session chose the sound of what just happened (app/sounds.c). */
        audio_play(a->audio, (sound_id)a->s.sound);
        a->last_sound = a->s.sound;
        a->s.sound = SOUND_NONE;
    }
}

static void key_dispatch(app *a, const char *key);

bool app_key_repeats(const app *a, const char *key)
{
    static const char *const on_board[] = {
        "up", "down", "left", "right", "w", "a", "s", "d", "z", "u", "y", "backspace",
        "pageup", "pagedown", "home", "end", "tab", "equals", "minus", "comma", "period", NULL
    };
    /* In a menu Right and Left (and Backspace) choose and go back, as Return and Esc do. */
    static const char *const in_menu[] = { "up", "down", "w", "s", "pageup", "pagedown", "home", "end", NULL };
    bool menu = a->scr != SCREEN_PLAY;
    if (!strncmp(key, "pad:", 4)) return !menu || !strcmp(key, "pad:dpup") || !strcmp(key, "pad:dpdown");
    if (!strncmp(key, "ctrl+shift+", 11)) key += 11;
    else if (!strncmp(key, "ctrl+", 5)) key += 5;
    if (!menu && key[0] >= '0' && key[0] <= '9' && !key[1]) return true; /* hex moves, players */
    const char *const *list = menu ? in_menu : on_board;
    for (int i = 0; list[i]; i++)
        if (!strcmp(key, list[i])) return true;
    return false;
}

void app_key(app *a, const char *key)
{
    key_dispatch(a, key);
    follow(a);
}

static void key_dispatch(app *a, const char *key)
{
    if (!strncmp(key, "pad:", 4)) {
        /* A gamepad does what the keyboard does (app/padmap.c). */
        if (!strcmp(key, "pad:added") || !strcmp(key, "pad:removed")) {
            const char *say = key[4] == 'a' ? "Gamepad connected." : "Gamepad disconnected.";
            if (a->scr == SCREEN_PLAY && a->have_session) session_note(&a->s, "%s", say);
            else snprintf(a->note, sizeof a->note, "%s", say);
            return;
        }
        key = padmap_key(key, a->scr == SCREEN_PLAY);
        if (!key) return;
    }
    if (hotkey(a, key)) return;
    if (!strncmp(key, "ctrl+", 5)) {
        if (a->scr == SCREEN_PLAY && a->have_session) {
            stop_work(a);
            if (transfer_key(a, key)) return;
        }
        /* Other keys do with Ctrl what they do without it. */
        key += strncmp(key, "ctrl+shift+", 11) ? 5 : 11;
    }
    if (a->help && a->scr != SCREEN_PLAY) {
        a->help = false;      /* on the menus too, any key only closes the help over them */
        return;
    }
    if (!strcmp(key, "q") && a->scr != SCREEN_PLAY) {
        a->quit = true;
        return;
    }
    switch (a->scr) {
    case SCREEN_PLAY: play_key(a, key); break;
    case SCREEN_LEVELS: menu_key(a, key, a->s.levels.count); break;
    case SCREEN_GAMES: menu_key(a, key, a->ngames); break;
    }
}

void app_layout(const app *a, view_layout *L)
{
    int top, bottom;
    view_hud_margins(a->cv.w, a->cv.h, &top, &bottom);
    if (a->have_session && a->s.live && session_is_sliding(&a->s) && (a->view == VIEW_FLAT || a->s.st.g->topo != TOPO_SQUARE))
        view_layout_fill(L, a->s.st.g, a->cv.w, a->cv.h, top, bottom); /* sliding boards fill the window */
    else view_layout_for(L, a->s.st.g, a->view, a->cv.w, a->cv.h, top, bottom);
}

int app_set_view(app *a, view_kind v, error *err)
{
    if (a->have_session && a->s.live && !view_supports(v, a->s.st.g->topo))
        return error_set(err, NULL, 0, 0,
                         "the %s view draws square grids only; %s is played on a %s grid (use --view flat)",
                         view_kind_name(v), session_game_name(&a->s),
                         topology_name(a->s.st.g->topo));
    if (v == VIEW_ISO && !a->iso && !(a->iso = iso_art_new()))
        return error_set(err, NULL, 0, 0, "out of memory");
    a->view = v;
    return 0;
}

int app_cell_at(const app *a, int x, int y)
{
    if (!a->have_session || !a->s.live) return -1;
    view_layout L;
    app_layout(a, &L);
    return view_pick(&L, &a->s.st, x, y);
}

static void click_dispatch(app *a, int x, int y);

void app_click(app *a, int x, int y, int button)
{
    if (button == 3 && a->scr == SCREEN_PLAY && !a->help) {
        app_key(a, "z"); /* right-click undoes (as in JSoko) */
        return;
    }
    if (button == 3 && a->scr != SCREEN_PLAY && !a->help) {
        app_key(a, "escape"); /* in menus it goes back */
        return;
    }
    a->shuffle_asked = false;
    click_dispatch(a, x, y);
    follow(a);
}

static void click_dispatch(app *a, int x, int y)
{
    if (a->help) {
        a->help = false;
        return;
    }
    if (a->scr == SCREEN_PLAY) {
        session *s = &a->s;
        if (s->solved && !s->announced) {
            play_key(a, "return");
            return;
        }
        stop_work(a);
        s->status[0] = '\0';
        int cell = app_cell_at(a, x, y);
        session_click(s, cell);
        action_ui_clicked(a, cell);
        return;
    }
    int n = a->scr == SCREEN_GAMES ? a->ngames : a->s.levels.count;
    int i = view_menu_item_at(a->cv.w, a->cv.h, n, a->scroll, x, y);
    if (i < 0) return;
    a->sel = i;
    menu_key(a, "return", n);
}

/* ===== drawing =========================================================================== */

static const sprites *sheet(const app *a)
{
    return game_art_sheet(a);
}

static void draw_help(app *a)
{
    const char *lines[HELP_LINES_MAX];
    help_context c = { 0 };
    if (a->have_session && a->s.live) {
        c.game = a->s.game;
        c.sliding = session_is_sliding(&a->s);
        c.hex = a->s.st.g->topo == TOPO_HEX;
        c.players = a->s.st.nplayers;
    }
    int n = help_build(&c, lines, HELP_LINES_MAX);
    char title[96];
    snprintf(title, sizeof title, "Help: %s", a->have_session ? session_game_name(&a->s) : "Tessera");
    view_draw_panel(&a->dr, title, lines, n);
}

/* "N moves", and in push games ", N pushes" (or pulls): one move, one push. */
static void moves_text(char *out, size_t size, const session *s, long moves, long pushes)
{
    const char *m = moves == 1 ? "" : "s";
    if (session_is_sliding(s) || session_has_actions(s)) snprintf(out, size, "%ld move%s", moves, m);
    else if (game_rules(s->game)->pull) snprintf(out, size, "%ld move%s, %ld pull%s", moves, m, pushes, pushes == 1 ? "" : "s");
    else snprintf(out, size, "%ld move%s, %ld push%s", moves, m, pushes, pushes == 1 ? "" : "es");
}

bool app_solved_panel(app *a, solved_panel *p)
{
    session *s = &a->s;
    memset(p, 0, sizeof *p);
    if (!a->have_session || !s->live || !s->solved || s->announced) return false;
    moves_text(p->stats, sizeof p->stats, s, s->st.moves, s->st.pushes);
    p->lines[p->n++] = p->stats;
    if (session_solve_assisted(s)) p->lines[p->n++] = "Solved with the solver (X): marked apart, not as your solve";
    bool last = s->index + 1 >= s->levels.count || s->playing_shuffled;
    int own, helped, unsolved = first_unsolved(a, &own, &helped);
    if (last && !session_is_sliding(s)) {
        /* Complete only when it is: every level of the set solved. */
        if (unsolved >= 0) {
            /* As the level list counts them: solves with the solver's help apart. */
            if (helped > 0)
                snprintf(p->where, sizeof p->where, "%d of %d levels solved, %d more with help.", own,
                         s->levels.count, helped);
            else snprintf(p->where, sizeof p->where, "%d of %d levels solved.", own, s->levels.count);
            snprintf(p->next, sizeof p->next, "Enter: level %d, the first unsolved   Z: undo", unsolved + 1);
            p->lines[p->n++] = p->where;
            p->lines[p->n++] = p->next;
        } else {
            if (helped > 0) snprintf(p->where, sizeof p->where, "Every level is solved, %d with the solver's help.", helped);
            else snprintf(p->where, sizeof p->where, "Game complete: every level is solved!");
            p->lines[p->n++] = p->where;
            p->lines[p->n++] = "Esc: level list   Z: undo";
        }
    } else if (last) {
        p->lines[p->n++] = "Enter: a new shuffle   Esc: keep looking";
    } else {
        p->lines[p->n++] = "Enter or N: next level   Z: undo";
    }
    return true;
}

static void draw_play(app *a)
{
    session *s = &a->s;
    view_layout L;
    app_layout(a, &L);
    view_options opt = view_options_default();
    opt.iso = a->iso;
    bool moving = tween_busy(&a->tw);
    if (a->hint_cell >= 0 && a->hint_position == s->st.hash && !moving) opt.highlight = a->hint_cell;
    if (a->ndead > 0 && a->dead_position == s->st.hash && !moving) opt.marks = a->dead;
    /* Draw the board as shown: moves still in motion have not arrived yet. */
    follow(a);
    state shown;
    tween_slide slides[64];
    view_slide vs[64];
    int nslides = tween_frame(&a->tw, &s->st, &shown, slides, 64);
    for (int i = 0; i < nslides; i++) vs[i] = (view_slide){ slides[i].from, slides[i].to, slides[i].t };
    opt.slides = vs;
    opt.nslides = nslides;
    if (a->realtime && app_blink_running(a)) opt.clock_ms = (long)((a->last_tick - a->blink_since) % 86400000u);
    picture_mode_options(a, &L, &opt);
    opt.cursor = action_ui_cursor(a);
    opt.labels = action_ui_labels(a);
    game_art_refresh(a, NULL);
    if (moving) opt.picture_whole = false; /* the last tile slides into place first */
    view_draw_level(&a->dr, sheet(a), &shown, &L, &opt);
    if (opt.picture && !s->solved) picture_mode_draw_target(a, &L);
    char status[sizeof s->status + 64];
    if (a->rp.active && !s->status[0]) replay_status(a, status, sizeof status);
    else if (s->status[0]) snprintf(status, sizeof status, "%s", s->status);
    else if (s->st.nplayers > 1 && session_has_actions(s))
        snprintf(status, sizeof status, "Tab, a digit or a click chooses what the keys move  -  F1: help");
    else if (s->st.nplayers > 1) snprintf(status, sizeof status, "Player %d of %d (Tab switches)  -  F1: help", s->st.active + 1, s->st.nplayers);
    else if (a->ndead > 0 && a->dead_position == s->st.hash)
        snprintf(status, sizeof status, "A box is stuck where it can never reach a goal: Z undoes");
    else snprintf(status, sizeof status, "F1: help   H: hint   X: solve");
    view_hud hud = {
        .game = session_game_name(s),
        .title = session_level_title(s),
        .level = s->index + 1,
        .nlevels = s->playing_shuffled ? 0 : s->levels.count,
        .moves = s->st.moves,
        .pushes = session_is_sliding(s) || session_has_actions(s) ? -1 : s->st.pushes,
        .pushes_label = game_rules(s->game)->pull ? "Pulls" : "Pushes",
        .status = status,
    };
    view_draw_hud(&a->dr, &hud);
    const char *broken = a->reload.script_error[0] ? a->reload.script_error : a->reload.levels_error;
    if (broken[0])
        view_draw_banner(&a->dr, "Reload failed: the previous version keeps running. Save a fix to retry.", broken);
    if (!s->solved || s->announced || moving) a->solved_at = 0;
    if (s->solved && !s->announced && !moving && a->realtime) {
        /* In a window the solve bursts first; the panel follows (still frames skip it). */
        if (!a->solved_at) a->solved_at = a->last_tick ? a->last_tick : 1;
        if (celebrate_draw(&a->dr, &L, &s->st, (long)(a->last_tick - a->solved_at))) return;
    }
    solved_panel sp;
    if (!moving && app_solved_panel(a, &sp)) {
        /* A finished sliding board (a whole picture) stays in view under a panel set low. */
        if (session_is_sliding(s)) view_draw_panel_low(&a->dr, s->message, sp.lines, sp.n);
        else view_draw_panel(&a->dr, s->message, sp.lines, sp.n);
    }
}

static void draw_levels(app *a)
{
    session *s = &a->s;
    int n = s->levels.count, solved = 0, nhelped = 0;
    view_menu_item *items = calloc((size_t)n + 1, sizeof *items);
    char *nbuf = calloc((size_t)n + 1, 64), detail[256] = "";
    if (items && nbuf) {
        for (int i = 0; i < n; i++) {
            const level *lv = &s->levels.levels[i];
            const progress_level *best = progress_store_best(&a->saves, s, i);
            bool helped = !best && progress_store_assisted(&a->saves, i);
            const progress_position *pos = progress_find_position(&a->saves.pr, i + 1);
            bool current = i == s->index;    /* a board shuffled in its place too */
            const char *what = s->playing_shuffled ? "playing a shuffle" : "playing";
            char *note = nbuf + i * 64;
            /* Solved levels show their best; a level left part-way says so. */
            if (current && s->st.moves > 0) snprintf(note, 64, "%s: %ld move%s", what, s->st.moves, s->st.moves == 1 ? "" : "s");
            else if (current) snprintf(note, 64, "%s", what);
            else if (pos && pos->board) snprintf(note, 64, "a shuffle in progress");
            else if (best) moves_text(note, 64, s, best->moves, best->pushes);
            else if (helped) snprintf(note, 64, "solved with help");
            else if (pos && pos->history) snprintf(note, 64, "in progress");
            items[i] = (view_menu_item){ .label = lv->title && lv->title[0] ? lv->title : "(untitled)", .note = note,
                                         .number = i + 1, .current = current, .thumb = lv,
                                         .mark = best ? VIEW_MARK_SOLVED : helped ? VIEW_MARK_HELPED : 0 };
            solved += best != NULL;
            nhelped += helped;
        }
        if (a->sel >= 0 && a->sel < n) {
            const level *lv = &s->levels.levels[a->sel];
            const progress_level *best = progress_store_best(&a->saves, s, a->sel);
            /* The size once, for the selected level only. */
            int k = snprintf(detail, sizeof detail, "Level %d: %d x %d", a->sel + 1, lv->g.w, lv->g.h);
            if (best && best->solution && k > 0)
                snprintf(detail + k, sizeof detail - (size_t)k, ", solved in %ld move%s (L: watch your best)", best->moves,
                         best->moves == 1 ? "" : "s");
            else if (k > 0)
                snprintf(detail + k, sizeof detail - (size_t)k, "%s", session_is_sliding(s) ? "" : ", not solved yet");
            items[a->sel].detail = detail;
        }
        char title[128];
        snprintf(title, sizeof title, "%s: choose a level", session_game_name(s));
        view_menu mn = { title, items, n, a->sel, a->scroll, game_rules(s->game), sheet(a) };
        view_draw_menu_items(&a->dr, &mn);
        char status[160];
        if (nhelped) snprintf(status, sizeof status, "%d of %d solved, %d more with help   Enter: play   L: watch   Esc: back", solved, n, nhelped);
        else snprintf(status, sizeof status, "%d of %d solved   Enter: play   L: watch   Esc: back", solved, n);
        view_draw_status(&a->dr, a->note[0] ? a->note : status);
    }
    free(items);
    free(nbuf);
}

static void draw_games(app *a)
{
    view_menu_item items[APP_MAX_GAMES];
    char notes[APP_MAX_GAMES][48];
    for (int i = 0; i < a->ngames; i++) {
        const game_entry *ge = &a->games[i];
        /* Progress per game: "7 of 25", with the solver's help apart. */
        if (ge->nlevels > 0 && ge->helped)
            snprintf(notes[i], sizeof notes[i], "%d of %d (+%d helped)", ge->own, ge->nlevels, ge->helped);
        else if (ge->nlevels > 0) snprintf(notes[i], sizeof notes[i], "%d of %d", ge->own, ge->nlevels);
        else notes[i][0] = '\0';
        items[i] = (view_menu_item){ .label = ge->name, .note = notes[i], .detail = ge->description };
    }
    view_menu mn = { "Tessera", items, a->ngames, a->sel, a->scroll, NULL, NULL };
    view_draw_menu_items(&a->dr, &mn);
    if (a->note[0]) view_draw_status(&a->dr, a->note);
    else view_draw_status(&a->dr, "Enter: play   Esc: quit   F1: help");
}

void app_draw(app *a)
{
    switch (a->scr) {
    case SCREEN_PLAY: draw_play(a); break;
    case SCREEN_LEVELS: draw_levels(a); break;
    case SCREEN_GAMES: draw_games(a); break;
    }
    if (a->help) draw_help(a);
}

/* ===== time: hints, solves, playback, deadlock marks ===================================== */

/* A hint in a game with its own actions: the first action of a solution, its cell marked. */
static void hint_action(app *a, const char *solution)
{
    session *s = &a->s;
    action act;
    if (action_read(s->st.rules, s->st.g, solution, &act, NULL, 0) < 0) return;
    const char *name = s->st.rules->action[act.id].name;
    char where[64] = "", way[32] = "";
    if (act.cell >= 0) snprintf(where, sizeof where, " at %d,%d", act.cell % s->st.g->w + 1, act.cell / s->st.g->w + 1);
    if (act.dir >= 0) snprintf(way, sizeof way, " %s", grid_dir_name(s->st.g->topo, act.dir));
    session_note(s, "Hint: %s%s%s", name, where, way);
    a->hint_cell = act.cell;
    a->hint_position = s->st.hash;
}

static void take_result(app *a)
{
    session *s = &a->s;
    task *t = &a->work;
    solve_result *r = &t->res;
    bool current = t->position == s->st.hash && t->moves_at_start == s->st.moves;
    if (!current) {
        task_finish(t);
        return;
    }
    if (r->status == SOLVE_SOLVED && r->solution && r->solution[0]) {
        if (t->purpose == TASK_HINT && session_has_actions(s)) {
            hint_action(a, r->solution);
        } else if (t->purpose == TASK_HINT) {
            /* A leading digit: the move is another player's (levels with several). */
            int slot;
            lurd_step step = lurd_first_move(s->st.g->topo, r->solution, &slot);
            if (slot < 0 || slot >= s->st.nplayers) slot = s->st.active;
            int dir = step.dir;
            int from = session_is_sliding(s) ? s->st.blank : s->st.player[slot];
            a->hint_cell = from >= 0 ? grid_step(s->st.g, from, dir) : -1;
            if (session_is_sliding(s)) {
                /* The solution moves the gap; the player slides a tile, the other way, with
                 * the arrow of that way: name the tile and that arrow. */
                static const char *const keys[4] = { "Up", "Right", "Down", "Left" };
                int way = grid_opposite(s->st.g, dir);
                int tile = a->hint_cell >= 0 && s->st.num ? s->st.num[a->hint_cell] : 0;
                if (tile > 0 && !a->pic_numbers_off)
                    session_note(s, "Hint: slide tile %d %s (the %s key)", tile, grid_dir_name(s->st.g->topo, way), keys[way & 3]);
                else
                    session_note(s, "Hint: slide the marked tile %s (the %s key)", grid_dir_name(s->st.g->topo, way), keys[way & 3]);
            } else if (slot != s->st.active) {
                session_note(s, "Hint: player %d, %s %s", slot + 1, step.push ? "push" : "move", grid_dir_name(s->st.g->topo, dir));
            } else {
                session_note(s, "Hint: %s %s", step.push ? "push" : "move", grid_dir_name(s->st.g->topo, dir));
            }
            a->hint_position = s->st.hash;
        } else {
            free(a->autoplay);
            a->autoplay = strdup(r->solution);
            a->autoplay_pos = 0;
            a->autoplay_due = 0;
            long n = (long)(r->moves ? r->moves : r->length);
            session_note(s, "Solution: %ld move%s%s. Any key stops; Z undoes.", n, n == 1 ? "" : "s",
                         r->optimal ? " (shortest)" : "");
        }
    } else if (r->status == SOLVE_UNSOLVABLE) {
        session_note(s, "No solution from here: undo (Z) or restart (R).");
    } else if (r->status == SOLVE_TIMEOUT) {
        session_note(s, "No solution found in %.0f s.", r->seconds);
    } else {
        session_note(s, "Cannot solve this: %s", r->message);
    }
    task_finish(t);
}

static void autoplay_step(app *a)
{
    session *s = &a->s;
    /* One step: a player digit and the letter after it, a letter, or an action; the
     * solver's, not the player's (app/progress.h). */
    s->assisting = true;
    int played = session_play_next(s, a->autoplay, &a->autoplay_pos);
    s->assisting = false;
    if (played != 1 || s->solved) {
        free(a->autoplay);
        a->autoplay = NULL;
    }
}

/* Marks boxes that can no longer reach a goal, once per position (push games the C solver
 * understands; other games have no marks). */
static void update_deadlocks(app *a)
{
    session *s = &a->s;
    if (!a->have_session || !s->live || a->dead_position == s->st.hash) return;
    a->dead_position = s->st.hash;
    a->ndead = 0;
    if (solving_choose(s->game, &s->st) != SOLVER_PUSH) return;
    uint8_t *marks = realloc(a->dead, (size_t)s->st.g->ncells);
    if (!marks) return;
    a->dead = marks;
    int n = push_deadlocked_boxes(&s->st, marks);
    a->ndead = n > 0 ? n : 0;
}

void app_tick(app *a, uint64_t now_ms)
{
    uint64_t dt = a->ticked && now_ms > a->last_tick ? now_ms - a->last_tick : 0;
    a->last_tick = now_ms;
    a->ticked = true;
    if (a->scr != SCREEN_PLAY || !a->have_session) return;
    tween_advance(&a->tw, (double)dt);
    app_blink_tick(a);
    /* The position is saved now and then, so a crash loses little. */
    if (a->rp.active) {
        replay_tick(a, now_ms);
        follow(a);
    }
    if (a->saves.dirty && !a->rp.active && now_ms - a->last_save >= SAVE_EVERY_MS) {
        save_progress(a);
        a->last_save = now_ms;
    }
    if (task_ready(&a->work)) take_result(a);
    if (a->autoplay && now_ms >= a->autoplay_due && a->tw.nsteps - a->tw.head <= 1) {
        autoplay_step(a);
        a->autoplay_due = now_ms + AUTOPLAY_STEP_MS;
        follow(a);
    }
    update_deadlocks(a);
}

void app_finish_motion(app *a)
{
    follow(a);
    tween_finish(&a->tw);
}

void app_settle(app *a)
{
    if (a->work.active) {
        task_wait(&a->work);
        take_result(a);
    }
    while (a->autoplay) {
        autoplay_step(a);
        follow(a);
    }
    update_deadlocks(a);
}
