/* state.h: a level being played. Every change goes through the state_set_* primitives, which
 * keep the Zobrist hash, the player table and the solved counter up to date and log the change
 * into the history, so undo, redo and restart work for every rule, including Lua hooks. */
#ifndef TESSERA_CORE_STATE_H
#define TESSERA_CORE_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "core/level.h"
#include "core/rules.h"

/* A push solution names the player who moves with one digit, 1-9, so a push level holds at
 * most nine (level_validate refuses more, naming the tenth); games with their own actions
 * name a piece by its cell, and may have up to STATE_MAX_PLAYERS selectable pieces. */
enum { STATE_MAX_PLAYERS = 64, LURD_MAX_PLAYERS = 9 };

/* The most players a level of rules r may hold. */
static inline int state_player_limit(const ruleset *r)
{
    return r->kind == RULES_ACTIONS ? STATE_MAX_PLAYERS : LURD_MAX_PLAYERS;
}

/* CHANGE_VAR: cell is the variable's slot, before/after value ids of the state's pool. */
typedef enum change_kind { CHANGE_FLOOR, CHANGE_OBJ, CHANGE_NUM, CHANGE_VAR } change_kind;

typedef struct change {
    int32_t cell;
    uint16_t before, after;
    uint8_t kind;               /* change_kind */
} change;

/* RECORD_ACTION: a game's own action; RECORD_ASSISTED: played by a helper (the solver's moves),
 * not the player. */
enum record_flag { RECORD_PUSH = 1, RECORD_RESTART = 2, RECORD_SCRIPT = 4, RECORD_ACTION = 8, RECORD_ASSISTED = 16 };

/* One undoable step: a run of changes plus the counters it moved. */
typedef struct record {
    int32_t first, count;       /* changes[first .. first+count) */
    int8_t dir;                 /* direction of the move, -1 if none */
    uint8_t flags;
    int8_t active_before, active_after;
    int32_t moves, pushes;      /* what this record added to the counters */
} record;

typedef struct history {
    record *rec;
    int32_t nrec, cap_rec, pos; /* rec[0..pos) are done, rec[pos..nrec) can be redone */
    change *ch;
    int32_t nch, cap_ch;
    int open;                   /* nesting depth of history_begin */
    record cur;                 /* the record being built while open > 0 */
    bool disabled;              /* solvers switch logging off */
} history;

typedef struct state {
    const level *lv;            /* the start position (not owned) */
    const ruleset *rules;       /* not owned */
    const grid *g;              /* == &lv->g */
    uint8_t *floor, *obj;
    uint16_t *num;              /* sliding boards only */
    int nplayers, active;
    int32_t player[STATE_MAX_PLAYERS]; /* players in reading order of the start position */
    int blank;                  /* sliding: the blank cell */
    int unsolved;               /* push: boxes not on a matching goal; sliding: misplaced cells */
    int facing;                 /* direction the active player last moved (drawing) */
    long moves, pushes;
    uint64_t hash;
    history hist;
    bool react;                 /* the game's move hooks can fire on this level: it has no
                                   reacts_to list, or a tile of it is in the start position */
    uint16_t var[VARS_MAX];     /* each variable's value id in pool (rules->nvars of them) */
    uint16_t var_init[VARS_MAX]; /* the ids of their starting values */
    var_pool pool;
    /* Caches of the ruleset for the move primitive: tile flags and colours by id, and the
     * Zobrist keys of every (cell, tile id) of the floor and object layers. */
    uint32_t tflags[TILES_MAX];
    uint8_t tcolour[TILES_MAX];
    int zstride;                /* ntiles */
    uint64_t *zfloor, *zobj;    /* [cell * zstride + id]; zobj[.. + 0] is 0 */
} state;

int state_init(state *s, const level *lv, const ruleset *r); /* 0, or -1 out of memory */
void state_free(state *s);
/* A new state at src's position (same level and rules), with an empty history. */
int state_copy(state *dst, const state *src);
/* Starts over from the level's start position and clears the history. */
void state_reset(state *s);

bool state_goals_filled(const state *s);          /* every goal holds a box it takes */
static inline bool state_solved(const state *s)
{
    return s->unsolved == 0 && (!s->rules->fill_goals || state_goals_filled(s));
}
bool state_box_on_goal(const state *s, int cell); /* a box standing on a matching goal */
bool state_walkable(const state *s, int cell);    /* a player may step here (free, not solid/hole) */
int state_player_at(const state *s, int cell);    /* player slot, or -1 */

/* The logged primitives. */
void state_set_floor(state *s, int cell, int id);
void state_set_obj(state *s, int cell, int id);
void state_set_num(state *s, int cell, int n);
/* The object at `from` moves to the free cell `to`: the same as clearing one cell and filling
 * the other, in one step (the move primitive's hot path). */
void state_move_obj(state *s, int from, int to);
/* The whole of a classic push as one record: the active player at p steps to n and the box
 * there to c (free, plain floor). What engine_move does for the common case, kept in one
 * place with the history and hash code it must agree with. */
void state_push_step(state *s, int p, int n, int c, int dir);

/* Variables: slot from rules_find_var. set returns 0, or -1 when the pool of values is full. */
int state_set_var(state *s, int slot, const var_value *v);
static inline const var_value *state_var(const state *s, int slot) { return &s->pool.v[s->var[slot]]; }

/* Zobrist hash of the whole position, from scratch (the incremental one must equal it). */
uint64_t state_hash_full(const state *s);
/* Applies n changes to s without logging them (forwards: their after values; reverse: the
 * before values, last change first). The search moves between positions with these. */
void state_apply_changes(state *s, const change *ch, int32_t n, bool reverse);

/* History: begin/end may nest; the outermost end commits one record (nothing if empty). */
void history_begin(state *s, int dir);
int history_end(state *s);          /* 1 if a record was committed */
void history_add_counts(state *s, int moves, int pushes, unsigned flags);
/* A point inside an open record to go back to: the changes logged after it and the counters
 * and player it saw (a refused action or move leaves nothing behind). */
typedef struct history_mark {
    int32_t nch, count;
    long moves, pushes;
    int32_t rec_moves, rec_pushes;
    uint8_t flags;
    int active, facing;
} history_mark;
history_mark history_mark_here(const state *s);
/* Takes back everything since m (only while the record m was taken in is still open). */
void history_rollback(state *s, const history_mark *m);
int history_undo(state *s);         /* 1 if a record was undone */
int history_redo(state *s);
int state_restart(state *s);        /* back to the start as one undoable record */
void history_clear(state *s);
static inline int history_can_undo(const state *s) { return s->hist.pos > 0; }
static inline int history_can_redo(const state *s) { return s->hist.pos < s->hist.nrec; }

#endif
