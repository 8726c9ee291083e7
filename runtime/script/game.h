/* game.h: a game as the app sees it: the ruleset a Lua script declared, its metadata, and
 * calls into its hooks. No Lua type crosses this header.
 *
 * A game is loaded from a bundled name ("sokoban" is scripts_dir/sokoban.lua, or
 * scripts_dir/sokoban/init.lua) or from a path to a .lua file; the script returns the table
 * made by `tessera.game { ... }`, which checks every field and reports mistakes as
 * "file:line: message". Each game runs in its own sandboxed Lua state (see host.h).
 *
 * Hook calls return 0, or -1 with err filled ("file:line: message"); a failing hook changes
 * nothing in the app's control flow beyond that return: the move it follows stands.
 *
 * Undo and hooks: every input becomes one history record made here. game_step makes a move
 * of the push or sliding family with the game's hooks (can_move may refuse it first; on_move's
 * changes join the move's record); game_do_action does one of the game's own actions (its act
 * function's changes are the record; a refused action leaves nothing). Hooks change the level
 * only through the logged state primitives, so undo, redo, replay and the hash follow them.
 *
 * Levels handed to hooks are only valid during the call: a script that keeps one and uses it
 * later gets a clean Lua error, never a dangling pointer. */
#ifndef TESSERA_SCRIPT_GAME_H
#define TESSERA_SCRIPT_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/action.h"
#include "core/level.h"
#include "core/engine.h"
#include "core/error.h"
#include "core/rules.h"
#include "core/state.h"

typedef struct game game;

/* Folders of a search path (scripts_dir below) are separated by this character: user mods
 * come first, the bundled scripts/ last. A newline, not ':', which a folder's name may hold
 * (a clone in "tessera:dev"); a folder whose name holds a newline is refused (mods.c). */
#define GAME_SEARCH_SEP '\n'

/* Lets every game loaded from now on read files under dir (the user's mods folders): see the
 * sandbox in script/host.h. 0, or -1 out of memory. */
int game_allow_reading(const char *dir);
/* Where games' scripts look level files up by name (tessera.load(game, "GAME/FILE.xsb")): the
 * mods' levels/ folders, then the bundled one (GAME_SEARCH_SEP between). */
void game_set_level_path(const char *list);

/* Loads and validates a game. scripts_dir is the search path of bundled games, one folder or
 * several separated by GAME_SEARCH_SEP (may be NULL when a path is given). Returns NULL with
 * err on failure. */
game *game_load(const char *scripts_dir, const char *name_or_path, error *err);
/* Compiles and validates the script again in a fresh Lua state and swaps it in only if that
 * succeeds (the base of hot reload). Returns 0 when swapped with an identical ruleset, 1 when
 * swapped and the ruleset changed (tile ids, flags or legends: states and levels built on the
 * old rules must be rebuilt from their files), -1 with err when the new script is broken (the
 * old game keeps running). game_rules() keeps its address across reloads. */
int game_reload(game *g, error *err);
/* game_reload in steps, so the caller can check more (levels under the new rules, the
 * on_reload hook) before committing: a fresh copy of g compiled from its script now (NULL
 * with err when broken); whether two games declare identical rulesets; and a swap of two
 * games' contents, each keeping its address (swapping back undoes it). */
game *game_load_again(const game *g, error *err);
bool game_same_rules(const game *a, const game *b);
void game_swap(game *a, game *b);
void game_free(game *g);
/* The script file of name (malloc'd), or NULL with err: a path (a relative one is taken from
 * from_dir when that is given), or a bundled name looked up as DIR/NAME.lua then
 * DIR/NAME/init.lua in each folder of the search path, skipping the file `skip` (may be NULL:
 * a mod script that overrides "sokoban" and extends "sokoban" gets the next one). */
char *game_find_script(const char *search, const char *from_dir, const char *name, const char *skip, error *err);

const char *game_name(const game *g);
const char *game_path(const game *g);              /* the script file */
const ruleset *game_rules(const game *g);
const char *game_default_levels(const game *g);    /* relative to the levels dir; or NULL */
/* The game table's one-line description (shown in the menu), or NULL. */
const char *game_description(const game *g);
/* The game table's image (picture mode of sliding games) as written, or NULL. */
const char *game_image(const game *g);
/* The game's `art` field: a skin script's path relative to the script's folder, or NULL. */
const char *game_art(const game *g);
int game_help_lines(const game *g, const char ***lines);
/* The game's own keys (controls = { { key, action } ... }) as "KEY\taction" lines. */
int game_controls(const game *g, const char ***lines);
/* The board size of sliding games (size = {w, h}; 4 x 4 if not given); 0 x 0 for others
 * that declare none. */
void game_default_size(const game *g, int *w, int *h);
/* Whether the script defines a hook: "on_move", "on_solved", "on_reload", "scramble",
 * "solved" (a function, not the built-in rule), "act", "can_move", "heuristic", "candidates"
 * or "labels". */
bool game_has_hook(const game *g, const char *hook);
/* Whether hooks may change what a move does on s's level: on_move or can_move, unless the
 * game's reacts_to tiles are absent from it (s->react). */
