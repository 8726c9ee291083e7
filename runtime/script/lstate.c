/* lstate.c: the tessera.level userdata: a level being played (a core state), seen from Lua.
 *
 * Cells are 1-based and counted in reading order: cell = (y - 1) * w + x, with 1-based x and
 * y; level:cell(x, y) and level:xy(cell) convert. Directions are names ("up", "east", ...) or
 * solution letters ("u", "R", ...) of the level's topology.
 *
 * A level handed to a hook is borrowed: it is the app's state, valid only during the call
 * (afterwards every method raises "level is no longer valid"). A level made by tessera.load is
 * owned: on it, move, slide and play also run the game's on_move hook, and solved() applies
 * the game's full rule (its solved function if it has one). Inside hooks these methods are the
 * plain engine primitives, and solved() is the built-in rule. */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "core/action.h"
#include "core/engine.h"
#include "core/lurd.h"
#include "core/path.h"
#include "script/api_doc.h"
#include "script/bindings.h"
#include "script/budget.h"
#include "script/solving.h"
#include "solve/push_solve.h"

/* Every method and metamethod shares these upvalues, so that the per-move path needs no
 * registry lookups: a Lua-to-C call costs about what a small Lua function costs, and the
 * argument checks are where a binding gains or loses against plain Lua. */
enum {
    UV_META = 1,        /* the metatables of owned and of borrowed levels, for the type check */
    UV_META_BORROWED,
    UV_DIRS_SQUARE,     /* name or letter -> direction, per topology */
    UV_DIRS_HEX,
    UV_WALK,            /* the result strings of move() */
    UV_PUSH,
    UV_TILES,           /* tile name -> id last seen for it (checked against the ruleset) */
    UV_COUNT = UV_TILES
};

/* The level of the hook call under way on this thread (NULL: none): alive while set, as the
 * call anchors it, so a userdata at its address is that level and needs no metatable check.
 * A Lua-ruled search calls a dozen methods per position; the check was a tenth of its work. */
static _Thread_local tlevel *hook_level_now;

tlevel *tlevel_set_current(tlevel *lv)
{
    tlevel *before = hook_level_now;
    hook_level_now = lv;
    return before;
}

static tlevel *tolevel(lua_State *L)
{
    tlevel *lv = lua_touserdata(L, 1);
    if (lv && lv == hook_level_now) return lv;
    if (lv && lua_getmetatable(L, 1)) {
        int same = lua_rawequal(L, -1, lua_upvalueindex(UV_META_BORROWED)) ||
                   lua_rawequal(L, -1, lua_upvalueindex(UV_META));
        lua_pop(L, 1);
        if (same) return lv;
    }
    luaL_typeerror(L, 1, TESSERA_LEVEL);
    return NULL;
}

static state *checkstate(lua_State *L)
{
    tlevel *lv = tolevel(L);
    if (!lv->s)
        luaL_error(L, lv->owned ? "level is closed"
                                : "level is no longer valid (a hook's level lives only during the call)");
    return lv->s;
}

/* The level at argument 1, valid (like checkstate). */
static tlevel *checklevel(lua_State *L)
{
    checkstate(L);
    return lua_touserdata(L, 1);
}

/* {====== what scripts spend through a level: work over its cells, and the C memory of its
 * undo history (counted in the budget's pool, so a loop of moves cannot grow it past the
 * script's memory; see budget.h) */

static size_t history_bytes(const state *s)
{
    return (size_t)s->hist.cap_rec * sizeof(record) + (size_t)s->hist.cap_ch * sizeof(change);
}

/* Before changes are logged: the pool must hold the history's next growth (it doubles). */
static void history_room_slow(lua_State *L, tlevel *lv, size_t changes)
{
    const history *h = &lv->s->hist;
    size_t need = history_bytes(lv->s) + changes * (sizeof(change) + sizeof(record)) + 4096;
    (void)h;
    if (lv->owner && need > host_memory_left(lv->owner))
        luaL_error(L, "not enough memory: the level's undo history would outgrow what scripts may use (%d MiB)",
                   (int)(host_memory_limit(lv->owner) >> 20));
}

static inline void history_room(lua_State *L, tlevel *lv, size_t changes)
{
    const history *h = &lv->s->hist;
    if ((size_t)h->nch + changes < (size_t)h->cap_ch && (size_t)h->nrec + changes < (size_t)h->cap_rec) return;
    history_room_slow(L, lv, changes);
}

/* After changes were logged: the growth is counted. */
static void history_count_slow(tlevel *lv, size_t now)
{
    if (now > lv->history_seen && lv->owner) {
        size_t grow = now - lv->history_seen;
        host_count(lv->owner, grow);        /* already allocated: counted even past the cap */
        lv->charged += grow;
    }
    lv->history_seen = now;
}

static inline void history_count(tlevel *lv)
{
    size_t now = history_bytes(lv->s);
    if (now != lv->history_seen) history_count_slow(lv, now);
}

/* Work over every cell of the level (readers of the whole board, flood fills, ...): a flood
 * fill takes about four instructions' time a cell (measured on a 400 x 400 level). */
static void charge_cells(lua_State *L, const state *s)
{
    budget_charge(L, (long long)s->g->ncells * 4);
}

/* }====== */

/* The game whose hooks run on this level's moves (owned levels only); call after checkstate. */
static game *hooked_game(lua_State *L)
{
    tlevel *lv = lua_touserdata(L, 1);
    return lv->owned ? lv->g : NULL;
}

static int checkcell(lua_State *L, const state *s, int arg)
{
    lua_Integer c = luaL_checkinteger(L, arg);
    luaL_argcheck(L, c >= 1 && c <= s->g->ncells, arg, "cell out of range");
    return (int)c - 1;
}

static int checkdir(lua_State *L, const state *s, int arg)
{
    if (lua_type(L, arg) == LUA_TSTRING) {
        lua_pushvalue(L, arg);
        if (lua_rawget(L, lua_upvalueindex(s->g->topo == TOPO_HEX ? UV_DIRS_HEX : UV_DIRS_SQUARE)) == LUA_TNUMBER) {
            int d = (int)lua_tointeger(L, -1);
            lua_pop(L, 1);
            return d;
        }
        lua_pop(L, 1);
    }
    const char *name = luaL_checkstring(L, arg);
    int d = grid_dir_from_name(s->g->topo, name);
    if (d < 0) luaL_argerror(L, arg, lua_pushfstring(L, "unknown %s direction '%s'", topology_name(s->g->topo), name));
    return d;
}

