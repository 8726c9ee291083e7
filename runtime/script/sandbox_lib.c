/* sandbox_lib.c: the libraries a script sees. Lua's own, trimmed, and wrapped where they
 * could reach outside or do work the instruction count does not see:
 *   - files: io.open, io.lines, loadfile, dofile and require open through the host's roots
 *     and read through the descriptor they opened (sandbox_files.c);
 *   - C-level work: each library function whose work grows with its arguments (string.rep,
 *     string.byte, table.move, table.concat, table.sort, utf8.len, string.format, load,
 *     collectgarbage, reading files, ...) charges it to the budget (budget.h) before or after
 *     doing it, so a loop of them stops like any loop; string.rep("", huge) is refused outright
 *     instead of looping; the pattern functions are our own counted matcher (lpattern.c);
 *   - metatables: no __gc finalizers and no weak keys (sandbox_meta.c);
 *   - xpcall: a message handler is not run once the budget is spent (Lua would run it with
 *     hooks off);
 *   - coroutines: resume, wrap and close say which thread runs, so the budget's timer stops
 *     the right one;
 *   - print: to stderr as "[name] text" with control characters escaped (run mode: as is, to
 *     stdout). */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lualib.h>

#include "core/confine.h"
#include "core/textfile.h"
#include "core/textsafe.h"
#include "script/bindings.h"
#include "script/budget.h"
#include "script/game.h"
#include "script/host.h"
#include "script/lpattern.h"
#include "script/sandbox.h"

/* Script-named files bigger than this are not read (a level or script is far smaller). */
#define SANDBOX_FILE_MAX TEXTFILE_MAX

static budget *budget_of(lua_State *L) { return host_budget(host_of(L)); }

/* Work units charged per byte compiled (the parser takes several instructions' time a byte). */
enum { LOAD_UNITS = 8 };

/* {====================================================================
 * Charged wrappers of library functions
 * ===================================================================== */

/* What a wrapped function's work grows with, worked out from its arguments before it runs. */
enum cost {
    COST_LEN1,          /* the length of argument 1 (a string) */
    COST_NARGS,         /* the number of arguments */
    COST_RANGE23,       /* string.byte / utf8.codepoint (s, i, j) and table.unpack (t, i, j) */
    COST_MOVE,          /* table.move(a, f, e, t) */
    COST_CONCAT,        /* table.concat(t, sep, i, j) */
    COST_TABLE_LEN,     /* table.insert / table.remove: the table's length */
    COST_SORT,          /* n log n of the table's length */
    COST_LEN12,         /* string.pack / unpack: format and data */
    COST_SELECT,        /* select(n, ...): the values it returns */
    COST_EQUAL,         /* rawequal: comparing two strings */
    COST_HEAP,          /* collectgarbage: a cycle walks the heap */
    COST_DATE,          /* os.date(format): each conversion may write a few dozen bytes */
    COST_RESULT         /* only what comes out (charged after) */
};

static long long arg_len(lua_State *L, int i)
{
    size_t n = 0;
    if (lua_type(L, i) == LUA_TSTRING) lua_tolstring(L, i, &n);
    return (long long)n;
}

/* Argument i as the integer the library will take it for (2^40 is a float), or d. */
static lua_Integer opt_int(lua_State *L, int i, lua_Integer d)
{
    int isnum;
    lua_Integer v = lua_tointegerx(L, i, &isnum);
    return isnum ? v : d;
}

/* Elements from i to j inclusive (0 if none), saturated. */
static long long span(lua_Integer i, lua_Integer j)
{
    if (j < i) return 0;
    if (i < 0 && j > LLONG_MAX + i) return LLONG_MAX;
    return (long long)(j - i) + 1;
}

/* A table's length as the library would see it (its __len runs, counted). */
static long long table_len(lua_State *L, int i)
{
    if (!lua_istable(L, i) && !luaL_getmetafield(L, i, "__len")) return 0;
    if (!lua_istable(L, i)) lua_pop(L, 1);
    lua_len(L, i);
    long long n = lua_isinteger(L, -1) ? (long long)lua_tointeger(L, -1) : 0;
    lua_pop(L, 1);
    return n;
}

