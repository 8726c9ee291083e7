/* level_build.c: line splitting, level allocation and the outside-of-walls fill shared by
 * the parsers. */
#include "core/level_build.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

text_line *split_lines(const char *name, const char *text, size_t len, int *count, error *err)
{
    int n = 1;
    for (size_t i = 0; i < len; i++) n += text[i] == '\n';
    text_line *lines = malloc(sizeof *lines * (size_t)n);
    if (!lines) {
        error_set(err, name, 0, 0, "out of memory");
        return NULL;
    }
    int k = 0;
    size_t start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i == len || text[i] == '\n') {
            size_t end = i;
            if (end > start && text[end - 1] == '\r') end--;
            if (i == len && end == start) break; /* no empty line after the final newline */
            lines[k].text = text + start;
            lines[k].len = (int)(end - start);
            lines[k].number = k + 1;
            k++;
            start = i + 1;
        }
    }
    *count = k;
    return lines;
}

char *dup_string(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

int strcasecmp_ascii(const char *a, const char *b)
{
    for (;; a++, b++) {
        int ca = tolower((unsigned char)*a), cb = tolower((unsigned char)*b);
        if (ca != cb || !ca) return ca - cb;
    }
}

int is_blank_line(const text_line *l)
{
    for (int i = 0; i < l->len; i++)
        if (!isspace((unsigned char)l->text[i])) return 0;
    return 1;
}

int levelset_append_error(const levelset *set, const char *name, int line, error *err)
{
    if (set->max_cells && set->cells > set->max_cells)
        return error_set(err, name, line, 1, "the levels are too large: more than %zu cells in all", set->max_cells);
    if (set->count >= LEVELSET_MAX_LEVELS)
        return error_set(err, name, line, 1, "too many levels: a file may hold at most %d", LEVELSET_MAX_LEVELS);
    return error_set(err, name, line, 1, "out of memory");
}

level *levelset_append(levelset *set, topology topo, int w, int h, int numbered)
{
    size_t cells = w > 0 && h > 0 ? (size_t)w * (size_t)h : 0;
    set->cells += cells;
    if ((set->max_cells && set->cells > set->max_cells) || set->count >= LEVELSET_MAX_LEVELS) return NULL;
    if (set->count == set->cap) {
        int cap = set->cap ? set->cap * 2 : 16;
        level *bigger = realloc(set->levels, sizeof *bigger * (size_t)cap);
        if (!bigger) return NULL;
        set->levels = bigger;
        set->cap = cap;
    }
    level *lv = &set->levels[set->count];
    memset(lv, 0, sizeof *lv);
    if (grid_init(&lv->g, topo, w, h) != 0) return NULL;
    size_t n = (size_t)w * (size_t)h;
    lv->floor = calloc(n, 1);
    lv->obj = calloc(n, 1);
    lv->num = numbered ? calloc(n, sizeof *lv->num) : NULL;
    if (!lv->floor || !lv->obj || (numbered && !lv->num)) {
        level_free(lv);
        return NULL;
    }
    set->count++;
    return lv;
}

int level_problems_add(level_problems *all, const error *err)
{
    if (!all->v) all->v = malloc(sizeof *all->v * LEVEL_PROBLEMS_MAX);
    if (!all->v || all->count == LEVEL_PROBLEMS_MAX) {
        all->more = true;
        return -1;
    }
    all->v[all->count++] = *err;
    return 0;
}

int level_problem(levelset *set, int before, level_problems *all, const error *err)
{
    if (!all) return -1;
    while (set->count > before) {
        level *lv = &set->levels[--set->count];
        set->cells -= (size_t)lv->g.w * (size_t)lv->g.h;
        level_free(lv);
    }
    return level_problems_add(all, err);
}

static void trim(const char **s, int *len)
{
    while (*len > 0 && isspace((unsigned char)**s)) (*s)++, (*len)--;
    while (*len > 0 && isspace((unsigned char)(*s)[*len - 1])) (*len)--;
}

int levelset_add_extra(levelset *set, size_t bytes)
{
    set->extra += bytes;
    return set->max_extra && set->extra > set->max_extra ? -1 : 0;
}

int levelset_extra_error(const levelset *set, const char *name, int line, error *err)
{
    if (set->max_extra && set->extra > set->max_extra)
        return error_set(err, name, line, 1, "the levels' titles, 'Key: value' lines and own rules take more than %zu bytes",
                         set->max_extra);
    return error_set(err, name, line, 1, "out of memory");
}

int level_add_meta(levelset *set, level *lv, const char *key, int keylen, const char *value, int vallen)
{
    trim(&key, &keylen);
    trim(&value, &vallen);
    /* Counted before anything is allocated: a line over the cap costs nothing. */
    if (levelset_add_extra(set, (size_t)keylen + (size_t)vallen + LEVELSET_EXTRA_META) != 0) return -1;
    /* Grown by doubling (room for nmeta is a power of two, at least 4): grown by one, every
     * entry was copied again where realloc cannot grow in place (AddressSanitizer's always
     * copies: a million entries took over 10 minutes). */
    int n = lv->nmeta;
    if (n < 4 ? n == 0 : (n & (n - 1)) == 0) {
        level_meta *bigger = realloc(lv->meta, sizeof *bigger * (size_t)(n < 4 ? 4 : 2 * n));
        if (!bigger) return -1;
        lv->meta = bigger;
    }
    level_meta *m = &lv->meta[lv->nmeta];
    m->key = dup_string(key, (size_t)keylen);
    m->value = dup_string(value, (size_t)vallen);
    m->under_rows = false;
    if (!m->key || !m->value) {
        free(m->key);
        free(m->value);
        return -1;
    }
    lv->nmeta++;
    if (strcasecmp_ascii(m->key, "title") == 0) return level_set_title(set, lv, value, vallen);
    return 0;
}

int level_set_title(levelset *set, level *lv, const char *title, int len)
{
    trim(&title, &len);
    if (levelset_add_extra(set, (size_t)len + LEVELSET_EXTRA_TITLE) != 0) return -1;
    char *t = dup_string(title, (size_t)len);
    if (!t) return -1;
    free(lv->title);
    lv->title = t;
    return 0;
}

int parse_meta_line(const text_line *l, int *keylen, const char **value, int *vallen)
{
    int i = 0;
    if (l->len < 2 || !isalpha((unsigned char)l->text[0])) return 0;
    while (i < l->len && (isalnum((unsigned char)l->text[i]) || l->text[i] == '_' ||
                          l->text[i] == '-' || l->text[i] == ' '))
        i++;
    if (i >= l->len || l->text[i] != ':' || i > 32) return 0;
    *keylen = i;
    *value = l->text + i + 1;
    *vallen = l->len - i - 1;
    return 1;
}

void level_mark_outside(level *lv, const ruleset *r)
{
    /* Outside = open cells joined to the edge of the grid without crossing a wall. A region
     * like that which holds nothing (no object, no goal) is scenery around the level; one
     * that holds something is part of a level drawn without its outer wall, and stays. */
    int n = lv->g.ncells, w = lv->g.w, h = lv->g.h;
    int *stack = malloc(sizeof *stack * (size_t)n);
    int *region = malloc(sizeof *region * (size_t)n);
    unsigned char *seen = calloc((size_t)n, 1);
    if (!stack || !region || !seen) goto done;
    for (int start = 0; start < n; start++) {
        int x = start % w, y = start / w;
        if (seen[start] || (x > 0 && y > 0 && x < w - 1 && y < h - 1)) continue;
        if (rules_flags(r, lv->floor[start]) & (TILE_SOLID | TILE_VOID)) continue;
        int top = 0, count = 0, empty = 1;
        seen[start] = 1;
        stack[top++] = start;
        while (top > 0) {
            int c = stack[--top];
            region[count++] = c;
            if (lv->obj[c] || (rules_flags(r, lv->floor[c]) & TILE_GOAL) || lv->floor[c] != r->floor_id)
                empty = 0;
            for (int d = 0; d < lv->g.ndirs; d++) {
                int m = grid_step(&lv->g, c, d);
                if (m < 0 || seen[m] || (rules_flags(r, lv->floor[m]) & (TILE_SOLID | TILE_VOID))) continue;
                seen[m] = 1;
                stack[top++] = m;
            }
        }
        if (empty)
            for (int i = 0; i < count; i++) lv->floor[region[i]] = r->void_id;
    }
done:
    free(stack);
    free(region);
    free(seen);
}
