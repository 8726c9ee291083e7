/* push_brute.h: the fewest pushes that solve a small Sokoban level, by 0-1 breadth-first
 * search over whole positions (player cell and box cells), for the push-solver unit tests to
 * check against. Include once per test program. */
#ifndef TESSERA_TESTS_PUSH_BRUTE_H
#define TESSERA_TESTS_PUSH_BRUTE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/grid.h"
#include "core/rules.h"
#include "core/state.h"

typedef struct bf_table {
    uint16_t *keys;               /* klen entries per position: player, then sorted boxes */
    int *dist, count, cap, klen;
    int *slot, nslots;
} bf_table;

static uint64_t bf_hash(const uint16_t *k, int klen)
{
    uint64_t h = 1469598103934665603u;
    for (int i = 0; i < klen; i++) h = (h ^ k[i]) * 1099511628211u;
    return h;
}

static int bf_find(bf_table *t, const uint16_t *k, bool add)
{
    if (add && (t->count + 1) * 2 > t->nslots) {
        int n = t->nslots ? t->nslots * 2 : 1024;
        free(t->slot);
        t->slot = calloc((size_t)n, sizeof *t->slot);
        t->nslots = n;
        for (int e = 0; e < t->count; e++) {
            int i = (int)(bf_hash(t->keys + (size_t)e * (size_t)t->klen, t->klen) & (uint64_t)(n - 1));
            while (t->slot[i]) i = (i + 1) & (n - 1);
            t->slot[i] = e + 1;
        }
    }
    int i = (int)(bf_hash(k, t->klen) & (uint64_t)(t->nslots - 1));
    for (; t->slot[i]; i = (i + 1) & (t->nslots - 1))
        if (memcmp(t->keys + (size_t)(t->slot[i] - 1) * (size_t)t->klen, k, sizeof *k * (size_t)t->klen) == 0)
            return t->slot[i] - 1;
    if (!add) return -1;
    if (t->count == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 1024;
        t->keys = realloc(t->keys, sizeof *t->keys * (size_t)t->cap * (size_t)t->klen);
        t->dist = realloc(t->dist, sizeof *t->dist * (size_t)t->cap);
    }
    memcpy(t->keys + (size_t)t->count * (size_t)t->klen, k, sizeof *k * (size_t)t->klen);
    t->dist[t->count] = -1;
    t->slot[i] = t->count + 1;
    return t->count++;
}

static void bf_sort(uint16_t *a, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && a[j - 1] > a[j]; j--) {
            uint16_t t = a[j];
            a[j] = a[j - 1];
            a[j - 1] = t;
        }
}

/* Fewest pushes that solve the level (colourless goals), or -1. Walks cost 0, pushes 1. */
static int brute_force_pushes(const state *s)
{
    const grid *g = s->g;
    int nboxes = 0, player = s->player[0];
    uint16_t start[64];
    start[0] = (uint16_t)player;
    for (int c = 0; c < g->ncells; c++)
        if (s->obj[c] && (s->rules->tile[s->obj[c]].flags & TILE_PUSHABLE)) start[1 + nboxes++] = (uint16_t)c;
    bf_table t = { 0 };
    t.klen = 1 + nboxes;
    int *deque = NULL, cap = 0, head = 0, tail = 0, answer = -1;
    /* The deque grows at both ends: keep it in a buffer with the head moving down from the middle. */
    cap = 1 << 22;
    deque = malloc(sizeof *deque * (size_t)cap);
    head = tail = cap / 2;
    int root = bf_find(&t, start, true);
    t.dist[root] = 0;
    deque[tail++] = root;
    uint16_t key[64], next[64];
    while (head < tail && answer < 0) {
        int e = deque[head++];
        memcpy(key, t.keys + (size_t)e * (size_t)t.klen, sizeof *key * (size_t)t.klen);
        int d = t.dist[e];
        bool solved = true;
        for (int i = 1; i < t.klen && solved; i++)
            solved = (s->rules->tile[s->floor[key[i]]].flags & TILE_GOAL) != 0;
        if (solved) {
            answer = d;
            break;
        }
        for (int dir = 0; dir < g->ndirs; dir++) {
            int p = grid_step(g, key[0], dir);
            if (p < 0 || (s->rules->tile[s->floor[p]].flags & (TILE_SOLID | TILE_VOID))) continue;
            int box = -1;
            for (int i = 1; i < t.klen; i++)
                if (key[i] == p) box = i;
            memcpy(next, key, sizeof *key * (size_t)t.klen);
            next[0] = (uint16_t)p;
            int cost = 0;
            if (box >= 0) {
                int to = grid_step(g, p, dir);
                if (to < 0 || (s->rules->tile[s->floor[to]].flags & (TILE_SOLID | TILE_VOID))) continue;
                bool taken = false;
                for (int i = 1; i < t.klen; i++) taken = taken || key[i] == to;
                if (taken) continue;
                next[box] = (uint16_t)to;
                bf_sort(next + 1, nboxes);
                cost = 1;
            }
            int f = bf_find(&t, next, true);
            if (t.dist[f] >= 0 && t.dist[f] <= d + cost) continue;
            t.dist[f] = d + cost;
            if (cost == 0 && head > 0) deque[--head] = f;
            else if (tail < cap) deque[tail++] = f;
        }
    }
    free(deque);
    free(t.keys), free(t.dist), free(t.slot);
    return answer;
}

#endif
