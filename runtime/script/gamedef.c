/* gamedef.c: tessera.game { ... }: checks a game table field by field and builds the core
 * ruleset from it. Every mistake is reported as "file:line: message": the line of the faulty
 * field when it can be found in the script's text, else the line of the tessera.game call.
 *
 * The tiles table maps a glyph (one character of the level format) to a tile entry:
 *   ["#"] = { "wall", solid = true }     one name with flags: defines the tile
 *   [" "] = { "floor" }                  one name, no flags: a plain floor (or another glyph
 *                                        for a tile defined elsewhere)
 *   ["*"] = { "box", "goal" }            two names: an object on a floor, in either order
 *   { "void", void = true }              no glyph (array part): a tile no level file writes
 * Flags: solid goal pushable player slippery hole void numbered object (booleans),
 * colour = 1.. or a colour name, sprite = "name". A tile is an object when it is pushable, a
 * player, numbered or object = true; else it is a floor. */
#define _POSIX_C_SOURCE 200809L
#include "script/bindings.h"
#include "script/api_doc.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <lauxlib.h>

#include "core/confine.h"
#include "core/keynames.h"
#include "core/spell.h"
#include "script/budget.h"

#define GAMEDEF_REGISTRY "tessera.games"

/* SPEC_NAME_MAX: bytes of a game's name, which is printed whole (check's "ok (game NAME)", the
 * JSON of play and solve, the window's title): a name of 8 MB wrote 16 MB for one check. */
enum { SPEC_MAX_SOURCE = 4 << 20, CHAIN_MAX = 64, COLOUR_MAX = 63, HELP_MAX = 64, SPEC_NAME_MAX = 64 };

/* colour = "red" is colour 1, "green" 2, ... */
static const char *const colour_names[] = {
    "red", "green", "blue", "yellow", "purple", "orange", "cyan", "pink", NULL
};

static const struct { const char *name; uint32_t flag; } tile_flags[] = {
    { "solid", TILE_SOLID },       { "goal", TILE_GOAL },       { "pushable", TILE_PUSHABLE },
    { "player", TILE_PLAYER },     { "slippery", TILE_SLIPPERY }, { "hole", TILE_HOLE },
    { "void", TILE_VOID },         { "numbered", TILE_NUMBERED }, { "object", 0 },
};

/* The fields a game table may have: the checker refuses any other, and the reference
 * (scripts/API.md) is written from this list. */
const api_doc api_game_fields[] = {
    { "act", NULL, "fun(level: tessera.level, action: tessera.action): boolean?",
      "rules = \"actions\": does one action; everything it changes is one undo record. Return false to refuse it (nothing changes, nothing is recorded)." },
    { "actions", NULL, "table<string, tessera.actiondef>?",
      "rules = \"actions\": the game's actions by name ([a-z][a-z0-9_]*), each with the input that makes it (see \"Action declarations\")." },
    { "art", NULL, "string?", "The game's own pictures: a skin script (the skin.lua format, see README) beside the game script; its tiles replace those of the same name in the player's skin." },
    { "author", NULL, "string?", "Who made the game." },
    { "can_move", NULL, "fun(level: tessera.level, move: tessera.move): boolean?",
      "Push and sliding rules: asked before each move, the level as it is; false refuses the move (nothing changes, nothing is recorded)." },
    { "candidates", NULL, "fun(level: tessera.level): tessera.action[]?",
      "rules = \"actions\": the actions worth trying from this position, for hints and the solver (default: every action at every cell it can take). Leave none out that a solution may need." },
    { "chain", NULL, "integer?", "How many boxes one push may move in a row (1..64, default 1)." },
    { "controls", NULL, "string[][]?", "The game's own keys for F1: { { \"Space\", \"a new shuffle\" }, ... } (at most 64)." },
    { "description", NULL, "string?", "One line shown beside the name in the menu." },
    { "help", NULL, "string[]?", "Lines shown under F1 (at most 64)." },
    { "heuristic", NULL, "fun(level: tessera.level): number?",
      "For hints and the solver: an estimate of the moves or actions still needed (0 when solved), 0 to 1e9; the search tries the lowest first. Never more than the truth keeps solutions shortest. math.huge says no solution is left from this position: the search goes no further from it (so a level whose every path meets one is proved unsolvable)." },
    { "labels", NULL, "fun(level: tessera.level): table<integer, string|number>?",
      "Text drawn on cells: { [cell] = \"3\", ... } for the position shown (asked again when it changes)." },
    { "image", NULL, "string?", "Sliding games: a PNG or JPEG cut into the tiles (picture mode), looked up beside the script, then in assets/; `--image FILE` overrides it." },
    { "levels", NULL, "string?", "The default level file: beside the script, in its tree's levels/, or in a levels/ folder of a mod or the bundle." },
    { "name", NULL, "string", "Shown in menus (required; at most 64 bytes)." },
    { "numeric", NULL, "table<integer, string|string[]>?", "Legend of .csv levels: [-1] = \"void\", [-3] = { \"box\", \"goal\" }, ..." },
    { "on_move", NULL, "fun(level: tessera.level, move: tessera.move)?",
      "Called after each move; its changes join the move's undo record (an error in it undoes the move). move = { dir, pushed, to }." },
    { "on_reload", NULL, "fun(level: tessera.level)?", "Called after hot reload swapped the edited script in." },
    { "on_solved", NULL, "fun(level: tessera.level): string?", "The message to show when a level is solved (default \"Level complete!\")." },
    { "pull", NULL, "boolean?", "true: the player pulls the box behind it instead of pushing." },
    { "reacts_to", NULL, "string[]?",
      "The tiles the move hooks (on_move, can_move) react to: a level with none of them is solved by the C push solver, hooks or not." },
    { "rules", NULL, "\"push\"|\"sliding\"|\"actions\"?",
      "How things move (default \"push\"); \"actions\": only by the game's own actions (declare them in actions, do them in act)." },
    { "scramble", NULL, "fun(w: integer, h: integer): integer[]?", "Sliding games: a new solvable board as a flat list, 0 the blank." },
    { "size", NULL, "integer[]?", "{ w, h }: the size of new sliding boards (default 4 x 4)." },
    { "solved", NULL, "string|fun(level: tessera.level): boolean?",
      "\"boxes on goals\" (push default), \"every goal holds a box\", \"tiles in order\" (sliding), or a function." },
    { "tiles", NULL, "table<string|integer, tessera.tile>", "Glyph -> tile entry (required); entries without a glyph define tiles no level writes." },
    { "topology", NULL, "\"square\"|\"hex\"?", "The grid (default \"square\"; hex: odd rows shifted right)." },
    { "vars", NULL, "table<string, boolean|number|string>?",
      "The level's own variables and the values every level starts with: { keys = 0, mode = \"walk\" } (at most 32; strings up to 63 bytes). level:var and level:set_var read and change them; undo, restart and the hash include them. Being part of the position, a counter that only grows (moves made, say) makes every position new: the solver can then never prove a level lost, only run out of time; keep such counts out of vars or bounded." },
    { NULL, NULL, NULL, NULL }
};

