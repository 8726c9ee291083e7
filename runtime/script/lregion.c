/* lregion.c: the tessera.region userdata: a set of cells (the player's reachable region),
 * one byte per cell, filled by C in one call. region[cell] is true or false, #region the
 * number of cells in it, region:cells() the cells as an array. Handing Lua the bytes instead
 * of building a table keeps the primitive as fast as the flood fill itself. */
#include <lauxlib.h>

#include "script/api_doc.h"
#include "script/bindings.h"


typedef struct tregion {
    lua_Integer ncells, count;
    uint8_t in[];               /* in[c - 1] for 1-based cell c */
} tregion;

#define toregion(L) ((tregion *)luaL_checkudata(L, 1, TESSERA_REGION))

uint8_t *tregion_push(lua_State *L, int ncells)
{
    tregion *r = lua_newuserdatauv(L, sizeof *r + (size_t)ncells, 0);
    r->ncells = ncells;
    r->count = 0;
    luaL_setmetatable(L, TESSERA_REGION);
    return r->in;
}

void tregion_set_count(lua_State *L, int idx, int count)
{
    ((tregion *)lua_touserdata(L, idx))->count = count;
}

/* region[cell] -> boolean; region.name -> method */
static int region_index(lua_State *L)
{
    tregion *r = toregion(L);
    if (lua_type(L, 2) == LUA_TNUMBER) {
        lua_Integer c = lua_tointeger(L, 2);
        lua_pushboolean(L, c >= 1 && c <= r->ncells && r->in[c - 1]);
        return 1;
    }
    lua_pushvalue(L, 2);
    lua_rawget(L, lua_upvalueindex(1));
    return 1;
}

static int region_len(lua_State *L)
{
    lua_pushinteger(L, toregion(L)->count);
    return 1;
}

/* cells() -> { cell, cell, ... } in reading order */
static int region_cells(lua_State *L)
{
    tregion *r = toregion(L);
    lua_createtable(L, (int)r->count, 0);
    lua_Integer k = 0;
    for (lua_Integer c = 0; c < r->ncells; c++)
        if (r->in[c]) {
            lua_pushinteger(L, c + 1);
            lua_rawseti(L, -2, ++k);
        }
    return 1;
}

static int region_tostring(lua_State *L)
{
    tregion *r = toregion(L);
    lua_pushfstring(L, "tessera.region (%d of %d cells)", (int)r->count, (int)r->ncells);
    return 1;
}

static const luaL_Reg region_methods[] = {
    { "cells", region_cells },
    { NULL, NULL }
};

const api_doc api_region[] = {
    { "cells", "", "integer[] cells", "The cells in the region, in reading order. Also region[cell] -> boolean and #region -> count." },
    { NULL, NULL, NULL, NULL }
};

void tregion_open(lua_State *L)
{
    luaL_newmetatable(L, TESSERA_REGION);
    luaL_newlib(L, region_methods);
    lua_pushcclosure(L, region_index, 1);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, region_len);
    lua_setfield(L, -2, "__len");
    lua_pushcfunction(L, region_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pushliteral(L, TESSERA_REGION);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
}
