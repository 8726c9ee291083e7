/* host.c: the sandboxed Lua state: the allocator drawing on the family's memory pool, the
 * budgeted pcall with its message handler, the folders scripts may read, and compiling
 * script files through them. The libraries scripts see are set up in sandbox_lib.c. */
#define _XOPEN_SOURCE 700
#include "script/host.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lualib.h>

#include "core/confine.h"
#include "core/textsafe.h"
#include "script/bindings.h"
#include "script/budget.h"
#include "script/errpos.h"
#include "script/game.h"

struct host {
    lua_State *L;
    budget *b;                  /* shared with the states this one starts (and its parent's) */
    bool child;                 /* started by a script: confined reads */
    bool confined_script;       /* its main script is read beneath the roots too */
    host *parent;               /* the host whose script started this one, or NULL */
    size_t used, limit;         /* bytes of this state, the states it started and what bindings
                                   hold for them; and the cap on all of that */
    int open_files;             /* files open in the family (kept by its first host) */
    long instruction_limit;     /* per call: > 0 a limit, < 0 none */
    double seconds_limit;       /* per call: CPU seconds, > 0 a limit, <= 0 none */
    bool stdio;
    char *name, *own_dir, *scripts_dir, *levels_dir;
    confine *roots;             /* the folders scripts may read */
    char *traceback;
    char oom_where[320];        /* "file:line" of the Lua code running when the cap was hit */
    char **files;
    int nfiles;
};

/* Folders every new host may read under besides its own (the mods folders, the bundled
 * scripts and levels), and the level search path hosts look level files up along. */
static confine *extra_roots;
static char *default_levels;

void host_set_levels_path(const char *list)
{
    free(default_levels);
    default_levels = host_strdup(list);
}

char *host_strdup(const char *s)
{
    if (!s) return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

/* {====================================================================
 * Memory: one pool for the family
 * ===================================================================== */

/* Where the running Lua code is, for a memory error (which unwinds without a message
 * handler). Only reads the call stack: safe inside the allocator. */
static void note_oom_position(host *h)
{
    lua_Debug ar;
    if (!h->L || h->b->depth == 0 || h->oom_where[0]) return;
    lua_State *L = h->b->running && host_of(h->b->running) == h ? h->b->running : h->L;
    for (int depth = 0; lua_getstack(L, depth, &ar); depth++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            snprintf(h->oom_where, sizeof h->oom_where, "%s:%d", ar.short_src, ar.currentline);
            return;
        }
    }
}

/* Allocations of this size and more count as work too (copying, clearing). */
enum { CHARGE_FROM = 256, ALLOC_UNITS = 8 };

/* Charges bytes of work done inside the allocator, where nothing may raise. */
static void charge_alloc(budget *b, size_t bytes)
{
    budget_charge_later(b, (long long)(bytes >> BUDGET_BYTE_SHIFT));
}

size_t host_memory_left(const host *h)
{
    size_t left = (size_t)-1;
    for (; h; h = h->parent) {
        size_t own = h->used >= h->limit ? 0 : h->limit - h->used;
        if (own < left) left = own;
    }
    return left;
}

int host_reserve(host *h, size_t bytes)
{
    if (bytes > host_memory_left(h)) return -1;
    for (; h; h = h->parent) h->used += bytes;
    return 0;
}

void host_release(host *h, size_t bytes)
{
    for (; h; h = h->parent) h->used = bytes > h->used ? 0 : h->used - bytes;
}

void host_count(host *h, size_t bytes)
{
    for (; h; h = h->parent) h->used += bytes;
}

/* A file descriptor and a stdio buffer each: a script that kept every file it opened held
 * all the process's descriptors (saves, level files and other games could no longer be opened)
 * and 5 KB of C memory a file outside the cap. */
static host *family_of(host *h)
{
    while (h->parent) h = h->parent;
    return h;
}

int host_file_open(host *h)
{
    h = family_of(h);
    if (h->open_files >= HOST_OPEN_FILES_MAX) return -1;
    h->open_files++;
    return 0;
}

void host_file_close(host *h)
{
    h = family_of(h);
    if (h->open_files > 0) h->open_files--;
}

