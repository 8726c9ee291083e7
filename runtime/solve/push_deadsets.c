/* push_deadsets.c: the store of learned dead-box sets (see push_deadsets.h): the sets, a
 * per-cell index of the sets holding each cell, and a hash of them to keep each one once. */
#include "solve/push_deadsets.h"

#include <stdlib.h>
#include <string.h>

struct push_deadsets {
    const push_board *b;
    push_deadset_spec *set;
    int count, cap;
    uint64_t *where;              /* cap x words bits: set e's cells where the player makes it
                                     dead (its regions' cells), so a match tests one bit */
    int words;
    int32_t **by_cell;            /* [c]: indices of the sets holding c */
    int32_t *by_count, *by_cap;
    int32_t *slot;                /* open addressing on the sets' keys: index + 1, 0 empty */
    uint32_t nslots;
    size_t bytes, limit;
    uint8_t *occ;                 /* n: scratch, PUSH_NO_BOX except while a region is found */
    uint32_t *reach, stamp;
    int32_t *queue;
    push_deadsets_stats stats;
};

static inline uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15u;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

static uint64_t set_key(const push_deadset_spec *s)
{
    uint64_t h = mix64((uint64_t)s->count);
    for (int i = 0; i < s->count; i++) h = mix64(h ^ ((uint64_t)s->cls[i] << 16 | s->cell[i]));
    return h;
}

static bool same_boxes(const push_deadset_spec *a, const push_deadset_spec *b)
{
    return a->count == b->count && memcmp(a->cell, b->cell, sizeof *a->cell * (size_t)a->count) == 0 &&
           memcmp(a->cls, b->cls, (size_t)a->count) == 0;
}

push_deadsets *push_deadsets_new(const push_board *b, size_t memory)
{
    push_deadsets *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->b = b;
    d->limit = memory;
    int n = b->n;
    d->words = (n + 63) / 64;
    d->by_cell = calloc((size_t)n + 1, sizeof *d->by_cell);
    d->by_count = calloc((size_t)n + 1, sizeof *d->by_count);
    d->by_cap = calloc((size_t)n + 1, sizeof *d->by_cap);
    d->occ = malloc((size_t)n + 1);
    d->reach = calloc((size_t)n + 1, sizeof *d->reach);
    d->queue = malloc(sizeof *d->queue * ((size_t)n + 1));
    if (!d->by_cell || !d->by_count || !d->by_cap || !d->occ || !d->reach || !d->queue) {
        push_deadsets_free(d);
        return NULL;
    }
    memset(d->occ, PUSH_NO_BOX, (size_t)n + 1);
    d->bytes = (size_t)n * (sizeof *d->by_cell + 2 * sizeof(int32_t) + 1 + sizeof(uint32_t) * 2);
    return d;
}

void push_deadsets_free(push_deadsets *d)
{
    if (!d) return;
    if (d->by_cell)
        for (int c = 0; c < d->b->n; c++) free(d->by_cell[c]);
    free(d->by_cell), free(d->by_count), free(d->by_cap), free(d->set), free(d->where), free(d->slot);
    free(d->occ), free(d->reach), free(d->queue);
    free(d);
}

int push_deadsets_count(const push_deadsets *d) { return d ? d->count : 0; }
const push_deadset_spec *push_deadsets_at(const push_deadsets *d, int i) { return &d->set[i]; }
const uint64_t *push_deadsets_where(const push_deadsets *d, int i) { return d->where + (size_t)i * (size_t)d->words; }
const push_board *push_deadsets_board(const push_deadsets *d) { return d->b; }

size_t push_deadsets_bytes(const push_deadsets *d) { return d ? d->bytes : 0; }
push_deadsets_stats push_deadsets_stats_of(const push_deadsets *d)
{
    push_deadsets_stats none = { 0 };
    return d ? d->stats : none;
}
void push_deadsets_count_pair(push_deadsets *d)
{
    if (d) d->stats.pairs++;
}

/* The slot of a set like s: its own, or the empty one where it would go. */
static uint32_t find_slot(const push_deadsets *d, const push_deadset_spec *s, uint64_t key)
{
    uint32_t mask = d->nslots - 1;
    for (uint32_t i = (uint32_t)key & mask;; i = (i + 1) & mask) {
        int32_t e = d->slot[i] - 1;
        if (e < 0 || same_boxes(&d->set[e], s)) return i;
    }
}

static bool grow_slots(push_deadsets *d)
{
    uint32_t nslots = d->nslots ? d->nslots * 2 : 256;
    int32_t *slot = calloc(nslots, sizeof *slot);
    if (!slot) return false;
    free(d->slot);
    d->slot = slot;
    d->bytes += sizeof *slot * (nslots - d->nslots);
    d->nslots = nslots;
    for (int e = 0; e < d->count; e++) d->slot[find_slot(d, &d->set[e], set_key(&d->set[e]))] = e + 1;
    return true;
}

static bool index_cell(push_deadsets *d, int c, int32_t e)
{
    if (d->by_count[c] == d->by_cap[c]) {
        int cap = d->by_cap[c] ? d->by_cap[c] * 2 : 4;
        int32_t *bigger = realloc(d->by_cell[c], sizeof *bigger * (size_t)cap);
        if (!bigger) return false;
        d->bytes += sizeof *bigger * (size_t)(cap - d->by_cap[c]);
        d->by_cell[c] = bigger;
        d->by_cap[c] = cap;
    }
    d->by_cell[c][d->by_count[c]++] = e;
    return true;
}

/* The scratch board holding only the boxes on cells (count of them), with a fresh reach
 * stamp; lift takes them off again. */
