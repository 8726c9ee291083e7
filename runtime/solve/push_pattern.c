/* push_pattern.c: deadlocks proved by small searches (see push_pattern.h). A question is a set
 * of boxes (cells and classes) and the player's region on a board holding only them; a greedy
 * search on it with a node limit either solves it (alive), runs out of positions (dead) or
 * gives up (open). Answers are kept in a table keyed on the boxes and the region; open ones
 * count how often they come back and are searched again with four times the nodes when they
 * do, up to a ceiling. */
#include "solve/push_pattern.h"

#include <stdlib.h>
#include <string.h>

#include "solve/push_search.h"

enum {
    NEAR_BOXES = 4,               /* boxes in a pattern around the pushed box, it included */
    NEAR_NODES = 300,             /* expansions such a small search may take */
    CORRAL_NODES = 1000,          /* ... a corral's first search */
    CORRAL_MOST_NODES = 80000,    /* ... and its last */
    CORRAL_RETRY = 4,             /* comebacks of an open question before it is searched again */
    PAIR_NODES = 400,
    SHARE = 1,                    /* small-search expansions per expansion of the caller */
    SLACK = 20000,                /* ... plus this many, so early positions are looked at */
    LEARN_SLACK = 200000,         /* expansions minimising dead sets may take beyond the share */
    CLOCK_EVERY = 2000,           /* small-search expansions between looks at the clock */
    SUB_MEMORY = 8 << 20
};

enum { OPEN = 0, ALIVE = 1, DEAD = 2 };

typedef struct entry {
    uint64_t key;
    uint16_t cell[PUSH_SET_MAX];
    uint8_t cls[PUSH_SET_MAX];
    uint16_t player;              /* normalised in the small problem */
    uint8_t count, verdict;
    uint8_t budget_log;           /* the last search's nodes: NEAR_NODES << budget_log ... */
    uint8_t hits;                 /* comebacks while open */
} entry;

/* A question: boxes sorted by class, then by cell. */
typedef struct question {
    int count;
    uint16_t cell[PUSH_SET_MAX];
    uint8_t cls[PUSH_SET_MAX];
} question;

struct push_patterns {
    const push_board *b;
    push_board sb;                /* b's analysis, only the question's boxes */
    uint16_t start[PUSH_SET_MAX];
    push_search sub;
    push_deadsets *sets;
    entry *table;
    uint32_t mask, used;
    push_pattern_stats stats;
    uint64_t learn_nodes;
    bool learn;
    double deadline;              /* solve_clock() past which nothing is searched (<= 0: none) */
    const volatile int *cancel;
    uint64_t clock_nodes;         /* sub_nodes when the clock was last looked at */
    bool late;                    /* the deadline has passed or the caller cancelled */
};

static inline uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15u;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

/* Whether the caller's time is up: the clock is looked at once per CLOCK_EVERY small-search
 * expansions, so a budget is kept to within a few of them (a clock read per expansion would
 * cost more than the expansion under --cpu-clock). */
static bool late(push_patterns *pp)
{
    if (pp->late) return true;
    if (pp->cancel && *pp->cancel) return pp->late = true;
    if (pp->deadline <= 0 || pp->stats.sub_nodes - pp->clock_nodes < CLOCK_EVERY) return false;
    pp->clock_nodes = pp->stats.sub_nodes;
    return pp->late = solve_clock() > pp->deadline;
}

void push_patterns_limit(push_patterns *pp, double deadline, const volatile int *cancel)
{
    pp->deadline = deadline;
    pp->cancel = cancel;
    pp->clock_nodes = pp->stats.sub_nodes - CLOCK_EVERY;   /* (wraps) the clock is read at once */
    pp->late = false;
}

void push_patterns_free(push_patterns *pp)
{
    if (!pp) return;
    push_search_free(&pp->sub);
    push_deadsets_free(pp->sets);
    free(pp->table);
    free(pp);
}