static void *host_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    host *h = ud;
    budget *b = h->b;
    if (!ptr) osize = 0;        /* osize then only tells the kind of object */
    if (nsize == 0) {
        free(ptr);
        host_release(h, osize);
        return NULL;
    }
    if (nsize > osize) {
        size_t grow = nsize - osize;
        /* Each state's cap covers the states it started: one budget for a script and all it
         * loads. */
        if (grow > host_memory_left(h)) {
            note_oom_position(h);
            /* Lua answers with a full collection before giving up: that walk is work too. */
            charge_alloc(b, h->used);
            return NULL;        /* Lua collects garbage, retries, then raises LUA_ERRMEM */
        }
        /* A big string or table: its copy counts against the call, so a loop of huge
         * concatenations stops like any loop (from the next instruction on). A new object
         * costs about ALLOC_UNITS instructions' time (malloc, and its sweep and free later):
         * counted, so a loop that makes garbage is stopped by the count, not only the clock. */
        if (grow >= CHARGE_FROM) charge_alloc(b, grow);
        else if (!ptr) b->count += ALLOC_UNITS;     /* the hook's next tick sees it */
    }
    void *p = realloc(ptr, nsize);
    if (p) {
        host_release(h, osize);
        host_count(h, nsize);
    }
    return p;
}

/* }==================================================================== */

/* {====================================================================
 * Reading files: only beneath the roots (core/confine.h)
 * ===================================================================== */

int host_add_read_root(const char *dir)
{
    if (!extra_roots && !(extra_roots = confine_new())) return -1;
    return confine_add(extra_roots, dir) < 0 ? -1 : 0;
}

void host_clear_read_roots(void)
{
    confine_free(extra_roots);
    extra_roots = NULL;
}

/* Adds each folder of a GAME_SEARCH_SEP list. */
static void add_roots(confine *c, const char *list)
{
    char dir[PATH_MAX];
    for (const char *p = list; p && *p;) {
        const char *sep = strchr(p, GAME_SEARCH_SEP);
        size_t n = sep ? (size_t)(sep - p) : strlen(p);
        if (n > 0 && n < sizeof dir) {
            memcpy(dir, p, n);
            dir[n] = '\0';
            confine_add(c, dir);
        }
        p = sep ? sep + 1 : NULL;
    }
}

/* The roots of a host the app made: the mods folders first (so that a folder inside them is
 * never a root of its own: see confine.h), then its own folder (and the levels/ beside a
 * scripts/ folder: the game's own tree), its search path and the levels folders. */
static confine *make_roots(const host_config *cfg)
{
    confine *c = confine_copy(extra_roots);
    if (!c) return NULL;
    if (cfg->own_dir) {
        confine_add(c, cfg->own_dir);
        char abs[PATH_MAX], tree[PATH_MAX + 16];
        const char *slash;
        if (confine_absolute(NULL, cfg->own_dir, abs, sizeof abs) == 0 && (slash = strrchr(abs, '/')) &&
            strcmp(slash + 1, "scripts") == 0) {
            snprintf(tree, sizeof tree, "%.*s/levels", (int)(slash - abs), abs);
            confine_add(c, tree);
        }
    }
    add_roots(c, cfg->scripts_dir);
    add_roots(c, cfg->levels_dir);
    return c;
}

confine *host_roots(const host *h) { return h->roots; }

confine *host_search_roots(const char *scripts_dir, const char *levels_dir)
{
    confine *c = confine_copy(extra_roots);
    if (!c) return NULL;
    add_roots(c, scripts_dir);
    add_roots(c, levels_dir);
    return c;
}
const char *host_own_dir(const host *h) { return h->own_dir; }

/* Known sources: the files some host compiled. Error positions name files, and a message
 * can name any file ("/etc/shadow:1: near 'x'"): only these are ever read to find a column. */
static char **sources;
static int nsources, cap_sources;

/* Paths kept: of all known sources (for the process's life), and of one host's files (watched
 * by hot reload). A script names one file many ways ("./x.lua", "././x.lua", "a/../x.lua"):
 * each way was kept, in C memory no cap counted, never given back (a hook's loadfile of a
 * new spelling at every call grew the game by 2.6 MB a move, without end). Past these, a
 * source has no column in its errors and a file is not watched. */
enum { SOURCES_MAX = 4096, HOST_FILES_MAX = 512 };

