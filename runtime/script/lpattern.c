/* lpattern.c: Lua patterns with a step count (see lpattern.h).
 *
 * The matcher walks the pattern item by item. An item is a single-character class (a
 * character, '.', %x, or a [set]) with an optional repetition (* + - ?), or one of the
 * special items: a capture ( ... ) or (), a back-reference %1-%9, a balance %bxy, a frontier
 * %f[set], or the end anchor $ as the pattern's last character. Repetitions backtrack by
 * recursion; the depth is bounded like Lua's (MATCH_MAX_DEPTH), and every call and every
 * repetition step is a step: steps are charged to the budget in batches. */
#include "script/lpattern.h"

#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include <lauxlib.h>

#include "script/budget.h"

enum { MATCH_MAX_CAPTURES = 32, MATCH_MAX_DEPTH = 200, STEP_BATCH = 1024 };
enum { CAP_UNFINISHED = -1, CAP_POSITION = -2 };

typedef struct matcher {
    lua_State *L;
    const char *subject, *subject_end;  /* the whole subject */
    const char *pattern_end;
    int depth;                          /* recursion left */
    int level;                          /* captures opened so far */
    long steps;                         /* not yet charged */
    struct {
        const char *start;
        ptrdiff_t len;                  /* or CAP_UNFINISHED, CAP_POSITION */
    } cap[MATCH_MAX_CAPTURES];
} matcher;

static void step(matcher *m)
{
    if (++m->steps >= STEP_BATCH) {
        budget_charge(m->L, m->steps);
        m->steps = 0;
    }
}

/* A set's bytes, scanned to test one character: charged like bytes a string function scans
 * (a set may be megabytes long, and each test of it is then no longer one step). */
static void scan_set(matcher *m, const char *p, const char *close)
{
    m->steps += (close - p) >> BUDGET_BYTE_SHIFT;
    if (m->steps >= STEP_BATCH) {
        budget_charge(m->L, m->steps);
        m->steps = 0;
    }
}

static void settle(matcher *m)
{
    if (m->steps) budget_charge(m->L, m->steps);
    m->steps = 0;
}

static void reset(matcher *m)
{
    m->level = 0;
    m->depth = MATCH_MAX_DEPTH;
}

static void init(matcher *m, lua_State *L, const char *s, size_t len, const char *p, size_t plen)
{
    m->L = L;
    m->subject = s;
    m->subject_end = s + len;
    m->pattern_end = p + plen;
    m->steps = 0;
    reset(m);
}

/* {====== character classes */

/* Whether c is in the class named by letter cl (%a, %d, ...; upper case complements); any
 * other cl stands for itself. */
static bool in_class(int c, int cl)
{
    bool yes;
    switch (tolower(cl)) {
    case 'a': yes = isalpha(c); break;
    case 'c': yes = iscntrl(c); break;
    case 'd': yes = isdigit(c); break;
    case 'g': yes = isgraph(c); break;
    case 'l': yes = islower(c); break;
    case 'p': yes = ispunct(c); break;
    case 's': yes = isspace(c); break;
    case 'u': yes = isupper(c); break;
    case 'w': yes = isalnum(c); break;
    case 'x': yes = isxdigit(c); break;
    case 'z': yes = c == 0; break;        /* deprecated, still Lua 5.4's */
    default: return cl == c;
    }
    return isupper(cl) ? !yes : yes;
}

/* Where the single-character class at p ends. */
static const char *class_end(matcher *m, const char *p)
{
    const char *end = m->pattern_end;
    char first = *p++;
    if (first == '%') {
        if (p >= end) luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (first != '[') return p;
    const char *open = p;
    if (p < end && *p == '^') p++;
    /* The first character of a set is never its end: "[]]" is the set of ']'. */
    do {
        if (p >= end) luaL_error(m->L, "malformed pattern (missing ']')");
        char c = *p++;
        if (c == '%' && p < end) p++;
    } while (p >= end || *p != ']');
    scan_set(m, open, p);
    return p + 1;
}

/* Whether c is in the set from '[' at p to its ']' at close. */
static bool in_set(int c, const char *p, const char *close)
{
    bool want = true;
    p++;
    if (*p == '^') {
        want = false;
        p++;
    }
    for (; p < close; p++) {
        if (*p == '%' && p + 1 < close) {
            p++;
            if (in_class(c, (unsigned char)*p)) return want;
        } else if (p + 2 < close && p[1] == '-') {
            if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2]) return want;
            p += 2;
        } else if ((unsigned char)*p == c) {
            return want;
        }
    }
    return !want;
}

