/* level.c: level and collection lifetime, validation, metadata and XSB output. The parsers
 * for each file format live in parse_xsb.c, parse_numeric.c and parse_boards.c. */
#include "core/level.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/level_build.h"
#include "core/sliding.h"
#include "core/state.h"
#include "core/textfile.h"

void level_free(level *lv)
{
    grid_free(&lv->g);
    free(lv->floor);
    free(lv->obj);
    free(lv->num);
    free(lv->title);
    for (int i = 0; i < lv->nmeta; i++) {
        free(lv->meta[i].key);
        free(lv->meta[i].value);
    }
    free(lv->meta);
    free(lv->rules);
    memset(lv, 0, sizeof *lv);
}

void levelset_free(levelset *set)
{
    for (int i = 0; i < set->count; i++) level_free(&set->levels[i]);
    free(set->levels);
    free(set->path);
    free(set->title);
    memset(set, 0, sizeof *set);
}

const ruleset *level_rules(const level *lv, const ruleset *r) { return lv->rules ? lv->rules : r; }

const char *level_meta_get(const level *lv, const char *key)
{
    for (int i = 0; i < lv->nmeta; i++)
        if (strcasecmp_ascii(lv->meta[i].key, key) == 0) return lv->meta[i].value;
    return NULL;
}

level_format level_format_for(const char *path, const ruleset *r)
{
    /* Numbered boards: sliding games, and games with actions that have a numbered tile. */
    if (r->kind == RULES_SLIDING || (r->kind == RULES_ACTIONS && r->tile_id)) return FORMAT_BOARDS;
    size_t n = strlen(path);
    if (n >= 4 && strcasecmp_ascii(path + n - 4, ".csv") == 0) return FORMAT_NUMERIC;
    return FORMAT_XSB;
}

int levelset_parse(levelset *set, const char *name, const char *text, size_t len,
                   level_format fmt, const ruleset *r, error *err)
{
    return levelset_parse_capped(set, name, text, len, fmt, r, 0, 0, err);
}

/* The parse of levelset_parse_capped, and with all of levelset_parse_every: then a problem
 * does not end it, and each goes to all. */
static int parse_set(levelset *set, const char *name, const char *text, size_t len, level_format fmt,
                     const ruleset *r, size_t max_cells, size_t max_extra, level_problems *all, error *err)
{
    memset(set, 0, sizeof *set);
    set->max_cells = max_cells && max_cells < LEVELSET_MAX_CELLS ? max_cells : LEVELSET_MAX_CELLS;
    set->max_extra = max_extra && max_extra < LEVELSET_MAX_EXTRA ? max_extra : LEVELSET_MAX_EXTRA;
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) text += 3, len -= 3;   /* a UTF-8 byte order mark */
    if (fmt == FORMAT_AUTO) fmt = level_format_for(name, r);
    set->path = dup_string(name, strlen(name));
    if (!set->path) return error_set(err, name, 0, 0, "out of memory");
    if (memchr(text, '\0', len))
        return levelset_free(set), error_set(err, name, 0, 0, "not a text file (contains NUL bytes)");
    int rc;
    switch (fmt) {
    case FORMAT_NUMERIC: rc = parse_numeric(set, name, text, len, r, all, err); break;
    case FORMAT_BOARDS: rc = parse_boards(set, name, text, len, r, all, err); break;
    default: rc = parse_xsb(set, name, text, len, r, all, err); break;
    }
    if (rc != 0 && set->cells > set->max_cells)
        error_set(err, name, 0, 0, "the levels are too large: more than %zu cells in all", set->max_cells);
    else if (rc != 0 && set->count >= LEVELSET_MAX_LEVELS)
        error_set(err, name, 0, 0, "too many levels: a file may hold at most %d", LEVELSET_MAX_LEVELS);
    if (all) {
        /* The parse stops early only when all is full or out of memory: that problem too. */
        if (rc != 0) level_problems_add(all, err);
        if (rc == 0 && set->count == 0 && all->count == 0) {
            error_set(err, name, 0, 0, "no levels found");
            level_problems_add(all, err);
        }
        for (int i = 0; i < set->count; i++)
            if (level_validate(&set->levels[i], level_rules(&set->levels[i], r), name, err) != 0)
                level_problems_add(all, err);
        if (all->count || all->more) rc = -1;      /* more alone: out of memory for the list */
    } else {
        if (rc == 0 && set->count == 0)
            rc = error_set(err, name, 0, 0, "no levels found");
        for (int i = 0; rc == 0 && i < set->count; i++)
            rc = level_validate(&set->levels[i], level_rules(&set->levels[i], r), name, err);
    }
    if (rc != 0) levelset_free(set);
    return rc;
}

int levelset_parse_capped(levelset *set, const char *name, const char *text, size_t len, level_format fmt,
                          const ruleset *r, size_t max_cells, size_t max_extra, error *err)
{
    return parse_set(set, name, text, len, fmt, r, max_cells, max_extra, NULL, err);
}

