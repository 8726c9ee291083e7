/* pdb.c: the 4 x 4 pattern databases: partitions, the cache file, lookups, the shared copy.
 *
 * Cache file: a fixed header (magic, version, byte order, partition, table sizes, payload
 * size and checksum, then a checksum of the header itself) followed by the nibble tables in
 * pattern order. Anything that does not match exactly (a short file, a flipped byte, another
 * partition, another version) is treated as missing: the tables are rebuilt and the file is
 * rewritten through a temporary file and rename(), so a killed build never leaves a bad cache. */
#define _POSIX_C_SOURCE 200809L
#include "solve/pdb.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <threads.h>
#include <unistd.h>

#include "solve/solver.h"

#define PDB_MAGIC "TSPDB4x4"
#define PDB_VERSION 1u
#define PDB_ENDIAN 0x01020304u
#define PDB_ENCODING_HALF_EXCESS 1u

const pdb_partition pdb_partition_78 = {
    "7-8", 2, {8, 7}, {{1, 2, 3, 4, 5, 6, 7, 8}, {9, 10, 11, 12, 13, 14, 15}}};
/* Of the 6-6-3 splits we tried on Korf's 100, this one generated the fewest nodes (646 K a
 * board with reflection; two blocks of 2 x 3 split 1.0-3.5 M). */
const pdb_partition pdb_partition_663 = {
    "6-6-3", 3, {6, 6, 3}, {{1, 2, 3, 5, 6, 7}, {4, 8, 11, 12, 14, 15}, {9, 10, 13}}};
const pdb_partition pdb_partition_555 = {
    "5-5-5", 3, {5, 5, 5}, {{1, 2, 3, 5, 6}, {4, 7, 8, 11, 12}, {9, 10, 13, 14, 15}}};

typedef struct pdb_file_header {
    char magic[8];
    uint32_t version, endian, header_size, side, count, encoding;
    uint8_t size[8];
    uint8_t tiles[PDB_MAX_PATTERNS][PDB_MAX_TILES];
    uint64_t entries[PDB_MAX_PATTERNS];
    uint64_t payload_bytes, payload_checksum;
    uint64_t header_checksum;   /* over every byte above */
} pdb_file_header;

_Static_assert(sizeof(pdb_file_header) == 144, "the cache header has no padding");

static void say(char *msg, size_t size, const char *fmt, ...)
{
    if (!msg || !size) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, size, fmt, ap);
    va_end(ap);
}

/* A fast 64-bit checksum (8 bytes a step, multiply-rotate mixing): it only has to catch
 * truncation and damage, not an adversary. */
static uint64_t checksum(const unsigned char *p, size_t n)
{
    uint64_t h = 0x9E3779B97F4A7C15ull ^ (uint64_t)n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h ^= w * 0xC2B2AE3D27D4EB4Full;
        h = ((h << 31) | (h >> 33)) * 0x9E3779B185EBCA87ull;
    }
    for (; i < n; i++) h = (h ^ p[i]) * 0x100000001B3ull;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 32);
}

static size_t table_bytes(uint64_t entries) { return (size_t)((entries + 1) / 2); }

static bool partition_valid(const pdb_partition *part)
{
    if (part->count < 1 || part->count > PDB_MAX_PATTERNS) return false;
    int seen = 0;
    for (int p = 0; p < part->count; p++) {
        if (part->size[p] < 1 || part->size[p] > PDB_MAX_TILES) return false;
        for (int i = 0; i < part->size[p]; i++) {
            int t = part->tiles[p][i];
            if (t < 1 || t >= PDB_CELLS || (seen >> t & 1)) return false;
            seen |= 1 << t;
        }
    }
    return seen == 0xFFFE;   /* every tile 1..15 exactly once */
}

static pdb_set *set_new(const pdb_partition *part)
{
    pdb_set *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->part = *part;
    memset(s->pattern_of, -1, sizeof s->pattern_of);
    memset(s->slot_of, -1, sizeof s->slot_of);
    for (int p = 0; p < part->count; p++) {
        s->entries[p] = pdb_entries(part->size[p]);
        s->bytes += table_bytes(s->entries[p]);
        for (int i = 0; i < part->size[p]; i++) {
            s->pattern_of[part->tiles[p][i]] = (signed char)p;
            s->slot_of[part->tiles[p][i]] = (signed char)i;
        }
    }
    s->block = pdb_big_alloc(s->bytes);
    if (!s->block) {
        free(s);
        return NULL;
    }
    size_t at = 0;
    for (int p = 0; p < part->count; p++) {
        s->table[p] = s->block + at;
        at += table_bytes(s->entries[p]);
    }
    return s;
}

void pdb_free(pdb_set *p)
{
    if (!p) return;
    pdb_big_free(p->block, p->bytes);
    free(p);
}

