/* push_features.c: the level analysis of the feature-space search (see push_features.h).
 *
 * Everything here is about a lone box: which cells it can be pushed to, and from which cells a
 * goal can be reached. Both are breadth-first searches over (cell, side label) pairs, as in
 * push_plan.c: the side labels of the board (walled as the question needs) say which sides of
 * a lone box the player can walk between, so a step of the search is a table lookup. */
#include "solve/push_features.h"

#include <stdlib.h>
#include <string.h>

#include "solve/push_table.h"
#include "solve/solver.h"

enum {
    ZONE_SLOTS = 1024,            /* zones cached (cleared when three quarters full) */
    HOTSPOT_WORK = 60000000,      /* (cell, side) visits the hotspot table may take */
    REACH_BYTES = 32 << 20,       /* the most the reversibility table may take */
    FILL_SLOTS = 1 << 16          /* fillable sets of full goals cached (cleared when three
                                     quarters full) */
};

typedef struct oop_zone {
    uint64_t key;
    int16_t *prefix;              /* nareas, or NULL for an empty slot */
    uint64_t *cells;              /* words: the zone */
} oop_zone;

struct push_features {
    const push_board *b;
    const push_plan *pl;
    int n, nd, words;
    uint64_t *reach;              /* [(c * nd + e) * words]: cells a lone box on c, the player on
                                     its side e, can be pushed to; NULL on boards too big */
    uint64_t *blocks;             /* [x * words]: bit y when a box on y is in the way of one on x;
                                     NULL: no hotspots */
    uint16_t *steps;              /* [g * n + c]: player steps from goal g to c */
    oop_zone *zones;
    int nzones;
    push_plan_work *work;         /* for push_plan_fillable */
    uint64_t *fill;               /* [FILL_SLOTS]: hashes of sets of full goals, the low bit
                                     set when fillable; 0 for an empty slot (two sets sharing a
                                     hash only misguide the score: nothing is pruned on it) */
    int nfill;
    uint8_t *full;                /* [goal] */
    /* The position push_features_hotspots_parent last saw: per box, its cell and how many of
     * the other boxes it is in the way of. */
    int32_t *hot_cell, *hot_count;
    size_t bytes;
    /* scratch */
    uint8_t *wall;
    int32_t *side;
    uint32_t *seen, stamp;
    uint32_t *cell_seen, cell_stamp;
    int32_t *queue;
    int16_t *count;
};

static uint32_t stamp_of(push_features *f)
{
    if (++f->stamp == 0) {
        memset(f->seen, 0, sizeof *f->seen * (size_t)f->n * (size_t)f->nd);
        f->stamp = 1;
    }
    return f->stamp;
}

static uint32_t cell_stamp_of(push_features *f)
{
    if (++f->cell_stamp == 0) {
        memset(f->cell_seen, 0, sizeof *f->cell_seen * (size_t)f->n);
        f->cell_stamp = 1;
    }
    return f->cell_stamp;
}

static void visit(push_features *f, const int32_t *side, int x, int e, uint32_t stamp, int *tail)
{
    int nd = f->nd;
    int32_t label = side[x * nd + e];
    for (int k = 0; k < nd; k++)
        if (side[x * nd + k] == label) f->seen[x * nd + k] = stamp;
    f->queue[(*tail)++] = x * nd + e;
}

/* Backwards from the goals marked in `target` (or goal g alone when target is NULL) over the
 * board walled as in f->wall with labels `side`: every cell from which some push sequence takes
 * a lone box onto one of them gets cell_seen == the returned stamp. Returns the stamp. */
