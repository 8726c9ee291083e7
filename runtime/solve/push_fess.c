/* push_fess.c: the feature-space search (see push_fess.h).
 *
 * A position's moves are found all at once when it is made: for each box, a breadth-first
 * search over (cell, side label) pairs on the board with the other boxes walled up gives every
 * cell the box can be taken to and where the player ends. Each resulting position is looked at
 * there and then (its features, its matching bound from the parent's by re-solving one row,
 * the cheap deadlock tests) so that the advisors can be chosen; the costly tests (PI-corrals,
 * the small searches) wait until a move is played. The moves are kept sorted, cheapest first,
 * and each cell of feature space keeps its positions in a heap on the weight of their next
 * move. */
#include "solve/push_fess.h"

#include <stdlib.h>
#include <string.h>

#include "solve/push_deadsets.h"
#include "solve/push_meet.h"
#include "solve/push_path.h"
#include "solve/push_pattern.h"

enum {
    F_PACK, F_CONN, F_ROOM, F_OOP, NFEAT,
    NO_CELL = 0xFFFF,
    CHECK_EVERY = 8,              /* moves played between clock checks */
    NODE_WORTH = 16,              /* a position made here costs this many expansions of a push
                                     search: the small searches' share is counted so */
    TIE_BITS = 12
};

typedef struct fess_move {
    uint16_t from, to, side, pushes;
    uint16_t h;                   /* the matching bound of the position the move makes */
    uint8_t f[NFEAT];             /* and its features */
    uint8_t weight, advisor;      /* advisor: 0, or 1 + the feature it improves */
} fess_move;

typedef struct fess_info {
    uint32_t weight;              /* of the path from the start */
    uint32_t first;               /* moves[first .. first + count) */
    uint32_t count, next;         /* next: the first move not yet played */
    uint16_t from, to, side;      /* the move that made this position (NO_CELL at the start) */
    int32_t cell;                 /* in feature space */
} fess_info;

typedef struct fess_cell {
    uint32_t key;
    uint32_t count, cap;
    uint64_t *heap;               /* (weight << TIE_BITS | tie) << 32 | node */
} fess_cell;

struct push_fess {
    const push_board *b;
    const push_plan *plan;
    push_search_config cfg;
    push_budget mem;
    push_table tt;
    fess_info *info;
    uint32_t info_cap;
    fess_move *moves;
    size_t nmoves, moves_cap;
    fess_move *scratch;           /* the moves of the position being made */
    size_t scratch_cap;
    fess_cell *cells;
    int ncells, cells_cap, cursor;
    int32_t *cell_slot;           /* open addressing on cell keys: index + 1, 0 empty */
    uint32_t cell_mask;

    push_pos pos;
    push_freeze frz;
    push_matcher mat;
    push_corral corral;
    push_fixed_cache fixed;
    push_walker walker;
    uint32_t *reach, *child_reach, *mark, stamp;
    int32_t *queue;
    uint64_t *zbox, *zplayer;
    uint8_t *wall;                /* n: the other boxes, while one box's moves are found */
    int32_t *side;                /* n * ndirs: side labels with them walled up */
    uint32_t *seen, seen_stamp;   /* n * ndirs */
    int32_t *bfs;                 /* n * ndirs */
    uint16_t *bfs_depth;
    int32_t *frozen;              /* sorted cells of the boxes frozen on goals */
    int nfrozen;
    uint8_t *frozen_mark;
    uint16_t *row_cell;
    const push_dists *dists;
    int16_t *link_of;             /* n: the corridor linking rooms a cell is on, or -1 */
    int nlinks;
    uint32_t *link_seen, link_stamp;

    uint64_t nodes;
    uint32_t solution;
    uint32_t meet_id;             /* with solution: the backward search's position the solution
                                     goes on from, or 0 when it is solved itself */
    bool exhausted, timed_out, out_of_memory;
    int best_packed;
};

static bool charge(push_fess *f, size_t bytes)
{
    if (f->mem.used + bytes > f->mem.limit) {
        f->out_of_memory = true;
        return false;
    }
    f->mem.used += bytes;
    return true;
}

static inline uint32_t next_stamp(push_fess *f)
{
    if (++f->stamp == 0) {
        memset(f->reach, 0, sizeof *f->reach * (size_t)f->b->n);
        memset(f->child_reach, 0, sizeof *f->child_reach * (size_t)f->b->n);
        memset(f->mark, 0, sizeof *f->mark * (size_t)f->b->n);
        f->stamp = 1;
    }
    return f->stamp;
}

/* ===== the links between rooms ============================================================ *
 * The plan's room cells (push_plan.h) split the board into rooms and corridors; a connected
 * run of corridor cells that touches two different rooms is a link, blocked while a box stands
 * on it. */