/* The keys of an action declaration (actions = { NAME = { ... } }). */
const api_doc api_action_fields[] = {
    { "click", NULL, "boolean?", "A click on a cell does it there (and, from the keyboard, Space or Return at the cursor, which the arrows move when no action takes directions)." },
    { "dirs", NULL, "boolean?", "The arrow keys (WASD, the keypad on hexagons, the d-pad) do it in their direction, at the selected player's cell on levels with players. One action of a game at most: a second is an error." },
    { "help", NULL, "string?", "What it does, shown by F1 beside its input." },
    { "keys", NULL, "string[]?", "Keys that do it (key names as --keys writes them, e.g. \"e\", \"space\"; another name is an error, and so is a key another action lists), at the selected player's cell on levels with players." },
    { NULL, NULL, NULL, NULL }
};

/* The keys of a tile entry besides its names (the checker's flags are tile_flags below). */
const api_doc api_tile_flags[] = {
    { "colour", NULL, "integer|string?", "1..63 or red green blue yellow purple orange cyan pink: a goal with a colour takes only a box of that colour." },
    { "goal", NULL, "boolean?", "A goal floor." },
    { "hole", NULL, "boolean?", "A pushed box falls in and fills it (it becomes floor); the player cannot enter." },
    { "numbered", NULL, "boolean?", "A numbered sliding tile." },
    { "object", NULL, "boolean?", "An object (stands on a floor) without other flags." },
    { "player", NULL, "boolean?", "A player (an object): what the keys move, chosen by Tab, a digit or a click where "
                                  "there are several. A level holds at most 9 (a solution names the one that moves by "
                                  "a digit, 1-9); with rules = \"actions\", at most 64 selectable pieces (a level "
                                  "file with more is refused; set_object past that fails)." },
    { "pushable", NULL, "boolean?", "A box: the player pushes it (an object)." },
    { "slippery", NULL, "boolean?", "Ice: whatever moves onto it keeps sliding until blocked." },
    { "solid", NULL, "boolean?", "A wall: nothing enters it." },
    { "sprite", NULL, "string?", "The picture's name in the sprite sheet (default: the tile's name). Level-list "
                                 "thumbnails draw a tile with no built-in meaning (a floor other than the floor, an "
                                 "object that is no box, player or wall) in this picture's main colour." },
    { "void", NULL, "boolean?", "Outside the level (drawn as nothing)." },
    { NULL, NULL, NULL, NULL }
};

static const char *const hook_fields[] = { "on_move", "on_solved", "on_reload", "scramble", "act", "can_move",
                                           "heuristic", "candidates", "labels", NULL };

/* Keys the host keeps for itself in every game: an action cannot take them. */
static const char *const host_keys[] = {
    "up", "down", "left", "right", "w", "a", "s", "d", "z", "u", "backspace", "y", "r", "n", "p", "h", "x", "l",
    "tab", "escape", "f1", "f11", "f12", "v", "t", "k", "m", "equals", "minus", "pageup", "pagedown",
    "1", "2", "3", "4", "5", "6", "7", "8", "9", NULL
};

typedef struct spec {
    lua_State *L;
    int table;                  /* stack index of the game table */
    int frozen;                 /* stack index of the frozen copy of its fields */
    char file[256];
    int line;                   /* of the tessera.game call */
    const char *text;           /* the script's source (to find a field's line); may be NULL */
    size_t len;
} spec;

typedef struct tile_entry {
    int line;                   /* where the entry is written; 0 if not found */
    bool has_glyph;
    unsigned char glyph;
    lua_Integer index;          /* entries without a glyph: their array index */
    char where[32];             /* "glyph '$'" or "tiles[1]", for messages */
    const char *name[2];
    int nnames;
    bool attrs, object;         /* attrs: any flag, colour or sprite given */
    uint32_t flags;
    int colour;
    const char *sprite;
} tile_entry;

/* {====================================================================
 * Errors with a line
 * ===================================================================== */

static int spec_error(const spec *sp, int line, const char *fmt, ...)
{
    lua_State *L = sp->L;
    va_list ap;
    lua_pushfstring(L, "%s:%d: ", sp->file, line > 0 ? line : sp->line);
    va_start(ap, fmt);
    lua_pushvfstring(L, fmt, ap);
    va_end(ap);
    lua_concat(L, 2);
    return lua_error(L);
}

/* A suggestion for a misspelt name as three %s arguments: " (did you mean 'X'?)", or nothing. */
#define MEANT(best) (best) ? " (did you mean '" : "", (best) ? (best) : "", (best) ? "'?)" : ""

/* The tile of r whose name is nearest to a misspelt one (NULL when none is near). */
static const char *near_tile(const ruleset *r, const char *name)
{
    spell near = spell_start(name);
    for (int id = 1; id < r->ntiles; id++) spell_offer(&near, r->tile[id].name);
    return near.best;
}

/* The same, as three %s arguments that lead into the rest of a sentence: "did you mean 'X'?
 * else ", or nothing. */
#define TILE_MEANT(r, name)                                                                      \
    near_tile(r, name) ? "did you mean '" : "", near_tile(r, name) ? near_tile(r, name) : "",   \
        near_tile(r, name) ? "'? else " : ""

static int is_name_char(int c) { return isalnum(c) || c == '_'; }

/* The first line at or after `from` that holds one of patterns (outside a "--" comment; a
 * pattern starting with a name character must not continue a longer name). 0 if none.
 * Each line looked at is charged to the script's budget before it is scanned, a unit a byte
 * for each pattern: one tessera.game call looks for a line hundreds of times (each tile,
 * action and variable), and over a chunk of megabytes without those keys (a glyph table built
 * in a loop, a load()ed chunk's text or name) that took 30 s of CPU in one call, where the
 * timer could not stop it. */
static int find_line(const spec *sp, int from, const char *const *patterns)
{
    if (!sp->text) return 0;
    long long npatterns = 0;
    while (patterns[npatterns]) npatterns++;
    const char *p = sp->text, *end = sp->text + sp->len;
    for (int line = 1; p < end; line++) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol) eol = end;
        if (line >= from) {
            budget_charge(sp->L, (long long)(eol - p) * (npatterns + 1));
            const char *stop = eol;
            for (const char *q = p; q + 1 < eol; q++)
                if (q[0] == '-' && q[1] == '-') {
                    stop = q;
                    break;
                }
            for (int i = 0; patterns[i]; i++) {
                size_t n = strlen(patterns[i]);
                for (const char *q = p; q + n <= stop; q++) {
                    if (memcmp(q, patterns[i], n) != 0) continue;
                    if (is_name_char((unsigned char)patterns[i][0]) && q > p &&
                        is_name_char((unsigned char)q[-1]))
                        continue;
                    return line;
                }
            }
        }
        p = eol + 1;
    }
    return 0;
}

/* Line of `key = ...` (or ["key"] = ...) at or after from. */
static int line_of_key(const spec *sp, int from, const char *key)
{
    char a[80], b[80], c[80], d[80];
    if (strlen(key) > 60) return 0;
    snprintf(a, sizeof a, "%s =", key);
    snprintf(b, sizeof b, "%s=", key);
    snprintf(c, sizeof c, "[\"%s\"]", key);
    snprintf(d, sizeof d, "['%s']", key);
    const char *const patterns[] = { a, b, c, d, NULL };
    return find_line(sp, from, patterns);
}

