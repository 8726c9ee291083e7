/* lurd.h: reading LURD move strings, one character a step: a direction letter of the
 * topology (upper case when the step pushes a box) or a digit 1-9 that makes a player the one
 * the letters after it move. lurd_play replays a string through the caller's own moves (plain
 * engine, session, scripted hooks), so every replay reads the format and judges a step alike. */
#ifndef TESSERA_CORE_LURD_H
#define TESSERA_CORE_LURD_H

#include <stdbool.h>

#include "core/grid.h"
#include "core/state.h"

typedef enum lurd_kind {
    LURD_END,                   /* the string's terminating '\0' */
    LURD_MOVE,                  /* a direction letter */
    LURD_PLAYER,                /* a player digit */
    LURD_BAD                    /* anything else */
} lurd_kind;

typedef struct lurd_step {
    lurd_kind kind;
    int dir;                    /* LURD_MOVE: the direction; otherwise -1 */
    bool push;                  /* LURD_MOVE: upper case, the move must push (or pull) a box */
    int slot;                   /* LURD_PLAYER: the 0-based slot (digit 1 is slot 0); otherwise -1 */
} lurd_step;

/* What c is as a step of a LURD string on the topology's grid. */
lurd_step lurd_read(topology topo, char c);

/* The first move of a LURD string (a hint): its step, and in *slot the player a leading digit
 * names (0-based), else -1. A string that starts with no move gives a step of another kind. */
lurd_step lurd_first_move(topology topo, const char *lurd, int *slot);

struct action;

/* How lurd_play carries out the steps: each returns 0, or -1 to refuse the step (nothing
 * done, or the caller's own reason to stop, kept in ctx). */
typedef struct lurd_actions {
    int (*select)(void *ctx, int slot);   /* make player slot the one that moves */
    int (*move)(void *ctx, int dir);      /* move one step in dir */
    void *ctx;
    /* Games with their own actions (RULES_ACTIONS): do one; NULL refuses every action. */
    int (*act)(void *ctx, const struct action *a);
} lurd_actions;

/* Replays a solution from s's current position through act, s being the state the actions
 * change. Push and sliding rules: LURD letters; a digit is a step only under push rules
 * (sliding has no players); under push rules a letter's case must match whether the move
 * would push, judged on s before act->move is called, so a letter refused that way changes
 * nothing (not even the redo list). Games with their own actions: action tokens (see
 * core/action.h), and nothing else. White space between steps is skipped. Stops at the
 * first step that is not of the game's notation, not allowed or refused. Returns the number
 * of characters played; *bad gets the 0-based index of the character it stopped at, else -1. */
int lurd_play(const state *s, const char *lurd, const lurd_actions *act, int *bad);

/* The end of the step that starts at text[pos] (white space before it skipped): past a player
 * digit and its letter, one letter, or one action token. pos itself when nothing is there. */
int lurd_step_end(const state *s, const char *text, int pos);

/* The number (1-based) of the move that text[at] is or comes before: letters are counted,
 * player digits and white space not; for games with actions, the action tokens. */
int lurd_move_number(const state *s, const char *text, int at);

/* The step lurd_play stopped at (text[bad]) in words, for messages: "move 3 ('u') cannot be
 * made there" (moves numbered as lurd_move_number does), with why where it is one of: "there
 * is no player 3 (this level has 2)", a letter that is no move of the board (the moves listed),
 * a walk's letter for a step that pushes or the other way round; for games with actions "action 2 (press(9,9)) cannot be made there" when the
 * token reads, else "action 2: WHY" (why it is not an action of the game). Returns what
 * snprintf does. */
int lurd_describe_bad(const state *s, const char *text, int bad, char *buf, size_t size);

#endif
