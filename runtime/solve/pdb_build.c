/* pdb_build.c: building one pattern database by breadth-first search (see pdb.h).
 *
 * A search state is a placement of the k pattern tiles plus the region of free cells that
 * holds the blank: inside its region the blank moves for free (it only swaps with tiles we do
 * not track), so the region, not the blank's cell, is what matters. Regions of a placement are
 * numbered by their lowest cell; at most 8 fit on a 4 x 4 board. Each pair carries 2 bits:
 * 00 unseen, 11 done, and 01 / 10 for the layer being expanded and the next one (the two
 * swap roles every layer). Layer d's workers scan the whole array, expand the pairs carrying
 * d's code and mark them done in the same atomic step; a child that is still unseen gets the
 * next code. So there is no queue and no second pass, and nothing is expanded twice. Four
 * placements share one 64-bit word (two bit planes of 8 regions each), children are marked
 * with one atomic OR, and the workers need no lock.
 * The first pair of a placement to be labelled fixes its table value: the minimum over the
 * blank's regions. Memory while building: 2 bytes per placement plus the nibble table. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE   /* MAP_ANONYMOUS, MADV_HUGEPAGE */
#include "solve/pdb.h"
#include "solve/solver.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <threads.h>
#include <unistd.h>

_Static_assert(ATOMIC_CHAR_LOCK_FREE == 2, "the nibble table is written with byte atomics");
_Static_assert(sizeof(_Atomic unsigned char) == 1, "atomic bytes must be plain bytes");

#define LANE_LOW 0x00FF00FF00FF00FFull   /* bit plane 0 of the four placements of a word */
#define DIV_SHIFT 34                      /* exact x / r for x < 2^29, r <= 16 (see div_small) */
#define CHUNK_WORDS (1u << 15)

#if defined(__GNUC__) || defined(__clang__)
#define PDB_CTZ(x) __builtin_ctz(x)
#define PDB_CTZ64(x) __builtin_ctzll(x)
#define PDB_PREFETCH(p) __builtin_prefetch((const void *)(p))
#else
static int pdb_ctz64_(uint64_t x) { int n = 0; while (!(x & 1)) { x >>= 1; n++; } return n; }
#define PDB_CTZ(x) pdb_ctz64_(x)
#define PDB_CTZ64(x) pdb_ctz64_(x)
#define PDB_PREFETCH(p) ((void)(p))
#endif

/* The free-cell regions of every 16-bit mask, lowest cell first. */
typedef struct region_table {
    uint16_t mask[1 << 16][8];
    uint64_t id[1 << 16];            /* 4 bits per cell: the region holding it */
} region_table;

typedef struct build_ctx {
    int k;
    unsigned char goal[PDB_MAX_TILES];
    unsigned char md[PDB_MAX_TILES][PDB_CELLS];    /* slot i standing on a cell */
    uint32_t weight[PDB_MAX_TILES];                 /* place value of slot i's rank digit */
    uint64_t words;
    _Atomic uint64_t *state;
    _Atomic unsigned char *nibbles;
    const region_table *regions;
    int depth;                                      /* the layer being expanded */
    uint64_t label_now, label_next;                 /* 1 or 2: which bit plane is set */
    atomic_uint_fast64_t next_chunk;
    atomic_uint_fast64_t added;
    atomic_int saturated;
    const volatile int *cancel;
    double deadline;
    atomic_int cancelled;
} build_ctx;

static uint16_t neighbours[PDB_CELLS];
static unsigned char select8[256][8];              /* the j-th set bit of a byte */
static uint64_t reciprocal[PDB_CELLS + 1];
static once_flag tables_once = ONCE_FLAG_INIT;

static uint32_t grow(uint32_t m)
{
    return (((m << 1) & ~0x1111u) | ((m >> 1) & ~0x8888u) | (m << 4) | (m >> 4)) & 0xFFFFu;
}

