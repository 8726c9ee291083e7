/* push_deadlog.c: the log of dead sets shared by a solve's attempts (see push_deadlog.h). */
#include "solve/push_deadlog.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* One set in the level's terms. */
typedef struct logged {
    int floor;                    /* the floor it was proved on (push_deadlog.floor) */
    int count;
    bool everywhere;              /* dead wherever the player stands */
    int32_t cell[PUSH_SET_MAX];   /* grid cells */
    int colour[PUSH_SET_MAX];     /* of the box on each */
    size_t where;                 /* unless everywhere: its grid bitmap at bits + where */
} logged;

struct push_deadlog {
    int words;                    /* 64-bit words of a grid bitmap */
    logged *entry;
    int count;
    size_t cap;
    uint64_t *bits;               /* the entries' bitmaps of where the player makes them dead */
    size_t nbits, bits_cap;       /* in words */
    uint64_t *floor;              /* the floors sets were proved on, one grid bitmap each */
    int nfloors;
    size_t floors_cap;            /* in words */
    uint64_t *scratch;            /* the floor of a board seen for the first time */
    size_t bytes, limit;
};

push_deadlog *push_deadlog_new(int gcells, size_t memory)
{
    push_deadlog *l = calloc(1, sizeof *l);
    if (!l) return NULL;
    l->words = (gcells + 63) / 64;
    l->limit = memory;
    l->scratch = malloc(sizeof *l->scratch * (size_t)l->words);
    if (!l->scratch) {
        free(l);
        return NULL;
    }
    l->bytes = sizeof *l + sizeof *l->scratch * (size_t)l->words;
    return l;
}

void push_deadlog_free(push_deadlog *l)
{
    if (!l) return;
    free(l->entry), free(l->bits), free(l->floor), free(l->scratch);
    free(l);
}

size_t push_deadlog_bytes(const push_deadlog *l) { return l ? l->bytes : 0; }
int push_deadlog_count(const push_deadlog *l) { return l ? l->count : 0; }

static inline bool bit(const uint64_t *w, int i) { return w[i >> 6] >> (i & 63) & 1; }
static inline void set_bit(uint64_t *w, int i) { w[i >> 6] |= (uint64_t)1 << (i & 63); }

/* array grown to hold `need` elements of `size` bytes, the bytes counted; NULL when out of
 * memory or past the limit (array is then unchanged). */
static void *grow(push_deadlog *l, void *array, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) return array;
    size_t want = *cap ? *cap * 2 : 64;
    while (want < need) want *= 2;
    if (l->bytes + (want - *cap) * size > l->limit) return NULL;
    void *bigger = realloc(array, want * size);
    if (!bigger) return NULL;
    l->bytes += (want - *cap) * size;
    *cap = want;
    return bigger;
}

/* The index of the floor in scratch, added when new; -1 when out of memory. */
static int floor_id(push_deadlog *l)
{
    size_t w = (size_t)l->words;
    for (int i = 0; i < l->nfloors; i++)
        if (memcmp(l->floor + (size_t)i * w, l->scratch, sizeof *l->scratch * w) == 0) return i;
    uint64_t *floors = grow(l, l->floor, &l->floors_cap, (size_t)(l->nfloors + 1) * w, sizeof *l->floor);
    if (!floors) return -1;
    l->floor = floors;
    memcpy(l->floor + (size_t)l->nfloors * w, l->scratch, sizeof *l->scratch * w);
    return l->nfloors++;
}

/* Whether floor f lies inside floor g (g has no wall that f lacks). */
static bool floor_inside(const push_deadlog *l, int f, int g)
{
    const uint64_t *inner = l->floor + (size_t)f * (size_t)l->words, *outer = l->floor + (size_t)g * (size_t)l->words;
    for (int i = 0; i < l->words; i++)
        if (inner[i] & ~outer[i]) return false;
    return true;
}