static long long cost_of(lua_State *L, enum cost kind)
{
    int top = lua_gettop(L);
    long long len;
    switch (kind) {
    case COST_LEN1: return arg_len(L, 1) >> BUDGET_BYTE_SHIFT;
    case COST_NARGS: return top;
    case COST_RANGE23: {
        len = lua_type(L, 1) == LUA_TSTRING ? arg_len(L, 1) : table_len(L, 1);
        lua_Integer i = opt_int(L, 2, 1), j = opt_int(L, 3, lua_type(L, 1) == LUA_TSTRING ? i : len);
        if (lua_type(L, 1) == LUA_TSTRING) {
            if (i < 0) i += len + 1;
            if (j < 0) j += len + 1;
            if (j > len) j = len;
            if (i < 1) i = 1;
        }
        return span(i, j);
    }
    case COST_MOVE: return span(opt_int(L, 2, 1), opt_int(L, 3, 0));
    case COST_CONCAT: {
        lua_Integer i = opt_int(L, 3, 1), j = lua_isnoneornil(L, 4) ? table_len(L, 1) : opt_int(L, 4, 0);
        return span(i, j);
    }
    case COST_TABLE_LEN: return table_len(L, 1);
    case COST_SORT: {
        long long n = table_len(L, 1), log = 1;
        while (log < 62 && (1LL << log) < n) log++;
        long long cost = n > 0 && n < (LLONG_MAX >> 6) ? n * log : n;
        if (lua_isnoneornil(L, 2) && lua_type(L, 1) == LUA_TTABLE && n > 0) {
            /* Compared by the library itself, strings cost their bytes: each element meets
             * about log n others, and comparing two equal strings scans the whole of them
             * (5000 references to one 30 MB string took 90 s). Looked at raw, no metamethod
             * run. The n log n is charged first, so that a length the budget could not pay for
             * (an __len of 2^40) stops before the look; then every element is looked at (a
             * sample could be fooled by long strings at the end). */
            budget_charge(L, cost);
            long long bytes = 0;
            for (long long i = 1; i <= n; i++) {
                size_t bytes_i = 0;
                if (lua_rawgeti(L, 1, (lua_Integer)i) == LUA_TSTRING) lua_tolstring(L, -1, &bytes_i);
                lua_pop(L, 1);
                bytes += (long long)bytes_i;
            }
            cost = (bytes >> BUDGET_BYTE_SHIFT) * log + n;
        }
        return cost;
    }
    case COST_LEN12: return (arg_len(L, 1) + arg_len(L, 2)) >> BUDGET_BYTE_SHIFT;
    case COST_SELECT: return top;
    case COST_EQUAL: {
        long long a = arg_len(L, 1), b = arg_len(L, 2);
        return (a < b ? a : b) >> BUDGET_BYTE_SHIFT;
    }
    case COST_HEAP: {
        const char *opt = luaL_optstring(L, 1, "collect");
        return strcmp(opt, "count") == 0 || strcmp(opt, "isrunning") == 0
                   ? 0 : (long long)lua_gc(L, LUA_GCCOUNT) << (10 - BUDGET_BYTE_SHIFT);
    }
    case COST_DATE: return arg_len(L, 1) * 4;
    case COST_RESULT: return 0;
    }
    return 0;
}

/* The wrapper: upvalue 1 the library's function, upvalue 2 the cost kind. Charges the work
 * its arguments ask for, calls it, then charges for the bytes of the strings it returns. */
static int charged(lua_State *L)
{
    enum cost kind = (enum cost)lua_tointeger(L, lua_upvalueindex(2));
    budget_charge(L, cost_of(L, kind));
    int base = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, base, LUA_MULTRET);
    int n = lua_gettop(L);
    size_t bytes = 0;
    for (int i = 1; i <= n; i++)
        if (lua_type(L, i) == LUA_TSTRING) {
            size_t len;
            lua_tolstring(L, i, &len);
            bytes += len;
        }
    budget_charge(L, (long long)(bytes >> BUDGET_BYTE_SHIFT) + (n > 16 ? n : 0));
    return n;
}

/* Replaces t[name] (t on top) with its charged wrapper. */
static void charge_field(lua_State *L, const char *name, enum cost kind)
{
    lua_getfield(L, -1, name);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    lua_pushinteger(L, kind);
    lua_pushcclosure(L, charged, 2);
    lua_setfield(L, -2, name);
}

typedef struct charged_fn {
    const char *name;
    enum cost kind;
} charged_fn;

