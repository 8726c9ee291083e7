/* fuzz_gamedef.c: a Lua chunk run in the game sandbox (a small instruction and memory
 * budget) and, if it returns something, the game-table validator on it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "script/bindings.h"
#include "script/host.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Runs under host_pcall: the validator may allocate, so may fail on the memory cap. */
static int check_result(lua_State *L)
{
    lua_settop(L, 1);
    if (gamedef_check(L, 1)) lua_pop(L, 1);             /* the frozen fields */
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    error err;
    host_config cfg = { .name = "fuzz", .memory_limit = (size_t)16 << 20, .instruction_limit = 2000000 };
    host *h = host_new(&cfg, &err);
    if (!h) return 0;
    lua_State *L = host_lua(h);
    if (luaL_loadbufferx(L, (const char *)data, size, "=fuzz", "t") == LUA_OK) {
        if (host_pcall(h, 0, 1, &err) == 0) {
            lua_pushcfunction(L, check_result);
            lua_insert(L, -2);
            host_pcall(h, 1, 0, &err);
        }
    } else {
        lua_pop(L, 1);
    }
    host_free(h);
    return 0;
}