static int checktile(lua_State *L, const state *s, int arg, tile_layer layer)
{
    const char *name = luaL_checkstring(L, arg);
    /* Hooks set tiles by name in their inner loops: the id is remembered per name and only
     * checked against the ruleset (which a reload may have changed). */
    int id = -1;
    lua_pushvalue(L, arg);
    if (lua_rawget(L, lua_upvalueindex(UV_TILES)) == LUA_TNUMBER) {
        id = (int)lua_tointeger(L, -1);
        if (id < 1 || id >= s->rules->ntiles || strcmp(s->rules->tile[id].name, name) != 0) id = -1;
    }
    lua_pop(L, 1);
    if (id < 0 && (id = rules_find_tile(s->rules, name)) >= 0) {
        lua_pushvalue(L, arg);
        lua_pushinteger(L, id);
        lua_rawset(L, lua_upvalueindex(UV_TILES));
    }
    if (id < 0) return luaL_argerror(L, arg, lua_pushfstring(L, "unknown tile '%s'", name));
    if (s->rules->tile[id].layer != layer)
        return luaL_argerror(L, arg, lua_pushfstring(L, "'%s' is not %s", name,
                                                     layer == LAYER_FLOOR ? "a floor tile" : "an object"));
    return id;
}

/* The cell of the active player, or -1. */
static int active_player(const state *s)
{
    return s->active < s->nplayers ? s->player[s->active] : -1;
}

static int raise_error(lua_State *L, const error *err)
{
    char buf[ERROR_TEXT_MAX + 300];
    return luaL_error(L, "%s", error_format(err, buf, sizeof buf));
}

/* Pushes a table id -> tile name, for the bulk readers. */
static void push_tile_names(lua_State *L, const ruleset *r)
{
    lua_createtable(L, r->ntiles, 0);
    for (int id = 1; id < r->ntiles; id++) {
        lua_pushstring(L, r->tile[id].name);
        lua_rawseti(L, -2, id);
    }
}

/* {====================================================================
 * Shape and cells
 * ===================================================================== */

static int level_size(lua_State *L)
{
    state *s = checkstate(L);
    lua_pushinteger(L, s->g->w);
    lua_pushinteger(L, s->g->h);
    return 2;
}

static int level_topology(lua_State *L)
{
    lua_pushstring(L, topology_name(checkstate(L)->g->topo));
    return 1;
}

static int level_title(lua_State *L)
{
    state *s = checkstate(L);
    if (s->lv->title) lua_pushstring(L, s->lv->title);
    else lua_pushnil(L);
    return 1;
}

/* meta(key) -> the value of the level's "Key: value" line (keys ignore case), or nil */
static int level_meta_value(lua_State *L)
{
    state *s = checkstate(L);
    const char *v = level_meta_get(s->lv, luaL_checkstring(L, 2));
    if (v) lua_pushstring(L, v);
    else lua_pushnil(L);
    return 1;
}

/* cell(x, y) -> cell, or nil off the board */
static int level_cell(lua_State *L)
{
    state *s = checkstate(L);
    lua_Integer x = luaL_checkinteger(L, 2), y = luaL_checkinteger(L, 3);
    if (x < 1 || y < 1 || x > s->g->w || y > s->g->h) lua_pushnil(L);
    else lua_pushinteger(L, (y - 1) * s->g->w + x);
    return 1;
}

static int level_xy(lua_State *L)
{
    state *s = checkstate(L);
    int c = checkcell(L, s, 2);
    lua_pushinteger(L, c % s->g->w + 1);
    lua_pushinteger(L, c / s->g->w + 1);
    return 2;
}

static int level_floor(lua_State *L)
{
    state *s = checkstate(L);
    lua_pushstring(L, s->rules->tile[s->floor[checkcell(L, s, 2)]].name);
    return 1;
}

static int level_object(lua_State *L)
{
    state *s = checkstate(L);
    int o = s->obj[checkcell(L, s, 2)];
    if (o) lua_pushstring(L, s->rules->tile[o].name);
    else lua_pushnil(L);
    return 1;
}

static int level_number(lua_State *L)
{
    state *s = checkstate(L);
    int c = checkcell(L, s, 2);
    if (s->num) lua_pushinteger(L, s->num[c]);
    else lua_pushnil(L);
    return 1;
}

static int level_set_floor(lua_State *L)
{
    tlevel *lv = checklevel(L);
    state *s = lv->s;
    int c = checkcell(L, s, 2);
    int id = checktile(L, s, 3, LAYER_FLOOR);
    history_room(L, lv, 2);
    state_set_floor(s, c, id);
    history_count(lv);
    return 0;
}

/* set_object(cell, name | nil) */
static int level_set_object(lua_State *L)
{
    tlevel *lv = checklevel(L);
    state *s = lv->s;
    int c = checkcell(L, s, 2);
    int id = lua_isnoneornil(L, 3) ? 0 : checktile(L, s, 3, LAYER_OBJECT);
    if (id && (s->rules->tile[id].flags & TILE_PLAYER) && !(s->obj[c] && state_player_at(s, c) >= 0) &&
        s->nplayers >= state_player_limit(s->rules) && state_player_at(s, -1) < 0)
        return luaL_error(L, "a level holds at most %d players", state_player_limit(s->rules));
    history_room(L, lv, 2);
    state_set_obj(s, c, id);
    history_count(lv);
    return 0;
}

static int level_set_number(lua_State *L)
{
    tlevel *lv = checklevel(L);
    state *s = lv->s;
    int c = checkcell(L, s, 2);
    lua_Integer n = luaL_checkinteger(L, 3);
    if (!s->num) return luaL_error(L, "set_number: not a sliding board");
    luaL_argcheck(L, n >= 0 && n < s->g->ncells, 3, "number out of range 0..cells-1");
    history_room(L, lv, 4);
    state_set_num(s, c, (int)n);
    /* numbered tiles are objects: keep the object layer in step with the numbers */
    state_set_obj(s, c, n ? s->rules->tile_id : 0);
    history_count(lv);
    return 0;
}

/* move_object(from, to): the object at from goes to the free cell to, as one motion */
static int level_move_object(lua_State *L)
{
    tlevel *lv = checklevel(L);
    state *s = lv->s;
    int from = checkcell(L, s, 2), to = checkcell(L, s, 3);
    if (!s->obj[from]) return luaL_argerror(L, 2, "no object there");
    if (s->obj[to] && to != from) return luaL_argerror(L, 3, "the cell is taken (clear it first)");
    if (from == to) return 0;
    /* Logged as its two halves, one after the other, so the motion is drawn from -> to. */
    int id = s->obj[from];
    history_room(L, lv, 4);
    state_set_obj(s, from, 0);
    state_set_obj(s, to, id);
    history_count(lv);
    return 0;
}

/* neighbour(cell, dir) -> the cell one step away, or nil off the board */
static int level_neighbour(lua_State *L)
{
    state *s = checkstate(L);
    int c = checkcell(L, s, 2), n = grid_step(s->g, c, checkdir(L, s, 3));
    if (n >= 0) lua_pushinteger(L, n + 1);
    else lua_pushnil(L);
    return 1;
}

/* around(cell [, opts]) -> the neighbouring cells in direction order (opts.self or true:
 * the cell itself first) */