static void note_source(const char *path)
{
    for (int i = 0; i < nsources; i++)
        if (strcmp(sources[i], path) == 0) return;
    if (nsources >= SOURCES_MAX) return;
    if (nsources == cap_sources) {
        int cap = cap_sources ? cap_sources * 2 : 32;
        char **bigger = realloc(sources, sizeof *bigger * (size_t)cap);
        if (!bigger) return;
        sources = bigger;
        cap_sources = cap;
    }
    if ((sources[nsources] = host_strdup(path)) != NULL) nsources++;
}

bool host_source_known(const char *path)
{
    for (int i = 0; path && i < nsources; i++)
        if (strcmp(sources[i], path) == 0) return true;
    return false;
}

/* Reading a chunk through a descriptor, as luaL_loadfilex would: a UTF-8 byte order mark and
 * a first line starting with '#' are skipped. */
typedef struct fd_reader {
    int fd;
    bool first;
    double started;               /* CPU seconds when compiling began (host_compile_check) */
    char buf[4096];
} fd_reader;

void host_compile_check(lua_State *L, double started)
{
    budget *b = host_budget(host_of(L));
    if (b->spent) budget_error(L);
    if (b->depth == 0 && budget_cpu_now() - started > HOST_COMPILE_SECONDS)
        luaL_error(L, "script took too long to compile (more than %d s of CPU)", (int)HOST_COMPILE_SECONDS);
}

static const char *read_chunk(lua_State *L, void *ud, size_t *size)
{
    fd_reader *r = ud;
    host_compile_check(L, r->started);
    for (;;) {
        ssize_t n = read(r->fd, r->buf, sizeof r->buf);
        if (n < 0) {
            *size = 0;
            return NULL;
        }
        const char *p = r->buf;
        if (r->first) {
            r->first = false;
            if (n >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0) {
                p += 3;
                n -= 3;
            }
            if (n > 0 && *p == '#') {
                /* Keep the line break, so line numbers stay right. */
                while (n > 0 && *p != '\n') {
                    p++;
                    n--;
                    if (n == 0) {
                        n = read(r->fd, r->buf, sizeof r->buf);
                        if (n <= 0) break;
                        p = r->buf;
                    }
                }
            }
        }
        *size = n > 0 ? (size_t)n : 0;
        return n > 0 ? p : NULL;
    }
}

/* Compiles what fd holds as the chunk "@path" (pushed); Lua's status. Compiling is charged:
 * a few instructions' time a byte. */
static int load_fd(lua_State *L, int fd, const char *path)
{
    struct stat st;
    if (fstat(fd, &st) == 0 && st.st_size > HOST_SCRIPT_MAX) {
        close(fd);
        lua_pushfstring(L, "a script is at most %d MiB (this one is %d MiB)", (int)(HOST_SCRIPT_MAX >> 20),
                        (int)(st.st_size >> 20 < INT_MAX ? st.st_size >> 20 : INT_MAX));
        return LUA_ERRSYNTAX;
    }
    if (fstat(fd, &st) == 0 && st.st_size > 0 && host_budget(host_of(L))->depth > 0) {
        budget *b = host_budget(host_of(L));
        long long units = (long long)st.st_size * 8;
        budget_charge_later(b, units);
        if (b->spent) {
            /* Spent: not compiled. Never raises (the app compiles a child's script outside any
             * protected call); the script, if one runs, stops at its next instruction. */
            close(fd);
            lua_pushstring(L, budget_spent_message(b));
            return LUA_ERRRUN;
        }
    }
    /* Known before it compiles, so that a syntax error's column can be found. */
    note_source(path);
    fd_reader r = { .fd = fd, .first = true, .started = budget_cpu_now() };
    const char *chunk = lua_pushfstring(L, "@%s", path);
    int status = lua_load(L, read_chunk, &r, chunk, "t");
    close(fd);
    lua_remove(L, -2);
    return status;
}

int host_load_confined(lua_State *L, const char *base, const char *name, char *path, size_t size, error *err)
{
    host *h = host_of(L);
    int fd = confine_open(h->roots, base, name, NULL, 0, err);
    if (fd < 0) return -1;
    /* The file as the script (or the app) named it: messages show that name. */
    if (name[0] == '/' || !base) snprintf(path, size, "%s", name);
    else snprintf(path, size, "%s/%s", base, name);
    int status = load_fd(L, fd, path);
    if (status != LUA_OK) return status;
    host_add_file(h, path);
    return 0;
}

