/* state.c: the position being played, its incremental Zobrist hash and its history. */
#include "core/state.h"

#include <stdlib.h>
#include <string.h>

/* ===== Zobrist keys ======================================================================
 * Keys come from a mixing function instead of a table: no memory per level, the same key for
 * the same (layer, cell, value) in every process, and cheap enough for the move primitive. */
static inline uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15u;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

static inline uint64_t zkey(int kind, int cell, int value)
{
    if (value == 0 && kind != CHANGE_FLOOR) return 0; /* empty cells add nothing */
    return mix64(((uint64_t)kind << 56) ^ ((uint64_t)(unsigned)value << 32) ^ (uint64_t)(unsigned)cell);
}

/* ===== solved bookkeeping ================================================================ */

/* 1 when the cell holds something that keeps the level unsolved. */
static inline int cell_unsolved(const state *s, int c)
{
    if (s->num) {
        int n = s->g->ncells;
        int want = c == n - 1 ? 0 : c + 1;
        return s->num[c] != want;
    }
    int o = s->obj[c];
    if (!(s->tflags[o] & TILE_PUSHABLE)) return 0;
    int f = s->floor[c];
    /* a goal of colour 0 takes any box; a coloured goal only a box of its colour */
    return !((s->tflags[f] & TILE_GOAL) && (s->tcolour[f] == 0 || s->tcolour[f] == s->tcolour[o]));
}

bool state_box_on_goal(const state *s, int cell)
{
    return (s->tflags[s->obj[cell]] & TILE_PUSHABLE) && !cell_unsolved(s, cell);
}

bool state_goals_filled(const state *s)
{
    for (int c = 0; c < s->g->ncells; c++)
        if ((s->tflags[s->floor[c]] & TILE_GOAL) && !state_box_on_goal(s, c)) return false;
    return true;
}

bool state_walkable(const state *s, int cell)
{
    return cell >= 0 && !s->obj[cell] && !(s->tflags[s->floor[cell]] & (TILE_SOLID | TILE_VOID | TILE_HOLE));
}

int state_player_at(const state *s, int cell)
{
    for (int i = 0; i < s->nplayers; i++)
        if (s->player[i] == cell) return i;
    return -1;
}

/* ===== applying changes ================================================================== */

static void apply_floor(state *s, int c, int v)
{
    int box = s->tflags[s->obj[c]] & TILE_PUSHABLE;
    if (box) s->unsolved -= cell_unsolved(s, c);
    s->hash ^= s->zfloor[c * s->zstride + s->floor[c]] ^ s->zfloor[c * s->zstride + v];
    s->floor[c] = (uint8_t)v;
    if (box) s->unsolved += cell_unsolved(s, c);
}

static void apply_obj(state *s, int c, int v)
{
    int old = s->obj[c];
    uint32_t fo = s->tflags[old], fv = s->tflags[v];
    if (fo & TILE_PUSHABLE) s->unsolved -= cell_unsolved(s, c);
    s->hash ^= s->zobj[c * s->zstride + old] ^ s->zobj[c * s->zstride + v];
    s->obj[c] = (uint8_t)v;
    if (fv & TILE_PUSHABLE) s->unsolved += cell_unsolved(s, c);
    /* A player leaving a cell frees its slot; a player arriving takes the first free slot,
     * which is the one it just left when it moves, in either direction of the history. */
    if (fo & TILE_PLAYER) {
        int slot = state_player_at(s, c);
        if (slot >= 0) s->player[slot] = -1;
    }
    if (fv & TILE_PLAYER) {
        int slot = 0;
        while (slot < s->nplayers && s->player[slot] >= 0) slot++;
        if (slot == s->nplayers && s->nplayers < STATE_MAX_PLAYERS) s->nplayers++;
        if (slot < s->nplayers) s->player[slot] = c;
    }
}

static void apply_num(state *s, int c, int v)
{
    s->unsolved -= cell_unsolved(s, c);
    s->hash ^= zkey(CHANGE_NUM, c, s->num[c]) ^ zkey(CHANGE_NUM, c, v);
    s->num[c] = (uint16_t)v;
    s->unsolved += cell_unsolved(s, c);
    if (v == 0) s->blank = c;
}