push_patterns *push_patterns_new(const push_board *b, size_t memory, bool learn)
{
    push_patterns *pp = calloc(1, sizeof *pp);
    if (!pp) return NULL;
    pp->learn = learn;
    pp->b = b;
    pp->sb = *b;
    pp->sb.start_box = pp->start;
    pp->sb.nrooms = 0;
    /* Size the small search for the largest question. */
    pp->sb.nboxes = b->nboxes < PUSH_SET_MAX ? b->nboxes : PUSH_SET_MAX;
    for (int i = 0; i < pp->sb.nboxes; i++) pp->start[i] = (uint16_t)i;
    size_t rest = memory > SUB_MEMORY * 2 ? memory - SUB_MEMORY : memory / 2;
    pp->sets = push_deadsets_new(b, rest / 4);
    push_search_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.name = "pattern";
    cfg.opt = push_options_default();
    cfg.memory = SUB_MEMORY;
    cfg.max_nodes = NEAR_NODES;
    cfg.sets = learn ? pp->sets : NULL;
    size_t table_bytes = rest - rest / 4;
    uint32_t slots = 1024;
    while ((size_t)slots * 2 * sizeof(entry) <= table_bytes && slots < (1u << 30)) slots *= 2;
    pp->mask = slots - 1;
    pp->table = calloc(slots, sizeof *pp->table);
    if (!pp->table || !pp->sets || !push_search_init(&pp->sub, &pp->sb, &cfg)) {
        push_patterns_free(pp);
        return NULL;
    }
    return pp;
}

push_deadsets *push_patterns_sets(push_patterns *pp) { return pp ? pp->sets : NULL; }

push_pattern_stats push_pattern_stats_of(const push_patterns *pp)
{
    push_pattern_stats none = { 0 };
    return pp ? pp->stats : none;
}

size_t push_patterns_bytes(const push_patterns *pp)
{
    if (!pp) return 0;
    return (size_t)pp->used * sizeof(entry) + push_search_bytes(&pp->sub) + push_deadsets_bytes(pp->sets);
}

/* ===== questions and answers ============================================================= */

/* The question of the boxes on `cells` in p, sorted by class and cell. */
static void make_question(const push_patterns *pp, const push_pos *p, const uint16_t *cells, int count, question *q)
{
    const push_board *b = pp->b;
    q->count = 0;
    for (int k = 0; k < b->nclasses; k++)
        for (int i = 0; i < count; i++) {
            if (b->box_class[p->occ[cells[i]]] != k) continue;
            int j = q->count++;
            while (j > 0 && q->cls[j - 1] == k && q->cell[j - 1] > cells[i]) {
                q->cell[j] = q->cell[j - 1];
                q->cls[j] = q->cls[j - 1];
                j--;
            }
            q->cell[j] = cells[i];
            q->cls[j] = (uint8_t)k;
        }
}