/* }==================================================================== */

host *host_new(const host_config *cfg, error *err)
{
    host *h = calloc(1, sizeof *h);
    if (!h) {
        error_set(err, cfg->name, 0, 0, "out of memory");
        return NULL;
    }
    const host *parent = cfg->parent;
    h->instruction_limit = cfg->instruction_limit == 0 ? HOST_DEFAULT_INSTRUCTIONS : cfg->instruction_limit;
    h->seconds_limit = cfg->seconds_limit > 0 ? cfg->seconds_limit
                       : h->instruction_limit > 0 && cfg->seconds_limit == 0 ? HOST_DEFAULT_SECONDS : 0;
    h->stdio = cfg->stdio;
    h->name = host_strdup(cfg->name ? cfg->name : "script");
    h->own_dir = host_strdup(cfg->own_dir);
    h->scripts_dir = host_strdup(cfg->scripts_dir);
    const char *levels = cfg->levels_dir ? cfg->levels_dir : parent ? parent->levels_dir : default_levels;
    h->levels_dir = host_strdup(levels);
    /* A state a script starts draws on the script's pool and reads only what it may. */
    h->limit = cfg->memory_limit ? cfg->memory_limit : HOST_DEFAULT_MEMORY;
    h->child = parent != NULL;
    h->parent = (host *)parent;
    h->confined_script = h->child || cfg->confined_script;
    h->b = parent ? budget_ref(parent->b) : budget_new();
    h->roots = parent ? confine_ref(parent->roots) : make_roots(cfg);
    if (!h->name || (cfg->own_dir && !h->own_dir) || (cfg->scripts_dir && !h->scripts_dir) ||
        (levels && !h->levels_dir) || !h->b || !h->roots) {
        host_free(h);
        error_set(err, cfg->name, 0, 0, "out of memory");
        return NULL;
    }
    h->L = lua_newstate(host_alloc, h);
    if (!h->L) {
        host_free(h);
        error_set(err, cfg->name, 0, 0, "cannot create a Lua state (out of memory)");
        return NULL;
    }
    lua_pushcfunction(h->L, sandbox_open);
    if (host_pcall(h, 0, 0, err) != 0) {
        host_free(h);
        return NULL;
    }
    /* The count hook only where there is a count to keep: in Lua 5.4 any hook makes the VM
     * check for it at every instruction (pure Lua ran 40% slower in `tessera run` with one).
     * The CPU-time timer and a spent budget set a hook on the running thread themselves. */
    if (host_counted(h)) lua_sethook(h->L, budget_hook, LUA_MASKCOUNT, HOST_HOOK_STEP);
    return h;
}

bool host_counted(const host *h) { return h->instruction_limit > 0; }

void host_free(host *h)
{
    if (!h) return;
    if (h->L) lua_close(h->L);
    /* Whatever is still counted (nothing, unless a binding leaked) leaves the ancestors. */
    if (h->parent && h->used) host_release(h->parent, h->used);
    for (int i = 0; i < h->nfiles; i++) free(h->files[i]);
    free(h->files);
    confine_free(h->roots);
    budget_free(h->b);
    free(h->name);
    free(h->own_dir);
    free(h->scripts_dir);
    free(h->levels_dir);
    free(h->traceback);
    free(h);
}

lua_State *host_lua(const host *h) { return h->L; }

host *host_of(lua_State *L)
{
    void *ud;
    lua_getallocf(L, &ud);
    return ud;
}

budget *host_budget(const host *h) { return h->b; }
const char *host_name(const host *h) { return h->name; }
const char *host_scripts_dir(const host *h) { return h->scripts_dir; }
const char *host_levels_dir(const host *h) { return h->levels_dir; }
const char *host_traceback(const host *h) { return h->traceback ? h->traceback : ""; }
bool host_stdio(const host *h) { return h->stdio; }
size_t host_memory_limit(const host *h)
{
    size_t limit = h->limit;
    for (h = h->parent; h; h = h->parent)
        if (h->limit < limit) limit = h->limit;
    return limit;
}

