/* lextend.c: games built on other games.
 *   tessera.import(game)             -> the game table a script returns (loaded once per state)
 *   tessera.extend(base, overrides)  -> a new game: base's table with overrides merged in,
 *                                       checked like tessera.game
 * base is a bundled name ("sokoban", looked up along the search path: mods first, then the
 * bundled scripts, skipping the calling script itself so a mod may override the game it
 * extends), a path relative to the calling script, or a game table.
 *
 * The merge, field by field (documented for authors in scripts/README.md):
 *   - any field set to false is removed (pull = false, on_move = false, numeric = false);
 *   - tiles merge entry by entry: a glyph key replaces the base's entry when the new entry
 *     names tiles ({ "ice", slippery = true }), or patches it when it has only flags
 *     ({ sprite = "crate" }: flags set, flag = false clears); ["x"] = false removes a glyph;
 *     a tile name as key (box = { colour = "red" }) patches every entry that defines that
 *     tile, box = false removes every entry that names it; entries without a glyph replace
 *     the base's entry of the same tile name, or are added;
 *   - numeric merges by number (false removes one);
 *   - everything else (name, rules, chain, help, hooks, ...) replaces the base's value. Hooks
 *     do not chain by themselves: call the base's hook from yours (tessera.import gives it).
 * Mistakes are reported at the line of the calling script. */
#define _DEFAULT_SOURCE             /* realpath */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "script/api_doc.h"
#include "script/bindings.h"
#include "script/host.h"

/* Registry: path -> game table, or the loading sentinel while that script runs. */
#define IMPORTS_REGISTRY "tessera.imports"
/* Registry: the compiled merge function. */
#define MERGE_REGISTRY "tessera.merge"

static int loading_sentinel;

/* The merge, in Lua: it only moves table entries around, and gamedef.c checks the result. */
static const char merge_source[] =
    "local where, base, over = ...\n"
    "local function fail(msg) error(where .. ': ' .. msg, 0) end\n"
    "local function copy(t) local c = {} for k, v in next, t do c[k] = v end return c end\n"
    "local function names_tiles(e) return type(e) == 'table' and e[1] ~= nil end\n"
    "local function patch(entry, p)\n"
    "  local e = copy(entry)\n"
    "  for k, v in next, p do if v == false then e[k] = nil else e[k] = v end end\n"
    "  return e\n"
    "end\n"
    "local function defines(e, name) return type(e) == 'table' and e[1] == name and e[2] == nil end\n"
    "local function mentions(e, name) return type(e) == 'table' and (e[1] == name or e[2] == name) end\n"
    "local function merge_tiles(b, o)\n"
    "  if type(o) ~= 'table' then fail(\"field 'tiles' must be a table, got a \" .. type(o)) end\n"
    "  local glyphs, list = {}, {}\n"
    "  if type(b) == 'table' then\n"
    "    for k, v in next, b do if type(k) == 'string' then glyphs[k] = v end end\n"
    "    for i, v in ipairs(b) do list[i] = v end\n"
    "  end\n"
    "  for i, v in ipairs(o) do\n"
    "    if not names_tiles(v) then fail(('tiles[%d] must be a table like { \"name\", flags... }'):format(i)) end\n"
    "    local found = false\n"
    "    for j, e in ipairs(list) do\n"
    "      if type(e) == 'table' and e[1] == v[1] then list[j], found = v, true break end\n"
    "    end\n"
    "    if not found then list[#list + 1] = v end\n"
    "  end\n"
    "  local named = {}\n"
    "  for k, v in next, o do\n"
    "    if type(k) == 'string' and #k == 1 then\n"
    "      if v == false then glyphs[k] = nil\n"
    "      elseif type(v) == 'table' and v[1] == nil and type(glyphs[k]) == 'table' then glyphs[k] = patch(glyphs[k], v)\n"
    "      else glyphs[k] = v end\n"
    "    elseif type(k) == 'string' then named[#named + 1] = k\n"
    "    elseif math.type(k) ~= 'integer' or k < 1 or k > #o then\n"
    "      fail('tiles are keyed by one-character glyphs or tile names, found ' .. tostring(k))\n"
    "    end\n"
    "  end\n"
    "  table.sort(named)\n"
    "  for _, name in ipairs(named) do\n"
    "    local v = o[name]\n"
    "    if v == false then\n"
    "      for g, e in next, glyphs do if mentions(e, name) then glyphs[g] = nil end end\n"
    "      for j = #list, 1, -1 do if mentions(list[j], name) then table.remove(list, j) end end\n"
    "    elseif type(v) == 'table' and v[1] == nil then\n"
    "      local found = false\n"
    "      for g, e in next, glyphs do if defines(e, name) then glyphs[g], found = patch(e, v), true end end\n"
    "      for j, e in ipairs(list) do if defines(e, name) then list[j], found = patch(e, v), true end end\n"
    "      if not found then fail(\"tiles.\" .. name .. \": the base game has no tile '\" .. name .. \"' to change\") end\n"
    "    else\n"
    "      fail(\"tiles.\" .. name .. \": a tile name takes a table of flags (or false to remove the tile)\")\n"
    "    end\n"
    "  end\n"
    "  for i, e in ipairs(list) do glyphs[i] = e end\n"
    "  return glyphs\n"
    "end\n"
    "local function merge_keyed(b, o, field)\n"
    "  if type(o) ~= 'table' then fail(\"field '\" .. field .. \"' must be a table, got a \" .. type(o)) end\n"
    "  local r = type(b) == 'table' and copy(b) or {}\n"
    "  for k, v in next, o do if v == false then r[k] = nil else r[k] = v end end\n"
    "  return r\n"
    "end\n"
    "if type(over) ~= 'table' then fail('tessera.extend: overrides must be a table, got a ' .. type(over)) end\n"
    "local merged = copy(base)\n"
    "for k, v in next, over do\n"
    "  if type(k) ~= 'string' then fail('game fields are named by strings, found a ' .. type(k) .. ' key') end\n"
    "  if v == false then merged[k] = nil\n"
    "  elseif k == 'tiles' then merged.tiles = merge_tiles(base.tiles, v)\n"
    "  elseif k == 'numeric' then merged.numeric = merge_keyed(base.numeric, v, k)\n"
    "  else merged[k] = v end\n"
    "end\n"
    "return merged\n";