int pdb_cache_path(const pdb_partition *part, const char *cache_dir, char *buf, size_t size)
{
    return snprintf(buf, size, "%s/sliding4x4-pdb-%s.v%u.bin", cache_dir ? cache_dir : ".",
                    part->name, PDB_VERSION);
}

static void header_fill(const pdb_set *s, pdb_file_header *h)
{
    memset(h, 0, sizeof *h);
    memcpy(h->magic, PDB_MAGIC, 8);
    h->version = PDB_VERSION;
    h->endian = PDB_ENDIAN;
    h->header_size = (uint32_t)sizeof *h;
    h->side = PDB_SIDE;
    h->count = (uint32_t)s->part.count;
    h->encoding = PDB_ENCODING_HALF_EXCESS;
    for (int p = 0; p < s->part.count; p++) {
        h->size[p] = (uint8_t)s->part.size[p];
        memcpy(h->tiles[p], s->part.tiles[p], PDB_MAX_TILES);
        h->entries[p] = s->entries[p];
    }
    h->payload_bytes = s->bytes;
}

/* Reads the cache into s. Returns 0, 1 when there is no file, -1 (with why) when it is bad. */
static int cache_load(pdb_set *s, const char *path, char *why, size_t why_size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        say(why, why_size, "%s", strerror(errno));
        return errno == ENOENT ? 1 : -1;
    }
    pdb_file_header h, want;
    int rc = -1;
    header_fill(s, &want);
    if (fread(&h, sizeof h, 1, f) != 1) say(why, why_size, "truncated header");
    else if (memcmp(h.magic, PDB_MAGIC, 8) || h.endian != PDB_ENDIAN)
        say(why, why_size, "not a pattern database file of this machine");
    else if (h.header_checksum != checksum((const unsigned char *)&h, offsetof(pdb_file_header, header_checksum)))
        say(why, why_size, "header checksum mismatch");
    else if (h.version != PDB_VERSION || h.encoding != want.encoding)
        say(why, why_size, "version %u, expected %u", h.version, PDB_VERSION);
    else if (memcmp(&h, &want, offsetof(pdb_file_header, payload_checksum)))
        say(why, why_size, "another partition or size");
    else if (fread(s->block, 1, s->bytes, f) != s->bytes) say(why, why_size, "truncated tables");
    else if (fgetc(f) != EOF) say(why, why_size, "trailing bytes");
    else if (checksum(s->block, s->bytes) != h.payload_checksum)
        say(why, why_size, "table checksum mismatch");
    else rc = 0;
    fclose(f);
    return rc;
}

static int mkdir_p(const char *dir)
{
    char buf[4096];
    size_t n = strlen(dir);
    if (!n || n >= sizeof buf) return -1;
    memcpy(buf, dir, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (buf[i] != '/' && buf[i] != '\0') continue;
        char keep = buf[i];
        buf[i] = '\0';
        if (mkdir(buf, 0755) != 0 && errno != EEXIST) return -1;
        buf[i] = keep;
    }
    struct stat st;
    return stat(dir, &st) == 0 && S_ISDIR(st.st_mode) ? 0 : -1;
}

static int cache_save(const pdb_set *s, const char *cache_dir, const char *path, char *why,
                      size_t why_size)
{
    if (mkdir_p(cache_dir) != 0) {
        say(why, why_size, "cannot create %s: %s", cache_dir, strerror(errno));
        return -1;
    }
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        say(why, why_size, "cannot write %s: %s", tmp, strerror(errno));
        return -1;
    }
    pdb_file_header h;
    header_fill(s, &h);
    h.payload_checksum = checksum(s->block, s->bytes);
    h.header_checksum = checksum((const unsigned char *)&h, offsetof(pdb_file_header, header_checksum));
    bool ok = fwrite(&h, sizeof h, 1, f) == 1 && fwrite(s->block, 1, s->bytes, f) == s->bytes &&
              fflush(f) == 0 && fsync(fileno(f)) == 0;
    int err = errno;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        if (ok) err = errno;
        say(why, why_size, "cannot write %s: %s", path, strerror(err));
        remove(tmp);
        return -1;
    }
    return 0;
}