void host_add_file(host *h, const char *path)
{
    note_source(path);
    for (int i = 0; i < h->nfiles; i++)
        if (strcmp(h->files[i], path) == 0) return;
    if (h->nfiles >= HOST_FILES_MAX) return;
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
    /* The app's own choice (a game it found, a script on the command line) is read as named,
     * never blocking; a game a script started only from beneath the script's roots. */
    char real[PATH_MAX];
    int status;
    if (h->confined_script) {
        status = host_load_confined(h->L, NULL, path, real, sizeof real, err);
    } else {
        int fd = confine_open_regular(path, err);
        status = fd < 0 ? -1 : load_fd(h->L, fd, path);
        if (status == LUA_OK) host_add_file(h, path);
    }
    if (status == 0) return 0;
    if (status < 0) {
        /* err names the file and says why it cannot be read. */
        char why[ERROR_TEXT_MAX];
        snprintf(why, sizeof why, "%s", err->msg);
        error_set(err, path, 0, 0, "cannot read script: %s", why);
        return -1;
    }
    if (status == LUA_ERRMEM) error_set(err, path, 0, 0, "not enough memory to compile the script");
    else host_error_from_message(lua_tostring(h->L, -1), path, err);
    lua_pop(h->L, 1);
    return -1;
}

/* Levels of the stack a message handler looks at (see bounded_traceback), and how deep it
 * looks for the script line a message without a position is given (host_msgh). */
enum { TRACE_LEVELS = 22, WHERE_LEVELS = 200 };

/* Whether short_src, a chunk's name as Lua gives it (a name over LUA_IDSIZE cut to "..." and
 * its tail), names the file where (whole, or cut the same way). */
static bool same_source(const char *short_src, const char *where)
{
    if (strcmp(short_src, where) == 0) return true;
    if (strncmp(short_src, "...", 3) != 0) return false;
    size_t tail = strlen(short_src + 3), n = strlen(where);
    return n >= tail && strcmp(where + n - tail, short_src + 3) == 0;
}

/* Whether h (or a host it runs under) compiled the file where ("..." and a tail: as Lua
 * shortens a long name). */
static bool own_source(const host *h, const char *where)
{
    size_t n = strlen(where), tail = n >= 3 ? n - 3 : 0;
    bool cut = strncmp(where, "...", 3) == 0;
    for (; h; h = h->parent)
        for (int i = 0; i < h->nfiles; i++) {
            size_t len = strlen(h->files[i]);
            if (strcmp(h->files[i], where) == 0) return true;
            if (cut && len >= tail && strcmp(h->files[i] + len - tail, where + 3) == 0) return true;
        }
    return false;
}

/* Whether msg starts with a position in a script h compiled ("file:line:") and, when L is
 * given, in a function on the top of L's stack, where Lua and error() take their positions
 * from. Any other position is not where the error was raised: a mod's
 * error("scripts/sokoban.lua:5: ...", 0) was reported as the bundled game's (or another
 * mod's), with the mod named nowhere. */
static bool positioned_at(const host *h, lua_State *L, const char *msg)
{
    size_t n;
    long line;
    const char *after;
    if (!error_find_position(msg, msg, &n, &line, &after)) return false;
    char where[PATH_MAX];
    if (n >= sizeof where) return false;
    memcpy(where, msg, n);
    where[n] = '\0';
    if (!own_source(h, where)) return false;
    if (!L) return true;
    lua_Debug ar;
    for (int depth = 1; depth <= TRACE_LEVELS && lua_getstack(L, depth, &ar); depth++)
        if (lua_getinfo(L, "S", &ar) && same_source(ar.short_src, where)) return true;
    return false;
}

static bool positioned(const host *h, const char *msg) { return positioned_at(h, NULL, msg); }

/* The traceback of the first TRACE_LEVELS levels of L's stack, from level 1, in the form of
 * luaL_traceback's. That one also shows the last levels, and finding them walks the whole
 * stack dozens of times (lua_getstack walks it from the top on every call): after a runaway
 * recursion 250,000 levels deep, each error took a second more than the call's time limit.
 * Here the walks are TRACE_LEVELS short ones. Returns a malloc'd string or NULL. */
