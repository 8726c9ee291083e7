/* sandbox_files.c: the functions that read files in the sandbox: io.open, io.lines (and the
 * methods of the files they open), loadfile, dofile and require. Every name is opened beneath
 * the host's roots (core/confine.h) and read through the descriptor that open returned. */
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
 * Files: opened beneath the roots, read through the descriptor opened
 * ===================================================================== */

/* The file name at argument arg; no name with a zero byte in it. */
static const char *check_name(lua_State *L, int arg)
{
    size_t len;
    const char *name = luaL_checklstring(L, arg, &len);
    if (strlen(name) != len) luaL_argerror(L, arg, "a file name cannot hold a zero byte");
    return name;
}

static int close_stream(lua_State *L)
{
    luaL_Stream *p = luaL_checkudata(L, 1, LUA_FILEHANDLE);
    int ok = fclose(p->f) == 0;
    host_file_close(host_of(L));
    return luaL_fileresult(L, ok, NULL);
}

/* Pushes a Lua file for name (relative to the script's folder) opened beneath the roots, or
 * returns false with "NAME: why" pushed. */
static bool push_stream(lua_State *L, const char *name)
{
    host *h = host_of(L);
    error err;
    luaL_Stream *p = lua_newuserdatauv(L, sizeof *p, 0);
    p->closef = NULL;                               /* not a file until it is opened */
    luaL_setmetatable(L, LUA_FILEHANDLE);
    bool counted = host_file_open(h) == 0;
    if (!counted) {
        /* Files let go but not yet collected are closed first (charged as collectgarbage). */
        budget_charge(L, (long long)lua_gc(L, LUA_GCCOUNT) << (10 - BUDGET_BYTE_SHIFT));
        lua_gc(L, LUA_GCCOLLECT);
        counted = host_file_open(h) == 0;
    }
    if (!counted) {
        lua_pop(L, 1);
        lua_pushfstring(L, "%s: too many files open (a game may keep %d open at once)", name, HOST_OPEN_FILES_MAX);
        return false;
    }
    int fd = confine_open(host_roots(h), host_own_dir(h), name, NULL, 0, &err);
    if (fd < 0 || !(p->f = fdopen(fd, "r"))) {
        host_file_close(h);
        if (fd >= 0) {
            close(fd);
            error_set(&err, name, 0, 0, "cannot read");
        }
        lua_pop(L, 1);
        lua_pushfstring(L, "%s: %s", name, err.msg);
        return false;
    }
    p->closef = close_stream;
    return true;
}

/* io.open(name [, mode]): for reading only, beneath the roots. */
static int host_io_open(lua_State *L)
{
    const char *name = check_name(L, 1);
    const char *mode = luaL_optstring(L, 2, "r");
    if (strcmp(mode, "r") != 0 && strcmp(mode, "rb") != 0) {
        luaL_pushfail(L);
        lua_pushfstring(L, "%s: mode '%s' is not allowed: scripts may only read files", name, mode);
        return 2;
    }
    if (push_stream(L, name)) return 1;
    luaL_pushfail(L);
    lua_insert(L, -2);
    return 2;
}

/* The iterator io.lines returns for a named file: upvalue 1 the file's own iterator (each
 * step charged by file_lines), 2 the file, closed when the lines run out. */
static int lines_step(lua_State *L)
{
    int top = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_call(L, 0, LUA_MULTRET);
    int n = lua_gettop(L) - top;
    if (n == 0 || lua_isnil(L, top + 1)) {
        luaL_Stream *p = luaL_checkudata(L, lua_upvalueindex(2), LUA_FILEHANDLE);
        if (p->closef) {
            luaL_getmetafield(L, lua_upvalueindex(2), "__index");
            lua_getfield(L, -1, "close");
            lua_pushvalue(L, lua_upvalueindex(2));
            lua_call(L, 1, 0);
            lua_pop(L, 1);
        }
    }
    return n;
}

/* io.lines(name, ...): a named file beneath the roots (run mode: with no name, the lines of
 * standard input). Returns the iterator and the file, which a for loop closes. */