static int line_of_glyph(const spec *sp, unsigned char g)
{
    char a[8], b[8];
    snprintf(a, sizeof a, "[\"%c\"]", g);
    snprintf(b, sizeof b, "['%c']", g);
    const char *const patterns[] = { a, b, NULL };
    return find_line(sp, sp->line, patterns);
}

static int line_of_index(const spec *sp, int from, lua_Integer i)
{
    char a[40], b[40];
    snprintf(a, sizeof a, "[%lld]", (long long)i);
    snprintf(b, sizeof b, "[ %lld ]", (long long)i);
    const char *const patterns[] = { a, b, NULL };
    return find_line(sp, from, patterns);
}

static int field_line(const spec *sp, const char *key) { return line_of_key(sp, sp->line, key); }

/* The size of the regular file path, or -1 (never blocks: a FIFO is no source). */
static long source_size(const char *path)
{
    error err;
    struct stat st;
    int fd = confine_open_regular(path, &err);
    if (fd < 0) return -1;
    long size = fstat(fd, &st) == 0 ? (long)st.st_size : -1;
    close(fd);
    return size;
}

/* Pushes the text of file path (at most SPEC_MAX_SOURCE bytes), or nil. Only a file some
 * host compiled is read (a chunk can claim any name). The file is opened only while nothing
 * can raise, so an allocation error cannot leak it. */
static void push_file_text(lua_State *L, const char *path)
{
    long size = host_source_known(path) ? source_size(path) : -1;
    if (size < 0 || size > SPEC_MAX_SOURCE) {
        lua_pushnil(L);
        return;
    }
    char *buf = lua_newuserdatauv(L, (size_t)size + 1, 0);
    size_t got = 0;
    error err;
    int fd = confine_open_regular(path, &err);
    if (fd >= 0) {
        ssize_t n;
        while (got < (size_t)size && (n = read(fd, buf + got, (size_t)size - got)) > 0) got += (size_t)n;
        close(fd);
    }
    lua_pushlstring(L, buf, got);
    lua_remove(L, -2);
}

/* Finds the Lua code that called tessera.game and pushes its source text (or nil). */
static void spec_locate(spec *sp)
{
    lua_State *L = sp->L;
    lua_Debug ar;
    snprintf(sp->file, sizeof sp->file, "?");
    sp->line = 0;
    for (int depth = 1; lua_getstack(L, depth, &ar); depth++) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) continue;
        sp->line = ar.currentline;
        if (ar.source[0] == '@') {
            snprintf(sp->file, sizeof sp->file, "%s", ar.source + 1);
            push_file_text(L, ar.source + 1);
        } else {
            snprintf(sp->file, sizeof sp->file, "%s", ar.short_src);
            /* a chunk loaded from a string: its text, as long as a script file may be */
            if (ar.source[0] == '=' || ar.srclen > SPEC_MAX_SOURCE) lua_pushnil(L);
            else lua_pushlstring(L, ar.source, ar.srclen);
        }
        sp->text = lua_tolstring(L, -1, &sp->len);
        return;
    }
    lua_pushnil(L);
}

/* }==================================================================== */

/* {====================================================================
 * Plain fields
 * ===================================================================== */

/* Pushes spec[key] (raw) and returns its type. */
static int get_field(const spec *sp, const char *key)
{
    lua_pushstring(sp->L, key);
    return lua_rawget(sp->L, sp->table);
}

static int type_error(const spec *sp, const char *key, const char *expected)
{
    return spec_error(sp, field_line(sp, key), "field '%s' must be %s, got a %s", key, expected,
                      luaL_typename(sp->L, -1));
}

/* The string field key, copied into the frozen table; NULL when absent. */
static const char *string_field(const spec *sp, const char *key, bool required)
{
    int t = get_field(sp, key);
    if (t == LUA_TNIL && !required) {
        lua_pop(sp->L, 1);
        return NULL;
    }
    if (t != LUA_TSTRING) {
        if (t == LUA_TNIL) return spec_error(sp, 0, "missing field '%s' (a string)", key), NULL;
        return type_error(sp, key, "a string"), NULL;
    }
    if (lua_rawlen(sp->L, -1) == 0) return spec_error(sp, field_line(sp, key), "field '%s' is empty", key), NULL;
    lua_pushvalue(sp->L, -1);
    lua_setfield(sp->L, sp->frozen, key);
    const char *s = lua_tostring(sp->L, -1);    /* kept alive by the frozen table */
    lua_pop(sp->L, 1);
    return s;
}

static lua_Integer integer_field(const spec *sp, const char *key, lua_Integer def, lua_Integer lo,
                                 lua_Integer hi)
{
    int t = get_field(sp, key);
    lua_Integer v = def;
    if (t != LUA_TNIL) {
        if (!lua_isinteger(sp->L, -1)) type_error(sp, key, "an integer");
        v = lua_tointeger(sp->L, -1);
        if (v < lo || v > hi)
            spec_error(sp, field_line(sp, key), "field '%s' must be between %d and %d, got %d", key,
                       (int)lo, (int)hi, (int)v);
    }
    lua_pop(sp->L, 1);
    return v;
}

static void check_field_names(const spec *sp)
{
    lua_State *L = sp->L;
    lua_pushnil(L);
    while (lua_next(L, sp->table)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING)
            spec_error(sp, 0, "game fields are named by strings, found a %s key", luaL_typename(L, -1));
        const char *key = lua_tostring(L, -1);
        int i = 0;
        while (api_game_fields[i].name && strcmp(api_game_fields[i].name, key) != 0) i++;
        if (!api_game_fields[i].name) {
            spell near = spell_start(key);
            for (int k = 0; api_game_fields[k].name; k++) spell_offer(&near, api_game_fields[k].name);
            spec_error(sp, field_line(sp, key), "unknown field '%s'%s%s%s", key, MEANT(near.best));
        }
    }
}

static void check_size(const spec *sp, gamedef *gd)
{
    lua_State *L = sp->L;
    int t = get_field(sp, "size");
    if (t != LUA_TNIL) {
        int line = field_line(sp, "size");
        if (t != LUA_TTABLE) type_error(sp, "size", "a table { width, height }");
        lua_Integer v[2];
        for (int i = 0; i < 2; i++) {
            lua_rawgeti(L, -1, i + 1);
            if (!lua_isinteger(L, -1) || (v[i] = lua_tointeger(L, -1)) < 1 || v[i] > GRID_MAX_SIDE)
                spec_error(sp, line, "field 'size' must be { width, height } of integers 1..%d",
                           GRID_MAX_SIDE);
            lua_pop(L, 1);
        }
        if (lua_rawlen(L, -1) != 2) spec_error(sp, line, "field 'size' must be { width, height }");
        gd->size_w = (int)v[0];
        gd->size_h = (int)v[1];
    }
    lua_pop(L, 1);
}

