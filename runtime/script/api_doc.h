/* api_doc.h: the Lua API's documentation, kept in the code beside each binding's luaL_Reg
 * (one line per binding), so the reference cannot drift: tools/apidoc.c turns these tables
 * into scripts/API.md and the lua-language-server annotations scripts/types/tessera.lua, and
 * a test fails when a registered binding has no line here, when a line names nothing that is
 * registered, or when the committed files differ from what the generator writes.
 *
 * Adding a binding: add its luaL_Reg line, then one api_doc line next to it, then run
 * `cmake --build build --target apidoc` and commit the regenerated files. */
#ifndef TESSERA_SCRIPT_API_DOC_H
#define TESSERA_SCRIPT_API_DOC_H

#include <stddef.h>

/* One function, method or field. params and returns use lua-language-server's type syntax:
 * params "game: string, file?: string" (a '?' marks an optional one), returns one entry per
 * result separated by ", ", each "TYPE [name]" ("tessera.level|nil level, integer|string count").
 * For a table field or a game-table field, params is NULL and returns holds its type. */
typedef struct api_doc {
    const char *name;
    const char *params;
    const char *returns;
    const char *doc;
} api_doc;

/* Each list ends with a { NULL } entry. */
extern const api_doc api_tessera[];      /* ltessera.c: tessera.* */
extern const api_doc api_extend[];       /* lextend.c: tessera.extend, tessera.import */
extern const api_doc api_sliding[];      /* ltessera.c: tessera.sliding.* */
extern const api_doc api_level[];        /* lstate.c: level methods (level:NAME) */
extern const api_doc api_region[];       /* lregion.c: region methods */
extern const api_doc api_game_fields[];  /* gamedef.c: the game table (the checker's own list) */
extern const api_doc api_tile_flags[];   /* gamedef.c: tile entry keys (the checker's own list) */
extern const api_doc api_move[];         /* game.c: the move table on_move and can_move receive */
extern const api_doc api_action[];       /* game.c: the action table act receives */
extern const api_doc api_action_fields[]; /* gamedef.c: the keys of an action declaration */

/* Opens a fresh sandbox and compares what it registers (tessera.*, tessera.sliding.*, level
 * and region methods) with the lists above. Returns the number of problems, described one
 * per line in buf. */
int api_doc_check(char *buf, size_t size);

#endif