/* "file:line" of the Lua code that called the running C function (level 1), into buf; the
 * caller's script path (or NULL) into *path when path is given. */
static const char *caller_where(lua_State *L, char *buf, size_t size, char *path, size_t psize)
{
    lua_Debug ar;
    snprintf(buf, size, "?");
    if (path) path[0] = '\0';
    for (int depth = 1; lua_getstack(L, depth, &ar); depth++) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) continue;
        const char *file = ar.source[0] == '@' ? ar.source + 1 : ar.short_src;
        snprintf(buf, size, "%s:%d", file, ar.currentline);
        if (path && ar.source[0] == '@') snprintf(path, psize, "%s", ar.source + 1);
        break;
    }
    return buf;
}

/* Folder part of path into out ("" when it has none). */
static void folder_of(const char *path, char *out, size_t size)
{
    const char *slash = strrchr(path, '/');
    if (!slash) snprintf(out, size, ".");
    else snprintf(out, size, "%.*s", (int)(slash == path ? 1 : slash - path), path);
}

/* "dir/pairs.lua" -> "pairs" (the name a game script's chunk receives as its first argument). */
static void stem_of(const char *path, char *out, size_t size)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    size_t n = strlen(base);
    if (n > 4 && strcmp(base + n - 4, ".lua") == 0) n -= 4;
    snprintf(out, size, "%.*s", (int)n, base);
}