static void place(push_deadsets *d, const uint16_t *cells, int count)
{
    for (int i = 0; i < count; i++) d->occ[cells[i]] = 0;
    if (++d->stamp == 0) {
        memset(d->reach, 0, sizeof *d->reach * (size_t)d->b->n);
        d->stamp = 1;
    }
}

static void lift(push_deadsets *d, const uint16_t *cells, int count)
{
    for (int i = 0; i < count; i++) d->occ[cells[i]] = PUSH_NO_BOX;
}

/* Set e's cells where the player makes it dead: its regions, on a board holding only its boxes. */
static void mark_where(push_deadsets *d, int32_t e)
{
    const push_board *b = d->b;
    const push_deadset_spec *s = &d->set[e];
    uint64_t *w = d->where + (size_t)e * (size_t)d->words;
    memset(w, 0, sizeof *w * (size_t)d->words);
    if (s->nregions < 0) return;
    place(d, s->cell, s->count);
    for (int j = 0; j < s->nregions; j++)
        if (d->reach[s->region[j]] != d->stamp) push_reach(b, d->occ, s->region[j], d->reach, d->stamp, d->queue);
    for (int c = 0; c < b->n; c++)
        if (d->reach[c] == d->stamp) w[c >> 6] |= (uint64_t)1 << (c & 63);
    lift(d, s->cell, s->count);
}

bool push_deadsets_add(push_deadsets *d, const push_deadset_spec *s)
{
    if (!d || s->count < 1 || s->count > PUSH_SET_MAX) return false;
    size_t need = sizeof *s + sizeof(int32_t) * (size_t)(s->count + 2) * 2 + sizeof *d->where * (size_t)d->words;
    if (d->bytes + need > d->limit) return false;
    if ((uint32_t)(d->count + 1) * 2 > d->nslots && !grow_slots(d)) return false;
    uint64_t key = set_key(s);
    uint32_t slot = find_slot(d, s, key);
    if (d->slot[slot]) {
        /* Known boxes: widen where the player may stand. */
        push_deadset_spec *old = &d->set[d->slot[slot] - 1];
        if (old->nregions < 0) return false;
        if (s->nregions < 0) {
            old->nregions = -1;
            mark_where(d, d->slot[slot] - 1);     /* dead everywhere: no bits */
            return true;
        }
        bool grew = false;
        for (int i = 0; i < s->nregions; i++) {
            bool known = false;
            for (int j = 0; j < old->nregions && !known; j++) known = old->region[j] == s->region[i];
            if (known) continue;
            if (old->nregions == PUSH_SET_REGIONS) return grew;
            old->region[old->nregions++] = s->region[i];
            grew = true;
        }
        if (grew) mark_where(d, d->slot[slot] - 1);
        return grew;
    }
    if (d->count == d->cap) {
        int cap = d->cap ? d->cap * 2 : 64;
        push_deadset_spec *bigger = realloc(d->set, sizeof *bigger * (size_t)cap);
        if (!bigger) return false;
        d->bytes += sizeof *bigger * (size_t)(cap - d->cap);
        d->set = bigger;
        uint64_t *where = realloc(d->where, sizeof *where * (size_t)cap * (size_t)d->words);
        if (!where) return false;
        d->bytes += sizeof *where * (size_t)(cap - d->cap) * (size_t)d->words;
        d->where = where;
        d->cap = cap;
    }
    int32_t e = d->count;
    d->set[e] = *s;
    mark_where(d, e);
    for (int i = 0; i < s->count; i++)
        if (!index_cell(d, s->cell[i], e)) {
            for (int j = 0; j < i; j++) d->by_count[s->cell[j]]--;
            return false;
        }
    d->count++;
    d->slot[slot] = e + 1;
    d->stats.sets++;
    return true;
}

int push_deadsets_region(push_deadsets *d, const uint16_t *cells, int count, int player)
{
    place(d, cells, count);
    int least = push_reach(d->b, d->occ, player, d->reach, d->stamp, d->queue);
    lift(d, cells, count);
    return least;
}

int push_deadsets_regions(push_deadsets *d, const uint16_t *cells, int count, int32_t *first, int most)
{
    const push_board *b = d->b;
    place(d, cells, count);
    int found = 0;
    for (int c = 0; c < b->n; c++) {
        if (d->occ[c] != PUSH_NO_BOX || d->reach[c] == d->stamp) continue;
        push_reach(b, d->occ, c, d->reach, d->stamp, d->queue);
        if (found < most) first[found] = c;
        found++;
    }
    lift(d, cells, count);
    return found;
}

bool push_deadsets_match(push_deadsets *d, const push_pos *p, int at, int player)
{
    if (!d || d->by_count[at] == 0) return false;
    const push_board *b = d->b;
    d->stats.queries++;
    const int32_t *list = d->by_cell[at];
    for (int k = d->by_count[at] - 1; k >= 0; k--) {
        const push_deadset_spec *s = &d->set[list[k]];
        bool all = true;
        for (int i = 0; i < s->count && all; i++) {
            int slot = p->occ[s->cell[i]];
            all = slot != PUSH_NO_BOX && b->box_class[slot] == s->cls[i];
        }
        if (!all) continue;
        if (s->nregions >= 0) {
            const uint64_t *w = d->where + (size_t)list[k] * (size_t)d->words;
            if (!(w[player >> 6] >> (player & 63) & 1)) continue;
        }
        d->stats.hits++;
        return true;
    }
    return false;
}

bool push_deadsets_match_all(push_deadsets *d, const push_pos *p, int player)
{
    if (!d || d->count == 0) return false;
    for (int i = 0; i < d->b->nboxes; i++)
        if (push_deadsets_match(d, p, p->box[i], player)) return true;
    return false;
}
