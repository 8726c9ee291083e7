/* save_format.h: the text formats of the player's saved data, parsed and written without any
 * other part of Tessera (no levels, no Lua), so a fuzzer can reach the parser alone.
 *
 * Progress, one file per game and level set (README "Saved games" describes it):
 *
 *     tessera-progress 1
 *     game sokoban
 *     set sokoban/tessera.xsb
 *     solved 3 1a2b3c4d 7 3 rrUULdd
 *     assisted 5 9c8d7e6f
 *     position 4 5e6f7a8b
 *     history rrU lD ! 2 rr
 *     redo ul
 *     position 2 11223344
 *     history dd
 *     redo
 *     position 7 55667788
 *     board 3x3: 4 1 3 0 2 6 7 5 8
 *     history u l
 *     redo
 *
 * `solved LEVEL FINGERPRINT MOVES PUSHES [SOLUTION]`: a level finished, with the best
 * solution found (fewest moves, then fewest pushes) in LURD. `assisted LEVEL FINGERPRINT`: a
 * level finished only with help (the solver played it, X): shown apart, never a best; a later
 * solve of the player's own replaces it. `position LEVEL FINGERPRINT`: a level left part-way,
 * then its undo history (`history`: one token per undo step, `!` a restart, `+` before a step
 * the solver made, X) and the moves
 * that redo would bring back (`redo`); in a sliding game, `board` is a board the game shuffled
 * (Space) that was played in the level's place, in the boards format of level files, the
 * history and redo being moves on it. The first `position` is the level being played when
 * the game was left; each other one a level left for another, brought back when it is
 * chosen again. The fingerprint identifies a level's start position, so progress survives a
 * level file being reordered and is dropped for a level that changed. Blank lines and `#`
 * comments are ignored; a `solved` line that does not read in full, or whose solution is not
 * MOVES moves (one a letter or an action; a digit, a player's selection, is none), is dropped
 * (cut short, say, by a crash of another program); anything else is an error naming its line
 * and column.
 *
 * Settings (settings.txt): `tessera-settings 1`, then `NAME VALUE` lines; names are
 * [a-z0-9_]+, values the rest of the line. Unknown names are kept when written back. */
#ifndef TESSERA_APP_SAVE_FORMAT_H
#define TESSERA_APP_SAVE_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/error.h"

/* Progress files: version 2 adds several positions and `assisted`, version 3 steps of the
 * solver's in `history` and `redo` (a token `+STEP`), version 4 a shuffled `board` in a
 * position; a file is written as the oldest version that holds what it holds; older files are
 * read as before. */
enum { PROGRESS_VERSION = 4, SETTINGS_VERSION = 1, PROGRESS_NAME_MAX = 1024 };

typedef struct progress_level {
    int level;                  /* 1-based */
    uint32_t fp;                /* fingerprint of the level's start position */
    long moves, pushes;         /* of the best solution */
    char *solution;             /* LURD, or NULL when not known */
} progress_level;

/* A level left part-way: its undo history and redo, as tokens. */
typedef struct progress_position {
    int level;                  /* 1-based */
    uint32_t fp;
    char *history, *redo;       /* space-separated tokens; may be NULL */
    char *board;                /* a shuffled board played in the level's place ("WxH: n n ..."), or NULL */
    bool touched;               /* set by this run (not written): scripted runs resume only these */
} progress_position;

/* A level solved only with help. */
typedef struct progress_mark {
    int level;
    uint32_t fp;
} progress_mark;

typedef struct progress {
    char game[PROGRESS_NAME_MAX];
    char set[PROGRESS_NAME_MAX];
    progress_level *solved;
    int nsolved, cap;
    progress_position *pos;     /* pos[0] is the level being played */
    int npos, pos_cap;
    progress_mark *assisted;
    int nassisted, assisted_cap;
    int ndropped;               /* `solved` lines dropped as cut short or inconsistent (not written back) */
    error dropped;              /* why the first one was, at its file:line:col */
} progress;

void progress_init(progress *p);
void progress_free(progress *p);
/* Parses a progress file's text (name for messages). 0, or -1 with err at file:line:col, or
 * -2 for a file of a later version (written by a newer Tessera: to be left alone); on error
 * *p is left empty. */
int progress_parse(progress *p, const char *name, const char *text, size_t len, error *err);
/* The file's text (malloc'd, NUL-terminated), or NULL out of memory. */
char *progress_format(const progress *p, size_t *len);

progress_level *progress_find(progress *p, int level);
/* Records a solution of level; keeps the better of it and the one known (fewer moves, then
 * fewer pushes). Returns 1 when it is the new best, 0 when not, -1 out of memory. */
int progress_record(progress *p, int level, uint32_t fp, long moves, long pushes,
                    const char *solution);
/* Takes every solved level of `other` that `p` lacks or that beats p's best, and every
 * position of a level p has none of (after p's own), so two processes saving the same file
 * lose nothing. An entry of `other` whose fingerprint is that of p's under another number is
 * taken as that level moved (and dropped), unless fp (the set's fingerprints, nfp of them;
 * NULL when unknown) says its own number is that level too: a set holding a level twice.
 * -1 out of memory. */
int progress_merge(progress *p, const progress *other, const uint32_t *fp, int nfp);
/* Sets the position of a level (history, redo and board may be NULL; board: a shuffled
 * board played in its place) and makes it the one being played (first). -1 out of memory. */
int progress_set_position(progress *p, int level, uint32_t fp, const char *history,
                          const char *redo, const char *board);
/* The saved position of level, or NULL. */
progress_position *progress_find_position(progress *p, int level);
/* Forgets the position of level (nothing when there is none). */
void progress_drop_position(progress *p, int level);
/* The level solved with help, or NULL. */
progress_mark *progress_find_assisted(progress *p, int level);
/* Marks level as solved with help; nothing when the player has solved it (same fingerprint).
 * A solve of the player's own (progress_record) removes the mark. -1 out of memory. */
int progress_mark_assisted(progress *p, int level, uint32_t fp);

/* Is s a valid history token list (tokens of [A-Za-z0-9(),_-], maybe after a '+', or "!", one
 * space apart)? */
bool progress_tokens_valid(const char *s);

typedef struct settings_entry {
    char name[32];
    char value[128];
} settings_entry;

enum { SETTINGS_MAX = 64 };

typedef struct settings {
    settings_entry e[SETTINGS_MAX];
    int n;
    bool newer;                   /* read from a newer Tessera's file: never written over */
    bool unread;                  /* a file there that could not be read: never written over */
} settings;

void settings_init(settings *st);
int settings_parse(settings *st, const char *name, const char *text, size_t len, error *err);
char *settings_format(const settings *st, size_t *len);
const char *settings_get(const settings *st, const char *name); /* NULL if unset */
int settings_get_int(const settings *st, const char *name, int fallback, int min, int max);
/* 0, or -1 when the name is not [a-z0-9_]+ (at most 31) or the table is full. */
int settings_set(settings *st, const char *name, const char *value);
int settings_set_int(settings *st, const char *name, int value);

#endif