static int level_around(lua_State *L)
{
    state *s = checkstate(L);
    int c = checkcell(L, s, 2), k = 0;
    int t = lua_type(L, 3);
    luaL_argexpected(L, t == LUA_TNONE || t == LUA_TNIL || t == LUA_TBOOLEAN || t == LUA_TTABLE, 3, "table or boolean");
    bool self = lua_toboolean(L, 3);
    if (t == LUA_TTABLE) {
        /* Raw: no metamethod may run here and close the level under the call. */
        lua_pushliteral(L, "self");
        lua_rawget(L, 3);
        self = lua_toboolean(L, -1);
        lua_pop(L, 1);
    }
    lua_createtable(L, s->g->ndirs + 1, 0);
    if (self) {
        lua_pushinteger(L, c + 1);
        lua_rawseti(L, -2, ++k);
    }
    for (int d = 0; d < s->g->ndirs; d++) {
        int n = grid_step(s->g, c, d);
        if (n < 0) continue;
        lua_pushinteger(L, n + 1);
        lua_rawseti(L, -2, ++k);
    }
    return 1;
}

/* count(name) -> how many cells hold the tile (as their floor or their object) */
static int level_count(lua_State *L)
{
    state *s = checkstate(L);
    const char *name = luaL_checkstring(L, 2);
    int id = rules_find_tile(s->rules, name);
    if (id < 0) return luaL_argerror(L, 2, lua_pushfstring(L, "unknown tile '%s'", name));
    const uint8_t *layer = s->rules->tile[id].layer == LAYER_OBJECT ? s->obj : s->floor;
    int n = 0;
    for (int c = 0; c < s->g->ncells; c++) n += layer[c] == id;
    lua_pushinteger(L, n);
    return 1;
}

static int checkvar(lua_State *L, const state *s, int arg)
{
    const char *name = luaL_checkstring(L, arg);
    int slot = rules_find_var(s->rules, name);
    if (slot < 0)
        return luaL_argerror(L, arg, lua_pushfstring(L, "unknown variable '%s' (declare it in the game's vars = { %s = ... })",
                                                     name, name));
    return slot;
}

/* var(name) -> the variable's value */
static int level_var(lua_State *L)
{
    state *s = checkstate(L);
    const var_value *v = state_var(s, checkvar(L, s, 2));
    switch (v->type) {
    case VAR_BOOL: lua_pushboolean(L, (int)v->i); break;
    case VAR_INT: lua_pushinteger(L, (lua_Integer)v->i); break;
    case VAR_NUM: lua_pushnumber(L, v->n); break;
    case VAR_TEXT: lua_pushstring(L, v->text); break;
    default: lua_pushnil(L); break;
    }
    return 1;
}

/* set_var(name, value): a boolean, a number or a string (at most 63 bytes) */
static int level_set_var(lua_State *L)
{
    tlevel *lv = checklevel(L);
    state *s = lv->s;
    int slot = checkvar(L, s, 2);
    var_value v;
    size_t len;
    switch (lua_type(L, 3)) {
    case LUA_TBOOLEAN: var_value_bool(&v, lua_toboolean(L, 3)); break;
    case LUA_TNUMBER:
        if (lua_isinteger(L, 3)) var_value_int(&v, lua_tointeger(L, 3));
        else var_value_num(&v, lua_tonumber(L, 3));
        break;
    case LUA_TSTRING: {
        const char *text = lua_tolstring(L, 3, &len);
        if (var_value_text(&v, text, len) != 0)
            return luaL_argerror(L, 3, lua_pushfstring(L, "a string of at most %d bytes", VAR_TEXT_MAX - 1));
        break;
    }
    default:
        return luaL_argerror(L, 3, lua_pushfstring(L, "a boolean, a number or a string, not a %s", luaL_typename(L, 3)));
    }
    /* A variable keeps the kind of value it was declared with (whole or not, a number stays
     * a number): a counter turned into a string by mistake is an error where it happens. */
    const var_value *was = state_var(s, slot);
    bool number = v.type == VAR_INT || v.type == VAR_NUM, was_number = was->type == VAR_INT || was->type == VAR_NUM;
    if (number != was_number || (!number && v.type != was->type))
        return luaL_argerror(L, 3, lua_pushfstring(L, "variable '%s' holds a %s, not a %s", lua_tostring(L, 2),
                                                   was_number ? "number" : was->type == VAR_BOOL ? "boolean" : "string",
                                                   luaL_typename(L, 3)));
    history_room(L, lv, 2);
    if (state_set_var(s, slot, &v) != 0)
        return luaL_error(L, "set_var: more than %d different values in one level (a counter that never repeats "
                          "makes every position new to the solver)", VAR_POOL_MAX);
    history_count(lv);
    return 0;
}

/* }==================================================================== */

/* {====================================================================
 * Bulk readers
 * ===================================================================== */

static int level_floors(lua_State *L)
{
    state *s = checkstate(L);
    int n = s->g->ncells;
    charge_cells(L, s);
    push_tile_names(L, s->rules);
    lua_createtable(L, n, 0);
    for (int c = 0; c < n; c++) {
        lua_rawgeti(L, -2, s->floor[c]);
        lua_rawseti(L, -2, c + 1);
    }
    return 1;
}

/* objects() -> array: the object's name, or false for an empty cell */
static int level_objects(lua_State *L)
{
    state *s = checkstate(L);
    int n = s->g->ncells;
    charge_cells(L, s);
    push_tile_names(L, s->rules);
    lua_createtable(L, n, 0);
    for (int c = 0; c < n; c++) {
        if (s->obj[c]) lua_rawgeti(L, -2, s->obj[c]);
        else lua_pushboolean(L, 0);
        lua_rawseti(L, -2, c + 1);
    }
    return 1;
}

static int level_numbers(lua_State *L)
{
    state *s = checkstate(L);
    int n = s->g->ncells;
    charge_cells(L, s);
    if (!s->num) {
        lua_pushnil(L);
        return 1;
    }
    lua_createtable(L, n, 0);
    for (int c = 0; c < n; c++) {
        lua_pushinteger(L, s->num[c]);
        lua_rawseti(L, -2, c + 1);
    }
    return 1;
}

/* Array of the cells whose floor (or object) has flag. */
static int cells_with(lua_State *L, uint32_t flag, int objects)
{
    state *s = checkstate(L);
    charge_cells(L, s);
    const uint8_t *layer = objects ? s->obj : s->floor;
    int k = 0;
    lua_newtable(L);
    for (int c = 0; c < s->g->ncells; c++)
        if (s->rules->tile[layer[c]].flags & flag) {
            lua_pushinteger(L, c + 1);
            lua_rawseti(L, -2, ++k);
        }
    return 1;
}

static int level_goals(lua_State *L) { return cells_with(L, TILE_GOAL, 0); }
static int level_boxes(lua_State *L) { return cells_with(L, TILE_PUSHABLE, 1); }