static void check_help(const spec *sp)
{
    lua_State *L = sp->L;
    int t = get_field(sp, "help");
    if (t != LUA_TNIL) {
        int line = field_line(sp, "help");
        if (t != LUA_TTABLE) type_error(sp, "help", "a list of strings");
        lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
        if (n > HELP_MAX) spec_error(sp, line, "field 'help' has %d lines (at most %d)", (int)n, HELP_MAX);
        lua_createtable(L, (int)n, 0);
        for (lua_Integer i = 1; i <= n; i++) {
            if (lua_rawgeti(L, -2, i) != LUA_TSTRING)
                spec_error(sp, line, "help[%d] must be a string, got a %s", (int)i, luaL_typename(L, -1));
            lua_rawseti(L, -2, i);
        }
        lua_setfield(L, sp->frozen, "help");
    }
    lua_pop(L, 1);
}

/* controls = { { "KEY", "what it does" }, ... }: kept as "KEY\twhat it does" lines. */
static void check_controls(const spec *sp)
{
    lua_State *L = sp->L;
    int t = get_field(sp, "controls");
    if (t != LUA_TNIL) {
        int line = field_line(sp, "controls");
        if (t != LUA_TTABLE) type_error(sp, "controls", "a list of { key, action } pairs");
        lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
        if (n > HELP_MAX) spec_error(sp, line, "field 'controls' has %d entries (at most %d)", (int)n, HELP_MAX);
        lua_createtable(L, (int)n, 0);
        for (lua_Integer i = 1; i <= n; i++) {
            if (lua_rawgeti(L, -2, i) != LUA_TTABLE || lua_rawlen(L, -1) != 2 ||
                lua_rawgeti(L, -1, 1) != LUA_TSTRING || lua_rawgeti(L, -2, 2) != LUA_TSTRING)
                spec_error(sp, line, "controls[%d] must be { \"key\", \"what it does\" }", (int)i);
            lua_pushfstring(L, "%s\t%s", lua_tostring(L, -2), lua_tostring(L, -1));
            lua_rawseti(L, -5, i);
            lua_pop(L, 3);
        }
        lua_setfield(L, sp->frozen, "controls");
    }
    lua_pop(L, 1);
}

static void check_solved(const spec *sp, ruleset *r)
{
    rules_kind kind = r->kind;
    static const char *const push_rules[] = { "boxes on goals", "every goal holds a box", NULL };
    static const char *const sliding_rules[] = { "tiles in order", NULL };
    lua_State *L = sp->L;
    int t = get_field(sp, "solved");
    if (t == LUA_TFUNCTION) {
        lua_setfield(L, sp->frozen, "solved");
        return;
    }
    if (t == LUA_TSTRING) {
        const char *s = lua_tostring(L, -1);
        const char *const *known = kind == RULES_SLIDING ? sliding_rules : push_rules;
        int i = 0;
        while (known[i] && strcmp(known[i], s) != 0) i++;
        if (!known[i] && kind == RULES_ACTIONS && r->tile_id && strcmp(s, sliding_rules[0]) == 0) {
            lua_pop(L, 1);      /* numbered boards played by actions: in order, like sliding */
            return;
        }
        if (!known[i])
            spec_error(sp, field_line(sp, "solved"), "unknown solved rule '%s' for %s rules (use '%s' or a function)",
                       s, kind == RULES_SLIDING ? "sliding" : "push", known[0]);
        r->fill_goals = strcmp(s, "every goal holds a box") == 0;
    } else if (t != LUA_TNIL) {
        type_error(sp, "solved", "a rule name or a function(level)");
    } else if (kind == RULES_ACTIONS) {
        spec_error(sp, 0, "rules = \"actions\" needs a solved rule: solved = function(level) ... end (or \"boxes on goals\")");
    }
    lua_pop(L, 1);
}

static void check_hooks(const spec *sp, rules_kind kind)
{
    lua_State *L = sp->L;
    for (int i = 0; hook_fields[i]; i++) {
        int t = get_field(sp, hook_fields[i]);
        if (t != LUA_TNIL && t != LUA_TFUNCTION) type_error(sp, hook_fields[i], "a function");
        if (t == LUA_TFUNCTION && kind != RULES_SLIDING && strcmp(hook_fields[i], "scramble") == 0)
            spec_error(sp, field_line(sp, "scramble"), "field 'scramble' is for sliding games (rules = \"sliding\")");
        if (t == LUA_TFUNCTION && kind != RULES_ACTIONS &&
            (strcmp(hook_fields[i], "act") == 0 || strcmp(hook_fields[i], "candidates") == 0))
            spec_error(sp, field_line(sp, hook_fields[i]), "field '%s' is for games with their own actions (rules = \"actions\")",
                       hook_fields[i]);
        if (t == LUA_TFUNCTION && kind == RULES_ACTIONS &&
            (strcmp(hook_fields[i], "on_move") == 0 || strcmp(hook_fields[i], "can_move") == 0))
            spec_error(sp, field_line(sp, hook_fields[i]), "field '%s' is for push and sliding moves; with rules = \"actions\" "
                       "the game's act does everything", hook_fields[i]);
        if (t == LUA_TNIL && kind == RULES_ACTIONS && strcmp(hook_fields[i], "act") == 0)
            spec_error(sp, 0, "rules = \"actions\" needs act = function(level, action) ... end");
        lua_setfield(L, sp->frozen, hook_fields[i]);
    }
}

/* }==================================================================== */

/* {====================================================================
 * Tiles
 * ===================================================================== */

static int tile_name_error(const spec *sp, const tile_entry *t, const char *name)
{
    if (!name[0]) return spec_error(sp, t->line, "%s: empty tile name", t->where);
    return spec_error(sp, t->line, "%s: tile name '%s' is too long (at most %d characters)", t->where,
                      name, TILE_NAME_MAX - 1);
}

static void read_colour(const spec *sp, tile_entry *t)
{
    lua_State *L = sp->L;
    int line = line_of_key(sp, t->line, "colour");
    if (lua_isinteger(L, -1)) {
        lua_Integer c = lua_tointeger(L, -1);
        if (c < 0 || c > COLOUR_MAX)
            spec_error(sp, line, "%s: colour must be 0..%d, got %d", t->where, COLOUR_MAX, (int)c);
        t->colour = (int)c;
        return;
    }
    if (lua_type(L, -1) == LUA_TSTRING) {
        const char *s = lua_tostring(L, -1);
        for (int i = 0; colour_names[i]; i++)
            if (strcmp(colour_names[i], s) == 0) {
                t->colour = i + 1;
                return;
            }
        spec_error(sp, line, "%s: unknown colour '%s' (a number, or red green blue yellow purple orange cyan pink)",
                   t->where, s);
    }
    spec_error(sp, line, "%s: colour must be a number or a colour name, got a %s", t->where,
               luaL_typename(L, -1));
}

