/* parse_xsb.c: XSB level collections: many levels separated by blank lines, ';' comments,
 * 'Quoted' titles and "Key: value" lines (Title:, and per-level options), rows optionally
 * run-length encoded ("4#|#.@-$#" style: a count before a glyph, '|' between rows). */
#include "core/level_build.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

enum { XSB_MAX_ROW = GRID_MAX_SIDE, MAX_ROWS_PER_LINE = 64 };

typedef struct pending {
    /* what the lines before a level said about it */
    const char *comment; int comment_len;
    int comment_lines;            /* of the ';' block it ends (lines in a row) */
    const char *quoted; int quoted_len;
    int first_meta, nmeta;        /* indexes into the line array */
} pending;

static int is_glyph(const ruleset *r, unsigned char c)
{
    return r->has_glyph[c] || c == '-' || c == '_';
}

/* A row line is made of glyphs, RLE counts and '|'; it must hold at least one non-space glyph. */
/* "'x' is not a tile of this game", with a byte that would not show as itself named. */
static int not_a_tile(error *err, const char *name, int line, int col, unsigned char c)
{
    if (c == '\t') return error_set(err, name, line, col, "a tab is not a tile of this game (write spaces)");
    if (c < 0x20 || c >= 0x7F)
        return error_set(err, name, line, col, "byte 0x%02X (not a printable ASCII character) is not a tile of this game", c);
    return error_set(err, name, line, col, "'%c' is not a tile of this game", c);
}

static int is_row_line(const ruleset *r, const text_line *l)
{
    int solid = 0;
    for (int i = 0; i < l->len; i++) {
        unsigned char c = (unsigned char)l->text[i];
        if (c == '\t') return 0;
        if (isdigit(c) || c == '|') continue;
        if (!is_glyph(r, c)) return 0;
        if (c != ' ') solid = 1;
    }
    return solid;
}

/* Expands one (possibly RLE) line into rows of glyphs. rows receives up to maxrows rows of
 * up to XSB_MAX_ROW chars; returns the number of rows, or -1 with err on a bad count. */
static int expand_row(const char *name, const text_line *l, char (*rows)[XSB_MAX_ROW + 1],
                      int *lens, int maxrows, error *err)
{
    int nrows = 0, len = 0;
    for (int i = 0; i < l->len; i++) {
        unsigned char c = (unsigned char)l->text[i];
        if (c == '|') {
            lens[nrows++] = len;
            len = 0;
            if (nrows >= maxrows)
                return error_set(err, name, l->number, i + 1, "too many rows in one line");
            continue;
        }
        int count = 1, col = i + 1;
        if (isdigit(c)) {
            count = 0;
            while (i < l->len && isdigit((unsigned char)l->text[i])) {
                count = count * 10 + (l->text[i] - '0');
                if (count > XSB_MAX_ROW)
                    return error_set(err, name, l->number, col, "run length too large");
                i++;
            }
            if (i >= l->len || l->text[i] == '|')
                return error_set(err, name, l->number, col, "run length without a tile after it");
            c = (unsigned char)l->text[i];
        }
        if (len + count > XSB_MAX_ROW)
            return error_set(err, name, l->number, col, "row longer than %d cells", XSB_MAX_ROW);
        memset(rows[nrows] + len, c, (size_t)count);
        len += count;
    }
    lens[nrows++] = len;
    return nrows;
}

/* ===== the hex layouts ====================================================================
 * A hex level is in the Hexoban layout when the first or the last of its rows that hold two
 * glyphs or more has all of them in columns of one parity (an odd number of columns apart);
 * (row + column) has that parity for every glyph of the level then, and a glyph off it is an
 * error. Otherwise (two glyphs side by side, or an even number of columns apart, in both of
 * those rows; or no row with two glyphs) the level is compact, one character per cell. Two rows
 * decide so that one glyph out of place, in any row, is reported rather than read as the
 * compact layout, which takes any text. */

enum { ROW_FEW_GLYPHS = -2, ROW_MIXED = -1 };

/* The parity of (y + column) that every glyph of row y shares, ROW_MIXED when two differ,
 * ROW_FEW_GLYPHS when the row holds fewer than two. */