static void init_tables(void)
{
    for (int c = 0; c < PDB_CELLS; c++) neighbours[c] = (uint16_t)grow(1u << c);
    for (int b = 0; b < 256; b++) {
        int j = 0;
        for (int i = 0; i < 8; i++)
            if (b >> i & 1) select8[b][j++] = (unsigned char)i;
    }
    for (int r = 1; r <= PDB_CELLS; r++)
        reciprocal[r] = ((1ull << DIV_SHIFT) + (uint64_t)r - 1) / (uint64_t)r;
}

static region_table *region_table_new(void)
{
    region_table *t = malloc(sizeof *t);
    if (!t) return NULL;
    for (uint32_t m = 0; m < (1u << 16); m++) {
        uint32_t rest = m;
        uint64_t id = 0;
        int n = 0;
        while (rest) {
            uint32_t reg = rest & (~rest + 1), more;
            while ((more = (reg | grow(reg)) & m) != reg) reg = more;
            for (int cell = 0; cell < PDB_CELLS; cell++)
                if (reg >> cell & 1) id |= (uint64_t)n << (cell * 4);
            t->mask[m][n++] = (uint16_t)reg;
            rest &= ~reg;
        }
        t->id[m] = id;
    }
    return t;
}

/* Zeroed memory for the big tables, in 2 MB pages where the kernel allows it: every lookup
 * and every child lands on a random page, and with 4 KB pages the TLB misses cost as much
 * as the cache misses. */
void *pdb_big_alloc(size_t bytes)
{
#if defined(MAP_ANONYMOUS)
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
#if defined(MADV_HUGEPAGE)
    madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return p;
#else
    return calloc(bytes, 1);
#endif
}

void pdb_big_free(void *p, size_t bytes)
{
    if (!p) return;
#if defined(MAP_ANONYMOUS)
    munmap(p, bytes);
#else
    (void)bytes;
    free(p);
#endif
}

uint64_t pdb_entries(int k)
{
    uint64_t n = 1;
    for (int i = 0; i < k; i++) n *= (uint64_t)(PDB_CELLS - i);
    return n;
}

/* x / r without a divide: the reciprocal is exact for x < 2^29 because the rounding error
 * of ceil(2^34 / r) times x stays below 2^34 / r. */
static inline uint32_t div_small(uint32_t x, uint32_t r)
{
    return (uint32_t)(((uint64_t)x * reciprocal[r]) >> DIV_SHIFT);
}

static inline int select_free(uint32_t used, uint32_t d)
{
    uint32_t free_cells = ~used & 0xFFFFu, low = free_cells & 0xFFu;
    uint32_t below = (uint32_t)PDB_POPCOUNT(low);
    return d < below ? select8[low][d] : 8 + select8[free_cells >> 8][d - below];
}

static void unrank(int k, uint32_t x, unsigned char *cells)
{
    uint32_t digit[PDB_MAX_TILES];
    for (int i = k - 1; i >= 0; i--) {
        uint32_t r = (uint32_t)(PDB_CELLS - i), q = div_small(x, r);
        digit[i] = x - q * r;
        x = q;
    }
    uint32_t used = 0;
    for (int i = 0; i < k; i++) {
        cells[i] = (unsigned char)select_free(used, digit[i]);
        used |= 1u << cells[i];
    }
}

static void record(build_ctx *c, uint32_t x, int distance, int md)
{
    int excess = (distance - md) / 2;
    if (excess > 15) {
        excess = 15;
        atomic_fetch_add_explicit(&c->saturated, 1, memory_order_relaxed);
    }
    atomic_fetch_or_explicit(&c->nibbles[x >> 1], (unsigned char)(excess << ((x & 1u) << 2)),
                             memory_order_relaxed);
}