size_t levelset_parse_scratch(const char *text, size_t len)
{
    size_t lines = 1;
    for (const char *p = text, *end = text + len; (p = memchr(p, '\n', (size_t)(end - p))); p++) lines++;
    return lines * sizeof(text_line);
}

int levelset_parse_every(levelset *set, const char *name, const char *text, size_t len, level_format fmt,
                         const ruleset *r, level_problems *out)
{
    memset(out, 0, sizeof *out);
    error err;
    if (parse_set(set, name, text, len, fmt, r, 0, 0, out, &err) == 0) return 0;
    if (out->count == 0) level_problems_add(out, &err);      /* one before the parse (NUL bytes) */
    /* In file order: the levels' own problems (no player, ...) were found after the parse. */
    for (int i = 1; i < out->count; i++)
        for (int j = i; j > 0 && out->v[j - 1].line > out->v[j].line; j--) {
            error t = out->v[j];
            out->v[j] = out->v[j - 1];
            out->v[j - 1] = t;
        }
    return -1;
}

void level_problems_free(level_problems *p)
{
    free(p->v);
    memset(p, 0, sizeof *p);
}

int levelset_load(levelset *set, const char *path, const ruleset *r, error *err)
{
    size_t len;
    memset(set, 0, sizeof *set);
    char *text = textfile_read(path, &len, err);
    if (!text) return -1;
    int rc = levelset_parse(set, path, text, len, FORMAT_AUTO, r, err);
    free(text);
    return rc;
}

static int validate_board(const level *lv, const char *file, error *err)
{
    int n = lv->g.ncells;
    int *t = malloc(sizeof *t * (size_t)n);
    if (!t) return error_set(err, file, lv->line, 1, "out of memory");
    for (int i = 0; i < n; i++) t[i] = lv->num[i];
    bool ok = sliding_is_permutation(t, n);
    free(t);
    if (!ok)
        return error_set(err, file, lv->line, 1,
                         "board must hold each number 0..%d exactly once", n - 1);
    return 0;
}

int level_validate(const level *lv, const ruleset *r, const char *file, error *err)
{
    if (lv->num) return validate_board(lv, file, err);
    int players = 0, boxes = 0, goals = 0, holes = 0, extra_player = -1;
    for (int c = 0; c < lv->g.ncells; c++) {
        uint32_t ff = rules_flags(r, lv->floor[c]), of = rules_flags(r, lv->obj[c]);
        if ((of & TILE_PLAYER) && ++players == state_player_limit(r) + 1) extra_player = c;
        if (of & TILE_PUSHABLE) boxes++;
        if (ff & TILE_GOAL) goals++;
        if (ff & TILE_HOLE) holes++;
        if (lv->obj[c] && (ff & (TILE_SOLID | TILE_VOID)))
            return error_set(err, file, lv->line + c / lv->g.w, c % lv->g.w + 1,
                             "%s stands inside %s", r->tile[lv->obj[c]].name,
                             r->tile[lv->floor[c]].name);
    }
    if (r->kind == RULES_PUSH && players == 0)
        return error_set(err, file, lv->line, 1, "level has no player");
    if (players > state_player_limit(r)) {
        /* The first player past the limit, where the file writes it (hex rows: every other
         * column). */
        int w = lv->g.w, x = extra_player % w, y = extra_player / w;
        int col = lv->g.topo == TOPO_HEX ? 2 * x + (y & 1) + 1 : x + 1;
        if (r->kind == RULES_ACTIONS)
            return error_set(err, file, lv->line + y, col, "level has %d pieces that can be selected; at most %d",
                             players, STATE_MAX_PLAYERS);
        return error_set(err, file, lv->line + y, col,
                         "level has %d players; at most %d (a solution names the player who moves with "
                         "one digit, 1-9)", players, LURD_MAX_PLAYERS);
    }
    /* Each hole swallows one box for good, so a level with holes may hold that many more. */
    if (boxes > goals + holes && holes == 0)
        return error_set(err, file, lv->line, 1, "level has more boxes than goals (%d boxes, %d goal%s)",
                         boxes, goals, goals == 1 ? "" : "s");
    if (boxes > goals + holes)
        return error_set(err, file, lv->line, 1,
                         "level has more boxes than goals and holes (%d boxes, %d goal%s, %d hole%s)",
                         boxes, goals, goals == 1 ? "" : "s", holes, holes == 1 ? "" : "s");
    return 0;
}

/* The glyph a cell is written as (' ' for plain floor and for void). */
static int glyph_of(const ruleset *r, int floor, int obj)
{
    for (int g = 0; g < 256; g++)
        if (r->has_glyph[g] && r->glyph[g].object == obj &&
            (r->glyph[g].floor == floor || (r->glyph[g].floor == 0 && floor == r->floor_id)))
            return g;
    return -1;
}

/* The glyph of cell c. A floor and an object no glyph gives together (a player standing on an
 * arrow of a game that declared none for the pair) is written as the object on plain floor:
 * the level stays playable, its player and boxes all there; failing that as the floor. */
