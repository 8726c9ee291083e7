/* app.h: the game loop's model: which screen is up (game list, level list, play), the
 * session being played, and the canvas everything is drawn into. Input arrives as key names
 * and canvas-pixel clicks, from the window or from a scripted --keys sequence alike. */
#ifndef TESSERA_APP_APP_H
#define TESSERA_APP_APP_H

#include <stdbool.h>

#include "app/actions.h"
#include "app/paths.h"
#include "app/prefs.h"
#include "app/progress.h"
#include "app/reload.h"
#include "app/replay.h"
#include "app/session.h"
#include "app/task.h"
#include "frontend/canvas.h"
#include "frontend/draw.h"
#include "frontend/picture.h"
#include "frontend/sprites.h"
#include "frontend/tween.h"
#include "frontend/view.h"

typedef enum screen { SCREEN_GAMES, SCREEN_LEVELS, SCREEN_PLAY } screen;

enum { APP_MAX_GAMES = 64 };

typedef struct game_entry {
    char name[64];               /* shown in the menu */
    char description[96];        /* the game's one-line description, shown beside it */
    char arg[PATH_MAX_LEN];      /* what game_load takes */
    char file[PATH_MAX_LEN];     /* a mod's level set for that game; "" for the game's own */
    char levels[PATH_MAX_LEN];   /* the game's own level file (found along the level path) */
    int nlevels, own, helped;    /* levels in its set; solved by the player, with help */
} game_entry;

typedef struct app {
    const app_paths *paths;
    canvas cv;
    drawer dr;
    sprites sheet;
    bool have_sheet;
    char skin_name[PATH_MAX_LEN]; /* the skin sheet came from ("" before any: the default) */
    sprites art;                 /* the game's own pictures over sheet (app/game_art.h) */
    bool have_art;
    char art_key[PATH_MAX_LEN];  /* the art file art was built from or tried ("" none) */
    char art_image[PATH_MAX_LEN];      /* the picture the art's skin.lua names, once read */
    screen scr;
    game_entry games[APP_MAX_GAMES];
    int ngames;
    int sel, scroll;             /* the highlighted row of the current menu */
    session s;
    bool have_session;
    bool help;                   /* the F1 overlay is up */
    bool shuffle_asked;          /* Space was pressed on a board with moves: Space again shuffles */
    bool quit;
    char note[ERROR_TEXT_MAX + 64]; /* an error shown on the menu screens */
    task work;                   /* a hint or a solve being computed */
    void (*busy)(void *app);     /* set by the window's loop: called every 50 ms or so while a
                                    search runs on this thread (the generic one drives the
                                    game's Lua rules) so that the window answers; it may set
                                    work.cancel and quit, keeping input for after. NULL: none */
    int hint_cell;               /* highlighted by the last hint, or -1 */
    uint64_t hint_position;      /* the position the hint is for */
    char *autoplay;              /* a solution being played back, one move per step */
    int autoplay_pos;
    uint64_t autoplay_due;       /* ms clock of the next step */
    uint8_t *dead;               /* per cell: a box that can no longer reach a goal */
    int ndead;
    uint64_t dead_position;      /* the position the marks are for */
    tween tw;                    /* moves shown in motion (frontend/tween.h) */
    settings prefs;              /* the player's settings (app/prefs.h) */
    progress_store saves;        /* progress in the session's game and set (app/progress.h) */
    bool restore_position;       /* app_play without a level brings back the saved position */
    bool no_saves;               /* never read or write saved progress (tessera render) */
    replay rp;                   /* a solution being watched (app/replay.h) */
    uint64_t last_save;          /* ms clock of the last save of the position */
    uint64_t last_tick;          /* ms clock of the last app_tick */
    uint64_t solved_at;          /* last_tick when the solved level's burst began (0: none) */
    uint64_t blink_hash, blink_since; /* the position the colour blink began on, and when (idle.c) */
    bool ticked;
    struct window *win;          /* the window shown, or NULL (headless) */
    char *clipboard;             /* the clipboard when there is no window */
    struct audio *audio;         /* sound effects, or NULL (silent) */
    bool muted;
    int last_sound;              /* sound_id of the last effect played (also when silent) */
    bool realtime;               /* a window on a running clock (not --keys or render): the
                                    colour game's crates on their goals blink */
    view_kind view;              /* flat or iso (V toggles; hex games stay flat) */
    struct iso_art *iso;         /* the iso view's blocks, made once per tile size */
    reload_state reload;         /* hot reload: the watcher and the last errors */
    picture pic;                 /* sliding puzzles' picture mode (app/picture_mode.h) */
    bool have_pic;
    char pic_tried[PATH_MAX_LEN]; /* the picture file loaded or tried last ("" none) */
    char image_arg[PATH_MAX_LEN]; /* --image, over the game's own picture; "" none */
    bool pic_numbers_off;        /* T hid the tiles' numbers */
    action_ui aui;               /* games with their own actions: cursor, labels (app/actions.h) */
} app;

/* Prepares the canvas (w x h) and sprites; 0 or -1 with err. */
int app_init(app *a, const app_paths *p, int w, int h, error *err);
void app_free(app *a);
/* Saves the position and progress now (what app_free and the periodic save do); a failure is
 * said on stderr and the status line. */
void app_save(app *a);
int app_resize(app *a, int w, int h);
/* Lists the games for the menu: the bundled ones and what mods add (their games, tagged
 * "[mod NAME]", and their level sets for any game, one entry each). */
void app_scan_games(app *a);
/* Opens a game and goes to its play screen. */
int app_play(app *a, const char *game, const char *file, int level, error *err);

/* Opens a level file (or a .lua game) dropped on the window: for the game being played when
 * it reads the file, else for a fitting one (app/open_file.c). Errors go on screen. */
void app_open_file(app *a, const char *path);

void app_key(app *a, const char *key);
/* Whether a key held down (the keyboard's auto-repeat) acts again: on the board moves, undo
 * and redo, a replay's steps, the speed; in the menus only what moves the selection. A key
 * that confirms, opens, leaves, pauses or makes something new (Return, Space, Esc, N, P, a
 * game's own keys, F11, F12, Ctrl+V; Right and Left in a menu) acts once a press: Space held
 * to open a sliding level went on to shuffle it, its moves lost, and Esc held walked out of
 * the game. */
bool app_key_repeats(const app *a, const char *key);
void app_click(app *a, int x, int y, int button);
void app_draw(app *a);
/* Time passes: collects finished hints and solves, plays the next step of a solution being
 * played back. now_ms is a monotonic clock. */
void app_tick(app *a, uint64_t now_ms);
/* Stops a hint, solve or playback in progress. */
void app_stop_work(app *a);
/* Finishes pending work at once (scripted play: results must not depend on timing). Moves
 * being shown in motion keep going: they depend only on the clock given to app_tick. */
void app_settle(app *a);
/* Shows every move in motion at its end at once. */
void app_finish_motion(app *a);

/* The panel shown over a level just solved: what was done and where to go on. */
typedef struct solved_panel {
    const char *lines[5];
    int n;
    char stats[96], where[160], next[160];
} solved_panel;
/* Fills p and returns true while the panel is up (a solve not yet acknowledged). */
bool app_solved_panel(app *a, solved_panel *p);

/* The cell under canvas pixel (x, y) on the play screen, or -1. */
int app_cell_at(const app *a, int x, int y);
/* Where the level being played is drawn on the canvas (the current view). */
void app_layout(const app *a, view_layout *L);
/* Switches the view; -1 with a message in err when the game's grid cannot be drawn so. */
int app_set_view(app *a, view_kind v, error *err);

#endif
