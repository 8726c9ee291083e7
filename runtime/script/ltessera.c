/* ltessera.c: the `tessera` module, open in every script:
 *   tessera.game { ... }                  checks a game table (see gamedef.c) and returns it
 *   tessera.load(game [, file [, n]])     -> level, count | nil, message
 *   tessera.parse(game, text [, n [, format]]) -> level, count | nil, message
 *   tessera.scramble(game, w, h [, seed]) -> board (flat array, 0 the blank) | nil, message
 *   tessera.sliding.solvable(board, w, h) -> bool
 *   tessera.sliding.goal(w, h)            -> { 1, 2, ..., w*h-1, 0 }
 *   tessera.dirs([topology])              -> { "up", "right", "down", "left" } (direction order)
 *   tessera.extend(base, overrides), tessera.import(base)   games built on games (lextend.c)
 *   tessera.version
 * game is a bundled name ("sokoban") or a path to a .lua script; the levels made here are
 * owned (see lstate.c): each runs its own copy of the game, hooks included. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <lauxlib.h>

#include "core/confine.h"
#include "core/sliding.h"
#include "core/textfile.h"
#include "script/api_doc.h"
#include "script/bindings.h"
#include "script/budget.h"
#include "script/host.h"

#ifndef TESSERA_VERSION
#define TESSERA_VERSION "0.1.0"
#endif

enum { BOARD_MAX_CELLS = 65536 };

/* nil, "file:line: message"; frees what an unfinished owned level holds. */
static int fail(lua_State *L, tlevel *lv, const error *err)
{
    char buf[ERROR_TEXT_MAX + 300];
    if (lv) tlevel_release(lv);
    lua_pushnil(L);
    lua_pushstring(L, error_format(err, buf, sizeof buf));
    return 2;
}

/* Whether a script may read path (beneath its roots, a regular file). */
static int readable(lua_State *L, const char *path)
{
    error err;
    int fd = confine_open(host_roots(host_of(L)), NULL, path, NULL, 0, &err);
    if (fd >= 0) close(fd);
    return fd >= 0;
}

/* Pushes the path of a level file: as given if the script may read it, else under the first
 * folder of the level search path (mods' levels/, then the bundled levels/) that holds it. */
static const char *push_level_path(lua_State *L, const char *file)
{
    const char *dir = host_levels_dir(host_of(L));
    if (file[0] == '/' || readable(L, file)) return lua_pushstring(L, file);
    for (const char *d = dir; d && *d;) {
        const char *sep = strchr(d, GAME_SEARCH_SEP);
        int n = sep ? (int)(sep - d) : (int)strlen(d);
        lua_pushlstring(L, d, (size_t)n);
        const char *joined = lua_pushfstring(L, "%s/%s", lua_tostring(L, -1), file);
        lua_remove(L, -2);
        if (readable(L, joined)) return joined;
        lua_pop(L, 1);
        d = sep ? sep + 1 : NULL;
    }
    return lua_pushstring(L, file);
}

/* A game for a level or a scramble: a new Lua state, its libraries and its script, all work of
 * the call (the script's instructions are counted as they run; the rest by its CPU time). */
static game *load_game_metered(lua_State *L, const char *name, error *err)
{
    budget *b = host_budget(host_of(L));
    budget_meter m;
    budget_meter_start(b, &m);
    game *g = game_load_child(host_of(L), name, err);
    budget_meter_stop(b, &m);
    return g;
}

/* Cells of levels a script may still make: what its pool holds at about 40 bytes a cell. */
static size_t cells_left(lua_State *L)
{
    size_t cells = host_memory_left(host_of(L)) / 40;
    return cells ? cells : 1;
}

/* levelset_parse_capped with the cells, and the bytes beside them (titles, "Key: value" lines,
 * a level's own rules), that the script's memory can still hold: a set cut short by either cap
 * is a memory error. 0, or -1 with err. */
