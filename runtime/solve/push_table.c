/* push_table.c: node store and transposition table of the push search. Nodes live in fixed
 * chunks (never moved, so ids stay valid and growth never copies gigabytes); buckets double as
 * the table fills. Every allocation is charged to the budget first. */
#include "solve/push_table.h"

#include <stdlib.h>
#include <string.h>

enum { CHUNK_NODES = 1 << PUSH_CHUNK_BITS };

static bool charge(push_budget *b, size_t bytes)
{
    if (b->used + bytes > b->limit) return false;
    b->used += bytes;
    return true;
}

static size_t node_size(int nboxes)
{
    size_t size = sizeof(push_node) + sizeof(uint16_t) * (size_t)nboxes;
    return (size + 3) & ~(size_t)3;   /* keeps the 32-bit fields aligned */
}

int push_table_init(push_table *t, int nboxes, uint32_t buckets, push_budget *budget)
{
    memset(t, 0, sizeof *t);
    t->nboxes = nboxes;
    t->budget = budget;
    t->node_size = node_size(nboxes);
    t->chunk_bytes = t->node_size * CHUNK_NODES;
    if (!charge(budget, sizeof *t->bucket * buckets)) return -1;
    t->bucket = calloc(buckets, sizeof *t->bucket);
    if (!t->bucket) return -1;
    t->mask = buckets - 1;
    return 0;
}

void push_table_clear(push_table *t, int nboxes)
{
    t->nboxes = nboxes;
    t->node_size = node_size(nboxes);     /* no larger than before: the chunks still fit */
    t->count = 0;
    memset(t->bucket, 0, sizeof *t->bucket * ((size_t)t->mask + 1));
}

void push_table_free(push_table *t)
{
    for (uint32_t i = 0; i < t->nchunks; i++) free(t->chunk[i]);
    free(t->chunk);
    free(t->bucket);
    memset(t, 0, sizeof *t);
}

/* The low half of the hash picks the bucket and is kept in the node, to grow the buckets. */
static inline uint32_t check_of(uint64_t hash) { return (uint32_t)hash; }

uint32_t push_table_find(const push_table *t, uint64_t hash, const uint16_t *box, int player)
{
    size_t bytes = sizeof *box * (size_t)t->nboxes;
    uint32_t check = check_of(hash);
    for (uint32_t id = t->bucket[check_of(hash) & t->mask]; id; ) {
        const push_node *nd = push_table_node(t, id);
        if (nd->check == check && nd->player == player && memcmp(nd->box, box, bytes) == 0) return id;
        id = nd->next;
    }
    return 0;
}

/* Doubles the buckets when there are more nodes than buckets, so chains stay about one node
 * long. The stored check bits are the low half of the hash, which chooses the bucket. */
static void grow_buckets(push_table *t)
{
    uint32_t old = t->mask + 1, grown = old * 2;
    if (grown == 0 || !charge(t->budget, sizeof *t->bucket * old)) return;  /* stay at this size */
    uint32_t *b = calloc(grown, sizeof *b);
    if (!b) {
        t->budget->used -= sizeof *t->bucket * old;
        return;
    }
    for (uint32_t i = 0; i < old; i++)
        for (uint32_t id = t->bucket[i]; id; ) {
            push_node *nd = push_table_node(t, id);
            uint32_t next = nd->next, j = nd->check & (grown - 1);
            nd->next = b[j];
            b[j] = id;
            id = next;
        }
    free(t->bucket);
    t->bucket = b;
    t->mask = grown - 1;
}

uint32_t push_table_add(push_table *t, uint64_t hash, const uint16_t *box, int player)
{
    uint32_t i = t->count;
    if ((i >> PUSH_CHUNK_BITS) >= t->nchunks) {
        if (t->nchunks == t->chunk_cap) {
            uint32_t cap = t->chunk_cap ? t->chunk_cap * 2 : 64;
            uint8_t **bigger = realloc(t->chunk, sizeof *bigger * cap);
            if (!bigger) return 0;
            t->chunk = bigger;
            t->chunk_cap = cap;
        }
        size_t bytes = t->chunk_bytes;
        if (!charge(t->budget, bytes)) return 0;
        uint8_t *c = malloc(bytes);
        if (!c) {
            t->budget->used -= bytes;
            return 0;
        }
        t->chunk[t->nchunks++] = c;
    }
    if (t->count == UINT32_MAX - 1) return 0;
    uint32_t id = ++t->count;
    push_node *nd = push_table_node(t, id);
    memset(nd, 0, sizeof *nd);
    nd->check = check_of(hash);
    nd->player = (uint16_t)player;
    memcpy(nd->box, box, sizeof *box * (size_t)t->nboxes);
    nd->next = t->bucket[check_of(hash) & t->mask];
    t->bucket[check_of(hash) & t->mask] = id;
    if (t->count > t->mask) grow_buckets(t);
    return id;
}

/* ===== open list ========================================================================== */

void push_queue_init(push_queue *q, push_budget *budget, bool lifo)
{
    memset(q, 0, sizeof *q);
    q->budget = budget;
    q->lifo = lifo;
}

void push_queue_free(push_queue *q)
{
    free(q->heap);
    memset(q, 0, sizeof *q);
}

int push_queue_push(push_queue *q, uint32_t priority, uint32_t id)
{
    if (q->count == q->cap) {
        size_t cap = q->cap ? q->cap * 2 : 4096;
        if (!charge(q->budget, sizeof *q->heap * (cap - q->cap))) return -1;
        uint64_t *bigger = realloc(q->heap, sizeof *bigger * cap);
        if (!bigger) {
            q->budget->used -= sizeof *q->heap * (cap - q->cap);
            return -1;
        }
        q->heap = bigger;
        q->cap = cap;
    }
    uint64_t item = (uint64_t)priority << 32 | (q->lifo ? UINT32_MAX - id : id);
    size_t i = q->count++;
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (q->heap[parent] <= item) break;
        q->heap[i] = q->heap[parent];
        i = parent;
    }
    q->heap[i] = item;
    return 0;
}

uint32_t push_queue_pop(push_queue *q, uint32_t *priority)
{
    if (q->count == 0) return 0;
    uint64_t top = q->heap[0], last = q->heap[--q->count];
    size_t i = 0, n = q->count;
    for (;;) {
        size_t child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && q->heap[child + 1] < q->heap[child]) child++;
        if (q->heap[child] >= last) break;
        q->heap[i] = q->heap[child];
        i = child;
    }
    if (n > 0) q->heap[i] = last;
    if (priority) *priority = (uint32_t)(top >> 32);
    return q->lifo ? UINT32_MAX - (uint32_t)top : (uint32_t)top;
}

uint32_t push_queue_peek(const push_queue *q)
{
    if (q->count == 0) return 0;
    return q->lifo ? UINT32_MAX - (uint32_t)q->heap[0] : (uint32_t)q->heap[0];
}