static int level_players(lua_State *L)
{
    state *s = checkstate(L);
    int k = 0;
    lua_createtable(L, s->nplayers, 0);
    for (int i = 0; i < s->nplayers; i++)
        if (s->player[i] >= 0) {
            lua_pushinteger(L, s->player[i] + 1);
            lua_rawseti(L, -2, ++k);
        }
    return 1;
}

static int level_player(lua_State *L)
{
    int p = active_player(checkstate(L));
    if (p >= 0) lua_pushinteger(L, p + 1);
    else lua_pushnil(L);
    return 1;
}

/* }==================================================================== */

/* {====================================================================
 * Moves and history
 * ===================================================================== */

static void push_result(lua_State *L, move_result r)
{
    if (r == MOVE_PUSH) lua_pushvalue(L, lua_upvalueindex(UV_PUSH));
    else if (r == MOVE_WALK) lua_pushvalue(L, lua_upvalueindex(UV_WALK));
    else lua_pushnil(L);
}

/* One move; on an owned level, through the game's hooks (game_step), as one record. */
static move_result move_with_hook(lua_State *L, state *s, int dir)
{
    game *g = hooked_game(L);
    if (!g) return engine_move(s, dir);
    error err;
    move_result r;
    if (game_step(g, s, dir, &r, &err) != 0) raise_error(L, &err);
    return r;
}

/* move(dir) -> "walk" | "push" | nil (blocked) */
static int level_move(lua_State *L)
{
    tlevel *lv = checklevel(L);
    state *s = lv->s;
    int dir = checkdir(L, s, 2);
    history_room(L, lv, 8);
    push_result(L, move_with_hook(L, s, dir));
    history_count(lv);
    return 1;
}

/* slide(cell) -> number of tiles moved toward the blank (0 if not in its row or column) */
static int level_slide(lua_State *L)
{
    tlevel *lv = checklevel(L);
    state *s = lv->s;
    int c = checkcell(L, s, 2);
    game *g = hooked_game(L);
    history_room(L, lv, 8 * (size_t)(s->g->w > s->g->h ? s->g->w : s->g->h));
    if (!g || !game_moves_hooked(g, s) || s->blank < 0) {
        lua_pushinteger(L, engine_slide_cell(s, c));
        history_count(lv);
        return 1;
    }
    int w = s->g->w, bx = s->blank % w, by = s->blank / w, cx = c % w, cy = c / w;
    int dir = bx == cx ? (cy < by ? DIR_UP : DIR_DOWN) : (cx < bx ? DIR_LEFT : DIR_RIGHT);
    error err;
    int rc = 0;
    history_begin(s, dir);
    history_mark start = history_mark_here(s);
    int moved = engine_slide_cell(s, c);
    if (moved > 0) rc = game_on_move(g, s, dir, 0, NULL, &err);
    if (rc != 0) history_rollback(s, &start);       /* as game_step: the failed slide is undone */
    history_end(s);
    history_count(lv);
    if (rc != 0) raise_error(L, &err);
    lua_pushinteger(L, moved);
    return 1;
}

/* level:play's steps on an owned level: a hook's failure stops the replay and is kept, to be
 * raised once lurd_play has returned. */
typedef struct hooked_play {
    game *g;
    state *s;
    int rc;
    error err;
} hooked_play;

static int hooked_select(void *ctx, int slot)
{
    hooked_play *hp = ctx;
    return engine_select_player(hp->s, slot);
}

static int hooked_move(void *ctx, int dir)
{
    hooked_play *hp = ctx;
    move_result r;
    hp->rc = game_step(hp->g, hp->s, dir, &r, &hp->err);
    return r == MOVE_BLOCKED || hp->rc != 0 ? -1 : 0;
}

static int hooked_act(void *ctx, const action *a)
{
    hooked_play *hp = ctx;
    int done;
    hp->rc = game_do_action(hp->g, hp->s, a, &done, &hp->err);
    return done && hp->rc == 0 ? 0 : -1;
}

/* play(text) -> true, or false and the 1-based index of the first step that could not be played */
static int level_play(lua_State *L)
{
    tlevel *lv = checklevel(L);
    state *s = lv->s;
    size_t len;
    const char *lurd = luaL_checklstring(L, 2, &len);
    game *g = hooked_game(L);
    int bad = -1;
    /* Each letter is a move (work, and history the pool must hold). */
    budget_charge(L, (long long)len);
    history_room(L, lv, 8 * len);
    if (!g) {
        engine_play_lurd(s, lurd, &bad);
    } else {
        hooked_play hp = { .g = g, .s = s };
        const lurd_actions hooked = { hooked_select, hooked_move, &hp, hooked_act };
        lurd_play(s, lurd, &hooked, &bad);
        history_count(lv);
        if (hp.rc != 0) raise_error(L, &hp.err);
    }
    history_count(lv);
    if (bad < 0) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pushboolean(L, 0);
    lua_pushinteger(L, bad + 1);
    return 2;
}

/* The field `key` of the table at arg, raw (pushed; its type returned): a metamethod run in
 * the middle of a method could close the level under it. */
static int rawfield(lua_State *L, int arg, const char *key)
{
    lua_pushstring(L, key);
    return lua_rawget(L, arg);
}

/* Reads an action: its text ("press(3,2)") or a table like act receives ({ name = "press",
 * cell = 12 } or x, y; dir; value; read raw). */
static action checkaction(lua_State *L, const state *s, int arg)
{
    action a;
    if (lua_type(L, arg) == LUA_TSTRING) {
        char why[160];
        const char *text = lua_tostring(L, arg);
        int n = action_read(s->rules, s->g, text, &a, why, sizeof why);
        if (n < 0) luaL_argerror(L, arg, lua_pushstring(L, why));
        while (text[n] == ' ') n++;
        if (text[n]) luaL_argerror(L, arg, "one action only (use level:play for several)");
        return a;
    }
    luaL_checktype(L, arg, LUA_TTABLE);
    int top = lua_gettop(L);
    size_t len;
    const char *name = rawfield(L, arg, "name") == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
    int id = name ? rules_find_action(s->rules, name, len) : -1;
    if (id < 0) luaL_argerror(L, arg, "name must be one of the game's actions");
    a = action_make(id);
    if (rawfield(L, arg, "cell") != LUA_TNIL) {
        a.cell = checkcell(L, s, lua_gettop(L));
    } else if (rawfield(L, arg, "x") != LUA_TNIL) {
        lua_Integer x = luaL_checkinteger(L, -1);
        rawfield(L, arg, "y");
        lua_Integer y = luaL_checkinteger(L, -1);
        luaL_argcheck(L, x >= 1 && y >= 1 && x <= s->g->w && y <= s->g->h, arg, "x, y off the board");
        a.cell = (int32_t)((y - 1) * s->g->w + x - 1);
    }
    if (rawfield(L, arg, "dir") != LUA_TNIL) {
        luaL_argcheck(L, action_takes_dir(s->rules, id), arg, "this action takes no direction (declared without dirs = true)");
        a.dir = (int8_t)checkdir(L, s, lua_gettop(L));
    }
    if (rawfield(L, arg, "value") != LUA_TNIL) {
        a.has_value = true;
        a.value = (int32_t)luaL_checkinteger(L, -1);
    }
    if (a.cell < 0 && action_needs_cell(s->rules, id))
        luaL_argerror(L, arg, "this action is made by a click: it needs its cell (cell, or x and y)");
    lua_settop(L, top);
    return a;
}

