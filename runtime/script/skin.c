/* skin.c: skin.lua in the sandbox: skin{}, tile() and rect() collect the description. */
#include "script/skin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "core/confine.h"
#include "core/textfile.h"
#include "script/bindings.h"
#include "script/host.h"

enum { SKIN_MAX_SIDE = 4096, SKIN_MEMORY = 4 << 20, SKIN_INSTRUCTIONS = 20000000 };

typedef struct reader {
    skin_desc *d;
    const char *dir;            /* the skin's folder */
    int have_skin;
} reader;

static reader *reader_of(lua_State *L)
{
    return lua_touserdata(L, lua_upvalueindex(1));
}

static int current_line(lua_State *L)
{
    lua_Debug ar;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "l", &ar)) return ar.currentline;
    return 0;
}

/* skin { name = ..., image = ..., tile_size = ... } */
static int l_skin(lua_State *L)
{
    reader *r = reader_of(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    if (r->have_skin) return luaL_error(L, "skin{} is given twice");
    lua_getfield(L, 1, "name");
    const char *name = luaL_optstring(L, -1, "");
    snprintf(r->d->name, sizeof r->d->name, "%s", name);
    lua_getfield(L, 1, "image");
    if (!lua_isstring(L, -1)) return luaL_error(L, "skin{} needs image = \"FILE.png\" (the sheet, beside skin.lua)");
    const char *image = lua_tostring(L, -1);
    if (strstr(image, "..") || image[0] == '/')
        return luaL_error(L, "image '%s' must lie in the skin's folder", image);
    snprintf(r->d->image, sizeof r->d->image, "%s/%s", r->dir, image);
    lua_getfield(L, 1, "tile_size");
    lua_Integer size = lua_isnil(L, -1) ? 0 : (lua_isinteger(L, -1) ? lua_tointeger(L, -1) : -1);
    if (size < 0 || size > SKIN_MAX_SIDE)
        return luaL_error(L, "tile_size must be a whole number of pixels (1..%d)", SKIN_MAX_SIDE);
    r->d->tile_size = (int)size;
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        lua_pop(L, 1);
        const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "?";
        if (strcmp(k, "name") && strcmp(k, "image") && strcmp(k, "tile_size"))
            return luaL_error(L, "skin{} has no field '%s' (name, image, tile_size)", k);
    }
    r->have_skin = 1;
    return 0;
}

static int add_tile(lua_State *L, reader *r, const char *name, lua_Integer x, lua_Integer y,
                    lua_Integer w, lua_Integer h)
{
    skin_desc *d = r->d;
    if (!r->have_skin) return luaL_error(L, "skin{ image = ... } must come before the tiles");
    size_t len = strlen(name);
    if (len == 0 || len >= SKIN_NAME_MAX) return luaL_error(L, "tile name '%s' must be 1..%d characters", name, SKIN_NAME_MAX - 1);
    for (size_t i = 0; i < len; i++)
        if (!((name[i] >= 'a' && name[i] <= 'z') || (name[i] >= '0' && name[i] <= '9') || name[i] == '_'))
            return luaL_error(L, "tile name '%s' may hold only a-z, 0-9 and _", name);
    for (int i = 0; i < d->count; i++)
        if (!strcmp(d->tiles[i].name, name))
            return luaL_error(L, "tile '%s' is given twice (first at line %d)", name, d->tiles[i].line);
    if (d->count >= SKIN_MAX_TILES) return luaL_error(L, "more than %d tiles", SKIN_MAX_TILES);
    if (x < 0 || y < 0 || w < 1 || h < 1 || x > SKIN_MAX_SIDE || y > SKIN_MAX_SIDE || w > SKIN_MAX_SIDE || h > SKIN_MAX_SIDE)
        return luaL_error(L, "tile '%s': rectangle %d,%d %dx%d is not a rectangle of the sheet", name,
                          (int)x, (int)y, (int)w, (int)h);
    skin_tile *t = &d->tiles[d->count++];
    snprintf(t->name, sizeof t->name, "%s", name);
    t->x = (int)x;
    t->y = (int)y;
    t->w = (int)w;
    t->h = (int)h;
    t->line = current_line(L);
    return 0;
}

/* tile(name, column, row) */
static int l_tile(lua_State *L)
{
    reader *r = reader_of(L);
    const char *name = luaL_checkstring(L, 1);
    lua_Integer col = luaL_checkinteger(L, 2), row = luaL_checkinteger(L, 3);
    int s = r->d->tile_size;
    if (r->have_skin && s <= 0) return luaL_error(L, "tile() needs tile_size in skin{} (or use rect)");
    /* Checked before the product, which a column of 2^59 made overflow (to 0: a rectangle
     * that passed for the sheet's first; under the sanitizers, a crash). */
    if (col < 0 || row < 0 || col > SKIN_MAX_SIDE || row > SKIN_MAX_SIDE)
        return luaL_error(L, "tile '%s': column %I, row %I is not a tile of the sheet", name, col, row);
    return add_tile(L, r, name, col * s, row * s, s, s);
}

/* rect(name, x, y, w, h) */
static int l_rect(lua_State *L)
{
    reader *r = reader_of(L);
    const char *name = luaL_checkstring(L, 1);
    return add_tile(L, r, name, luaL_checkinteger(L, 2), luaL_checkinteger(L, 3),
                    luaL_checkinteger(L, 4), luaL_checkinteger(L, 5));
}

/* The sheet's bytes, read beneath the skin host's roots. */
static int read_picture(host *h, skin_desc *d, error *err)
{
    size_t len;
    char *bytes = confine_read(host_roots(h), NULL, d->image, TEXTFILE_MAX, &len, NULL, 0, err);
    if (!bytes) {
        char why[ERROR_TEXT_MAX];
        snprintf(why, sizeof why, "%s", err->msg);
        return error_set(err, d->image, 0, 0, "cannot read the skin's picture: %s", why);
    }
    d->picture = (unsigned char *)bytes;
    d->picture_size = len;
    return 0;
}

void skin_desc_free(skin_desc *d)
{
    free(d->picture);
    d->picture = NULL;
    d->picture_size = 0;
}

int skin_read(const char *path, const game *owner, skin_desc *d, error *err)
{
    memset(d, 0, sizeof *d);
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash) *slash = '\0';
    else snprintf(dir, sizeof dir, ".");
    reader r = { d, dir, 0 };
    host_config cfg = { .name = "skin", .own_dir = dir, .memory_limit = SKIN_MEMORY,
                        .instruction_limit = SKIN_INSTRUCTIONS, .parent = owner ? game_host(owner) : NULL };
    host *h = host_new(&cfg, err);
    if (!h) return -1;
    lua_State *L = host_lua(h);
    static const luaL_Reg fns[] = { { "rect", l_rect }, { "skin", l_skin }, { "tile", l_tile }, { NULL, NULL } };
    for (const luaL_Reg *f = fns; f->name; f++) {
        lua_pushlightuserdata(L, &r);
        lua_pushcclosure(L, f->func, 1);
        lua_setglobal(L, f->name);
    }
    int rc = host_loadfile(h, path, err);
    if (rc == 0) rc = host_pcall(h, 0, 0, err);
    if (rc == 0 && !r.have_skin) rc = error_set(err, path, 1, 1, "a skin starts with skin { image = \"FILE.png\", tile_size = N }");
    if (rc == 0 && d->count == 0) rc = error_set(err, path, 1, 1, "the skin names no tiles (tile(name, col, row) or rect(name, x, y, w, h))");
    if (rc == 0) rc = read_picture(h, d, err);
    host_free(h);
    return rc;
}