/* The same question without box i. */
static void drop_box(const question *q, int i, question *out)
{
    *out = *q;
    out->count--;
    memmove(out->cell + i, out->cell + i + 1, sizeof *out->cell * (size_t)(out->count - i));
    memmove(out->cls + i, out->cls + i + 1, (size_t)(out->count - i));
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

/* Solves the question in pp->sb within `nodes` expansions. */
static int search(push_patterns *pp, const question *q, int player, uint64_t nodes)
{
    push_board *sb = &pp->sb;
    push_board_set_start(sb, q->cell, q->cls, q->count, player);
    push_search *s = &pp->sub;
    push_search_reset(s, sb);
    s->cfg.max_nodes = nodes;
    int verdict = push_search_start(s) ? OPEN : DEAD;
    uint64_t counted = 0;
    while (verdict == OPEN && !s->solution && !s->exhausted && !s->timed_out && !s->out_of_memory) {
        push_search_run(s, (int)(nodes < CLOCK_EVERY ? nodes : CLOCK_EVERY));
        pp->stats.sub_nodes += s->nodes - counted;
        counted = s->nodes;
        if (late(pp)) break;
    }
    pp->stats.sub_nodes += s->nodes - counted;
    if (verdict == OPEN) verdict = s->solution ? ALIVE : s->exhausted ? DEAD : OPEN;
    pp->stats.searches++;
    return verdict;
}

/* The answer to the question with the player on `player`: remembered, or searched with up to
 * `nodes` expansions when `search_ok`. *e gets the table entry (NULL when not kept). */
static int answer(push_patterns *pp, const question *q, int player, uint64_t nodes, bool search_ok, entry **out)
{
    entry want;
    memset(&want, 0, sizeof want);
    want.count = (uint8_t)q->count;
    memcpy(want.cell, q->cell, sizeof *q->cell * (size_t)q->count);
    memcpy(want.cls, q->cls, (size_t)q->count);
    want.player = (uint16_t)push_deadsets_region(pp->sets, q->cell, q->count, player);
    uint64_t key = mix64(want.player);
    for (int i = 0; i < q->count; i++) key = mix64(key ^ ((uint64_t)want.cls[i] << 16 | want.cell[i]));
    want.key = key;
    entry *e = lookup(pp, &want);
    *out = NULL;
    if (e->count && (e->verdict != OPEN || !search_ok || ((uint64_t)NEAR_NODES << e->budget_log) >= nodes)) {
        *out = e;
        return e->verdict;
    }
    if (!search_ok || late(pp)) return OPEN;
    want.verdict = (uint8_t)search(pp, q, want.player, nodes);
    if (want.verdict == OPEN && pp->late) return OPEN;   /* cut short: not an answer to keep */
    uint8_t log = 0;
    while (((uint64_t)NEAR_NODES << log) < nodes) log++;
    want.budget_log = log;
    if (e->count) {                     /* an open answer searched again */
        e->verdict = want.verdict;
        e->budget_log = log;
        e->hits = 0;
        *out = e;
        return want.verdict;
    }
    /* Keep the table at most half full: when it fills, start again. */
    if ((pp->used + 1) * 2 > pp->mask + 1) {
        memset(pp->table, 0, sizeof *pp->table * ((size_t)pp->mask + 1));
        pp->used = 0;
        e = lookup(pp, &want);
    }
    *e = want;
    pp->used++;
    *out = e;
    return want.verdict;
}

static int answer_now(push_patterns *pp, const question *q, int player, uint64_t nodes)
{
    entry *e;
    return answer(pp, q, player, nodes, true, &e);
}

/* A question proved dead: drops boxes while the rest stays dead, finds every player region
 * where it is dead, and keeps it in the store. */
static void learn(push_patterns *pp, const question *proved, int player, uint64_t nodes, uint64_t expanded)
{
    if (!pp->learn || pp->learn_nodes > expanded * SHARE + LEARN_SLACK || late(pp)) return;
    uint64_t before = pp->stats.sub_nodes;
    question q = *proved;
    for (int i = q.count - 1; i >= 0 && q.count > 1; i--) {
        question smaller;
        drop_box(&q, i, &smaller);
        if (answer_now(pp, &smaller, player, nodes) == DEAD) q = smaller;
    }
    /* The regions of the board holding only these boxes, and whether each is dead. */
    push_deadset_spec set;
    memset(&set, 0, sizeof set);
    set.count = q.count;
    memcpy(set.cell, q.cell, sizeof *q.cell * (size_t)q.count);
    memcpy(set.cls, q.cls, (size_t)q.count);
    int home = push_deadsets_region(pp->sets, q.cell, q.count, player);
    int32_t first[PUSH_SET_REGIONS];
    int found = push_deadsets_regions(pp->sets, q.cell, q.count, first, PUSH_SET_REGIONS);
    bool every = found <= PUSH_SET_REGIONS;
    set.region[set.nregions++] = (uint16_t)home;
    for (int r = 0; r < found && r < PUSH_SET_REGIONS; r++) {
        if (first[r] == home) continue;
        bool dead = answer_now(pp, &q, first[r], nodes) == DEAD;
        every = every && dead;
        if (dead) set.region[set.nregions++] = (uint16_t)first[r];
    }
    if (every) set.nregions = -1;
    if (push_deadsets_add(pp->sets, &set)) pp->stats.learned++;
    pp->learn_nodes += pp->stats.sub_nodes - before;
}

/* ===== the three sources ================================================================== */

/* The boxes near `moved`: breadth first over boxes at most two steps apart. */
static int gather(const push_patterns *pp, const push_pos *p, int moved, uint16_t *cells)
{
    const push_board *b = pp->b;
    int count = 0;
    cells[count++] = (uint16_t)moved;
    for (int i = 0; i < count && count < NEAR_BOXES; i++)
        for (int d1 = 0; d1 < b->ndirs && count < NEAR_BOXES; d1++) {
            int x = push_step(b, cells[i], d1);
            if (x < 0) continue;
            for (int d2 = -1; d2 < b->ndirs && count < NEAR_BOXES; d2++) {
                int y = d2 < 0 ? x : push_step(b, x, d2);
                if (y < 0 || p->occ[y] == PUSH_NO_BOX) continue;
                bool known = false;
                for (int j = 0; j < count && !known; j++) known = cells[j] == y;
                if (!known) cells[count++] = (uint16_t)y;
            }
        }
    return count;
}

bool push_pattern_dead(push_patterns *pp, const push_pos *p, int moved, int player, uint64_t expanded)
{
    uint16_t cells[NEAR_BOXES];
    int count = gather(pp, p, moved, cells);
    if (count < 2) return false;      /* one box alone: the dead squares say it all */
    pp->stats.queries++;
    question q;
    make_question(pp, p, cells, count, &q);
    entry *e;
    bool search_ok = pp->stats.sub_nodes <= expanded * SHARE + SLACK;
    int verdict = answer(pp, &q, player, NEAR_NODES, search_ok, &e);
    if (verdict != DEAD) return false;
    pp->stats.dead++;
    if (e && e->hits == 0) {          /* first time: minimise and keep it */
        e->hits = 1;
        learn(pp, &q, player, NEAR_NODES, expanded);
    }
    return true;
}

bool push_pattern_corral_dead(push_patterns *pp, const push_pos *p, const int32_t *cells, int count, int player,
                              uint64_t expanded)
{
    if (count < 1 || count > PUSH_SET_MAX) return false;
    uint16_t c16[PUSH_SET_MAX];
    for (int i = 0; i < count; i++) c16[i] = (uint16_t)cells[i];
    question q;
    make_question(pp, p, c16, count, &q);
    pp->stats.corral_queries++;
    bool search_ok = pp->stats.sub_nodes <= expanded * SHARE + SLACK;
    entry *e;
    int verdict = answer(pp, &q, player, CORRAL_NODES, search_ok, &e);
    if (verdict == OPEN && e && search_ok) {
        /* Back again: a larger budget once it has come back often enough. */
        uint64_t budget = (uint64_t)NEAR_NODES << e->budget_log;
        if (++e->hits >= CORRAL_RETRY && budget * 4 <= CORRAL_MOST_NODES)
            verdict = answer(pp, &q, player, budget * 4, true, &e);
    }
    if (verdict != DEAD) return false;
    pp->stats.corral_dead++;
    if (e && e->hits != 0xFF) {
        e->hits = 0xFF;
        learn(pp, &q, player, (uint64_t)NEAR_NODES << e->budget_log, expanded);
    }
    return true;
}

int push_patterns_pairs(push_patterns *pp, double seconds, uint64_t work)
{
    const push_board *b = pp->b;
    if (b->nboxes < 2 || b->nclasses > 2) return 0;
    double t0 = solve_clock();
    uint64_t work0 = pp->stats.sub_nodes;
    int found = 0;
    /* Offsets to the neighbours after c in reading order: a direction, or two (a diagonal). */
    int offsets[GRID_MAX_DIRS * 2][2], noff = 0;
    for (int d = 0; d < b->ndirs; d++) offsets[noff][0] = d, offsets[noff++][1] = -1;
    if (b->topo == TOPO_SQUARE) {
        offsets[noff][0] = DIR_DOWN, offsets[noff++][1] = DIR_RIGHT;
        offsets[noff][0] = DIR_DOWN, offsets[noff++][1] = DIR_LEFT;
    }
    push_deadset_spec set;
    for (int c = 0; c < b->n; c++) {
        if (b->dead_all[c]) continue;
        if (seconds > 0 && solve_clock() - t0 > seconds) break;
        if (work > 0 && pp->stats.sub_nodes - work0 >= work) break;
        for (int o = 0; o < noff; o++) {
            int c2 = push_step(b, c, offsets[o][0]);
            if (c2 >= 0 && offsets[o][1] >= 0) c2 = push_step(b, c2, offsets[o][1]);
            if (c2 <= c || b->dead_all[c2]) continue;
            for (int k1 = 0; k1 < b->nclasses; k1++)
                for (int k2 = 0; k2 < b->nclasses; k2++) {
                    if (b->dead[k1 * b->n + c] || b->dead[k2 * b->n + c2]) continue;
                    question q = { .count = 2 };
                    bool swap = k1 > k2;
                    q.cell[0] = (uint16_t)(swap ? c2 : c), q.cls[0] = (uint8_t)(swap ? k2 : k1);
                    q.cell[1] = (uint16_t)(swap ? c : c2), q.cls[1] = (uint8_t)(swap ? k1 : k2);
                    memset(&set, 0, sizeof set);
                    set.count = 2;
                    memcpy(set.cell, q.cell, sizeof q.cell);
                    memcpy(set.cls, q.cls, sizeof q.cls);
                    /* Every region of the board holding only the two boxes. */
                    int32_t first[PUSH_SET_REGIONS];
                    int regions = push_deadsets_regions(pp->sets, q.cell, 2, first, PUSH_SET_REGIONS), dead = 0;
                    for (int r = 0; r < regions && r < PUSH_SET_REGIONS; r++) {
                        if (answer_now(pp, &q, first[r], PAIR_NODES) != DEAD) continue;
                        dead++;
                        set.region[set.nregions++] = (uint16_t)first[r];
                    }
                    if (!dead) continue;
                    if (dead == regions && regions <= PUSH_SET_REGIONS) set.nregions = -1;
                    if (push_deadsets_add(pp->sets, &set)) {
                        push_deadsets_count_pair(pp->sets);
                        found++;
                    }
                }
        }
    }
    return found;
}
