/* push_macro.c: tunnel macros. A box pushed along a one-cell-wide corridor, with the player in
 * the corridor behind it, only blocks the corridor until it is pushed on: nothing can pass it
 * and nothing else can be done with it. Pushing it on at once, as one search step, removes the
 * intermediate positions without losing a solution, and keeps the push count exact. */
#include "solve/push_board.h"

#include <stdlib.h>

/* Bit a of corridor[c]: every neighbour of c off the axis (a, opp a) is a wall. */
int push_corridors_init(push_board *b)
{
    int n = b->n, nd = b->ndirs;
    b->corridor = malloc((size_t)n + 1);
    if (!b->corridor) return -1;
    for (int c = 0; c < n; c++) {
        uint8_t bits = 0;
        for (int a = 0; a < nd / 2; a++) {
            bool closed = true;
            for (int d = 0; d < nd && closed; d++)
                if (d != a && d != b->opp[a] && push_step(b, c, d) >= 0) closed = false;
            if (closed) bits |= (uint8_t)(1u << a);
        }
        b->corridor[c] = bits;
    }
    return 0;
}

static inline int axis_of(const push_board *b, int d) { return d < b->ndirs / 2 ? d : b->opp[d]; }

bool push_tunnel_next(const push_board *b, const push_pos *p, int from, int to, int d)
{
    uint8_t axis = (uint8_t)(1u << axis_of(b, d));
    if (!(b->corridor[from] & axis) || !(b->corridor[to] & axis)) return false;
    if (b->goal_at[to] >= 0) return false;             /* it may belong here: stop and think */
    int next = push_step(b, to, d);
    if (next < 0 || p->occ[next] != PUSH_NO_BOX || !(b->corridor[next] & axis)) return false;
    return !b->dead[b->box_class[p->occ[to]] * b->n + next];
}