/* Whether the subject character at s is in the class from p to ep. */
static bool single(matcher *m, const char *s, const char *p, const char *ep)
{
    if (s >= m->subject_end) return false;
    int c = (unsigned char)*s;
    switch (*p) {
    case '.': return true;
    case '%': return in_class(c, (unsigned char)p[1]);
    case '[': scan_set(m, p, ep - 1); return in_set(c, p, ep - 1);
    default: return (unsigned char)*p == c;
    }
}

/* }====== */

static const char *match(matcher *m, const char *s, const char *p);

/* The longest run of the class first, then shorter ones, until the rest matches. */
static const char *greedy(matcher *m, const char *s, const char *p, const char *ep)
{
    ptrdiff_t n = 0;
    while (single(m, s + n, p, ep)) {
        n++;
        step(m);
    }
    for (; n >= 0; n--) {
        const char *r = match(m, s + n, ep + 1);
        if (r) return r;
        step(m);
    }
    return NULL;
}

/* The shortest run first. */
static const char *lazy(matcher *m, const char *s, const char *p, const char *ep)
{
    for (;;) {
        const char *r = match(m, s, ep + 1);
        if (r) return r;
        if (!single(m, s, p, ep)) return NULL;
        s++;
        step(m);
    }
}

static const char *open_capture(matcher *m, const char *s, const char *p, ptrdiff_t what)
{
    if (m->level >= MATCH_MAX_CAPTURES) luaL_error(m->L, "too many captures");
    m->cap[m->level].start = s;
    m->cap[m->level].len = what;
    m->level++;
    const char *r = match(m, s, p);
    if (!r) m->level--;
    return r;
}

static const char *close_capture(matcher *m, const char *s, const char *p)
{
    int i = m->level - 1;
    while (i >= 0 && m->cap[i].len != CAP_UNFINISHED) i--;
    if (i < 0) luaL_error(m->L, "invalid pattern capture");
    m->cap[i].len = s - m->cap[i].start;
    const char *r = match(m, s, p);
    if (!r) m->cap[i].len = CAP_UNFINISHED;
    return r;
}

/* %bxy at p (pointing at x): from an x to its matching y. */
static const char *balance(matcher *m, const char *s, const char *p)
{
    if (p + 1 >= m->pattern_end) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= m->subject_end || *s != *p) return NULL;
    char open = p[0], close = p[1];
    int depth = 1;
    while (++s < m->subject_end) {
        step(m);
        if (*s == close) {
            if (--depth == 0) return s + 1;
        } else if (*s == open) {
            depth++;
        }
    }
    return NULL;
}

/* %1 .. %9: the same text as capture digit - '1' again. */
static const char *back_reference(matcher *m, const char *s, int digit)
{
    int i = digit - '1';
    if (i < 0 || i >= m->level || m->cap[i].len == CAP_UNFINISHED)
        luaL_error(m->L, "invalid capture index %%%d", i + 1);
    ptrdiff_t len = m->cap[i].len;
    if (len < 0 || m->subject_end - s < len) return NULL;
    m->steps += len >> BUDGET_BYTE_SHIFT;
    return memcmp(m->cap[i].start, s, (size_t)len) == 0 ? s + len : NULL;
}