static int find_links(push_fess *f)
{
    const push_board *b = f->b;
    int n = b->n;
    const uint8_t *room = f->plan->room;
    int32_t *room_id = malloc(sizeof *room_id * ((size_t)n + 1)), *stack = malloc(sizeof *stack * ((size_t)n + 1));
    if (!room_id || !stack) {
        free(room_id), free(stack);
        return -1;
    }
/* Rooms. */
    int nrooms = 0;
    for (int c = 0; c < n; c++) room_id[c] = -1;
    for (int c0 = 0; c0 < n; c0++) {
        if (!room[c0] || room_id[c0] >= 0) continue;
        int top = 0;
        room_id[c0] = nrooms;
        stack[top++] = c0;
        while (top > 0) {
            int c = stack[--top];
            for (int d = 0; d < b->ndirs; d++) {
                int m = push_step(b, c, d);
                if (m < 0 || !room[m] || room_id[m] >= 0) continue;
                room_id[m] = nrooms;
                stack[top++] = m;
            }
        }
        nrooms++;
    }
    /* Corridor runs, kept when they touch two rooms. */
    for (int c = 0; c < n; c++) f->link_of[c] = -1;
    int nlinks = 0;
    int32_t *run = malloc(sizeof *run * ((size_t)n + 1));
    if (!run) {
        free(room_id), free(stack);
        return -1;
    }
    for (int c0 = 0; c0 < n; c0++) {
        if (room[c0] || f->link_of[c0] != -1) continue;
        int count = 0, first_room = -1;
        bool two = false;
        f->link_of[c0] = -2;
        run[count++] = c0;
        for (int i = 0; i < count; i++)
            for (int d = 0; d < b->ndirs; d++) {
                int m = push_step(b, run[i], d);
                if (m < 0) continue;
                if (room[m]) {
                    if (first_room < 0) first_room = room_id[m];
                    else if (room_id[m] != first_room) two = true;
                    continue;
                }
                if (f->link_of[m] != -1) continue;
                f->link_of[m] = -2;
                run[count++] = m;
            }
        int id = two ? nlinks++ : -3;
        for (int i = 0; i < count; i++) f->link_of[run[i]] = (int16_t)id;
    }
    for (int c = 0; c < n; c++)
        if (f->link_of[c] < 0) f->link_of[c] = -1;
    f->nlinks = nlinks;
    free(room_id), free(stack), free(run);
    f->link_seen = calloc((size_t)nlinks + 1, sizeof *f->link_seen);
    return f->link_seen ? 0 : -1;
}

/* ===== features =========================================================================== */

/* Floor regions the player cannot reach (its own region: reach == stamp). */
static int closed_regions(push_fess *f, const uint32_t *reach, uint32_t stamp)
{
    const push_board *b = f->b;
    int regions = 0;
    uint32_t mark = next_stamp(f);
    for (int c = 0; c < b->n; c++) {
        if (reach[c] == stamp || f->pos.occ[c] != PUSH_NO_BOX || f->mark[c] == mark) continue;
        regions++;
        push_reach(b, f->pos.occ, c, f->mark, mark, f->queue);
    }
    return regions;
}

static int blocked_links(push_fess *f)
{
    if (f->nlinks == 0) return 0;
    if (++f->link_stamp == 0) {
        memset(f->link_seen, 0, sizeof *f->link_seen * (size_t)f->nlinks);
        f->link_stamp = 1;
    }
    int count = 0;
    for (int i = 0; i < f->b->nboxes; i++) {
        int l = f->link_of[f->pos.box[i]];
        if (l < 0 || f->link_seen[l] == f->link_stamp) continue;
        f->link_seen[l] = f->link_stamp;
        count++;
    }
    return count;
}

static inline uint8_t clamp8(int v) { return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v); }

static void features(push_fess *f, const uint32_t *reach, uint32_t stamp, uint8_t *out)
{
    int astray;
    out[F_PACK] = clamp8(push_plan_packed(f->plan, f->b, &f->pos, &astray));
    out[F_OOP] = clamp8(astray);
    out[F_CONN] = clamp8(closed_regions(f, reach, stamp));
    out[F_ROOM] = clamp8(blocked_links(f));
}

/* ===== the position in f->pos ============================================================= */

static uint64_t boxes_hash(const push_fess *f, const uint16_t *box)
{
    uint64_t h = 0;
    for (int i = 0; i < f->b->nboxes; i++) h ^= f->zbox[f->b->box_class[i] * f->b->n + box[i]];
    return h;
}

/* The boxes frozen on goals (into f->frozen, marked in f->frozen_mark); false when a frozen
 * group holds a box off its goal. */
static bool find_frozen(push_fess *f)
{
    for (int m = 0; m < f->nfrozen; m++) f->frozen_mark[f->frozen[m]] = 0;
    f->nfrozen = 0;
    if (!f->cfg.opt.freeze) return true;
    int n = push_frozen_on_goals(&f->frz, f->b, &f->pos, f->frozen, f->frozen_mark);
    f->nfrozen = n > 0 ? n : 0;
    return n >= 0;
}