static uint32_t sources(push_features *f, const int32_t *side, const uint8_t *target, int g, int *visits)
{
    const push_board *b = f->b;
    int nd = f->nd, head = 0, tail = 0;
    uint32_t stamp = stamp_of(f), cells = cell_stamp_of(f);
    for (int j = 0; j < b->ngoals; j++) {
        if (target ? !target[j] : j != g) continue;
        int c = b->goal[j];
        if (f->wall[c]) continue;
        f->cell_seen[c] = cells;
        for (int d = 0; d < nd; d++) {
            int y = push_step(b, c, d);
            if (y < 0 || f->wall[y] || f->seen[c * nd + d] == stamp) continue;
            visit(f, side, c, d, stamp, &tail);
        }
    }
    while (head < tail) {
        int x = f->queue[head] / nd, e = f->queue[head] % nd;
        head++;
        int32_t label = side[x * nd + e];
        for (int d = 0; d < nd; d++) {
            if (side[x * nd + d] != label) continue;
            /* The player on y beside the box steps on to z, pulling the box onto y. */
            int y = push_step(b, x, d), z = y >= 0 ? push_step(b, y, d) : -1;
            if (z < 0 || f->wall[y] || f->wall[z] || f->seen[y * nd + d] == stamp) continue;
            f->cell_seen[y] = cells;
            visit(f, side, y, d, stamp, &tail);
        }
    }
    if (visits) *visits += tail;
    return cells;
}

/* Forwards from c, the player on side e, on the board as it is: the cells a lone box can be
 * pushed to. */
static void pushes_from(push_features *f, int c, int e, uint64_t *out)
{
    const push_board *b = f->b;
    const int32_t *side = b->base.side;
    int nd = f->nd, head = 0, tail = 0;
    uint32_t stamp = stamp_of(f);
    out[c / 64] |= (uint64_t)1 << (c % 64);
    visit(f, side, c, e, stamp, &tail);
    while (head < tail) {
        int x = f->queue[head] / nd, k = f->queue[head] % nd;
        head++;
        int32_t label = side[x * nd + k];
        for (int d = 0; d < nd; d++) {
            int back = b->opp[d], to = push_step(b, x, d);
            if (to < 0 || side[x * nd + back] != label || f->seen[to * nd + back] == stamp) continue;
            out[to / 64] |= (uint64_t)1 << (to % 64);
            visit(f, side, to, back, stamp, &tail);
        }
    }
}

/* The reversibility table: one search per side label of each cell, shared by its sides. */
static void find_reach(push_features *f)
{
    const push_board *b = f->b;
    int nd = f->nd;
    for (int c = 0; c < f->n; c++)
        for (int e = 0; e < nd; e++) {
            int32_t label = b->base.side[c * nd + e];
            uint64_t *out = f->reach + ((size_t)c * nd + e) * f->words;
            if (label < 0) continue;
            int same = 0;
            while (same < e && b->base.side[c * nd + same] != label) same++;
            if (same < e) memcpy(out, f->reach + ((size_t)c * nd + same) * f->words, sizeof *out * (size_t)f->words);
            else pushes_from(f, c, e, out);
        }
}

static void walk_steps(push_features *f, int from, uint16_t *steps)
{
    const push_board *b = f->b;
    int head = 0, tail = 0;
    for (int c = 0; c < f->n; c++) steps[c] = PUSH_FAR;
    steps[from] = 0;
    f->queue[tail++] = from;
    while (head < tail) {
        int c = f->queue[head++];
        for (int d = 0; d < f->nd; d++) {
            int m = push_step(b, c, d);
            if (m < 0 || steps[m] != PUSH_FAR) continue;
            steps[m] = (uint16_t)(steps[c] + 1);
            f->queue[tail++] = m;
        }
    }
}

/* blocks[x][y]: with y walled up, a lone box on x reaches fewer goals. Off goals and dead
 * squares only (a box on a goal is not in anyone's way; one on a dead square is lost anyway).
 * false when the work would be too much (the table is then dropped). */
