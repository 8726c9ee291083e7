/* host.h: the sandboxed Lua state every script runs in (games, `tessera run` scripts).
 *
 * The sandbox, in one place:
 *  - libraries: base (`load`, `loadfile` and `dofile` compile text chunks only;
 *    `collectgarbage` limited to "collect", "count", "step" and "isrunning"), coroutine,
 *    string (without string.dump), table, math, utf8 and os.time/os.clock/os.date; io.open
 *    (reading only), io.lines (with a file name) and io.type (run mode adds io.write/io.read
 *    and the three standard files). No debug, no package: `require "NAME"` loads NAME.lua
 *    (or NAME/init.lua; dots are folders) from the script's own folder, then from each folder
 *    of scripts_dir, as text only; never a C module.
 *  - files: every read is checked by host_may_read (below): only under the game's own
 *    folder, its search path, the levels folder and the mods folders.
 *  - memory: a cap on everything the Lua allocator holds (HOST_DEFAULT_MEMORY, 64 MiB, for
 *    game scripts); past it allocations fail and the script gets "not enough memory".
 *  - time: a count hook checks every HOST_HOOK_STEP VM instructions; one call from C into Lua
 *    (one host_pcall) that runs more than the instruction limit (HOST_DEFAULT_INSTRUCTIONS,
 *    100 million, about half a second on a desktop machine) fails with "script ran too long (instruction limit)".
 *    Once over the limit every further check fails too, so a script cannot catch it with
 *    pcall and carry on.
 *  - print writes to stderr as "[name] text" (run mode: to stdout, no prefix).
 *
 * Errors come back as an `error` whose formatted text is "file:line: message"; the
 * traceback of the last failed call is kept apart (host_traceback).
 *
 * Only runtime/script/ includes this header: it is the one place that sees lua.h. */
#ifndef TESSERA_SCRIPT_HOST_H
#define TESSERA_SCRIPT_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <lua.h>

#include "core/error.h"

#define HOST_DEFAULT_MEMORY ((size_t)64 << 20)
#define HOST_DEFAULT_INSTRUCTIONS 100000000L
#define HOST_HOOK_STEP 10000

typedef struct host_config {
    const char *name;           /* shown in print's prefix and in errors without a position */
    const char *own_dir;        /* searched first by require; may be NULL */
    const char *scripts_dir;    /* bundled games and shared modules; may be NULL */
    const char *levels_dir;     /* where tessera.load finds a game's default levels; may be NULL */
    size_t memory_limit;        /* bytes; 0 means HOST_DEFAULT_MEMORY */
    long instruction_limit;     /* per call; 0 means the default, < 0 means no limit */
    bool stdio;                 /* run mode: print and io.write go to stdout */
} host_config;

typedef struct host host;

/* A new sandboxed state with the tessera library opened; NULL with err on failure. */
host *host_new(const host_config *cfg, error *err);
void host_free(host *h);

lua_State *host_lua(const host *h);
/* The host that owns L (any thread of it). */
host *host_of(lua_State *L);
const char *host_name(const host *h);
const char *host_scripts_dir(const host *h);
const char *host_levels_dir(const host *h);

/* Compiles a text chunk from path and pushes it (chunk name "@path"); -1 with err. */
int host_loadfile(host *h, const char *path, error *err);
/* lua_pcall with a traceback message handler and a fresh instruction budget.
 * On failure pops the message, fills err ("file:line: message") and returns -1. */
int host_pcall(host *h, int nargs, int nresults, error *err);
/* The stack traceback of the last failed host_pcall ("" if none). */
const char *host_traceback(const host *h);
/* math.randomseed(seed) with the library's own function (a script may have replaced it). */
void host_seed(host *h, uint64_t seed);
/* The files this state compiled: the main script first, then each module require loaded. */
int host_files(const host *h, const char *const **files);
/* Records a compiled file (for hot reload watching). */
void host_add_file(host *h, const char *path);

/* Reading files. A script may read (io.open "r", io.lines, loadfile, dofile, require) only
 * files whose real path (symlinks and ".." resolved) lies under its own folder, a folder of
 * its search path (scripts_dir: the mods folders and the bundled scripts), levels_dir, or a
 * folder added here for every host made after (the user's mods folders). */
int host_add_read_root(const char *dir);
void host_clear_read_roots(void);
/* Whether h's scripts may read path; its real path goes to real (may be NULL). */
bool host_may_read(const host *h, const char *path, char *real, size_t size);

/* Turns a Lua error message into an error report: "file:line: text" is split into its parts;
 * a message without a position is reported against `file` (may be NULL). A file shortened by
 * Lua ("...tail") is restored when `file` ends with that tail. */
void host_error_from_message(const char *msg, const char *file, error *err);

/* A malloc'd copy of s (NULL for NULL or when out of memory). */
char *host_strdup(const char *s);

#endif
