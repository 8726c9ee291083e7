/* api_doc.c: checks the Lua API's documentation tables (api_doc.h) against what a fresh
 * sandbox actually registers, both ways: every binding documented, every line a binding. */
#include "script/api_doc.h"

#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "script/bindings.h"
#include "script/host.h"

typedef struct report {
    char *buf;
    size_t size, used;
    int problems;
} report;

static void note(report *r, const char *fmt, const char *a, const char *b)
{
    r->problems++;
    if (r->used + 1 >= r->size) return;
    int n = snprintf(r->buf + r->used, r->size - r->used, fmt, a, b);
    if (n > 0) r->used += (size_t)n < r->size - r->used ? (size_t)n : r->size - r->used - 1;
}

static int documented(const api_doc *const *lists, const char *name)
{
    for (int l = 0; lists[l]; l++)
        for (const api_doc *d = lists[l]; d->name; d++)
            if (strcmp(d->name, name) == 0) return 1;
    return 0;
}

/* Compares the string keys of the table on top of the stack with the lists; pops it. */
static void compare(lua_State *L, report *r, const char *where, const api_doc *const *lists)
{
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING) continue;
        const char *key = lua_tostring(L, -1);
        if (!documented(lists, key)) note(r, "%s%s is registered but has no api_doc line\n", where, key);
    }
    for (int l = 0; lists[l]; l++)
        for (const api_doc *d = lists[l]; d->name; d++) {
            lua_getfield(L, -1, d->name);
            if (lua_isnil(L, -1)) note(r, "%s%s is documented but not registered\n", where, d->name);
            lua_pop(L, 1);
        }
    lua_pop(L, 1);
}

int api_doc_check(char *buf, size_t size)
{
    report r = { buf, size, 0, 0 };
    if (size) buf[0] = '\0';
    error err;
    host_config cfg = { .name = "apidoc" };
    host *h = host_new(&cfg, &err);
    if (!h) {
        note(&r, "%s%s\n", "cannot open a Lua state: ", err.msg);
        return r.problems;
    }
    lua_State *L = host_lua(h);
    const api_doc *tessera[] = { api_tessera, api_extend, NULL }, *sliding[] = { api_sliding, NULL };
    const api_doc *levels[] = { api_level, NULL }, *regions[] = { api_region, NULL };
    lua_getglobal(L, "tessera");
    lua_getfield(L, -1, "sliding");
    compare(L, &r, "tessera.sliding.", sliding);
    compare(L, &r, "tessera.", tessera);
    luaL_getmetatable(L, TESSERA_LEVEL);
    lua_getfield(L, -1, "__index");
    compare(L, &r, "level:", levels);
    lua_pop(L, 1);
    luaL_getmetatable(L, TESSERA_REGION);
    lua_getfield(L, -1, "__index");                 /* a closure over the methods table */
    if (lua_getupvalue(L, -1, 1)) compare(L, &r, "region:", regions);
    lua_pop(L, 2);
    host_free(h);
    return r.problems;
}