/* act(action) -> true when done, false when refused (owned levels of games with actions) */
static int level_act(lua_State *L)
{
    tlevel *lv = checklevel(L);
    state *s = lv->s;
    game *g = hooked_game(L);
    if (s->rules->kind != RULES_ACTIONS) return luaL_error(L, "act: this game moves by %s rules, not actions",
                                                            s->rules->kind == RULES_SLIDING ? "sliding" : "push");
    if (!g) return luaL_error(L, "act: a hook's level cannot start another action (return from act instead)");
    action a = checkaction(L, s, 2);
    error err;
    int done;
    /* The act hook's changes grow this level's history: counted as this script's memory once
     * the hook is done (the hook's own level gives its charge back when the call ends). */
    history_room(L, lv, 8);
    int rc = game_do_action(g, s, &a, &done, &err);
    history_count(lv);
    if (rc != 0) return raise_error(L, &err);
    lua_pushboolean(L, done);
    return 1;
}

/* select(slot) -> true if player slot (1-based) exists and is now the active one */
static int level_select(lua_State *L)
{
    tlevel *lv = checklevel(L);
    lua_Integer slot = luaL_checkinteger(L, 2);
    history_room(L, lv, 2);
    lua_pushboolean(L, slot >= 1 && slot <= STATE_MAX_PLAYERS && engine_select_player(lv->s, (int)slot - 1) == 0);
    history_count(lv);
    return 1;
}

static int level_undo(lua_State *L)
{
    lua_pushboolean(L, history_undo(checkstate(L)));
    return 1;
}

static int level_redo(lua_State *L)
{
    lua_pushboolean(L, history_redo(checkstate(L)));
    return 1;
}

static int level_restart(lua_State *L)
{
    tlevel *lv = checklevel(L);
    charge_cells(L, lv->s);
    history_room(L, lv, 2 * (size_t)lv->s->g->ncells + 8);
    lua_pushboolean(L, state_restart(lv->s));
    history_count(lv);
    return 1;
}

static int level_moves(lua_State *L)
{
    lua_pushinteger(L, checkstate(L)->moves);
    return 1;
}

static int level_pushes(lua_State *L)
{
    lua_pushinteger(L, checkstate(L)->pushes);
    return 1;
}

static int level_hash(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)checkstate(L)->hash);
    return 1;
}

static int level_solved(lua_State *L)
{
    state *s = checkstate(L);
    game *g = hooked_game(L);
    bool solved = state_solved(s);
    error err;
    if (g && game_check_solved(g, s, &solved, &err) != 0) return raise_error(L, &err);
    lua_pushboolean(L, solved);
    return 1;
}

/* }==================================================================== */

/* {====================================================================
 * Reachability and paths
 * ===================================================================== */

static int opt_from(lua_State *L, const state *s, int arg)
{
    if (!lua_isnoneornil(L, arg)) return checkcell(L, s, arg);
    int p = active_player(s);
    if (p < 0) luaL_error(L, "level has no active player (pass the start cell)");
    return p;
}

/* reachable([from]) -> region (region[cell] true for each cell the player can walk to), count */
static int level_reachable(lua_State *L)
{
    state *s = checkstate(L);
    int from = opt_from(L, s, 2);
    charge_cells(L, s);
    uint8_t *in = tregion_push(L, s->g->ncells);
    int count = path_reachable(s, from, in);
    if (count < 0) return luaL_error(L, "not enough memory");
    tregion_set_count(L, -1, count);
    lua_pushinteger(L, count);
    return 2;
}

/* path(to [, from]) -> the shortest walk as letters ("" if already there), or nil */
static int level_path(lua_State *L)
{
    state *s = checkstate(L);
    int to = checkcell(L, s, 2), from = opt_from(L, s, 3), n = s->g->ncells;
    charge_cells(L, s);
    int8_t *dirs = lua_newuserdatauv(L, (size_t)n, 0);
    int len = path_find(s, from, to, dirs, n);
    if (len < 0) {
        lua_pushnil(L);
        return 1;
    }
    luaL_Buffer b;
    char *p = luaL_buffinitsize(L, &b, (size_t)len);
    for (int i = 0; i < len; i++) p[i] = grid_dir_letter(s->g->topo, dirs[i]);
    luaL_pushresultsize(&b, (size_t)len);
    return 1;
}

/* }==================================================================== */

/* {====================================================================
 * Solving: the C solvers (or the game's own search) from the current position
 * ===================================================================== */

/* What the push solver's board analysis (goal distances, dead squares) takes for this
 * level: a table per goal over every cell. Returns its bytes; *work the work units. */
static size_t analysis_size(const state *s, long long *work)
{
    long long n = s->g->ncells, goals = 0;
    for (int c = 0; c < n; c++) goals += (s->tflags[s->floor[c]] & TILE_GOAL) != 0;
    if (goals < 1) goals = 1;
    *work = 4LL * n + (long long)n * goals * s->g->ndirs * 2;   /* about its time, in instructions */
    return (size_t)n * (size_t)goals * (size_t)(2 * s->g->ndirs + 4) + (size_t)n * 32;
}

/* Holds the memory of a search or an analysis in the pool, charging its work first; raises
 * when either does not fit in what the call has left. Returns the bytes held. */
static size_t hold_analysis(lua_State *L, const state *s, size_t extra)
{
    long long work;
    size_t bytes = analysis_size(s, &work) + extra;
    budget_charge(L, work);
    host *h = host_of(L);
    if (host_reserve(h, bytes) != 0)
        luaL_error(L, "not enough memory for a search of this level (about %d MiB; scripts may use %d MiB)",
                   (int)(bytes >> 20) + 1, (int)(host_memory_limit(h) >> 20));
    return bytes;
}

/* Runs the right solver on a copy of the position; leaves the result in *r and returns
 * which solver it was. A solve a script asks for runs within what is left of the call it is
 * in: for no longer than the seconds asked or the call's time left, with tables of at most
 * half the memory the pool has free (held while it runs), and never building a pattern
 * database. */