static char *bounded_traceback(lua_State *L)
{
    char buf[TRACE_LEVELS * (LUA_IDSIZE * 2 + 64) + 64];
    size_t n = (size_t)snprintf(buf, sizeof buf, "stack traceback:");
    lua_Debug ar;
    int depth = 1;
    for (; depth <= TRACE_LEVELS && lua_getstack(L, depth, &ar); depth++) {
        if (!lua_getinfo(L, "Slnt", &ar)) continue;
        char line[24] = "";
        if (ar.currentline > 0) snprintf(line, sizeof line, "%d:", ar.currentline);
        char what[LUA_IDSIZE + 48];
        if (ar.namewhat && *ar.namewhat) snprintf(what, sizeof what, "%s '%s'", ar.namewhat, ar.name ? ar.name : "?");
        else if (*ar.what == 'm') snprintf(what, sizeof what, "main chunk");
        else if (*ar.what != 'C') snprintf(what, sizeof what, "function <%s:%d>", ar.short_src, ar.linedefined);
        else snprintf(what, sizeof what, "?");
        if (n < sizeof buf)
            n += (size_t)snprintf(buf + n, sizeof buf - n, "\n\t%s:%s in %s%s", ar.short_src, line, what,
                                  ar.istailcall ? "\n\t(...tail calls...)" : "");
    }
    if (depth > TRACE_LEVELS && lua_getstack(L, depth, &ar) && n < sizeof buf)
        snprintf(buf + n, sizeof buf - n, "\n\t...\t(more levels)");
    return host_strdup(buf);
}

/* Message handler: keeps the traceback apart and returns the message as a string. It never
 * calls the script's code (an error object's __tostring could loop): a table or other value
 * is described by its type. A message without a position in a script (error(x, 0), a value
 * that is not a string, a yield outside a coroutine, a text that names another file) gets
 * the position of the script's line where it was raised. */
static int host_msgh(lua_State *L)
{
    host *h = host_of(L);
    const char *msg = lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TNUMBER ? lua_tostring(L, 1) : NULL;
    if (!msg) msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    if (!positioned_at(h, L, msg)) {
        /* The nearest line of a script file (a chunk made by load names no file: the line
         * that ran it is given), else the nearest line at all. Looked for in the first
         * WHERE_LEVELS levels only: lua_getstack walks the stack from the top on every call,
         * and an error 180,000 levels deep in a load chunk's recursion (no file anywhere above
         * the bottom) took 30 s of CPU here, in C, where no limit stops it. */
        lua_Debug ar;
        char where[LUA_IDSIZE + 24] = "";
        for (int depth = 1; depth <= WHERE_LEVELS && lua_getstack(L, depth, &ar); depth++) {
            if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) continue;
            if (ar.source[0] == '@' || !where[0]) snprintf(where, sizeof where, "%s:%d:", ar.short_src, ar.currentline);
            if (ar.source[0] == '@') break;
        }
        if (where[0]) msg = lua_pushfstring(L, "%s %s", where, msg);
    }
    free(h->traceback);
    h->traceback = bounded_traceback(L);
    lua_pushstring(L, msg);
    return 1;
}

static int pcall_within(host *h, int nargs, int nresults, double seconds, error *err);

int host_pcall(host *h, int nargs, int nresults, error *err)
{
    return pcall_within(h, nargs, nresults, h->seconds_limit, err);
}

int host_pcall_quick(host *h, int nargs, int nresults, double seconds, error *err)
{
    if (h->seconds_limit > 0 && h->seconds_limit < seconds) seconds = h->seconds_limit;
    if (h->instruction_limit < 0 && h->seconds_limit <= 0) seconds = 0;     /* a host without limits */
    /* A quick call has a CPU-time limit of its own, and the timer stops it there: then the
     * call runs without the count hook. In Lua 5.4 any hook makes the VM trap at every
     * instruction (luaG_traceexec) and at every return: 11% of the instructions of a Lua-ruled
     * search. The count of C-charged work and the memory pool still hold; a call that has
     * spent its budget is still stopped at its next instruction (the timer and budget_leave
     * set the hook back for that). */
    lua_State *L = h->L;
    bool uncounted = seconds > 0 && host_counted(h) && lua_gethook(L) == budget_hook &&
                     lua_gethookcount(L) == HOST_HOOK_STEP && budget_timer_works();
    if (uncounted) lua_sethook(L, NULL, 0, 0);
    int rc = pcall_within(h, nargs, nresults, seconds, err);
    if (uncounted) {
        lua_sethook(L, budget_hook, LUA_MASKCOUNT, HOST_HOOK_STEP);
        budget_recheck(h->b, L);
    }
    return rc;
}

