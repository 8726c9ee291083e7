/* push_table.h: the push search's memory (internal to runtime/solve): every position reached,
 * stored once in a transposition table keyed on a Zobrist hash of the boxes and the normalised
 * player, and the open list of positions still to expand; both draw on one byte budget, so a
 * search that fills it stops instead of exhausting the machine. */
#ifndef TESSERA_SOLVE_PUSH_TABLE_H
#define TESSERA_SOLVE_PUSH_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct push_budget {
    size_t used, limit;
} push_budget;

/* One stored position. Node ids start at 1; 0 means "none". */
typedef struct push_node {
    uint32_t parent;              /* the position this one was first (or best) reached from */
    uint32_t next;                /* next node in the same hash bucket */
    uint32_t check;               /* low half of the hash: picks the bucket, filters mismatches */
    uint16_t player;              /* normalised player cell */
    uint16_t g;                   /* pushes from the start along the parent chain */
    uint16_t h;                   /* lower bound; PUSH_FAR marks a dead position */
    uint16_t moved;               /* where the last push left its box (0xFFFF at the start) */
    uint8_t closed;               /* expanded */
    uint8_t spare;
    uint16_t box[];               /* nboxes cells, sorted within each colour class */
} push_node;

typedef struct push_table {
    int nboxes;
    size_t node_size;
    size_t chunk_bytes;           /* every chunk is sized for the boxes the table was made for */
    uint8_t **chunk;
    uint32_t nchunks, chunk_cap, count;
    uint32_t *bucket;
    uint32_t mask;                /* bucket count - 1 */
    push_budget *budget;
} push_table;

/* buckets: the first bucket count, a power of two. 0, or -1 out of memory or budget. */
int push_table_init(push_table *t, int nboxes, uint32_t buckets, push_budget *budget);
void push_table_free(push_table *t);
/* Forgets every node, keeping the memory, for a problem with at most as many boxes. */
void push_table_clear(push_table *t, int nboxes);

enum { PUSH_CHUNK_BITS = 14 };   /* nodes per chunk: 16384 */

static inline push_node *push_table_node(const push_table *t, uint32_t id)
{
    uint32_t i = id - 1;
    return (push_node *)(t->chunk[i >> PUSH_CHUNK_BITS] + (size_t)(i & ((1u << PUSH_CHUNK_BITS) - 1)) * t->node_size);
}

/* The node holding exactly these boxes and player, or 0. */
uint32_t push_table_find(const push_table *t, uint64_t hash, const uint16_t *box, int player);
/* Stores a new node (the caller fills g, h, parent); 0 when the budget is spent. */
uint32_t push_table_add(push_table *t, uint64_t hash, const uint16_t *box, int player);

/* ===== Zobrist keys ======================================================================== *
 * Every search keys positions alike, so that one search can look a position up in another's
 * table (the meeting set) with the hash it made itself. */

static inline uint64_t push_mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15u;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}
/* The key of a box of class cls on cell c of an n-cell board, and of the normalised player. */
static inline uint64_t push_key_box(int cls, int n, int c) { return push_mix64((uint64_t)(cls * n + c) * 2 + 1); }
static inline uint64_t push_key_player(int c) { return push_mix64((uint64_t)c * 2 + 2 + ((uint64_t)1 << 40)); }

/* ===== the open list: a binary heap of (priority, node) ================================== */

typedef struct push_queue {
    uint64_t *heap;               /* priority in the high 32 bits, node id in the low */
    size_t count, cap;
    bool lifo;                    /* equal priorities: newest first (else oldest first) */
    push_budget *budget;
} push_queue;

void push_queue_init(push_queue *q, push_budget *budget, bool lifo);
void push_queue_free(push_queue *q);
int push_queue_push(push_queue *q, uint32_t priority, uint32_t id);   /* 0, or -1 budget spent */
/* Smallest priority first; returns 0 when empty. */
uint32_t push_queue_pop(push_queue *q, uint32_t *priority);
/* The node push_queue_pop would return, left in place; 0 when empty. */
uint32_t push_queue_peek(const push_queue *q);

#endif
