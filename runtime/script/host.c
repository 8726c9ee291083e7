/* host.c: the sandboxed Lua state: capped allocator, instruction budget, the trimmed standard
 * libraries, a text-only require, and lua_pcall with a traceback message handler. */
#define _XOPEN_SOURCE 700
#include "script/host.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "script/bindings.h"
#include "script/errpos.h"
#include "script/game.h"

struct host {
    lua_State *L;
    size_t used, limit;         /* bytes held by the Lua allocator, and the cap */
    long count, instruction_limit;
    int depth;                  /* nesting of host_pcall: the budget is per outermost call */
    bool stdio;
    char *name, *own_dir, *scripts_dir, *levels_dir;
    char *traceback;
    char oom_where[320];        /* "file:line" of the Lua code running when the cap was hit */
    char **files;
    int nfiles;
    char **roots;               /* canonical folders scripts may read under */
    int nroots;
};

/* Folders every new host may read under besides its own (the mods folders). */
static char **extra_roots;
static int nextra_roots;

/* Registry key of math.randomseed as the library made it. */
#define HOST_RANDOMSEED "tessera.randomseed"

static const char instruction_message[] = "script ran too long (instruction limit)";

char *host_strdup(const char *s)
{
    if (!s) return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

/* {====================================================================
 * Memory cap and instruction budget
 * ===================================================================== */

/* Where the running Lua code is, for a memory error (which unwinds without a message
 * handler). Only reads the call stack: safe inside the allocator. */
static void note_oom_position(host *h)
{
    lua_Debug ar;
    if (!h->L || h->depth == 0 || h->oom_where[0]) return;
    for (int depth = 0; lua_getstack(h->L, depth, &ar); depth++) {
        if (lua_getinfo(h->L, "Sl", &ar) && ar.currentline > 0) {
            snprintf(h->oom_where, sizeof h->oom_where, "%s:%d", ar.short_src, ar.currentline);
            return;
        }
    }
}

static void *host_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    host *h = ud;
    if (!ptr) osize = 0;        /* osize then only tells the kind of object */
    if (nsize == 0) {
        free(ptr);
        h->used -= osize;
        return NULL;
    }
    if (nsize > osize && nsize - osize > h->limit - h->used) {
        note_oom_position(h);
        return NULL;            /* Lua collects garbage, retries, then raises LUA_ERRMEM */
    }
    void *p = realloc(ptr, nsize);
    if (p) h->used = h->used - osize + nsize;
    return p;
}

static void host_count_hook(lua_State *L, lua_Debug *ar)
{
    host *h = host_of(L);
    h->count += HOST_HOOK_STEP;
    if (h->instruction_limit <= 0 || h->count <= h->instruction_limit) return;
    /* luaL_error would name the caller's line: inside a hook, level 0 is the running code. */
    if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0)
        lua_pushfstring(L, "%s:%d: %s", ar->short_src, ar->currentline, instruction_message);
    else
        lua_pushstring(L, instruction_message);
    lua_error(L);
}

/* }==================================================================== */

/* {====================================================================
 * The sandboxed base functions
 * ===================================================================== */

static void write_text(host *h, const char *s, size_t len)
{
    fwrite(s, 1, len, h->stdio ? stdout : stderr);
}

/* print(...): like Lua's, to stderr with the script's name (run mode: plain, to stdout). */
static int host_print(lua_State *L)
{
    host *h = host_of(L);
    int n = lua_gettop(L);
    if (!h->stdio) fprintf(stderr, "[%s] ", h->name ? h->name : "script");
    for (int i = 1; i <= n; i++) {
        size_t len;
        const char *s = luaL_tolstring(L, i, &len); /* pushes the string */
        if (i > 1) write_text(h, "\t", 1);
        write_text(h, s, len);
        lua_pop(L, 1);
    }
    write_text(h, "\n", 1);
    fflush(h->stdio ? stdout : stderr);
    return 0;
}