static int pcall_within(host *h, int nargs, int nresults, double seconds, error *err)
{
    lua_State *L = h->L;
    budget *b = h->b;
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, host_msgh);
    lua_insert(L, base);
    budget_frame frame;
    budget_enter(b, L, h->instruction_limit, seconds, &frame);
    h->oom_where[0] = '\0';
    int status = lua_pcall(L, nargs, nresults, base);
    /* Spent means final: whatever the script made of the error on its way out, the call
     * failed for running too long. */
    const char *spent = budget_spent_message(b);
    char spent_text[400] = "";
    if (status != LUA_OK && spent) {
        const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        size_t n;
        long line;
        const char *after;
        if (msg && strstr(msg, "script ran too long")) snprintf(spent_text, sizeof spent_text, "%s", msg);
        else if (msg && positioned(h, msg) && error_find_position(msg, msg, &n, &line, &after))
            /* The error the limit cut short says where the script was ("file:line:"). */
            snprintf(spent_text, sizeof spent_text, "%.*s:%ld: %s", (int)(n < 300 ? n : 300), msg, line, spent);
        else snprintf(spent_text, sizeof spent_text, "%s: %s", h->oom_where[0] ? h->oom_where : h->name, spent);
    }
    budget_leave(b, &frame);
    lua_remove(L, base);
    if (status == LUA_OK) return 0;
    if (spent_text[0]) {
        host_error_from_message(spent_text, h->nfiles ? h->files[0] : h->name, err);
    } else if (status == LUA_ERRMEM) {
        free(h->traceback);
        h->traceback = NULL;
        char text[400];
        snprintf(text, sizeof text, "%s: not enough memory (scripts may use %zu MiB)",
                 h->oom_where[0] ? h->oom_where : h->name, host_memory_limit(h) >> 20);
        host_error_from_message(text, h->nfiles ? h->files[0] : h->name, err);
    } else {
        const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
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
    size_t n;
    long line;
    const char *q;
    /* A script's message is one line: a newline in it could forge whole lines of their own on
     * the terminal ("tessera: other/mod.lua:12:3: ...", "reload: ok"). */
    char flat[ERROR_TEXT_MAX];
    if (strchr(msg, '\n') || strchr(msg, '\t')) {
        textsafe_escape(flat, sizeof flat, msg, strlen(msg), 0);
        msg = flat;
    }
    if (!error_find_position(msg, msg, &n, &line, &q)) {
        /* A message that already names the file ("game: not enough memory"): name it once. */
        size_t fn = file ? strlen(file) : 0;
        while (fn && strncmp(msg, file, fn) == 0 && msg[fn] == ':' && msg[fn + 1] == ' ') msg += fn + 2;
        error_set(err, file, 0, 0, "%s", msg);
        return;
    }
    char where[256];
    snprintf(where, sizeof where, "%.*s", (int)(n < sizeof where - 1 ? n : sizeof where - 1), msg);
    if (file && strncmp(where, "...", 3) == 0) {
        size_t tail = strlen(where + 3), flen = strlen(file);
        if (flen >= tail && strcmp(file + flen - tail, where + 3) == 0) snprintf(where, sizeof where, "%s", file);
    }
    if (*q == ' ') q++;
    /* An error re-raised with its position already in it (once or more): say the position once. */
    for (;;) {
        size_t n2;
        long again;
        const char *r;
        if (strncmp(q, msg, n) != 0 || !error_find_position(q, q, &n2, &again, &r) || n2 != n || again != line) break;
        q = *r == ' ' ? r + 1 : r;
    }
    /* Only a file some host compiled is read for the column (see note_source). */
    int col = host_source_known(where) ? errpos_column(where, (int)line, q) : 0;
    error_set(err, where, (int)line, col, "%s", q);
}