/* Matches the pattern from p at s: where the match ends, or NULL. */
static const char *match(matcher *m, const char *s, const char *p)
{
    if (m->depth-- == 0) luaL_error(m->L, "pattern too complex");
    step(m);
    const char *end = m->pattern_end;
    while (p < end) {
        if (*p == '(') {
            s = p + 1 < end && p[1] == ')' ? open_capture(m, s, p + 2, CAP_POSITION)
                                           : open_capture(m, s, p + 1, CAP_UNFINISHED);
            goto done;
        }
        if (*p == ')') {
            s = close_capture(m, s, p + 1);
            goto done;
        }
        if (*p == '$' && p + 1 == end) {
            if (s != m->subject_end) s = NULL;
            goto done;
        }
        if (*p == '%' && p + 1 < end) {
            char kind = p[1];
            if (kind == 'b') {
                s = balance(m, s, p + 2);
                if (!s) goto done;
                p += 4;
                continue;
            }
            if (kind == 'f') {
                p += 2;
                if (p >= end || *p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
                const char *ep = class_end(m, p);
                int before = s == m->subject ? 0 : (unsigned char)s[-1];
                int here = s < m->subject_end ? (unsigned char)*s : 0;
                scan_set(m, p, ep - 1);
                if (in_set(before, p, ep - 1) || !in_set(here, p, ep - 1)) {
                    s = NULL;
                    goto done;
                }
                p = ep;
                continue;
            }
            if (isdigit((unsigned char)kind)) {
                s = back_reference(m, s, kind);
                if (!s) goto done;
                p += 2;
                continue;
            }
        }
        /* A single-character class, maybe repeated. */
        const char *ep = class_end(m, p);
        char rep = ep < end ? *ep : '\0';
        if (!single(m, s, p, ep)) {
            if (rep == '*' || rep == '?' || rep == '-') {
                p = ep + 1;             /* zero of them */
                continue;
            }
            s = NULL;
            goto done;
        }
        if (rep == '?') {
            const char *r = match(m, s + 1, ep + 1);
            if (r) {
                s = r;
                goto done;
            }
            p = ep + 1;
            continue;
        }
        if (rep == '+') {
            s = greedy(m, s + 1, p, ep);
            goto done;
        }
        if (rep == '*') {
            s = greedy(m, s, p, ep);
            goto done;
        }
        if (rep == '-') {
            s = lazy(m, s, p, ep);
            goto done;
        }
        s++;
        p = ep;
    }
done:
    m->depth++;
    return s;
}

/* {====== results */

/* Pushes capture i (the whole match s..e when there are none and i is 0). */
static void push_capture(matcher *m, int i, const char *s, const char *e)
{
    if (i >= m->level) {
        if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
        lua_pushlstring(m->L, s, (size_t)(e - s));
        return;
    }
    ptrdiff_t len = m->cap[i].len;
    if (len == CAP_UNFINISHED) luaL_error(m->L, "unfinished capture");
    if (len == CAP_POSITION) lua_pushinteger(m->L, (m->cap[i].start - m->subject) + 1);
    else lua_pushlstring(m->L, m->cap[i].start, (size_t)len);
}

/* Pushes every capture (or the whole match, when s is given and there are none). */
static int push_captures(matcher *m, const char *s, const char *e)
{
    int n = m->level == 0 && s ? 1 : m->level;
    luaL_checkstack(m->L, n, "too many captures");
    for (int i = 0; i < n; i++) push_capture(m, i, s, e);
    return n;
}

/* }====== */

/* A 1-based start position (negative from the end) as an offset into len bytes. */
static size_t start_offset(lua_Integer pos, size_t len)
{
    if (pos > 0) return (size_t)pos - 1;
    if (pos == 0 || (size_t)-(pos + 1) >= len) return 0;
    return len - (size_t)-pos;
}

static bool plain_pattern(const char *p, size_t len)
{
    static const char specials[] = "^$*+?.([%-";
    for (size_t i = 0; i < len; i++)
        if (memchr(specials, p[i], sizeof specials - 1)) return false;
    return true;
}

/* Plain search, charged for the bytes it compares. */
static const char *find_plain(lua_State *L, const char *s, size_t len, const char *p, size_t plen)
{
    if (plen == 0) return s;
    if (plen > len) return NULL;
    const char *last = s + (len - plen);
    long long compared = 0;
    const char *found = NULL;
    for (const char *at = s; at <= last; at++) {
        at = memchr(at, p[0], (size_t)(last - at) + 1);
        if (!at) break;
        compared += (long long)plen;
        if (compared > (1 << 20)) {
            budget_charge(L, compared >> BUDGET_BYTE_SHIFT);
            compared = 0;
        }
        if (memcmp(at + 1, p + 1, plen - 1) == 0) {
            found = at;
            break;
        }
    }
    budget_charge(L, (compared + (long long)len) >> BUDGET_BYTE_SHIFT);
    return found;
}

static int find_or_match(lua_State *L, bool find)
{
    size_t len, plen;
    const char *s = luaL_checklstring(L, 1, &len);
    const char *p = luaL_checklstring(L, 2, &plen);
    size_t from = start_offset(luaL_optinteger(L, 3, 1), len);
    if (from > len) {
        luaL_pushfail(L);
        return 1;
    }
    if (find && (lua_toboolean(L, 4) || plain_pattern(p, plen))) {
        const char *at = find_plain(L, s + from, len - from, p, plen);
        if (at) {
            lua_pushinteger(L, (at - s) + 1);
            lua_pushinteger(L, (lua_Integer)((at - s) + plen));
            return 2;
        }
        luaL_pushfail(L);
        return 1;
    }
    bool anchored = plen > 0 && *p == '^';
    if (anchored) {
        p++;
        plen--;
    }
    matcher m;
    init(&m, L, s, len, p, plen);
    const char *at = s + from;
    for (;;) {
        reset(&m);
        const char *e = match(&m, at, p);
        if (e) {
            settle(&m);
            if (!find) return push_captures(&m, at, e);
            lua_pushinteger(L, (at - s) + 1);
            lua_pushinteger(L, e - s);
            return push_captures(&m, NULL, NULL) + 2;
        }
        if (anchored || at >= m.subject_end) break;
        at++;
    }
    settle(&m);
    luaL_pushfail(L);
    return 1;
}

static int str_find(lua_State *L) { return find_or_match(L, true); }
static int str_match(lua_State *L) { return find_or_match(L, false); }

/* {====== gmatch */

typedef struct gmatch_state {
    const char *at;             /* where the next search starts */
    const char *last;           /* end of the last match (an empty match there is skipped) */
    matcher m;
} gmatch_state;

/* Upvalues: the subject, the pattern, the state. */
static int gmatch_step(lua_State *L)
{
    gmatch_state *g = lua_touserdata(L, lua_upvalueindex(3));
    matcher *m = &g->m;
    m->L = L;                   /* the iterator may run on another thread than gmatch did */
    size_t plen;
    const char *p = lua_tolstring(L, lua_upvalueindex(2), &plen);
    for (const char *at = g->at; at <= m->subject_end; at++) {
        reset(m);
        const char *e = match(m, at, p);
        if (e && e != g->last) {
            g->at = g->last = e;
            settle(m);
            return push_captures(m, at, e);
        }
    }
    settle(m);
    g->at = m->subject_end + 1;
    return 0;
}

static int str_gmatch(lua_State *L)
{
    size_t len, plen;
    const char *s = luaL_checklstring(L, 1, &len);
    const char *p = luaL_checklstring(L, 2, &plen);
    size_t from = start_offset(luaL_optinteger(L, 3, 1), len);
    lua_settop(L, 2);
    gmatch_state *g = lua_newuserdatauv(L, sizeof *g, 0);
    if (from > len) from = len + 1;
    init(&g->m, L, s, len, p, plen);
    g->at = s + from;
    g->last = NULL;
    lua_pushcclosure(L, gmatch_step, 3);
    return 1;
}

/* }====== */

/* {====== gsub */

/* Adds the replacement string (argument 3) for the match s..e, with %0-%9 and %%. */
static void add_string(matcher *m, luaL_Buffer *b, const char *s, const char *e)
{
    lua_State *L = m->L;
    size_t len;
    const char *r = lua_tolstring(L, 3, &len);
    const char *end = r + len;
    while (r < end) {
        const char *pct = memchr(r, '%', (size_t)(end - r));
        if (!pct) {
            luaL_addlstring(b, r, (size_t)(end - r));
            break;
        }
        luaL_addlstring(b, r, (size_t)(pct - r));
        char c = pct + 1 < end ? pct[1] : '\0';
        if (c == '%') {
            luaL_addchar(b, '%');
        } else if (c == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit((unsigned char)c)) {
            push_capture(m, c - '1', s, e);
            luaL_tolstring(L, -1, NULL);
            lua_remove(L, -2);
            luaL_addvalue(b);
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", '%');
        }
        r = pct + 2;
    }
}

static void add_replacement(matcher *m, luaL_Buffer *b, const char *s, const char *e, int kind)
{
    lua_State *L = m->L;
    if (kind == LUA_TSTRING || kind == LUA_TNUMBER) {
        add_string(m, b, s, e);
        return;
    }
    if (kind == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = push_captures(m, s, e);
        lua_call(L, n, 1);
    } else {
        push_capture(m, 0, s, e);
        lua_gettable(L, 3);
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));     /* keep the original text */
    } else if (!lua_isstring(L, -1)) {
        luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    } else {
        luaL_addvalue(b);
    }
}

