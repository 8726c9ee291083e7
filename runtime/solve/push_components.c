/* push_components.c: floor components of a position, and of its children by lookups (see
 * push_components.h).
 *
 * Why the lookups are right. Say the box left `from` for `to`; take `from` as a wall first.
 * Walled up, `to` can only cut its own component, and each piece holds a free neighbour of
 * `to`. Neighbours on one unbroken run of free cells around `to` (the eight cells round it,
 * each next to the one after it) stay together, so one run means one piece. With more runs,
 * floods from each run, side by side, join the runs whose floods meet; a flood that runs out
 * has found a whole piece, and once all but one have, the last piece is the rest of the
 * component (it keeps the label, and its smallest cell is the component's unless a whole
 * piece took that). The other components are untouched. Then freeing `from` merges it with
 * the components beside it. */
#include "solve/push_components.h"

#include <stdlib.h>

int push_components_init(push_components *pc, const push_board *b)
{
    int n = b->n;
    pc->b = b;
    pc->square = b->topo == TOPO_SQUARE && b->ndirs == 4;
    pc->count = 0;
    pc->label = malloc(sizeof *pc->label * ((size_t)n + 1));
    pc->least = malloc(sizeof *pc->least * ((size_t)n + 1));
    pc->second = malloc(sizeof *pc->second * ((size_t)n + 1));
    pc->queue = malloc(sizeof *pc->queue * (4 * (size_t)n + 1));
    pc->mark = calloc((size_t)n + 1, sizeof *pc->mark);
    pc->piece = malloc((size_t)n + 1);
    pc->stamp = 0;
    pc->split = false;
    if (!pc->label || !pc->least || !pc->second || !pc->queue || !pc->mark || !pc->piece) {
        push_components_free(pc);
        return -1;
    }
    if (pc->square) {
        /* 0, then one at right angles to it, then their opposites: each next to the one before. */
        pc->ring[0] = 0;
        pc->ring[1] = b->opp[0] == 1 ? 2 : 1;
        pc->ring[2] = b->opp[0];
        pc->ring[3] = b->opp[pc->ring[1]];
    }
    return 0;
}

void push_components_free(push_components *pc)
{
    free(pc->label), free(pc->least), free(pc->second), free(pc->queue);
    free(pc->mark), free(pc->piece);
    pc->label = pc->least = pc->second = pc->queue = NULL;
    pc->mark = NULL;
    pc->piece = NULL;
}

void push_components_find(push_components *pc, const uint8_t *occ)
{
    if (!pc->square) return;                        /* push_components_child floods there */
    const push_board *b = pc->b;
    int n = b->n, nd = b->ndirs, count = 0;
    for (int c = 0; c < n; c++) pc->label[c] = occ[c] == PUSH_NO_BOX ? -2 : -1;
    for (int c = 0; c < n; c++) {
        if (pc->label[c] != -2) continue;
        /* c is the smallest cell of a new component: cells below it are labelled already. */
        int head = 0, tail = 0, second = n;
        pc->label[c] = count;
        pc->queue[tail++] = c;
        while (head < tail) {
            const int32_t *nc = b->nbr + pc->queue[head++] * nd;
            for (int d = 0; d < nd; d++) {
                int m = nc[d];
                if (m < 0 || pc->label[m] != -2) continue;
                pc->label[m] = count;
                pc->queue[tail++] = m;
                if (m < second) second = m;
            }
        }
        pc->least[count] = c;
        pc->second[count] = second;
        count++;
    }
    pc->count = count;
}

static inline bool is_free(const uint8_t *occ, int c) { return c >= 0 && occ[c] == PUSH_NO_BOX; }

/* The cell diagonal to c between directions d and e (-1 when both its neighbours that way are
 * walls, since then it joins nothing around c). */
static int diagonal(const push_board *b, int c, int d, int e)
{
    int x = push_step(b, c, d);
    if (x >= 0) return push_step(b, x, e);
    x = push_step(b, c, e);
    return x >= 0 ? push_step(b, x, d) : -1;
}

/* The runs of free cells around `to` (in occ, where it holds a box; the cell `from` counted as
 * a wall) that hold a neighbour of it: one of those neighbours per run into first[]; returns
 * how many. */
static int runs_around(const push_components *pc, const uint8_t *occ, int from, int to, int32_t *first)
{
    const push_board *b = pc->b;
    bool ring[8];
    int cell[8], gap = -1;
    for (int i = 0; i < 4; i++) {
        int d = pc->ring[i], e = pc->ring[(i + 1) & 3];
        cell[2 * i] = push_step(b, to, d);
        cell[2 * i + 1] = -1;
        ring[2 * i] = cell[2 * i] != from && is_free(occ, cell[2 * i]);
        int g = diagonal(b, to, d, e);
        ring[2 * i + 1] = g != from && is_free(occ, g);
        if (!ring[2 * i]) gap = 2 * i;
        else if (!ring[2 * i + 1]) gap = 2 * i + 1;
    }
    if (gap < 0) {                                  /* free all round */
        first[0] = cell[0];
        return 1;
    }
    int runs = 0;
    bool counted = false;
    for (int k = 1; k <= 8; k++) {
        int i = (gap + k) & 7;
        if (!ring[i]) counted = false;
        else if (cell[i] >= 0 && !counted) counted = true, first[runs++] = cell[i];
    }
    return runs;
}

