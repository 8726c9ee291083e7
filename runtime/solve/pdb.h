/* pdb.h: additive disjoint pattern databases for the 4 x 4 sliding puzzle (goal 1..15 in
 * reading order, blank last), built once by breadth-first search and cached on disk.
 *
 * A partition splits the 15 tiles into disjoint patterns. The table of a pattern of k tiles
 * holds, for every placement of those k tiles on the 16 cells, the fewest moves OF PATTERN
 * TILES that bring them home, with the blank tracked during the search (other tiles are
 * indistinguishable and moving them is free) and then minimised over the blank's position.
 * Because only pattern moves count, the values of disjoint patterns add up to an admissible
 * heuristic. A tile's move count has the parity of its Manhattan distance, so a table stores
 * the excess over the pattern's Manhattan distance, halved, in 4 bits (saturating at 15,
 * which keeps it admissible): h = MD + 2 * sum(excess). Reflecting the board about the main
 * diagonal maps the goal to itself, so a second lookup on the reflected board comes free.
 * Plain C11: no SDL, no Lua. */
#ifndef TESSERA_SOLVE_PDB_H
#define TESSERA_SOLVE_PDB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PDB_SIDE 4
#define PDB_CELLS 16
#define PDB_MAX_PATTERNS 5
#define PDB_MAX_TILES 8

typedef struct pdb_partition {
    char name[16];                                   /* "7-8", "6-6-3", ... (the file name) */
    int count;                                       /* patterns */
    int size[PDB_MAX_PATTERNS];                      /* tiles per pattern, 1..8 */
    unsigned char tiles[PDB_MAX_PATTERNS][PDB_MAX_TILES];
} pdb_partition;

/* The partitions we ship. 7-8: tiles 1..8 (top two rows) and 9..15, the partition of Korf &
 * Felner (2002) mapped to our goal; 575 MB as bytes, 288 MB as nibbles here, and minutes to
 * build (about 260 s of CPU, 1.3 GB at the peak; see pdb_build.c). 6-6-3 (5.8 MB) and
 * 5-5-5 (0.8 MB) build in seconds. */
extern const pdb_partition pdb_partition_78;
extern const pdb_partition pdb_partition_663;
extern const pdb_partition pdb_partition_555;

typedef struct pdb_set {
    pdb_partition part;
    uint64_t entries[PDB_MAX_PATTERNS];              /* 16! / (16 - k)! placements */
    unsigned char *table[PDB_MAX_PATTERNS];          /* nibbles, entry i in byte i / 2 */
    unsigned char *block;                            /* one allocation holding every table */
    size_t bytes;
    signed char pattern_of[PDB_CELLS];               /* tile -> pattern (-1 for the blank) */
    signed char slot_of[PDB_CELLS];                  /* tile -> index inside its pattern */
    double build_seconds;                            /* 0 when loaded from the cache */
    double load_seconds;
    bool from_cache;
    int saturated;                                   /* entries clipped to 15 (admissible) */
} pdb_set;

/* How pdb_open treats the cache: the default loads a valid file or builds and writes one. */
typedef struct pdb_options {
    const volatile int *cancel;                      /* build stops (returns NULL) when set */
    double deadline;                                 /* solve_clock() time to give up; 0: none */
    int threads;                                     /* 0: one per online CPU, at most 8 */
    bool no_build;                                   /* load only: NULL if no valid file */
} pdb_options;

/* Loads the partition's tables from cache_dir (created if missing), or builds them and writes
 * the cache file atomically (temp file + rename). A missing, truncated or corrupt file is
 * rebuilt; a NULL or unwritable cache_dir builds in memory. msg (may be NULL) says which
 * happened and how long it took. Returns NULL on out-of-memory, cancel, deadline, a bad
 * partition, or a no_build miss. The 7-8 file is 288 MB and loads in about 0.2 s. */
pdb_set *pdb_open(const pdb_partition *part, const char *cache_dir, const pdb_options *opt,
                  char *msg, size_t size);
void pdb_free(pdb_set *p);

/* The cache file a partition uses inside cache_dir; returns the length snprintf would. */
int pdb_cache_path(const pdb_partition *part, const char *cache_dir, char *buf, size_t size);

/* The heuristic of a whole board (tiles: 16 values, 0 the blank), with the reflected lookup
 * when reflect is true. For tests and tools; the search updates it incrementally. */
int pdb_heuristic(const pdb_set *p, const int *tiles, bool reflect);

/* Makes the 7-8 databases ready in this process (loads the cache or builds and writes it)
 * so that later 4 x 4 optimal solves use them. Returns 0 on success, -1 on failure; msg
 * (may be NULL) reports where they came from and the time taken. */
int pdb_prepare(const char *cache_dir, char *msg, size_t size);
/* The same with options: no_build only loads a valid cache; cancel stops a build. */
int pdb_prepare_with(const char *cache_dir, const pdb_options *opt, char *msg, size_t size);
/* The process-wide 7-8 databases if pdb_prepare (or a solve) made them ready, else NULL. */
const pdb_set *pdb_shared(void);
/* Frees the process-wide databases (the next solve reloads them). Not while a solve that
 * may be using them is running. */
void pdb_release(void);

/* Popcount of a 16-bit mask: the builtin when the target has the instruction, else a few
 * shifts (the library call the compiler would emit instead is several times slower). */
#if defined(__POPCNT__)
#define PDB_POPCOUNT(x) __builtin_popcount(x)
#else
static inline uint32_t pdb_popcount16_(uint32_t x)
{
    x = x - ((x >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    return (x + (x >> 8)) & 0x1Fu;
}
#define PDB_POPCOUNT(x) pdb_popcount16_(x)
#endif

/* Builds one pattern's table into nibbles ((entries + 1) / 2 bytes, zeroed by the caller):
 * a breadth-first search over (placement, blank region) pairs, 2 bits per pair. Returns 0,
 * or -1 when out of memory, cancelled or past the deadline (opt may be NULL). *saturated
 * counts values clipped to 15. */
int pdb_build_pattern(const unsigned char *tiles, int k, unsigned char *nibbles,
                      const pdb_options *opt, int *saturated);
uint64_t pdb_entries(int k);
/* Zeroed memory for big tables (huge pages where the system offers them). */
void *pdb_big_alloc(size_t bytes);
void pdb_big_free(void *p, size_t bytes);

/* The rank of k tile positions (distinct cells 0..15, in pattern order) among the
 * 16 * 15 * ... * (16 - k + 1) placements: a mixed-radix Lehmer code. */
static inline uint32_t pdb_rank(const unsigned char *cells, int k)
{
    uint32_t idx = 0, used = 0;
    for (int i = 0; i < k; i++) {
        uint32_t c = cells[i];
        uint32_t below = (uint32_t)PDB_POPCOUNT(used & ((1u << c) - 1u));
        idx = idx * (uint32_t)(PDB_CELLS - i) + (c - below);
        used |= 1u << c;
    }
    return idx;
}

static inline int pdb_nibble(const unsigned char *table, uint32_t idx)
{
    return (table[idx >> 1] >> ((idx & 1u) << 2)) & 15;
}

#endif
