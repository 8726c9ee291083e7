/* engine.c: move rules driven by tile flags. Every change goes through the logged state
 * primitives, so one call is one undoable record with the hash kept up to date. */
#include "core/engine.h"

#include "core/lurd.h"

static inline uint32_t floor_flags(const state *s, int c) { return s->tflags[s->floor[c]]; }
static inline uint32_t obj_flags(const state *s, int c) { return s->tflags[s->obj[c]]; }

/* Can a box enter c? Holes swallow boxes, so they count as open. */
static inline bool box_can_enter(const state *s, int c)
{
    return c >= 0 && !s->obj[c] && !(floor_flags(s, c) & (TILE_SOLID | TILE_VOID));
}

/* Moves the object at `from` into `to` (free), then lets it fall into a hole or slide on ice.
 * Returns the cell where it ended (the hole's when it fell in). */
static int carry(state *s, int from, int to, int dir)
{
    int id = s->obj[from];
    state_set_obj(s, from, 0);
    for (;;) {
        if (floor_flags(s, to) & TILE_HOLE) {
            state_set_floor(s, to, s->rules->floor_id); /* the box fills the hole and is gone */
            return to;
        }
        if (!(floor_flags(s, to) & TILE_SLIPPERY)) break;
        int next = grid_step(s->g, to, dir);
        if (!box_can_enter(s, next)) break;
        to = next;
    }
    state_set_obj(s, to, id);
    return to;
}

/* The player at p steps to n (free), sliding on ice while the way ahead is walkable. */
static int walk(state *s, int p, int n, int dir)
{
    int id = s->obj[p];
    state_set_obj(s, p, 0);
    while ((floor_flags(s, n) & TILE_SLIPPERY) && state_walkable(s, grid_step(s->g, n, dir)))
        n = grid_step(s->g, n, dir);
    state_set_obj(s, n, id);
    return n;
}

static move_result move_sliding(state *s, int dir, move_info *info)
{
    int b = s->blank, n = b >= 0 ? grid_step(s->g, b, dir) : -1;
    if (n < 0) return MOVE_BLOCKED;
    *info = (move_info){ b, n, n, b, -1 };
    history_begin(s, dir);
    state_set_num(s, b, s->num[n]);
    state_set_obj(s, b, s->obj[n]);
    state_set_num(s, n, 0);
    state_set_obj(s, n, 0);
    history_add_counts(s, 1, 0, 0);
    history_end(s);
    s->facing = dir;
    return MOVE_WALK;
}

move_result engine_move(state *s, int dir)
{
    move_info info;
    return engine_move_info(s, dir, &info);
}

move_result engine_move_info(state *s, int dir, move_info *info)
{
    move_info scratch;
    if (!info) info = &scratch;
    *info = (move_info){ -1, -1, -1, -1, -1 };
    if (dir < 0 || dir >= s->g->ndirs || s->rules->kind == RULES_ACTIONS) return MOVE_BLOCKED;
    if (s->rules->kind == RULES_SLIDING) return move_sliding(s, dir, info);
    int p = s->active < s->nplayers ? s->player[s->active] : -1;
    if (p < 0) return MOVE_BLOCKED;
    int n = grid_step(s->g, p, dir);
    if (n < 0 || (floor_flags(s, n) & (TILE_SOLID | TILE_VOID | TILE_HOLE))) return MOVE_BLOCKED;
    s->facing = dir;
    info->from = p;
    info->player = s->active;
    if (s->obj[n]) {
        if (!(obj_flags(s, n) & TILE_PUSHABLE) || s->rules->pull) {
            info->from = info->player = -1;
            return MOVE_BLOCKED;
        }
        int c = grid_step(s->g, n, dir);
        if (s->rules->max_chain <= 1 && box_can_enter(s, c) &&
            !((floor_flags(s, c) | floor_flags(s, n)) & (TILE_HOLE | TILE_SLIPPERY))) {
            state_push_step(s, p, n, c, dir); /* the common push, in one step */
            info->to = info->box_from = n;
            info->box_to = c;
            return MOVE_PUSH;
        }
        /* A push moves up to max_chain boxes in a row; the cell after the last must be free. */
        int chain[64], k = 0, limit = s->rules->max_chain;
        c = n;
        if (limit < 1) limit = 1;
        if (limit > 64) limit = 64;
        while (c >= 0 && s->obj[c] && (obj_flags(s, c) & TILE_PUSHABLE) && k < limit) {
            chain[k++] = c;
            c = grid_step(s->g, c, dir);
        }
        if (!box_can_enter(s, c)) {
            info->from = info->player = -1;
            return MOVE_BLOCKED;
        }
        history_begin(s, dir);
        int last = carry(s, chain[k - 1], c, dir);
        for (int i = k - 2; i >= 0; i--) last = carry(s, chain[i], chain[i + 1], dir);
        info->to = walk(s, p, n, dir);
        info->box_from = n;
        info->box_to = last;
        history_add_counts(s, 1, 1, RECORD_PUSH);
        history_end(s);
        return MOVE_PUSH;
    }
    history_begin(s, dir);
    int back = grid_step(s->g, p, grid_opposite(s->g, dir));
    int pulled = s->rules->pull && back >= 0 && s->obj[back] && (obj_flags(s, back) & TILE_PUSHABLE);
    info->to = walk(s, p, n, dir);
    if (pulled) {
        info->box_from = back;
        info->box_to = carry(s, back, p, dir);
    }
    history_add_counts(s, 1, pulled, pulled ? RECORD_PUSH : 0);
    history_end(s);
    return pulled ? MOVE_PUSH : MOVE_WALK;
}