/* The matching bound of the position in f->pos (player region: reach == stamp), kept for its
 * children; PUSH_FAR when lost. */
static int position_bound(push_fess *f, const uint32_t *reach, uint32_t stamp)
{
    const push_board *b = f->b;
    if (!find_frozen(f)) return PUSH_FAR;
    f->dists = &b->base;
    if (f->nfrozen > 0) {
        const push_dists *walled = push_fixed_get(&f->fixed, b, f->frozen, f->nfrozen);
        if (walled) f->dists = walled;
    }
    uint32_t player = f->cfg.opt.player_bound ? stamp : UINT32_MAX;
    int h = push_lower_bound(b, &f->mat, &f->pos, reach, player, f->dists, f->nfrozen ? f->frozen_mark : NULL);
    push_bound_keep(&f->mat);
    memcpy(f->row_cell, f->pos.box, sizeof *f->row_cell * (size_t)b->nboxes);
    return h;
}

/* ===== moves ============================================================================== */

static void mark_label(push_fess *f, int x, int32_t label)
{
    int nd = f->b->ndirs;
    for (int e = 0; e < nd; e++)
        if (f->side[x * nd + e] == label) f->seen[x * nd + e] = f->seen_stamp;
}

static bool scratch_room(push_fess *f, size_t count)
{
    if (count < f->scratch_cap) return true;
    size_t cap = f->scratch_cap ? f->scratch_cap * 2 : 1024;
    while (cap <= count) cap *= 2;
    if (!charge(f, sizeof *f->scratch * (cap - f->scratch_cap))) return false;
    fess_move *bigger = realloc(f->scratch, sizeof *bigger * cap);
    if (!bigger) {
        f->out_of_memory = true;
        return false;
    }
    f->scratch = bigger;
    f->scratch_cap = cap;
    return true;
}

/* Looks at the position box slot i on `to` with the player on `side` makes (the parent in
 * f->pos, its region reach == stamp, its bound kept): adds it to the scratch list unless it is
 * known or lost. Returns false out of memory. */
static bool look_at(push_fess *f, int i, int to, int side, int pushes, uint64_t parent_hash, size_t *count, bool *solved)
{
    const push_board *b = f->b;
    int from = f->pos.box[i], k = b->box_class[i];
    int j = push_pos_move(&f->pos, b, i, to);
    uint32_t stamp = next_stamp(f);
    int norm = push_reach(b, f->pos.occ, side, f->child_reach, stamp, f->queue);
    uint64_t hash = parent_hash ^ f->zbox[k * b->n + from] ^ f->zbox[k * b->n + to] ^ f->zplayer[norm];
    bool keep = push_table_find(&f->tt, hash, f->pos.box, norm) == 0;
    /* A position the backward search reached: the rest of the way is known. */
    bool meet = keep && f->cfg.meet && push_meet_find(f->cfg.meet, hash, f->pos.box, norm);
    if (meet) {
        if (!scratch_room(f, *count + 1)) {
            push_pos_move(&f->pos, b, j, from);
            return false;
        }
        fess_move *m = &f->scratch[(*count)++];
        memset(m, 0, sizeof *m);
        m->from = (uint16_t)from, m->to = (uint16_t)to, m->side = (uint16_t)side;
        m->pushes = (uint16_t)(pushes < 0xFFFF ? pushes : 0xFFFF);
        *solved = true;
        push_pos_move(&f->pos, b, j, from);
        return true;
    }
    if (keep && f->cfg.opt.freeze && push_freeze_deadlock(&f->frz, b, &f->pos, to)) keep = false;
    if (keep && f->cfg.sets && push_deadsets_match(f->cfg.sets, &f->pos, to, norm)) keep = false;
    int h = PUSH_FAR;
    if (keep) {
        f->row_cell[i] = (uint16_t)to;
        uint32_t player = f->cfg.opt.player_bound ? stamp : UINT32_MAX;
        h = push_bound_child(b, &f->mat, f->row_cell, f->child_reach, player, f->dists,
                             f->nfrozen ? f->frozen_mark : NULL);
        f->row_cell[i] = (uint16_t)from;
        keep = h != PUSH_FAR;
    }
    if (keep) {
        if (!scratch_room(f, *count + 1)) {
            push_pos_move(&f->pos, b, j, from);
            return false;
        }
        fess_move *m = &f->scratch[(*count)++];
        m->from = (uint16_t)from, m->to = (uint16_t)to, m->side = (uint16_t)side;
        m->pushes = (uint16_t)(pushes < 0xFFFF ? pushes : 0xFFFF);
        m->h = (uint16_t)h;
        m->weight = 1, m->advisor = 0;
        features(f, f->child_reach, stamp, m->f);
        if (h == 0) *solved = true;
    }
    push_pos_move(&f->pos, b, j, from);
    return true;
}