static int row_parity(const char *row, int len, int y)
{
    int parity = -1, glyphs = 0;
    for (int x = 0; x < len; x++) {
        if (row[x] == ' ') continue;
        glyphs++;
        if (parity < 0) parity = (y + x) & 1;
        else if (((y + x) & 1) != parity) return ROW_MIXED;
    }
    return glyphs < 2 ? ROW_FEW_GLYPHS : parity;
}

/* The first glyph of the level's lines off the Hexoban layout of that parity, as an error at
 * its line and column that says where this row's cells are; 0 when there is none. */
static int hex_layout_check(const char *name, const text_line *lines, int first_line, int last_line, int parity,
                            char (*rows)[XSB_MAX_ROW + 1], int *lens, error *err)
{
    for (int i = first_line, y = 0; i <= last_line; i++) {
        int n = expand_row(name, &lines[i], rows, lens, MAX_ROWS_PER_LINE, err);
        for (int k = 0; k < n; k++, y++)
            for (int x = 0; x < lens[k]; x++)
                if (rows[k][x] != ' ' && ((y + x) & 1) != parity)
                    return error_set(err, name, lines[i].number, x + 1,
                                     "'%c' is off the Hexoban layout: this row's cells are in columns %s "
                                     "(every other column, from 1), so column %d must be a space",
                                     rows[k][x], ((parity + y) & 1) ? "2, 4, 6, ..." : "1, 3, 5, ...", x + 1);
    }
    return 0;
}

static int build_level(levelset *set, const char *name, const text_line *lines, int first_line,
                       int last_line, const pending *pre, const text_line *all, const ruleset *r,
                       error *err)
{
    /* Pass 1: the size and the layout. */
    int h = 0, w = 0;
    char(*rows)[XSB_MAX_ROW + 1] = malloc(sizeof *rows * MAX_ROWS_PER_LINE);
    int lens[MAX_ROWS_PER_LINE];
    if (!rows) return error_set(err, name, lines[first_line].number, 1, "out of memory");
    /* Hex levels: the first and the last row with two glyphs or more tell the layout (see
     * "the hex layouts" above). */
    int first = ROW_FEW_GLYPHS, last = ROW_FEW_GLYPHS;
    for (int i = first_line; i <= last_line; i++) {
        int n = expand_row(name, &lines[i], rows, lens, MAX_ROWS_PER_LINE, err);
        if (n < 0) return free(rows), -1;
        for (int k = 0; k < n; k++) {
            w = lens[k] > w ? lens[k] : w;
            int p = r->topo == TOPO_HEX ? row_parity(rows[k], lens[k], h + k) : ROW_FEW_GLYPHS;
            if (p == ROW_FEW_GLYPHS) continue;
            if (first == ROW_FEW_GLYPHS) first = p;
            last = p;
        }
        h += n;
    }
    int parity = first >= 0 ? first : last, doubled = r->topo == TOPO_HEX && parity >= 0;
    if (doubled && hex_layout_check(name, lines, first_line, last_line, parity, rows, lens, err) != 0)
        return free(rows), -1;
    int pad_row = 0;
    if (doubled) {
        /* Columns c and c+1 are one cell; odd file rows are shifted right. When the first row
         * is the shifted one, a blank row on top keeps odd grid rows the shifted ones. */
        pad_row = parity == 1;
        w = (w + 1) / 2;
        h += pad_row;
    }
    if (h > GRID_MAX_SIDE || w > GRID_MAX_SIDE) {
        free(rows);
        return error_set(err, name, lines[first_line].number, 1, "level larger than %d x %d",
                         GRID_MAX_SIDE, GRID_MAX_SIDE);
    }
    level *lv = levelset_append(set, r->topo, w, h, 0);
    if (!lv) return free(rows), levelset_append_error(set, name, lines[first_line].number, err);
    lv->line = lines[first_line].number;
    /* Pass 2: the cells. Cells past the end of a short row are outside the level. */
    int y = 0;
    for (int x = 0; x < w * pad_row; x++) {
        lv->floor[x] = r->floor_id;
        lv->obj[x] = 0;
    }
    y += pad_row;
    for (int i = first_line; i <= last_line; i++) {
        int n = expand_row(name, &lines[i], rows, lens, MAX_ROWS_PER_LINE, err);
        for (int k = 0; k < n; k++, y++)
            for (int x = 0; x < w; x++) {
                int c = y * w + x;
                /* Doubled layout: the cell's glyph is in the column of the row's parity. */
                int col = doubled ? 2 * x + ((y - pad_row + parity) & 1) : x;
                unsigned char g = col < lens[k] ? (unsigned char)rows[k][col] : ' ';
                if (!r->has_glyph[g] && (g == '-' || g == '_')) g = ' ';
                if (!r->has_glyph[g]) {
                    free(rows);
                    return not_a_tile(err, name, lines[i].number, col + 1, g);
                }
                lv->floor[c] = r->glyph[g].floor ? r->glyph[g].floor : r->floor_id;
                lv->obj[c] = r->glyph[g].object;
            }
    }
    free(rows);
    if (pre->nmeta)
        for (int i = pre->first_meta; i < pre->first_meta + pre->nmeta; i++) {
            int kl, vl;
            const char *v;
            if (parse_meta_line(&all[i], &kl, &v, &vl) &&
                level_add_meta(set, lv, all[i].text, kl, v, vl) != 0)
                return levelset_extra_error(set, name, all[i].number, err);
        }
    if (!lv->title && pre->quoted && level_set_title(set, lv, pre->quoted, pre->quoted_len) != 0)
        return levelset_extra_error(set, name, lv->line, err);
    if (!lv->title && pre->comment && level_set_title(set, lv, pre->comment, pre->comment_len) != 0)
        return levelset_extra_error(set, name, lv->line, err);
    if (r->kind == RULES_PUSH) level_mark_outside(lv, r);
    return 0;
}

