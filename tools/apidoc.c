/* apidoc.c: writes the Lua API reference (scripts/API.md) and the lua-language-server
 * annotations (scripts/types/tessera.lua) from the api_doc tables that sit beside each
 * binding in runtime/script (see api_doc.h), so the documentation cannot drift.
 *   apidoc ROOT           regenerate the two files under ROOT (the repository)
 *   apidoc --check ROOT   exit 1 when a binding is undocumented (or a line documents nothing),
 *                         when the committed files differ from what would be written, or when
 *                         the guide's game table (scripts/README.md) leaves a field out
 * `cmake --build build --target apidoc` runs the first form. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/sprite_names.h"
#include "script/api_doc.h"

typedef struct text {
    char *s;
    size_t len, cap;
} text;

static void put(text *t, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(t->s ? t->s + t->len : NULL, t->s ? t->cap - t->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) return;
        if (t->s && t->len + (size_t)n < t->cap) {
            t->len += (size_t)n;
            return;
        }
        size_t cap = (t->cap ? t->cap * 2 : 4096) + (size_t)n;
        char *bigger = realloc(t->s, cap);
        if (!bigger) {
            fprintf(stderr, "apidoc: out of memory\n");
            exit(2);
        }
        t->s = bigger;
        t->cap = cap;
    }
}

/* Splits list at top-level ", " (not inside parentheses or braces) into parts[] (copied). */
static int split(const char *list, char parts[][256], int max)
{
    int n = 0, depth = 0;
    size_t k = 0;
    if (!list || !*list) return 0;
    for (const char *p = list;; p++) {
        if (*p == '\0' || (depth == 0 && p[0] == ',' && p[1] == ' ')) {
            if (n < max) {
                parts[n][k < 255 ? k : 255] = '\0';
                n++;
            }
            k = 0;
            if (*p == '\0') break;
            p++;
            continue;
        }
        if (*p == '(' || *p == '{' || *p == '<') depth++;
        if (*p == ')' || *p == '}' || *p == '>') depth--;
        if (n < max && k < 255) parts[n][k++] = *p;
    }
    return n;
}

/* "file?: string" -> name "file?", type "string". */
static void param_parts(const char *param, char *name, char *type)
{
    const char *colon = strstr(param, ": ");
    if (!colon) {
        strcpy(name, param);
        strcpy(type, "any");
        return;
    }
    snprintf(name, 256, "%.*s", (int)(colon - param), param);
    snprintf(type, 256, "%s", colon + 2);
}

/* "tessera.level|nil level" -> type, name ("" if none). */
static void return_parts(const char *ret, char *type, char *name)
{
    const char *space = strrchr(ret, ' ');
    int depth = 0;
    for (const char *p = ret; p < (space ? space : ret); p++) depth += (*p == '(') - (*p == ')');
    if (!space || depth) {
        snprintf(type, 256, "%s", ret);
        name[0] = '\0';
        return;
    }
    snprintf(type, 256, "%.*s", (int)(space - ret), ret);
    snprintf(name, 256, "%s", space + 1);
}

/* "game, file?, n?" for the reference's headings. */
static void signature(text *t, const api_doc *d)
{
    char parts[16][256], name[256], type[256];
    int n = split(d->params, parts, 16);
    for (int i = 0; i < n; i++) {
        param_parts(parts[i], name, type);
        put(t, "%s%s", i ? ", " : "", name);
    }
}

/* {====== scripts/API.md */

static void md_functions(text *t, const char *prefix, const api_doc *const *lists)
{
    /* alphabetical over the lists together */
    const api_doc *all[128];
    int n = 0;
    for (int l = 0; lists[l]; l++)
        for (const api_doc *d = lists[l]; d->name && n < 128; d++) all[n++] = d;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && strcmp(all[j - 1]->name, all[j]->name) > 0; j--) {
            const api_doc *x = all[j];
            all[j] = all[j - 1];
            all[j - 1] = x;
        }
    for (int i = 0; i < n; i++) {
        const api_doc *d = all[i];
        if (!d->params) {
            put(t, "### `%s%s`\n\n`%s` - %s\n\n", prefix, d->name, d->returns, d->doc);
            continue;
        }
        put(t, "### `%s%s(", prefix, d->name);
        signature(t, d);
        put(t, ")`");
        if (d->returns && *d->returns) put(t, " -> `%s`", d->returns);
        put(t, "\n\n%s\n\n", d->doc);
        char parts[16][256], name[256], type[256];
        int np = split(d->params, parts, 16);
        for (int k = 0; k < np; k++) {
            param_parts(parts[k], name, type);
            put(t, "%s`%s`: `%s`%s", k ? ", " : "Parameters: ", name, type, k + 1 == np ? "\n\n" : "");
        }
    }
}