static int cell_glyph(const level *lv, const ruleset *r, int c)
{
    /* Void is written as a space. A game with no void tile fills the outside with its first
     * solid floor (a wall): that one keeps its glyph, or every wall would read back as floor. */
    if (lv->floor[c] == r->void_id && !lv->obj[c] && r->void_id != r->floor_id &&
        (rules_flags(r, r->void_id) & TILE_VOID))
        return ' ';
    int g = glyph_of(r, lv->floor[c], lv->obj[c]);
    if (g < 0 && lv->obj[c]) g = glyph_of(r, r->floor_id, lv->obj[c]);
    if (g < 0) g = glyph_of(r, lv->floor[c], 0);
    return g < 0 ? ' ' : g;
}

/* A glyph other than the space that stands for plain floor (XSB's '-' and '_'), or -1: a row
 * of nothing but outside cells in the middle of a level is written as that one glyph, since a
 * blank line would end the level there; read back it is outside again, as it reaches the edge. */
static int blank_row_glyph(const ruleset *r)
{
    for (int g = '!'; g <= '~'; g++)
        if (r->has_glyph[g] && !r->glyph[g].object && (r->glyph[g].floor == r->floor_id || r->glyph[g].floor == 0) &&
            !(rules_flags(r, r->floor_id) & TILE_SOLID))
            return g;
    return -1;
}

char *level_to_xsb(const level *lv, const ruleset *r)
{
    r = level_rules(lv, r);                 /* a Legend: line may have given it more glyphs */
    int w = lv->g.w, h = lv->g.h;
    bool hex = lv->g.topo == TOPO_HEX;
    size_t cap = (size_t)(2 * w + 2) * (size_t)h * 8 + 32;
    char *out = malloc(cap), *p = out;
    if (!out) return NULL;
    if (lv->num) {
        /* A board is one line in the boards format, so the text reads back as it was. */
        p += sprintf(p, "%dx%d:", w, h);
        for (int c = 0; c < w * h; c++) p += sprintf(p, " %d", lv->num[c]);
        strcpy(p, "\n");
        return out;
    }
    /* Hex levels are written in the Hexoban (.hsb) layout: each cell in column 2x, or 2x+1 on
     * the shifted (odd) rows, spaces between. Blank rows on top are left out (a blank line
     * would end the level); the parity of the first row written keeps the shift. */
    int y0 = 0;
    for (; hex && y0 < h - 1; y0++) {
        int x = 0;
        while (x < w && cell_glyph(lv, r, y0 * w + x) == ' ') x++;
        if (x < w) break;
    }
    int blank = blank_row_glyph(r);
    for (int y = y0; y < h; y++) {
        char *row = p;
        if (hex && (y & 1)) *p++ = ' ';
        for (int x = 0; x < w; x++) {
            if (hex && x > 0) *p++ = ' ';
            *p++ = (char)cell_glyph(lv, r, y * w + x);
        }
        while (p > row && p[-1] == ' ') p--; /* XSB rows carry no trailing floor */
        if (p == row && y < h - 1 && blank >= 0) {
            if (hex && (y & 1)) *p++ = ' ';
            *p++ = (char)blank;
        }
        *p++ = '\n';
    }
    *p = '\0';
    return out;
}

char *level_to_file_text(const level *lv, const ruleset *r)
{
    char *rows = level_to_xsb(lv, r);
    if (!rows) return NULL;
    const char *title = lv->title && lv->title[0] ? lv->title : NULL;
    if (lv->num) {
        /* A board has no key lines: its title is the comment after it. */
        if (!title) return rows;
        size_t n = strlen(rows) + strlen(title) + 4;
        char *out = malloc(n);
        if (out) snprintf(out, n, "%.*s # %s\n", (int)strlen(rows) - 1, rows, title);
        free(rows);
        return out;
    }
    /* Each key line where it stood, so that it is read back as it was (a key under the rows
     * is read with the game's glyphs, one above with its Legend's). The parser trimmed keys and
     * values and took them from single lines, so "Key: value" reads back the same. A title from
     * a comment or a quoted line had no key line. */
    if (level_meta_get(lv, "title")) title = NULL;
    size_t n = strlen(rows) + 1 + (title ? strlen(title) + 8 : 0);
    for (int i = 0; i < lv->nmeta; i++) n += strlen(lv->meta[i].key) + strlen(lv->meta[i].value) + 3;
    char *out = malloc(n), *p = out;
    if (!out) return free(rows), NULL;
    if (title) p += sprintf(p, "Title: %s\n", title);
    for (int under = 0; under < 2; under++) {
        if (under) {
            strcpy(p, rows);
            p += strlen(rows);
        }
        for (int i = 0; i < lv->nmeta; i++)
            if (lv->meta[i].under_rows == under)
                p += sprintf(p, lv->meta[i].value[0] ? "%s: %s\n" : "%s:%s\n", lv->meta[i].key, lv->meta[i].value);
    }
    free(rows);
    return out;
}