pdb_set *pdb_open(const pdb_partition *part, const char *cache_dir, const pdb_options *opt,
                  char *msg, size_t size)
{
    pdb_options none = {0};
    if (!opt) opt = &none;
    if (!partition_valid(part)) {
        say(msg, size, "pattern databases: partition %s does not cover tiles 1..15", part->name);
        return NULL;
    }
    pdb_set *s = set_new(part);
    if (!s) {
        say(msg, size, "pattern databases %s: out of memory", part->name);
        return NULL;
    }
    double t0 = solve_clock();
    char path[4096], why[200] = "", note[400] = "";
    int have = 1;
    if (cache_dir) {
        pdb_cache_path(part, cache_dir, path, sizeof path);
        have = cache_load(s, path, why, sizeof why);
        if (have == 0) {
            s->from_cache = true;
            s->load_seconds = solve_clock() - t0;
            say(msg, size, "pattern databases %s loaded from %s (%.0f MB, %.2f s)", part->name,
                path, (double)s->bytes / 1e6, s->load_seconds);
            return s;
        }
        if (have < 0) snprintf(note, sizeof note, "cache %.200s was bad (%.100s), rebuilt; ", path, why);
    }
    if (opt->no_build) {
        say(msg, size, "pattern databases %s: %s%s", part->name, cache_dir ? "no valid cache: " : "no cache dir",
            cache_dir ? why : "");
        pdb_free(s);
        return NULL;
    }
    if (have < 0) memset(s->block, 0, s->bytes);   /* a bad file may have been read in part */
    for (int p = 0; p < part->count; p++) {
        int sat = 0;
        if (pdb_build_pattern(part->tiles[p], part->size[p], s->table[p], opt, &sat) != 0) {
            say(msg, size, "pattern databases %s: build %s", part->name,
                opt->cancel && *opt->cancel ? "cancelled"
                : opt->deadline > 0 && solve_clock() > opt->deadline ? "out of time"
                : "ran out of memory");
            pdb_free(s);
            return NULL;
        }
        s->saturated += sat;
    }
    s->build_seconds = solve_clock() - t0;
    if (!cache_dir) {
        say(msg, size, "%spattern databases %s built in memory in %.1f s (no cache dir)", note,
            part->name, s->build_seconds);
    } else if (cache_save(s, cache_dir, path, why, sizeof why) != 0) {
        say(msg, size, "%spattern databases %s built in memory in %.1f s, not cached (%s)", note,
            part->name, s->build_seconds, why);
    } else {
        say(msg, size, "%spattern databases %s built in %.1f s, saved to %s (%.0f MB)", note,
            part->name, s->build_seconds, path, (double)s->bytes / 1e6);
    }
    return s;
}

/* Reflection about the main diagonal: cell (r, c) <-> (c, r); tile t (home t - 1) follows
 * its home cell. The goal maps to itself, blank included. */
static int reflect_cell(int cell) { return (cell % PDB_SIDE) * PDB_SIDE + cell / PDB_SIDE; }

int pdb_heuristic(const pdb_set *p, const int *tiles, bool reflect)
{
    unsigned char pos[PDB_CELLS];
    int md = 0;
    for (int cell = 0; cell < PDB_CELLS; cell++) {
        int t = tiles[cell];
        pos[t] = (unsigned char)cell;
        if (t) md += abs(cell / PDB_SIDE - (t - 1) / PDB_SIDE) + abs(cell % PDB_SIDE - (t - 1) % PDB_SIDE);
    }
    int best = 0;
    for (int view = 0; view < (reflect ? 2 : 1); view++) {
        int sum = 0;
        for (int q = 0; q < p->part.count; q++) {
            unsigned char cells[PDB_MAX_TILES];
            for (int i = 0; i < p->part.size[q]; i++) {
                int t = p->part.tiles[q][i];
                cells[i] = view ? (unsigned char)reflect_cell(pos[reflect_cell(t - 1) + 1])
                                : pos[t];
            }
            sum += pdb_nibble(p->table[q], pdb_rank(cells, p->part.size[q]));
        }
        if (sum > best) best = sum;
    }
    return md + 2 * best;
}

/* {====== the process-wide 7-8 databases */

static pdb_set *shared_set;
static mtx_t shared_lock;
static once_flag shared_once = ONCE_FLAG_INIT;

static void shared_init(void) { mtx_init(&shared_lock, mtx_plain); }

int pdb_prepare(const char *cache_dir, char *msg, size_t size)
{
    return pdb_prepare_with(cache_dir, NULL, msg, size);
}

int pdb_prepare_with(const char *cache_dir, const pdb_options *opt, char *msg, size_t size)
{
    call_once(&shared_once, shared_init);
    mtx_lock(&shared_lock);
    if (shared_set) say(msg, size, "pattern databases %s already loaded", shared_set->part.name);
    else shared_set = pdb_open(&pdb_partition_78, cache_dir, opt, msg, size);
    int rc = shared_set ? 0 : -1;
    mtx_unlock(&shared_lock);
    return rc;
}

const pdb_set *pdb_shared(void)
{
    call_once(&shared_once, shared_init);
    mtx_lock(&shared_lock);
    const pdb_set *s = shared_set;
    mtx_unlock(&shared_lock);
    return s;
}

void pdb_release(void)
{
    call_once(&shared_once, shared_init);
    mtx_lock(&shared_lock);
    pdb_free(shared_set);
    shared_set = NULL;
    mtx_unlock(&shared_lock);
}

/* }====== */