static int parse_within_memory(lua_State *L, tlevel *lv, const char *name, const char *text, size_t len,
                               level_format fmt, error *err)
{
    /* What the parse allocates for a while (its table of lines) is held in the pool as it runs. */
    host *h = host_of(L);
    size_t scratch = levelset_parse_scratch(text, len);
    if (host_reserve(h, scratch) != 0)
        return error_set(err, name, 0, 0, "not enough memory to read these levels: the table of their lines takes %zu MiB "
                         "(scripts may use %d MiB)", (scratch >> 20) + 1, (int)(host_memory_limit(h) >> 20));
    size_t cap = cells_left(L), extra = host_memory_left(h);
    int rc = levelset_parse_capped(lv->set, name, text, len, fmt, game_rules(lv->g), cap, extra ? extra : 1, err);
    host_release(h, scratch);
    if (rc == 0) return 0;
    if (strstr(err->msg, "the levels are too large"))
        error_set(err, name, 0, 0, "not enough memory for these levels: more than %zu cells (scripts may use %d MiB)",
                  cap, (int)(host_memory_limit(h) >> 20));
    else if (extra < LEVELSET_MAX_EXTRA && strstr(err->msg, "'Key: value' lines and own rules take more than"))
        error_set(err, name, err->line, 1,
                  "not enough memory for these levels: their titles, 'Key: value' lines and own rules take more than "
                  "%zu bytes (scripts may use %d MiB)", extra, (int)(host_memory_limit(h) >> 20));
    return -1;
}

/* Parses text into the owned level's set (capped to what the pool can hold) and counts the
 * set in the pool. 0, or -1 with err. */
static int parse_levels(lua_State *L, tlevel *lv, const char *name, const char *text, size_t len, level_format fmt,
                        error *err)
{
    budget_charge_bytes(L, len);
    if (parse_within_memory(L, lv, name, text, len, fmt, err) != 0) return -1;
    if (tlevel_charge(lv, tlevel_set_bytes(lv->set, game_rules(lv->g))) != 0)
        return error_set(err, name, 0, 0, "not enough memory for these levels (scripts may use %d MiB)",
                         (int)(host_memory_limit(host_of(L)) >> 20));
    return 0;
}

/* Reads a level file through the script's roots into the owned level's set. */
static int load_levels(lua_State *L, tlevel *lv, const char *path, error *err)
{
    host *h = host_of(L);
    size_t max = host_memory_left(h), len;
    if (max > TEXTFILE_MAX) max = TEXTFILE_MAX;
    char *text = confine_read(host_roots(h), NULL, path, max, &len, NULL, 0, err);
    if (!text) {
        /* cut to what the pool still holds: that is the script's memory running out */
        if (max < TEXTFILE_MAX && strstr(err->msg, "file is larger than"))
            error_set(err, path, 0, 0, "not enough memory for these levels (scripts may use %d MiB)",
                      (int)(host_memory_limit(h) >> 20));
        return -1;
    }
    /* Parsed while nothing can raise, so the text is freed on every path. */
    int rc = parse_within_memory(L, lv, path, text, len, FORMAT_AUTO, err);
    free(text);
    if (rc != 0) return -1;
    budget_charge_bytes(L, len);
    if (tlevel_charge(lv, tlevel_set_bytes(lv->set, game_rules(lv->g))) != 0)
        return error_set(err, path, 0, 0, "not enough memory for these levels (scripts may use %d MiB)",
                         (int)(host_memory_limit(h) >> 20));
    return 0;
}

/* Starts the owned level on top of the stack: level n of lv->set. Returns lua results. */
static int start_level(lua_State *L, tlevel *lv, lua_Integer n)
{
    error err;
    if (n < 1 || n > lv->set->count) {
        error_set(&err, lv->set->path, 0, 0, "no level " LUA_INTEGER_FMT " (the file has %d)", (LUAI_UACINT)n,
                  lv->set->count);
        return fail(L, lv, &err);
    }
    lv->index = (int)n - 1;
    if (tlevel_start(lv, &err) != 0) return fail(L, lv, &err);
    lua_pushinteger(L, lv->set->count);
    return 2;                              /* level (below), count */
}

/* Pushes an owned level with its game loaded; NULL (with nil, message pushed) on failure. */
static tlevel *new_level(lua_State *L, const char *name)
{
    error err;
    tlevel *lv = tlevel_push_owned(L);
    lv->set = calloc(1, sizeof *lv->set);
    if (!lv->set) {
        error_set(&err, name, 0, 0, "out of memory");
        fail(L, lv, &err);
        return NULL;
    }
    lv->g = load_game_metered(L, name, &err);
    if (!lv->g) {
        fail(L, lv, &err);
        return NULL;
    }
    return lv;
}

