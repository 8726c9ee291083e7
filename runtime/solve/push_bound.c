/* push_bound.c: the static analysis behind the lower bound (which sides of a box the player
 * can walk between, lone-box push distances to every goal, dead squares) and the bound itself,
 * a minimum-cost matching of boxes to goals (Hungarian algorithm). */
#include "solve/push_board.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ===== side labels ======================================================================== *
 * With a lone box on c, the player can walk from neighbour x of c to neighbour y exactly when
 * x and y are joined in the board without c, which holds exactly when the edges c-x and c-y
 * lie on one cycle, that is, in one biconnected block. Tarjan's block decomposition labels every
 * edge in linear time, where flooding the board once per cell would be quadratic. */

typedef struct frame {
    int32_t v;
    int8_t next, from;            /* next direction to try; direction that led here (-1 root) */
} frame;

/* The neighbour of c in direction d, with the cells marked in wall (may be NULL) walled up. */
static inline int open_step(const push_board *b, const uint8_t *wall, int c, int d)
{
    int m = push_step(b, c, d);
    return m >= 0 && wall && wall[m] ? -1 : m;
}

int push_side_labels(const push_board *b, const uint8_t *wall, int32_t *side)
{
    int n = b->n, nd = b->ndirs;
    int32_t *disc = malloc(sizeof *disc * (size_t)n), *low = malloc(sizeof *low * (size_t)n);
    frame *fs = malloc(sizeof *fs * (size_t)n);
    int32_t *es = malloc(sizeof *es * (size_t)n * (size_t)nd);
    if (!disc || !low || !fs || !es) {
        free(disc), free(low), free(fs), free(es);
        return -1;
    }
    for (int i = 0; i < n; i++) disc[i] = -1;
    for (int i = 0; i < n * nd; i++) side[i] = -1;
    int time = 0, block = 0;
    for (int root = 0; root < n; root++) {
        if (disc[root] >= 0 || (wall && wall[root])) continue;
        int nf = 0, ne = 0;
        disc[root] = low[root] = time++;
        fs[nf++] = (frame){ root, 0, -1 };
        while (nf > 0) {
            frame *f = &fs[nf - 1];
            int v = f->v;
            if (f->next < nd) {
                int d = f->next++;
                int x = open_step(b, wall, v, d);
                if (x < 0 || (f->from >= 0 && d == b->opp[f->from])) continue;
                if (disc[x] < 0) {
                    es[ne++] = v * nd + d;
                    disc[x] = low[x] = time++;
                    fs[nf++] = (frame){ x, 0, (int8_t)d };
                } else if (disc[x] < disc[v]) {
                    es[ne++] = v * nd + d;
                    if (disc[x] < low[v]) low[v] = disc[x];
                }
                continue;
            }
            int from = f->from;
            nf--;
            if (nf == 0) break;
            int u = fs[nf - 1].v;
            if (low[v] < low[u]) low[u] = low[v];
            if (low[v] >= disc[u]) {
                /* u separates v's subtree: the edges above the tree edge u-v form one block. */
                int tree = u * nd + from, e;
                do {
                    e = es[--ne];
                    int a = e / nd, d = e % nd;
                    side[e] = block;
                    side[push_step(b, a, d) * nd + b->opp[d]] = block;
                } while (e != tree);
                block++;
            }
        }
    }
    free(disc), free(low), free(fs), free(es);
    return 0;
}

/* ===== push distances ===================================================================== *
 * Backwards from each goal: a box that reached c1 by a push has the player on the cell it came
 * from, and from there on any side of c1 with the same label. One breadth-first pass per goal
 * over (cell, side) pairs. */

static void set_sides(const push_board *b, const int32_t *side, uint16_t *dist, int c, int d, uint16_t value)
{
    int nd = b->ndirs;
    int32_t label = side[c * nd + d];
    for (int e = 0; e < nd; e++)
        if (side[c * nd + e] == label) dist[c * nd + e] = value;
}

