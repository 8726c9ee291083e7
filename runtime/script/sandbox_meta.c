/* sandbox_meta.c: setmetatable, getmetatable and rawset in the sandbox: no __gc finalizers,
 * no weak keys, ever (see below). */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lualib.h>

#include "core/confine.h"
#include "script/budget.h"
#include "script/game.h"
#include "script/host.h"
#include "script/sandbox.h"

/* {====================================================================
 * Metatables: no finalizers, no weak keys, ever
 *
 * The collector reads a table's metatable as it is when it runs, so refusing __gc and weak
 * __mode when setmetatable is called is not enough by itself: a metatable could gain
 * `__mode = "k"` afterwards (an ordinary assignment, which nothing can intercept unless the
 * metatable has a __newindex). So every table used as a metatable is sealed: its own
 * metatable becomes a private table with a __newindex that refuses __mode and __gc (and
 * passes everything else on as the table's real metatable would). The private table holds a
 * copy of the table's real metatable, if it had one (a class with a metaclass); getmetatable
 * answers with that real one, so scripts see what they set. A weak table ("v" or "kv" only)
 * gets a private copy of its metatable too, which no script can reach or change.
 * ===================================================================== */

static int private_key;                 /* [&private_key] in a private metatable: the metatable
                                           scripts set (a table), or false for none */
static int sealed_key;                  /* [&sealed_key] = true: the private table seals */
#define GUARD_REGISTRY "tessera.guard"  /* the private table of sealed tables with no metatable */

/* Whether the table at idx's metatable is a private one (pushes nothing). */
static bool private_meta(lua_State *L, int idx, bool *sealed)
{
    bool yes = false;
    if (sealed) *sealed = false;
    if (!lua_getmetatable(L, idx)) return false;
    if (lua_rawgetp(L, -1, &private_key) != LUA_TNIL) {
        yes = true;
        if (sealed) {
            lua_rawgetp(L, -2, &sealed_key);
            *sealed = lua_toboolean(L, -1);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 2);
    return yes;
}

/* Pushes the metatable scripts see for the value at idx (or nil). */
static void push_visible_meta(lua_State *L, int idx)
{
    if (!lua_getmetatable(L, idx)) {
        lua_pushnil(L);
        return;
    }
    if (lua_rawgetp(L, -1, &private_key) == LUA_TNIL) {
        lua_pop(L, 1);
        return;                                     /* a script's own table */
    }
    lua_remove(L, -2);
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        lua_pushnil(L);
    }
}

static bool is_key(lua_State *L, int idx, const char *name)
{
    return lua_type(L, idx) == LUA_TSTRING && strcmp(lua_tostring(L, idx), name) == 0;
}

/* __newindex of a sealed table: upvalue 1 is what its real metatable's __newindex was. */
static int guard_newindex(lua_State *L)
{
    if (is_key(L, 2, "__mode") || is_key(L, 2, "__gc"))
        return luaL_error(L, "a table used as a metatable cannot get %s afterwards (finalizers and weak "
                             "keys are not allowed in the sandbox)", lua_tostring(L, 2));
    int kind = lua_type(L, lua_upvalueindex(1));
    if (kind == LUA_TNIL) {
        lua_settop(L, 3);
        lua_rawset(L, 1);
    } else if (kind == LUA_TFUNCTION) {
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_insert(L, 1);
        lua_call(L, 3, 0);
    } else {
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_pushvalue(L, 2);
        lua_pushvalue(L, 3);
        lua_settable(L, -3);
    }
    return 0;
}

/* Refuses a metatable with __gc or weak keys; whether it has a (weak-values) __mode. */
static bool check_metatable(lua_State *L, int mt)
{
    if (lua_getfield(L, mt, "__gc") != LUA_TNIL)
        luaL_error(L, "setmetatable: finalizers (__gc) are not allowed in the sandbox");
    lua_pop(L, 1);
    bool weak = false;
    if (lua_rawgetp(L, mt, &private_key) != LUA_TNIL) luaL_error(L, "setmetatable: not a metatable");
    lua_pop(L, 1);
    lua_pushliteral(L, "__mode");
    if (lua_rawget(L, mt) != LUA_TNIL) {
        const char *mode = lua_tostring(L, -1);
        if (!mode || (strchr(mode, 'k') && !strchr(mode, 'v')))
            luaL_error(L, "setmetatable: weak keys (__mode = \"k\") are not allowed in the sandbox "
                          "(weak values, \"v\", are)");
        weak = strchr(mode, 'v') != NULL;
    }
    lua_pop(L, 1);
    return weak;
}