/* load(chunk [, chunkname [, mode [, env]]]): the library's load, always in mode "t". */
static int host_load(lua_State *L)
{
    int has_env = !lua_isnone(L, 4);
    lua_settop(L, 4);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_pushliteral(L, "t");
    if (has_env) lua_pushvalue(L, 4);
    lua_call(L, has_env ? 4 : 3, LUA_MULTRET);
    return lua_gettop(L) - 4;
}

/* collectgarbage([opt [, arg]]): only the options that cannot change how the collector runs. */
static int host_collectgarbage(lua_State *L)
{
    static const char *const allowed[] = { "collect", "count", "step", "isrunning", NULL };
    const char *opt = luaL_optstring(L, 1, "collect");
    int i = 0;
    while (allowed[i] && strcmp(allowed[i], opt) != 0) i++;
    if (!allowed[i]) return luaL_argerror(L, 1, lua_pushfstring(L, "option '%s' is not allowed", opt));
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

/* }==================================================================== */

/* {====================================================================
 * Reading files: only under the allowed folders, resolved with realpath
 * ===================================================================== */

int host_add_read_root(const char *dir)
{
    char **bigger = realloc(extra_roots, sizeof *bigger * (size_t)(nextra_roots + 1));
    if (!bigger) return -1;
    extra_roots = bigger;
    if (!(extra_roots[nextra_roots] = host_strdup(dir))) return -1;
    nextra_roots++;
    return 0;
}

void host_clear_read_roots(void)
{
    for (int i = 0; i < nextra_roots; i++) free(extra_roots[i]);
    free(extra_roots);
    extra_roots = NULL;
    nextra_roots = 0;
}

/* Adds the canonical form of dir (its first len bytes) to h's roots; a folder that does not
 * exist is no root. */
static void add_root(host *h, const char *dir, size_t len)
{
    char path[PATH_MAX], real[PATH_MAX];
    if (len == 0 || len >= sizeof path) return;
    memcpy(path, dir, len);
    path[len] = '\0';
    if (!realpath(path, real)) return;
    for (int i = 0; i < h->nroots; i++)
        if (strcmp(h->roots[i], real) == 0) return;
    char **bigger = realloc(h->roots, sizeof *bigger * (size_t)(h->nroots + 1));
    if (!bigger) return;
    h->roots = bigger;
    if ((h->roots[h->nroots] = host_strdup(real)) != NULL) h->nroots++;
}

static void set_roots(host *h)
{
    if (h->own_dir) add_root(h, h->own_dir, strlen(h->own_dir));
    for (const char *p = h->scripts_dir; p && *p;) {
        const char *sep = strchr(p, GAME_SEARCH_SEP);
        size_t n = sep ? (size_t)(sep - p) : strlen(p);
        add_root(h, p, n);
        p = sep ? sep + 1 : NULL;
    }
    if (h->levels_dir) add_root(h, h->levels_dir, strlen(h->levels_dir));
    for (int i = 0; i < nextra_roots; i++) add_root(h, extra_roots[i], strlen(extra_roots[i]));
}

bool host_may_read(const host *h, const char *path, char *real, size_t size)
{
    char buf[PATH_MAX];
    if (!realpath(path, buf)) return false;
    for (int i = 0; i < h->nroots; i++) {
        size_t n = strlen(h->roots[i]);
        if (strncmp(buf, h->roots[i], n) == 0 && (buf[n] == '\0' || buf[n] == '/' || n == 1)) {
            if (real) snprintf(real, size, "%s", buf);
            return true;
        }
    }
    return false;
}

/* The real path of the file named by argument arg, pushed; relative names start from the
 * script's own folder. NULL with a message pushed when it cannot be read from here. */
static const char *push_readable_path(lua_State *L, int arg)
{
    host *h = host_of(L);
    const char *name = luaL_checkstring(L, arg);
    const char *path = name[0] != '/' && h->own_dir ? lua_pushfstring(L, "%s/%s", h->own_dir, name)
                                                    : lua_pushstring(L, name);
    char real[PATH_MAX];
    if (!realpath(path, real)) {
        lua_pop(L, 1);
        lua_pushfstring(L, "%s: no such file", name);
        return NULL;
    }
    if (!host_may_read(h, path, real, sizeof real)) {
        lua_pop(L, 1);
        lua_pushfstring(L, "%s: outside the folders scripts may read (the game's own folder and the mods folders)",
                        name);
        return NULL;
    }
    lua_pop(L, 1);
    return lua_pushstring(L, real);
}

/* io.open(name [, mode]): the library's, for reading only, under the allowed folders. */
static int host_io_open(lua_State *L)
{
    const char *mode = luaL_optstring(L, 2, "r");
    if (strcmp(mode, "r") != 0 && strcmp(mode, "rb") != 0) {
        lua_pushnil(L);
        lua_pushfstring(L, "%s: mode '%s' is not allowed: scripts may only read files", luaL_checkstring(L, 1), mode);
        return 2;
    }
    const char *real = push_readable_path(L, 1);
    if (!real) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    int base = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushstring(L, real);
    lua_pushstring(L, mode);
    lua_call(L, 2, LUA_MULTRET);
    return lua_gettop(L) - base;
}

/* io.lines(name, ...): the library's on a file under the allowed folders (run mode: with no
 * name, the lines of standard input). */
static int host_io_lines(lua_State *L)
{
    int n = lua_gettop(L);
    if (n == 0 || lua_isnil(L, 1)) {
        if (!host_of(L)->stdio) return luaL_argerror(L, 1, "a file name is required");
    } else {
        if (!push_readable_path(L, 1)) return lua_error(L);
        lua_replace(L, 1);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

/* Compiles the text file named by argument 1 (under the allowed folders); pushes the chunk,
 * or nil and a message. */
static int load_readable(lua_State *L)
{
    const char *real = push_readable_path(L, 1);
    if (!real) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 0;
    }
    if (luaL_loadfilex(L, real, "t") != LUA_OK) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 0;
    }
    host_add_file(host_of(L), real);
    return 1;
}

/* loadfile(name [, mode [, env]]): text chunks only, under the allowed folders. */
static int host_loadfile_lua(lua_State *L)
{
    int has_env = !lua_isnone(L, 3);
    lua_settop(L, 3);
    if (!load_readable(L)) return 2;
    if (has_env) {
        lua_pushvalue(L, 3);
        if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
    }
    return 1;
}

/* dofile(name): runs a text file under the allowed folders, returning what it returns. */
static int host_dofile(lua_State *L)
{
    lua_settop(L, 1);
    if (!load_readable(L)) return lua_error(L);
    lua_call(L, 0, LUA_MULTRET);
    return lua_gettop(L) - 2;
}

/* }==================================================================== */

/* {====================================================================
 * require: Lua text modules from the script's folder and scripts_dir
 * ===================================================================== */

static int loading_sentinel;

/* Parts of letters, digits, '_' and '-', separated by single dots. */
static int module_name_ok(const char *name)
{
    int part = 0;
    for (const char *p = name;; p++) {
        if (*p == '.' || *p == '\0') {
            if (part == 0) return 0;
            if (*p == '\0') return 1;
            part = 0;
        } else if (isalnum((unsigned char)*p) || *p == '_' || *p == '-') {
            part++;
        } else {
            return 0;
        }
    }
}

static int file_readable(const char *path)
{
    FILE *f = fopen(path, "r");
    if (f) fclose(f);
    return f != NULL;
}

/* Pushes the path of module name (dots as folders) under dir with pattern, "%s/%s.lua" or
 * "%s/%s/init.lua". */
static const char *push_module_path(lua_State *L, const char *dir, const char *name, const char *pattern)
{
    const char *file = luaL_gsub(L, name, ".", "/");
    const char *path = lua_pushfstring(L, pattern, dir, file);
    lua_remove(L, -2);
    return path;
}

static int host_require(lua_State *L)
{
    static const char *const patterns[] = { "%s/%s.lua", "%s/%s/init.lua" };
    host *h = host_of(L);
    const char *name = luaL_checkstring(L, 1);
    lua_settop(L, 1);
    if (!module_name_ok(name))
        return luaL_argerror(L, 1, lua_pushfstring(L, "bad module name '%s'", name));
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE); /* 2: loaded */
    if (lua_getfield(L, 2, name) != LUA_TNIL) {             /* 3 */
        if (lua_touserdata(L, 3) == &loading_sentinel)
            return luaL_error(L, "module '%s' is still loading (a require loop, or it failed)", name);
        return 1;
    }
    lua_pop(L, 1);
    /* The script's own folder, then each folder of the search path (mods, then bundled). */
    int found = 0;
    const char *next = h->scripts_dir;
    for (int d = 0; !found && (d == 0 || next); d++) {
        const char *dir;
        if (d == 0) {
            if (!h->own_dir) continue;
            dir = lua_pushstring(L, h->own_dir);
        } else {
            const char *sep = strchr(next, GAME_SEARCH_SEP);
            dir = lua_pushlstring(L, next, sep ? (size_t)(sep - next) : strlen(next));
            next = sep ? sep + 1 : NULL;
            if (!dir[0] || (h->own_dir && strcmp(dir, h->own_dir) == 0)) {
                lua_pop(L, 1);
                continue;
            }
        }
        lua_insert(L, 3);                                    /* 3: the folder, below the tries */
        for (int p = 0; p < 2 && !found; p++) {
            const char *candidate = push_module_path(L, dir, name, patterns[p]);
            if (file_readable(candidate)) {
                found = 1;
                lua_replace(L, 3);
                lua_settop(L, 3);                            /* 3: path */
            } else {
                lua_pushfstring(L, "\n\tno file '%s'", candidate);
                lua_remove(L, -2);                           /* one "no file" line per try */
            }
        }
        if (!found) lua_remove(L, 3);
    }
    if (!found) {
        lua_concat(L, lua_gettop(L) - 2);
        return luaL_error(L, "module '%s' not found:%s", name, lua_tostring(L, -1));
    }
    const char *path = lua_tostring(L, 3);
    if (!host_may_read(h, path, NULL, 0))
        return luaL_error(L, "module '%s': %s is outside the folders scripts may read", name, path);
    lua_pushlightuserdata(L, &loading_sentinel);
    lua_setfield(L, 2, name);
    if (luaL_loadfilex(L, path, "t") != LUA_OK) return lua_error(L);
    host_add_file(h, path);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 3);
    lua_call(L, 2, 1);                                       /* module(name, path) */
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_pushboolean(L, 1);
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, 2, name);
    lua_pushvalue(L, 3);
    return 2;                                                /* module, path */
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