/* The functions of global library lib that are charged, and what for. */
static const struct charged_list {
    const char *lib;
    charged_fn fns[12];
} charged_lists[] = {
    { "_G", { { "select", COST_SELECT }, { "tostring", COST_RESULT }, { "tonumber", COST_LEN1 },
              { "rawequal", COST_EQUAL }, { NULL, 0 } } },
    { LUA_STRLIBNAME, { { "byte", COST_RANGE23 }, { "char", COST_NARGS }, { "upper", COST_LEN1 },
                        { "lower", COST_LEN1 }, { "reverse", COST_LEN1 }, { "sub", COST_RESULT },
                        { "format", COST_NARGS }, { "pack", COST_LEN1 }, { "packsize", COST_LEN1 },
                        { "unpack", COST_LEN12 }, { NULL, 0 } } },
    { LUA_TABLIBNAME, { { "concat", COST_CONCAT }, { "insert", COST_TABLE_LEN }, { "remove", COST_TABLE_LEN },
                        { "move", COST_MOVE }, { "sort", COST_SORT }, { "unpack", COST_RANGE23 },
                        { "pack", COST_NARGS }, { NULL, 0 } } },
    { LUA_UTF8LIBNAME, { { "char", COST_NARGS }, { "codepoint", COST_RANGE23 }, { "len", COST_LEN1 },
                         { "offset", COST_LEN1 }, { NULL, 0 } } },
    { NULL, { { NULL, 0 } } },
};

static void charge_libraries(lua_State *L)
{
    for (const struct charged_list *l = charged_lists; l->lib; l++) {
        lua_getglobal(L, l->lib);
        for (const charged_fn *f = l->fns; f->name; f++) charge_field(L, f->name, f->kind);
        lua_pop(L, 1);
    }
}

/* string.rep(s, n [, sep]): built here, because the library's loops n times even when the
 * result is empty (("").rep(math.maxinteger) never returns); the result's size is charged
 * before a byte is copied. */
static int str_rep(lua_State *L)
{
    size_t l, lsep;
    const char *s = luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    const char *sep = luaL_optlstring(L, 3, "", &lsep);
    const size_t max = (size_t)LLONG_MAX < ~(size_t)0 ? (size_t)LLONG_MAX : ~(size_t)0;
    if (n <= 0 || l + lsep == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    if (l + lsep < l || l + lsep > max / (size_t)n) return luaL_error(L, "resulting string too large");
    size_t total = (size_t)n * (l + lsep) - lsep;
    /* Too big for the pool: the allocation below fails with Lua's memory error before any
     * work is charged; otherwise the copying is charged first. */
    if (total <= host_memory_left(host_of(L))) budget_charge_bytes(L, total);
    luaL_Buffer b;
    char *p = luaL_buffinitsize(L, &b, total);
    memcpy(p, s, l);
    if (lsep && total > l) memcpy(p + l, sep, lsep);
    /* Doubling copies of what is there: one unit, then two, then four ... */
    size_t have = total > l + lsep ? l + lsep : total;
    while (have < total) {
        size_t copy = have < total - have ? have : total - have;
        memcpy(p + have, p, copy);
        have += copy;
    }
    luaL_pushresultsize(&b, total);
    return 1;
}

/* }==================================================================== */

/* {====================================================================
 * Base functions
 * ===================================================================== */

/* Bytes a game's print writes to stderr in one call from the app (a hook call, loading). The
 * CPU-time limit does not see the time a write waits for the terminal: one move whose hook
 * printed a 16 MB string 25 times wrote 420 MB and froze the game 35 s behind a slow reader. */
enum { PRINT_MAX = 64 * 1024 };

/* print(...): like Lua's, to stderr with the script's name and control characters escaped,
 * at most PRINT_MAX bytes a call (run mode: as is, to stdout). */
static int host_print(lua_State *L)
{
    host *h = host_of(L);
    budget *b = budget_of(L);
    bool out = host_stdio(h);
    FILE *f = out ? stdout : stderr;
    int n = lua_gettop(L);
    size_t total = 0;
    if (!out) {
        if (b->printed >= PRINT_MAX) return 0;
        b->printed += strlen(host_name(h)) + 4 + (size_t)n;     /* "[name] ", tabs, newline */
        fprintf(stderr, "[%s] ", host_name(h));
    }
    for (int i = 1; i <= n; i++) {
        size_t len;
        const char *s = luaL_tolstring(L, i, &len); /* pushes the string */
        if (i > 1) fputc('\t', f);
        if (out) {
            fwrite(s, 1, len, f);
        } else {
            size_t room = b->printed < PRINT_MAX ? PRINT_MAX - b->printed : 0;
            size_t part = len < room ? len : room;
            textsafe_write(f, s, part, TEXTSAFE_LINES);
            b->printed += part;
            if (part < len) {
                fprintf(f, "...\n[%s] (print: %d KiB in one call; the rest of it is left out)", host_name(h),
                        PRINT_MAX >> 10);
                b->printed = PRINT_MAX;
                lua_pop(L, 1);
                break;
            }
        }
        total += len;
        lua_pop(L, 1);
    }
    fputc('\n', f);
    fflush(f);
    budget_charge_bytes(L, total);
    return 0;
}

/* A string given to load, in pieces, so that compiling stops when the call's time is up (some
 * chunks compile in quadratic time). */
typedef struct text_reader {
    const char *s;
    size_t left;
    double started;               /* CPU seconds when compiling began */
} text_reader;

enum { LOAD_PIECE = 4096 };

static const char *load_text_piece(lua_State *L, void *ud, size_t *size)
{
    text_reader *r = ud;
    host_compile_check(L, r->started);
    *size = r->left < LOAD_PIECE ? r->left : LOAD_PIECE;
    const char *p = r->s;
    r->s += *size;
    r->left -= *size;
    return *size ? p : NULL;
}

/* A reader function's pieces for load, each charged as it comes. */
static const char *load_piece(lua_State *L, void *ud, size_t *size)
{
    host_compile_check(L, *(const double *)ud);
    luaL_checkstack(L, 2, "too many nested functions");
    lua_pushvalue(L, 1);
    lua_call(L, 0, 1);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        *size = 0;
        return NULL;
    }
    if (!lua_isstring(L, -1)) luaL_error(L, "reader function must return a string");
    lua_replace(L, 5);
    const char *s = lua_tolstring(L, 5, size);
    budget_charge(L, (long long)*size * LOAD_UNITS);
    return s;
}

