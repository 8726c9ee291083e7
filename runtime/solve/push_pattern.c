/* push_pattern.c: deadlock patterns. The boxes near the one just pushed (a few, the closest
 * first) form a small problem on the same board with every other box removed; a greedy search
 * on it with a node limit either solves it (alive), runs out of positions (dead: the whole
 * position is lost, since more boxes never help) or gives up (taken as alive). Answers are
 * kept in a table keyed on the boxes and the player's region, so a pattern is searched once. */
#include "solve/push_pattern.h"

#include <stdlib.h>
#include <string.h>

#include "solve/push_search.h"

enum {
    PATTERN_BOXES = 4,            /* boxes in a pattern, the pushed one included */
    PATTERN_NODES = 300,          /* expansions a small search may take */
    PATTERN_SHARE = 1,            /* small-search expansions per expansion of the caller */
    PATTERN_SLACK = 20000,        /* ... plus this many, so early positions are looked at */
    SUB_MEMORY = 4 << 20
};

typedef struct entry {
    uint64_t key;
    uint16_t cell[PATTERN_BOXES];
    uint16_t player;              /* normalised in the small problem */
    uint8_t count, dead;
    uint8_t cls[PATTERN_BOXES];
} entry;

struct push_patterns {
    const push_board *b;
    push_board sb;                /* b's analysis, only the pattern's boxes */
    uint16_t start[PATTERN_BOXES];
    push_search sub;
    entry *table;
    uint32_t mask, used;
    uint8_t *occ;                 /* n: the pattern's boxes, for the player's region */
    uint32_t *reach, stamp;
    int32_t *queue;
    push_pattern_stats stats;
};

static inline uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15u;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

void push_patterns_free(push_patterns *pp)
{
    if (!pp) return;
    push_search_free(&pp->sub);
    free(pp->table), free(pp->occ), free(pp->reach), free(pp->queue);
    free(pp);
}

push_patterns *push_patterns_new(const push_board *b, size_t memory)
{
    push_patterns *pp = calloc(1, sizeof *pp);
    if (!pp) return NULL;
    pp->b = b;
    pp->sb = *b;
    pp->sb.start_box = pp->start;
    pp->sb.nrooms = 0;
    /* Size the small search for the largest pattern. */
    pp->sb.nboxes = b->nboxes < PATTERN_BOXES ? b->nboxes : PATTERN_BOXES;
    for (int i = 0; i < pp->sb.nboxes; i++) pp->start[i] = (uint16_t)i;
    push_search_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.opt = push_options_default();
    cfg.memory = SUB_MEMORY;
    cfg.max_nodes = PATTERN_NODES;
    size_t table_bytes = memory > SUB_MEMORY * 2 ? memory - SUB_MEMORY : memory / 2;
    uint32_t slots = 1024;
    while ((size_t)slots * 2 * sizeof(entry) <= table_bytes && slots < (1u << 30)) slots *= 2;
    pp->mask = slots - 1;
    pp->table = calloc(slots, sizeof *pp->table);
    pp->occ = malloc((size_t)b->n + 1);
    pp->reach = calloc((size_t)b->n + 1, sizeof *pp->reach);
    pp->queue = malloc(sizeof *pp->queue * ((size_t)b->n + 1));
    if (!pp->table || !pp->occ || !pp->reach || !pp->queue || !push_search_init(&pp->sub, &pp->sb, &cfg)) {
        push_patterns_free(pp);
        return NULL;
    }
    memset(pp->occ, PUSH_NO_BOX, (size_t)b->n);
    return pp;
}

push_pattern_stats push_pattern_stats_of(const push_patterns *pp)
{
    push_pattern_stats none = { 0 };
    return pp ? pp->stats : none;
}

size_t push_patterns_bytes(const push_patterns *pp)
{
    if (!pp) return 0;
    return (size_t)pp->used * sizeof(entry) + pp->sub.mem.used + pp->sub.fixed.bytes;
}