static int host_open(lua_State *L)
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
    set_library(L, LUA_OSLIBNAME);
    /* io: reading files under the allowed folders (run mode: standard input and output too). */
    lua_pushcfunction(L, luaopen_io);
    lua_call(L, 0, 1);
    keep_fields(L, h->stdio ? io_run : io_game);
    lua_getfield(L, -1, "open");
    lua_pushcclosure(L, host_io_open, 1);
    lua_setfield(L, -2, "open");
    lua_getfield(L, -1, "lines");
    lua_pushcclosure(L, host_io_lines, 1);
    lua_setfield(L, -2, "lines");
    set_library(L, LUA_IOLIBNAME);

    lua_pushglobaltable(L);
    lua_pushcfunction(L, host_dofile);
    lua_setfield(L, -2, "dofile");
    lua_pushcfunction(L, host_loadfile_lua);
    lua_setfield(L, -2, "loadfile");
    lua_getfield(L, -1, "load");
    lua_pushcclosure(L, host_load, 1);
    lua_setfield(L, -2, "load");
    lua_getfield(L, -1, "collectgarbage");
    lua_pushcclosure(L, host_collectgarbage, 1);
    lua_setfield(L, -2, "collectgarbage");
    lua_pushcfunction(L, host_print);
    lua_setfield(L, -2, "print");
    lua_pushcfunction(L, host_require);
    lua_setfield(L, -2, "require");
    lua_pop(L, 1);

    lua_getglobal(L, LUA_STRLIBNAME);
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");   /* bytecode is useless without binary load */
    lua_pop(L, 1);

    lua_getglobal(L, LUA_MATHLIBNAME);
    lua_getfield(L, -1, "randomseed");
    lua_setfield(L, LUA_REGISTRYINDEX, HOST_RANDOMSEED);
    lua_pop(L, 1);

    open_lib(L, "tessera", luaopen_tessera);
    return 0;
}