/* Pushes a private copy of the table at mt (0: none), sealing when asked. */
static void push_private(lua_State *L, int mt, bool seal)
{
    if (!mt && seal) {
        lua_getfield(L, LUA_REGISTRYINDEX, GUARD_REGISTRY);
        return;
    }
    lua_newtable(L);
    int p = lua_gettop(L);
    long long fields = 0;
    if (mt) {
        lua_pushnil(L);
        while (lua_next(L, mt)) {
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, p);
            fields++;
        }
        budget_charge(L, fields);
    }
    if (seal) {
        lua_getfield(L, p, "__newindex");
        lua_pushcclosure(L, guard_newindex, 1);
        lua_setfield(L, p, "__newindex");
        lua_pushboolean(L, 1);
        lua_rawsetp(L, p, &sealed_key);
    }
    if (mt) lua_pushvalue(L, mt);
    else lua_pushboolean(L, 0);
    lua_rawsetp(L, p, &private_key);
}

/* Makes sure the table at idx, about to be (or being) a metatable, cannot gain __mode or
 * __gc: its own metatable becomes a sealing private table. */
static void seal(lua_State *L, int idx)
{
    bool sealed;
    if (private_meta(L, idx, &sealed) && sealed) return;
    push_visible_meta(L, idx);
    int m = lua_gettop(L);
    if (!lua_isnil(L, m)) check_metatable(L, m);
    push_private(L, lua_isnil(L, m) ? 0 : m, true);
    lua_setmetatable(L, idx);
    lua_pop(L, 1);
}

static int host_setmetatable(lua_State *L)
{
    int t = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL) return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    bool sealed;
    private_meta(L, 1, &sealed);
    if (t == LUA_TNIL) {
        if (sealed) lua_getfield(L, LUA_REGISTRYINDEX, GUARD_REGISTRY);
        else lua_pushnil(L);
        lua_setmetatable(L, 1);
        lua_settop(L, 1);
        return 1;
    }
    bool weak = check_metatable(L, 2);
    if (weak || sealed) {
        push_private(L, 2, sealed);
    } else {
        seal(L, 2);
        lua_pushvalue(L, 2);
    }
    lua_setmetatable(L, 1);
    lua_settop(L, 1);
    return 1;
}

static int host_getmetatable(lua_State *L)
{
    luaL_checkany(L, 1);
    if (!lua_istable(L, 1)) {
        if (!lua_getmetatable(L, 1)) {
            lua_pushnil(L);
            return 1;
        }
    } else {
        push_visible_meta(L, 1);
        if (lua_isnil(L, -1)) return 1;
    }
    lua_pushliteral(L, "__metatable");
    if (lua_rawget(L, -2) != LUA_TNIL) return 1;
    lua_pop(L, 1);
    return 1;
}

static int host_rawset(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    luaL_checkany(L, 3);
    bool sealed;
    if ((is_key(L, 2, "__mode") || is_key(L, 2, "__gc")) && private_meta(L, 1, &sealed) && sealed)
        return luaL_error(L, "a table used as a metatable cannot get %s afterwards", lua_tostring(L, 2));
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 1;
}

/* }==================================================================== */

void sandbox_open_meta(lua_State *L)
{
    lua_pushglobaltable(L);
    lua_pushcfunction(L, host_setmetatable);
    lua_setfield(L, -2, "setmetatable");
    lua_pushcfunction(L, host_getmetatable);
    lua_setfield(L, -2, "getmetatable");
    lua_pushcfunction(L, host_rawset);
    lua_setfield(L, -2, "rawset");
    lua_pop(L, 1);
    /* The private table of sealed tables that have no metatable of their own. */
    lua_newtable(L);
    lua_pushnil(L);
    lua_pushcclosure(L, guard_newindex, 1);
    lua_setfield(L, -2, "__newindex");
    lua_pushboolean(L, 0);
    lua_rawsetp(L, -2, &private_key);
    lua_pushboolean(L, 1);
    lua_rawsetp(L, -2, &sealed_key);
    lua_setfield(L, LUA_REGISTRYINDEX, GUARD_REGISTRY);
}