/* Pushes the game table of base (the value at idx: a name, a path, or a game table). */
static void push_base(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    if (lua_istable(L, idx)) {
        if (!gamedef_check(L, idx)) luaL_argerror(L, idx, "not a game (a table made by tessera.game or tessera.extend)");
        lua_pop(L, 1);                                      /* the frozen fields */
        lua_pushvalue(L, idx);
        return;
    }
    const char *name = luaL_checkstring(L, idx);
    char where[PATH_MAX + 32], caller[PATH_MAX] = "", dir[PATH_MAX];
    caller_where(L, where, sizeof where, caller, sizeof caller);
    if (caller[0]) folder_of(caller, dir, sizeof dir);
    error err;
    char *found = game_find_confined(host_of(L), caller[0] ? dir : NULL, name, caller[0] ? caller : NULL, &err);
    if (!found) {
        luaL_error(L, "%s: %s", where, err.msg);
        return;
    }
    /* The registry key: the file itself, whatever name leads to it (only a name: the file is
     * read beneath the roots below). */
    char real[PATH_MAX], named[PATH_MAX + 64];
    if (!realpath(found, real)) snprintf(real, sizeof real, "%s", found);
    snprintf(named, sizeof named, "%s", found);
    free(found);                                            /* before anything can raise */
    lua_getfield(L, LUA_REGISTRYINDEX, IMPORTS_REGISTRY);  /* t: path -> game */
    int imports = lua_gettop(L);
    if (lua_getfield(L, imports, real) != LUA_TNIL) {
        if (lua_touserdata(L, -1) == &loading_sentinel)
            luaL_error(L, "%s: games extend each other in a loop (%s is still loading)", where, named);
        lua_remove(L, imports);
        return;
    }
    lua_pop(L, 1);
    lua_pushlightuserdata(L, &loading_sentinel);
    lua_setfield(L, imports, real);
    char path[PATH_MAX + 64];
    int status = host_load_confined(L, NULL, named, path, sizeof path, &err);
    if (status != 0) {
        /* A syntax error names the base's own file and line; say who asked for it. */
        lua_pushnil(L);
        lua_setfield(L, imports, real);
        if (status < 0) luaL_error(L, "%s: cannot read game '%s': %s", where, name, err.msg);
        luaL_error(L, "%s (loading the base game of %s)", lua_tostring(L, -1), where);
    }
    char stem[128];
    stem_of(path, stem, sizeof stem);
    lua_pushstring(L, stem);
    lua_pushstring(L, path);
    if (lua_pcall(L, 2, 1, 0) != LUA_OK) {
        lua_pushnil(L);
        lua_setfield(L, imports, real);
        lua_error(L);                                       /* the base's own file:line message */
    }
    if (!gamedef_check(L, -1)) {
        lua_pushnil(L);
        lua_setfield(L, imports, real);
        luaL_error(L, "%s: %s must return tessera.game { ... } (it returned a %s)", where, path,
                   luaL_typename(L, -1));
    }
    lua_pop(L, 1);                                          /* the frozen fields */
    lua_pushvalue(L, -1);
    lua_setfield(L, imports, real);
    lua_remove(L, imports);
}

static int tessera_import(lua_State *L)
{
    luaL_checkany(L, 1);
    push_base(L, 1);
    return 1;
}

static int tessera_extend(lua_State *L)
{
    luaL_checkany(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_settop(L, 2);
    push_base(L, 1);                                        /* 3: the base game table */
    char where[PATH_MAX + 32];
    caller_where(L, where, sizeof where, NULL, 0);
    lua_getfield(L, LUA_REGISTRYINDEX, MERGE_REGISTRY);
    lua_pushstring(L, where);
    lua_pushvalue(L, 3);
    lua_pushvalue(L, 2);
    lua_call(L, 3, 1);                                      /* 4: the merged table */
    lua_replace(L, 1);
    lua_settop(L, 1);
    /* Checked as if the calling script had written the merged table itself: gamedef looks
     * one level up the stack, which from here is the caller. */
    return gamedef_create(L);
}

static const luaL_Reg extend_lib[] = {
    { "extend", tessera_extend },
    { "import", tessera_import },
    { NULL, NULL }
};

const api_doc api_extend[] = {
    { "extend", "base: string|tessera.game, overrides: table", "tessera.game game",
      "A new game: base (a bundled name, a path relative to the calling script, or a game table) with overrides "
      "merged in (see \"Building on another game\"), checked like tessera.game." },
    { "import", "base: string|tessera.game", "tessera.game game",
      "The game table a script returns, run once per game state: to read a base's fields or call its hooks." },
    { NULL, NULL, NULL, NULL }
};

void textend_open(lua_State *L)
{
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, IMPORTS_REGISTRY);
    if (luaL_loadbufferx(L, merge_source, sizeof merge_source - 1, "=tessera.extend", "t") != LUA_OK)
        lua_error(L);                                       /* cannot happen: the source is fixed */
    lua_setfield(L, LUA_REGISTRYINDEX, MERGE_REGISTRY);
    luaL_setfuncs(L, extend_lib, 0);
}
