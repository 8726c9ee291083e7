/* host.h: the sandboxed Lua state every script runs in (games, skins, `tessera run` scripts).
 *
 * The sandbox, in one place (the README's "Sandbox" section says it for players):
 *  - libraries (sandbox_lib.c): base (`load`, `loadfile` and `dofile` compile text chunks
 *    only; `collectgarbage` limited to "collect", "count", "step" and "isrunning";
 *    `setmetatable` refuses __gc finalizers and weak keys), coroutine, string (without
 *    string.dump; its pattern functions are our own counted matcher, lpattern.c), table, math,
 *    utf8 and os.time/os.clock/os.date; io.open (reading only), io.lines (with a file name)
 *    and io.type (run mode adds io.write/io.read and the three standard files). No debug, no
 *    package: `require "NAME"` loads NAME.lua (or NAME/init.lua; dots are folders) from the
 *    script's own folder, then from each folder of scripts_dir, as text only.
 *  - files: every file a script names (io.open, io.lines, loadfile, dofile, require,
 *    tessera.import/extend/load, game lookup) is opened through core/confine.h beneath the
 *    host's roots: its own folder, its search path, the levels folders and the mods folders.
 *  - memory: one cap (HOST_DEFAULT_MEMORY, 64 MiB, for game scripts) for the state and every
 *    state it starts (see "Memory" below); past it allocations fail and the script gets "not
 *    enough memory".
 *  - time: one call from C into Lua (host_pcall) may run HOST_DEFAULT_INSTRUCTIONS (100
 *    million, about half a second) instructions and charged work, and HOST_DEFAULT_SECONDS of
 *    CPU time; past either it fails with "script ran too long", finally (budget.h).
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
#define HOST_DEFAULT_SECONDS 2.0
/* Compiling: a script file of at most HOST_SCRIPT_MAX bytes, compiled within HOST_COMPILE_SECONDS
 * of CPU (a call's own limit inside a script; some chunks compile in quadratic time: 150,000
 * elseif branches took 31 s). */
#define HOST_SCRIPT_MAX ((long long)16 << 20)
#define HOST_COMPILE_SECONDS 2.0
/* CPU seconds of one call of a game's hook (host_pcall_quick): about what the instruction
 * limit takes, so a runaway hook costs the player at most that per move. */
#define HOST_HOOK_SECONDS 0.5
#define HOST_HOOK_STEP 10000

/* Registry key of math.randomseed as the library made it. */
#define HOST_RANDOMSEED "tessera.randomseed"

struct budget;
struct confine;

typedef struct host host;

typedef struct host_config {
    const char *name;           /* shown in print's prefix and in errors without a position */
    const char *own_dir;        /* searched first by require; may be NULL */
    const char *scripts_dir;    /* bundled games and shared modules; may be NULL */
    const char *levels_dir;     /* where tessera.load finds a game's default levels; may be NULL */
    size_t memory_limit;        /* bytes; 0 means HOST_DEFAULT_MEMORY */
    long instruction_limit;     /* per call; 0 means the default, < 0 means no limit */
    double seconds_limit;       /* per call, CPU; 0 means the default (none when instruction_limit < 0) */
    bool stdio;                 /* run mode: print and io.write go to stdout */
    /* A state started by a script (tessera.load ...): it draws on parent's memory pool and
     * budget, and reads only what parent may (its dirs above then only serve lookups). */
    const host *parent;
    /* The main script is read beneath the roots too (a game found by name along the search
     * path: a mod's file that leads elsewhere is not run). Always so with a parent. */
    bool confined_script;
} host_config;

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
/* The same, for a call that must answer quickly (a game's hooks, run on every move, and by a
 * search hundreds of thousands of times a second): at most `seconds` of CPU time (when less
 * than the host's own per-call limit). Where the CPU-time timer works, the call runs without
 * the count hook, which slows every Lua instruction: the timer, the memory pool and the work
 * C functions charge stop it, and the count hook is set back when it returns. */