/* The boxes near `moved`: breadth first over boxes at most two steps apart. */
static int gather(const push_patterns *pp, const push_pos *p, int moved, uint16_t *cells)
{
    const push_board *b = pp->b;
    int count = 0;
    cells[count++] = (uint16_t)moved;
    for (int i = 0; i < count && count < PATTERN_BOXES; i++)
        for (int d1 = 0; d1 < b->ndirs && count < PATTERN_BOXES; d1++) {
            int x = push_step(b, cells[i], d1);
            if (x < 0) continue;
            for (int d2 = -1; d2 < b->ndirs && count < PATTERN_BOXES; d2++) {
                int y = d2 < 0 ? x : push_step(b, x, d2);
                if (y < 0 || p->occ[y] == PUSH_NO_BOX) continue;
                bool known = false;
                for (int j = 0; j < count && !known; j++) known = cells[j] == y;
                if (!known) cells[count++] = (uint16_t)y;
            }
        }
    return count;
}

static entry *lookup(push_patterns *pp, const entry *want)
{
    for (uint32_t i = (uint32_t)want->key & pp->mask;; i = (i + 1) & pp->mask) {
        entry *e = &pp->table[i];
        if (e->count == 0) return e;
        if (e->key == want->key && e->count == want->count && e->player == want->player &&
            memcmp(e->cell, want->cell, sizeof e->cell) == 0 && memcmp(e->cls, want->cls, sizeof e->cls) == 0)
            return e;
    }
}

/* Solves the small problem in pp->sb: true when it is proved to have no solution. */
static bool search_dead(push_patterns *pp, uint64_t *nodes)
{
    push_search *s = &pp->sub;
    push_search_reset(s, &pp->sb);
    bool dead = !push_search_start(s);
    while (!dead && !s->solution && !s->exhausted && !s->timed_out && !s->out_of_memory)
        push_search_run(s, PATTERN_NODES);
    if (!dead) dead = s->exhausted && !s->solution;
    *nodes = s->nodes;
    return dead;
}

bool push_pattern_dead(push_patterns *pp, const push_pos *p, int moved, int player, uint64_t expanded)
{
    const push_board *b = pp->b;
    uint16_t cells[PATTERN_BOXES];
    int count = gather(pp, p, moved, cells);
    if (count < 2) return false;      /* one box alone: the dead squares say it all */
    pp->stats.queries++;
    /* The small problem: its boxes sorted into their classes, the player's region without the
     * other boxes. */
    entry want;
    memset(&want, 0, sizeof want);
    want.count = (uint8_t)count;
    int slot = 0;
    for (int k = 0; k < b->nclasses; k++) {
        pp->sb.class_first[k] = slot;
        for (int i = 0; i < count; i++)
            if (b->box_class[p->occ[cells[i]]] == k) {
                int j = slot++;
                while (j > pp->sb.class_first[k] && want.cell[j - 1] > cells[i]) {
                    want.cell[j] = want.cell[j - 1];
                    j--;
                }
                want.cell[j] = cells[i];
            }
        pp->sb.class_count[k] = slot - pp->sb.class_first[k];
        for (int i = pp->sb.class_first[k]; i < slot; i++) want.cls[i] = (uint8_t)k;
    }
    for (int i = 0; i < count; i++) pp->occ[want.cell[i]] = (uint8_t)i;
    if (++pp->stamp == 0) {
        memset(pp->reach, 0, sizeof *pp->reach * (size_t)b->n);
        pp->stamp = 1;
    }
    want.player = (uint16_t)push_reach(b, pp->occ, player, pp->reach, pp->stamp, pp->queue);
    for (int i = 0; i < count; i++) pp->occ[want.cell[i]] = PUSH_NO_BOX;
    uint64_t key = mix64(want.player);
    for (int i = 0; i < count; i++) key = mix64(key ^ ((uint64_t)want.cls[i] << 16 | want.cell[i]));
    want.key = key;

    entry *e = lookup(pp, &want);
    if (e->count) return e->dead;
    if (pp->stats.sub_nodes > expanded * PATTERN_SHARE + PATTERN_SLACK) return false;

    pp->sb.nboxes = count;
    for (int i = 0; i < count; i++) {
        pp->start[i] = want.cell[i];
        pp->sb.box_class[i] = want.cls[i];
    }
    pp->sb.start_player = player;
    uint64_t nodes;
    want.dead = search_dead(pp, &nodes);
    pp->stats.searches++;
    pp->stats.sub_nodes += nodes;
    pp->stats.dead += want.dead;
    /* Keep the table at most half full: when it fills, start again. */
    if ((pp->used + 1) * 2 > pp->mask + 1) {
        memset(pp->table, 0, sizeof *pp->table * ((size_t)pp->mask + 1));
        pp->used = 0;
        e = lookup(pp, &want);
    }
    *e = want;
    pp->used++;
    return want.dead;
}