/* Fills t->dist and t->dist_any (allocated) from t->side; goals under a wall stay unreachable. */
static void push_distances(const push_board *b, const uint8_t *wall, push_dists *t, int32_t *queue)
{
    int n = b->n, nd = b->ndirs, ng = b->ngoals;
    size_t per_goal = (size_t)n * (size_t)nd;
    const int32_t *side = t->side;
    for (int j = 0; j < ng; j++) {
        uint16_t *dist = t->dist + per_goal * (size_t)j;
        for (size_t i = 0; i < per_goal; i++) dist[i] = PUSH_FAR;
        int head = 0, tail = 0, gc = b->goal[j];
        for (int d = 0; d < nd && !(wall && wall[gc]); d++)
            if (open_step(b, wall, gc, d) >= 0 && dist[gc * nd + d] == PUSH_FAR) {
                set_sides(b, side, dist, gc, d, 0);
                queue[tail++] = gc * nd + d;
            }
        while (head < tail) {
            int c1 = queue[head] / nd, d1 = queue[head] % nd;
            head++;
            uint16_t next = (uint16_t)(dist[c1 * nd + d1] + 1);
            int32_t label = side[c1 * nd + d1];
            for (int e = 0; e < nd; e++) {
                if (side[c1 * nd + e] != label) continue;
                /* The box came from c0 (side e of c1), pushed by the player from beyond it. */
                int c0 = push_step(b, c1, e);
                if (open_step(b, wall, c0, e) < 0 || dist[c0 * nd + e] != PUSH_FAR) continue;
                set_sides(b, side, dist, c0, e, next);
                queue[tail++] = c0 * nd + e;
            }
        }
        for (int c = 0; c < n; c++) {
            uint16_t best = PUSH_FAR;
            for (int d = 0; d < nd; d++)
                if (dist[c * nd + d] < best) best = dist[c * nd + d];
            t->dist_any[j * n + c] = best;
        }
    }
}

static size_t dists_bytes(const push_board *b)
{
    size_t per_goal = (size_t)b->n * (size_t)b->ndirs, ng = (size_t)(b->ngoals ? b->ngoals : 1);
    return sizeof(int32_t) * per_goal + sizeof(uint16_t) * (per_goal * ng + (size_t)b->n * ng);
}

static void dists_free(push_dists *t)
{
    free(t->side), free(t->dist), free(t->dist_any);
    memset(t, 0, sizeof *t);
}

/* Side labels and distances with the cells marked in wall (may be NULL) walled up. */
static int dists_build(const push_board *b, const uint8_t *wall, push_dists *t)
{
    size_t per_goal = (size_t)b->n * (size_t)b->ndirs, ng = (size_t)(b->ngoals ? b->ngoals : 1);
    t->side = malloc(sizeof *t->side * per_goal);
    t->dist = malloc(sizeof *t->dist * per_goal * ng);
    t->dist_any = malloc(sizeof *t->dist_any * (size_t)b->n * ng);
    int32_t *queue = malloc(sizeof *queue * per_goal);
    if (!t->side || !t->dist || !t->dist_any || !queue || push_side_labels(b, wall, t->side) != 0) {
        free(queue);
        dists_free(t);
        return -1;
    }
    /* With several players, one may wait beyond a box while another pushes it: the sides of a
     * cell are not cut off from each other, so they share one label (plain pull distances). */
    int players = 0;
    for (int i = 0; i < b->nplayers; i++) players += b->player_at[i] >= 0;
    if (players > 1)
        for (size_t i = 0; i < per_goal; i++)
            if (t->side[i] >= 0) t->side[i] = (int32_t)(i / (size_t)b->ndirs);
    push_distances(b, wall, t, queue);
    free(queue);
    return 0;
}