static void md_fields(text *t, const api_doc *list)
{
    put(t, "| field | type | meaning |\n|---|---|---|\n");
    for (const api_doc *d = list; d->name; d++) {
        put(t, "| `%s` | `", d->name);
        for (const char *p = d->returns; *p; p++) put(t, *p == '|' ? "\\|" : "%c", *p);
        put(t, "` | %s |\n", d->doc);
    }
    put(t, "\n");
}

static void write_markdown(text *t)
{
    const api_doc *tessera[] = { api_tessera, api_extend, NULL }, *sliding[] = { api_sliding, NULL };
    const api_doc *levels[] = { api_level, NULL }, *regions[] = { api_region, NULL };
    put(t, "# Lua API reference\n\n"
           "<!-- Generated by tools/apidoc.c from the api_doc tables beside each binding in runtime/script;\n"
           "     do not edit: change the table, then run `cmake --build build --target apidoc`. -->\n\n"
           "Every game script, hook and `tessera run` script sees the `tessera` table below. A guide with\n"
           "examples is [README.md](README.md); a tutorial is [TUTORIAL.md](TUTORIAL.md). Editors with\n"
           "lua-language-server complete this API from [types/tessera.lua](types/tessera.lua) (the\n"
           "repository's `.luarc.json` points at it).\n\n"
           "Types are written as lua-language-server writes them: `a|b` either, `x?` optional, `T[]` a list.\n\n");
    put(t, "## The game table\n\nWhat `tessera.game { ... }` accepts (any other field is an error):\n\n");
    md_fields(t, api_game_fields);
    put(t, "### Tile entries\n\n`tiles[glyph] = { \"name\", KEY = value, ... }`: one name with keys defines a tile; two names "
           "put an object on a floor (`[\"+\"] = { \"player\", \"goal\" }`: no keys; each name is defined by an entry of its own). "
           "An entry without a glyph, written as a list item (`{ \"toad\", object = true }`), defines a tile that no level "
           "writes alone: one used only under a two-name entry, or placed by the game's own code. The keys:\n\n");
    md_fields(t, api_tile_flags);
    put(t, "### The move passed to `on_move` and `can_move`\n\n");
    md_fields(t, api_move);
    put(t, "### Action declarations\n\nGames with `rules = \"actions\"` declare each action in `actions = { NAME = { ... } }` "
           "with the input that makes it:\n\n");
    md_fields(t, api_action_fields);
    put(t, "### The action passed to `act`\n\nAlso what `candidates` returns a list of, and what `level:act` takes. "
           "As text an action is `NAME(X,Y,DIR,N)` with only the parts it has: `press(3,2)`, `slide(2,5,r)`, "
           "`rotate()`.\n\n");
    md_fields(t, api_action);
    put(t, "## tessera\n\n");
    md_functions(t, "tessera.", tessera);
    put(t, "## tessera.sliding\n\n");
    md_functions(t, "tessera.sliding.", sliding);
    put(t, "## Levels (`tessera.level`)\n\nA level from `tessera.load`/`tessera.parse`, or the one a hook receives "
           "(valid only during the call). Cells are numbered from 1 in reading order.\n\n");
    md_functions(t, "level:", levels);
    put(t, "## Regions (`tessera.region`)\n\n");
    md_functions(t, "region:", regions);
    put(t, "## Sprites\n\nThe pictures of the bundled sheet (`assets/sprites.txt`), for a tile's `sprite = \"NAME\"` "
           "and for skins. A tile is drawn with the picture of its name unless it names another. Floors fill their "
           "cell (one with transparent parts is drawn over the plain floor); objects stand on a floor, transparent "
           "around them; marks are drawn by the host over cells. A name with `_on_goal`, `_up`/`_down`/`_left`/"
           "`_right` or a `hex_` prefix is a variant the host picks when it fits (see README, *Skins*).\n\n"
           "| sprite | kind | picture |\n|---|---|---|\n");
    for (const sprite_doc *d = sprite_catalogue; d->name; d++)
        put(t, "| `%s` | %s | %s |\n", d->name, sprite_kind_name(d->kind), d->doc);
    put(t, "\n");
}