/* A variable's part of the hash: its slot and its value's content. */
static inline uint64_t zvar(const state *s, int slot, int id)
{
    return mix64(s->pool.hash[id] ^ ((uint64_t)(slot + 1) * 0xd6e8feb86659fd93u));
}

static void apply_var(state *s, int slot, int v)
{
    s->hash ^= zvar(s, slot, s->var[slot]) ^ zvar(s, slot, v);
    s->var[slot] = (uint16_t)v;
}

static void apply(state *s, int kind, int c, int v)
{
    switch (kind) {
    case CHANGE_FLOOR: apply_floor(s, c, v); break;
    case CHANGE_OBJ: apply_obj(s, c, v); break;
    case CHANGE_VAR: apply_var(s, c, v); break;
    default: apply_num(s, c, v); break;
    }
}

void state_apply_changes(state *s, const change *ch, int32_t n, bool reverse)
{
    if (reverse)
        for (int32_t i = n - 1; i >= 0; i--) apply(s, ch[i].kind, ch[i].cell, ch[i].before);
    else
        for (int32_t i = 0; i < n; i++) apply(s, ch[i].kind, ch[i].cell, ch[i].after);
}

/* The player selected at the start: player 1, the first in reading order whatever its tile
 * (levels/README.md), so a solution's letters before its first digit move the same player in
 * every game. (It was the first of the player tile with the lowest id, which follows the
 * glyphs' order: with '@' and '&' the '&' started wherever it stood.) */
static int first_active(const state *s)
{
    for (int i = 0; i < s->nplayers; i++)
        if (s->player[i] >= 0) return i;
    return 0;
}

/* ===== history =========================================================================== */

static int log_change(state *s, int kind, int c, int before, int after)
{
    history *h = &s->hist;
    if (h->disabled) return 0;
    if (h->nch == h->cap_ch) {
        int32_t cap = h->cap_ch ? h->cap_ch * 2 : 1024;
        change *bigger = realloc(h->ch, sizeof *bigger * (size_t)cap);
        if (!bigger) return -1;
        h->ch = bigger;
        h->cap_ch = cap;
    }
    h->ch[h->nch++] = (change){ c, (uint16_t)before, (uint16_t)after, (uint8_t)kind };
    h->cur.count++;
    return 0;
}

static void set_logged(state *s, int kind, int c, int before, int after)
{
    if (before == after) return;
    int own = s->hist.open == 0 && !s->hist.disabled;
    if (own) history_begin(s, -1);
    if (log_change(s, kind, c, before, after) == 0) apply(s, kind, c, after);
    if (own) {
        s->hist.cur.flags |= RECORD_SCRIPT;
        history_end(s);
    }
}

void state_set_floor(state *s, int c, int id) { set_logged(s, CHANGE_FLOOR, c, s->floor[c], id); }
void state_set_obj(state *s, int c, int id) { set_logged(s, CHANGE_OBJ, c, s->obj[c], id); }
void state_set_num(state *s, int c, int n)
{
    if (s->num) set_logged(s, CHANGE_NUM, c, s->num[c], n);
}

int state_set_var(state *s, int slot, const var_value *v)
{
    int id = var_pool_intern(&s->pool, v);
    if (id < 0) return -1;
    set_logged(s, CHANGE_VAR, slot, s->var[slot], id);
    return 0;
}

void state_move_obj(state *s, int from, int to)
{
    history *h = &s->hist;
    int id = s->obj[from];
    if (h->open == 0 || h->disabled || h->nch + 2 > h->cap_ch || s->obj[to] || from == to) {
        set_logged(s, CHANGE_OBJ, from, id, 0);
        set_logged(s, CHANGE_OBJ, to, 0, id);
        return;
    }
    h->ch[h->nch++] = (change){ from, (uint16_t)id, 0, CHANGE_OBJ };
    h->ch[h->nch++] = (change){ to, 0, (uint16_t)id, CHANGE_OBJ };
    h->cur.count += 2;
    uint32_t f = s->tflags[id];
    if (f & TILE_PUSHABLE) s->unsolved -= cell_unsolved(s, from);
    s->obj[from] = 0;
    s->obj[to] = (uint8_t)id;
    s->hash ^= s->zobj[from * s->zstride + id] ^ s->zobj[to * s->zstride + id];
    if (f & TILE_PUSHABLE) s->unsolved += cell_unsolved(s, to);
    if (f & TILE_PLAYER) {
        int slot = state_player_at(s, from);
        if (slot >= 0) s->player[slot] = to;
    }
}