static int group_of(const push_components *pc, int i)
{
    while (pc->group[i] != i) i = pc->group[i];
    return i;
}

/* The box on `to` leaves its component's other cells (label a, the cell `from` a wall) in the
 * runs around it starting on first[0 .. runs): floods from each, side by side, until they
 * have all met (one piece) or all but one ran out (the pieces are known: the ones that ran
 * out are whole, the last is the rest). Returns the pieces, with the smallest cell of each
 * whole one in least[its group]. */
static int cut(push_components *pc, int a, int to, const int32_t *first, int runs, int32_t *least)
{
    const push_board *b = pc->b;
    int n = b->n, nd = b->ndirs;
    int head[4], tail[4], going[4];    /* going: per group, its floods not run out */
    int32_t low[4];                    /* per flood, the smallest cell it reached */
    if (++pc->stamp == 0) {
        for (int c = 0; c < n; c++) pc->mark[c] = 0;
        pc->stamp = 1;
    }
    for (int i = 0; i < runs; i++) {
        head[i] = 0, tail[i] = 1;
        pc->queue[(size_t)i * (size_t)n] = first[i];
        pc->mark[first[i]] = pc->stamp;
        pc->piece[first[i]] = (int8_t)i;
        pc->group[i] = i;
        going[i] = 1;
        low[i] = first[i];
    }
    int groups = runs, open = runs;   /* open: groups with a flood going */
    while (groups > 1 && open > 1) {
        for (int i = 0; i < runs && groups > 1 && open > 1; i++) {
            if (head[i] == tail[i]) continue;
            int32_t *q = pc->queue + (size_t)i * (size_t)n;
            const int32_t *nc = b->nbr + q[head[i]++] * nd;
            for (int d = 0; d < nd; d++) {
                int m = nc[d];
                if (m < 0 || m == to || pc->label[m] != a) continue;   /* boxes are labelled -1 */
                if (pc->mark[m] != pc->stamp) {
                    pc->mark[m] = pc->stamp;
                    pc->piece[m] = (int8_t)i;
                    q[tail[i]++] = m;
                    if (m < low[i]) low[i] = m;
                    continue;
                }
                int g = group_of(pc, i), h = group_of(pc, pc->piece[m]);
                if (g == h) continue;
                int lo = g < h ? g : h, hi = g < h ? h : g;
                pc->group[hi] = lo;
                if (going[lo] && going[hi]) open--;
                going[lo] += going[hi];
                groups--;
            }
            if (head[i] == tail[i] && --going[group_of(pc, i)] == 0) open--;
        }
    }
    for (int i = 0; i < runs; i++) pc->group[i] = group_of(pc, i);
    for (int i = 0; i < runs; i++) pc->whole[i] = false, least[i] = b->n;
    for (int i = 0; i < runs; i++) {
        int g = pc->group[i];
        if (low[i] < least[g]) least[g] = low[i];
    }
    for (int i = 0; i < runs; i++)
        if (pc->group[i] == i) pc->whole[i] = going[i] == 0;
    return groups;
}

bool push_components_child(push_components *pc, const uint8_t *occ, int from, int to, int side, int *closed,
                           int *norm)
{
    if (!pc->square || from == to) return false;   /* back where it was, the player elsewhere */
    const push_board *b = pc->b;
    int a = pc->label[to];
    int32_t first[4], least[4];
    int runs = runs_around(pc, occ, from, to, first);
    int pieces = runs;
    pc->split = false;
    if (runs > 1) {
        pieces = cut(pc, a, to, first, runs, least);
        pc->split = pieces > 1;
    }
    /* The smallest cell of what is left labelled a, or -1 when it is not known. */
    int rest = pc->least[a] != to ? pc->least[a] : pc->second[a];
    if (rest >= b->n) rest = -1;
    if (pc->split && rest >= 0 && push_components_of(pc, rest) != a) rest = -1;
    int nm = 0;
    for (int d = 0; d < 4; d++) {
        int m = push_step(b, from, d);
        if (!is_free(occ, m)) continue;
        int l = push_components_of(pc, m);
        bool known = false;
        for (int i = 0; i < nm; i++) known |= pc->merge[i] == l;
        if (!known) pc->merge[nm++] = l;
    }
    int count = pc->count - 1 + pieces - nm + 1;
    pc->from = from, pc->to = to, pc->nmerge = nm;
    pc->merged = side == from;
    pc->own = side == from ? -1 : push_components_of(pc, side);
    for (int i = 0; i < nm && !pc->merged; i++) pc->merged = pc->merge[i] == pc->own;
    int best = pc->merged ? from : b->n;
    for (int i = 0; i < (pc->merged ? nm : 1); i++) {
        int l = pc->merged ? pc->merge[i] : pc->own, c;
        if (l >= pc->count) c = least[l - pc->count];
        else if (l == a) c = rest;
        else c = pc->least[l];
        if (c < 0) return false;
        if (c < best) best = c;
    }
    *closed = count - 1;
    *norm = best;
    return true;
}