/* A square is dead for a class when no goal that takes the class can ever be reached from it. */
static int dead_squares(push_board *b)
{
    int n = b->n, nk = b->nclasses ? b->nclasses : 1;
    b->dead = malloc((size_t)n * (size_t)nk);
    b->dead_all = malloc((size_t)n);
    if (!b->dead || !b->dead_all) return -1;
    for (int c = 0; c < n; c++) {
        bool all = b->nclasses > 0;
        for (int k = 0; k < nk; k++) {
            bool dead = true;
            for (int j = 0; j < b->ngoals && dead; j++)
                if (k < b->nclasses && push_accepts(b, k, j) && b->base.dist_any[j * n + c] != PUSH_FAR)
                    dead = false;
            b->dead[k * n + c] = dead;
            all = all && dead;
        }
        b->dead_all[c] = all;
    }
    return 0;
}

int push_board_analyse(push_board *b)
{
    if (dists_build(b, NULL, &b->base) != 0 || dead_squares(b) != 0 || push_corridors_init(b) != 0)
        return -1;
    return 0;
}

/* ===== the matching bound ================================================================= *
 * Boxes are matched to goals on a square matrix (dummy rows of zeros when goals outnumber
 * boxes), so that the dual variables are free and a changed row can be re-solved alone: a
 * child differs from its parent in the row of the pushed box and in the rows whose reachable
 * side changed, and re-augmenting those rows costs O(ng^2) each instead of O(ng^3). */

enum { COST_INF = 1 << 17 };      /* above any push distance, small enough to sum safely */

int push_matcher_init(push_matcher *m, int nb, int ng)
{
    memset(m, 0, sizeof *m);
    m->nb = nb;
    m->ng = ng;
    size_t cells = (size_t)(ng ? ng : 1) * (size_t)(ng ? ng : 1), k = (size_t)ng + 1;
    m->cost = malloc(sizeof *m->cost * cells);
    m->base_cost = malloc(sizeof *m->base_cost * cells);
    m->u = malloc(sizeof *m->u * k), m->base_u = malloc(sizeof *m->base_u * k);
    m->v = malloc(sizeof *m->v * k), m->base_v = malloc(sizeof *m->base_v * k);
    m->p = malloc(sizeof *m->p * k), m->base_p = malloc(sizeof *m->base_p * k);
    m->way = malloc(sizeof *m->way * k);
    m->minv = malloc(sizeof *m->minv * k);
    m->open = malloc(sizeof *m->open * k);
    m->key = malloc(sizeof *m->key * k), m->base_key = malloc(sizeof *m->base_key * k);
    m->dirty = malloc(sizeof *m->dirty * k);
    if (!m->cost || !m->base_cost || !m->u || !m->base_u || !m->v || !m->base_v || !m->p || !m->base_p ||
        !m->way || !m->minv || !m->open || !m->key || !m->base_key || !m->dirty) {
        push_matcher_free(m);
        return -1;
    }
    for (size_t i = (size_t)nb * (size_t)ng; i < cells; i++) m->cost[i] = 0;   /* dummy rows */
    return 0;
}

void push_matcher_resize(push_matcher *m, int nb)
{
    size_t ng = (size_t)m->ng;
    m->nb = nb;
    for (size_t i = (size_t)nb * ng; i < ng * ng; i++) m->cost[i] = 0;   /* dummy rows */
    m->all_dirty = true;
}

void push_matcher_free(push_matcher *m)
{
    free(m->cost), free(m->base_cost), free(m->u), free(m->base_u), free(m->v), free(m->base_v);
    free(m->p), free(m->base_p), free(m->way), free(m->minv), free(m->open), free(m->key);
    free(m->base_key), free(m->dirty);
    memset(m, 0, sizeof *m);
}

/* Adds row i (1-based) to the matching by a shortest augmenting path over reduced costs, which
 * must all be >= 0 (the potentials stay feasible and the matching optimal). Dijkstra over the
 * columns: minv[j] is the path length to column j, final once j is reached; the potentials
 * move once, at the end, by how much shorter than the whole path each reached part was. */