/* Set i of d into the log, proved on floor f. */
static void give(push_deadlog *l, const push_deadsets *d, int i, int f)
{
    const push_board *b = push_deadsets_board(d);
    const push_deadset_spec *s = push_deadsets_at(d, i);
    logged *entries = grow(l, l->entry, &l->cap, (size_t)l->count + 1, sizeof *l->entry);
    if (!entries) return;
    l->entry = entries;
    logged *e = &l->entry[l->count];
    e->floor = f;
    e->count = s->count;
    e->everywhere = s->nregions < 0;
    for (int j = 0; j < s->count; j++) {
        e->cell[j] = b->cell[s->cell[j]];
        e->colour[j] = b->class_colour[s->cls[j]];
    }
    if (!e->everywhere) {
        size_t w = (size_t)l->words;
        uint64_t *bits = grow(l, l->bits, &l->bits_cap, l->nbits + w, sizeof *l->bits);
        if (!bits) return;
        l->bits = bits;
        e->where = l->nbits;
        uint64_t *to = l->bits + l->nbits;
        memset(to, 0, sizeof *to * w);
        const uint64_t *from = push_deadsets_where(d, i);
        for (int c = 0; c < b->n; c++)
            if (bit(from, c)) set_bit(to, b->cell[c]);
        l->nbits += w;
    }
    l->count++;
}

/* Entry e in d's terms, added to d; false when it does not hold there or d knew it. */
static bool take(push_deadlog *l, push_deadsets *d, const logged *e)
{
    const push_board *b = push_deadsets_board(d);
    push_deadset_spec s;
    memset(&s, 0, sizeof s);
    s.count = e->count;
    for (int j = 0; j < e->count; j++) {
        int c = b->index[e->cell[j]], k = 0;
        while (k < b->nclasses && b->class_colour[k] != e->colour[j]) k++;
        if (c < 0 || k == b->nclasses) return false;  /* a wall here, or no such boxes left */
        /* Sorted by class, then by cell. */
        int at = j;
        while (at > 0 && (s.cls[at - 1] > k || (s.cls[at - 1] == k && s.cell[at - 1] > c))) {
            s.cell[at] = s.cell[at - 1];
            s.cls[at] = s.cls[at - 1];
            at--;
        }
        s.cell[at] = (uint16_t)c;
        s.cls[at] = (uint8_t)k;
    }
    if (e->everywhere) {
        s.nregions = -1;
        return push_deadsets_add(d, &s);
    }
    /* Each region of d's board holding only these boxes lies inside one region of the board the
     * set was proved on (d's floor lies inside that one's): dead there when that one was. */
    int32_t first[PUSH_SET_REGIONS];
    int found = push_deadsets_regions(d, s.cell, s.count, first, PUSH_SET_REGIONS);
    const uint64_t *where = l->bits + e->where;
    for (int r = 0; r < found && r < PUSH_SET_REGIONS; r++)
        if (bit(where, b->cell[first[r]])) s.region[s.nregions++] = (uint16_t)first[r];
    if (s.nregions == 0) return false;
    if (s.nregions == found) s.nregions = -1;
    return push_deadsets_add(d, &s);
}

int push_deadlog_share(push_deadlog *l, push_deadsets *d, push_deadlog_cursor *cur)
{
    if (!l || !d || (cur->given == push_deadsets_count(d) && cur->taken == l->count)) return 0;
    if (cur->floor == 0) {
        const push_board *b = push_deadsets_board(d);
        memset(l->scratch, 0, sizeof *l->scratch * (size_t)l->words);
        for (int c = 0; c < b->n; c++) set_bit(l->scratch, b->cell[c]);
        cur->floor = floor_id(l) + 1;
        if (cur->floor == 0) return 0;
    }
    int f = cur->floor - 1, before = l->count, gained = 0;
    for (int i = cur->given; i < push_deadsets_count(d); i++) give(l, d, i, f);
    for (int i = cur->taken; i < before; i++)
        if (floor_inside(l, f, l->entry[i].floor) && take(l, d, &l->entry[i])) gained++;
    cur->given = push_deadsets_count(d);
    cur->taken = l->count;
    return gained;
}