static int host_io_lines(lua_State *L)
{
    int n = lua_gettop(L);
    if (n == 0 || lua_isnil(L, 1)) {
        if (!host_stdio(host_of(L))) return luaL_argerror(L, 1, "a file name is required");
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_insert(L, 1);
        lua_call(L, n, LUA_MULTRET);
        return lua_gettop(L);
    }
    const char *name = check_name(L, 1);
    if (!push_stream(L, name)) return lua_error(L);
    lua_replace(L, 1);                              /* 1: the file, 2..n: the formats */
    luaL_getmetafield(L, 1, "__index");
    lua_getfield(L, -1, "lines");
    lua_remove(L, -2);
    for (int i = 1; i <= n; i++) lua_pushvalue(L, i);
    lua_call(L, n, 1);                              /* f:lines(...) */
    lua_pushvalue(L, 1);
    lua_pushcclosure(L, lines_step, 2);
    lua_pushnil(L);
    lua_pushnil(L);
    lua_pushvalue(L, 1);                            /* closed by the for loop */
    return 4;
}

/* file:read and file:lines charge the bytes they return (files are bounded, loops are not). */
static int file_read(lua_State *L)
{
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    size_t bytes = 0;
    for (int i = 1; i <= lua_gettop(L); i++)
        if (lua_type(L, i) == LUA_TSTRING) bytes += lua_rawlen(L, i);
    budget_charge(L, (long long)(bytes >> BUDGET_BYTE_SHIFT) + 1);
    return lua_gettop(L);
}

static int file_lines_step(lua_State *L)
{
    int top = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_call(L, 0, LUA_MULTRET);
    size_t bytes = 0;
    for (int i = top + 1; i <= lua_gettop(L); i++)
        if (lua_type(L, i) == LUA_TSTRING) bytes += lua_rawlen(L, i);
    budget_charge(L, (long long)(bytes >> BUDGET_BYTE_SHIFT) + 1);
    return lua_gettop(L) - top;
}

static int file_lines(lua_State *L)
{
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, 1);
    lua_pushcclosure(L, file_lines_step, 1);
    return 1;
}

/* loadfile(name [, mode [, env]]): a text chunk beneath the roots, relative names from the
 * script's folder; nil and the message when it cannot be read or compiled. */
static int host_loadfile_lua(lua_State *L)
{
    int has_env = !lua_isnone(L, 3);
    const char *name = check_name(L, 1);
    lua_settop(L, 3);
    char path[PATH_MAX + 64];
    error err;
    int status = host_load_confined(L, host_own_dir(host_of(L)), name, path, sizeof path, &err);
    if (status != 0) {
        luaL_pushfail(L);
        if (status < 0) lua_pushfstring(L, "%s: %s", name, err.msg);
        else lua_insert(L, -2);
        return 2;
    }
    if (has_env) {
        lua_pushvalue(L, 3);
        if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
    }
    return 1;
}

/* dofile(name): runs a text file beneath the roots, returning what it returns. */
static int host_dofile(lua_State *L)
{
    const char *name = check_name(L, 1);
    lua_settop(L, 1);
    char path[PATH_MAX + 64];
    error err;
    int status = host_load_confined(L, host_own_dir(host_of(L)), name, path, sizeof path, &err);
    if (status < 0) return luaL_error(L, "%s: %s", name, err.msg);
    if (status != 0) return lua_error(L);
    lua_call(L, 0, LUA_MULTRET);
    return lua_gettop(L) - 1;
}

/* }==================================================================== */

/* {====================================================================
 * require: Lua text modules from the script's folder and scripts_dir
 * ===================================================================== */

static int loading_sentinel;

/* Parts of letters, digits, '_' and '-', separated by single dots. */
static int module_name_ok(const char *name, size_t len)
{
    int part = 0;
    if (strlen(name) != len) return 0;
    for (const char *p = name;; p++) {
        if (*p == '.' || *p == '\0') {
            if (part == 0) return 0;
            if (*p == '\0') return 1;
            part = 0;
        } else if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_' ||
                   *p == '-') {
            part++;
        } else {
            return 0;
        }
    }
}

/* Compiles the first of dir/FILE.lua and dir/FILE/init.lua that exists and pushes the chunk
 * and its path: 1. 0 when neither is there (each "no file" line added to misses). Raises when
 * one is there but cannot be read (outside the roots, not a regular file) or compile. */