/* Every relocation of the box in slot i from the position in f->pos (player region: reach ==
 * stamp), looked at one by one. */
static bool box_moves(push_fess *f, int i, const uint32_t *reach, uint32_t stamp, uint64_t hash, size_t *count,
                      bool *solved)
{
    const push_board *b = f->b;
    int nd = b->ndirs, c = f->pos.box[i], k = b->box_class[i];
    if (f->frozen_mark[c]) return true;
    int32_t start = -1;
    for (int d = 0; d < nd && start < 0; d++) {
        int y = push_step(b, c, d);
        if (y >= 0 && reach[y] == stamp) start = d;
    }
    if (start < 0) return true;                 /* the player cannot touch it */
    f->wall[c] = 0;
    int rc = push_side_labels(b, f->wall, f->side);
    f->wall[c] = 1;
    if (rc != 0) {
        f->out_of_memory = true;
        return false;
    }
    if (++f->seen_stamp == 0) {
        memset(f->seen, 0, sizeof *f->seen * (size_t)b->n * (size_t)nd);
        f->seen_stamp = 1;
    }
    int head = 0, tail = 0;
    mark_label(f, c, f->side[c * nd + start]);
    f->bfs[tail] = c * nd + start;
    f->bfs_depth[tail++] = 0;
    const uint8_t *dead = b->dead + (size_t)k * (size_t)b->n;
    /* The box's own cell is free while it travels. */
    f->wall[c] = 0;
    while (head < tail) {
        int x = f->bfs[head] / nd, e = f->bfs[head] % nd, depth = f->bfs_depth[head];
        head++;
        int32_t label = f->side[x * nd + e];
        for (int d = 0; d < nd; d++) {
            int back = b->opp[d];
            if (f->side[x * nd + back] != label) continue;          /* the player cannot get behind */
            int to = push_step(b, x, d);
            if (to < 0 || f->wall[to] || dead[to]) continue;
            if (f->seen[to * nd + back] == f->seen_stamp) continue;
            mark_label(f, to, f->side[to * nd + back]);
            f->bfs[tail] = to * nd + back;
            f->bfs_depth[tail++] = (uint16_t)(depth + 1 < 0xFFFF ? depth + 1 : 0xFFFF);
            if (!look_at(f, i, to, x, depth + 1, hash, count, solved)) {
                f->wall[c] = 1;
                return false;
            }
        }
    }
    f->wall[c] = 1;
    return true;
}

/* Orders two moves of weight 1: more packed, fewer closed regions, fewer boxes astray, fewer
 * blocked links, then the lower bound. */
static int better(const fess_move *a, const fess_move *b)
{
    if (a->f[F_PACK] != b->f[F_PACK]) return a->f[F_PACK] > b->f[F_PACK] ? -1 : 1;
    if (a->f[F_CONN] != b->f[F_CONN]) return a->f[F_CONN] < b->f[F_CONN] ? -1 : 1;
    if (a->f[F_OOP] != b->f[F_OOP]) return a->f[F_OOP] < b->f[F_OOP] ? -1 : 1;
    if (a->f[F_ROOM] != b->f[F_ROOM]) return a->f[F_ROOM] < b->f[F_ROOM] ? -1 : 1;
    return (a->h > b->h) - (a->h < b->h);
}

static int move_order(const void *x, const void *y)
{
    const fess_move *a = x, *b = y;
    if (a->weight != b->weight) return a->weight - b->weight;
    if (a->advisor != b->advisor) return a->advisor - b->advisor;
    return better(a, b);
}

/* The advisors: for each feature, the move that improves it most (ties by the order above)
 * costs nothing. */
static void advise(fess_move *mv, size_t count, const uint8_t *own)
{
    static const int order[NFEAT] = { F_PACK, F_CONN, F_ROOM, F_OOP };
    for (int a = 0; a < NFEAT; a++) {
        int feat = order[a];
        long best = -1;
        for (size_t i = 0; i < count; i++) {
            bool improves = feat == F_PACK ? mv[i].f[feat] > own[feat] : mv[i].f[feat] < own[feat];
            if (!improves) continue;
            if (best < 0) {
                best = (long)i;
                continue;
            }
            const fess_move *m = &mv[i], *o = &mv[best];
            bool more = feat == F_PACK ? m->f[feat] > o->f[feat] : m->f[feat] < o->f[feat];
            if (more || (m->f[feat] == o->f[feat] && better(m, o) < 0)) best = (long)i;
        }
        if (best >= 0 && mv[best].weight) {
            mv[best].weight = 0;
            mv[best].advisor = (uint8_t)(a + 1);
        }
    }
    qsort(mv, count, sizeof *mv, move_order);
}