/* load(chunk [, chunkname [, mode [, env]]]): text only; its size is charged (compiling costs
 * what reading does). A chunk name may not pose as a file ("@NAME" and "=NAME" become
 * "=load:NAME"). */
static int host_load(lua_State *L)
{
    size_t len = 0;
    const char *s = lua_tolstring(L, 1, &len);
    const char *name = luaL_optstring(L, 2, s ? s : "=(load)");
    int has_env = !lua_isnone(L, 4);
    /* "@NAME" and "=NAME" would show as NAME: a file's name in messages, a bundled game's
     * or any other. They show as "load:NAME". */
    if (name[0] == '@' || name[0] == '=') name = lua_pushfstring(L, "=load:%s", name + 1);
    else name = lua_pushstring(L, name);
    lua_replace(L, 2);
    name = lua_tostring(L, 2);
    int status;
    if (s) {
        budget_charge(L, (long long)len * LOAD_UNITS); /* compiling costs a few instructions a byte */
        text_reader r = { s, len, budget_cpu_now() };
        status = lua_load(L, load_text_piece, &r, name, "t");
    } else {
        luaL_checktype(L, 1, LUA_TFUNCTION);
        lua_settop(L, 5);                           /* 5: the piece being read */
        double started = budget_cpu_now();
        status = lua_load(L, load_piece, &started, name, "t");
    }
    if (status != LUA_OK) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    if (has_env) {
        lua_pushvalue(L, 4);
        if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
    }
    return 1;
}

/* xpcall's message handler in the sandbox: upvalue 1 is the script's. Once the budget is spent
 * the script's handler is not called: Lua runs a handler for an error raised in a hook with
 * hooks off, so a handler that loops could not be stopped; the error goes on as it is. */