static void augment(push_matcher *m, int i)
{
    int n = m->ng, *u = m->u, *v = m->v, *p = m->p, *way = m->way, *minv = m->minv, *open = m->open;
    const int *row = m->cost + (size_t)(i - 1) * (size_t)n;
    for (int j = 1; j <= n; j++) {
        minv[j] = row[j - 1] - u[i] - v[j];
        way[j] = 0;
        open[j - 1] = j;
    }
    p[0] = i;
    int nopen = n, j0, len;
    for (;;) {
        int best = 0;
        for (int k = 1; k < nopen; k++)
            if (minv[open[k]] < minv[open[best]]) best = k;
        j0 = open[best];
        open[best] = open[--nopen];
        open[nopen] = j0;                         /* reached columns gather at the end */
        len = minv[j0];
        if (p[j0] == 0) break;
        int i0 = p[j0], base = len - u[i0];
        const int *r0 = m->cost + (size_t)(i0 - 1) * (size_t)n;
        for (int k = 0; k < nopen; k++) {
            int j = open[k], cur = base + r0[j - 1] - v[j];
            if (cur < minv[j]) minv[j] = cur, way[j] = j0;
        }
    }
    u[i] += len;
    for (int k = nopen + 1; k < n; k++) {         /* reached before the free column j0 */
        int j = open[k];
        u[p[j]] += len - minv[j];
        v[j] -= len - minv[j];
    }
    do {
        int j1 = way[j0];
        p[j0] = p[j1];
        j0 = j1;
    } while (j0);
}

/* The cost of the matching in m, or PUSH_FAR when it needs an impossible pair. */
static int matching_cost(const push_matcher *m)
{
    int total = 0, n = m->ng;
    for (int j = 1; j <= n; j++) {
        int i = m->p[j];
        if (i > m->nb) continue;                  /* a dummy row */
        int c = m->cost[(i - 1) * n + j - 1];
        if (c >= COST_INF) return PUSH_FAR;
        total += c;
    }
    return total < PUSH_FAR ? total : PUSH_FAR - 1;
}

/* What row costs depend on: the cell, and the label of the side the player reaches (or none,
 * or the box being fixed). */
static int64_t row_key(const push_board *b, int c, const uint32_t *reach, uint32_t stamp,
                       const push_dists *t, const uint8_t *fixed, int *side)
{
    *side = -1;
    if (fixed && fixed[c]) return (int64_t)c << 32;
    /* Every side the player can reach now has the same label (they are joined without the
     * box), so one of them gives the box's distance; with none, any side might come. */
    for (int d = 0; d < b->ndirs; d++) {
        int x = push_step(b, c, d);
        if (x >= 0 && reach[x] == stamp) {
            *side = d;
            return ((int64_t)c << 32) | (uint32_t)(t->side[c * b->ndirs + d] + 3);
        }
    }
    return ((int64_t)c << 32) | 1;
}

/* Fills row i (0-based) for a box of class k on c; false when no goal is possible for it. */
static bool fill_row(const push_board *b, push_matcher *m, int i, int k, int c, int side,
                     const push_dists *t, const uint8_t *fixed)
{
    int ng = b->ngoals, n = b->n, nd = b->ndirs, *row = m->cost + i * ng;
    if (fixed && fixed[c]) {
        for (int j = 0; j < ng; j++) row[j] = COST_INF;
        row[b->goal_at[c]] = 0;
        return true;
    }
    if (b->dead[k * n + c]) return false;
    int best = COST_INF;
    for (int j = 0; j < ng; j++) {
        int dj = PUSH_FAR;
        if (push_accepts(b, k, j))
            dj = side >= 0 ? t->dist[((size_t)j * (size_t)n + (size_t)c) * (size_t)nd + (size_t)side]
                           : t->dist_any[j * n + c];
        row[j] = dj == PUSH_FAR ? COST_INF : dj;
        if (row[j] < best) best = row[j];
    }
    return best < COST_INF;
}