static int try_module(lua_State *L, const char *dir, const char *name, char *misses, size_t msize)
{
    static const char *const patterns[] = { "%s/%s.lua", "%s/%s/init.lua" };
    char file[PATH_MAX];
    snprintf(file, sizeof file, "%s", name);
    for (char *c = file; *c; c++)
        if (*c == '.') *c = '/';
    for (int p = 0; p < 2; p++) {
        char candidate[PATH_MAX * 2 + 16], path[PATH_MAX * 2 + 16];
        snprintf(candidate, sizeof candidate, patterns[p], dir, file);
        error err;
        int status = host_load_confined(L, NULL, candidate, path, sizeof path, &err);
        if (status == 0) {
            lua_pushstring(L, path);
            return 1;
        }
        if (status > 0) lua_error(L);
        if (strcmp(err.msg, "no such file") != 0) luaL_error(L, "module '%s': %s is %s", name, candidate, err.msg);
        size_t used = strlen(misses);
        snprintf(misses + used, msize - used, "\n\tno file '%s'", candidate);
    }
    return 0;
}

static int host_require(lua_State *L)
{
    host *h = host_of(L);
    size_t len;
    const char *name = luaL_checklstring(L, 1, &len);
    lua_settop(L, 1);
    if (!module_name_ok(name, len)) return luaL_argerror(L, 1, lua_pushfstring(L, "bad module name '%s'", name));
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE); /* 2: loaded */
    if (lua_getfield(L, 2, name) != LUA_TNIL) {
        if (lua_touserdata(L, 3) == &loading_sentinel)
            return luaL_error(L, "module '%s' is still loading (a require loop, or it failed)", name);
        return 1;
    }
    lua_pop(L, 1);
    /* The script's own folder, then each folder of the search path (mods, then bundled). */
    char misses[2048] = "";
    const char *own = host_own_dir(h);
    int found = own ? try_module(L, own, name, misses, sizeof misses) : 0;
    for (const char *p = host_scripts_dir(h); !found && p && *p;) {
        const char *sep = strchr(p, GAME_SEARCH_SEP);
        size_t n = sep ? (size_t)(sep - p) : strlen(p);
        char dir[PATH_MAX];
        bool ok = n > 0 && n < sizeof dir;
        if (ok) {
            memcpy(dir, p, n);
            dir[n] = '\0';
        }
        p = sep ? sep + 1 : NULL;
        if (ok && !(own && strcmp(dir, own) == 0)) found = try_module(L, dir, name, misses, sizeof misses);
    }
    if (!found) return luaL_error(L, "module '%s' not found:%s", name, misses);
    /* 3: the chunk, 4: its path */
    lua_pushlightuserdata(L, &loading_sentinel);
    lua_setfield(L, 2, name);
    lua_pushvalue(L, 3);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 4);
    lua_call(L, 2, 1);                                       /* module(name, path) */
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_pushboolean(L, 1);
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, 2, name);
    lua_pushvalue(L, 4);
    return 2;                                                /* module, path */
}

/* }==================================================================== */

void sandbox_open_files(lua_State *L)
{
    /* io (on top of the stack): open and lines */
    lua_pushcfunction(L, host_io_open);
    lua_setfield(L, -2, "open");
    lua_getfield(L, -1, "lines");
    lua_pushcclosure(L, host_io_lines, 1);
    lua_setfield(L, -2, "lines");
    /* The methods of files: read and lines charge what they return. */
    luaL_getmetatable(L, LUA_FILEHANDLE);
    lua_getfield(L, -1, "__index");
    lua_getfield(L, -1, "read");
    lua_pushcclosure(L, file_read, 1);
    lua_setfield(L, -2, "read");
    lua_getfield(L, -1, "lines");
    lua_pushcclosure(L, file_lines, 1);
    lua_setfield(L, -2, "lines");
    lua_pop(L, 1);
    /* getmetatable(file) handed out the real metatable: a script replaced its __gc with a
     * function of its own, and every file it let go ran that function as a finalizer, which
     * Lua runs with hooks off (no limit stops it: a loop there hung the game, and closing the
     * game ran it again). getmetatable answers with this field instead. */
    lua_pushliteral(L, "file");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
    lua_pushglobaltable(L);
    lua_pushcfunction(L, host_dofile);
    lua_setfield(L, -2, "dofile");
    lua_pushcfunction(L, host_loadfile_lua);
    lua_setfield(L, -2, "loadfile");
    lua_pushcfunction(L, host_require);
    lua_setfield(L, -2, "require");
    lua_pop(L, 1);
}
