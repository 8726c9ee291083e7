/* push_components.c: floor components of a position, and of its children by lookups (see
 * push_components.h).
 *
 * Why the lookups are right. Say the box left `from` for `to`; take `from` as a wall first
 * (it holds the box in the parent). Walled up, `to` can only cut its own component. In the
 * depth-first walk of that component from its smallest cell (the root), each subtree hanging
 * from `to` whose low link does not reach above `to` has no edge out of itself but through
 * `to`, so it is a piece on its own; every other subtree has an edge to a cell walked before
 * `to` and stays joined to the rest (the root's side). When `to` is the root, every subtree
 * hanging from it is a piece and nothing is left on the root's side. A piece's cells are the
 * ones whose walk order lies in its subtree's range, and its smallest cell is the subtree's;
 * the rest keeps the label and the root. The other components are untouched. Then freeing
 * `from` merges it with the components beside it. */
#include "solve/push_components.h"

#include <stdlib.h>

int push_components_init(push_components *pc, const push_board *b)
{
    size_t n = (size_t)b->n + 1;
    pc->b = b;
    pc->square = b->topo == TOPO_SQUARE && b->ndirs == 4;
    pc->count = 0;
    pc->cut = -1;
    pc->npieces = 0;
    pc->label = malloc(sizeof *pc->label * n);
    pc->least = malloc(sizeof *pc->least * n);
    pc->order = malloc(sizeof *pc->order * n);
    pc->low = malloc(sizeof *pc->low * n);
    pc->last = malloc(sizeof *pc->last * n);
    pc->submin = malloc(sizeof *pc->submin * n);
    pc->up = malloc(sizeof *pc->up * n);
    pc->stack = malloc(sizeof *pc->stack * n);
    pc->dir = malloc(n);
    if (!pc->label || !pc->least || !pc->order || !pc->low || !pc->last || !pc->submin || !pc->up || !pc->stack ||
        !pc->dir) {
        push_components_free(pc);
        return -1;
    }
    return 0;
}

void push_components_free(push_components *pc)
{
    free(pc->label), free(pc->least), free(pc->order), free(pc->low), free(pc->last);
    free(pc->submin), free(pc->up), free(pc->stack), free(pc->dir);
    pc->label = pc->least = pc->order = pc->low = pc->last = pc->submin = pc->up = pc->stack = NULL;
    pc->dir = NULL;
}

void push_components_find(push_components *pc, const uint8_t *occ)
{
    if (!pc->square) return;                        /* push_components_child floods there */
    const push_board *b = pc->b;
    int n = b->n, nd = b->ndirs, count = 0, next = 0;
    int32_t *label = pc->label, *order = pc->order, *low = pc->low, *submin = pc->submin, *up = pc->up;
    for (int c = 0; c < n; c++) label[c] = occ[c] == PUSH_NO_BOX ? -2 : -1;
    for (int root = 0; root < n; root++) {
        if (label[root] != -2) continue;
        /* root is the smallest cell of a new component: cells below it are labelled already. */
        int sp = 0;
        label[root] = count, order[root] = low[root] = next++, submin[root] = root, up[root] = -1;
        pc->dir[root] = 0;
        pc->stack[sp++] = root;
        while (sp > 0) {
            int v = pc->stack[sp - 1], d = pc->dir[v], child = -1, lo = low[v];
            const int32_t *nc = b->nbr + v * nd;
            /* On to v's next cell not walked yet; the ones walked already lower its low link
             * (its parent too: that edge reaches no earlier than the parent, and a cut needs
             * an edge to a cell walked before the cut cell, so no cut changes). */
            while (d < nd) {
                int m = nc[d++];
                if (m < 0) continue;
                int l = label[m];
                if (l == -2) {
                    child = m;
                    break;
                }
                if (l >= 0 && order[m] < lo) lo = order[m];
            }
            pc->dir[v] = (uint8_t)d;
            low[v] = lo;
            if (child >= 0) {
                label[child] = count, order[child] = low[child] = next++, submin[child] = child, up[child] = v;
                pc->dir[child] = 0;
                pc->stack[sp++] = child;
                continue;
            }
            pc->last[v] = next - 1;                 /* v's subtree is done */
            if (--sp > 0) {
                int p = pc->stack[sp - 1];
                if (lo < low[p]) low[p] = lo;
                if (submin[v] < submin[p]) submin[p] = submin[v];
            }
        }
        pc->least[count++] = root;
    }
    pc->count = count;
}

static inline bool is_free(const uint8_t *occ, int c) { return c >= 0 && occ[c] == PUSH_NO_BOX; }

/* The pieces the box on `to` cuts its component into, other than the rest on the root's
 * side: the subtrees hanging from `to` that reach nothing walked before it. */
static void cut(push_components *pc, int to)
{
    const push_board *b = pc->b;
    int a = pc->label[to];
    bool root = pc->least[a] == to;
    pc->npieces = 0;
    for (int d = 0; d < b->ndirs; d++) {
        int m = push_step(b, to, d);
        if (m < 0 || pc->label[m] != a || pc->up[m] != to) continue;
        if (!root && pc->low[m] < pc->order[to]) continue;
        int i = pc->npieces++;
        pc->piece_first[i] = pc->order[m];
        pc->piece_last[i] = pc->last[m];
        pc->piece_least[i] = pc->submin[m];
    }
    pc->cut = pc->npieces ? a : -1;
}

bool push_components_child(push_components *pc, const uint8_t *occ, int from, int to, int side, int *closed,
                           int *norm)
{
    if (!pc->square || from == to) return false;   /* back where it was, the player elsewhere */
    const push_board *b = pc->b;
    int a = pc->label[to];
    cut(pc, to);
    /* The component's cells apart from `to`: the pieces, and the rest when `to` was not the
     * root (the root is then the rest's smallest cell). */
    int pieces = pc->npieces + (pc->least[a] != to);
    int nm = 0;
    for (int d = 0; d < b->ndirs; d++) {
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
        int l = pc->merged ? pc->merge[i] : pc->own;
        int c = l >= pc->count ? pc->piece_least[l - pc->count] : pc->least[l];
        if (c < best) best = c;
    }
    *closed = count - 1;
    *norm = best;
    return true;
}