/* Reads the entry table on top of the stack into t (strings stay owned by the table). */
static void read_entry(const spec *sp, tile_entry *t)
{
    lua_State *L = sp->L;
    if (!lua_istable(L, -1))
        spec_error(sp, t->line, "%s must be a table like { \"name\", solid = true }, got a %s", t->where,
                   luaL_typename(L, -1));
    lua_pushnil(L);
    while (lua_next(L, -2)) {                               /* key -2, value -1 */
        if (lua_type(L, -2) == LUA_TNUMBER) {
            lua_Integer i = lua_isinteger(L, -2) ? lua_tointeger(L, -2) : 0;
            if (i < 1 || i > 2)
                spec_error(sp, t->line, "%s: an entry names one tile, or two (an object and a floor)", t->where);
            if (lua_type(L, -1) != LUA_TSTRING)
                spec_error(sp, t->line, "%s: tile names are strings, got a %s", t->where, luaL_typename(L, -1));
            t->name[i - 1] = lua_tostring(L, -1);
        } else if (lua_type(L, -2) == LUA_TSTRING) {
            const char *key = lua_tostring(L, -2);
            int doc = 0;                    /* only documented keys are accepted */
            while (api_tile_flags[doc].name && strcmp(api_tile_flags[doc].name, key) != 0) doc++;
            if (!api_tile_flags[doc].name) {
                spell near = spell_start(key);
                for (int k = 0; api_tile_flags[k].name; k++) spell_offer(&near, api_tile_flags[k].name);
                spec_error(sp, line_of_key(sp, t->line, key), "%s: unknown flag '%s'%s%s%s", t->where, key,
                           MEANT(near.best));
            }
            size_t f = 0;
            while (f < sizeof tile_flags / sizeof tile_flags[0] && strcmp(tile_flags[f].name, key) != 0) f++;
            if (f < sizeof tile_flags / sizeof tile_flags[0]) {
                if (!lua_isboolean(L, -1))
                    spec_error(sp, line_of_key(sp, t->line, key), "%s: flag '%s' must be true or false, got a %s",
                               t->where, key, luaL_typename(L, -1));
                if (lua_toboolean(L, -1)) {
                    t->flags |= tile_flags[f].flag;
                    if (!tile_flags[f].flag) t->object = true;
                }
            } else if (strcmp(key, "colour") == 0) {
                read_colour(sp, t);
            } else if (strcmp(key, "sprite") == 0) {
                if (lua_type(L, -1) != LUA_TSTRING || lua_rawlen(L, -1) == 0 || lua_rawlen(L, -1) >= TILE_NAME_MAX)
                    spec_error(sp, line_of_key(sp, t->line, key), "%s: sprite must be a name of 1..%d characters",
                               t->where, TILE_NAME_MAX - 1);
                t->sprite = lua_tostring(L, -1);
            } else {
                spec_error(sp, line_of_key(sp, t->line, key), "%s: unknown flag '%s'", t->where, key);
            }
            t->attrs = true;
        } else {
            spec_error(sp, t->line, "%s: unexpected %s key", t->where, luaL_typename(L, -2));
        }
        lua_pop(L, 1);
    }
    if (!t->name[0])
        spec_error(sp, t->line, "%s has no tile name (write { \"name\", ... })", t->where);
    t->nnames = t->name[1] ? 2 : 1;
    for (int i = 0; i < t->nnames; i++)
        if (!t->name[i][0] || strlen(t->name[i]) >= TILE_NAME_MAX) tile_name_error(sp, t, t->name[i]);
    if (t->nnames == 2 && t->attrs)
        spec_error(sp, t->line, "%s: an entry of two tiles takes no flags (define '%s' and '%s' in their own entries)",
                   t->where, t->name[0], t->name[1]);
    if (t->nnames == 2 && !t->has_glyph)
        spec_error(sp, t->line, "%s: an entry without a glyph defines one tile", t->where);
}

static tile_layer entry_layer(const tile_entry *t)
{
    return (t->object || (t->flags & (TILE_PUSHABLE | TILE_PLAYER | TILE_NUMBERED))) ? LAYER_OBJECT : LAYER_FLOOR;
}

static int compare_entries(const void *a, const void *b)
{
    const tile_entry *x = a, *y = b;
    if (x->has_glyph != y->has_glyph) return x->has_glyph ? 1 : -1;
    if (!x->has_glyph) return (x->index > y->index) - (x->index < y->index);
    return (int)x->glyph - (int)y->glyph;
}

/* Resolves one or two tile names to a (floor, object) pair; floor 0 is the default floor. */
static void resolve_pair(const spec *sp, const ruleset *r, int line, const char *where, const char *const *names,
                         int n, int *floor, int *object)
{
    *floor = *object = 0;
    for (int i = 0; i < n; i++) {
        int id = rules_find_tile(r, names[i]);
        if (id < 0) {
            /* A legend the game took over from the one it extends names tiles of that game. */
            if (strncmp(where, "numeric", 7) == 0 && !field_line(sp, "numeric"))
                spec_error(sp, line, "%s: unknown tile '%s': this numeric legend comes from the game this one extends "
                           "(give numeric = false to drop it, or a numeric legend of this game's tiles)", where, names[i]);
            spec_error(sp, line, "%s: unknown tile '%s' (%s%s%sdefine it in the tiles table)", where, names[i],
                       TILE_MEANT(r, names[i]));
        }
        int *slot = r->tile[id].layer == LAYER_OBJECT ? object : floor;
        if (*slot)
            spec_error(sp, line, "%s: '%s' and '%s' are both %s; two tiles are an object and a floor", where,
                       names[0], names[1], r->tile[id].layer == LAYER_OBJECT ? "objects" : "floors");
        *slot = id;
    }
}

static void define_tiles(const spec *sp, ruleset *r, tile_entry *e, int n)
{
    int first_line[TILES_MAX] = { 0 };
    /* Entries with flags define their tile; the same name with other flags is a mistake. */
    for (int i = 0; i < n; i++) {
        const tile_entry *t = &e[i];
        if (t->nnames != 1 || !t->attrs) continue;
        const char *sprite = t->sprite ? t->sprite : t->name[0];
        int id = rules_find_tile(r, t->name[0]);
        if (id < 0) {
            id = rules_add_tile(r, t->name[0], entry_layer(t), t->flags, t->colour, sprite);
            if (id < 0) spec_error(sp, t->line, "%s: too many tiles (at most %d)", t->where, TILES_MAX - 1);
            first_line[id] = t->line;
        } else {
            const tile_def *d = &r->tile[id];
            if (d->flags != t->flags || d->colour != t->colour || d->layer != entry_layer(t) ||
                strcmp(d->sprite, sprite) != 0)
                spec_error(sp, t->line, "%s: tile '%s' is defined again with other flags (first at line %d)",
                           t->where, t->name[0], first_line[id]);
        }
    }
    /* A bare name not defined with flags is a plain floor. */
    for (int i = 0; i < n; i++) {
        const tile_entry *t = &e[i];
        if (t->nnames == 1 && !t->attrs && rules_find_tile(r, t->name[0]) < 0 &&
            rules_add_tile(r, t->name[0], LAYER_FLOOR, 0, 0, NULL) < 0)
            spec_error(sp, t->line, "%s: too many tiles (at most %d)", t->where, TILES_MAX - 1);
    }
    for (int i = 0; i < n; i++) {
        const tile_entry *t = &e[i];
        if (!t->has_glyph) continue;
        int floor, object;
        resolve_pair(sp, r, t->line, t->where, t->name, t->nnames, &floor, &object);
        rules_set_glyph(r, t->glyph, floor, object);
    }
}