/* ===== feature space ====================================================================== */

static uint32_t cell_key(const uint8_t *feat)
{
    return (uint32_t)feat[F_PACK] | (uint32_t)feat[F_CONN] << 8 | (uint32_t)feat[F_ROOM] << 16 |
           (uint32_t)feat[F_OOP] << 24;
}

static int find_cell(push_fess *f, uint32_t key)
{
    if ((uint32_t)(f->ncells + 1) * 2 > f->cell_mask + 1) {
        uint32_t slots = (f->cell_mask + 1) * 2;
        if (!charge(f, sizeof *f->cell_slot * slots)) return -1;
        int32_t *slot = calloc(slots, sizeof *slot);
        if (!slot) return -1;
        free(f->cell_slot);
        f->cell_slot = slot;
        f->cell_mask = slots - 1;
        for (int i = 0; i < f->ncells; i++) {
            uint32_t s = (uint32_t)push_mix64(f->cells[i].key) & f->cell_mask;
            while (f->cell_slot[s]) s = (s + 1) & f->cell_mask;
            f->cell_slot[s] = i + 1;
        }
    }
    uint32_t s = (uint32_t)push_mix64(key) & f->cell_mask;
    for (; f->cell_slot[s]; s = (s + 1) & f->cell_mask)
        if (f->cells[f->cell_slot[s] - 1].key == key) return f->cell_slot[s] - 1;
    if (f->ncells == f->cells_cap) {
        int cap = f->cells_cap ? f->cells_cap * 2 : 64;
        if (!charge(f, sizeof *f->cells * (size_t)(cap - f->cells_cap))) return -1;
        fess_cell *bigger = realloc(f->cells, sizeof *bigger * (size_t)cap);
        if (!bigger) return -1;
        f->cells = bigger;
        f->cells_cap = cap;
    }
    int i = f->ncells++;
    memset(&f->cells[i], 0, sizeof f->cells[i]);
    f->cells[i].key = key;
    f->cell_slot[s] = i + 1;
    return i;
}

static uint64_t heap_item(const push_fess *f, uint32_t id)
{
    const fess_info *in = &f->info[id];
    const fess_move *m = &f->moves[in->first + in->next];
    uint64_t weight = (uint64_t)in->weight + m->weight, tie = m->h < (1u << TIE_BITS) ? m->h : (1u << TIE_BITS) - 1;
    if (weight >= (1u << (32 - TIE_BITS))) weight = (1u << (32 - TIE_BITS)) - 1;
    return (weight << TIE_BITS | tie) << 32 | id;
}

static bool heap_push(push_fess *f, fess_cell *c, uint64_t item)
{
    if (c->count == c->cap) {
        uint32_t cap = c->cap ? c->cap * 2 : 8;
        if (!charge(f, sizeof *c->heap * (cap - c->cap))) return false;
        uint64_t *bigger = realloc(c->heap, sizeof *bigger * cap);
        if (!bigger) {
            f->out_of_memory = true;
            return false;
        }
        c->heap = bigger;
        c->cap = cap;
    }
    uint32_t i = c->count++;
    while (i > 0) {
        uint32_t parent = (i - 1) / 2;
        if (c->heap[parent] <= item) break;
        c->heap[i] = c->heap[parent];
        i = parent;
    }
    c->heap[i] = item;
    return true;
}

static uint64_t heap_pop(fess_cell *c)
{
    uint64_t top = c->heap[0], last = c->heap[--c->count];
    uint32_t i = 0, n = c->count;
    for (;;) {
        uint32_t child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && c->heap[child + 1] < c->heap[child]) child++;
        if (c->heap[child] >= last) break;
        c->heap[i] = c->heap[child];
        i = child;
    }
    if (n > 0) c->heap[i] = last;
    return top;
}

/* ===== making positions =================================================================== */

static bool info_room(push_fess *f, uint32_t id)
{
    if (id < f->info_cap) return true;
    uint32_t cap = f->info_cap ? f->info_cap * 2 : 1024;
    while (cap <= id) cap *= 2;
    if (!charge(f, sizeof *f->info * (cap - f->info_cap))) return false;
    fess_info *bigger = realloc(f->info, sizeof *bigger * cap);
    if (!bigger) {
        f->out_of_memory = true;
        return false;
    }
    f->info = bigger;
    f->info_cap = cap;
    return true;
}

/* Whether the position in f->pos (made by a push onto `to`, or the start when to < 0; player
 * region reach == stamp, normalised to norm) is lost by the costly tests. */