int host_pcall_quick(host *h, int nargs, int nresults, double seconds, error *err);
/* The stack traceback of the last failed host_pcall ("" if none). */
const char *host_traceback(const host *h);
/* math.randomseed(seed) with the library's own function (a script may have replaced it). */
void host_seed(host *h, uint64_t seed);
/* The files this state compiled: the main script first, then each module require loaded. */
int host_files(const host *h, const char *const **files);
/* Records a compiled file (for hot reload watching). */
void host_add_file(host *h, const char *path);

/* Reading files. A script may read (io.open "r", io.lines, loadfile, dofile, require,
 * tessera.*) only files beneath its roots (core/confine.h): its own folder, the folders of
 * its search path (scripts_dir: the mods folders and the bundled scripts), levels_dir, and
 * the folders added here for every host made after (the user's mods folders, added first so
 * that nothing inside them is a root of its own). */
int host_add_read_root(const char *dir);
void host_clear_read_roots(void);
/* The level search path (GAME_SEARCH_SEP between folders) of hosts made with no levels_dir. */
void host_set_levels_path(const char *list);
struct confine *host_roots(const host *h);
/* The roots of a lookup along a search path: the mods folders, then the folders of the
 * lists (GAME_SEARCH_SEP between). Free with confine_free. */
struct confine *host_search_roots(const char *scripts_dir, const char *levels_dir);
const char *host_own_dir(const host *h);
/* Compiles the text file name (relative names from base; NULL: the working folder) opened
 * beneath L's roots, and pushes the chunk, named "@" + the file as named (into path). 0; -1
 * with err when it cannot be opened (nothing pushed); or Lua's status with its message
 * pushed. */
int host_load_confined(lua_State *L, const char *base, const char *name, char *path, size_t size, error *err);
/* Whether some host compiled the file (only such files are read to place an error). */
bool host_source_known(const char *path);

/* Whether calls into this host have an instruction limit (its threads carry the count hook). */
bool host_counted(const host *h);
/* The family's budget (budget.h), and whether print goes to stdout. */
struct budget *host_budget(const host *h);
/* For a chunk reader, between pieces: raises an error when compiling has gone past the call's
 * limit, or past HOST_COMPILE_SECONDS of CPU since `started` (budget_cpu_now) outside calls. */
void host_compile_check(lua_State *L, double started);
bool host_stdio(const host *h);
/* Memory. A host counts the bytes of its Lua state, of the states its script started (and
 * theirs) and of what bindings hold for them in C (levels, undo histories, search tables),
 * against its cap (memory_limit); an allocation or a reservation must fit under the cap of
 * every host up the chain. What is left (the least over the chain), the smallest cap over the
 * chain, and reserving (0, or -1 when it does not fit), releasing, or counting past the cap
 * (memory already allocated) bytes held in C. */
size_t host_memory_left(const host *h);
size_t host_memory_limit(const host *h);
int host_reserve(host *h, size_t bytes);
void host_release(host *h, size_t bytes);
void host_count(host *h, size_t bytes);
/* Files a script holds open (io.open, io.lines): at most HOST_OPEN_FILES_MAX at once for a
 * script and every state it started. host_file_open counts one more (-1 when that many are
 * open: nothing counted); host_file_close one fewer. */
#define HOST_OPEN_FILES_MAX 64
int host_file_open(host *h);
void host_file_close(host *h);
/* Opens the sandbox's libraries in L (sandbox_lib.c): a lua_CFunction run under host_pcall. */
int sandbox_open(lua_State *L);

/* Turns a Lua error message into an error report: "file:line: text" is split into its parts;
 * a message without a position is reported against `file` (may be NULL). A file shortened by
 * Lua ("...tail") is restored when `file` ends with that tail. */
void host_error_from_message(const char *msg, const char *file, error *err);

/* A malloc'd copy of s (NULL for NULL or when out of memory). */
char *host_strdup(const char *s);

#endif
