/* action.h: one action of a game that defines its own (rules = "actions"), and its text.
 *
 * An action names one of the game's declared actions and what it applies to: a cell (the
 * one clicked, the keyboard cursor's, or the player's that moves), a direction, and a number
 * for actions that take one (a level editor painting tile N, say). Nothing else: whatever the
 * game's Lua function does with it is recorded as changes of the state, so undo, replay and
 * the search need nothing more. A piece spanning several cells is addressed by any of its
 * cells, so the same record serves pieces that move as one.
 *
 * Text: NAME(ARGS), ARGS a comma-separated list of what the action takes, in this order:
 * the cell as X,Y (1-based column and row, as level:cell(x, y) counts), the direction as the
 * topology's letter (u r d l; hex d c z a q e) or its name, then the number. Examples:
 * press(3,2)  slide(2,5,r)  rotate()  paint(4,1,7). A token ends at its ')', so tokens may
 * be written together or apart: "press(1,1) press(2,3)" and "press(1,1)press(2,3)" are the
 * same two actions. */
#ifndef TESSERA_CORE_ACTION_H
#define TESSERA_CORE_ACTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/grid.h"
#include "core/rules.h"

typedef struct action {
    int16_t id;                 /* index into the ruleset's actions */
    int8_t dir;                 /* -1: none */
    bool has_value;
    int32_t cell;               /* 0-based; -1: none */
    int32_t value;
} action;

enum { ACTION_TEXT_MAX = ACTION_NAME_MAX + 48 };

/* An action with nothing given but its id. */
action action_make(int id);

/* Reads the token at text[0..]: leading white space is skipped. Returns the number of
 * characters read (the white space included), or -1 with why (one sentence, into why[size])
 * when the text there is not an action of r on a grid like g. */
int action_read(const ruleset *r, const grid *g, const char *text, action *out, char *why, size_t size);
/* Whether action id can only be made by a click (no keys, no directions): it always has a
 * cell, and a text or table without one is refused. */
bool action_needs_cell(const ruleset *r, int id);
/* Whether action id takes a direction (declared with dirs = true). Only such an action is
 * made by the arrows, so a direction given to another, in a solution or by a script, is
 * refused: it would reach act as a step no player could make. */
bool action_takes_dir(const ruleset *r, int id);
/* Writes a as text (NUL-terminated) into buf; returns its length. */
int action_write(const ruleset *r, const grid *g, const action *a, char *buf, size_t size);

/* Reads text as a list of actions (white space between them ignored): a malloc'd copy with
 * the tokens written one after another in the canonical form, or NULL when any part of text
 * is not an action or it holds none. */
char *actions_from_text(const ruleset *r, const grid *g, const char *text);
/* The canonical text with one space between tokens (malloc'd), for people to read. */
char *actions_spaced(const char *text);
/* How many actions text holds (it must be valid). */
int actions_count(const char *text);

#endif
