/* loop.c: the game loop. The window and the scripted --keys mode share it: both turn input
 * into app_key/app_click calls and draw a frame after each. */
#define _POSIX_C_SOURCE 200809L
#include "app/loop.h"

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/idle.h"
#include "app/padmap.h"
#include "core/keynames.h"
#include "core/textsafe.h"
#include "frontend/view.h"
#include "frontend/window.h"

enum { FRAME_MS = 16 };

static uint64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

/* Scripted play runs on its own clock: FRAME_MS per frame, whatever the machine's speed, so
 * a move in motion looks the same in every run. 0: the real clock. */
static uint64_t scripted_clock;

/* Time passes: hot reload, hints and solves, motion; the canvas follows the window's size. */
static void advance(app *a, window *win)
{
    app_reload_poll(a, now_ms());   /* hot reload: never blocks, on the real clock */
    if (scripted_clock) scripted_clock += FRAME_MS;
    app_tick(a, scripted_clock ? scripted_clock : now_ms());
    if (win) {
        int w, h;
        window_canvas_size(win, &w, &h);
        app_resize(a, w, h);
    }
}

static void draw(app *a, window *win)
{
    app_draw(a);
    if (win) window_present(win, &a->cv);
}

static void frame(app *a, window *win)
{
    advance(a, win);
    draw(a, win);
}

/* SIGHUP (the terminal the game was started from closed) quits like SIGTERM and SIGINT, which
 * SDL turns into a quit event: the position is saved and the exit is 0 (it was killed, rc
 * 129, losing the moves since the last periodic save). Scripted play with no window (no
 * display) has no SDL to catch SIGTERM and SIGINT: they quit the same way here (they killed
 * it, rc 143, its moves unsaved). A signal ignored (nohup) stays so. */
static volatile sig_atomic_t hung_up;

static void on_hangup(int sig)
{
    (void)sig;
    hung_up = 1;
}

static void catch_signal(int sig)
{
    struct sigaction sa, old;
    if (sigaction(sig, NULL, &old) != 0 || old.sa_handler == SIG_IGN) return;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_hangup;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
}

static void catch_hangup(const window *win)
{
    catch_signal(SIGHUP);
    if (!win) {
        catch_signal(SIGTERM);
        catch_signal(SIGINT);
    }
}

/* The display going away (the X server stopped, an ssh -X connection dropped) ends the
 * process inside Xlib, which prints "X connection ... broken" and calls exit(1): SDL gives no
 * event for it. The game being played is saved on the way out. */
static app *playing;

static void save_at_exit(void)
{
    if (playing) app_save(playing);
}

static void save_if_display_lost(app *a)
{
    static bool registered;
    if (!registered) registered = atexit(save_at_exit) == 0;
    playing = a;
}

/* Input that came while a search ran on this thread (see busy), handled once it is over. */
enum { HELD_MAX = 16 };
static input_event pending[HELD_MAX];
static int nheld;
static window *busy_window;

/* A search runs on the game loop's thread (the generic one: the game's Lua rules belong to
 * it) for up to 10 s: the window still answers. Its first call draws the frame that says so;
 * then a key, a click or a dropped file stops it (and is handled after, as a key stops the
 * solvers on their threads), closing the window or a signal stops it and quits, and an
 * exposed window gets its last frame again. Nothing here runs the game's rules. */
static void busy(void *ud)
{
    app *a = ud;
    window *win = busy_window;
    input_event ev;
    if (hung_up) a->quit = true;
    if (!a->work.shown) {
        a->work.shown = true;
        draw(a, win);
    }
    while (window_poll(win, &ev)) {
        switch (ev.type) {
        case INPUT_QUIT: a->quit = true; break;
        case INPUT_RESIZE: window_present(win, &a->cv); break;
        case INPUT_KEY: case INPUT_CLICK: case INPUT_WHEEL: case INPUT_DROP:
            a->work.cancel = 1;
            if (nheld < HELD_MAX) pending[nheld++] = ev;
            break;
        default: break;
        }
    }
    if (a->quit) a->work.cancel = 1;
}

/* Returns the number of events handled. */
static int pump(app *a, window *win)
{
    input_event ev;
    int n = 0, from_held = 0;
    if (hung_up) a->quit = true;
    while (win && (from_held < nheld || window_poll(win, &ev))) {
        if (from_held < nheld) ev = pending[from_held++];
        if (from_held == nheld) nheld = from_held = 0;
        n++;
        switch (ev.type) {
        case INPUT_KEY: {
            /* Ctrl combinations get their own names ("ctrl+c", "ctrl+shift+c"). */
            char name[sizeof ev.key + 16];
            snprintf(name, sizeof name, "%s%s%s", ev.mods & INPUT_MOD_CTRL ? "ctrl+" : "",
                     (ev.mods & INPUT_MOD_CTRL) && (ev.mods & INPUT_MOD_SHIFT) ? "shift+" : "", ev.key);
            if (ev.repeat && !app_key_repeats(a, name)) break; /* held: acts once (app.h) */
            app_key(a, name);
            break;
        }
        case INPUT_CLICK: app_click(a, ev.x, ev.y, ev.button); break;
        case INPUT_QUIT: a->quit = true; break;
        case INPUT_DROP:
            if (ev.button) snprintf(a->note, sizeof a->note, "Not opened: the dropped file's path is too long.");
            else app_open_file(a, ev.path);
            break;
        case INPUT_WHEEL:
            if (a->scr != SCREEN_PLAY) app_key(a, ev.wheel > 0 ? "up" : "down");
            break;
        default: break;
        }
    }
    return n;
}