/* The tile ids the engine needs: plain floor, outside, the numbered tile. */
static void pick_special_tiles(const spec *sp, ruleset *r)
{
    int line = field_line(sp, "tiles");
    int floor = rules_find_tile(r, "floor");
    for (int id = 1; floor < 0 && id < r->ntiles; id++)
        if (r->tile[id].layer == LAYER_FLOOR && r->tile[id].flags == 0) floor = id;
    if (floor < 0 || r->tile[floor].layer != LAYER_FLOOR)
        spec_error(sp, line, "no plain floor tile: define a tile named 'floor' (e.g. [\" \"] = { \"floor\" })");
    int vd = rules_find_tile(r, "void");
    if (vd >= 0 && r->tile[vd].layer != LAYER_FLOOR) spec_error(sp, line, "tile 'void' must be a floor tile");
    for (int id = 1; vd < 0 && id < r->ntiles; id++)
        if (r->tile[id].layer == LAYER_FLOOR && (r->tile[id].flags & TILE_SOLID)) vd = id;
    r->floor_id = (uint8_t)floor;
    r->void_id = (uint8_t)(vd >= 0 ? vd : floor);
    for (int id = 1; id < r->ntiles; id++)
        if (r->tile[id].flags & TILE_NUMBERED) {
            r->tile_id = (uint8_t)id;
            break;
        }
    int players = 0;
    for (int id = 1; id < r->ntiles; id++) players += (r->tile[id].flags & TILE_PLAYER) != 0;
    if (r->kind == RULES_PUSH && players == 0)
        spec_error(sp, line, "push rules need a tile with player = true");
    if (r->kind == RULES_SLIDING && !r->tile_id)
        spec_error(sp, line, "sliding rules need a tile with numbered = true");
}

static void check_tiles(const spec *sp, ruleset *r)
{
    lua_State *L = sp->L;
    int t = get_field(sp, "tiles");
    if (t == LUA_TNIL) spec_error(sp, 0, "missing field 'tiles' (glyph = { \"name\", flags... })");
    if (t != LUA_TTABLE) type_error(sp, "tiles", "a table");
    int tiles = lua_gettop(L);
    tile_entry e[256 + TILES_MAX];
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, tiles)) {
        lua_pop(L, 1);
        if (n == (int)(sizeof e / sizeof e[0]))
            spec_error(sp, field_line(sp, "tiles"), "too many tile entries");
        tile_entry *te = &e[n++];
        memset(te, 0, sizeof *te);
        if (lua_type(L, -1) == LUA_TSTRING) {
            size_t len;
            const char *g = lua_tolstring(L, -1, &len);
            unsigned char c = (unsigned char)g[0];
            te->has_glyph = true;
            te->glyph = c;
            snprintf(te->where, sizeof te->where, "glyph '%s'", len == 1 ? g : "?");
            te->line = len == 1 ? line_of_glyph(sp, c) : 0;
            if (len != 1) {
                /* At the entry's own line, as the other glyph errors are (else the field's). */
                int at = line_of_key(sp, field_line(sp, "tiles"), g);
                spec_error(sp, at ? at : field_line(sp, "tiles"),
                           "glyph '%s' must be one character of one byte (ASCII: level files are read byte by byte)", g);
            }
            if (isdigit(c) || c == '|' || c < ' ' || c == 127)
                spec_error(sp, te->line, "glyph '%s' cannot be used: digits and '|' are run-length codes in "
                           "level files, control characters are not text", isprint(c) ? g : "?");
        } else if (lua_isinteger(L, -1)) {
            te->index = lua_tointeger(L, -1);
            snprintf(te->where, sizeof te->where, "tiles[%lld]", (long long)te->index);
            te->line = line_of_index(sp, sp->line, te->index);
            if (!te->line) {
                /* array entries have no written key: point at the tiles table */
                te->line = field_line(sp, "tiles");
            }
        } else {
            spec_error(sp, field_line(sp, "tiles"), "tiles are keyed by one-character glyphs, found a %s key",
                       luaL_typename(L, -1));
        }
    }
    qsort(e, (size_t)n, sizeof e[0], compare_entries);
    for (int i = 0; i < n; i++) {
        if (e[i].has_glyph) {
            char g[2] = { (char)e[i].glyph, 0 };
            lua_pushstring(L, g);
            lua_rawget(L, tiles);
        } else {
            lua_rawgeti(L, tiles, e[i].index);
        }
        read_entry(sp, &e[i]);
        lua_pop(L, 1);                      /* the entry stays referenced by the tiles table */
    }
    define_tiles(sp, r, e, n);
    pick_special_tiles(sp, r);
    lua_pop(L, 1);
}

typedef struct numeric_entry {
    lua_Integer value;
} numeric_entry;

static int compare_numeric(const void *a, const void *b)
{
    lua_Integer x = ((const numeric_entry *)a)->value, y = ((const numeric_entry *)b)->value;
    return (x > y) - (x < y);
}

static void check_numeric(const spec *sp, ruleset *r)
{
    lua_State *L = sp->L;
    int t = get_field(sp, "numeric");
    if (t == LUA_TNIL) {
        lua_pop(L, 1);
        return;
    }
    int from = field_line(sp, "numeric");
    if (t != LUA_TTABLE) type_error(sp, "numeric", "a table { [number] = \"tile\" or { \"tile\", \"tile\" } }");
    int legend = lua_gettop(L);
    numeric_entry e[NUMERIC_LEGEND_MAX];
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, legend)) {
        lua_pop(L, 1);
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < -1000000 || lua_tointeger(L, -1) > 1000000)
            spec_error(sp, from, "numeric legend keys are integers (e.g. [-1] = \"void\"), found %s",
                       luaL_tolstring(L, -1, NULL));
        if (n == NUMERIC_LEGEND_MAX)
            spec_error(sp, from, "numeric legend has more than %d entries", NUMERIC_LEGEND_MAX);
        e[n++].value = lua_tointeger(L, -1);
    }
    qsort(e, (size_t)n, sizeof e[0], compare_numeric);
    for (int i = 0; i < n; i++) {
        int line = line_of_index(sp, from ? from : sp->line, e[i].value);
        char where[40];
        snprintf(where, sizeof where, "numeric[%lld]", (long long)e[i].value);
        const char *names[2] = { NULL, NULL };
        int count = 1;
        int vt = lua_rawgeti(L, legend, e[i].value);
        if (vt == LUA_TSTRING) {
            names[0] = lua_tostring(L, -1);
        } else if (vt == LUA_TTABLE) {
            count = (int)lua_rawlen(L, -1);
            if (count < 1 || count > 2)
                spec_error(sp, line, "%s: name one tile, or two (an object and a floor)", where);
            for (int k = 0; k < count; k++) {
                if (lua_rawgeti(L, -1 - k, k + 1) != LUA_TSTRING)
                    spec_error(sp, line, "%s: tile names are strings", where);
                names[k] = lua_tostring(L, -1);
            }
        } else {
            spec_error(sp, line, "%s must be a tile name or { \"tile\", \"tile\" }, got a %s", where,
                       luaL_typename(L, -1));
        }
        int floor, object;
        resolve_pair(sp, r, line, where, names, count, &floor, &object);
        if (rules_add_numeric(r, (int)e[i].value, floor, object) != 0)
            spec_error(sp, line, "numeric legend is full");
        lua_settop(L, legend);
    }
    lua_pop(L, 1);
}