static int tessera_load(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    const char *file = luaL_optstring(L, 2, NULL);
    lua_Integer n = luaL_optinteger(L, 3, 1);
    error err;
    lua_settop(L, 3);
    tlevel *lv = new_level(L, name);                          /* 4 */
    if (!lv) return 2;
    if (!file) {
        file = game_default_levels(lv->g);
        if (!file) {
            error_set(&err, game_path(lv->g), 0, 0, "game '%s' names no level file (pass one to tessera.load)",
                      game_name(lv->g));
            return fail(L, lv, &err);
        }
    }
    const char *path = push_level_path(L, file);              /* 5 */
    if (load_levels(L, lv, path, &err) != 0) return fail(L, lv, &err);
    lua_pop(L, 1);
    return start_level(L, lv, n);
}

static level_format checkformat(lua_State *L, int arg)
{
    static const char *const names[] = { "auto", "xsb", "csv", "boards", NULL };
    static const level_format formats[] = { FORMAT_AUTO, FORMAT_XSB, FORMAT_NUMERIC, FORMAT_BOARDS };
    return formats[luaL_checkoption(L, arg, "auto", names)];
}

static int tessera_parse(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    size_t len;
    const char *text = luaL_checklstring(L, 2, &len);
    lua_Integer n = luaL_optinteger(L, 3, 1);
    level_format fmt = checkformat(L, 4);
    error err;
    lua_settop(L, 4);
    tlevel *lv = new_level(L, name);
    if (!lv) return 2;
    if (parse_levels(L, lv, "[string]", text, len, fmt, &err) != 0) return fail(L, lv, &err);
    return start_level(L, lv, n);
}

static int checkside(lua_State *L, int arg)
{
    lua_Integer v = luaL_checkinteger(L, arg);
    luaL_argcheck(L, v >= 1 && v <= GRID_MAX_SIDE, arg, "board side out of range");
    return (int)v;
}

static void push_board(lua_State *L, const int *board, int n)
{
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushinteger(L, board[i]);
        lua_rawseti(L, -2, i + 1);
    }
}

static int tessera_scramble(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    int w = checkside(L, 2), h = checkside(L, 3);
    luaL_argcheck(L, w * h <= BOARD_MAX_CELLS, 3, "board too large");
    uint64_t seed = lua_isnoneornil(L, 4) ? (uint64_t)time(NULL) ^ ((uint64_t)clock() << 32)
                                         : (uint64_t)luaL_checkinteger(L, 4);
    budget_charge(L, (long long)w * h * 4);             /* the board's table, built below */
    int *board = lua_newuserdatauv(L, sizeof *board * (size_t)(w * h), 0);
    error err;
    /* The game's state, its scramble hook and the checks of its board: all metered. */
    budget *b = host_budget(host_of(L));
    budget_meter m;
    budget_meter_start(b, &m);
    game *g = game_load_child(host_of(L), name, &err);
    int rc = g ? game_scramble(g, w, h, board, seed, &err) : -1;
    game_free(g);
    budget_meter_stop(b, &m);
    if (!g) return fail(L, NULL, &err);
    if (rc != 0) return fail(L, NULL, &err);
    push_board(L, board, w * h);
    return 1;
}

static int tessera_dirs(lua_State *L)
{
    topology topo = TOPO_SQUARE;
    const char *name = luaL_optstring(L, 1, "square");
    if (topology_from_name(name, &topo) != 0)
        return luaL_argerror(L, 1, lua_pushfstring(L, "unknown topology '%s'", name));
    int n = topo == TOPO_HEX ? 6 : 4;
    lua_createtable(L, n, 0);
    for (int d = 0; d < n; d++) {
        lua_pushstring(L, grid_dir_name(topo, d));
        lua_rawseti(L, -2, d + 1);
    }
    return 1;
}

/* {====== tessera.sliding ====== */