static solver_kind solve_here(lua_State *L, state *s, double seconds, bool optimal, solve_result *r)
{
    luaL_argcheck(L, seconds > 0 && seconds <= 3600, 2, "seconds must be above 0 and at most 3600");
    budget *b = host_budget(host_of(L));
    solve_limits lim = solve_limits_default();
    double left = budget_seconds_left(b);
    lim.seconds = left >= 0 && left < seconds ? left : seconds;
    lim.optimal = optimal;
    lim.no_build = true;
    size_t copy = tlevel_state_bytes(s->lv, s->rules);
    size_t held = hold_analysis(L, s, copy);
    host *h = host_of(L);
    size_t room = host_memory_left(h) / 2;
    lim.memory_bytes = room < ((size_t)256 << 20) ? room : (size_t)256 << 20;
    game *g = hooked_game(L);
    solver_kind k = solving_choose(g, s);
    if (lim.memory_bytes < ((size_t)1 << 20) || lim.seconds <= 0) {
        host_release(h, held);
        memset(r, 0, sizeof *r);
        r->status = SOLVE_TIMEOUT;
        snprintf(r->message, sizeof r->message, "%s", lim.seconds <= 0 ? "no time left in this call"
                                                                        : "no memory left for a search");
        return k;
    }
    host_reserve(h, lim.memory_bytes);
    budget_meter m;
    budget_meter_start(b, &m);
    solving_run(k, g, s, &lim, r);
    host_release(h, held + lim.memory_bytes);
    /* The search's time (its tables cleared, its nodes) is work of the call: a loop of short
     * searches is stopped by the count like any loop. Charged without raising: r holds the
     * solution, which the caller frees. */
    budget_meter_stop(b, &m);
    return k;
}

static void push_solve_info(lua_State *L, const solve_result *r, solver_kind k)
{
    lua_createtable(L, 0, 9);
    lua_pushstring(L, solver_kind_name(k));
    lua_setfield(L, -2, "solver");
    lua_pushstring(L, solve_status_name(r->status));
    lua_setfield(L, -2, "status");
    lua_pushinteger(L, r->moves);
    lua_setfield(L, -2, "moves");
    lua_pushinteger(L, r->pushes);
    lua_setfield(L, -2, "pushes");
    lua_pushinteger(L, r->length);
    lua_setfield(L, -2, "length");
    lua_pushinteger(L, (lua_Integer)r->nodes);
    lua_setfield(L, -2, "nodes");
    lua_pushnumber(L, r->seconds);
    lua_setfield(L, -2, "seconds");
    lua_pushboolean(L, r->optimal);
    lua_setfield(L, -2, "optimal");
    if (r->message[0]) {
        lua_pushstring(L, r->message);
        lua_setfield(L, -2, "message");
    }
}

/* solve([seconds [, optimal]]) -> solution, info | nil, status, info */
static int level_solve(lua_State *L)
{
    state *s = checkstate(L);
    solve_result r;
    solver_kind k = solve_here(L, s, luaL_optnumber(L, 2, 10), lua_toboolean(L, 3), &r);
    if (r.status == SOLVE_SOLVED) {
        lua_pushstring(L, r.solution);
        push_solve_info(L, &r, k);
        solve_result_free(&r);
        return 2;
    }
    lua_pushnil(L);
    lua_pushstring(L, solve_status_name(r.status));
    push_solve_info(L, &r, k);
    solve_result_free(&r);
    return 3;
}

/* An action as the table act receives: name, cell, x, y, dir, value. */
static void push_action_table(lua_State *L, const state *s, const action *a)
{
    lua_createtable(L, 0, 6);
    lua_pushstring(L, s->rules->action[a->id].name);
    lua_setfield(L, -2, "name");
    if (a->cell >= 0) {
        lua_pushinteger(L, a->cell + 1);
        lua_setfield(L, -2, "cell");
        lua_pushinteger(L, a->cell % s->g->w + 1);
        lua_setfield(L, -2, "x");
        lua_pushinteger(L, a->cell / s->g->w + 1);
        lua_setfield(L, -2, "y");
    }
    if (a->dir >= 0) {
        lua_pushstring(L, grid_dir_name(s->g->topo, a->dir));
        lua_setfield(L, -2, "dir");
    }
    if (a->has_value) {
        lua_pushinteger(L, a->value);
        lua_setfield(L, -2, "value");
    }
}

/* hint([seconds]) -> direction, pushes (the first move of a solution) | nil, status */
static int level_hint(lua_State *L)
{
    state *s = checkstate(L);
    solve_result r;
    solve_here(L, s, luaL_optnumber(L, 2, 3), false, &r);
    if (r.status == SOLVE_SOLVED && r.solution && r.solution[0] && s->rules->kind == RULES_ACTIONS) {
        /* Games with their own actions: the first action, as text and as a table. */
        action a;
        int n = action_read(s->rules, s->g, r.solution, &a, NULL, 0);
        if (n > 0) {
            const char *text = r.solution;
            while (*text == ' ') text++, n--;
            lua_pushlstring(L, text, (size_t)n);
            push_action_table(L, s, &a);
            solve_result_free(&r);
            return 2;
        }
    }
    if (r.status == SOLVE_SOLVED && r.solution && r.solution[0]) {
        /* A leading digit: the first move is another player's (levels with several). */
        int player;
        lurd_step first = lurd_first_move(s->g->topo, r.solution, &player);
        if (player < 0) player = s->active;
        if (first.kind == LURD_MOVE) {
            lua_pushstring(L, grid_dir_name(s->g->topo, first.dir));
            lua_pushboolean(L, first.push);
            lua_pushinteger(L, player + 1);
            solve_result_free(&r);
            return 3;
        }
    }
    lua_pushnil(L);
    lua_pushstring(L, r.status == SOLVE_SOLVED ? "already solved" : solve_status_name(r.status));
    solve_result_free(&r);
    return 2;
}

/* solvable([seconds]) -> true | false | nil, "timeout" (or "error", message) */
static int level_solvable(lua_State *L)
{
    state *s = checkstate(L);
    solve_result r;
    solve_here(L, s, luaL_optnumber(L, 2, 10), false, &r);
    int n = 1;
    if (r.status == SOLVE_SOLVED || r.status == SOLVE_UNSOLVABLE) {
        lua_pushboolean(L, r.status == SOLVE_SOLVED);
    } else {
        lua_pushnil(L);
        lua_pushstring(L, solve_status_name(r.status));
        n = 2;
        if (r.message[0]) {
            lua_pushstring(L, r.message);
            n = 3;
        }
    }
    solve_result_free(&r);
    return n;
}

/* deadlocks() -> region of the boxes that can no longer reach a goal, count | nil, message */
static int level_deadlocks(lua_State *L)
{
    state *s = checkstate(L);
    uint8_t *in = tregion_push(L, s->g->ncells);
    size_t held = hold_analysis(L, s, 0);
    int n = push_deadlocked_boxes(s, in);
    host_release(host_of(L), held);
    if (n < 0) {
        lua_pushnil(L);
        lua_pushliteral(L, "deadlock detection does not cover these rules");
        return 2;
    }
    tregion_set_count(L, -1, n);
    lua_pushinteger(L, n);
    return 2;
}

/* }==================================================================== */

/* {====================================================================
 * Metamethods and lifetime
 * ===================================================================== */