int engine_slide_cell(state *s, int cell)
{
    if (s->rules->kind != RULES_SLIDING || cell < 0 || cell == s->blank || s->blank < 0) return 0;
    int w = s->g->w, bx = s->blank % w, by = s->blank / w, cx = cell % w, cy = cell / w;
    int dir;
    if (bx == cx) dir = cy < by ? DIR_UP : DIR_DOWN;
    else if (by == cy) dir = cx < bx ? DIR_LEFT : DIR_RIGHT;
    else return 0;
    int moved = 0;
    history_begin(s, dir);
    while (s->blank != cell && engine_move(s, dir) != MOVE_BLOCKED) moved++;
    history_end(s);
    return moved;
}

int engine_select_player(state *s, int slot)
{
    if (slot < 0 || slot >= s->nplayers || s->player[slot] < 0) return -1;
    if (slot == s->active) return 0;
    history_begin(s, -1);
    s->active = slot;
    history_end(s);
    return 0;
}

static inline bool free_for(const state *s, int c, int self)
{
    return c >= 0 && (c == self || state_walkable(s, c));
}

int engine_walk_end(const state *s, int at, int dir, int self)
{
    if (s->rules->kind != RULES_PUSH || at < 0 || dir < 0 || dir >= s->g->ndirs) return -1;
    int n = grid_step(s->g, at, dir);
    if (!free_for(s, n, self)) return -1;
    if (s->rules->pull) {
        int back = grid_step(s->g, at, grid_opposite(s->g, dir));
        if (back >= 0 && back != self && s->obj[back] && (obj_flags(s, back) & TILE_PUSHABLE)) return -1;
    }
    /* The same slide as walk(): on ice while the next cell is free. */
    while ((floor_flags(s, n) & TILE_SLIPPERY) && free_for(s, grid_step(s->g, n, dir), self))
        n = grid_step(s->g, n, dir);
    return n;
}

bool engine_would_push(const state *s, int dir)
{
    if (s->rules->kind != RULES_PUSH || dir < 0 || dir >= s->g->ndirs) return false;
    int p = s->active < s->nplayers ? s->player[s->active] : -1;
    if (p < 0) return false;
    if (s->rules->pull) {
        int back = grid_step(s->g, p, grid_opposite(s->g, dir));
        return back >= 0 && s->obj[back] && (obj_flags(s, back) & TILE_PUSHABLE);
    }
    int n = grid_step(s->g, p, dir);
    return n >= 0 && s->obj[n] && (obj_flags(s, n) & TILE_PUSHABLE);
}

/* The plain engine as lurd_play's actions: ctx is the state. */
static int select_action(void *ctx, int slot) { return engine_select_player(ctx, slot); }
static int move_action(void *ctx, int dir) { return engine_move(ctx, dir) == MOVE_BLOCKED ? -1 : 0; }

int engine_play_lurd(state *s, const char *lurd, int *bad)
{
    const lurd_actions plain = { select_action, move_action, s, NULL };
    return lurd_play(s, lurd, &plain, bad);
}