/* Reads board (w*h integers) at arg into a scratch array pushed on the stack. */
static int *checkboard(lua_State *L, int arg, int w, int h)
{
    int n = w * h;
    luaL_checktype(L, arg, LUA_TTABLE);
    int *t = lua_newuserdatauv(L, sizeof *t * (size_t)n, 0);
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, arg, i + 1);
        int isnum;
        lua_Integer v = lua_tointegerx(L, -1, &isnum);
        if (!isnum || v < 0 || v >= n)
            luaL_argerror(L, arg, lua_pushfstring(L, "board[%d] is not a number 0..%d", i + 1, n - 1));
        t[i] = (int)v;
        lua_pop(L, 1);
    }
    luaL_argcheck(L, lua_rawlen(L, arg) == (size_t)n, arg, "board size does not match w*h");
    luaL_argcheck(L, sliding_is_permutation(t, n), arg, "board is not a permutation of 0..w*h-1");
    return t;
}

static int sliding_solvable_l(lua_State *L)
{
    int w = checkside(L, 2), h = checkside(L, 3);
    luaL_argcheck(L, w * h <= BOARD_MAX_CELLS, 3, "board too large");
    budget_charge(L, (long long)w * h);
    int *t = checkboard(L, 1, w, h);
    lua_pushboolean(L, sliding_solvable(t, w, h));
    return 1;
}

static int sliding_goal(lua_State *L)
{
    int w = checkside(L, 1), h = checkside(L, 2), n = w * h;
    luaL_argcheck(L, n <= BOARD_MAX_CELLS, 2, "board too large");
    budget_charge(L, n);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushinteger(L, (i + 1) % n);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static const luaL_Reg sliding_lib[] = {
    { "goal", sliding_goal },
    { "solvable", sliding_solvable_l },
    { NULL, NULL }
};

const api_doc api_sliding[] = {
    { "goal", "w: integer, h: integer", "integer[] board",
      "The solved w x h board: 1, 2, ..., w*h-1, then 0 (the blank)." },
    { "solvable", "board: integer[], w: integer, h: integer", "boolean",
      "Whether sliding can reach the goal from board (w*h numbers in reading order, 0 the blank), by parity." },
    { NULL, NULL, NULL, NULL }
};

/* }====== */

static const luaL_Reg tessera_lib[] = {
    { "dirs", tessera_dirs },
    { "game", gamedef_create },
    { "load", tessera_load },
    { "parse", tessera_parse },
    { "scramble", tessera_scramble },
    { NULL, NULL }
};

const api_doc api_tessera[] = {
    { "dirs", "topology?: string", "string[] dirs",
      "The direction names of a topology (\"square\" by default) in engine order: up right down left; hex: six." },
    { "game", "spec: tessera.game", "tessera.game game",
      "Checks a game table field by field (errors name the script's file:line) and returns it as the game." },
    { "load", "game: string, file?: string, n?: integer", "tessera.level|nil level, integer|string count_or_message",
      "Level n (default 1) of a level file (default: the game's own) as an owned level running the game's rules and hooks; "
      "also the number of levels. game is a bundled name or a script path." },
    { "parse", "game: string, text: string, n?: integer, format?: \"auto\"|\"xsb\"|\"csv\"|\"boards\"",
      "tessera.level|nil level, integer|string count_or_message", "Like load, from level text instead of a file." },
    { "scramble", "game: string, w: integer, h: integer, seed?: integer", "integer[]|nil board, string? message",
      "A solvable w x h board from a sliding game's scramble (or the built-in one), seeded." },
    { "sliding", NULL, "tessera.sliding", "Sliding-board helpers (below)." },
    { "version", NULL, "string", "Tessera's version, \"MAJOR.MINOR.PATCH\"." },
    { NULL, NULL, NULL, NULL }
};

int luaopen_tessera(lua_State *L)
{
    tlevel_open(L);
    tregion_open(L);
    luaL_newlib(L, tessera_lib);
    textend_open(L);                       /* tessera.extend, tessera.import */
    luaL_newlib(L, sliding_lib);
    lua_setfield(L, -2, "sliding");
    lua_pushliteral(L, TESSERA_VERSION);
    lua_setfield(L, -2, "version");
    return 1;
}