void state_push_step(state *s, int p, int n, int c, int dir)
{
    history *h = &s->hist;
    if (h->open || h->disabled || h->pos != h->nrec || h->nch + 4 > h->cap_ch || h->nrec == h->cap_rec) {
        /* Anything unusual (nested records, a redo branch to drop, growth) goes the long way. */
        history_begin(s, dir);
        state_move_obj(s, n, c);
        state_move_obj(s, p, n);
        history_add_counts(s, 1, 1, RECORD_PUSH);
        history_end(s);
        return;
    }
    int box = s->obj[n], man = s->obj[p], z = s->zstride;
    change *ch = h->ch + h->nch;
    ch[0] = (change){ n, (uint16_t)box, 0, CHANGE_OBJ };
    ch[1] = (change){ c, 0, (uint16_t)box, CHANGE_OBJ };
    ch[2] = (change){ p, (uint16_t)man, 0, CHANGE_OBJ };
    ch[3] = (change){ n, 0, (uint16_t)man, CHANGE_OBJ };
    h->rec[h->nrec] = (record){ .first = h->nch, .count = 4, .dir = (int8_t)dir, .flags = RECORD_PUSH,
                                .active_before = (int8_t)s->active, .active_after = (int8_t)s->active,
                                .moves = 1, .pushes = 1 };
    h->nch += 4;
    h->pos = ++h->nrec;
    s->unsolved -= cell_unsolved(s, n);
    s->obj[p] = 0;
    s->obj[n] = (uint8_t)man;
    s->obj[c] = (uint8_t)box;
    s->unsolved += cell_unsolved(s, c);
    s->hash ^= s->zobj[n * z + box] ^ s->zobj[c * z + box] ^ s->zobj[p * z + man] ^ s->zobj[n * z + man];
    s->player[s->active] = n;
    s->moves++;
    s->pushes++;
}

void history_begin(state *s, int dir)
{
    history *h = &s->hist;
    if (h->open++ > 0) return;
    h->cur = (record){ .first = h->nch, .count = 0, .dir = (int8_t)dir, .flags = 0,
                       .active_before = (int8_t)s->active };
}

void history_add_counts(state *s, int moves, int pushes, unsigned flags)
{
    s->moves += moves;
    s->pushes += pushes;
    if (s->hist.open > 0) {
        s->hist.cur.moves += moves;
        s->hist.cur.pushes += pushes;
        s->hist.cur.flags |= (uint8_t)flags;
    }
}

int history_end(state *s)
{
    history *h = &s->hist;
    if (h->open == 0 || --h->open > 0) return 0;
    record r = h->cur;
    r.active_after = (int8_t)s->active;
    if (r.count == 0 && r.moves == 0 && r.active_after == r.active_before) {
        h->nch = r.first;
        return 0;
    }
    if (h->disabled) return 1;
    if (h->pos < h->nrec) {
        /* A new move after undo drops the redo branch: its changes sit between the last done
         * record and the ones just logged. */
        int32_t keep = h->pos > 0 ? h->rec[h->pos - 1].first + h->rec[h->pos - 1].count : 0;
        memmove(h->ch + keep, h->ch + r.first, sizeof *h->ch * (size_t)r.count);
        r.first = keep;
        h->nch = keep + r.count;
        h->nrec = h->pos;
    }
    if (h->nrec == h->cap_rec) {
        int32_t cap = h->cap_rec ? h->cap_rec * 2 : 256;
        record *bigger = realloc(h->rec, sizeof *bigger * (size_t)cap);
        if (!bigger) return 0; /* the move stands but cannot be undone */
        h->rec = bigger;
        h->cap_rec = cap;
    }
    h->rec[h->nrec++] = r;
    h->pos = h->nrec;
    return 1;
}

