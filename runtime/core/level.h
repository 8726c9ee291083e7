/* level.h: levels as parsed from files (immutable start positions) and level collections. */
#ifndef TESSERA_CORE_LEVEL_H
#define TESSERA_CORE_LEVEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/error.h"
#include "core/grid.h"
#include "core/rules.h"

typedef struct level_meta {
    char *key, *value;          /* "Key: value" lines written before a level or under it */
    bool under_rows;            /* the line stood straight under the level's rows */
} level_meta;

typedef struct level {
    grid g;
    uint8_t *floor;             /* tile id per cell */
    uint8_t *obj;               /* object tile id per cell, 0 = none */
    uint16_t *num;              /* sliding boards: the number per cell (0 blank); else NULL */
    char *title;                /* may be NULL */
    int line;                   /* 1-based line where the level starts in its file */
    int nmeta;
    level_meta *meta;
    ruleset *rules;             /* this level's own rules (Legend:, Chain:, Pull: lines, see
                                   level_overrides.c), owned; NULL: the game's */
} level;

typedef enum level_format { FORMAT_AUTO, FORMAT_XSB, FORMAT_NUMERIC, FORMAT_BOARDS } level_format;

typedef struct levelset {
    char *path;
    char *title;                /* the collection's own title ("Title:" before the first level
                                   with no level after it is not used); may be NULL */
    int count, cap;
    level *levels;
    size_t cells, max_cells;    /* cells of all levels so far, and the cap (0: none) */
    size_t extra, max_extra;    /* bytes the levels hold beside their cells (titles, "Key: value"
                                   lines, a level's own rules), and the cap (0: none) */
} levelset;

/* The format a file is read in: sliding rules (and action rules with a numbered tile) read
 * boards, ".csv" numeric grids, else XSB. */
level_format level_format_for(const char *path, const ruleset *r);

/* Parses text (len bytes) into set; name is used in error messages. On failure returns -1,
 * fills err with file:line:col and leaves set empty. */
int levelset_parse(levelset *set, const char *name, const char *text, size_t len,
                   level_format fmt, const ruleset *r, error *err);
/* The cells a collection may have in all, whoever reads it: run-length rows ("1024#") let a
 * file of 2.4 MB hold 300 levels of 1024 x 1024 (5.6 GB and 15 s of CPU to open, and a 64 MiB
 * file far more than any memory). 16 M cells take about 300 MB. */
#define LEVELSET_MAX_CELLS ((size_t)16 << 20)
/* The levels a collection may have, whoever reads it: each costs about 500 bytes beyond its
 * cells (its neighbour table, its arrays, its entry in the level list), so a 19 MB file of a
 * million levels of 3 x 5, well inside the cells' cap, took 495 MB and 1.3 s to open. 100,000
 * levels take about 50 MB; the largest published collections hold a few thousand a file. */
enum { LEVELSET_MAX_LEVELS = 100000 };
/* The bytes a collection's levels may hold beside their cells, whoever reads it: their titles,
 * "Key: value" lines and own rules (LEVELSET_EXTRA_* below). Each of these costs far more than
 * its text: a "Chain: 2" line makes a level's own rules (13 KB), so a 3 MB file of 100,000
 * such levels took 1.3 GB to open, and a "a:" line is two allocations (35 times its bytes). */
#define LEVELSET_MAX_EXTRA ((size_t)128 << 20)
/* What each counts in levelset.extra: its bytes and these. */
enum { LEVELSET_EXTRA_META = 64, LEVELSET_EXTRA_TITLE = 32 };
/* The same, refusing collections of more than max_cells cells in all (0: LEVELSET_MAX_CELLS,
 * as is any cap above it) before allocating them: "the levels are too large ...", of more
 * than LEVELSET_MAX_LEVELS levels: "too many levels ...", and whose levels hold more than
 * max_extra bytes beside their cells (0: LEVELSET_MAX_EXTRA, as is any cap above it): "the
 * levels' titles, 'Key: value' lines and own rules take more than N bytes", at the line that
 * went over. */
int levelset_parse_capped(levelset *set, const char *name, const char *text, size_t len, level_format fmt,
                          const ruleset *r, size_t max_cells, size_t max_extra, error *err);
/* The bytes a parse of text allocates for its duration beside what the set keeps (a table of
 * its lines, 16 bytes a line: 480 MB for 30 MB of newlines), for a caller that must hold them
 * in a memory budget first. */
size_t levelset_parse_scratch(const char *text, size_t len);
/* The problems of a level file as `tessera check` wants them: every malformed level, not just
 * the first. At most LEVEL_PROBLEMS_MAX are kept (a file of 64 MiB could hold millions);
 * more says that the reading stopped there. */
enum { LEVEL_PROBLEMS_MAX = 100 };
typedef struct level_problems {
    error *v;                   /* count problems, in the order of their lines */
    int count;
    bool more;                  /* there were more than LEVEL_PROBLEMS_MAX */
} level_problems;

/* levelset_parse that reads on past a malformed level: each problem goes to out and the parser
 * goes on at the next level (XSB: after the level's rows and the lines under it; numeric: after
 * its block; boards: the next line), so that a level's mistake is not blamed on the next. Then
 * every level read is validated. Returns 0 with set as levelset_parse gives it when there was
 * no problem, else -1 with set empty; levelset_parse fails exactly when this does, and its
 * error is one of out's. out is freed by level_problems_free. */
int levelset_parse_every(levelset *set, const char *name, const char *text, size_t len, level_format fmt,
                         const ruleset *r, level_problems *out);
/* Keeps err in p (unless it is full: then p->more, and -1). */
int level_problems_add(level_problems *p, const error *err);
void level_problems_free(level_problems *p);
/* Reads and parses a file. */
int levelset_load(levelset *set, const char *path, const ruleset *r, error *err);
void levelset_free(levelset *set);

/* Checks what a level must satisfy to be played: a player (push rules), no more boxes than
 * goals; for boards, a permutation of 0..W*H-1. */
int level_validate(const level *lv, const ruleset *r, const char *file, error *err);
const char *level_meta_get(const level *lv, const char *key); /* NULL if absent */
/* The rules the level is played with: its own (per-level overrides) or the game's r. */
const ruleset *level_rules(const level *lv, const ruleset *r);
void level_free(level *lv);

/* Writes the level's rows as XSB text using the ruleset's glyphs (malloc'd string): the
 * position alone (tostring(level)); a board is its boards line. */
char *level_to_xsb(const level *lv, const ruleset *r);
/* The level as a level file holds it (malloc'd, NULL out of memory): every "Key: value" line
 * it was read with (Title:, Legend:, Chain:, a script's own keys), in their order, those that
 * stood under its rows under them and the others above, so that it reads back with the same
 * keys, title and rules; a title read from a comment or a quoted line is written as a Title:
 * line first. A board is its boards line with the title as its comment. Every export and copy
 * of a level writes this. */
char *level_to_file_text(const level *lv, const ruleset *r);

#endif