void tlevel_release(tlevel *lv)
{
    lv->s = NULL;
    if (lv->owner) host_release(lv->owner, lv->charged);
    lv->charged = 0;
    if (!lv->owned) return;
    state_free(&lv->own);
    if (lv->set) {
        levelset_free(lv->set);
        free(lv->set);
        lv->set = NULL;
    }
    if (lv->g) {
        game_free(lv->g);
        lv->g = NULL;
    }
}

static int level_gc(lua_State *L)
{
    tlevel_release(tolevel(L));
    return 0;
}

/* The position as level text: XSB glyphs, or the numbers of a sliding board. */
static int level_tostring(lua_State *L)
{
    tlevel *lv = tolevel(L);
    if (!lv->s) {
        lua_pushliteral(L, "tessera.level (invalid)");
        return 1;
    }
    const state *s = lv->s;
    charge_cells(L, s);
    level view = *s->lv;        /* the start level's shape with the current cells */
    view.floor = s->floor;
    view.obj = s->obj;
    view.num = s->num;
    char *text = level_to_xsb(&view, s->rules);
    if (!text) return luaL_error(L, "not enough memory");
    lua_pushstring(L, text);
    free(text);
    return 1;
}

static const luaL_Reg level_methods[] = {
    { "act", level_act },             { "around", level_around },
    { "count", level_count },         { "move_object", level_move_object },
    { "neighbour", level_neighbour }, { "set_var", level_set_var },
    { "var", level_var },
    { "boxes", level_boxes },         { "cell", level_cell },
    { "deadlocks", level_deadlocks }, { "hint", level_hint },
    { "solve", level_solve },         { "solvable", level_solvable },
    { "floor", level_floor },         { "floors", level_floors },
    { "goals", level_goals },         { "hash", level_hash },
    { "meta", level_meta_value },
    { "move", level_move },           { "moves", level_moves },
    { "number", level_number },       { "numbers", level_numbers },
    { "object", level_object },       { "objects", level_objects },
    { "path", level_path },           { "play", level_play },
    { "player", level_player },       { "players", level_players },
    { "pushes", level_pushes },       { "reachable", level_reachable },
    { "redo", level_redo },           { "restart", level_restart },
    { "select", level_select },       { "set_floor", level_set_floor },
    { "set_number", level_set_number }, { "set_object", level_set_object },
    { "size", level_size },           { "slide", level_slide },
    { "solved", level_solved },       { "title", level_title },
    { "topology", level_topology },   { "undo", level_undo },
    { "xy", level_xy },               { NULL, NULL }
};

/* One line per method of level_methods: see api_doc.h. */
const api_doc api_level[] = {
    { "act", "action: string|tessera.action", "boolean done",
      "Games with their own actions (owned levels): does one action, given as text (\"press(3,2)\") or as a table like act receives; false when refused. Runs act and records it." },
    { "around", "cell: integer, opts?: boolean|table", "integer[] cells",
      "The cells next to cell, in direction order; with opts { self = true } (or true) the cell itself first." },
    { "count", "name: string", "integer", "How many cells hold the tile name (as their floor or their object)." },
    { "move_object", "from: integer, to: integer", "", "Moves the object at from to the free cell to (drawn in motion; undoable inside a hook)." },
    { "neighbour", "cell: integer, dir: string", "integer|nil cell", "The cell one step from cell in dir, or nil off the board." },
    { "set_var", "name: string, value: boolean|number|string", "",
      "Changes one of the game's variables, to a value of the kind it was declared with (joins the move's or action's undo record inside a hook)." },
    { "var", "name: string", "boolean|number|string value", "The value of one of the game's variables (see vars)." },
    { "boxes", "", "integer[] cells", "The cells holding a pushable object, in reading order." },
    { "cell", "x: integer, y: integer", "integer|nil cell", "The cell at column x, row y (from 1), or nil off the board: (y - 1) * w + x." },
    { "deadlocks", "", "tessera.region|nil region, integer|string count_or_message",
      "The boxes that can no longer reach a goal (dead squares, frozen boxes), and how many." },
    { "floor", "cell: integer", "string name", "The floor tile's name at cell." },
    { "floors", "", "string[] names", "The floor tile name of every cell at once." },
    { "goals", "", "integer[] cells", "The cells with a goal floor, in reading order." },
    { "hash", "", "integer hash", "The position's Zobrist hash (equal positions, equal hashes)." },
    { "hint", "seconds?: number", "string|nil dir, boolean|string|tessera.action push_or_status, integer? player",
      "The first move of a solution from here: its direction, whether it pushes, and the player (1-based) who makes it (games with their own actions: the first action as text, then as a table); or nil and why." },
    { "meta", "key: string", "string|nil value", "The level file's \"Key: value\" line for key (any case), e.g. level:meta(\"intro\")." },
    { "move", "dir: string", "\"walk\"|\"push\"|nil result",
      "Moves the active player (or the blank) one step: a direction name or letter; nil when blocked. Runs on_move." },
    { "moves", "", "integer", "Moves made so far (undo takes them back)." },
    { "number", "cell: integer", "integer|nil n", "The number on a sliding tile at cell (nil for the blank or other games)." },
    { "numbers", "", "integer[]|nil numbers", "Every cell's number at once (0 the blank); nil for push games." },
    { "object", "cell: integer", "string|nil name", "The object's name at cell (player, box, ...), or nil." },
    { "objects", "", "(string|false)[] names", "Every cell's object name at once, false where empty." },
    { "path", "to: integer, from?: integer", "string|nil walk", "The shortest walk to a cell as letters (\"urrd\"), \"\" if there, nil if unreachable." },
    { "play", "lurd: string", "boolean ok, integer? bad", "Plays solution letters (digits select players); false and the first illegal letter's index." },
    { "player", "", "integer|nil cell", "The active player's cell." },
    { "players", "", "integer[] cells", "Every player's cell, in slot order." },
    { "pushes", "", "integer", "Pushes made so far." },
    { "reachable", "from?: integer", "tessera.region region, integer count", "The cells the player can walk to without pushing." },
    { "redo", "", "boolean", "Redoes the last undone move; false if none." },
    { "restart", "", "boolean", "Back to the start position (undoable); false if already there." },
    { "select", "slot: integer", "boolean", "Makes player slot (from 1) the active one; false if there is none." },
    { "set_floor", "cell: integer, name: string", "", "Changes the floor at cell (joins the move's undo record inside on_move)." },
    { "set_number", "cell: integer, n: integer", "", "Changes a sliding tile's number at cell." },
    { "set_object", "cell: integer, name: string|nil", "", "Puts an object at cell, or clears it with nil." },
    { "size", "", "integer w, integer h", "The board's width and height in cells." },
    { "slide", "cell: integer", "integer moved", "Sliding games: slides the tiles between cell and the blank; how many moved." },
    { "solvable", "seconds?: number", "boolean|nil solvable, string? status", "Whether the level can still be solved from here; nil, \"timeout\" when undecided." },
    { "solve", "seconds?: number, optimal?: boolean", "string|nil solution, table|string info_or_status, table? info",
      "A solution from here (the position is not changed) and info: status, solver (\"push\", \"sliding\" or \"generic\"), moves, pushes, length, nodes, seconds, optimal." },
    { "solved", "", "boolean", "Whether the position is solved by the game's full rule (solved hook included)." },
    { "title", "", "string|nil", "The level's title from its file." },
    { "topology", "", "\"square\"|\"hex\"", "The grid's topology." },
    { "undo", "", "boolean", "Undoes the last move (with its hook's changes); false if none." },
    { "xy", "cell: integer", "integer x, integer y", "The column and row of a cell." },
    { NULL, NULL, NULL, NULL }
};