/* Labels the pair (placement x, region) with the next layer's label if it is unseen. */
static inline int visit(build_ctx *c, uint32_t x, int region, int md)
{
    unsigned shift = (x & 3u) << 4;
    uint64_t low = 1ull << (shift + (unsigned)region), high = low << 8;
    _Atomic uint64_t *w = &c->state[x >> 2];
    if (atomic_load_explicit(w, memory_order_relaxed) & (low | high)) return 0;
    uint64_t set = (c->label_next & 1 ? low : 0) | (c->label_next & 2 ? high : 0);
    uint64_t old = atomic_fetch_or_explicit(w, set, memory_order_relaxed);
    if (old & (low | high)) return 0;                 /* another worker got there first */
    if (!((old >> shift) & 0xFFFFu)) record(c, x, c->depth + 1, md);
    return 1;
}

/* The rank of the placement with slot i moved from cell a to the adjacent cell b, from the
 * parent's rank x. Slot i's digit (its cell minus the earlier slots below it) changes by
 * b - a, less one for every earlier slot strictly between a and b; every later slot strictly
 * between gains (a < b) or loses one in its own digit. A sideways move has no cell between;
 * an up or down move has the three cells of the row in between. */
static inline uint32_t child_rank(const build_ctx *c, uint32_t x, const signed char *slot_at,
                                  int i, int a, int b)
{
    int lo = a < b ? a : b, hi = a < b ? b : a;
    uint32_t wi = c->weight[i];
    uint32_t delta = (uint32_t)(hi - lo) * wi;
    for (int cell = lo + 1; cell < hi; cell++) {
        int j = slot_at[cell];
        if (j < 0) continue;
        delta += j < i ? (uint32_t)0 - wi : c->weight[j];
    }
    return a < b ? x + delta : x - delta;
}

static uint64_t expand(build_ctx *c, uint32_t x, unsigned regions)
{
    int k = c->k;
    unsigned char cells[PDB_MAX_TILES];
    signed char slot_at[PDB_CELLS];
    memset(slot_at, -1, sizeof slot_at);
    unrank(k, x, cells);
    uint32_t occupied = 0;
    int md = 0;
    for (int i = 0; i < k; i++) {
        occupied |= 1u << cells[i];
        md += c->md[i][cells[i]];
        slot_at[cells[i]] = (signed char)i;
    }
    uint32_t free_cells = ~occupied & 0xFFFFu;
    /* Children are collected and their words prefetched first, so that their cache misses
     * overlap instead of coming one after another. */
    uint32_t child[4 * PDB_CELLS];
    unsigned char region[4 * PDB_CELLS], child_md[4 * PDB_CELLS];
    int n = 0;
    for (; regions; regions &= regions - 1) {
        uint32_t blank_region = c->regions->mask[free_cells][PDB_CTZ(regions)];
        for (uint32_t border = grow(blank_region) & occupied; border; border &= border - 1) {
            int from = PDB_CTZ(border), i = slot_at[from];
            for (uint32_t to_set = neighbours[from] & blank_region; to_set; to_set &= to_set - 1) {
                int to = PDB_CTZ(to_set);
                uint32_t y = child_rank(c, x, slot_at, i, from, to);
                uint32_t child_free = free_cells ^ (1u << from) ^ (1u << to);
                child[n] = y;
                region[n] = (unsigned char)(c->regions->id[child_free] >> (from * 4) & 15u);
                child_md[n] = (unsigned char)(md + c->md[i][to] - c->md[i][from]);
                PDB_PREFETCH(&c->state[y >> 2]);
                n++;
            }
        }
    }
    uint64_t added = 0;
    for (int j = 0; j < n; j++) added += (uint64_t)visit(c, child[j], region[j], child_md[j]);
    return added;
}