/* The window's title names what is being played: "Sokoban, level 3: Side by Side - Tessera". */
static void update_title(app *a, window *win, char *shown, size_t size)
{
    char title[256];
    if (a->have_session && a->s.live && a->scr != SCREEN_GAMES) {
        const char *lt = session_level_title(&a->s);
        if (a->s.playing_shuffled) snprintf(title, sizeof title, "%s, a shuffled board - Tessera", session_game_name(&a->s));
        else snprintf(title, sizeof title, "%s, level %d%s%s - Tessera", session_game_name(&a->s), a->s.index + 1,
                      lt && lt[0] ? ": " : "", lt ? lt : "");
    } else {
        snprintf(title, sizeof title, "Tessera");
    }
    if (strcmp(title, shown) != 0) {
        window_set_title(win, title);
        snprintf(shown, size, "%s", title);
    }
}

int loop_window(app *a, window *win)
{
    char title[256] = "";
    a->realtime = true;
    uint64_t drawn = 0;
    bool have_drawn = false, was_moving = false;
    catch_hangup(win);
    save_if_display_lost(a);
    busy_window = win;
    a->busy = win ? busy : NULL;
    while (!a->quit) {
        /* Nothing moves: sleep until input comes, or the next look at the watcher and saves. */
        bool moving = app_animating(a) || window_pad_held(win);
        if (!moving && !was_moving && have_drawn) window_wait_event(win, app_idle_wait_ms(a));
        uint64_t start = window_ticks_ms();
        int events = pump(a, win);
        advance(a, win);
        update_title(a, win, title, sizeof title);
        moving = app_animating(a) || window_pad_held(win);
        uint64_t stamp = app_frame_stamp(a);
        /* Draw what changed or moves, and once more after motion stops (its last frame). */
        if (!have_drawn || events > 0 || moving || was_moving || stamp != drawn) {
            draw(a, win);
            drawn = stamp;
            have_drawn = true;
        }
        was_moving = moving;
        if (moving) {
            uint64_t spent = window_ticks_ms() - start;
            if (spent < FRAME_MS) window_wait_ms((unsigned)(FRAME_MS - spent));
        }
    }
    playing = NULL;                 /* the caller saves, closing the game */
    a->busy = NULL;
    busy_window = NULL;
    return 0;
}

/* The key names the window produces (core/keynames.h) and the pad's, accepted in --keys. */
static int key_known(const char *k)
{
    if (!strncmp(k, "pad:", 4)) return padmap_known(k);
    return keyname_known(k);
}

/* click:COL,ROW names a 0-based cell; it is clicked where it shows: the centre of where it is
 * drawn (in the iso view, a point of it no block in front hides). */
static int click_token(app *a, const char *arg, int button)
{
    int col, row;
    char tail;
    if (sscanf(arg, "%d,%d%c", &col, &row, &tail) != 2) return -1;
    if (a->scr != SCREEN_PLAY || !a->have_session) return -1;
    const grid *g = a->s.st.g;
    int cell = grid_cell(g, col, row);
    if (cell < 0) return -1;
    int x, y;
    view_layout L;
    app_layout(a, &L);
    if (view_click_point(&L, &a->s.st, cell, &x, &y) != 0) return -1;
    app_click(a, x, y, button);
    return 0;
}

