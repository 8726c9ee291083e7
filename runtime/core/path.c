/* path.c: breadth-first paths over the neighbour table. A step is what the engine would do
 * with a plain walk (engine_walk_end): on ice the player slides on, and under the pull rule a
 * step away from a box is not a walk, so paths never move a box by accident. */
#include "core/path.h"

#include <stdlib.h>
#include <string.h>

#include "core/engine.h"

/* Whether a plain walk is one step onto a free cell: push rules without the pull rule and
 * without slippery floors (where walking slides on). The flood fill then needs no call per
 * neighbour. */
static bool plain_walks(const state *s)
{
    if (s->rules->kind != RULES_PUSH || s->rules->pull) return false;
    for (int id = 1; id < s->rules->ntiles; id++)
        if (s->tflags[id] & TILE_SLIPPERY) return false;
    return true;
}

int path_reachable(const state *s, int from, uint8_t *mark)
{
    int n = s->g->ncells, nd = s->g->ndirs, count = 0;
    memset(mark, 0, (size_t)n);
    if (from < 0 || from >= n) return 0;
    int small[1024];
    int *queue = n <= (int)(sizeof small / sizeof *small) ? small : malloc(sizeof *queue * (size_t)n);
    if (!queue) return -1;
    int head = 0, tail = 0;
    queue[tail++] = from;
    mark[from] = 1;
    count = 1;
    if (plain_walks(s)) {
        /* The same test as state_walkable, inlined: this is the primitive scripts call. */
        const int32_t *nbr = s->g->nbr;
        const uint8_t *obj = s->obj, *floor = s->floor;
        const uint32_t *flags = s->tflags;
        const uint32_t blocked = TILE_SOLID | TILE_VOID | TILE_HOLE;
        while (head < tail) {
            const int32_t *next = nbr + (size_t)queue[head++] * (size_t)nd;
            for (int d = 0; d < nd; d++) {
                int m = next[d];
                if (m < 0 || mark[m] || obj[m] || (flags[floor[m]] & blocked)) continue;
                mark[m] = 1;
                queue[tail++] = m;
            }
        }
        count = tail;
    } else {
        while (head < tail) {
            int c = queue[head++];
            for (int d = 0; d < nd; d++) {
                int m = engine_walk_end(s, c, d, from);
                if (m < 0 || mark[m]) continue;
                mark[m] = 1;
                queue[tail++] = m;
                count++;
            }
        }
    }
    if (queue != small) free(queue);
    return count;
}

int path_find(const state *s, int from, int to, int8_t *dirs, int max)
{
    int n = s->g->ncells, nd = s->g->ndirs;
    if (from < 0 || to < 0 || from >= n || to >= n) return -1;
    if (from == to) return 0;
    if (!state_walkable(s, to)) return -1;
    int *prev = malloc(sizeof *prev * (size_t)n);
    int *queue = malloc(sizeof *queue * (size_t)n);
    int8_t *how = malloc((size_t)n);
    int len = -1;
    if (!prev || !queue || !how) goto done;
    for (int i = 0; i < n; i++) prev[i] = -1;
    int head = 0, tail = 0;
    queue[tail++] = from;
    prev[from] = from;
    while (head < tail && prev[to] < 0) {
        int c = queue[head++];
        for (int d = 0; d < nd; d++) {
            int m = engine_walk_end(s, c, d, from);
            if (m < 0 || prev[m] >= 0) continue;
            prev[m] = c;
            how[m] = (int8_t)d;
            queue[tail++] = m;
        }
    }
    if (prev[to] < 0) goto done;
    len = 0;
    for (int c = to; c != from; c = prev[c]) len++;
    if (len > max) {
        len = -1;
        goto done;
    }
    int i = len;
    for (int c = to; c != from; c = prev[c]) dirs[--i] = how[c];
done:
    free(prev);
    free(queue);
    free(how);
    return len;
}