static int worker(void *arg)
{
    build_ctx *c = arg;
    uint64_t added = 0;
    for (;;) {
        if (atomic_load_explicit(&c->cancelled, memory_order_relaxed)) break;
        if ((c->cancel && *c->cancel) || (c->deadline > 0 && solve_clock() > c->deadline)) {
            atomic_store(&c->cancelled, 1);
            break;
        }
        uint64_t start = atomic_fetch_add(&c->next_chunk, CHUNK_WORDS);
        if (start >= c->words) break;
        uint64_t end = start + CHUNK_WORDS < c->words ? start + CHUNK_WORDS : c->words;
        for (uint64_t wi = start; wi < end; wi++) {
            uint64_t w = atomic_load_explicit(&c->state[wi], memory_order_relaxed);
            uint64_t low = w & LANE_LOW, high = (w >> 8) & LANE_LOW, now;
            now = c->label_now == 1 ? low & ~high : high & ~low;
            if (!now) continue;
            /* Done (11) before expanding: children only ever land on unseen (00) pairs. */
            atomic_fetch_or_explicit(&c->state[wi], c->label_now == 1 ? now << 8 : now,
                                     memory_order_relaxed);
            while (now) {
                unsigned lane = (unsigned)PDB_CTZ64(now) >> 4;
                unsigned regions = (unsigned)(now >> (lane << 4)) & 0xFFu;
                now &= ~(0xFFFFull << (lane << 4));
                added += expand(c, (uint32_t)(wi * 4 + lane), regions);
            }
        }
    }
    atomic_fetch_add(&c->added, added);
    return 0;
}

static int thread_count(int requested)
{
    if (requested > 0) return requested > 16 ? 16 : requested;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 8 ? 8 : (int)n;
}

int pdb_build_pattern(const unsigned char *tiles, int k, unsigned char *nibbles,
                      const pdb_options *opt, int *saturated)
{
    pdb_options none = {0};
    if (!opt) opt = &none;
    call_once(&tables_once, init_tables);
    if (k < 1 || k > PDB_MAX_TILES) return -1;
    build_ctx *c = calloc(1, sizeof *c);
    if (!c) return -1;
    c->k = k;
    for (int i = 0; i < k; i++) {
        int g = tiles[i] - 1;
        c->goal[i] = (unsigned char)g;
        for (int cell = 0; cell < PDB_CELLS; cell++)
            c->md[i][cell] = (unsigned char)(abs(cell / PDB_SIDE - g / PDB_SIDE) +
                                             abs(cell % PDB_SIDE - g % PDB_SIDE));
    }
    for (int i = 0; i < k; i++) c->weight[i] = (uint32_t)(pdb_entries(k) / pdb_entries(i + 1));
    uint64_t entries = pdb_entries(k);
    c->words = (entries + 3) / 4;
    c->state = pdb_big_alloc(c->words * sizeof *c->state);
    c->regions = region_table_new();
    c->nibbles = (_Atomic unsigned char *)nibbles;
    c->cancel = opt->cancel;
    c->deadline = opt->deadline;
    int rc = -1;
    if (!c->state || !c->regions) goto done;

    /* The goal: pattern tiles home, blank in the bottom-right cell. */
    uint32_t occupied = 0;
    for (int i = 0; i < k; i++) occupied |= 1u << c->goal[i];
    uint32_t root = pdb_rank(c->goal, k);
    int root_region = (int)(c->regions->id[~occupied & 0xFFFFu] >> ((PDB_CELLS - 1) * 4) & 15u);
    c->label_next = 1;
    c->depth = -1;
    visit(c, root, root_region, 0);

    int n = thread_count(opt->threads);
    thrd_t th[16];
    for (c->depth = 0;; c->depth++) {
        c->label_now = (uint64_t)(c->depth % 2 + 1);
        c->label_next = (uint64_t)((c->depth + 1) % 2 + 1);
        atomic_store(&c->next_chunk, 0);
        atomic_store(&c->added, 0);
        int started = 0;
        for (int i = 1; i < n; i++)
            if (thrd_create(&th[started], worker, c) == thrd_success) started++;
        worker(c);
        for (int i = 0; i < started; i++) thrd_join(th[i], NULL);
        if (atomic_load(&c->cancelled)) goto done;
        if (!atomic_load(&c->added)) break;
    }
    if (saturated) *saturated = atomic_load(&c->saturated);
    rc = 0;
done:
    pdb_big_free((void *)c->state, c->words * sizeof *c->state);
    free((void *)c->regions);
    free(c);
    return rc;
}
