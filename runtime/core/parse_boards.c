/* parse_boards.c: sliding-tile boards, one per line: W*H integers in row-major order, 0 the
 * blank, optionally after a "WxH:" prefix (else the board is square). '#' starts a comment;
 * a comment after a board is its title. */
#include "core/level_build.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

enum { BOARD_MAX_SIDE = 64 };

static int read_int(const char *s, int len, int *i, int *out)
{
    long v = 0;
    int start = *i;
    while (*i < len && isdigit((unsigned char)s[*i])) {
        v = v * 10 + (s[(*i)++] - '0');
        if (v > 1 << 20) return -1;
    }
    if (*i == start) return -1;
    *out = (int)v;
    return 0;
}

static int parse_board_line(levelset *set, const char *name, const text_line *l, const ruleset *r,
                            error *err)
{
    const char *s = l->text;
    int len = l->len, i = 0, w = 0, h = 0;
    const char *hash = memchr(s, '#', (size_t)len);
    int body = hash ? (int)(hash - s) : len;
    while (i < body && isspace((unsigned char)s[i])) i++;
    /* Optional "WxH:" */
    int j = i;
    while (j < body && isdigit((unsigned char)s[j])) j++;
    if (j < body && (s[j] == 'x' || s[j] == 'X')) {
        int col = i + 1;
        if (read_int(s, body, &i, &w) != 0) return error_set(err, name, l->number, col, "bad board width");
        i++;
        if (read_int(s, body, &i, &h) != 0 || i >= body || s[i] != ':')
            return error_set(err, name, l->number, i + 1, "expected WxH: before the board");
        i++;
        if (w < 1 || h < 1 || w > BOARD_MAX_SIDE || h > BOARD_MAX_SIDE)
            return error_set(err, name, l->number, col, "board size %dx%d out of range (1..%d)", w, h,
                             BOARD_MAX_SIDE);
    }
    int cap = w ? w * h : BOARD_MAX_SIDE * BOARD_MAX_SIDE, n = 0;
    int *t = malloc(sizeof *t * (size_t)cap);
    int *cols = malloc(sizeof *cols * (size_t)cap);
    if (!t || !cols) {
        free(t);
        free(cols);
        return error_set(err, name, l->number, 1, "out of memory");
    }
    int rc = 0;
    for (;;) {
        while (i < body && (isspace((unsigned char)s[i]) || s[i] == ',')) i++;
        if (i >= body) break;
        int col = i + 1, v;
        if (read_int(s, body, &i, &v) != 0) {
            rc = error_set(err, name, l->number, col, "expected a tile number, found '%c'", s[col - 1]);
            break;
        }
        if (n >= cap) {
            rc = error_set(err, name, l->number, col, "too many numbers for a %dx%d board", w, h);
            break;
        }
        cols[n] = col;
        t[n++] = v;
    }
    if (rc == 0 && !w) {
        int side = 1;
        while (side * side < n) side++;
        if (side * side != n)
            rc = error_set(err, name, l->number, 1,
                           "%d numbers do not make a square board (write WxH: first)", n);
        w = h = side;
    }
    if (rc == 0 && n != w * h)
        rc = error_set(err, name, l->number, 1, "%dx%d board needs %d numbers, found %d", w, h, w * h, n);
    for (int k = 0; rc == 0 && k < n; k++)
        if (t[k] >= n) rc = error_set(err, name, l->number, cols[k], "tile %d is out of range 0..%d", t[k], n - 1);
    level *lv = NULL;
    if (rc == 0) {
        lv = levelset_append(set, TOPO_SQUARE, w, h, 1);
        if (!lv) rc = levelset_append_error(set, name, l->number, err);
    }
    if (rc == 0) {
        lv->line = l->number;
        for (int k = 0; k < n; k++) {
            lv->num[k] = (uint16_t)t[k];
            lv->floor[k] = r->floor_id;
            lv->obj[k] = t[k] ? r->tile_id : 0;
        }
        if (hash) {
            const char *title = hash + 1;
            int tl = len - (int)(title - s);
            if (tl > 0 && level_set_title(set, lv, title, tl) != 0)
                rc = levelset_extra_error(set, name, l->number, err);
            if (lv->title && !lv->title[0]) {
                free(lv->title);
                lv->title = NULL;
            }
        }
    }
    free(t);
    free(cols);
    return rc;
}

int parse_boards(levelset *set, const char *name, const char *text, size_t len, const ruleset *r,
                 level_problems *all, error *err)
{
    int n, rc = 0;
    text_line *lines = split_lines(name, text, len, &n, err);
    if (!lines) return -1;
    for (int i = 0; i < n && rc == 0; i++) {
        const text_line *l = &lines[i];
        int k = 0;
        while (k < l->len && isspace((unsigned char)l->text[k])) k++;
        if (k == l->len || l->text[k] == '#') continue;
        /* A board is one line: the next line is the next board. */
        int before = set->count;
        if (parse_board_line(set, name, l, r, err) != 0) rc = level_problem(set, before, all, err);
    }
    free(lines);
    return rc;
}