history_mark history_mark_here(const state *s)
{
    const history *h = &s->hist;
    return (history_mark){ h->nch, h->cur.count, s->moves, s->pushes, h->cur.moves, h->cur.pushes,
                           h->cur.flags, s->active, s->facing };
}

void history_rollback(state *s, const history_mark *m)
{
    history *h = &s->hist;
    if (h->open == 0 || h->disabled || m->nch > h->nch) return;
    for (int32_t i = h->nch - 1; i >= m->nch; i--) apply(s, h->ch[i].kind, h->ch[i].cell, h->ch[i].before);
    h->nch = m->nch;
    h->cur.count = m->count;
    h->cur.moves = m->rec_moves;
    h->cur.pushes = m->rec_pushes;
    h->cur.flags = m->flags;
    s->moves = m->moves;
    s->pushes = m->pushes;
    s->active = m->active;
    s->facing = m->facing;
}

int history_undo(state *s)
{
    history *h = &s->hist;
    if (h->open || h->pos == 0) return 0;
    const record *r = &h->rec[--h->pos];
    for (int32_t i = r->first + r->count - 1; i >= r->first; i--)
        apply(s, h->ch[i].kind, h->ch[i].cell, h->ch[i].before);
    s->moves -= r->moves;
    s->pushes -= r->pushes;
    s->active = r->active_before;
    if (r->dir >= 0) s->facing = r->dir;
    return 1;
}

int history_redo(state *s)
{
    history *h = &s->hist;
    if (h->open || h->pos == h->nrec) return 0;
    const record *r = &h->rec[h->pos++];
    for (int32_t i = r->first; i < r->first + r->count; i++)
        apply(s, h->ch[i].kind, h->ch[i].cell, h->ch[i].after);
    s->moves += r->moves;
    s->pushes += r->pushes;
    s->active = r->active_after;
    if (r->dir >= 0) s->facing = r->dir;
    return 1;
}

void history_clear(state *s)
{
    s->hist.nrec = s->hist.pos = s->hist.nch = 0;
    s->hist.open = 0;
}

int state_restart(state *s)
{
    const level *lv = s->lv;
    int n = s->g->ncells;
    history_begin(s, -1);
    /* Clear moved objects first, then put the start ones back, so players refill their slots
     * in reading order exactly as at the start. */
    for (int c = 0; c < n; c++)
        if (s->obj[c] != lv->obj[c]) state_set_obj(s, c, 0);
    for (int c = 0; c < n; c++) {
        if (s->floor[c] != lv->floor[c]) state_set_floor(s, c, lv->floor[c]);
        if (s->obj[c] != lv->obj[c]) state_set_obj(s, c, lv->obj[c]);
        if (s->num && s->num[c] != lv->num[c]) state_set_num(s, c, lv->num[c]);
    }
    for (int v = 0; v < s->rules->nvars; v++)
        set_logged(s, CHANGE_VAR, v, s->var[v], s->var_init[v]);
    history_add_counts(s, (int)-s->moves, (int)-s->pushes, RECORD_RESTART);
    s->active = first_active(s);
    return history_end(s);
}

/* ===== lifetime ========================================================================== */

uint64_t state_hash_full(const state *s)
{
    uint64_t h = 0;
    for (int c = 0; c < s->g->ncells; c++) {
        h ^= s->zfloor[c * s->zstride + s->floor[c]] ^ s->zobj[c * s->zstride + s->obj[c]];
        if (s->num) h ^= zkey(CHANGE_NUM, c, s->num[c]);
    }
    for (int v = 0; v < s->rules->nvars; v++) h ^= zvar(s, v, s->var[v]);
    return h;
}