static int wait_token(app *a, window *win, const char *arg)
{
    char *end;
    long ms = strtol(arg, &end, 10);
    if (end == arg || *end || ms < 0 || ms > 600000) return -1;
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    /* Keep the loop alive (events, frames) while the time passes. */
    for (;;) {
        pump(a, win);
        frame(a, win);
        clock_gettime(CLOCK_MONOTONIC, &t);
        long spent = (t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000;
        if (spent >= ms || a->quit) break;
        long left = ms - spent < FRAME_MS ? ms - spent : FRAME_MS;
        struct timespec nap = { 0, left * 1000000L };
        nanosleep(&nap, NULL);
    }
    return 0;
}

/* reloaded:N keeps the loop running until N hot reloads (good or refused) have happened in
 * all, so a test can edit files in step with the game; at most RELOADED_MAX_MS. */
enum { RELOADED_MAX_MS = 60000 };

static int reloaded_token(app *a, window *win, const char *arg)
{
    char *end;
    long n = strtol(arg, &end, 10);
    if (end == arg || *end || n < 0 || n > 100000) return -1;
    uint64_t give_up = now_ms() + RELOADED_MAX_MS;
    while (a->reload.count < n && !a->quit) {
        if (!a->reload.enabled) {
            fprintf(stderr, "tessera play: --keys: reloaded:%ld with --no-watch never ends; not waiting\n", n);
            return 0;
        }
        if (now_ms() > give_up) {
            fprintf(stderr, "tessera play: --keys: reloaded:%ld: only %d reloads after %d s; going on\n", n,
                    a->reload.count, RELOADED_MAX_MS / 1000);
            return 0;
        }
        pump(a, win);
        frame(a, win);
        struct timespec nap = { 0, FRAME_MS * 1000000L };
        nanosleep(&nap, NULL);
    }
    return 0;
}

/* frame:N draws N frames without input (a move in motion goes on for N x FRAME_MS). */
static int frame_token(app *a, window *win, const char *arg)
{
    char *end;
    long n = strtol(arg, &end, 10);
    if (end == arg || *end || n < 1 || n > 100000) return -1;
    for (long i = 0; i < n && !a->quit; i++) {
        pump(a, win);
        frame(a, win);
    }
    return 0;
}

/* clipboard:TEXT puts TEXT on the clipboard, '|' standing for a line break (as in RLE
 * levels), so a test can paste a level or moves with ctrl+v. */
static int clipboard_token(app *a, window *win, const char *arg)
{
    char *text = strdup(arg);
    if (!text) return -1;
    for (char *c = text; *c; c++)
        if (*c == '|') *c = '\n';
    int rc = 0;
    if (win) rc = window_clipboard_set(win, text);
    else {
        free(a->clipboard);
        a->clipboard = text;
        text = NULL;
    }
    free(text);
    return rc;
}

/* A token as it may be shown in an error: control characters escaped (core/textsafe.h). */
static const char *shown(const char *tok)
{
    static char safe[256];
    textsafe_escape(safe, sizeof safe, tok, strlen(tok), 0);
    return safe;
}

int loop_keys(app *a, window *win, const char *seq)
{
    char *copy = strdup(seq);
    if (!copy) return -1;
    int rc = 0;
    bool held = false; /* the last token was frame:N: keep the frame it ends on */
    catch_hangup(win);
    scripted_clock = 1;
    frame(a, win);
    for (char *save = NULL, *tok = strtok_r(copy, " \t\n;", &save); tok && !a->quit;
         tok = strtok_r(NULL, " \t\n;", &save)) {
        pump(a, win);
        held = false;
        if (!strncmp(tok, "frame:", 6)) {
            if (frame_token(a, win, tok + 6) != 0) {
                fprintf(stderr, "tessera play: --keys: bad frame '%s' (frame:N, a number of frames of %d ms)\n", shown(tok), FRAME_MS);
                rc = -1;
                break;
            }
            held = true;
            continue;
        } else if (!strncmp(tok, "click:", 6) || !strncmp(tok, "rclick:", 7)) {
            bool right = tok[0] == 'r'; /* rclick: the right button (undo) */
            if (click_token(a, tok + (right ? 7 : 6), right ? 3 : 1) != 0) {
                fprintf(stderr, "tessera play: --keys: bad click '%s' (click:COL,ROW names a 0-based cell of the level)\n", shown(tok));
                rc = -1;
                break;
            }
        } else if (!strncmp(tok, "wait:", 5)) {
            if (wait_token(a, win, tok + 5) != 0) {
                fprintf(stderr, "tessera play: --keys: bad wait '%s' (wait:MS, milliseconds)\n", shown(tok));
                rc = -1;
                break;
            }
        } else if (!strncmp(tok, "clipboard:", 10)) {
            if (clipboard_token(a, win, tok + 10) != 0) {
                fprintf(stderr, "tessera play: --keys: cannot set the clipboard ('%s')\n", shown(tok));
                rc = -1;
                break;
            }
            continue;
        } else if (!strncmp(tok, "drop:", 5)) {
            /* drop:PATH drops a file on the window: a real drop event through the window's
             * queue, as the desktop would send it (the path may not hold spaces here) */
            if (!tok[5] || (win && window_push_drop(win, tok + 5) != 0)) {
                fprintf(stderr, "tessera play: --keys: bad drop '%s' (drop:PATH names a file)\n", tok);
                rc = -1;
                break;
            }
            if (win) pump(a, win);
            else app_open_file(a, tok + 5);
        } else if (!strncmp(tok, "reloaded:", 9)) {
            if (reloaded_token(a, win, tok + 9) != 0) {
                fprintf(stderr, "tessera play: --keys: bad token '%s' (reloaded:N, a count of hot reloads)\n", shown(tok));
                rc = -1;
                break;
            }
        } else if (!key_known(tok)) {
            fprintf(stderr, "tessera play: --keys: unknown key '%s'\n", shown(tok));
            rc = -1;
            break;
        } else {
            app_key(a, tok);
        }
        /* Scripted play must not depend on timing: hints, solves and playback finish here. */
        app_settle(a);
        frame(a, win);
    }
    free(copy);
    /* The screenshot shows the end of every move, unless frame:N asked for a moment in it. */
    if (!held) {
        app_finish_motion(a);
        frame(a, win);
    }
    scripted_clock = 0;
    return rc;
}