int push_lower_bound(const push_board *b, push_matcher *m, const push_pos *p, const uint32_t *reach,
                     uint32_t stamp, const push_dists *t, const uint8_t *fixed)
{
    int nb = b->nboxes, ng = b->ngoals;
    m->all_dirty = true;
    if (nb > ng) return PUSH_FAR;
    for (int i = 0; i < nb; i++) {
        int side;
        m->key[i] = row_key(b, p->box[i], reach, stamp, t, fixed, &side);
        if (!fill_row(b, m, i, b->box_class[i], p->box[i], side, t, fixed)) return PUSH_FAR;
    }
    for (int j = 0; j <= ng; j++) m->u[j] = m->v[j] = m->p[j] = 0;
    for (int i = 1; i <= nb; i++) augment(m, i);
    /* The dummy rows cost nothing anywhere: each takes a column left free, whose potential is
     * still 0 (only reached columns move, and they end up matched), with its own potential 0;
     * every other column's is <= 0, so the reduced costs stay >= 0 and the matching optimal. */
    for (int j = 1, i = nb + 1; j <= ng; j++)
        if (m->p[j] == 0) m->p[j] = i, m->u[i++] = 0;
    return matching_cost(m);
}

void push_bound_keep(push_matcher *m)
{
    size_t n = (size_t)m->ng + 1;
    memcpy(m->base_cost, m->cost, sizeof *m->cost * (size_t)m->ng * (size_t)m->ng);
    memcpy(m->base_u, m->u, sizeof *m->u * n);
    memcpy(m->base_v, m->v, sizeof *m->v * n);
    memcpy(m->base_p, m->p, sizeof *m->p * n);
    memcpy(m->base_key, m->key, sizeof *m->key * n);
    m->ndirty = 0;
    m->all_dirty = false;
}

/* Back to the kept solution. */
static void restore(push_matcher *m)
{
    size_t n = (size_t)m->ng + 1, ng = (size_t)m->ng;
    if (m->all_dirty) {
        memcpy(m->cost, m->base_cost, sizeof *m->cost * ng * ng);
        memcpy(m->key, m->base_key, sizeof *m->key * n);
    } else {
        for (int r = 0; r < m->ndirty; r++) {
            int i = m->dirty[r];
            memcpy(m->cost + (size_t)i * ng, m->base_cost + (size_t)i * ng, sizeof *m->cost * ng);
            m->key[i] = m->base_key[i];
        }
    }
    memcpy(m->u, m->base_u, sizeof *m->u * n);
    memcpy(m->v, m->base_v, sizeof *m->v * n);
    memcpy(m->p, m->base_p, sizeof *m->p * n);
    m->ndirty = 0;
    m->all_dirty = false;
}

int push_bound_child(const push_board *b, push_matcher *m, const uint16_t *cell, const uint32_t *reach,
                     uint32_t stamp, const push_dists *t, const uint8_t *fixed)
{
    int nb = b->nboxes, ng = b->ngoals;
    restore(m);
    for (int i = 0; i < nb; i++) {
        int side;
        int64_t key = row_key(b, cell[i], reach, stamp, t, fixed, &side);
        if (key == m->key[i]) continue;
        m->key[i] = key;
        m->dirty[m->ndirty++] = i;
        if (!fill_row(b, m, i, b->box_class[i], cell[i], side, t, fixed)) return PUSH_FAR;
    }
    for (int r = 0; r < m->ndirty; r++) {
        int i = m->dirty[r] + 1;
        for (int j = 1; j <= ng; j++)
            if (m->p[j] == i) m->p[j] = 0;
    }
    for (int r = 0; r < m->ndirty; r++) {
        /* The lowest potential that keeps every reduced cost of the new row >= 0. A free
         * column where it is reached takes the row at once: the edge is tight, so the
         * matching stays optimal (most often the column the box's row had before). */
        int i = m->dirty[r] + 1, low = INT_MAX, at = 0;
        const int *row = m->cost + (i - 1) * ng;
        for (int j = 1; j <= ng; j++) {
            int cur = row[j - 1] - m->v[j];
            if (cur < low || (cur == low && m->p[j] == 0)) low = cur, at = j;
        }
        m->u[i] = low;
        if (m->p[at] == 0) m->p[at] = i;
        else augment(m, i);
    }
    return matching_cost(m);
}

/* ===== distances with frozen boxes as walls =============================================== */