void state_reset(state *s)
{
    const level *lv = s->lv;
    int n = lv->g.ncells;
    memcpy(s->floor, lv->floor, (size_t)n);
    memcpy(s->obj, lv->obj, (size_t)n);
    if (s->num) memcpy(s->num, lv->num, sizeof *s->num * (size_t)n);
    s->nplayers = 0;
    s->active = 0;
    s->blank = -1;
    s->unsolved = 0;
    s->facing = DIR_DOWN;
    s->moves = s->pushes = 0;
    for (int c = 0; c < n; c++) {
        int o = s->obj[c];
        if ((s->tflags[o] & TILE_PLAYER) && s->nplayers < STATE_MAX_PLAYERS)
            s->player[s->nplayers++] = c;
        if (s->num && s->num[c] == 0) s->blank = c;
        s->unsolved += cell_unsolved(s, c);
    }
    memcpy(s->var, s->var_init, sizeof s->var);
    s->active = first_active(s);
    s->hash = state_hash_full(s);
    history_clear(s);
}

int state_init(state *s, const level *lv, const ruleset *r)
{
    memset(s, 0, sizeof *s);
    int n = lv->g.ncells;
    r = level_rules(lv, r);                 /* per-level overrides (Chain:, Pull:, Legend:) */
    s->lv = lv;
    s->rules = r;
    s->g = &lv->g;
    s->floor = malloc((size_t)n);
    s->obj = malloc((size_t)n);
    s->num = lv->num ? malloc(sizeof *s->num * (size_t)n) : NULL;
    s->zstride = r->ntiles;
    s->zfloor = malloc(sizeof *s->zfloor * (size_t)n * (size_t)r->ntiles);
    s->zobj = malloc(sizeof *s->zobj * (size_t)n * (size_t)r->ntiles);
    if (!s->floor || !s->obj || (lv->num && !s->num) || !s->zfloor || !s->zobj || var_pool_init(&s->pool) != 0) {
        state_free(s);
        return -1;
    }
    for (int v = 0; v < r->nvars; v++) {
        int id = var_pool_intern(&s->pool, &r->vars[v].init);
        if (id < 0) {
            state_free(s);
            return -1;
        }
        s->var_init[v] = (uint16_t)id;
    }
    for (int id = 0; id < r->ntiles; id++) {
        s->tflags[id] = r->tile[id].flags;
        s->tcolour[id] = (uint8_t)r->tile[id].colour;
    }
    s->react = !r->reacts;
    for (int c = 0; c < n && !s->react; c++)
        s->react = ((r->react_tiles >> lv->floor[c]) & 1u) || (lv->obj[c] && ((r->react_tiles >> lv->obj[c]) & 1u));
    for (int c = 0; c < n; c++)
        for (int id = 0; id < r->ntiles; id++) {
            s->zfloor[c * r->ntiles + id] = zkey(CHANGE_FLOOR, c, id);
            s->zobj[c * r->ntiles + id] = zkey(CHANGE_OBJ, c, id);
        }
    state_reset(s);
    return 0;
}

int state_copy(state *dst, const state *src)
{
    if (state_init(dst, src->lv, src->rules) != 0) return -1;
    size_t n = (size_t)src->g->ncells;
    memcpy(dst->floor, src->floor, n);
    memcpy(dst->obj, src->obj, n);
    if (src->num) memcpy(dst->num, src->num, sizeof *src->num * n);
    dst->nplayers = src->nplayers;
    dst->active = src->active;
    memcpy(dst->player, src->player, sizeof src->player);
    dst->blank = src->blank;
    dst->unsolved = src->unsolved;
    dst->facing = src->facing;
    dst->moves = src->moves;
    dst->pushes = src->pushes;
    dst->hash = src->hash;
    var_pool fresh;
    if (var_pool_copy(&fresh, &src->pool) != 0) {
        state_free(dst);
        return -1;
    }
    var_pool_free(&dst->pool);
    dst->pool = fresh;
    memcpy(dst->var, src->var, sizeof dst->var);
    return 0;
}

void state_free(state *s)
{
    free(s->floor);
    free(s->obj);
    free(s->num);
    free(s->hist.rec);
    free(s->hist.ch);
    free(s->zfloor);
    free(s->zobj);
    var_pool_free(&s->pool);
    memset(s, 0, sizeof *s);
}