static int xpcall_handler(lua_State *L)
{
    if (budget_of(L)->spent) return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static int finish_xpcall(lua_State *L, int status, lua_KContext extra)
{
    if (status != LUA_OK && status != LUA_YIELD) {
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

/* xpcall(f, handler, ...): Lua's, with the handler behind xpcall_handler. */
static int host_xpcall(lua_State *L)
{
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, xpcall_handler, 1);
    lua_replace(L, 2);
    lua_pushboolean(L, 1);                      /* first result */
    lua_pushvalue(L, 1);                        /* the function */
    lua_rotate(L, 3, 2);                        /* both below the function's arguments */
    int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_xpcall);
    return finish_xpcall(L, status, 2);
}

/* collectgarbage([opt [, arg]]): only the options that cannot change how the collector runs;
 * a cycle is charged for the heap it walks. */
static int host_collectgarbage(lua_State *L)
{
    static const char *const allowed[] = { "collect", "count", "step", "isrunning", NULL };
    const char *opt = luaL_optstring(L, 1, "collect");
    int i = 0;
    while (allowed[i] && strcmp(allowed[i], opt) != 0) i++;
    if (!allowed[i]) return luaL_argerror(L, 1, lua_pushfstring(L, "option '%s' is not allowed", opt));
    budget_charge(L, cost_of(L, COST_HEAP));
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

/* }==================================================================== */


/* {====================================================================
 * Coroutines: the budget knows which thread runs
 * ===================================================================== */

enum { CO_RUNNING, CO_SUSPENDED, CO_NORMAL, CO_DEAD };
static const char *const co_status_names[] = { "running", "suspended", "normal", "dead" };

static int co_status(lua_State *L, lua_State *co)
{
    if (L == co) return CO_RUNNING;
    switch (lua_status(co)) {
    case LUA_YIELD: return CO_SUSPENDED;
    case LUA_OK: {
        lua_Debug ar;
        if (lua_getstack(co, 0, &ar)) return CO_NORMAL;      /* it resumed another one */
        return lua_gettop(co) == 0 ? CO_DEAD : CO_SUSPENDED;  /* not started yet */
    }
    default: return CO_DEAD;
    }
}

/* Resumes co with narg values from L's top: the count of results moved to L, or -1 with the
 * error on L's top. */
static int resume_on(lua_State *L, lua_State *co, int narg)
{
    int st = co_status(L, co);
    if (st != CO_SUSPENDED) {
        lua_pushfstring(L, "cannot resume %s coroutine", st == CO_DEAD ? "dead" : "non-suspended");
        return -1;
    }
    if (!lua_checkstack(co, narg)) {
        lua_pushliteral(L, "too many arguments to resume");
        return -1;
    }
    lua_xmove(L, co, narg);
    budget *b = budget_of(L);
    lua_State *before = budget_switch(b, co);
    int nres;
    int status = lua_resume(co, L, narg, &nres);
    budget_switch(b, before);
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 1)) {
            lua_pop(co, nres);
            lua_pushliteral(L, "too many results to resume");
            return -1;
        }
        lua_xmove(co, L, nres);
        return nres;
    }
    lua_xmove(co, L, 1);
    return -1;
}

static lua_State *check_co(lua_State *L, int idx)
{
    lua_State *co = lua_tothread(L, idx);
    luaL_argexpected(L, co, idx, "coroutine");
    return co;
}

static int co_resume(lua_State *L)
{
    lua_State *co = check_co(L, 1);
    int r = resume_on(L, co, lua_gettop(L) - 1);
    if (r < 0) {
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;
    }
    lua_pushboolean(L, 1);
    lua_insert(L, -(r + 1));
    return r + 1;
}

/* Closes co's pending to-be-closed variables (their __close runs on co). */
static int reset_on(lua_State *L, lua_State *co)
{
    budget *b = budget_of(L);
    lua_State *before = budget_switch(b, co);
    int status = lua_resetthread(co);
    budget_switch(b, before);
    return status;
}

