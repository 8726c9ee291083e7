/* save_format.h: the text formats of the player's saved data, parsed and written without any
 * other part of Tessera (no levels, no Lua), so a fuzzer can reach the parser alone.
 *
 * Progress, one file per game and level set (README "Saved games" describes it):
 *
 *     tessera-progress 1
 *     game sokoban
 *     set sokoban/tessera.xsb
 *     solved 3 1a2b3c4d 25 7 rrUULdd
 *     position 4 5e6f7a8b
 *     history rrU lD ! 2 rr
 *     redo ul
 *
 * `solved LEVEL FINGERPRINT MOVES PUSHES [SOLUTION]`: a level finished, with the best
 * solution found (fewest moves, then fewest pushes) in LURD. `position LEVEL FINGERPRINT`:
 * the level being played when the game was left, then its undo history (`history`: one token
 * per undo step, `!` a restart) and the moves that redo would bring back (`redo`). The
 * fingerprint identifies a level's start position, so progress survives a level file being
 * reordered and is dropped for a level that changed. Blank lines and `#` comments are
 * ignored; anything else is an error naming its line and column.
 *
 * Settings (settings.txt): `tessera-settings 1`, then `NAME VALUE` lines; names are
 * [a-z0-9_]+, values the rest of the line. Unknown names are kept when written back. */
#ifndef TESSERA_APP_SAVE_FORMAT_H
#define TESSERA_APP_SAVE_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/error.h"

enum { PROGRESS_VERSION = 1, SETTINGS_VERSION = 1, PROGRESS_NAME_MAX = 1024 };

typedef struct progress_level {
    int level;                  /* 1-based */
    uint32_t fp;                /* fingerprint of the level's start position */
    long moves, pushes;         /* of the best solution */
    char *solution;             /* LURD, or NULL when not known */
} progress_level;

typedef struct progress {
    char game[PROGRESS_NAME_MAX];
    char set[PROGRESS_NAME_MAX];
    progress_level *solved;
    int nsolved, cap;
    bool has_position;
    int position_level;         /* 1-based */
    uint32_t position_fp;
    char *history, *redo;       /* space-separated tokens; may be NULL */
} progress;

void progress_init(progress *p);
void progress_free(progress *p);
/* Parses a progress file's text (name for messages). 0, or -1 with err at file:line:col;
 * on error *p is left empty. */
int progress_parse(progress *p, const char *name, const char *text, size_t len, error *err);
/* The file's text (malloc'd, NUL-terminated), or NULL out of memory. */
char *progress_format(const progress *p, size_t *len);

progress_level *progress_find(progress *p, int level);
/* Records a solution of level; keeps the better of it and the one known (fewer moves, then
 * fewer pushes). Returns 1 when it is the new best, 0 when not, -1 out of memory. */
int progress_record(progress *p, int level, uint32_t fp, long moves, long pushes,
                    const char *solution);
/* Takes every solved level of `other` that `p` lacks or that beats p's best (so two
 * processes saving the same file lose nothing). -1 out of memory. */
int progress_merge(progress *p, const progress *other);
/* Sets the position (history and redo may be NULL). -1 out of memory. */
int progress_set_position(progress *p, int level, uint32_t fp, const char *history,
                          const char *redo);

/* Is s a valid history token list (tokens of [A-Za-z0-9(),_-] or "!", one space apart)? */
bool progress_tokens_valid(const char *s);

typedef struct settings_entry {
    char name[32];
    char value[128];
} settings_entry;

enum { SETTINGS_MAX = 64 };

typedef struct settings {
    settings_entry e[SETTINGS_MAX];
    int n;
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