host *host_new(const host_config *cfg, error *err)
{
    host *h = calloc(1, sizeof *h);
    if (!h) {
        error_set(err, cfg->name, 0, 0, "out of memory");
        return NULL;
    }
    h->limit = cfg->memory_limit ? cfg->memory_limit : HOST_DEFAULT_MEMORY;
    h->instruction_limit = cfg->instruction_limit == 0 ? HOST_DEFAULT_INSTRUCTIONS : cfg->instruction_limit;
    h->stdio = cfg->stdio;
    h->name = host_strdup(cfg->name ? cfg->name : "script");
    h->own_dir = host_strdup(cfg->own_dir);
    h->scripts_dir = host_strdup(cfg->scripts_dir);
    h->levels_dir = host_strdup(cfg->levels_dir);
    if (!h->name || (cfg->own_dir && !h->own_dir) || (cfg->scripts_dir && !h->scripts_dir) ||
        (cfg->levels_dir && !h->levels_dir)) {
        host_free(h);
        error_set(err, cfg->name, 0, 0, "out of memory");
        return NULL;
    }
    set_roots(h);
    h->L = lua_newstate(host_alloc, h);
    if (!h->L) {
        host_free(h);
        error_set(err, cfg->name, 0, 0, "cannot create a Lua state (out of memory)");
        return NULL;
    }
    lua_pushcfunction(h->L, host_open);
    if (host_pcall(h, 0, 0, err) != 0) {
        host_free(h);
        return NULL;
    }
    if (h->instruction_limit > 0) lua_sethook(h->L, host_count_hook, LUA_MASKCOUNT, HOST_HOOK_STEP);
    return h;
}