static bool lost(push_fess *f, int to, int norm, const uint32_t *reach, uint32_t stamp)
{
    const push_board *b = f->b;
    if (f->cfg.opt.corral) {
        int npush = push_corral_find(&f->corral, b, &f->pos, f->nfrozen ? f->frozen_mark : NULL, reach, stamp);
        if (npush == 0) return true;
        if (npush > 0 && f->cfg.patterns && f->cfg.opt.corral_dead &&
            push_pattern_corral_dead(f->cfg.patterns, &f->pos, f->corral.best_fence, f->corral.nbest_fence, norm,
                                     f->nodes * NODE_WORTH))
            return true;
    }
    return to >= 0 && f->cfg.patterns && push_pattern_dead(f->cfg.patterns, &f->pos, to, norm, f->nodes * NODE_WORTH);
}

/* Finds and orders the moves of the new node id (position in f->pos, player region in
 * f->reach with `stamp`, own features feat), and files it in its cell. */
static void settle(push_fess *f, uint32_t id, const uint8_t *feat, uint32_t stamp)
{
    const push_board *b = f->b;
    size_t count = 0;
    bool solved = false;
    uint64_t hash = boxes_hash(f, f->pos.box);
    for (int i = 0; i < b->nboxes; i++) f->wall[f->pos.box[i]] = 1;
    bool ok = true;
    for (int i = 0; i < b->nboxes && ok && !solved; i++) ok = box_moves(f, i, f->reach, stamp, hash, &count, &solved);
    for (int i = 0; i < b->nboxes; i++) f->wall[f->pos.box[i]] = 0;
    if (!ok) return;
    fess_info *in = &f->info[id];
    in->count = 0;
    in->next = 0;
    if (solved) {
        /* Play the solving move at once. */
        for (size_t m = 0; m < count; m++) {
            if (f->scratch[m].h != 0) continue;
            fess_move win = f->scratch[m];
            int slot = f->pos.occ[win.from];
            push_pos_move(&f->pos, b, slot, win.to);
            uint32_t s2 = next_stamp(f);
            int norm = push_reach(b, f->pos.occ, win.side, f->child_reach, s2, f->queue);
            uint64_t h2 = boxes_hash(f, f->pos.box) ^ f->zplayer[norm];
            uint32_t sid = push_table_add(&f->tt, h2, f->pos.box, norm);
            if (!sid || !info_room(f, sid)) {
                f->out_of_memory = true;
                return;
            }
            push_node *nd = push_table_node(&f->tt, sid);
            nd->parent = id;
            nd->h = 0;
            memset(&f->info[sid], 0, sizeof f->info[sid]);
            f->info[sid].from = win.from, f->info[sid].to = win.to, f->info[sid].side = win.side;
            f->solution = sid;
            f->meet_id = f->cfg.meet ? push_meet_find(f->cfg.meet, h2, f->pos.box, norm) : 0;
            return;
        }
    }
    if (count == 0) return;
    advise(f->scratch, count, feat);
    if (f->nmoves + count > f->moves_cap) {
        size_t cap = f->moves_cap ? f->moves_cap * 2 : 1 << 16;
        while (cap < f->nmoves + count) cap *= 2;
        if (!charge(f, sizeof *f->moves * (cap - f->moves_cap))) return;
        fess_move *bigger = realloc(f->moves, sizeof *bigger * cap);
        if (!bigger) {
            f->out_of_memory = true;
            return;
        }
        f->moves = bigger;
        f->moves_cap = cap;
    }
    memcpy(f->moves + f->nmoves, f->scratch, sizeof *f->scratch * count);
    in->first = (uint32_t)f->nmoves;
    in->count = (uint32_t)count;
    f->nmoves += count;
    int cell = find_cell(f, cell_key(feat));
    if (cell < 0) {
        f->out_of_memory = true;
        return;
    }
    in->cell = cell;
    heap_push(f, &f->cells[cell], heap_item(f, id));
}

/* Plays move m of node parent (its position in f->pos): the new position is made, tested and
 * settled unless it is known or lost. */
static void play(push_fess *f, uint32_t parent, const fess_move *m)
{
    const push_board *b = f->b;
    int slot = f->pos.occ[m->from];
    push_pos_move(&f->pos, b, slot, m->to);
    uint32_t stamp = next_stamp(f);
    int norm = push_reach(b, f->pos.occ, m->side, f->reach, stamp, f->queue);
    uint64_t hash = boxes_hash(f, f->pos.box) ^ f->zplayer[norm];
    if (push_table_find(&f->tt, hash, f->pos.box, norm)) return;
    uint32_t id = push_table_add(&f->tt, hash, f->pos.box, norm);
    if (!id || !info_room(f, id)) {
        f->out_of_memory = true;
        return;
    }
    f->nodes++;
    push_node *nd = push_table_node(&f->tt, id);
    push_node *pn = push_table_node(&f->tt, parent);
    nd->parent = parent;
    nd->g = (uint16_t)(pn->g + m->pushes < PUSH_FAR ? pn->g + m->pushes : PUSH_FAR - 1);
    nd->moved = m->to;
    fess_info *in = &f->info[id];
    memset(in, 0, sizeof *in);
    in->weight = f->info[parent].weight + m->weight;
    in->from = m->from, in->to = m->to, in->side = m->side;
    in->cell = -1;
    int h = position_bound(f, f->reach, stamp);
    if (h == PUSH_FAR || lost(f, m->to, norm, f->reach, stamp)) {
        nd->h = PUSH_FAR;
        nd->closed = 1;
        return;
    }
    nd->h = (uint16_t)h;
    if (m->f[F_PACK] > f->best_packed) f->best_packed = m->f[F_PACK];
    settle(f, id, m->f, stamp);
}