static const luaL_Reg level_metamethods[] = {
    { "__close", level_gc },
    { "__gc", level_gc },
    { "__tostring", level_tostring },
    { "__index", NULL },        /* set below */
    { "__metatable", NULL },
    { NULL, NULL }
};

/* A borrowed level (one is made for every hook call) has a metatable of its own: no __gc, so
 * the collector frees it without a finalizer call, and its userdata holds no state. */
static const luaL_Reg borrowed_metamethods[] = {
    { "__close", level_gc },
    { "__tostring", level_tostring },
    { "__index", NULL },        /* set below */
    { "__metatable", NULL },
    { NULL, NULL }
};

static int tile_cache_key;
/* The metatables by light keys as well as (owned) by name. */
static int level_meta_key, borrowed_meta_key;

/* Pushes the shared upvalues (see UV_*) for luaL_setfuncs; the metatables are at mt, bmt. */
static void push_upvalues(lua_State *L, int mt, int bmt)
{
    lua_pushvalue(L, mt);
    lua_pushvalue(L, bmt);
    for (int topo = TOPO_SQUARE; topo <= TOPO_HEX; topo++) {
        int ndirs = topo == TOPO_HEX ? 6 : 4;
        lua_createtable(L, 0, ndirs * 3);
        for (int d = 0; d < ndirs; d++) {
            char letter = grid_dir_letter((topology)topo, d);
            char lower[2] = { letter, 0 }, upper[2] = { (char)toupper((unsigned char)letter), 0 };
            lua_pushinteger(L, d);
            lua_setfield(L, -2, grid_dir_name((topology)topo, d));
            lua_pushinteger(L, d);
            lua_setfield(L, -2, lower);
            lua_pushinteger(L, d);
            lua_setfield(L, -2, upper);
        }
    }
    lua_pushliteral(L, "walk");
    lua_pushliteral(L, "push");
    lua_rawgetp(L, LUA_REGISTRYINDEX, &tile_cache_key);
}

void tlevel_open(lua_State *L)
{
    lua_newtable(L);                        /* the tile-name cache, one per Lua state */
    lua_rawsetp(L, LUA_REGISTRYINDEX, &tile_cache_key);
    lua_newtable(L);
    int bmt = lua_gettop(L);
    luaL_newmetatable(L, TESSERA_LEVEL);
    int mt = lua_gettop(L);
    push_upvalues(L, mt, bmt);
    luaL_setfuncs(L, level_metamethods, UV_COUNT);
    luaL_newlibtable(L, level_methods);
    push_upvalues(L, mt, bmt);
    luaL_setfuncs(L, level_methods, UV_COUNT);
    lua_pushvalue(L, -1);
    lua_setfield(L, mt, "__index");
    lua_pushvalue(L, bmt);
    push_upvalues(L, mt, bmt);
    luaL_setfuncs(L, borrowed_metamethods, UV_COUNT);
    lua_insert(L, -2);
    lua_setfield(L, -2, "__index");     /* the same methods */
    lua_pop(L, 1);
    lua_pushliteral(L, TESSERA_LEVEL);
    lua_setfield(L, mt, "__metatable"); /* scripts cannot reach __gc */
    lua_pushliteral(L, TESSERA_LEVEL);
    lua_setfield(L, bmt, "__metatable");
    lua_pushvalue(L, mt);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &level_meta_key);
    lua_pushvalue(L, bmt);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &borrowed_meta_key);
    lua_pop(L, 2);
}

static tlevel *push_level(lua_State *L, bool owned)
{
    /* A borrowed level is the header alone: it never holds a state of its own. */
    size_t size = owned ? sizeof(tlevel) : offsetof(tlevel, own);
    tlevel *lv = lua_newuserdatauv(L, size, 0);
    memset(lv, 0, size);
    lv->owned = owned;
    lv->owner = host_of(L);
    lua_rawgetp(L, LUA_REGISTRYINDEX, owned ? &level_meta_key : &borrowed_meta_key);
    lua_setmetatable(L, -2);
    return lv;
}

tlevel *tlevel_push_borrowed(lua_State *L, state *s)
{
    tlevel *lv = push_level(L, false);
    lv->s = s;
    lv->history_seen = history_bytes(s);
    return lv;
}

/* A hook's level: the history it grew stays the app's, no longer the script's. */
void tlevel_invalidate(tlevel *lv)
{
    lv->s = NULL;
    if (lv->owner) host_release(lv->owner, lv->charged);
    lv->charged = 0;
}

int tlevel_charge(tlevel *lv, size_t bytes)
{
    if (!lv->owner) return 0;
    if (host_reserve(lv->owner, bytes) != 0) return -1;
    lv->charged += bytes;
    return 0;
}

size_t tlevel_state_bytes(const level *lv, const ruleset *r)
{
    const ruleset *own = level_rules(lv, r);
    size_t n = (size_t)lv->g.ncells;
    return n * (4 + 16 * (size_t)own->ntiles) + sizeof(state) + 4096;
}

size_t tlevel_set_bytes(const levelset *set, const ruleset *r)
{
    (void)r;
    /* Titles, "Key: value" lines and levels' own rules: as the parser counted them. */
    size_t bytes = sizeof *set + set->extra;
    for (int i = 0; i < set->count; i++) {
        const level *lv = &set->levels[i];
        bytes += sizeof *lv + (size_t)lv->g.ncells * (4 + 4 * (size_t)lv->g.ndirs) + 64;
    }
    return bytes;
}

tlevel *tlevel_push_owned(lua_State *L) { return push_level(L, true); }

int tlevel_start(tlevel *lv, error *err)
{
    const level *l = &lv->set->levels[lv->index];
    if (tlevel_charge(lv, tlevel_state_bytes(l, game_rules(lv->g))) != 0)
        return error_set(err, lv->set->path, 0, 0, "not enough memory for a %d x %d level (scripts may use %d MiB)",
                         l->g.w, l->g.h, (int)(host_memory_limit(lv->owner) >> 20));
    if (state_init(&lv->own, l, game_rules(lv->g)) != 0)
        return error_set(err, lv->set->path, 0, 0, "out of memory");
    lv->s = &lv->own;
    lv->history_seen = history_bytes(lv->s);
    return 0;
}

/* }==================================================================== */