void host_free(host *h)
{
    if (!h) return;
    if (h->L) lua_close(h->L);
    for (int i = 0; i < h->nfiles; i++) free(h->files[i]);
    free(h->files);
    for (int i = 0; i < h->nroots; i++) free(h->roots[i]);
    free(h->roots);
    free(h->name);
    free(h->own_dir);
    free(h->scripts_dir);
    free(h->levels_dir);
    free(h->traceback);
    free(h);
}

/* }==================================================================== */

lua_State *host_lua(const host *h) { return h->L; }

host *host_of(lua_State *L)
{
    void *ud;
    lua_getallocf(L, &ud);
    return ud;
}

const char *host_name(const host *h) { return h->name; }
const char *host_scripts_dir(const host *h) { return h->scripts_dir; }
const char *host_levels_dir(const host *h) { return h->levels_dir; }
const char *host_traceback(const host *h) { return h->traceback ? h->traceback : ""; }

void host_add_file(host *h, const char *path)
{
    for (int i = 0; i < h->nfiles; i++)
        if (strcmp(h->files[i], path) == 0) return;
    char **bigger = realloc(h->files, sizeof *bigger * (size_t)(h->nfiles + 1));
    if (!bigger) return;
    h->files = bigger;
    if ((h->files[h->nfiles] = host_strdup(path)) != NULL) h->nfiles++;
}

int host_files(const host *h, const char *const **files)
{
    *files = (const char *const *)h->files;
    return h->nfiles;
}