static bool find_hotspots(push_features *f, double seconds)
{
    const push_board *b = f->b;
    int n = f->n, ng = b->ngoals;
    if ((double)n * n * (ng + 1) * f->nd > HOTSPOT_WORK) return false;
    f->blocks = calloc((size_t)n * (size_t)f->words, sizeof *f->blocks);
    int16_t *base = calloc((size_t)n + 1, sizeof *base);
    if (!f->blocks || !base) {
        free(base);
        return false;
    }
    double t0 = solve_clock();
    memset(f->wall, 0, (size_t)n);
    for (int g = 0; g < ng; g++) {
        uint32_t s = sources(f, b->base.side, NULL, g, NULL);
        for (int x = 0; x < n; x++) base[x] += f->cell_seen[x] == s;
    }
    bool ok = true;
    for (int y = 0; y < n && ok; y++) {
        if (b->goal_at[y] >= 0 || b->dead_all[y]) continue;
        if (seconds > 0 && solve_clock() - t0 > seconds) {
            ok = false;
            break;
        }
        f->wall[y] = 1;
        ok = push_side_labels(b, f->wall, f->side) == 0;
        memset(f->count, 0, sizeof *f->count * (size_t)n);
        for (int g = 0; g < ng && ok; g++) {
            uint32_t s = sources(f, f->side, NULL, g, NULL);
            for (int x = 0; x < n; x++) f->count[x] += f->cell_seen[x] == s;
        }
        for (int x = 0; x < n && ok; x++) {
            if (x == y || b->goal_at[x] >= 0 || b->dead_all[x] || f->count[x] >= base[x]) continue;
            f->blocks[(size_t)x * f->words + y / 64] |= (uint64_t)1 << (y % 64);
        }
        f->wall[y] = 0;
    }
    free(base);
    if (!ok) {
        free(f->blocks);
        f->blocks = NULL;
    }
    return ok;
}

void push_features_free(push_features *f)
{
    if (!f) return;
    for (int i = 0; i < ZONE_SLOTS && f->zones; i++) free(f->zones[i].prefix), free(f->zones[i].cells);
    free(f->zones);
    push_plan_work_free(f->work);
    free(f->fill), free(f->full), free(f->hot_cell), free(f->hot_count);
    free(f->reach), free(f->blocks), free(f->steps);
    free(f->wall), free(f->side), free(f->seen), free(f->cell_seen), free(f->queue), free(f->count);
    free(f);
}

push_features *push_features_new(const push_board *b, const push_plan *pl, double seconds)
{
    push_features *f = calloc(1, sizeof *f);
    if (!f) return NULL;
    int n = b->n, nd = b->ndirs;
    f->b = b, f->pl = pl, f->n = n, f->nd = nd, f->words = (n + 63) / 64;
    size_t sides = (size_t)n * (size_t)nd + 1;
    size_t reach_words = (size_t)n * (size_t)nd * (size_t)f->words;
    bool want_reach = reach_words * sizeof *f->reach <= REACH_BYTES;
    if (want_reach) f->reach = calloc(reach_words + 1, sizeof *f->reach);
    f->steps = malloc(sizeof *f->steps * ((size_t)b->ngoals * (size_t)n + 1));
    f->zones = calloc(ZONE_SLOTS, sizeof *f->zones);
    f->wall = calloc((size_t)n + 1, 1);
    f->side = malloc(sizeof *f->side * sides);
    f->seen = calloc(sides, sizeof *f->seen);
    f->cell_seen = calloc((size_t)n + 1, sizeof *f->cell_seen);
    f->queue = malloc(sizeof *f->queue * sides);
    f->count = malloc(sizeof *f->count * ((size_t)n + 1));
    f->work = push_plan_work_new(b);
    f->fill = calloc(FILL_SLOTS, sizeof *f->fill);
    f->full = calloc((size_t)b->ngoals + 1, 1);
    f->hot_cell = malloc(sizeof *f->hot_cell * ((size_t)b->nboxes + 1));
    f->hot_count = malloc(sizeof *f->hot_count * ((size_t)b->nboxes + 1));
    if (!f->hot_cell || !f->hot_count || (want_reach && !f->reach) || !f->steps || !f->zones || !f->wall || !f->side || !f->seen || !f->cell_seen || !f->queue ||
        !f->count || !f->work || !f->fill || !f->full) {
        push_features_free(f);
        return NULL;
    }
    if (f->reach) find_reach(f);
    for (int g = 0; g < b->ngoals; g++) walk_steps(f, b->goal[g], f->steps + (size_t)g * n);
    find_hotspots(f, seconds);
    f->bytes = sizeof *f + sizeof *f->reach * (f->reach ? reach_words : 0) +
               sizeof *f->blocks * (f->blocks ? (size_t)n * (size_t)f->words : 0) +
               sizeof *f->steps * (size_t)b->ngoals * (size_t)n + sizeof *f->zones * ZONE_SLOTS + sides * 12 +
               push_plan_work_bytes(b) + sizeof *f->fill * FILL_SLOTS + (size_t)b->ngoals +
               2 * sizeof *f->hot_cell * (size_t)b->nboxes;
    return f;
}