/* }==================================================================== */

/* {====================================================================
 * Actions, variables and what the hooks react to
 * ===================================================================== */

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The string keys of the table on top of the stack, sorted (they stay alive in the table);
 * at most max of them, else an error naming field. */
static int sorted_keys(const spec *sp, const char *field, const char **names, int max, const char *what)
{
    lua_State *L = sp->L;
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING)
            spec_error(sp, field_line(sp, field), "%s are named by strings, found a %s key", what, luaL_typename(L, -1));
        if (n == max) spec_error(sp, field_line(sp, field), "field '%s' has more than %d entries", field, max);
        names[n++] = lua_tostring(L, -1);
    }
    qsort(names, (size_t)n, sizeof *names, compare_names);
    return n;
}

static bool is_host_key(const char *key)
{
    for (int i = 0; host_keys[i]; i++)
        if (strcmp(host_keys[i], key) == 0) return true;
    return false;
}

/* One declaration (the table on top of the stack) into d. */
static void read_action(const spec *sp, int line, const char *name, action_def *d, bool *has_click)
{
    lua_State *L = sp->L;
    if (!lua_istable(L, -1))
        spec_error(sp, line, "actions.%s must be a table like { click = true }, got a %s", name, luaL_typename(L, -1));
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        if (lua_type(L, -2) != LUA_TSTRING)
            spec_error(sp, line, "actions.%s: keys are names (click, dirs, keys, help)", name);
        const char *key = lua_tostring(L, -2);
        int k = line_of_key(sp, line, key);
        if (strcmp(key, "click") == 0 || strcmp(key, "dirs") == 0) {
            if (!lua_isboolean(L, -1))
                spec_error(sp, k, "actions.%s.%s must be true or false, got a %s", name, key, luaL_typename(L, -1));
            if (lua_toboolean(L, -1)) d->flags |= key[0] == 'c' ? ACTION_CLICK : ACTION_DIRS;
        } else if (strcmp(key, "help") == 0) {
            if (lua_type(L, -1) != LUA_TSTRING || lua_rawlen(L, -1) >= ACTION_HELP_MAX)
                spec_error(sp, k, "actions.%s.help must be a string of at most %d characters", name, ACTION_HELP_MAX - 1);
            snprintf(d->help, sizeof d->help, "%s", lua_tostring(L, -1));
        } else if (strcmp(key, "keys") == 0) {
            if (!lua_istable(L, -1)) spec_error(sp, k, "actions.%s.keys must be a list of key names", name);
            int n = (int)lua_rawlen(L, -1);
            if (n > ACTION_KEYS_MAX) spec_error(sp, k, "actions.%s.keys: at most %d keys", name, ACTION_KEYS_MAX);
            for (int i = 1; i <= n; i++) {
                if (lua_rawgeti(L, -1, i) != LUA_TSTRING || lua_rawlen(L, -1) == 0 || lua_rawlen(L, -1) >= ACTION_KEY_MAX)
                    spec_error(sp, k, "actions.%s.keys[%d] must be a key name (\"e\", \"space\", ...)", name, i);
                const char *key_name = lua_tostring(L, -1);
                char names[256];
                if (!keyname_known(key_name))
                    spec_error(sp, k, "actions.%s.keys: unknown key '%s' (key names: %s)", name, key_name,
                               keyname_list(names, sizeof names));
                if (is_host_key(key_name))
                    spec_error(sp, k, "actions.%s.keys: '%s' is one of the host's own keys (moves, undo, menus)", name,
                               key_name);
                snprintf(d->keys[d->nkeys++], ACTION_KEY_MAX, "%s", key_name);
                lua_pop(L, 1);
            }
        } else {
            spec_error(sp, k, "actions.%s: unknown key '%s' (click, dirs, keys, help)", name, key);
        }
        lua_pop(L, 1);
    }
    if (!d->flags && !d->nkeys)
        spec_error(sp, line, "actions.%s: nothing makes it (give it click = true, dirs = true or keys)", name);
    if (d->flags & ACTION_CLICK) *has_click = true;
}

/* The arrows make the first action (by name) with dirs, and a key the first that lists it:
 * a second claim on them would never be made by a person (as a key of Space or Return is
 * refused beside a click action), so the last action read may not make one. */
static void check_claims(const spec *sp, const ruleset *r, int line)
{
    const action_def *d = &r->action[r->nactions - 1];
    for (int j = 0; j < r->nactions - 1; j++) {
        const action_def *o = &r->action[j];
        if (d->flags & o->flags & ACTION_DIRS) {
            int k = line_of_key(sp, line, "dirs");
            spec_error(sp, k ? k : line, "actions.%s.dirs: the arrow keys already make actions.%s (one action takes "
                       "the directions; give this one keys)", d->name, o->name);
        }
        for (int a = 0; a < d->nkeys; a++)
            for (int b = 0; b < o->nkeys; b++)
                if (!strcmp(d->keys[a], o->keys[b])) {
                    int k = line_of_key(sp, line, "keys");
                    spec_error(sp, k ? k : line, "actions.%s.keys: '%s' already makes actions.%s", d->name, d->keys[a],
                               o->name);
                }
    }
}

static void check_actions(const spec *sp, ruleset *r)
{
    lua_State *L = sp->L;
    int t = get_field(sp, "actions");
    int line = field_line(sp, "actions");
    if (t == LUA_TNIL) {
        if (r->kind == RULES_ACTIONS)
            spec_error(sp, 0, "rules = \"actions\" needs actions = { NAME = { click = true }, ... }");
        lua_pop(L, 1);
        return;
    }
    if (r->kind != RULES_ACTIONS)
        spec_error(sp, line, "field 'actions' is for games with their own actions (rules = \"actions\")");
    if (t != LUA_TTABLE) type_error(sp, "actions", "a table { NAME = { click = true }, ... }");
    const char *names[ACTIONS_MAX];
    int n = sorted_keys(sp, "actions", names, ACTIONS_MAX, "actions");
    if (n == 0) spec_error(sp, line, "field 'actions' declares no action");
    bool has_click = false;
    for (int i = 0; i < n; i++) {
        const char *name = names[i];
        int at = line_of_key(sp, line ? line : sp->line, name);
        bool ok = islower((unsigned char)name[0]) && strlen(name) < ACTION_NAME_MAX;
        for (const char *c = name; ok && *c; c++) ok = islower((unsigned char)*c) || isdigit((unsigned char)*c) || *c == '_';
        if (!ok)
            spec_error(sp, at ? at : line, "action name '%s': lower-case letters, digits and '_', starting with a letter "
                       "(at most %d)", name, ACTION_NAME_MAX - 1);
        action_def *d = &r->action[r->nactions++];
        memset(d, 0, sizeof *d);
        snprintf(d->name, sizeof d->name, "%s", name);
        lua_getfield(L, -1, name);
        read_action(sp, at ? at : line, name, d, &has_click);
        lua_pop(L, 1);
        check_claims(sp, r, at ? at : line);
    }
    /* With a click action, Space and Return press it at the keyboard cursor. */
    for (int i = 0; has_click && i < r->nactions; i++)
        for (int k = 0; k < r->action[i].nkeys; k++)
            if (!strcmp(r->action[i].keys[k], "space") || !strcmp(r->action[i].keys[k], "return"))
                spec_error(sp, line, "actions.%s.keys: '%s' does the click action at the cursor in this game",
                           r->action[i].name, r->action[i].keys[k]);
    lua_pop(L, 1);
}

