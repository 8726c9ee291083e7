/* game.c: loading a game script into its own sandbox, and calling its hooks for the app. */
#define _DEFAULT_SOURCE             /* realpath */
#include "script/game.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <lauxlib.h>

#include "core/confine.h"
#include "core/sliding.h"
#include "script/api_doc.h"
#include "script/bindings.h"
#include "script/budget.h"
#include "script/host.h"

/* Scripts may load games (tessera.load); a game that loads itself must not recurse forever. */
enum { GAME_MAX_NESTING = 4, GAME_MAX_CELLS = 65536 };

enum hook {
    HOOK_ON_MOVE, HOOK_ON_SOLVED, HOOK_ON_RELOAD, HOOK_SCRAMBLE, HOOK_SOLVED, HOOK_ACT, HOOK_CAN_MOVE,
    HOOK_HEURISTIC, HOOK_CANDIDATES, HOOK_LABELS, HOOK_COUNT
};
static const char *const hook_names[HOOK_COUNT] = { "on_move", "on_solved", "on_reload", "scramble", "solved", "act",
                                                    "can_move", "heuristic", "candidates", "labels" };

struct game {
    host *h;
    bool confined;              /* found by name (or started by a script): read beneath the roots */
    char *scripts_dir, *path;
    char *name, *levels, *description, *image, *art;
    const char **help;
    int nhelp;
    const char **controls;        /* "KEY\twhat it does" */
    int ncontrols;
    int size_w, size_h;
    ruleset rules;
    int frozen_ref;             /* registry ref (in h) of the checked fields and hooks */
    int hook_ref[HOOK_COUNT];   /* registry refs of the hook functions (set where hooks has a bit) */
    unsigned hooks;             /* bit per enum hook */
};

static int nesting;

/* {====================================================================
 * Loading
 * ===================================================================== */

static int is_path(const char *s)
{
    size_t n = strlen(s);
    return strchr(s, '/') || strchr(s, '\\') || (n > 4 && strcmp(s + n - 4, ".lua") == 0);
}

/* Whether path is a regular file that can be read: beneath roots when they are given (a
 * script looking a game up), else anywhere (the app). Never blocks (a FIFO is no game). */
static int readable(const confine *roots, const char *path, error *why)
{
    error err;
    int fd = roots ? confine_open(roots, NULL, path, NULL, 0, why ? why : &err)
                   : confine_open_regular(path, why ? why : &err);
    if (fd < 0) return 0;
    close(fd);
    return 1;
}

static int bundled_name_ok(const char *s)
{
    if (!*s) return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_' ||
              *s == '-'))
            return 0;
    return 1;
}

bool game_name_ok(const char *name) { return bundled_name_ok(name); }

/* realpath of path into out, or path itself when it cannot be resolved. */
static void canonical(const char *path, char *out)
{
    if (!realpath(path, out)) snprintf(out, PATH_MAX, "%s", path);
}

static char *find_script(const confine *roots, const char *search, const char *from_dir, const char *name,
                         const char *skip, error *err)
{
    if (is_path(name)) {
        char *path;
        if (name[0] == '/' || !from_dir) {
            path = host_strdup(name);
        } else {
            size_t size = strlen(from_dir) + strlen(name) + 2;
            if ((path = malloc(size)) != NULL) snprintf(path, size, "%s/%s", from_dir, name);
        }
        if (!path) {
            error_set(err, name, 0, 0, "out of memory");
            return NULL;
        }
        /* A script may name only games it may read (the same answer whether or not a file
         * outside exists). */
        error why;
        if (roots && !readable(roots, path, &why)) {
            /* Outside: say where a base may be, and how to get it there. */
            bool outside = strcmp(why.msg, CONFINE_OUTSIDE_TEXT) == 0;
            error_set(err, name, 0, 0, "cannot read script '%s': %s%s", name, why.msg,
                      outside ? " (a game builds on games in its own folder or below it, in a mod's scripts/ or "
                                "the bundled scripts/: move the base there, or make both a mod and give --mods DIR)"
                              : "");
            free(path);
            return NULL;
        }
        return path;
    }
    if (!bundled_name_ok(name)) {
        error_set(err, NULL, 0, 0, "'%s' is neither a bundled game name nor a path to a .lua file", name);
        return NULL;
    }
    const char *list = search && *search ? search : ".";
    char skipped[PATH_MAX] = "", real[PATH_MAX];
    /* The app looks a name up beneath the mods folders and the search path's folders: a
     * mod's entry that leads elsewhere is passed over. */
    confine *own = roots ? NULL : host_search_roots(list, NULL);
    if (!roots) roots = own;
    if (skip) canonical(skip, skipped);
    for (const char *dir = list; dir;) {
        const char *sep = strchr(dir, GAME_SEARCH_SEP);
        size_t dlen = sep ? (size_t)(sep - dir) : strlen(dir);
        size_t size = dlen + strlen(name) * 2 + 16;
        char *path = malloc(size);
        if (!path) {
            confine_free(own);
            error_set(err, name, 0, 0, "out of memory");
            return NULL;
        }
        static const char *const patterns[] = { "%.*s/%s.lua", "%.*s/%s/init.lua" };
        for (int p = 0; dlen && p < 2; p++) {
            snprintf(path, size, patterns[p], (int)dlen, dir, name);
            if (!readable(roots, path, NULL)) continue;
            canonical(path, real);
            if (skip && strcmp(real, skipped) == 0) continue;   /* a mod overriding what it extends */
            confine_free(own);
            return path;
        }
        free(path);
        dir = sep ? sep + 1 : NULL;
    }
    confine_free(own);
    const char *last = strrchr(list, GAME_SEARCH_SEP);
    error_set(err, NULL, 0, 0, "unknown game '%s' (no %s/%s.lua)", name, last ? last + 1 : list, name);
    return NULL;
}