/* The last line of the level whose rows start at line i, as the parser reads one: its block
 * (up to a blank line, a ';' comment or a "Key: value" line; a stray line in it too), then the
 * "Key: value" lines straight under it. A parse that reads on past a malformed level goes on
 * after it. */
static int level_end(const text_line *lines, int n, int i)
{
    int kl, vl;
    const char *v;
    while (i + 1 < n && !is_blank_line(&lines[i + 1]) && lines[i + 1].text[0] != ';' &&
           !parse_meta_line(&lines[i + 1], &kl, &v, &vl))
        i++;
    while (i + 1 < n && parse_meta_line(&lines[i + 1], &kl, &v, &vl)) i++;
    return i;
}

int parse_xsb(levelset *set, const char *name, const char *text, size_t len, const ruleset *r,
              level_problems *all, error *err)
{
    int n;
    text_line *lines = split_lines(name, text, len, &n, err);
    if (!lines) return -1;
    pending pre = { 0 };
    ruleset *own = NULL;          /* the next level's own rules (override lines before it) */
    int rc = 0, last_level_end = -2;
    /* Reading on past problems (all): doomed, a "Key: value" line before the next level was
     * wrong, so that level is skipped at its first line that is no such line (read with a bad
     * Legend it would only add false problems). */
    bool doomed = false;
    for (int i = 0; i < n && rc == 0; i++) {
        const text_line *l = &lines[i];
        const ruleset *rr = own ? own : r;
        int kl, vl;
        const char *v;
        if (is_blank_line(l)) {
            /* A block of several comment lines set apart by a blank line is a note (the
             * collection's header, say), not the next level's name: "; 1" then a blank line
             * names level 1, as in many collections, but a header's last line does not. */
            if (pre.comment && pre.comment_lines > 1) pre.comment = NULL;
            continue;
        }
        if (l->text[0] == ';') {
            const char *c = l->text + 1;
            int cl = l->len - 1;
            while (cl > 0 && *c == ' ') c++, cl--;
            pre.comment_lines = pre.comment && i > 0 && lines[i - 1].len > 0 && lines[i - 1].text[0] == ';'
                                 ? pre.comment_lines + 1 : 1;
            pre.comment = c;
            pre.comment_len = cl;
            continue;
        }
        if (l->text[0] == '\'' && l->len >= 2 && l->text[l->len - 1] == '\'') {
            pre.quoted = l->text + 1;
            pre.quoted_len = l->len - 2;
            continue;
        }
        if (is_row_line(rr, l) || (doomed && !parse_meta_line(l, &kl, &v, &vl))) {
            int first = i, before = set->count;
            if (doomed) rc = -1;        /* its problem is said */
            while (rc == 0 && i + 1 < n && !is_blank_line(&lines[i + 1]) && lines[i + 1].text[0] != ';' &&
                   !parse_meta_line(&lines[i + 1], &kl, &v, &vl)) {
                if (!is_row_line(rr, &lines[i + 1])) {
                    /* Inside a level: find the offending column. */
                    const text_line *bad = &lines[i + 1];
                    int col = 0;
                    while (col < bad->len && (is_glyph(rr, (unsigned char)bad->text[col]) ||
                                              isdigit((unsigned char)bad->text[col]) ||
                                              bad->text[col] == '|'))
                        col++;
                    if (col < bad->len)
                        rc = not_a_tile(err, name, bad->number, col + 1, (unsigned char)bad->text[col]);
                    else        /* only counts and '|': no tile on the line */
                        rc = error_set(err, name, bad->number, 1,
                                       "a row with no tile in it (only counts and '|')");
                    break;
                }
                i++;
            }
            if (rc == 0) rc = build_level(set, name, lines, first, i, &pre, lines, rr, err);
            if (rc == 0) {
                set->levels[set->count - 1].rules = own;    /* the level owns them now */
                own = NULL;
                last_level_end = i;
            } else {
                /* The level is dropped with the lines under it; its own rules go too. */
                rc = doomed ? 0 : level_problem(set, before, all, err);
                doomed = false;
                free(own);
                own = NULL;
                i = level_end(lines, n, i);
                last_level_end = -2;
            }
            memset(&pre, 0, sizeof pre);
            continue;
        }
        if (parse_meta_line(l, &kl, &v, &vl)) {
            if (last_level_end == i - 1 && set->count > 0) {
                /* "Title: ..." straight under a level (no blank line) describes that level. */
                level *prev = &set->levels[set->count - 1];
                bool had_rules = prev->rules != NULL;
                if (level_override_apply(&prev->rules, r, name, l, kl, v, vl, 0, err) < 0)
                    rc = level_problem(set, set->count, all, err);
                else if ((!had_rules && prev->rules && levelset_add_extra(set, sizeof *prev->rules) != 0) ||
                         level_add_meta(set, prev, l->text, kl, v, vl) != 0)
                    rc = levelset_extra_error(set, name, l->number, err);
                else
                    prev->meta[prev->nmeta - 1].under_rows = true;
                last_level_end = i;
            } else {
                bool had_rules = own != NULL;
                if (level_override_apply(&own, r, name, l, kl, v, vl, 1, err) < 0) {
                    rc = level_problem(set, set->count, all, err);
                    doomed = true;
                    continue;
                }
                if (!had_rules && own && levelset_add_extra(set, sizeof *own) != 0) {
                    rc = levelset_extra_error(set, name, l->number, err);
                    continue;
                }
                if (pre.nmeta == 0) pre.first_meta = i;
                pre.nmeta = i - pre.first_meta + 1;
            }
            continue;
        }
        /* Free text between levels: it names the next level, as titles do in many collections. */
        pre.quoted = l->text;
        pre.quoted_len = l->len;
        {
            int col = 0;
            while (col < l->len && (is_glyph(r, (unsigned char)l->text[col]) ||
                                    isdigit((unsigned char)l->text[col])))
                col++;
            /* A line that starts like a level row (a wall, maybe indented) but holds a stray
             * character is a typo in a level, not a title: report it where it is. */
            int first = 0;
            while (first < l->len && (l->text[first] == ' ' || l->text[first] == '\t')) first++;
            if (col > first && first < l->len && l->text[first] == '#' && col < l->len) {
                not_a_tile(err, name, l->number, col + 1, (unsigned char)l->text[col]);
                /* The level it starts is dropped: read without its first row it would only
                 * add false problems. */
                rc = level_problem(set, set->count, all, err);
                free(own);
                own = NULL;
                memset(&pre, 0, sizeof pre);
                i = level_end(lines, n, i);
                last_level_end = -2;
            }
        }
    }
    free(own);
    free(lines);
    return rc;
}