static void check_vars(const spec *sp, ruleset *r)
{
    lua_State *L = sp->L;
    int t = get_field(sp, "vars");
    if (t == LUA_TNIL) {
        lua_pop(L, 1);
        return;
    }
    int line = field_line(sp, "vars");
    if (t != LUA_TTABLE) type_error(sp, "vars", "a table { name = starting value, ... }");
    const char *names[VARS_MAX];
    int n = sorted_keys(sp, "vars", names, VARS_MAX, "variables");
    for (int i = 0; i < n; i++) {
        const char *name = names[i];
        int at = line_of_key(sp, line ? line : sp->line, name);
        bool ok = (isalpha((unsigned char)name[0]) || name[0] == '_') && strlen(name) < VAR_NAME_MAX;
        for (const char *c = name; ok && *c; c++) ok = isalnum((unsigned char)*c) || *c == '_';
        if (!ok)
            spec_error(sp, at ? at : line, "variable name '%s': letters, digits and '_' (at most %d)", name,
                       VAR_NAME_MAX - 1);
        var_def *d = &r->vars[r->nvars++];
        memset(d, 0, sizeof *d);
        snprintf(d->name, sizeof d->name, "%s", name);
        lua_getfield(L, -1, name);
        size_t len;
        switch (lua_type(L, -1)) {
        case LUA_TBOOLEAN: var_value_bool(&d->init, lua_toboolean(L, -1)); break;
        case LUA_TNUMBER:
            if (lua_isinteger(L, -1)) var_value_int(&d->init, lua_tointeger(L, -1));
            else var_value_num(&d->init, lua_tonumber(L, -1));
            break;
        case LUA_TSTRING: {
            const char *text = lua_tolstring(L, -1, &len);
            if (var_value_text(&d->init, text, len) != 0)
                spec_error(sp, at ? at : line, "vars.%s: a string of at most %d bytes", name, VAR_TEXT_MAX - 1);
            break;
        }
        default:
            spec_error(sp, at ? at : line, "vars.%s must start as a boolean, a number or a string, got a %s", name,
                       luaL_typename(L, -1));
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

static void check_reacts_to(const spec *sp, ruleset *r)
{
    lua_State *L = sp->L;
    int t = get_field(sp, "reacts_to");
    if (t == LUA_TNIL) {
        lua_pop(L, 1);
        return;
    }
    int line = field_line(sp, "reacts_to");
    if (t != LUA_TTABLE) type_error(sp, "reacts_to", "a list of tile names");
    int n = (int)lua_rawlen(L, -1);
    for (int i = 1; i <= n; i++) {
        if (lua_rawgeti(L, -1, i) != LUA_TSTRING)
            spec_error(sp, line, "reacts_to[%d] must be a tile name, got a %s", i, luaL_typename(L, -1));
        const char *name = lua_tostring(L, -1);
        int id = rules_find_tile(r, name);
        if (id < 0)
            spec_error(sp, line, "reacts_to: unknown tile '%s' (%s%s%sdefine it in the tiles table)", name,
                       TILE_MEANT(r, name));
        r->react_tiles |= (uint64_t)1 << id;
        lua_pop(L, 1);
    }
    r->reacts = true;
    lua_pop(L, 1);
}

/* }==================================================================== */

int gamedef_create(lua_State *L)
{
    spec sp;
    memset(&sp, 0, sizeof sp);
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    sp.L = L;
    sp.table = 1;
    spec_locate(&sp);                                   /* 2: source text or nil */
    gamedef *gd = lua_newuserdatauv(L, sizeof *gd, 1); /* 3 */
    memset(gd, 0, sizeof *gd);
    lua_newtable(L);                                    /* 4: frozen fields */
    sp.frozen = 4;
    ruleset *r = &gd->rules;
    rules_init(r);

    check_field_names(&sp);
    size_t name_len = strlen(string_field(&sp, "name", true));
    if (name_len > SPEC_NAME_MAX)
        spec_error(&sp, field_line(&sp, "name"), "field 'name' is %d bytes long (at most %d)", (int)name_len, SPEC_NAME_MAX);
    const char *topo = string_field(&sp, "topology", false);
    if (topo && topology_from_name(topo, &r->topo) != 0)
        spec_error(&sp, field_line(&sp, "topology"), "unknown topology '%s' (square or hex)", topo);
    const char *rules = string_field(&sp, "rules", false);
    if (rules && strcmp(rules, "push") != 0 && strcmp(rules, "sliding") != 0 && strcmp(rules, "actions") != 0)
        spec_error(&sp, field_line(&sp, "rules"), "unknown rules '%s' (push, sliding or actions)", rules);
    r->kind = !rules || strcmp(rules, "push") == 0 ? RULES_PUSH : strcmp(rules, "sliding") == 0 ? RULES_SLIDING
                                                                                              : RULES_ACTIONS;
    r->max_chain = (int)integer_field(&sp, "chain", 1, 1, CHAIN_MAX);
    if (get_field(&sp, "pull") != LUA_TNIL && !lua_isboolean(L, -1)) type_error(&sp, "pull", "true or false");
    r->pull = lua_toboolean(L, -1);
    lua_pop(L, 1);
    check_tiles(&sp, r);
    check_numeric(&sp, r);
    check_size(&sp, gd);
    string_field(&sp, "levels", false);
    string_field(&sp, "image", false);
    string_field(&sp, "art", false);
    string_field(&sp, "author", false);
    string_field(&sp, "description", false);
    check_help(&sp);
    check_controls(&sp);
    check_solved(&sp, r);
    check_hooks(&sp, r->kind);
    check_actions(&sp, r);
    check_vars(&sp, r);
    check_reacts_to(&sp, r);

    lua_setiuservalue(L, 3, 1);                         /* the frozen fields */
    if (lua_getfield(L, LUA_REGISTRYINDEX, GAMEDEF_REGISTRY) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_createtable(L, 0, 1);
        lua_pushliteral(L, "k");
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, GAMEDEF_REGISTRY);
    }
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 3);
    lua_rawset(L, -3);                                  /* games[spec] = definition */
    lua_settop(L, 1);
    return 1;
}

const gamedef *gamedef_check(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    if (!lua_istable(L, idx)) return NULL;
    if (lua_getfield(L, LUA_REGISTRYINDEX, GAMEDEF_REGISTRY) != LUA_TTABLE) {
        lua_pop(L, 1);
        return NULL;
    }
    lua_pushvalue(L, idx);
    lua_rawget(L, -2);
    const gamedef *gd = lua_touserdata(L, -1);
    if (!gd) {
        lua_pop(L, 2);
        return NULL;
    }
    lua_getiuservalue(L, -1, 1);
    lua_replace(L, -3);
    lua_pop(L, 1);
    return gd;
}