size_t push_features_bytes(const push_features *f) { return f ? f->bytes : 0; }

/* Whether a box on y is in the way of one on x (the hotspot table has it). */
static inline int in_way(const push_features *f, int x, int y)
{
    return (int)((f->blocks[(size_t)x * f->words + y / 64] >> (y % 64)) & 1);
}

bool push_features_reversible(const push_features *f, int from, int to, int player)
{
    if (!f->reach) return true;
    for (int e = 0; e < f->nd; e++) {
        int y = push_step(f->b, to, e);
        if (y < 0 || (player >= 0 && y != player)) continue;
        if ((f->reach[((size_t)to * f->nd + e) * f->words + from / 64] >> (from % 64)) & 1) return true;
    }
    return false;
}

int push_features_hotspots(const push_features *f, const push_pos *p)
{
    if (!f->blocks) return 0;
    const push_board *b = f->b;
    int count = 0;
    for (int i = 0; i < b->nboxes; i++) {
        int y = p->box[i];
        if (b->goal_at[y] >= 0) continue;
        for (int j = 0; j < b->nboxes; j++) {
            int x = p->box[j];
            if (j == i || b->goal_at[x] >= 0) continue;
            if (in_way(f, x, y)) {
                count++;
                break;
            }
        }
    }
    return count;
}

/* The table has no bit for a box on a goal, either way, nor for a box in its own way: a box
 * is a hotspot when the boxes it is in the way of, counted, are more than none. */
int push_features_hotspots_parent(push_features *f, const push_pos *p)
{
    if (!f->blocks) return 0;
    int nb = f->b->nboxes, hot = 0;
    for (int i = 0; i < nb; i++) {
        int y = p->box[i], count = 0;
        for (int j = 0; j < nb; j++) count += in_way(f, p->box[j], y);
        f->hot_cell[i] = y;
        f->hot_count[i] = count;
        hot += count > 0;
    }
    return hot;
}

int push_features_hotspots_child(const push_features *f, int from, int to)
{
    if (!f->blocks) return 0;
    int nb = f->b->nboxes, hot = 0, moved = 0;
    for (int i = 0; i < nb; i++) {
        int y = f->hot_cell[i];
        if (y == from) continue;
        hot += f->hot_count[i] - in_way(f, from, y) + in_way(f, to, y) > 0;
        moved += in_way(f, y, to);
    }
    return hot + (moved > 0);
}

/* ===== out-of-plan zones ================================================================== */

static uint64_t prefix_key(const int16_t *prefix, int nareas)
{
    uint64_t k = 0x2545F4914F6CDD1Du;
    for (int a = 0; a < nareas; a++) k = push_mix64(k ^ (uint64_t)(uint16_t)prefix[a]);
    return k;
}

/* The zone for this progress into z->cells: walls are the goals filled in plan order and the
 * next goal of each area (unless it is the area's last); the targets are the other goals. */
static bool make_zone(push_features *f, const int16_t *prefix, oop_zone *z)
{
    const push_board *b = f->b;
    const push_plan *pl = f->pl;
    int n = f->n;
    uint8_t *target = calloc((size_t)b->ngoals + 1, 1);
    if (!target) return false;
    memset(f->wall, 0, (size_t)n);
    bool any = false;
    for (int a = 0; a < pl->nareas; a++) {
        int first = pl->area_first[a], last = pl->area_first[a + 1], done = first + prefix[a];
        for (int i = first; i < done; i++) f->wall[b->goal[pl->area_goal[i]]] = 1;
        if (done < last - 1) f->wall[b->goal[pl->area_goal[done]]] = 1, done++;
        for (int i = done; i < last; i++) target[pl->area_goal[i]] = 1, any = true;
    }
    memset(z->cells, 0, sizeof *z->cells * (size_t)f->words);
    if (any) {
        if (push_side_labels(b, f->wall, f->side) != 0) {
            free(target);
            return false;
        }
        uint32_t s = sources(f, f->side, target, -1, NULL);
        for (int c = 0; c < n; c++)
            if (!f->wall[c] && !b->dead_all[c] && f->cell_seen[c] != s) z->cells[c / 64] |= (uint64_t)1 << (c % 64);
    }
    free(target);
    return true;
}

