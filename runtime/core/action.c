/* action.c: actions as text: reading and writing NAME(ARGS) tokens (see action.h). */
#include "core/action.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

action action_make(int id)
{
    return (action){ .id = (int16_t)id, .dir = -1, .has_value = false, .cell = -1, .value = 0 };
}

static int fail(char *why, size_t size, const char *msg, const char *name, size_t len)
{
    if (why && size) snprintf(why, size, msg, (int)len, name);
    return -1;
}

/* One argument: [start, end) with spaces trimmed. */
typedef struct arg {
    const char *s;
    size_t len;
} arg;

static bool read_int(const arg *a, long *out)
{
    size_t i = 0;
    bool neg = false;
    if (i < a->len && (a->s[i] == '-' || a->s[i] == '+')) neg = a->s[i++] == '-';
    if (i == a->len) return false;
    long v = 0;
    for (; i < a->len; i++) {
        if (!isdigit((unsigned char)a->s[i]) || v > 100000000) return false;
        v = v * 10 + (a->s[i] - '0');
    }
    *out = neg ? -v : v;
    return true;
}

static int read_dir(topology topo, const arg *a)
{
    char word[32];
    if (a->len == 0 || a->len >= sizeof word) return -1;
    memcpy(word, a->s, a->len);
    word[a->len] = '\0';
    if (a->len == 1) return grid_dir_from_letter(topo, word[0]);
    return grid_dir_from_name(topo, word);
}

bool action_needs_cell(const ruleset *r, int id)
{
    const action_def *d = &r->action[id];
    return (d->flags & ACTION_CLICK) && !(d->flags & ACTION_DIRS) && d->nkeys == 0;
}

bool action_takes_dir(const ruleset *r, int id) { return (r->action[id].flags & ACTION_DIRS) != 0; }

int action_read(const ruleset *r, const grid *g, const char *text, action *out, char *why, size_t size)
{
    const char *p = text;
    while (isspace((unsigned char)*p)) p++;
    const char *name = p;
    while (islower((unsigned char)*p) || isdigit((unsigned char)*p) || *p == '_') p++;
    size_t nlen = (size_t)(p - name);
    if (nlen == 0 || !islower((unsigned char)name[0]))
        return fail(why, size, "'%.*s' does not start an action (NAME(...))", name, name[0] ? 1 : 0);
    int id = rules_find_action(r, name, nlen);
    if (id < 0) return fail(why, size, "'%.*s' is not an action of this game", name, nlen);
    if (*p != '(') return fail(why, size, "action '%.*s' needs its arguments in parentheses, e.g. NAME(3,2)", name, nlen);
    const char *open = ++p, *close = strchr(open, ')');
    if (!close) return fail(why, size, "action '%.*s' has no closing ')'", name, nlen);
    arg args[8];
    int nargs = 0;
    const char *first = open;
    while (first < close && isspace((unsigned char)*first)) first++;
    for (const char *q = open; first < close && q < close && nargs <= 4;) {
        const char *e = q;
        while (e < close && *e != ',') e++;
        arg a = { q, (size_t)(e - q) };
        while (a.len && isspace((unsigned char)a.s[0])) a.s++, a.len--;
        while (a.len && isspace((unsigned char)a.s[a.len - 1])) a.len--;
        if (a.len == 0) return fail(why, size, "action '%.*s' has an empty argument", name, nlen);
        args[nargs++] = a;
        q = e < close ? e + 1 : e;
    }
    if (nargs > 4) return fail(why, size, "action '%.*s' has too many arguments (cell, direction, number)", name, nlen);
    action a = action_make(id);
    int i = 0;
    long x, y, v;
    /* Two numbers first: the cell. */
    if (nargs - i >= 2 && read_int(&args[i], &x) && read_int(&args[i + 1], &y)) {
        if (x < 1 || y < 1 || x > g->w || y > g->h)
            return fail(why, size, "action '%.*s': the cell is off the board", name, nlen);
        a.cell = (int32_t)((y - 1) * g->w + (x - 1));
        i += 2;
    }
    if (i < nargs && !read_int(&args[i], &v)) {
        if (!action_takes_dir(r, id))
            return fail(why, size, "action '%.*s' takes no direction (it is declared without dirs = true)", name, nlen);
        int d = read_dir(g->topo, &args[i]);
        if (d < 0) return fail(why, size, "action '%.*s': not a direction of this grid", name, nlen);
        a.dir = (int8_t)d;
        i++;
    }
    if (i < nargs) {
        if (!read_int(&args[i], &v)) return fail(why, size, "action '%.*s': expected a number", name, nlen);
        a.has_value = true;
        a.value = (int32_t)v;
        i++;
    }
    if (i < nargs) return fail(why, size, "action '%.*s': arguments go cell, direction, number", name, nlen);
    if (a.cell < 0 && action_needs_cell(r, id))
        return fail(why, size, "action '%.*s' is made by a click: it needs the cell it applies to, as X,Y", name, nlen);
    *out = a;
    return (int)(close + 1 - text);
}

int action_write(const ruleset *r, const grid *g, const action *a, char *buf, size_t size)
{
    const char *name = a->id >= 0 && a->id < r->nactions ? r->action[a->id].name : "?";
    int n = snprintf(buf, size, "%s(", name);
    const char *sep = "";
    if (a->cell >= 0 && g->w > 0) {
        n += snprintf(buf + n, n < (int)size ? size - (size_t)n : 0, "%d,%d", a->cell % g->w + 1, a->cell / g->w + 1);
        sep = ",";
    }
    if (a->dir >= 0) {
        n += snprintf(buf + n, n < (int)size ? size - (size_t)n : 0, "%s%c", sep, grid_dir_letter(g->topo, a->dir));
        sep = ",";
    }
    if (a->has_value) n += snprintf(buf + n, n < (int)size ? size - (size_t)n : 0, "%s%ld", sep, (long)a->value);
    n += snprintf(buf + n, n < (int)size ? size - (size_t)n : 0, ")");
    return n;
}

char *actions_from_text(const ruleset *r, const grid *g, const char *text)
{
    size_t cap = strlen(text) + 64, len = 0;
    char *out = malloc(cap);
    if (!out) return NULL;
    int count = 0;
    for (const char *p = text;;) {
        while (isspace((unsigned char)*p)) p++;
        if (!*p) break;
        action a;
        int n = action_read(r, g, p, &a, NULL, 0);
        if (n < 0) {
            free(out);
            return NULL;
        }
        char tok[ACTION_TEXT_MAX];
        int k = action_write(r, g, &a, tok, sizeof tok);
        if (len + (size_t)k + 1 > cap) {
            cap = (len + (size_t)k + 1) * 2;
            char *bigger = realloc(out, cap);
            if (!bigger) {
                free(out);
                return NULL;
            }
            out = bigger;
        }
        memcpy(out + len, tok, (size_t)k);
        len += (size_t)k;
        p += n;
        count++;
    }
    out[len] = '\0';
    if (count == 0) {
        free(out);
        return NULL;
    }
    return out;
}

char *actions_spaced(const char *text)
{
    size_t n = strlen(text);
    char *out = malloc(n * 2 + 1), *o = out;
    if (!out) return NULL;
    for (const char *p = text; *p; p++) {
        if (isspace((unsigned char)*p)) continue;
        if (o > out && o[-1] == ')') *o++ = ' ';
        *o++ = *p;
    }
    *o = '\0';
    return out;
}

int actions_count(const char *text)
{
    int n = 0;
    for (const char *p = text; *p; p++) n += *p == ')';
    return n;
}
