/* fuzz_bindings.c: the Lua bindings called with random arguments inside the game sandbox.
 *
 * The input is a program of calls. Each call takes a byte to pick a function (every function
 * of the tessera table and its subtables, and every level method, found at run time so new
 * bindings are fuzzed too), a byte for the number of arguments, and for each argument a byte
 * for its kind: nil, booleans, integers at the edges (0, -1, huge, math.mininteger, ...),
 * floats (NaN, infinities, 1e300), strings cut from the input, game names and paths (bundled
 * games, a missing one, paths outside the sandbox), level texts, tables, a function, and the
 * levels made so far (a Sokoban level and a 15-puzzle to start with, then whatever calls
 * returned). Errors are the bindings' business; what must never happen is a crash, a leak, a
 * sanitizer report, a hang past the budget (the state has the game limits, scaled down) or a
 * read outside the sandbox (libFuzzer's -timeout and -rss_limit_mb catch the rest).
 *
 * The bundled games are found under $TESSERA_DATA (the tests set it to the repository) or the
 * working folder. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "script/bindings.h"
#include "script/host.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct reader {
    const uint8_t *p;
    size_t left;
} reader;

static unsigned next(reader *r)
{
    if (!r->left) return 0;
    r->left--;
    return *r->p++;
}

/* Levels and other values the calls made, kept for later calls (a registry table). */
enum { KEEP_MAX = 16 };

static const char *const names[] = {
    "sokoban", "fifteen", "hexoban", "colour", "ice", "holes", "pull", "multiban", "robot", "picture",
    "no_such_game", "/etc/passwd", "../../../etc/passwd", "sokoban/tessera.xsb", "fifteen/boards.txt",
    "", "up", "down", "left", "right", "east", "R", "lurdLURD", "1", "all",
};

static const char *const texts[] = {
    "#####\n#@$.#\n#####\n",
    "#######\n#.@ $ #\n# $ . #\n#######\n",
    "1 2 3 4 5 6 7 8 0\n",
    "15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0\n",
    "2x3: 1 2 3 4 5 0\n",
    "#@#\n",
    "",
    "-1,1,2,3,0\n",
};

static void push_arg(lua_State *L, reader *r, int keep)
{
    unsigned kind = next(r) % 16;
    switch (kind) {
    case 0: lua_pushnil(L); break;
    case 1: lua_pushboolean(L, next(r) & 1); break;
    case 2: {
        static const lua_Integer edges[] = { 0, 1, -1, 2, 3, 4, 7, 100, 1000, 1 << 20, INT32_MAX,
                                             (lua_Integer)INT32_MAX + 1, LUA_MAXINTEGER, LUA_MININTEGER };
        lua_pushinteger(L, edges[next(r) % (sizeof edges / sizeof edges[0])]);
        break;
    }
    case 3: lua_pushinteger(L, (lua_Integer)(int8_t)next(r)); break;
    case 4: {
        static const double floats[] = { 0.5, -0.5, 1e300, -1e300, 1e-300, 3.5, 0.0 / 0.0, 1.0 / 0.0, -1.0 / 0.0 };
        lua_pushnumber(L, floats[next(r) % (sizeof floats / sizeof floats[0])]);
        break;
    }
    case 5: case 6: {
        size_t n = next(r) % 64;
        if (n > r->left) n = r->left;
        lua_pushlstring(L, (const char *)r->p, n);
        r->p += n;
        r->left -= n;
        break;
    }
    case 7: case 8: lua_pushstring(L, names[next(r) % (sizeof names / sizeof names[0])]); break;
    case 9: lua_pushstring(L, texts[next(r) % (sizeof texts / sizeof texts[0])]); break;
    case 10: {
        unsigned n = next(r) % 20;
        lua_createtable(L, (int)n, 0);
        for (unsigned i = 0; i < n; i++) {
            lua_pushinteger(L, (lua_Integer)(next(r) % 20));
            lua_rawseti(L, -2, (lua_Integer)i + 1);
        }
        break;
    }
    case 11: lua_newtable(L); break;
    case 12:
        if (luaL_dostring(L, "return function(...) return ... end") != LUA_OK) {
            lua_pop(L, 1);
            lua_pushnil(L);
        }
        break;
    default:                                              /* a value kept from earlier */
        lua_rawgeti(L, keep, (lua_Integer)(next(r) % KEEP_MAX) + 1);
        break;
    }
}

/* Every function of the table at index t (and of its subtables, one level down) appended to
 * the array at index list, in key order so that an input always means the same calls. */