static int co_wrapped(lua_State *L)
{
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int r = resume_on(L, co, lua_gettop(L));
    if (r >= 0) return r;
    int st = lua_status(co);
    if (st != LUA_OK && st != LUA_YIELD) {
        st = reset_on(L, co);
        lua_xmove(co, L, 1);
    }
    if (st != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

static int co_wrap(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    lua_pushcclosure(L, co_wrapped, 1);
    return 1;
}

static int co_close(lua_State *L)
{
    lua_State *co = check_co(L, 1);
    int st = co_status(L, co);
    if (st != CO_DEAD && st != CO_SUSPENDED)
        return luaL_error(L, "cannot close a %s coroutine", co_status_names[st]);
    if (reset_on(L, co) == LUA_OK) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pushboolean(L, 0);
    lua_xmove(co, L, 1);
    return 2;
}

/* }==================================================================== */



/* {====================================================================
 * Opening the sandbox
 * ===================================================================== */

static void open_lib(lua_State *L, const char *name, lua_CFunction open)
{
    luaL_requiref(L, name, open, 1);
    lua_pop(L, 1);
}

/* Builds a table of the fields of the table on top whose names are listed, and replaces
 * the table on top with it. */
static void keep_fields(lua_State *L, const char *const *names)
{
    lua_newtable(L);
    for (int i = 0; names[i]; i++) {
        lua_getfield(L, -2, names[i]);
        lua_setfield(L, -2, names[i]);
    }
    lua_remove(L, -2);
}

/* Sets global name and loaded[name] to the value on top (popped). */
static void set_library(lua_State *L, const char *name)
{
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_pushvalue(L, -2);
    lua_setfield(L, -2, name);
    lua_pop(L, 1);
    lua_setglobal(L, name);
}

/* t[name] = f with t[name]'s old value as upvalue 1 (t on top). */
static void wrap_field(lua_State *L, const char *name, lua_CFunction f)
{
    lua_getfield(L, -1, name);
    lua_pushcclosure(L, f, 1);
    lua_setfield(L, -2, name);
}

static void set_field(lua_State *L, const char *name, lua_CFunction f)
{
    lua_pushcfunction(L, f);
    lua_setfield(L, -2, name);
}

static void open_base(lua_State *L)
{
    lua_pushglobaltable(L);
    set_field(L, "load", host_load);
    wrap_field(L, "collectgarbage", host_collectgarbage);
    set_field(L, "print", host_print);
    set_field(L, "xpcall", host_xpcall);
    lua_pop(L, 1);
    sandbox_open_meta(L);
}

static void open_string(lua_State *L)
{
    lua_getglobal(L, LUA_STRLIBNAME);
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");   /* bytecode is useless without binary load */
    set_field(L, "rep", str_rep);
    lpattern_open(L);              /* find, match, gmatch, gsub */
    lua_pop(L, 1);
}

/* utf8.codes' iterator, charged for the bytes each step passes over (a step skips any run
 * of continuation bytes, however long). */
static int utf8_step(lua_State *L)
{
    lua_Integer from = lua_tointeger(L, 2);
    lua_settop(L, 2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 2, LUA_MULTRET);
    lua_Integer to = lua_gettop(L) > 0 && lua_isinteger(L, 1) ? lua_tointeger(L, 1) : (lua_Integer)0x7fffffff;
    budget_charge(L, to > from ? (long long)(to - from) >> BUDGET_BYTE_SHIFT : 0);
    return lua_gettop(L);
}

static int utf8_codes(lua_State *L)
{
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, 3);                          /* iterator, s, 0 */
    lua_pushvalue(L, -3);
    lua_pushcclosure(L, utf8_step, 1);
    lua_replace(L, -4);
    return 3;
}

static void open_utf8(lua_State *L)
{
    lua_getglobal(L, LUA_UTF8LIBNAME);
    wrap_field(L, "codes", utf8_codes);
    lua_pop(L, 1);
}

static void open_coroutine(lua_State *L)
{
    lua_getglobal(L, LUA_COLIBNAME);
    set_field(L, "resume", co_resume);
    set_field(L, "wrap", co_wrap);
    set_field(L, "close", co_close);
    lua_pop(L, 1);
}

int sandbox_open(lua_State *L)
{
    static const char *const os_safe[] = { "clock", "date", "time", NULL };
    static const char *const io_run[] = { "lines", "open", "read", "stderr", "stdin", "stdout", "type", "write", NULL };
    static const char *const io_game[] = { "lines", "open", "type", NULL };
    host *h = host_of(L);

    open_lib(L, LUA_GNAME, luaopen_base);
    open_lib(L, LUA_COLIBNAME, luaopen_coroutine);
    open_lib(L, LUA_STRLIBNAME, luaopen_string);
    open_lib(L, LUA_TABLIBNAME, luaopen_table);
    open_lib(L, LUA_MATHLIBNAME, luaopen_math);
    open_lib(L, LUA_UTF8LIBNAME, luaopen_utf8);

    /* os and io are opened outside `loaded`, so require cannot hand out the full tables. */
    lua_pushcfunction(L, luaopen_os);
    lua_call(L, 0, 1);
    keep_fields(L, os_safe);
    charge_field(L, "date", COST_DATE);
    set_library(L, LUA_OSLIBNAME);
    /* io: reading files beneath the roots (run mode: standard input and output too). */
    lua_pushcfunction(L, luaopen_io);
    lua_call(L, 0, 1);
    keep_fields(L, host_stdio(h) ? io_run : io_game);
    charge_field(L, "write", COST_RESULT);
    charge_field(L, "read", COST_RESULT);
    sandbox_open_files(L);
    set_library(L, LUA_IOLIBNAME);

    open_base(L);
    open_string(L);
    open_utf8(L);
    charge_libraries(L);
    open_coroutine(L);

    lua_getglobal(L, LUA_MATHLIBNAME);
    lua_getfield(L, -1, "randomseed");
    lua_setfield(L, LUA_REGISTRYINDEX, HOST_RANDOMSEED);
    lua_pop(L, 1);

    open_lib(L, "tessera", luaopen_tessera);
    return 0;
}

/* }==================================================================== */
