/* engine.h: the move rules of the push family (walk, push, chains, pull, ice, holes, colours,
 * several players) and of sliding-tile puzzles, all driven by the ruleset's tile flags. */
#ifndef TESSERA_CORE_ENGINE_H
#define TESSERA_CORE_ENGINE_H

#include "core/state.h"

typedef enum move_result { MOVE_BLOCKED = 0, MOVE_WALK = 1, MOVE_PUSH = 2 } move_result;

/* What one move did, for the game's hooks: where the mover went (on ice, where it stopped)
 * and, when it pushed or pulled, where the box next to it went (a box that fell into a hole
 * ends on the hole's cell). -1 for what did not happen. Sliding rules: the blank's cells,
 * and the tile's (box_from, box_to). */
typedef struct move_info {
    int from, to;
    int box_from, box_to;
    int player;                 /* the slot that moved (push rules), else -1 */
} move_info;

/* Moves the active player (push rules) or the blank (sliding rules) one step in dir and
 * records it. Returns MOVE_BLOCKED (nothing changed), MOVE_WALK or MOVE_PUSH. Games with
 * their own actions (RULES_ACTIONS) have no such moves: always MOVE_BLOCKED. */
move_result engine_move(state *s, int dir);
/* engine_move, telling what moved in *info (may be NULL). */
move_result engine_move_info(state *s, int dir, move_info *info);
/* Sliding: slides the tile at cell toward the blank when they share a row or column (with
 * the tiles between). Returns how many tiles moved (0 if not in line). One undo record. */
int engine_slide_cell(state *s, int cell);
/* Makes player slot the active one; returns 0, or -1 if there is no such player. */
int engine_select_player(state *s, int slot);

/* Where the active player standing at `at` ends up walking one step in dir without moving a
 * box: past the first cell it keeps sliding while on ice. -1 when that step is blocked or
 * would push a box (or, under the pull rule, pull the box behind it). `self` is the cell the
 * player really stands on, counted as free (path searches move the player in thought). */
int engine_walk_end(const state *s, int at, int dir, int self);

/* Whether a move in dir would push (or pull) a box, without making it. */
bool engine_would_push(const state *s, int dir);

/* Replays a solution string with plain engine moves (lurd_play: LURD letters of the
 * topology, player digits where there are several players; for push rules an upper-case
 * letter must push and a lower-case one must not). Returns the number of characters
 * played; stops at the first illegal one and writes its 0-based index to *bad (else -1). */
int engine_play_lurd(state *s, const char *lurd, int *bad);

#endif