static int by_name(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

static void collect(lua_State *L, int t, int list, int depth)
{
    const char *keys[128];
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, t) && n < 128) {
        if (lua_type(L, -2) == LUA_TSTRING && (lua_isfunction(L, -1) || (depth == 0 && lua_istable(L, -1))))
            keys[n++] = lua_tostring(L, -2);               /* the key stays in the table: valid */
        lua_pop(L, 1);
    }
    qsort(keys, (size_t)n, sizeof keys[0], by_name);
    for (int i = 0; i < n; i++) {
        lua_getfield(L, t, keys[i]);
        if (lua_istable(L, -1)) {
            collect(L, lua_gettop(L), list, depth + 1);
            lua_pop(L, 1);
        } else {
            lua_rawseti(L, list, (lua_Integer)lua_rawlen(L, list) + 1);
        }
    }
}

static int run_program(lua_State *L)
{
    reader *r = lua_touserdata(L, 1);
    lua_newtable(L);                                      /* 2: the functions */
    lua_getglobal(L, "tessera");
    if (lua_istable(L, -1)) collect(L, lua_gettop(L), 2, 0);
    lua_pop(L, 1);
    int nlib = (int)lua_rawlen(L, 2);
    luaL_getmetatable(L, TESSERA_LEVEL);
    if (lua_istable(L, -1) && lua_getfield(L, -1, "__index") == LUA_TTABLE) collect(L, lua_gettop(L), 2, 1);
    lua_settop(L, 2);
    int nfuncs = (int)lua_rawlen(L, 2);
    if (nfuncs == 0) return 0;
    lua_createtable(L, KEEP_MAX, 0);                      /* 3: values kept */
    int kept = 0;
    luaL_dostring(L, "return tessera.parse('sokoban', '#######\\n#.@ $ #\\n# $ . #\\n#######\\n')");
    lua_settop(L, 4);
    lua_rawseti(L, 3, ++kept);
    luaL_dostring(L, "return tessera.parse('fifteen', '1 2 3 4 5 6 7 0 8\\n')");
    lua_settop(L, 4);
    lua_rawseti(L, 3, ++kept);
    for (int calls = 0; r->left > 0 && calls < 64; calls++) {
        int f = (int)(next(r) % (unsigned)nfuncs) + 1;
        int nargs = (int)(next(r) % 5);
        lua_rawgeti(L, 2, f);
        /* A level method: the level first, most of the time. */
        bool method = f > nlib && (next(r) % 8) != 0;
        if (method) lua_rawgeti(L, 3, (lua_Integer)(next(r) % (unsigned)kept) + 1);
        for (int i = 0; i < nargs; i++) push_arg(L, r, 3);
        int status = lua_pcall(L, nargs + method, 2, 0);
        if (getenv("FUZZ_BINDINGS_TRACE"))                /* to see what an input does */
            fprintf(stderr, "call %d (%d args%s): %s\n", f, nargs, method ? ", a level first" : "",
                    status == LUA_OK ? "ok" : lua_tostring(L, -1));
        if (status != LUA_OK) {
            const char *msg = lua_tostring(L, -1);
            if (msg && strstr(msg, "script ran too long")) return 0;     /* the budget is final */
            lua_pop(L, 1);
            continue;
        }
        /* Keep a result that is a value worth reusing (a level, a table, a string). */
        for (int i = -2; i < 0; i++) {
            if (!lua_isnil(L, i) && !lua_isboolean(L, i) && !lua_isnumber(L, i)) {
                lua_pushvalue(L, i);
                int slot = kept < KEEP_MAX ? ++kept : (int)(next(r) % KEEP_MAX) + 1;
                lua_rawseti(L, 3, slot);
            }
        }
        lua_pop(L, 2);
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char scripts[4096], levels[4096];
    if (!scripts[0]) {
        const char *root = getenv("TESSERA_DATA");
        if (!root || !*root) root = ".";
        snprintf(scripts, sizeof scripts, "%s/scripts", root);
        snprintf(levels, sizeof levels, "%s/levels", root);
    }
    error err;
    /* The game limits, scaled down so that each input ends quickly. */
    host_config cfg = { .name = "fuzz", .scripts_dir = scripts, .levels_dir = levels, .memory_limit = (size_t)32 << 20,
                        .instruction_limit = 5000000, .seconds_limit = 1.0 };
    host *h = host_new(&cfg, &err);
    if (!h) return 0;
    lua_State *L = host_lua(h);
    reader r = { data, size };
    lua_pushcfunction(L, run_program);
    lua_pushlightuserdata(L, &r);
    host_pcall(h, 1, 0, &err);
    host_free(h);
    return 0;
}
