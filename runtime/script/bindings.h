/* bindings.h: what the Lua bindings of runtime/script share among themselves (internal: the
 * app uses game.h and run.h). One file per library: ltessera.c (the `tessera` module),
 * lstate.c (the `tessera.level` userdata), gamedef.c (the tessera.game { ... } checker). */
#ifndef TESSERA_SCRIPT_BINDINGS_H
#define TESSERA_SCRIPT_BINDINGS_H

#include <stdbool.h>

#include <lua.h>

#include "core/level.h"
#include "core/rules.h"
#include "core/state.h"
#include "script/game.h"
#include "script/host.h"

#define TESSERA_LEVEL "tessera.level"
#define TESSERA_REGION "tessera.region"

/* ltessera.c */
int luaopen_tessera(lua_State *L);

/* {====== game.c: games a script names */

/* The script of game name_or_path as a script may name it (tessera.load, tessera.import):
 * like game_find_script along h's search path, but only files beneath h's roots count, and a
 * path that leads elsewhere is refused with the same words whether or not it exists. */
char *game_find_confined(const host *h, const char *from_dir, const char *name, const char *skip, error *err);
/* A game a script starts: found as above, run in a state drawing on parent's budget and
 * reading only what parent may. */
game *game_load_child(const host *parent, const char *name_or_path, error *err);
/* The sandbox a game runs in (skins drawn for a game run beside it). */
const host *game_host(const game *g);

/* }====== */

/* {====== lstate.c: the level userdata ====== */

/* A level is either borrowed (a hook's view of the app's state: s is cleared when the hook
 * returns) or owned (made by tessera.load: it owns its game, its level collection and the
 * state, and runs the game's hooks on its own moves). */
typedef struct tlevel {
    state *s;                   /* NULL once invalid (borrowed after the call, or closed) */
    bool owned;
    game *g;                    /* owned: the game (hooks, full solved rule) */
    levelset *set;              /* owned: the collection the level comes from */
    int index;                  /* owned: 0-based level in set */
    /* C memory held for the script, counted by the host whose script made the level (host.h):
     * the level set and state of an owned level, and the growth of the undo history the
     * script made. */
    host *owner;
    size_t charged;
    size_t history_seen;        /* the history's size when last counted */
    state own;                  /* owned: the state s points to. Last: a borrowed level is
                                   allocated only up to here (offsetof(tlevel, own)) */
} tlevel;

void tlevel_open(lua_State *L);                  /* creates the metatable */
tlevel *tlevel_push_borrowed(lua_State *L, state *s);
void tlevel_invalidate(tlevel *lv);
/* Names lv (borrowed, anchored for the call) as the level of the hook call under way on this
 * thread, or NULL after it; returns the one named before (restore it when the call ends,
 * however it ends). */
tlevel *tlevel_set_current(tlevel *lv);
/* Pushes an owned level with nothing in it yet: fill g, set, index, then call tlevel_start. */
tlevel *tlevel_push_owned(lua_State *L);
int tlevel_start(tlevel *lv, error *err);        /* state_init on set->levels[index] */
/* Counts bytes more in the level's charge (0), or -1 when the pool cannot hold them. */
int tlevel_charge(tlevel *lv, size_t bytes);
/* The bytes a level set and a state of one of its levels take (for tlevel_charge). */
size_t tlevel_set_bytes(const levelset *set, const ruleset *r);
size_t tlevel_state_bytes(const level *lv, const ruleset *r);
/* Frees what the level owns and makes it invalid (__gc and __close do this). */
void tlevel_release(tlevel *lv);

/* }====== */

/* {====== lregion.c: a set of cells ====== */

void tregion_open(lua_State *L);                 /* creates the metatable */
/* Pushes a region of ncells cells, all out; returns its bytes to fill (1 = in). */
uint8_t *tregion_push(lua_State *L, int ncells);
void tregion_set_count(lua_State *L, int idx, int count);

/* }====== */

/* {====== lextend.c: tessera.extend and tessera.import ====== */

/* Adds extend and import to the tessera table on top of the stack. */
void textend_open(lua_State *L);

/* }====== */

/* {====== lstrict.c: strict globals (game scripts) ====== */

/* From now on, reading an undeclared global or assigning one outside a main chunk raises. */
void tstrict_open(lua_State *L);

/* }====== */

/* {====== gamedef.c: tessera.game { ... } ====== */

typedef struct gamedef {
    ruleset rules;
    int size_w, size_h;         /* 0 when not given */
} gamedef;

/* tessera.game(spec): checks spec, raising "file:line: message" on the first mistake, and
 * returns spec registered as a game. */
int gamedef_create(lua_State *L);
/* If the value at idx is a table returned by tessera.game, pushes its frozen fields (a table:
 * name, levels, help, author, description and the hook functions, as they were when checked)
 * and returns its definition; else pushes nothing and returns NULL. */
const gamedef *gamedef_check(lua_State *L, int idx);

/* }====== */

#endif
