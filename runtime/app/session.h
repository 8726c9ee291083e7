/* session.h: the mid-end. One game, one level collection, the level being played and its
 * history; every player action goes through here so the window, scripted play and tests
 * behave the same. Knows nothing of SDL or Lua (the game is reached through script/game.h). */
#ifndef TESSERA_APP_SESSION_H
#define TESSERA_APP_SESSION_H

#include <stdbool.h>
#include <stdint.h>

#include "app/paths.h"
#include "core/error.h"
#include "core/level.h"
#include "core/movelog.h"
#include "core/state.h"

struct game;
struct action;

typedef struct session {
    struct game *game;
    char game_arg[PATH_MAX_LEN];   /* the name or path the game was opened with */
    levelset levels;
    char levels_path[PATH_MAX_LEN];
    bool levels_by_game;        /* levels_path is the game's levels = "..." (read as its script may) */
    int index;                     /* 0-based level being played */
    state st;
    bool live;                     /* st is initialised */
    bool solved;                   /* the current position is solved */
    bool announced;                /* the solved message has been shown for this solve */
    char message[256];             /* the message of the last solve ("Level complete!") */
    char status[ERROR_TEXT_MAX + 64]; /* a one-line note for the HUD (errors, hints) */
    uint64_t seed;                 /* for scrambles */
    levelset shuffled;             /* a board made by the game's scramble (sliding games) */
    bool playing_shuffled;         /* st plays shuffled.levels[0] instead of levels[index] */
    movelog log;                   /* the LURD letters of st's history */
    int sound;                     /* sound_id of the actions since the app last took it */
    bool assisting;                /* moves made now are the solver's, not the player's */
    bool hook_failed;              /* a hook failed since the level (re)started: hook_error */
    error hook_error;              /* the first such failure, for commands that must say it */
    bool quiet;                    /* hook failures are kept for the caller to say, not also put
                                      on stderr (verify, check: they say each with its place) */
} session;

/* Opens game (a bundled name or a .lua path) with levels from file (NULL: the game's own),
 * at level (1-based; 0 means the first). */
int session_open(session *s, const app_paths *p, const char *game, const char *file, int level,
                 error *err);
/* The same for a command that says each hook failure itself (from hook_error): none is put
 * on stderr, from the first level's start on. */
int session_open_quiet(session *s, const app_paths *p, const char *game, const char *file, int level,
                       error *err);
void session_close(session *s);
int session_goto(session *s, int index); /* 0-based; 0 ok, -1 out of range */

/* Player actions. Each returns 1 when the position changed. */
int session_move(session *s, int dir);
int session_undo(session *s);
int session_redo(session *s);
int session_restart(session *s);
/* Click on a cell: walk there (push games), slide the tiles toward the blank (sliding), or
 * (games with their own actions) select the player there or do the click action there. */
int session_click(session *s, int cell);
/* Games with their own actions: does one as one undo step (refused: 0, nothing recorded). */
int session_act(session *s, const struct action *a);
/* The game's (first) click action at cell. */
int session_click_action(session *s, int cell);
int session_select_player(session *s, int slot);
/* Sliding games: a fresh scramble of the current board size from the game's script. */
int session_shuffle(session *s);
/* Sliding games: plays text, one board in the boards format (a shuffle kept in a save), in
 * the place of the current level, as a shuffle is. 0, or -1 with err (nothing changed). */
int session_play_board(session *s, const char *text, error *err);

/* Whether the position was reached with help: a move since the level's start or its last
 * restart was made while s->assisting (the solver playing, X). */
bool session_solve_assisted(const session *s);

