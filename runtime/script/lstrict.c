/* lstrict.c: strict globals for game scripts. A global is declared by assigning it in the
 * main chunk of a script (the game's, a base game's, a module's): at load time, at the top
 * level. Reading a global that was never declared, or assigning one anywhere else (inside a
 * function, a hook), raises "undeclared global 'x'" at the line that did it, so a typo such as
 * `name = Teleport` is an error at its line and column instead of a silent nil. What the
 * sandbox itself puts in the globals (print, tessera, string, ...) is declared. rawget and
 * rawset bypass the check, as in Lua's own strict.lua. */
#include <lauxlib.h>

#include "script/bindings.h"

/* The metatable's upvalue: the set of declared names. */
static int strict_index(lua_State *L)
{
    /* 1 globals, 2 key */
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return 0;   /* declared, now nil */
    if (lua_type(L, 2) == LUA_TSTRING)
        return luaL_error(L, "undeclared global '%s' (make it a local, or assign it at the top of the script)",
                          lua_tostring(L, 2));
    return luaL_error(L, "undeclared global (a %s key)", luaL_typename(L, 2));
}

/* Whether the Lua code that is assigning is a main chunk (level 1: the caller of __newindex). */
static int in_main_chunk(lua_State *L)
{
    lua_Debug ar;
    if (!lua_getstack(L, 1, &ar) || !lua_getinfo(L, "S", &ar)) return 0;
    return ar.what[0] == 'm';   /* "main" */
}

static int strict_newindex(lua_State *L)
{
    /* 1 globals, 2 key, 3 value */
    lua_pushvalue(L, 2);
    int declared = lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL;
    lua_pop(L, 1);
    if (!declared) {
        if (!in_main_chunk(L)) {
            if (lua_type(L, 2) == LUA_TSTRING)
                return luaL_error(L, "undeclared global '%s' assigned in a function (declare it at the top of the "
                                  "script, or use a local)", lua_tostring(L, 2));
            return luaL_error(L, "undeclared global assigned in a function");
        }
        lua_pushvalue(L, 2);
        lua_pushboolean(L, 1);
        lua_rawset(L, lua_upvalueindex(1));
    }
    lua_rawset(L, 1);
    return 0;
}

void tstrict_open(lua_State *L)
{
    lua_pushglobaltable(L);
    lua_newtable(L);                        /* the declared names: what is there now */
    lua_pushnil(L);
    while (lua_next(L, -3)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushboolean(L, 1);
        lua_rawset(L, -4);
    }
    lua_createtable(L, 0, 3);               /* the metatable */
    lua_pushvalue(L, -2);
    lua_pushcclosure(L, strict_index, 1);
    lua_setfield(L, -2, "__index");
    lua_pushvalue(L, -2);
    lua_pushcclosure(L, strict_newindex, 1);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "strict globals");
    lua_setfield(L, -2, "__metatable");     /* a script cannot take the check away */
    lua_setmetatable(L, -3);
    lua_pop(L, 2);
}
