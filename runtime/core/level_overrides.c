/* level_overrides.c: per-level overrides written as "Key: value" lines in XSB files, so a
 * plain XSB reader still sees ordinary metadata:
 *   Legend: X = box goal, ~ = ice    glyphs this level adds (tile names of the game; two names
 *                                    put an object on a floor); before the level's rows
 *   Chain: 2                         boxes one push may move (1..64)
 *   Pull: yes                        the player pulls instead of pushing (yes/no/true/false)
 *   Intro: text                      shown when the level starts (kept as metadata)
 * The rule switches give the level its own copy of the game's ruleset (level.rules). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/level_build.h"

enum { OVERRIDE_CHAIN_MAX = 64 };

static int key_is(const char *key, int keylen, const char *want)
{
    int n = (int)strlen(want);
    while (keylen > 0 && key[keylen - 1] == ' ') keylen--;
    if (keylen != n) return 0;
    for (int i = 0; i < n; i++)
        if (tolower((unsigned char)key[i]) != want[i]) return 0;
    return 1;
}

/* The level's own rules, copied from base on first use. */
static ruleset *own_rules(ruleset **rules, const ruleset *base)
{
    if (!*rules) {
        *rules = malloc(sizeof **rules);
        if (*rules) memcpy(*rules, base, sizeof **rules);
    }
    return *rules;
}

static int col_of(const text_line *l, const char *p) { return (int)(p - l->text) + 1; }

static const char *skip_spaces(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t')) p++;
    return p;
}

/* "X = name [name]" items separated by commas. */
static int apply_legend(ruleset *r, const char *name, const text_line *l, const char *v, const char *end,
                        error *err)
{
    const char *p = skip_spaces(v, end);
    if (p == end) return error_set(err, name, l->number, col_of(l, p), "Legend: expected GLYPH = TILE [TILE]");
    while (p < end) {
        unsigned char g = (unsigned char)*p;
        int gcol = col_of(l, p);
        if (isdigit(g) || g == '|' || g == ',' || g == '=' || g == ';' || g == '\'' || !isprint(g))
            return error_set(err, name, l->number, gcol,
                             "Legend: '%c' cannot be a glyph (digits, '|', ',', '=', ';' and quotes are taken)", g);
        p = skip_spaces(p + 1, end);
        if (p == end || *p != '=')
            return error_set(err, name, l->number, col_of(l, p), "Legend: expected '=' after the glyph '%c'", g);
        p = skip_spaces(p + 1, end);
        int ids[2], n = 0, floor = 0, object = 0;
        while (p < end && *p != ',') {
            const char *w = p;
            while (p < end && *p != ',' && *p != ' ' && *p != '\t') p++;
            if (n == 2)
                return error_set(err, name, l->number, col_of(l, w),
                                 "Legend: '%c' names more than two tiles (an object and a floor)", g);
            char tile[TILE_NAME_MAX];
            if (p - w >= TILE_NAME_MAX)
                return error_set(err, name, l->number, col_of(l, w), "Legend: tile name too long");
            memcpy(tile, w, (size_t)(p - w));
            tile[p - w] = '\0';
            int id = rules_find_tile(r, tile);
            if (id < 0)
                return error_set(err, name, l->number, col_of(l, w), "Legend: unknown tile '%s' (not a tile of this game)",
                                 tile);
            int *slot = r->tile[id].layer == LAYER_OBJECT ? &object : &floor;
            if (*slot)
                return error_set(err, name, l->number, col_of(l, w),
                                 "Legend: '%c' names two %s; two tiles are an object and a floor", g,
                                 r->tile[id].layer == LAYER_OBJECT ? "objects" : "floors");
            *slot = id;
            ids[n++] = id;
            p = skip_spaces(p, end);
        }
        (void)ids;
        if (n == 0) return error_set(err, name, l->number, col_of(l, p), "Legend: '%c' names no tile", g);
        rules_set_glyph(r, g, floor, object);
        if (p < end) p = skip_spaces(p + 1, end);          /* the comma */
    }
    return 0;
}

int level_override_apply(ruleset **rules, const ruleset *base, const char *name, const text_line *l, int keylen,
                         const char *value, int vallen, int before_rows, error *err)
{
    const char *key = l->text, *end = value + vallen;
    const char *v = skip_spaces(value, end);
    while (end > v && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r')) end--;
    if (key_is(key, keylen, "legend")) {
        if (!before_rows)
            return error_set(err, name, l->number, 1,
                             "Legend: must come before the level's rows, which are read with it (leave a blank line after the previous level)");
        if (!own_rules(rules, base)) return error_set(err, name, l->number, 1, "out of memory");
        return apply_legend(*rules, name, l, v, end, err) != 0 ? -1 : 1;
    }
    if (key_is(key, keylen, "chain")) {
        int n = 0;
        const char *p = v;
        while (p < end && isdigit((unsigned char)*p) && n <= OVERRIDE_CHAIN_MAX) n = n * 10 + (*p++ - '0');
        if (p == v || p != end || n < 1 || n > OVERRIDE_CHAIN_MAX)
            return error_set(err, name, l->number, col_of(l, v), "Chain: expected a number of boxes 1..%d, got '%.*s'",
                             OVERRIDE_CHAIN_MAX, (int)(end - v), v);
        if (!own_rules(rules, base)) return error_set(err, name, l->number, 1, "out of memory");
        (*rules)->max_chain = n;
        return 1;
    }
    if (key_is(key, keylen, "pull")) {
        static const char *const yes[] = { "yes", "true", "on" }, *const no[] = { "no", "false", "off" };
        int len = (int)(end - v), which = -1;
        for (int i = 0; i < 3; i++) {
            if ((int)strlen(yes[i]) == len && strncmp(yes[i], v, (size_t)len) == 0) which = 1;
            if ((int)strlen(no[i]) == len && strncmp(no[i], v, (size_t)len) == 0) which = 0;
        }
        if (which < 0)
            return error_set(err, name, l->number, col_of(l, v), "Pull: expected yes or no, got '%.*s'", len, v);
        if (!own_rules(rules, base)) return error_set(err, name, l->number, 1, "out of memory");
        (*rules)->pull = which;
        return 1;
    }
    return 0;
}