/* ===== the search ========================================================================= */

static bool out_of_time(const push_fess *f)
{
    const push_search_config *c = &f->cfg;
    if (c->cancel && *c->cancel) return true;
    if (c->max_nodes && f->nodes >= c->max_nodes) return true;
    return c->seconds > 0 && solve_clock() - c->t0 > c->seconds;
}

void push_fess_run(push_fess *f, int slice)
{
    for (int done = 0; done < slice && !f->solution && !f->out_of_memory && !f->exhausted && !f->timed_out; done++) {
        /* The next cell in turn with a move left. */
        int tried = 0;
        while (tried < f->ncells && f->cells[f->cursor % f->ncells].count == 0) {
            f->cursor = (f->cursor + 1) % f->ncells;
            tried++;
        }
        if (f->ncells == 0 || tried == f->ncells) {
            f->exhausted = true;
            return;
        }
        fess_cell *c = &f->cells[f->cursor];
        f->cursor = (f->cursor + 1) % f->ncells;
        uint32_t id = (uint32_t)heap_pop(c);
        fess_info *in = &f->info[id];
        fess_move m = f->moves[in->first + in->next];
        in->next++;
        if (in->next < in->count) heap_push(f, c, heap_item(f, id));
        push_node *nd = push_table_node(&f->tt, id);
        push_pos_load(&f->pos, f->b, nd->box, nd->player);
        play(f, id, &m);
        if ((done + 1) % CHECK_EVERY == 0 && out_of_time(f)) f->timed_out = true;
    }
    if (!f->solution && out_of_time(f)) f->timed_out = true;
}

bool push_fess_start(push_fess *f)
{
    const push_board *b = f->b;
    push_pos_load(&f->pos, b, b->start_box, b->start_player);
    uint32_t stamp = next_stamp(f);
    int norm = push_reach(b, f->pos.occ, b->start_player, f->reach, stamp, f->queue);
    uint32_t id = push_table_add(&f->tt, boxes_hash(f, f->pos.box) ^ f->zplayer[norm], f->pos.box, norm);
    if (!id || !info_room(f, id)) {
        f->out_of_memory = true;
        return true;
    }
    push_node *nd = push_table_node(&f->tt, id);
    nd->moved = NO_CELL;
    fess_info *in = &f->info[id];
    memset(in, 0, sizeof *in);
    in->from = in->to = in->side = NO_CELL;
    in->cell = -1;
    int h = position_bound(f, f->reach, stamp);
    if (h == PUSH_FAR || lost(f, -1, norm, f->reach, stamp)) return false;
    nd->h = (uint16_t)h;
    if (h == 0) {
        f->solution = id;
        return true;
    }
    uint8_t feat[NFEAT];
    features(f, f->reach, stamp, feat);
    f->best_packed = feat[F_PACK];
    /* features() used the marks; the player's region is still in f->reach. */
    settle(f, id, feat, stamp);
    if (!f->solution && f->ncells == 0 && !f->out_of_memory) f->exhausted = true;
    return true;
}

/* ===== the solution ======================================================================= */

bool push_fess_write(push_fess *f, solve_result *out)
{
    const push_board *b = f->b;
    uint32_t n = 0;
    for (uint32_t id = f->solution; id; id = push_table_node(&f->tt, id)->parent) n++;
    uint32_t *path = malloc(sizeof *path * (n + 1));
    int8_t *dirs = malloc((size_t)b->n * (size_t)b->ndirs + 1);
    if (!path || !dirs) {
        free(path), free(dirs);
        return false;
    }
    uint32_t k = n;
    for (uint32_t id = f->solution; id; id = push_table_node(&f->tt, id)->parent) path[--k] = id;
    push_text t = { 0 };
    push_text_put(&t, 0);
    t.len = 0, t.moves = 0;
    int at = b->start_player;
    push_pos_load(&f->pos, b, b->start_box, at);
    bool ok = !t.failed;
    for (uint32_t i = 1; i < n && ok; i++) {
        const fess_info *in = &f->info[path[i]];
        int len = push_relocation(&f->walker, f->pos.occ, in->from, at, in->to, in->side, dirs, b->n * b->ndirs);
        ok = len >= 0;
        for (int s = 0, c = in->from; s < len && ok; s++) {
            ok = push_write_push(&f->walker, &f->pos, &at, c, dirs[s], &t);
            c = push_step(b, c, dirs[s]);
        }
    }
    free(path), free(dirs);
    if (ok && f->meet_id) ok = push_meet_write(f->cfg.meet, f->meet_id, &f->walker, &f->pos, &at, &t);
    if (!ok) {
        push_text_free(&t);
        return false;
    }
    out->solution = t.s;
    out->moves = t.moves;
    out->pushes = t.pushes;
    return true;
}

