/* parse_numeric.c: levels written as grids of integers (the comma-separated format of the
 * Unity tutorial: -1 void, 0 goal, 1 floor, ...), read through the game's numeric legend.
 * Levels are separated by blank lines; ';' and '#' start comments; "Key: value" lines
 * before a level describe it. Short rows are padded with void. */
#include "core/level_build.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Reads the integers of one row. Returns the count, or -1 with err at the bad column. */
static int read_row(const char *name, const text_line *l, int *out, int max, error *err)
{
    int n = 0, i = 0;
    for (;;) {
        while (i < l->len && (l->text[i] == ' ' || l->text[i] == '\t')) i++;
        if (i >= l->len) break;
        int col = i + 1, sign = 1;
        long v = 0;
        if (l->text[i] == '-' || l->text[i] == '+') sign = l->text[i++] == '-' ? -1 : 1;
        if (i >= l->len || !isdigit((unsigned char)l->text[i]))
            return error_set(err, name, l->number, i + 1, "expected a number, found '%c'",
                             i < l->len ? l->text[i] : ' ');
        while (i < l->len && isdigit((unsigned char)l->text[i])) {
            v = v * 10 + (l->text[i++] - '0');
            if (v > INT_MAX / 16) return error_set(err, name, l->number, col, "number too large");
        }
        if (n >= max) return error_set(err, name, l->number, col, "row longer than %d cells", max);
        out[n++] = (int)(sign * v);
        while (i < l->len && (l->text[i] == ' ' || l->text[i] == '\t')) i++;
        if (i < l->len) {
            if (l->text[i] != ',')
                return error_set(err, name, l->number, i + 1, "expected ',' between numbers, found '%c'",
                                 l->text[i]);
            i++;
        }
    }
    return n;
}

static int is_comment(const text_line *l)
{
    int i = 0;
    while (i < l->len && isspace((unsigned char)l->text[i])) i++;
    return i < l->len && (l->text[i] == ';' || l->text[i] == '#');
}

int parse_numeric(levelset *set, const char *name, const char *text, size_t len, const ruleset *r,
                  level_problems *all, error *err)
{
    int n, rc = 0;
    text_line *lines = split_lines(name, text, len, &n, err);
    int *row = malloc(sizeof *row * GRID_MAX_SIDE);
    if (!lines || !row) {
        free(lines);
        free(row);
        return lines ? error_set(err, name, 0, 0, "out of memory") : -1;
    }
    int meta_first = -1;
    for (int i = 0; i < n && rc == 0; i++) {
        int kl, vl;
        const char *v;
        if (is_blank_line(&lines[i]) || is_comment(&lines[i])) continue;
        if (parse_meta_line(&lines[i], &kl, &v, &vl)) {
            if (meta_first < 0) meta_first = i;
            continue;
        }
        /* A block of rows up to the next blank, comment or meta line: one level, and where a
         * problem in it ends (the reading goes on after it when check wants every problem). */
        int first = i, last = i, w = 0, before = set->count;
        while (last + 1 < n && !is_blank_line(&lines[last + 1]) && !is_comment(&lines[last + 1]) &&
               !parse_meta_line(&lines[last + 1], &kl, &v, &vl))
            last++;
        i = last;
        for (int k = first; k <= last && rc == 0; k++) {
            int cnt = read_row(name, &lines[k], row, GRID_MAX_SIDE, err);
            if (cnt < 0) rc = -1;
            else if (cnt > w) w = cnt;
        }
        int h = last - first + 1;
        level *lv = rc == 0 && w > 0 && h <= GRID_MAX_SIDE ? levelset_append(set, r->topo, w, h, 0) : NULL;
        if (rc == 0 && !lv && w > 0 && h <= GRID_MAX_SIDE)
            rc = levelset_append_error(set, name, lines[first].number, err);
        else if (rc == 0 && !lv)
            rc = error_set(err, name, lines[first].number, 1, w ? "level too large or out of memory" : "empty level");
        if (rc != 0) {
            rc = level_problem(set, before, all, err);
            meta_first = -1;
            continue;
        }
        lv->line = lines[first].number;
        for (int y = 0; y < h && rc == 0; y++) {
            int cnt = read_row(name, &lines[first + y], row, GRID_MAX_SIDE, err);
            for (int x = 0; x < w; x++) {
                int c = y * w + x;
                if (x >= cnt) {
                    lv->floor[c] = r->void_id;
                    continue;
                }
                const glyph_def *g = rules_numeric(r, row[x]);
                if (!g) {
                    /* the column of the x-th number */
                    const text_line *l = &lines[first + y];
                    int col = 0, k = 0;
                    while (col < l->len && k < x) k += l->text[col++] == ',';
                    while (col < l->len && l->text[col] == ' ') col++;
                    rc = error_set(err, name, l->number, col + 1,
                                   "%d is not in this game's numeric legend", row[x]);
                    break;
                }
                lv->floor[c] = g->floor ? g->floor : r->floor_id;
                lv->obj[c] = g->object;
            }
        }
        if (rc == 0 && meta_first >= 0)
            for (int k = meta_first; rc == 0 && k < first; k++)
                if (parse_meta_line(&lines[k], &kl, &v, &vl) &&
                    level_add_meta(set, lv, lines[k].text, kl, v, vl) != 0)
                    rc = levelset_extra_error(set, name, lines[k].number, err);
        if (rc != 0) rc = level_problem(set, before, all, err);
        meta_first = -1;
    }
    free(row);
    free(lines);
    return rc;
}