/* }====== */

/* {====== scripts/types/tessera.lua */

static void lua_comment(text *t, const char *doc)
{
    put(t, "---%s\n", doc);
}

static void lua_function(text *t, const char *owner, const char *sep, const api_doc *d)
{
    char parts[16][256], rets[8][256], name[256], type[256];
    lua_comment(t, d->doc);
    int np = split(d->params, parts, 16);
    for (int k = 0; k < np; k++) {
        param_parts(parts[k], name, type);
        put(t, "---@param %s %s\n", name, type);
    }
    int nr = split(d->returns, rets, 8);
    for (int k = 0; k < nr; k++) {
        return_parts(rets[k], type, name);
        put(t, "---@return %s%s%s\n", type, name[0] ? " " : "", name);
    }
    put(t, "function %s%s%s(", owner, sep, d->name);
    for (int k = 0; k < np; k++) {
        param_parts(parts[k], name, type);
        size_t len = strlen(name);
        if (len && name[len - 1] == '?') name[len - 1] = '\0';
        put(t, "%s%s", k ? ", " : "", name);
    }
    put(t, ") end\n\n");
}

static void lua_class_fields(text *t, const char *cls, const api_doc *list)
{
    put(t, "---@class %s\n", cls);
    for (const api_doc *d = list; d->name; d++) {
        const char *type = d->returns;
        size_t len = strlen(type);
        int optional = len && type[len - 1] == '?';
        put(t, "---@field %s%s %.*s # %s\n", d->name, optional ? "?" : "", (int)(len - (size_t)optional), type,
            d->doc);
    }
    put(t, "\n");
}

static void write_annotations(text *t)
{
    put(t, "---@meta\n"
           "-- Generated by tools/apidoc.c from the api_doc tables in runtime/script; do not edit.\n"
           "-- lua-language-server reads this file (see .luarc.json) to complete and check the API.\n\n");
    lua_class_fields(t, "tessera.game", api_game_fields);
    lua_class_fields(t, "tessera.tile", api_tile_flags);
    lua_class_fields(t, "tessera.move", api_move);
    lua_class_fields(t, "tessera.actiondef", api_action_fields);
    lua_class_fields(t, "tessera.action", api_action);
    put(t, "---@class tessera.region\nlocal region = {}\n\n");
    for (const api_doc *d = api_region; d->name; d++) lua_function(t, "region", ":", d);
    put(t, "---@class tessera.level\nlocal level = {}\n\n");
    for (const api_doc *d = api_level; d->name; d++) lua_function(t, "level", ":", d);
    put(t, "---@class tessera.sliding\nlocal sliding = {}\n\n");
    for (const api_doc *d = api_sliding; d->name; d++) lua_function(t, "sliding", ".", d);
    put(t, "---@class tessera\n");
    const api_doc *const lists[] = { api_tessera, api_extend, NULL };
    for (int l = 0; lists[l]; l++)
        for (const api_doc *d = lists[l]; d->name; d++)
            if (!d->params) put(t, "---@field %s %s # %s\n", d->name, d->returns, d->doc);
    put(t, "tessera = {}\n\n");
    for (int l = 0; lists[l]; l++)
        for (const api_doc *d = lists[l]; d->name; d++)
            if (d->params) lua_function(t, "tessera", ".", d);
}

/* }====== */

static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    text t = { 0 };
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) put(&t, "%.*s", (int)n, buf);
    fclose(f);
    *len = t.len;
    return t.s ? t.s : calloc(1, 1);
}