/* ===== lifetime =========================================================================== */

push_fess_state push_fess_state_of(const push_fess *f)
{
    push_fess_state st = { f->solution != 0, f->exhausted, f->timed_out, f->out_of_memory, f->nodes, f->ncells,
                           f->best_packed, f->meet_id != 0 };
    return st;
}

size_t push_fess_bytes(const push_fess *f) { return f ? f->mem.used + f->fixed.bytes : 0; }

void push_fess_free(push_fess *f)
{
    if (!f) return;
    push_table_free(&f->tt);
    push_pos_free(&f->pos);
    push_freeze_free(&f->frz);
    push_matcher_free(&f->mat);
    push_corral_free(&f->corral);
    push_fixed_free(&f->fixed);
    push_walker_free(&f->walker);
    for (int i = 0; i < f->ncells; i++) free(f->cells[i].heap);
    free(f->cells), free(f->cell_slot), free(f->info), free(f->moves), free(f->scratch);
    free(f->reach), free(f->child_reach), free(f->mark), free(f->queue), free(f->zbox), free(f->zplayer);
    free(f->wall), free(f->side), free(f->seen), free(f->bfs), free(f->bfs_depth);
    free(f->frozen), free(f->frozen_mark), free(f->row_cell), free(f->link_of), free(f->link_seen);
    free(f);
}

push_fess *push_fess_new(const push_board *b, const push_plan *pl, const push_search_config *cfg)
{
    push_fess *f = calloc(1, sizeof *f);
    if (!f) return NULL;
    f->b = b;
    f->plan = pl;
    f->cfg = *cfg;
    size_t walled = cfg->memory / 8;
    f->mem.limit = cfg->memory - walled;
    int n = b->n, nd = b->ndirs, nk = b->nclasses ? b->nclasses : 1;
    size_t sides = (size_t)n * (size_t)nd + 1;
    f->reach = calloc((size_t)n + 1, sizeof *f->reach);
    f->child_reach = calloc((size_t)n + 1, sizeof *f->child_reach);
    f->mark = calloc((size_t)n + 1, sizeof *f->mark);
    f->queue = malloc(sizeof *f->queue * ((size_t)n + 1));
    f->zbox = malloc(sizeof *f->zbox * (size_t)n * (size_t)nk);
    f->zplayer = malloc(sizeof *f->zplayer * ((size_t)n + 1));
    f->wall = calloc((size_t)n + 1, 1);
    f->side = malloc(sizeof *f->side * sides);
    f->seen = calloc(sides, sizeof *f->seen);
    f->bfs = malloc(sizeof *f->bfs * sides);
    f->bfs_depth = malloc(sizeof *f->bfs_depth * sides);
    f->frozen = malloc(sizeof *f->frozen * ((size_t)b->nboxes + 1));
    f->frozen_mark = calloc((size_t)n + 1, 1);
    f->row_cell = malloc(sizeof *f->row_cell * ((size_t)b->nboxes + 1));
    f->link_of = malloc(sizeof *f->link_of * ((size_t)n + 1));
    f->cell_slot = calloc(64, sizeof *f->cell_slot);
    f->cell_mask = 63;
    if (!f->reach || !f->child_reach || !f->mark || !f->queue || !f->zbox || !f->zplayer || !f->wall || !f->side ||
        !f->seen || !f->bfs || !f->bfs_depth || !f->frozen || !f->frozen_mark || !f->row_cell || !f->link_of ||
        !f->cell_slot || push_pos_init(&f->pos, b) != 0 || push_freeze_init(&f->frz, b) != 0 ||
        push_matcher_init(&f->mat, b->nboxes, b->ngoals) != 0 || push_corral_init(&f->corral, b) != 0 ||
        push_walker_init(&f->walker, b) != 0 || push_fixed_init(&f->fixed, b, walled) != 0 ||
        push_table_init(&f->tt, b->nboxes, 1u << 14, &f->mem) != 0 || find_links(f) != 0) {
        push_fess_free(f);
        return NULL;
    }
    for (int k = 0; k < nk; k++)
        for (int c = 0; c < n; c++) f->zbox[k * n + c] = push_key_box(k, n, c);
    for (int c = 0; c < n; c++) f->zplayer[c] = push_key_player(c);
    return f;
}
