/* level_build.h: helpers shared by the level parsers (internal to core). */
#ifndef TESSERA_CORE_LEVEL_BUILD_H
#define TESSERA_CORE_LEVEL_BUILD_H

#include <stddef.h>

#include "core/level.h"

/* One input line: text[0..len) without its line ending, 1-based number. */
typedef struct text_line {
    const char *text;
    int len, number;
} text_line;

/* Splits text into lines (LF or CRLF); the array is malloc'd, NULL with err on failure. */
text_line *split_lines(const char *name, const char *text, size_t len, int *count, error *err);

char *dup_string(const char *s, size_t n);
int strcasecmp_ascii(const char *a, const char *b);
int is_blank_line(const text_line *l);

/* Appends a zeroed level with a w x h grid (and a number layer if numbered) to set; returns it
 * or NULL when out of memory / too large. */
level *levelset_append(levelset *set, topology topo, int w, int h, int numbered);
/* Why levelset_append gave NULL, into err at name:line (-1): the set's cap on cells
 * ("the levels are too large ...") or "out of memory". */
int levelset_append_error(const levelset *set, const char *name, int line, error *err);
/* Adds a "Key: value" pair (value copied, trimmed) to level lv of set, counted in set->extra;
 * -1 when out of memory or over set->max_extra (levelset_extra_error says which). */
int level_add_meta(levelset *set, level *lv, const char *key, int keylen, const char *value, int vallen);
/* Sets lv's title (trimmed), counted in set->extra; -1 as level_add_meta. */
int level_set_title(levelset *set, level *lv, const char *title, int len);
/* Counts bytes more in set->extra; -1 when that goes over set->max_extra. */
int levelset_add_extra(levelset *set, size_t bytes);
/* Why level_add_meta, level_set_title or levelset_add_extra gave -1, into err at name:line
 * (-1): the set's cap on extra bytes or "out of memory". */
int levelset_extra_error(const levelset *set, const char *name, int line, error *err);

/* A "Key: value" line: returns 1 and the parts, else 0. */
int parse_meta_line(const text_line *l, int *keylen, const char **value, int *vallen);

/* Applies a per-level override line (Legend:, Chain:, Pull:; see level_overrides.c) to
 * *rules, copied from base on first need. before_rows: the line comes before the level's rows
 * (Legend must). Returns 1 when applied, 0 when the key is not an override, -1 with err
 * (file:line:col of the faulty part). */
int level_override_apply(ruleset **rules, const ruleset *base, const char *name, const text_line *l, int keylen,
                         const char *value, int vallen, int before_rows, error *err);

/* Marks as void the empty floor outside the walls (open regions joined to the grid edge). */
void level_mark_outside(level *lv, const ruleset *r);

/* A problem (in err) with the level that started at set->levels[before] (or would have):
 * without all the parse ends there (-1); with all it is kept, the level dropped if it was
 * appended (its cells are half read), and the parser goes on at the next level (0), unless
 * all is full (-1). */
int level_problem(levelset *set, int before, level_problems *all, const error *err);

/* The parsers; all: NULL to stop at the first problem, else where each goes (see
 * levelset_parse_every). */
int parse_xsb(levelset *set, const char *name, const char *text, size_t len, const ruleset *r, level_problems *all,
              error *err);
int parse_numeric(levelset *set, const char *name, const char *text, size_t len, const ruleset *r,
                  level_problems *all, error *err);
int parse_boards(levelset *set, const char *name, const char *text, size_t len, const ruleset *r,
                 level_problems *all, error *err);

#endif