/* Writes (or, checking, compares) one generated file; returns 0 when it is current. */
static int emit(const char *root, const char *rel, const text *t, int check)
{
    char path[2048];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    if (check) {
        size_t len = 0;
        char *old = read_all(path, &len);
        int same = old && len == t->len && memcmp(old, t->s, len) == 0;
        free(old);
        if (!same)
            fprintf(stderr, "%s is not what tools/apidoc.c generates: run `cmake --build build --target apidoc` "
                    "and commit it\n", rel);
        return same ? 0 : 1;
    }
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(t->s, 1, t->len, f) != t->len) {
        fprintf(stderr, "apidoc: cannot write %s\n", path);
        if (f) fclose(f);
        return 1;
    }
    fclose(f);
    printf("wrote %s\n", path);
    return 0;
}

/* The file rel under root, whole (NUL-terminated), or NULL with the reason on stderr. */
static char *read_root_file(const char *root, const char *rel)
{
    char path[2048];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    size_t len = 0;
    char *all = read_all(path, &len);
    if (!all) fprintf(stderr, "apidoc: cannot read %s\n", path);
    return all;
}

/* The catalogue names exactly the atlas's sprites (assets/sprites.txt), in its order. */
static int check_sprites(const char *root)
{
    char *atlas = read_root_file(root, "assets/sprites.txt");
    if (!atlas) return 1;
    int bad = 0;
    const sprite_doc *d = sprite_catalogue;
    for (char *line = atlas; line && *line;) {
        char *end = strchr(line, '\n');
        if (end) *end = '\0';
        char name[64];
        if (line[0] != '#' && sscanf(line, "%63s", name) == 1) {
            if (!d->name) {
                fprintf(stderr, "sprite '%s' of assets/sprites.txt is not in runtime/frontend/sprite_names.c\n", name);
                bad++;
            } else if (strcmp(d->name, name) != 0) {
                fprintf(stderr, "sprite_names.c says '%s' where assets/sprites.txt has '%s'\n", d->name, name);
                bad++;
                d++;
            } else {
                d++;
            }
        }
        line = end ? end + 1 : NULL;
    }
    for (; d->name; d++) {
        fprintf(stderr, "sprite '%s' of sprite_names.c is not in assets/sprites.txt\n", d->name);
        bad++;
    }
    free(atlas);
    return bad;
}

/* The guide's table of the game's fields (scripts/README.md, "## The game table", which says
 * any other field is an error) names every field the checker takes: `name` or `name(...)`. */
static int check_guide_fields(const char *root)
{
    char *guide = read_root_file(root, "scripts/README.md");
    if (!guide) return 1;
    char *table = strstr(guide, "\n## The game table\n");
    char *end = table ? strstr(table + 1, "\n## ") : NULL;
    if (end) *end = '\0';
    int bad = 0;
    for (const api_doc *d = api_game_fields; table && d->name; d++) {
        char plain[80], call[80];
        snprintf(plain, sizeof plain, "`%s`", d->name);
        snprintf(call, sizeof call, "`%s(", d->name);
        if (!strstr(table, plain) && !strstr(table, call)) {
            fprintf(stderr, "scripts/README.md's game table does not name the field '%s'\n", d->name);
            bad++;
        }
    }
    if (!table) {
        fprintf(stderr, "scripts/README.md has no section '## The game table'\n");
        bad++;
    }
    free(guide);
    return bad;
}

int main(int argc, char **argv)
{
    int check = argc == 3 && strcmp(argv[1], "--check") == 0;
    if (argc != 2 + check) {
        fprintf(stderr, "usage: apidoc [--check] ROOT\n");
        return 2;
    }
    const char *root = argv[1 + check];
    char problems[8192];
    int bad = api_doc_check(problems, sizeof problems);
    if (bad) fprintf(stderr, "%s%d binding%s and documentation disagree (see runtime/script/api_doc.h)\n", problems,
                     bad, bad == 1 ? "" : "s");
    int sprites_bad = check_sprites(root) + check_guide_fields(root);
    text md = { 0 }, types = { 0 };
    write_markdown(&md);
    write_annotations(&types);
    int stale = emit(root, "scripts/API.md", &md, check) + emit(root, "scripts/types/tessera.lua", &types, check);
    free(md.s);
    free(types.s);
    return bad || stale || sprites_bad ? 1 : 0;
}