const char *session_game_name(const session *s);
const char *session_level_title(const session *s);
bool session_is_sliding(const session *s);
bool session_has_actions(const session *s);   /* rules = "actions" */
/* Sets the status line (printf style). */
void session_note(session *s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Helpers shared with the other sub-commands. */
/* "hexoban" for .hsb files, "fifteen" for boards, else "sokoban". */
const char *app_guess_game(const char *level_path);
/* The game of a level file when no --game names it: the folder it sits in when that names a
 * game (levels/GAME/...), else app_guess_game. The name may be written into buf (size bytes). */
const char *app_game_of_file(const app_paths *p, const char *level_path, char *buf, size_t size);
/* A level file read by a game neither --game nor its folder named (guessed from the file by
 * app_guess_game): an error in it says so, for it may be another game's file. */
void app_note_guess(error *err, const char *gname);
/* Line and column of the first `"name"` in file (0, 0 if not found). */
void app_locate_name(const char *file, const char *name, int *line, int *col);
/* The column of the index-th move of the solution on line `line` of file (index counts
 * characters of solution.moves): moves follow the "N:" prefix, and spaces between them do not
 * count. 0 when it cannot be found. */
int app_move_column(const char *file, int line, int index);
/* The error for a game whose levels = "def" names no file: at the script's line. Returns -1. */
int app_missing_levels(const struct game *g, const char *def, error *err);
/* Reads and parses a level file for game g (see game_read_path: by_game when the game's
 * script named it). 0, or -1 with err. */
int app_read_levels(const struct game *g, const char *path, bool by_game, const ruleset *r, levelset *set,
                    error *err);
/* The same, refusing a file of more than max bytes (the menu's listing counts only small sets). */
int app_read_levels_max(const struct game *g, const char *path, bool by_game, size_t max, const ruleset *r,
                        levelset *set, error *err);
/* app_read_levels for check: every problem of the file (each malformed level, not just the
 * first) into all, which the caller frees (level_problems_free). 0, or -1 with all->count > 0
 * (or all->more). */
int app_read_levels_every(const struct game *g, const char *path, bool by_game, const ruleset *r, levelset *set,
                          level_problems *all);
/* After game_check_levels left `unchecked` levels of set unchecked (its time ran out): says so
 * on stderr, once (nothing when 0). app_unchecked_text: the words, for check's own line. */
void app_note_unchecked(const levelset *set, int unchecked);
void app_unchecked_text(const levelset *set, int unchecked, char *out, size_t size);
int app_load_levels(const app_paths *p, struct game *g, const char *file, levelset *set,
                    char *path_out, size_t path_size, error *err);


/* Plays one saved undo step (LURD letters and player digits, or "!" for a restart) as one
 * undo step; after a '+' the step is the solver's (marked RECORD_ASSISTED). 1 when all of it
 * played, 0 when some letter could not. */
int session_play_step(session *s, const char *token);

/* Replays a solution through the session (hooks included). Returns the number of letters
 * played; *bad gets the 0-based index of the first illegal letter, or -1. */
int session_play_lurd(session *s, const char *moves, int *bad);
/* The moves made since the level's start (or the last restart) as LURD, with player digits
 * on levels with several players, or as actions one space apart; malloc'd, NULL out of memory. */
char *session_lurd(const session *s);
/* The same without spaces between actions (one word: the form save files keep). */
char *session_lurd_compact(const session *s);
/* Plays the step of text that starts at *pos (a player digit with its letter, a letter, or an
 * action) and moves *pos past it: 1 played, 0 at the end, -1 refused. */
int session_play_next(session *s, const char *text, int *pos);
/* Replaces the level collection by the levels in text (the game's format; name is used in
 * messages and as the collection's path) and starts the first. On bad text returns -1 with
 * err and keeps everything as it was. */
int session_open_text(session *s, const char *name, const char *text, error *err);

/* Hot reload. The caller has taken the state (s->live false; the old position's history and
 * move log kept by the caller in old_hist and old_log) and set s->levels and s->index (or
 * s->shuffled): starts the current level afresh and plays the first old_pos records of the
 * old history again, record by record (a walk by click as one record, a restart as a
 * restart), stopping at the first step that no longer applies. Returns the number of records
 * played in full; -1 when the level cannot be started. */
int session_replay(session *s, const history *old_hist, const movelog *old_log, int32_t old_pos);
/* Runs the game's on_reload(level) hook (if any) on the position; its edits form one
 * history record. On an error in the hook its edits are taken back: 0, or -1 with err. */
int session_on_reload(session *s, error *err);
#endif