int push_fixed_init(push_fixed_cache *fc, const push_board *b, size_t limit)
{
    memset(fc, 0, sizeof *fc);
    fc->limit = limit;
    fc->wall = calloc((size_t)b->n + 1, 1);
    return fc->wall ? 0 : -1;
}

void push_fixed_free(push_fixed_cache *fc)
{
    for (int i = 0; i < fc->count; i++) {
        free(fc->entry[i]->cells);
        dists_free(&fc->entry[i]->d);
        free(fc->entry[i]);
    }
    free(fc->entry), free(fc->slot), free(fc->wall);
    memset(fc, 0, sizeof *fc);
}

static uint64_t cells_key(const int32_t *cells, int count)
{
    uint64_t h = 0x2545f4914f6cdd1du;
    for (int i = 0; i < count; i++) {
        h ^= (uint64_t)(uint32_t)cells[i] + 0x9e3779b97f4a7c15u + (h << 6) + (h >> 2);
        h *= 0xbf58476d1ce4e5b9u;
    }
    return h ^ (h >> 31);
}

static int find_slot(const push_fixed_cache *fc, uint64_t key, const int32_t *cells, int count)
{
    int mask = fc->nslots - 1, i = (int)(key & (uint64_t)mask);
    for (;; i = (i + 1) & mask) {
        int e = fc->slot[i] - 1;
        if (e < 0) return i;
        const push_fixed *f = fc->entry[e];
        if (f->key == key && f->count == count && memcmp(f->cells, cells, sizeof *cells * (size_t)count) == 0)
            return i;
    }
}

/* Room for one more entry: the entry array and a slot table at most half full. */
static bool make_room(push_fixed_cache *fc)
{
    if (fc->count == fc->cap) {
        int cap = fc->cap ? fc->cap * 2 : 16;
        push_fixed **bigger = realloc(fc->entry, sizeof *bigger * (size_t)cap);
        if (!bigger) return false;
        fc->entry = bigger;
        fc->cap = cap;
    }
    if ((fc->count + 1) * 2 > fc->nslots) {
        int nslots = fc->nslots ? fc->nslots * 2 : 64;
        int32_t *slot = calloc((size_t)nslots, sizeof *slot);
        if (!slot) return false;
        free(fc->slot);
        fc->slot = slot;
        fc->nslots = nslots;
        for (int e = 0; e < fc->count; e++)
            fc->slot[find_slot(fc, fc->entry[e]->key, fc->entry[e]->cells, fc->entry[e]->count)] = e + 1;
    }
    return true;
}

const push_dists *push_fixed_get(push_fixed_cache *fc, const push_board *b, const int32_t *cells, int count)
{
    uint64_t key = cells_key(cells, count);
    if (fc->nslots) {
        int e = fc->slot[find_slot(fc, key, cells, count)] - 1;
        if (e >= 0) return &fc->entry[e]->d;
    }
    size_t bytes = dists_bytes(b) + sizeof(int32_t) * (size_t)count + sizeof(push_fixed) + 8;
    if (fc->bytes + bytes > fc->limit || !make_room(fc)) return NULL;
    push_fixed *f = calloc(1, sizeof *f);     /* entries never move: callers keep &f->d */
    if (!f) return NULL;
    f->key = key;
    f->count = count;
    f->cells = malloc(sizeof *f->cells * (size_t)(count ? count : 1));
    if (!f->cells) {
        free(f);
        return NULL;
    }
    memcpy(f->cells, cells, sizeof *cells * (size_t)count);
    for (int i = 0; i < count; i++) fc->wall[cells[i]] = 1;
    int rc = dists_build(b, fc->wall, &f->d);
    for (int i = 0; i < count; i++) fc->wall[cells[i]] = 0;
    if (rc != 0) {
        free(f->cells);
        free(f);
        return NULL;
    }
    int slot = find_slot(fc, key, cells, count);
    fc->entry[fc->count++] = f;
    fc->slot[slot] = fc->count;
    fc->bytes += bytes;
    return &f->d;
}