static const uint64_t *zone_of(push_features *f, const int16_t *prefix)
{
    int nareas = f->pl->nareas;
    uint64_t key = prefix_key(prefix, nareas);
    uint32_t i = (uint32_t)key & (ZONE_SLOTS - 1);
    for (; f->zones[i].prefix; i = (i + 1) & (ZONE_SLOTS - 1))
        if (f->zones[i].key == key && !memcmp(f->zones[i].prefix, prefix, sizeof *prefix * (size_t)nareas))
            return f->zones[i].cells;
    if (f->nzones + 1 > ZONE_SLOTS * 3 / 4) {
        for (int k = 0; k < ZONE_SLOTS; k++) {
            free(f->zones[k].prefix), free(f->zones[k].cells);
            f->zones[k].prefix = NULL, f->zones[k].cells = NULL;
        }
        f->nzones = 0;
        i = (uint32_t)key & (ZONE_SLOTS - 1);
    }
    oop_zone *z = &f->zones[i];
    z->prefix = malloc(sizeof *z->prefix * ((size_t)nareas + 1));
    z->cells = malloc(sizeof *z->cells * (size_t)f->words);
    if (!z->prefix || !z->cells || !make_zone(f, prefix, z)) {
        free(z->prefix), free(z->cells);
        z->prefix = NULL, z->cells = NULL;
        return NULL;
    }
    memcpy(z->prefix, prefix, sizeof *prefix * (size_t)nareas);
    z->key = key;
    f->nzones++;
    return z->cells;
}

int push_features_out_of_plan(push_features *f, const push_pos *p, const int16_t *prefix)
{
    const uint64_t *cells = zone_of(f, prefix);
    if (!cells) return 0;
    int count = 0;
    for (int i = 0; i < f->b->nboxes; i++) {
        int c = p->box[i];
        count += (int)((cells[c / 64] >> (c % 64)) & 1);
    }
    return count;
}

/* ===== goals filled out of plan order ===================================================== */

int push_features_packed(push_features *f, const push_pos *p, int in_order)
{
    const push_board *b = f->b;
    uint64_t key = 0x9E3779B97F4A7C15u;
    int count = 0;
    for (int j = 0; j < b->ngoals; j++) {
        int slot = p->occ[b->goal[j]];
        f->full[j] = slot != PUSH_NO_BOX && push_accepts(b, b->box_class[slot], j);
        if (f->full[j]) key = push_mix64(key ^ (uint64_t)j), count++;
    }
    if (count == in_order) return count;
    key = (key & ~(uint64_t)1) | 2;                /* never 0, the empty slot */
    uint32_t i = (uint32_t)key & (FILL_SLOTS - 1);
    for (; f->fill[i]; i = (i + 1) & (FILL_SLOTS - 1))
        if ((f->fill[i] & ~(uint64_t)1) == key) return f->fill[i] & 1 ? count : in_order;
    if (f->nfill + 1 > FILL_SLOTS * 3 / 4) {
        memset(f->fill, 0, sizeof *f->fill * FILL_SLOTS);
        f->nfill = 0;
        i = (uint32_t)key & (FILL_SLOTS - 1);
    }
    int yes = push_plan_fillable(f->pl, f->work, f->full);
    if (yes < 0) return in_order;
    f->fill[i] = key | (uint64_t)yes;
    f->nfill++;
    return yes ? count : in_order;
}

int push_features_next_goal(const push_features *f, const int16_t *prefix)
{
    const push_plan *pl = f->pl;
    int best = -1;
    for (int a = 0; a < pl->nareas; a++) {
        int at = pl->area_first[a] + prefix[a];
        if (at >= pl->area_first[a + 1]) continue;
        int g = pl->area_goal[at];
        if (best < 0 || pl->rank[g] < pl->rank[best]) best = g;
    }
    return best;
}

int push_features_goal_steps(const push_features *f, int g, int c) { return f->steps[(size_t)g * f->n + c]; }