bool game_moves_hooked(const game *g, const state *s);
/* The script and the modules it required, for hot reload to watch. */
int game_source_files(const game *g, const char *const **files);

/* A file the game's script names (its levels, art or picture), read as the script itself
 * would read it: beneath the game's sandbox roots (see core/confine.h), relative names from
 * the script's folder. A malloc'd, NUL-terminated copy (length in *len; the name as given,
 * joined to the script's folder, into path when path is not NULL), or NULL with err ("NAME:
 * outside the folders scripts may read", "no such file", "not a regular file", ...). Files
 * larger than max bytes are refused. */
char *game_read_file(const game *g, const char *name, size_t max, size_t *len, char *path, size_t size, error *err);
/* Whether game_read_file would find name (a regular file beneath the roots). */
bool game_may_read(const game *g, const char *name);
/* A file the app found for the game (path from the working folder): its levels = "..." file
 * along the search path (by_game: always beneath the game's roots, since the script named
 * it), or a level file the player or a mod's folder gave (beneath the roots when one covers
 * it, so a mod's file that leads elsewhere is refused; otherwise read as named). As
 * game_read_file otherwise. */
char *game_read_path(const game *g, const char *path, bool by_game, size_t max, size_t *len, error *err);
/* Like game_load, reading the script only beneath the mods and search-path folders (a mod's
 * file that leads elsewhere is not run): for scripts the app lists from a mod's folder. */
game *game_load_listed(const char *scripts_dir, const char *path, error *err);

/* One move of the push or sliding family in dir, with the game's hooks, as one record:
 * can_move (asked on the position before the move) may refuse it, on_move's changes join it.
 * *result is what the move did (MOVE_BLOCKED: refused or blocked, nothing recorded). Returns
 * 0, or -1 with err when a hook failed: the move is then refused too, nothing of it or of
 * the hook's changes kept (a failing can_move or on_move alike). */
int game_step(game *g, state *s, int dir, move_result *result, error *err);
/* on_move(level, move) after a successful move (see api_move); info from engine_move_info
 * (NULL: only dir, pushed and the active player's cell). dir -1 gives dir = nil. */
int game_on_move(game *g, state *s, int dir, int pushed, const move_info *info, error *err);
/* One of the game's own actions, as one record: *done is 1 when it was done, 0 when act
 * refused it, changed nothing or failed (then nothing of it is left). 0, or -1 with err when
 * act raised an error. */
int game_do_action(game *g, state *s, const action *a, int *done, error *err);
/* The built-in rule (state_solved), or the script's solved(level) function. A function that
 * raises is an error (never a solve): *solved is false then. */
int game_check_solved(game *g, state *s, bool *solved, error *err);
/* Whether name can start a game by name (play NAME, the menu): letters, digits, '_' and '-'. */
bool game_name_ok(const char *name);
/* Checks every level of set the way play starts them: a level solved at its start is an
 * error at its line ("nothing to do"), a solved or labels function that raises there an error
 * at the script's line. 0, or -1 with err. The whole sweep has GAME_CHECK_LEVELS_SECONDS of
 * CPU: the levels left when it is spent are not checked (they are when opened), and
 * *unchecked (may be NULL) says how many, the last ones of the set. */
#define GAME_CHECK_LEVELS_SECONDS 3.0
int game_check_levels(game *g, const levelset *set, int *unchecked, error *err);
/* As game_check_levels, but each level with a problem is handed to problem (its err) and the
 * sweep goes on, up to max of them (the levels after the last are then *unchecked too).
 * Returns how many were found (0: none), or -1 with err when out of memory. */
typedef void (*game_level_problem)(void *ctx, const error *err);
int game_check_levels_all(game *g, const levelset *set, int *unchecked, int max, game_level_problem problem,
                          void *ctx, error *err);
/* heuristic(level): the game's estimate of the steps left (>= 0); 0 without the hook. */
int game_heuristic(game *g, state *s, double *h, error *err);
/* candidates(level) into out (at most max): how many, or -1 with err (also when it returns
 * more than max). 0 without the hook (the caller makes its own list). */
int game_candidates(game *g, state *s, action *out, int max, error *err);
enum { GAME_LABEL_MAX = 16 };
/* labels(level): text per cell into labels (ncells entries, "" for none). 1 when the game
 * has the hook, 0 when not, -1 with err. */
int game_labels(game *g, state *s, char (*labels)[GAME_LABEL_MAX], error *err);
/* The message to show: on_solved(level)'s string, else "Level complete!" (also on error). */
int game_on_solved(game *g, state *s, char *msg, size_t size, error *err);
/* on_reload(level) after a hot reload swapped the rules in. */
int game_on_reload(game *g, state *s, error *err);
/* A w x h board (w*h numbers, 0 the blank) from the script's scramble(w, h) after
 * math.randomseed(seed), checked to be a solvable permutation; games without a scramble get
 * a built-in one (random solvable permutation, never the goal when w*h > 2). */
int game_scramble(game *g, int w, int h, int *out, uint64_t seed, error *err);

#endif
