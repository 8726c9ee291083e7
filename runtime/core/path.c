/* path.c: breadth-first search over the neighbour table. */
#include "core/path.h"

#include <stdlib.h>
#include <string.h>

int path_reachable(const state *s, int from, uint8_t *mark)
{
    int n = s->g->ncells, nd = s->g->ndirs, count = 0;
    memset(mark, 0, (size_t)n);
    if (from < 0 || from >= n) return 0;
    int *queue = malloc(sizeof *queue * (size_t)n);
    if (!queue) return -1;
    int head = 0, tail = 0;
    queue[tail++] = from;
    mark[from] = 1;
    count = 1;
    const int32_t *nbr = s->g->nbr;
    while (head < tail) {
        int c = queue[head++];
        for (int d = 0; d < nd; d++) {
            int m = nbr[c * nd + d];
            if (m < 0 || mark[m] || !state_walkable(s, m)) continue;
            mark[m] = 1;
            queue[tail++] = m;
            count++;
        }
    }
    free(queue);
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
    int len = -1;
    if (!prev || !queue) goto done;
    for (int i = 0; i < n; i++) prev[i] = -1;
    int head = 0, tail = 0;
    queue[tail++] = from;
    prev[from] = from;
    while (head < tail && prev[to] < 0) {
        int c = queue[head++];
        for (int d = 0; d < nd; d++) {
            int m = grid_step(s->g, c, d);
            if (m < 0 || prev[m] >= 0 || !state_walkable(s, m)) continue;
            prev[m] = c;
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
    for (int c = to; c != from; c = prev[c]) {
        int p = prev[c];
        for (int d = 0; d < nd; d++)
            if (grid_step(s->g, p, d) == c) {
                dirs[--i] = (int8_t)d;
                break;
            }
    }
done:
    free(prev);
    free(queue);
    return len;
}