static int str_gsub(lua_State *L)
{
    size_t len, plen;
    const char *s = luaL_checklstring(L, 1, &len);
    const char *p = luaL_checklstring(L, 2, &plen);
    int kind = lua_type(L, 3);
    lua_Integer max = luaL_optinteger(L, 4, (lua_Integer)len + 1);
    luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE, 3,
                     "string/function/table");
    bool anchored = plen > 0 && *p == '^';
    if (anchored) {
        p++;
        plen--;
    }
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    matcher m;
    init(&m, L, s, len, p, plen);
    const char *at = s, *last = NULL;
    lua_Integer n = 0;
    while (n < max) {
        reset(&m);
        const char *e = match(&m, at, p);
        if (e && e != last) {
            n++;
            add_replacement(&m, &b, at, e, kind);
            at = last = e;
        } else if (at < m.subject_end) {
            luaL_addchar(&b, *at++);
        } else {
            break;
        }
        if (anchored) break;
    }
    settle(&m);
    luaL_addlstring(&b, at, (size_t)(m.subject_end - at));
    luaL_pushresult(&b);
    lua_pushinteger(L, n);
    return 2;
}

/* }====== */

void lpattern_open(lua_State *L)
{
    static const luaL_Reg fns[] = {
        { "find", str_find }, { "gmatch", str_gmatch }, { "gsub", str_gsub }, { "match", str_match }, { NULL, NULL }
    };
    luaL_setfuncs(L, fns, 0);
}