char *game_find_script(const char *search, const char *from_dir, const char *name, const char *skip, error *err)
{
    return find_script(NULL, search, from_dir, name, skip, err);
}

char *game_find_confined(const host *h, const char *from_dir, const char *name, const char *skip, error *err)
{
    return find_script(host_roots(h), host_scripts_dir(h), from_dir, name, skip, err);
}

/* "dir/name.lua" -> "dir" (malloc'd; "." when there is no folder part). */
static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash) return host_strdup(".");
    size_t n = slash == path ? 1 : (size_t)(slash - path);
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, path, n);
        d[n] = '\0';
    }
    return d;
}

/* "dir/sokoban.lua" -> "sokoban"; "dir/ice/init.lua" -> "ice" (into buf). */
static void base_name(const char *path, char *buf, size_t size)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    if (strcmp(base, "init.lua") == 0 && slash) {
        const char *p = slash;
        while (p > path && p[-1] != '/') p--;
        snprintf(buf, size, "%.*s", (int)(slash - p), p);
        return;
    }
    size_t n = strlen(base);
    if (n > 4 && strcmp(base + n - 4, ".lua") == 0) n -= 4;
    snprintf(buf, size, "%.*s", (int)n, base);
}

/* Copies the checked fields (the frozen table on top of the stack) into g. */
static int take_fields(game *g, lua_State *L, error *err)
{
    lua_getfield(L, -1, "name");
    g->name = host_strdup(lua_tostring(L, -1));
    lua_pop(L, 1);
    if (lua_getfield(L, -1, "levels") == LUA_TSTRING) g->levels = host_strdup(lua_tostring(L, -1));
    lua_pop(L, 1);
    if (lua_getfield(L, -1, "description") == LUA_TSTRING) g->description = host_strdup(lua_tostring(L, -1));
    lua_pop(L, 1);
    if (lua_getfield(L, -1, "image") == LUA_TSTRING) g->image = host_strdup(lua_tostring(L, -1));
    lua_pop(L, 1);
    if (lua_getfield(L, -1, "art") == LUA_TSTRING) g->art = host_strdup(lua_tostring(L, -1));
    lua_pop(L, 1);
    if (lua_getfield(L, -1, "help") == LUA_TTABLE) {
        int n = (int)lua_rawlen(L, -1);
        g->help = calloc((size_t)n + 1, sizeof *g->help);
        for (int i = 0; g->help && i < n; i++) {
            lua_rawgeti(L, -1, i + 1);
            if ((g->help[i] = host_strdup(lua_tostring(L, -1))) != NULL) g->nhelp++;
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    if (lua_getfield(L, -1, "controls") == LUA_TTABLE) {
        int n = (int)lua_rawlen(L, -1);
        g->controls = calloc((size_t)n + 1, sizeof *g->controls);
        for (int i = 0; g->controls && i < n; i++) {
            lua_rawgeti(L, -1, i + 1);
            if ((g->controls[i] = host_strdup(lua_tostring(L, -1))) != NULL) g->ncontrols++;
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    for (int k = 0; k < HOOK_COUNT; k++) {
        if (lua_getfield(L, -1, hook_names[k]) == LUA_TFUNCTION) {
            g->hooks |= 1u << k;
            g->hook_ref[k] = luaL_ref(L, LUA_REGISTRYINDEX);   /* a call fetches it by number */
        } else {
            lua_pop(L, 1);
        }
    }
    if (!g->name) return error_set(err, g->path, 0, 0, "out of memory");
    return 0;
}

/* Runs the script at path in a fresh sandbox (drawing on parent's budget when a script
 * started it) and builds the game from what it returns. */
static int game_compile(game *g, const host *parent, error *err)
{
    char name[64];
    base_name(g->path, name, sizeof name);
    char *dir = dir_of(g->path);
    if (!dir) return error_set(err, g->path, 0, 0, "out of memory");
    host_config cfg = { .name = name, .own_dir = dir, .scripts_dir = g->scripts_dir, .parent = parent,
                        .confined_script = g->confined };
    g->h = host_new(&cfg, err);
    free(dir);
    if (!g->h) return -1;
    lua_State *L = host_lua(g->h);
    tstrict_open(L);                                /* globals are declared at the top level */
    if (host_loadfile(g->h, g->path, err) != 0) return -1;
    lua_pushstring(L, name);
    lua_pushstring(L, g->path);
    if (host_pcall(g->h, 2, 1, err) != 0) return -1;
    const gamedef *gd = gamedef_check(L, -1);       /* pushes the frozen fields */
    if (!gd) {
        error_set(err, g->path, 0, 0, "the script must return tessera.game { ... } (it returned a %s)",
                  luaL_typename(L, -1));
        lua_pop(L, 1);
        return -1;
    }
    memcpy(&g->rules, &gd->rules, sizeof g->rules);
    g->size_w = gd->size_w;
    g->size_h = gd->size_h;
    if (take_fields(g, L, err) != 0) return -1;
    g->frozen_ref = luaL_ref(L, LUA_REGISTRYINDEX);  /* pops the frozen fields */
    lua_pop(L, 1);
    return 0;
}

static game *game_build(const char *scripts_dir, const char *path, const host *parent, bool confined, error *err)
{
    game *g = calloc(1, sizeof *g);
    if (!g) {
        error_set(err, path, 0, 0, "out of memory");
        return NULL;
    }
    g->confined = confined || parent;
    g->frozen_ref = LUA_NOREF;
    g->path = host_strdup(path);
    g->scripts_dir = host_strdup(scripts_dir);
    int rc;
    if (!g->path || (scripts_dir && !g->scripts_dir)) rc = error_set(err, path, 0, 0, "out of memory");
    else if (nesting >= GAME_MAX_NESTING)
        rc = error_set(err, path, 0, 0, "games load each other more than %d deep", GAME_MAX_NESTING);
    else {
        nesting++;
        rc = game_compile(g, parent, err);
        nesting--;
    }
    if (rc != 0) {
        game_free(g);
        return NULL;
    }
    return g;
}

int game_allow_reading(const char *dir) { return host_add_read_root(dir); }
void game_set_level_path(const char *list) { host_set_levels_path(list); }

game *game_load(const char *scripts_dir, const char *name_or_path, error *err)
{
    char *path = game_find_script(scripts_dir, NULL, name_or_path, NULL, err);
    if (!path) return NULL;
    game *g = game_build(scripts_dir, path, NULL, !is_path(name_or_path), err);
    free(path);
    return g;
}

game *game_load_listed(const char *scripts_dir, const char *path, error *err)
{
    return game_build(scripts_dir, path, NULL, true, err);
}

game *game_load_child(const host *parent, const char *name_or_path, error *err)
{
    /* A path is taken from the working folder, as the app takes one. */
    char *path = game_find_confined(parent, NULL, name_or_path, NULL, err);
    if (!path) return NULL;
    game *g = game_build(host_scripts_dir(parent), path, parent, true, err);
    free(path);
    return g;
}

game *game_load_again(const game *g, error *err)
{
    return game_build(g->scripts_dir, g->path, NULL, g->confined, err);
}

bool game_same_rules(const game *a, const game *b)
{
    return memcmp(&a->rules, &b->rules, sizeof a->rules) == 0;
}

void game_swap(game *a, game *b)
{
    /* Byte copies (a struct assignment may skip padding, which game_same_rules compares).
     * Both games keep their addresses, so states pointing at game_rules(a) see b's rules. */
    game t;
    memcpy(&t, a, sizeof t);
    memcpy(a, b, sizeof t);
    memcpy(b, &t, sizeof t);
}

int game_reload(game *g, error *err)
{
    game *fresh = game_load_again(g, err);
    if (!fresh) return -1;
    int changed = !game_same_rules(g, fresh);
    game_swap(g, fresh);                                    /* fresh now holds the old parts */
    game_free(fresh);
    return changed;
}

void game_free(game *g)
{
    if (!g) return;
    host_free(g->h);
    free(g->scripts_dir);
    free(g->path);
    free(g->name);
    free(g->levels);
    free(g->description);
    free(g->image);
    free(g->art);
    for (int i = 0; i < g->nhelp; i++) free((char *)g->help[i]);
    free(g->help);
    for (int i = 0; i < g->ncontrols; i++) free((char *)g->controls[i]);
    free(g->controls);
    free(g);
}

/* }==================================================================== */

/* {====================================================================
 * Accessors
 * ===================================================================== */

const char *game_name(const game *g) { return g->name; }
const host *game_host(const game *g) { return g->h; }
const char *game_path(const game *g) { return g->path; }
const ruleset *game_rules(const game *g) { return &g->rules; }
const char *game_default_levels(const game *g) { return g->levels; }
const char *game_description(const game *g) { return g->description; }
const char *game_image(const game *g) { return g->image; }
const char *game_art(const game *g) { return g->art; }

int game_help_lines(const game *g, const char ***lines)
{
    *lines = g->help;
    return g->nhelp;
}

int game_controls(const game *g, const char ***lines)
{
    *lines = g->controls;
    return g->ncontrols;
}

void game_default_size(const game *g, int *w, int *h)
{
    *w = g->size_w;
    *h = g->size_h;
    if (!g->size_w && g->rules.kind == RULES_SLIDING) *w = *h = 4;
}

bool game_has_hook(const game *g, const char *hook)
{
    for (int k = 0; k < HOOK_COUNT; k++)
        if (strcmp(hook_names[k], hook) == 0) return (g->hooks >> k) & 1u;
    return false;
}

int game_source_files(const game *g, const char *const **files) { return host_files(g->h, files); }

/* The script's folder, for names relative to it. */
static void script_dir(const game *g, char *out, size_t size)
{
    snprintf(out, size, "%s", g->path);
    char *slash = strrchr(out, '/');
    if (!slash) snprintf(out, size, ".");
    else if (slash == out) out[1] = '\0';
    else *slash = '\0';
}

char *game_read_file(const game *g, const char *name, size_t max, size_t *len, char *path, size_t size, error *err)
{
    char dir[PATH_MAX];
    script_dir(g, dir, sizeof dir);
    const char *base = name[0] == '/' ? NULL : dir;
    if (path) {
        if (base) snprintf(path, size, "%s/%s", base, name);
        else snprintf(path, size, "%s", name);
    }
    return confine_read(host_roots(g->h), base, name, max, len, NULL, 0, err);
}

char *game_read_path(const game *g, const char *path, bool by_game, size_t max, size_t *len, error *err)
{
    const confine *roots = host_roots(g->h);
    if (by_game || confine_covers(roots, NULL, path)) return confine_read(roots, NULL, path, max, len, NULL, 0, err);
    int fd = confine_open_regular(path, err);
    return fd < 0 ? NULL : confine_read_fd(fd, path, max, len, err);
}

bool game_may_read(const game *g, const char *name)
{
    char dir[PATH_MAX];
    script_dir(g, dir, sizeof dir);
    error err;
    int fd = confine_open(host_roots(g->h), name[0] == '/' ? NULL : dir, name, NULL, 0, &err);
    if (fd >= 0) close(fd);
    return fd >= 0;
}

/* }==================================================================== */

/* {====================================================================
 * Hook calls
 * ===================================================================== */

/* One call into a hook, run entirely under host_pcall so that an allocation failure or an
 * error anywhere (building the arguments, the hook, reading its results) is caught. */
typedef struct hook_call {
    game *g;
    enum hook hook;
    state *s;                   /* the level argument (NULL for scramble) */
    int dir, pushed;            /* on_move, can_move */
    const move_info *info;      /* on_move, can_move: what the move does (may be NULL) */
    const action *act;          /* act */
    int w, h, *board;           /* scramble */
    action *list;               /* candidates: the result */
    int nlist, max;
    char (*labels)[GAME_LABEL_MAX]; /* labels: the result */
    tlevel *lv;                 /* the borrowed level, to invalidate after the call */
    bool truth;                 /* solved, act (not refused), can_move: the result */
    double number;              /* heuristic: the result */
    char *msg;                  /* on_solved: the result */
    size_t size;
    char where[300];            /* "file:line" of the hook's definition */
} hook_call;

/* The move table on_move and can_move receive (push_move builds it). */
const api_doc api_move[] = {
    { "box_from", NULL, "integer?", "The cell of the box the move pushes (or pulls), if it moves one." },
    { "box_to", NULL, "integer?", "Where that box ends (on ice, where it stops; in a hole, the hole's cell)." },
    { "dir", NULL, "string?", "The direction moved (\"up\", \"east\", ...); nil for a slide by click or a move without one." },
    { "from", NULL, "integer?", "The cell the player (sliding games: the blank) moves from." },
    { "player", NULL, "integer?", "The slot (from 1) of the player who moves." },
    { "pushed", NULL, "boolean", "Whether the move pushed (or pulled) something." },
    { "to", NULL, "integer?", "The cell of the active player after the move (sliding games: the blank's); for can_move, where it will be." },
    { NULL, NULL, NULL, NULL }
};

/* The action table act receives (push_action builds it; candidates returns such tables). */
const api_doc api_action[] = {
    { "cell", NULL, "integer?", "The cell it applies to: the one clicked, the keyboard cursor's, or the selected player's; nil for a key or arrow action on a level without players (it applies to the whole board)." },
    { "dir", NULL, "string?", "The direction (\"up\", \"east\", ...), for actions that take one." },
    { "name", NULL, "string", "The action's name, as declared in actions." },
    { "player", NULL, "integer?", "The slot (from 1) of the selected player, on levels with players." },
    { "value", NULL, "integer?", "A number, for actions written with one (NAME(x,y,N))." },
    { "x", NULL, "integer?", "The cell's column (from 1)." },
    { "y", NULL, "integer?", "The cell's row (from 1)." },
    { NULL, NULL, NULL, NULL }
};

/* Registry slot anchoring the borrowed level during a call: after the call, lv is still
 * alive whatever the script did, so it can be invalidated. */
static int hook_level_key;

/* Raises "file:line: HOOK msg" with the line where the hook is defined (the hook function
 * sits at stack index 3 while hook_run runs; found only when needed: every call is cheap). */
static int hook_error(lua_State *L, hook_call *c, const char *msg)
{
    lua_Debug ar;
    lua_pushvalue(L, 3);
    if (lua_getinfo(L, ">S", &ar))
        snprintf(c->where, sizeof c->where, "%s:%d", ar.source[0] == '@' ? ar.source + 1 : ar.short_src,
                 ar.linedefined);
    return luaL_error(L, "%s: %s %s", c->where, hook_names[c->hook], msg);
}

static void set_int(lua_State *L, const char *key, int v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, key);
}

static void push_move(lua_State *L, const hook_call *c)
{
    const state *s = c->s;
    lua_createtable(L, 0, 7);
    if (c->dir >= 0) {
        lua_pushstring(L, grid_dir_name(s->g->topo, c->dir));
        lua_setfield(L, -2, "dir");
    }
    lua_pushboolean(L, c->pushed);
    lua_setfield(L, -2, "pushed");
    int to = s->num ? s->blank : (s->active < s->nplayers ? s->player[s->active] : -1);
    if (c->info) {
        to = c->info->to;
        if (c->info->from >= 0) set_int(L, "from", c->info->from + 1);
        if (c->info->box_from >= 0) set_int(L, "box_from", c->info->box_from + 1);
        if (c->info->box_to >= 0) set_int(L, "box_to", c->info->box_to + 1);
        if (c->info->player >= 0) set_int(L, "player", c->info->player + 1);
    }
    if (to >= 0) set_int(L, "to", to + 1);
}

static void push_action(lua_State *L, const hook_call *c)
{
    const state *s = c->s;
    const action *a = c->act;
    bool player = s->active < s->nplayers && s->player[s->active] >= 0;
    /* Sized to its fields: a hash part of 4 slots, not 8, for the usual name, cell, x, y (the
     * table is made for every action a search tries). */
    lua_createtable(L, 0, 1 + (a->cell >= 0 ? 3 : 0) + (a->dir >= 0) + a->has_value + player);
    lua_pushstring(L, s->rules->action[a->id].name);
    lua_setfield(L, -2, "name");
    if (a->cell >= 0) {
        set_int(L, "cell", a->cell + 1);
        set_int(L, "x", a->cell % s->g->w + 1);
        set_int(L, "y", a->cell / s->g->w + 1);
    }
    if (a->dir >= 0) {
        lua_pushstring(L, grid_dir_name(s->g->topo, a->dir));
        lua_setfield(L, -2, "dir");
    }
    if (a->has_value) set_int(L, "value", a->value);
    if (player) set_int(L, "player", s->active + 1);
}

/* candidates: the table at idx as an action (a name, and a cell, x and y, dir or value). */
static void read_candidate(lua_State *L, hook_call *c, int idx, int i, action *out)
{
    const state *s = c->s;
    if (!lua_istable(L, idx)) {
        lua_pushfstring(L, "returned a %s as entry %d (each is { name = ..., cell = ... })", luaL_typename(L, idx), i);
        hook_error(L, c, lua_tostring(L, -1));
    }
    size_t len = 0;
    const char *name = lua_getfield(L, idx, "name") == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
    int id = name ? rules_find_action(s->rules, name, len) : -1;
    if (id < 0) {
        lua_pushfstring(L, "entry %d: name must be one of the game's actions", i);
        hook_error(L, c, lua_tostring(L, -1));
    }
    lua_pop(L, 1);
    *out = action_make(id);
    int isnum;
    if (lua_getfield(L, idx, "cell") != LUA_TNIL) {
        lua_Integer cell = lua_tointegerx(L, -1, &isnum);
        if (!isnum || cell < 1 || cell > s->g->ncells) {
            lua_pushfstring(L, "entry %d: cell out of range", i);
            hook_error(L, c, lua_tostring(L, -1));
        }
        out->cell = (int32_t)cell - 1;
    } else if (lua_getfield(L, idx, "x") != LUA_TNIL) {
        lua_Integer x = lua_tointegerx(L, -1, &isnum), y = -1;
        if (isnum && lua_getfield(L, idx, "y") != LUA_TNIL) y = lua_tointegerx(L, -1, &isnum);
        if (!isnum || x < 1 || y < 1 || x > s->g->w || y > s->g->h) {
            lua_pushfstring(L, "entry %d: x, y off the board", i);
            hook_error(L, c, lua_tostring(L, -1));
        }
        out->cell = (int32_t)((y - 1) * s->g->w + x - 1);
    }
    lua_settop(L, idx);
    if (lua_getfield(L, idx, "dir") != LUA_TNIL) {
        if (!action_takes_dir(s->rules, id)) {
            /* The search would find solutions that verify refuses. */
            lua_pushfstring(L, "entry %d: action '%s' takes no direction (declared without dirs = true)", i,
                            s->rules->action[id].name);
            hook_error(L, c, lua_tostring(L, -1));
        }
        const char *d = lua_tostring(L, -1);
        int dir = !d ? -1 : strlen(d) == 1 ? grid_dir_from_letter(s->g->topo, d[0]) : grid_dir_from_name(s->g->topo, d);
        if (dir < 0) {
            lua_pushfstring(L, "entry %d: not a direction of this grid", i);
            hook_error(L, c, lua_tostring(L, -1));
        }
        out->dir = (int8_t)dir;
    }
    lua_pop(L, 1);
    if (lua_getfield(L, idx, "value") != LUA_TNIL) {
        lua_Integer v = lua_tointegerx(L, -1, &isnum);
        if (!isnum) {
            lua_pushfstring(L, "entry %d: value must be an integer", i);
            hook_error(L, c, lua_tostring(L, -1));
        }
        out->has_value = true;
        out->value = (int32_t)v;
    }
    lua_settop(L, idx);
}

/* The string (or number) at idx into out, cut to fit at a UTF-8 character's start (labels are
 * drawn as UTF-8). Only the bytes that fit are touched: a hook may return one shared string of
 * megabytes for every cell, and snprintf's "%s" walked all of it each time, outside every
 * limit. */
static void copy_text(char *out, size_t size, lua_State *L, int idx)
{
    size_t len;
    const char *text = lua_tolstring(L, idx, &len);
    if (size == 0) return;
    if (!text) len = 0;
    size_t n = len < size - 1 ? len : size - 1;
    if (n < len)
        while (n > 0 && ((unsigned char)text[n] & 0xC0) == 0x80) n--;
    if (n) memcpy(out, text, n);
    out[n] = '\0';
}

static void read_result(lua_State *L, hook_call *c)
{
    switch (c->hook) {
    case HOOK_SOLVED:
        /* A number or a table would be true to Lua: a count of goals left, say, that forgot
         * its == 0 would say every level is solved at its start. */
        if (!lua_isnil(L, -1) && !lua_isboolean(L, -1))
            hook_error(L, c, "must return true, false or nothing");
        c->truth = lua_toboolean(L, -1);
        break;
    case HOOK_ACT:
    case HOOK_CAN_MOVE:
        if (!lua_isnil(L, -1) && !lua_isboolean(L, -1))
            hook_error(L, c, "must return true, false or nothing");
        c->truth = lua_isnil(L, -1) || lua_toboolean(L, -1);
        break;
    case HOOK_HEURISTIC: {
        int isnum = lua_type(L, -1) == LUA_TNUMBER;     /* a string such as "3" is no number */
        c->number = isnum ? lua_tonumber(L, -1) : 0;
        if (isnum && c->number == HUGE_VAL) break;      /* math.huge: no solution from here */
        if (!isnum || !(c->number >= 0) || c->number > 1e9)
            hook_error(L, c, "must return a number from 0 to 1e9, or math.huge where no solution is left");
        break;
    }
    case HOOK_CANDIDATES: {
        if (!lua_istable(L, -1)) hook_error(L, c, "must return a list of actions");
        int top = lua_gettop(L), n = (int)lua_rawlen(L, top);
        if (n > c->max) {
            lua_pushfstring(L, "returned %d actions (at most %d)", n, c->max);
            hook_error(L, c, lua_tostring(L, -1));
        }
        for (int i = 1; i <= n; i++) {
            lua_rawgeti(L, top, i);
            read_candidate(L, c, top + 1, i, &c->list[i - 1]);
            lua_settop(L, top);
        }
        c->nlist = n;
        break;
    }
    case HOOK_LABELS: {
        int n = c->s->g->ncells;
        for (int i = 0; i < n; i++) c->labels[i][0] = '\0';
        if (lua_isnil(L, -1)) break;
        if (!lua_istable(L, -1)) hook_error(L, c, "must return a table { [cell] = text }");
        int top = lua_gettop(L);
        lua_pushnil(L);
        while (lua_next(L, top)) {
            int isnum;
            lua_Integer cell = lua_tointegerx(L, -2, &isnum);
            if (!isnum || cell < 1 || cell > n) hook_error(L, c, "returned a key that is not a cell");
            if (lua_type(L, -1) != LUA_TSTRING && lua_type(L, -1) != LUA_TNUMBER && !lua_isboolean(L, -1))
                hook_error(L, c, "returned a label that is not text or a number");
            if (lua_type(L, -1) != LUA_TBOOLEAN) {
                lua_pushvalue(L, -1);
                copy_text(c->labels[cell - 1], GAME_LABEL_MAX, L, -1);
                lua_pop(L, 1);
            }
            lua_pop(L, 1);
        }
        break;
    }
    case HOOK_ON_SOLVED:
        if (lua_type(L, -1) == LUA_TSTRING) copy_text(c->msg, c->size, L, -1);
        else if (!lua_isnil(L, -1)) hook_error(L, c, "must return a message string or nil");
        break;
    case HOOK_SCRAMBLE: {
        int n = c->w * c->h;
        if (!lua_istable(L, -1)) {
            lua_pushfstring(L, "must return a table of %d numbers, got a %s", n, luaL_typename(L, -1));
            hook_error(L, c, lua_tostring(L, -1));
        }
        if (lua_rawlen(L, -1) != (size_t)n) {
            lua_pushfstring(L, "returned %d numbers for a %dx%d board (want %d)", (int)lua_rawlen(L, -2), c->w,
                            c->h, n);
            hook_error(L, c, lua_tostring(L, -1));
        }
        for (int i = 0; i < n; i++) {
            int isnum;
            lua_rawgeti(L, -1, i + 1);
            lua_Integer v = lua_tointegerx(L, -1, &isnum);
            if (!isnum || v < 0 || v >= n) {
                lua_pushfstring(L, "returned a board whose entry %d is not a number 0..%d", i + 1, n - 1);
                hook_error(L, c, lua_tostring(L, -1));
            }
            c->board[i] = (int)v;
            lua_pop(L, 1);
        }
        break;
    }
    default:
        break;
    }
}

static int hook_run(lua_State *L)
{
    hook_call *c = lua_touserdata(L, 1);
    int nargs = 0;
    c->where[0] = '?';
    c->where[1] = '\0';
    lua_pushnil(L);                                       /* 2 */
    lua_rawgeti(L, LUA_REGISTRYINDEX, c->g->hook_ref[c->hook]); /* 3: the hook (hook_error reads it) */
    lua_pushvalue(L, -1);                                 /* 4: the function called */
    if (c->hook == HOOK_SCRAMBLE) {                       /* its result is checked after the call */
        lua_Debug ar;
        lua_pushvalue(L, 3);
        if (lua_getinfo(L, ">S", &ar))
            snprintf(c->where, sizeof c->where, "%s:%d", ar.source[0] == '@' ? ar.source + 1 : ar.short_src,
                     ar.linedefined);
    }
    if (c->s) {
        c->lv = tlevel_push_borrowed(L, c->s);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &hook_level_key);
        tlevel_set_current(c->lv);
        nargs++;
    }
    if (c->hook == HOOK_ON_MOVE || c->hook == HOOK_CAN_MOVE) {
        push_move(L, c);
        nargs++;
    } else if (c->hook == HOOK_ACT) {
        push_action(L, c);
        nargs++;
    } else if (c->hook == HOOK_SCRAMBLE) {
        lua_pushinteger(L, c->w);
        lua_pushinteger(L, c->h);
        nargs += 2;
    }
    int32_t logged = c->s ? c->s->hist.nch : 0;
    lua_call(L, nargs, 1);
    if (c->hook == HOOK_CAN_MOVE && c->s->hist.nch != logged)
        hook_error(L, c, "changed the level: it may only look (make changes in on_move)");
    read_result(L, c);
    return 0;
}

static int call_hook(hook_call *c, error *err)
{
    lua_State *L = host_lua(c->g->h);
    lua_pushcfunction(L, hook_run);
    lua_pushlightuserdata(L, c);
    tlevel *outer = tlevel_set_current(NULL);
    int rc = host_pcall_quick(c->g->h, 1, 0, HOST_HOOK_SECONDS, err);
    tlevel_set_current(outer);
    if (c->lv) tlevel_invalidate(c->lv);
    lua_pushnil(L);                                     /* never allocates: removes a key */
    lua_rawsetp(L, LUA_REGISTRYINDEX, &hook_level_key);
    return rc;
}

static bool has(const game *g, enum hook k) { return (g->hooks >> k) & 1u; }

bool game_moves_hooked(const game *g, const state *s)
{
    return (has(g, HOOK_ON_MOVE) || has(g, HOOK_CAN_MOVE)) && s->react;
}

int game_on_move(game *g, state *s, int dir, int pushed, const move_info *info, error *err)
{
    if (!has(g, HOOK_ON_MOVE)) return 0;
    hook_call c = { .g = g, .hook = HOOK_ON_MOVE, .s = s, .dir = dir, .pushed = pushed, .info = info };
    return call_hook(&c, err);
}

int game_step(game *g, state *s, int dir, move_result *result, error *err)
{
    if (!game_moves_hooked(g, s)) {
        *result = engine_move(s, dir);
        return 0;
    }
    int rc = 0;
    move_info info;
    history_begin(s, dir);
    if (has(g, HOOK_CAN_MOVE)) {
        /* The move is made to learn what it does, taken back, and put to the script on the
         * position before it. */
        history_mark before = history_mark_here(s);
        move_result r = engine_move_info(s, dir, &info);
        history_rollback(s, &before);
        if (r != MOVE_BLOCKED) {
            hook_call c = { .g = g, .hook = HOOK_CAN_MOVE, .s = s, .dir = dir, .pushed = r == MOVE_PUSH, .info = &info };
            rc = call_hook(&c, err);
            if (rc != 0 || !c.truth) r = MOVE_BLOCKED;
        }
        if (r == MOVE_BLOCKED) {
            history_rollback(s, &before);       /* nothing of a refused move stays */
            history_end(s);
            *result = MOVE_BLOCKED;
            return rc;
        }
    }
    history_mark start = history_mark_here(s);
    *result = engine_move_info(s, dir, &info);
    if (*result != MOVE_BLOCKED) rc = game_on_move(g, s, dir, *result == MOVE_PUSH, &info, err);
    if (rc != 0) {
        /* A failed on_move takes its move with it, as a failed act or can_move does: no half
         * of its changes stays (nor the undo history it grew). */
        history_rollback(s, &start);
        *result = MOVE_BLOCKED;
    }
    history_end(s);
    return rc;
}

int game_do_action(game *g, state *s, const action *a, int *done, error *err)
{
    *done = 0;
    if (s->rules->kind != RULES_ACTIONS || a->id < 0 || a->id >= s->rules->nactions || !has(g, HOOK_ACT)) return 0;
    history_begin(s, a->dir);
    history_mark before = history_mark_here(s);
    hook_call c = { .g = g, .hook = HOOK_ACT, .s = s, .act = a };
    int rc = call_hook(&c, err);
    if (rc == 0 && c.truth && s->hist.nch > before.nch) {
        history_add_counts(s, 1, 0, RECORD_ACTION);
        if (a->dir >= 0) s->facing = a->dir;        /* a piece that moves looks that way */
        *done = 1;
    } else {
        history_rollback(s, &before);   /* refused, failed, or nothing changed: nothing stays */
    }
    history_end(s);
    return rc;
}

int game_check_solved(game *g, state *s, bool *solved, error *err)
{
    *solved = state_solved(s);
    if (!has(g, HOOK_SOLVED)) return 0;
    hook_call c = { .g = g, .hook = HOOK_SOLVED, .s = s };
    if (call_hook(&c, err) != 0) {
        *solved = false;
        return -1;
    }
    *solved = c.truth;
    return 0;
}

int game_check_levels(game *g, const levelset *set, int *unchecked, error *err)
{
    return game_check_levels_all(g, set, unchecked, 0, NULL, NULL, err) == 0 ? 0 : -1;
}

int game_check_levels_all(game *g, const levelset *set, int *unchecked, int max, game_level_problem problem,
                          void *ctx, error *err)
{
    int found = 0;
    if (unchecked) *unchecked = 0;
    /* Each hook call keeps its own limit, but a set of thousands of levels whose hooks each
     * take most of theirs would keep the game from starting for hours: the whole sweep has
     * GAME_CHECK_LEVELS_SECONDS, and the levels after it are checked only when opened (a
     * level solved at its start then opens solved, a failing hook shows its error). */
    bool hooked = has(g, HOOK_SOLVED) || has(g, HOOK_LABELS);  /* else each level is quick */
    double start = hooked ? budget_cpu_now() : 0;
    for (int i = 0; i < set->count; i++) {
        if (hooked && i > 0 && budget_cpu_now() - start > GAME_CHECK_LEVELS_SECONDS) {
            if (unchecked) *unchecked = set->count - i;
            break;
        }
        const level *lv = &set->levels[i];
        state st;
        if (state_init(&st, lv, &g->rules) != 0) return error_set(err, set->path, lv->line, 1, "out of memory");
        bool solved;
        int rc = game_check_solved(g, &st, &solved, err);
        if (rc == 0 && has(g, HOOK_LABELS)) {
            /* The labels hook runs on every frame of play: a broken one is found here. */
            char (*labels)[GAME_LABEL_MAX] = calloc((size_t)st.g->ncells + 1, sizeof *labels);
            rc = !labels                                 ? error_set(err, set->path, lv->line, 1, "out of memory")
                 : game_labels(g, &st, labels, err) < 0 ? -1
                                                        : 0;
            free(labels);
        }
        state_free(&st);
        if (rc != 0) {
            /* The hook's message with the level it failed on, cut to fit. */
            char msg[ERROR_TEXT_MAX + 320];
            snprintf(msg, sizeof msg, "%s (checking level %d of %.256s)", err->msg, i + 1, set->path);
            snprintf(err->msg, sizeof err->msg, "%.*s", (int)sizeof err->msg - 1, msg);
        } else if (solved) {
            error_set(err, set->path, lv->line, 1, "level %d%s%s%s is solved at its start: there is nothing to do",
                      i + 1, lv->title ? " '" : "", lv->title ? lv->title : "", lv->title ? "'" : "");
        } else {
            continue;
        }
        if (!problem) return 1;
        problem(ctx, err);
        if (++found >= max) {
            if (unchecked) *unchecked = set->count - i - 1;
            break;
        }
    }
    return found;
}

int game_heuristic(game *g, state *s, double *h, error *err)
{
    *h = 0;
    if (!has(g, HOOK_HEURISTIC)) return 0;
    hook_call c = { .g = g, .hook = HOOK_HEURISTIC, .s = s };
    if (call_hook(&c, err) != 0) return -1;
    *h = c.number;
    return 0;
}

int game_candidates(game *g, state *s, action *out, int max, error *err)
{
    if (!has(g, HOOK_CANDIDATES)) return 0;
    hook_call c = { .g = g, .hook = HOOK_CANDIDATES, .s = s, .list = out, .max = max };
    if (call_hook(&c, err) != 0) return -1;
    return c.nlist;
}

int game_labels(game *g, state *s, char (*labels)[GAME_LABEL_MAX], error *err)
{
    if (!has(g, HOOK_LABELS)) return 0;
    hook_call c = { .g = g, .hook = HOOK_LABELS, .s = s, .labels = labels };
    if (call_hook(&c, err) != 0) return -1;
    return 1;
}

int game_on_solved(game *g, state *s, char *msg, size_t size, error *err)
{
    snprintf(msg, size, "%s", "Level complete!");
    if (!has(g, HOOK_ON_SOLVED)) return 0;
    hook_call c = { .g = g, .hook = HOOK_ON_SOLVED, .s = s, .msg = msg, .size = size };
    if (call_hook(&c, err) == 0) return 0;
    snprintf(msg, size, "%s", "Level complete!");
    return -1;
}

int game_on_reload(game *g, state *s, error *err)
{
    if (!has(g, HOOK_ON_RELOAD)) return 0;
    hook_call c = { .g = g, .hook = HOOK_ON_RELOAD, .s = s };
    return call_hook(&c, err);
}

/* splitmix64: a small, seedable generator for the built-in scramble. */
static uint64_t next_random(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static bool is_goal(const int *board, int n)
{
    for (int i = 0; i < n; i++)
        if (board[i] != (i + 1) % n) return false;
    return true;
}

/* The same rule as scripts/fifteen.lua: a random permutation with its parity fixed; on a
 * single row or column only the blank can move, so the tiles stay in order. */
static void builtin_scramble(int w, int h, int *board, uint64_t seed)
{
    int n = w * h;
    uint64_t x = seed;
    if (n == 1) {
        board[0] = 0;
        return;
    }
    if (w == 1 || h == 1) {
        int blank = (int)(next_random(&x) % (uint64_t)(n - 1)); /* never last: not the goal */
        for (int i = 0, k = 1; i < n; i++) board[i] = i == blank ? 0 : k++;
        return;
    }
    do {
        for (int i = 0; i < n; i++) board[i] = (i + 1) % n;
        for (int i = n - 1; i > 0; i--) {
            int j = (int)(next_random(&x) % (uint64_t)(i + 1));
            int t = board[i];
            board[i] = board[j];
            board[j] = t;
        }
        if (!sliding_solvable(board, w, h)) {
            int a = board[0] ? 0 : 1, b = board[0] && board[1] ? 1 : 2;
            int t = board[a];
            board[a] = board[b];
            board[b] = t;
        }
    } while (is_goal(board, n));
}

int game_scramble(game *g, int w, int h, int *out, uint64_t seed, error *err)
{
    if (w < 1 || h < 1 || w > GRID_MAX_SIDE || h > GRID_MAX_SIDE || w * h > GAME_MAX_CELLS)
        return error_set(err, g->path, 0, 0, "cannot scramble a %dx%d board", w, h);
    if (!has(g, HOOK_SCRAMBLE)) {
        builtin_scramble(w, h, out, seed);
        return 0;
    }
    host_seed(g->h, seed);
    hook_call c = { .g = g, .hook = HOOK_SCRAMBLE, .w = w, .h = h, .board = out };
    if (call_hook(&c, err) != 0) return -1;
    char text[400];
    if (!sliding_is_permutation(out, w * h)) {
        snprintf(text, sizeof text, "%s: scramble returned a board that is not a permutation of 0..%d", c.where,
                 w * h - 1);
        host_error_from_message(text, g->path, err);
        return -1;
    }
    if (!sliding_solvable(out, w, h)) {
        snprintf(text, sizeof text, "%s: scramble returned an unsolvable %dx%d board", c.where, w, h);
        host_error_from_message(text, g->path, err);
        return -1;
    }
    return 0;
}

/* }==================================================================== */
