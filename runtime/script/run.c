/* run.c: running a Lua file headless (`tessera run`). */
#include "script/run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "script/host.h"

static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t n = !slash ? 0 : slash == path ? 1 : (size_t)(slash - path);
    char *d = malloc(n + 2);
    if (!d) return NULL;
    if (n) memcpy(d, path, n);
    else d[n++] = '.';
    d[n] = '\0';
    return d;
}

static void report(const error *err, const char *traceback)
{
    char buf[ERROR_TEXT_MAX + 300];
    fflush(stdout);
    fprintf(stderr, "%s\n", error_format(err, buf, sizeof buf));
    if (traceback && *traceback) fprintf(stderr, "%s\n", traceback);
}

int script_run_file(const char *scripts_dir, const char *levels_dir, const char *path, int argc, char **argv)
{
    error err;
    char *dir = dir_of(path);
    const char *slash = strrchr(path, '/');
    host_config cfg = {
        .name = slash ? slash + 1 : path,
        .own_dir = dir,
        .scripts_dir = scripts_dir,
        .levels_dir = levels_dir,
        .memory_limit = RUN_MEMORY_LIMIT,
        .instruction_limit = -1,
        .stdio = true,
    };
    host *h = dir ? host_new(&cfg, &err) : NULL;
    free(dir);
    if (!h) {
        if (!dir) error_set(&err, path, 0, 0, "out of memory");
        report(&err, NULL);
        return 2;
    }
    lua_State *L = host_lua(h);
    int status = 1;
    if (host_loadfile(h, path, &err) != 0) {
        report(&err, NULL);
        status = 2;                                  /* bad input: the script cannot be read or compiled */
        goto done;
    }
    /* arg = { [0] = path, ... } and the same arguments as the chunk's `...` */
    if (!lua_checkstack(L, argc + 4)) {
        error_set(&err, path, 0, 0, "too many arguments");
        report(&err, NULL);
        goto done;
    }
    lua_createtable(L, argc, 1);
    lua_pushstring(L, path);
    lua_rawseti(L, -2, 0);
    for (int i = 0; i < argc; i++) {
        lua_pushstring(L, argv[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setglobal(L, "arg");
    for (int i = 0; i < argc; i++) lua_pushstring(L, argv[i]);
    if (host_pcall(h, argc, 1, &err) != 0) {
        report(&err, host_traceback(h));
        goto done;
    }
    status = 0;
    if (lua_isinteger(L, -1)) status = (int)(lua_tointeger(L, -1) & 255);
    else if (lua_isboolean(L, -1) && !lua_toboolean(L, -1)) status = 1;
    lua_pop(L, 1);
done:
    fflush(stdout);
    host_free(h);
    return status;
}