int host_loadfile(host *h, const char *path, error *err)
{
    int status = luaL_loadfilex(h->L, path, "t");
    if (status == LUA_OK) {
        host_add_file(h, path);
        return 0;
    }
    if (status == LUA_ERRFILE) {
        /* "cannot open PATH: reason": report it against the file itself. */
        const char *msg = lua_tostring(h->L, -1);
        const char *colon = msg ? strrchr(msg, ':') : NULL;
        error_set(err, path, 0, 0, "cannot read script:%s", colon ? colon + 1 : " unknown error");
    } else if (status == LUA_ERRMEM) {
        error_set(err, path, 0, 0, "not enough memory to compile the script");
    } else {
        host_error_from_message(lua_tostring(h->L, -1), path, err);
    }
    lua_pop(h->L, 1);
    return -1;
}

/* Message handler: keeps the traceback apart and returns the message as a string. */
static int host_msgh(lua_State *L)
{
    host *h = host_of(L);
    const char *msg = lua_tostring(L, 1);
    if (!msg) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            msg = lua_tostring(L, -1);
        else
            msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    luaL_traceback(L, L, NULL, 1);
    free(h->traceback);
    h->traceback = host_strdup(lua_tostring(L, -1));
    lua_pop(L, 1);
    lua_pushstring(L, msg);
    return 1;
}

int host_pcall(host *h, int nargs, int nresults, error *err)
{
    lua_State *L = h->L;
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, host_msgh);
    lua_insert(L, base);
    if (h->depth++ == 0) h->count = 0;
    h->oom_where[0] = '\0';
    int status = lua_pcall(L, nargs, nresults, base);
    h->depth--;
    lua_remove(L, base);
    if (status == LUA_OK) return 0;
    if (status == LUA_ERRMEM) {
        free(h->traceback);
        h->traceback = NULL;
        char text[400];
        snprintf(text, sizeof text, "%s: not enough memory (scripts may use %zu MiB)",
                 h->oom_where[0] ? h->oom_where : h->name, h->limit >> 20);
        host_error_from_message(text, h->nfiles ? h->files[0] : h->name, err);
    } else {
        const char *msg = lua_tostring(L, -1);
        host_error_from_message(msg ? msg : "unknown error", h->nfiles ? h->files[0] : h->name, err);
    }
    lua_pop(L, 1);
    return -1;
}

void host_seed(host *h, uint64_t seed)
{
    lua_State *L = h->L;
    lua_getfield(L, LUA_REGISTRYINDEX, HOST_RANDOMSEED);
    lua_pushinteger(L, (lua_Integer)seed);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) lua_pop(L, 1);
}

void host_error_from_message(const char *msg, const char *file, error *err)
{
    for (const char *p = strchr(msg, ':'); p; p = strchr(p + 1, ':')) {
        const char *q = p + 1;
        if (!isdigit((unsigned char)*q)) continue;
        long line = 0;
        while (isdigit((unsigned char)*q)) line = line * 10 + (*q++ - '0');
        if (*q != ':' || p == msg || line > 1000000000L) continue;
        char where[256];
        size_t n = (size_t)(p - msg) < sizeof where - 1 ? (size_t)(p - msg) : sizeof where - 1;
        memcpy(where, msg, n);
        where[n] = '\0';
        if (file && strncmp(where, "...", 3) == 0) {
            size_t tail = strlen(where + 3), flen = strlen(file);
            if (flen >= tail && strcmp(file + flen - tail, where + 3) == 0)
                snprintf(where, sizeof where, "%s", file);
        }
        q++;
        if (*q == ' ') q++;
        /* An error re-raised with its position already in it: say the position once. */
        size_t wn = (size_t)(p - msg);
        if (strncmp(q, msg, wn) == 0 && q[wn] == ':') {
            const char *r = q + wn + 1;
            long again = 0;
            while (isdigit((unsigned char)*r)) again = again * 10 + (*r++ - '0');
            if (again == line && *r == ':') q = r[1] == ' ' ? r + 2 : r + 1;
        }
        error_set(err, where, (int)line, errpos_column(where, (int)line, q), "%s", q);
        return;
    }
    error_set(err, file, 0, 0, "%s", msg);
}
