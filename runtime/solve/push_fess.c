/* push_fess.c: the feature-space search (see push_fess.h).
 *
 * A position's moves are found all at once when it is made: for each box, a breadth-first
 * search over (cell, side label) pairs on the board with the other boxes walled up gives every
 * cell the box can be taken to and where the player ends. Each resulting position is looked at
 * there and then (its features, its matching bound from the parent's by re-solving one row,
 * the cheap deadlock tests) so that the advisors can be chosen; the costly tests (PI-corrals,
 * the small searches) wait until a move is played. The moves are kept until played; when the
 * budget stops them from growing, each position keeps only its best ones left (moves_room).
 *
 * A position's score orders positions: more goals packed in plan order (with free_order, every
 * full goal while the others can still be filled around them), then fewer floor
 * regions the player cannot reach, fewer blocked links between rooms, fewer boxes out of plan,
 * fewer hotspots, fewer pushes to the nearest goals. A position is filed in the cell of feature
 * space of its score's first features (packed, regions, out of plan). Turns alternate between the cells in rotation
 * (a cell just reached comes next) and the cell of the best score so far. In a cell, the move
 * played is the one whose position has the least weight (advisor moves are free), then the best
 * score. With the packer on (push_options.pack), a best position none of whose moves packs the
 * plan's next goal gets a small search that pushes any boxes until it is filled
 * (push_pack.h); its relocations are played as free moves. */
#include "solve/push_fess.h"

#include <stdlib.h>
#include <string.h>

#include "solve/push_components.h"
#include "solve/push_deadsets.h"
#include "solve/push_features.h"
#include "solve/push_meet.h"
#include "solve/push_pack.h"
#include "solve/push_path.h"
#include "solve/push_pattern.h"
#include "solve/push_probe.h"

enum {
    NO_CELL = 0xFFFF,
    CHECK_EVERY = 8,              /* moves played between clock checks */
    MOVE_REVERSIBLE = 1,          /* fess_move.flags: the box can be pushed back */
    MOVE_OPENS = 2,               /* ... the player can now push a box it could not before */
    MOVE_SOLVES = 4,              /* ... the position it makes is solved */
    MOVE_PLAYED = 8,              /* ... it has been played (next_move passes it) */
    MOVE_PACKED = 16              /* ... the packer's: its score is worked out when it is played */
};

#define HOTSPOT_SECONDS 0.5       /* the most the hotspot table may take to build */

/* Probes (push_probe.h) of the best position so far. */
enum {
    PROBE_NODES = 2000,           /* expansions of a new best position's first probe */
    PROBE_MOST_NODES = 256000,    /* ... and of its last */
    PROBE_AGAIN = 512             /* turns after which a best position still open is probed
                                     again with four times the expansions */
};
/* Probe expansions per expansion's worth of positions made: a probe waits until the search
 * has earned it (probing from the first positions on cost levels solved in under a second). */
#define PROBE_SHARE 0.5
#define PROBE_MEMORY_SHARE 8      /* the probe gets 1 / this of the memory */
/* A position a probe proves lost is shrunk to the few boxes that are lost on their own (a dead
 * set, push_probe_shrink), with each search as large as the probe's and at most this many
 * times its expansions in all. The set prunes every other position that holds it: the ones
 * made later as they are made, the ones waiting already when their turn comes. */
enum { SHRINK_WORK = 8 };

/* Moves kept to each position when the budget stops the moves' array from growing (moves_room):
 * a position plays few of its moves, so the search goes on with its best ones. */
enum { KEEP_MOVES = 16 };

/* The packer (push_pack.h): expansions of one search, and of all of them per expansion's worth
 * of positions made (plus a start, so the first best positions get theirs). */
enum { PACK_NODES = 3000, PACK_SLACK = 20000, PACK_MEMORY_SHARE = 32 };
#define PACK_SHARE 0.25

/* The features of a position. */
typedef struct fess_score {
    uint8_t pack, conn, room, oop, hot;
    uint16_t h;
} fess_score;

/* Scores as one number, smaller is better (the order of the fields above). */
static uint64_t rank_of(const fess_score *s)
{
    return (uint64_t)(255 - s->pack) << 48 | (uint64_t)s->conn << 40 | (uint64_t)s->room << 32 |
           (uint64_t)s->oop << 24 | (uint64_t)s->hot << 16 | s->h;
}

static fess_score score_of(uint64_t rank)
{
    fess_score s = { (uint8_t)(255 - (rank >> 48 & 255)), (uint8_t)(rank >> 40), (uint8_t)(rank >> 32),
                     (uint8_t)(rank >> 24), (uint8_t)(rank >> 16), (uint16_t)rank };
    return s;
}

/* The cell of feature space a score files a position in. */
static uint32_t cell_key(uint64_t rank)
{
    fess_score s = score_of(rank);
    return (uint32_t)s.pack | (uint32_t)s.conn << 8 | (uint32_t)s.oop << 16;
}

typedef struct fess_move {
    uint64_t rank;                /* the score of the position the move makes */
    uint16_t from, to, side, pushes;
    uint8_t weight, flags;
} fess_move;

/* A move's place in the order next_move plays them in: its weight, then its score (a rank
 * takes 56 bits). */
static inline uint64_t move_key(const fess_move *m) { return (uint64_t)m->weight << 56 | m->rank; }

static int by_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

typedef struct fess_info {
    uint32_t weight;              /* of the path from the start */
    uint32_t first;               /* moves[first .. first + count) */
    uint32_t count, next;         /* next: how many of them have been played */
    uint32_t cur;                 /* the one to play next: the least (weight, score), the
                                     first made of equals (next_move) */
    uint16_t from, to, side;      /* the move that made this position (NO_CELL at the start) */
    bool lost;                    /* proved lost (by a probe, or made from a lost position) */
    int32_t cell;                 /* in feature space */
    uint64_t rank;                /* its score */
} fess_info;

/* A position in a cell's heap, keyed on its next move. */
typedef struct fess_item {
    uint64_t rank;
    uint32_t weight, id;
} fess_item;

typedef struct fess_cell {
    uint32_t key;
    uint32_t count, cap;
    fess_item *heap;
} fess_cell;

struct push_fess {
    const push_board *b;
    const push_plan *plan;
    push_search_config cfg;
    push_budget mem;
    push_table tt;
    push_features *feat;
    fess_info *info;
    uint32_t info_cap;
    fess_move *moves;
    size_t nmoves, moves_cap;
    fess_move *scratch;           /* the moves of the position being made */
    size_t scratch_cap;
    uint64_t *trim_keys;          /* moves_room: one position's move keys */
    size_t trim_cap;
    uint32_t keep;                /* ... the moves it keeps to each position */
    uint32_t trims;               /* ... how often it trimmed them */
    fess_cell *cells;
    int ncells, cells_cap, cursor;
    int best_cell;                /* the cell of the best score so far */
    uint64_t best_rank;
    uint64_t turns;
    int32_t *cell_slot;           /* open addressing on cell keys: index + 1, 0 empty */
    uint32_t cell_mask;

    push_pos pos;
    push_freeze frz;
    push_matcher mat;
    push_corral corral;
    push_fixed_cache fixed;
    push_walker walker;
    uint32_t *reach, *child_reach, *mark, stamp;
    push_components comp;         /* the components of the position being settled */
    int32_t *queue;
    uint64_t *zbox, *zplayer;
    uint8_t *wall;                /* n: the other boxes, while one box's moves are found */
    int32_t *side;                /* n * ndirs: side labels with them walled up */
    uint32_t *seen, seen_stamp;   /* n * ndirs */
    int32_t *bfs;                 /* n * ndirs */
    uint16_t *bfs_depth;
    int32_t *frozen;              /* sorted cells of the boxes frozen on goals */
    int nfrozen;
    uint8_t *frozen_mark;
    const push_dists *dists;
    int16_t *link_of;             /* n: the corridor linking rooms a cell is on, or -1 */
    int nlinks;
    uint32_t *link_seen, link_stamp;
    int16_t *prefix;              /* nareas: the plan's progress, scratch */
    uint16_t *near;               /* [class * n + c]: pushes from c to the nearest goal taking the class */
    int spread;                   /* the position being expanded: the sum of near over its boxes */
    int corral_pushes;            /* lost()'s PI-corral: pushes enough to try (-1: none) */
    uint16_t *first_dirs;         /* [slot]: with a PI-corral, the directions its first push may take */

    push_pack *pack;              /* NULL when the packer is off */
    uint32_t pack_for;            /* the best position the packer last looked at */
    uint8_t *fixed_cells;         /* n: the goals packed in plan order, for the packer */

    push_probe *probe;            /* NULL when probes are off */
    uint32_t probed;              /* the best position when it was last probed (0: none) */
    uint64_t probe_budget;        /* its last probe's expansions */
    uint64_t probe_turn;          /* the turn of that probe */
    bool probe_won;               /* with solution: the probe found the way on from it */
    uint32_t shrunk;              /* lost positions shrunk to a dead set */
    uint32_t killed;              /* positions dropped by a set learned after they were made */
    bool any_lost;                /* some position was proved lost */
    bool sets_grew;               /* the store gained sets from elsewhere (push_fess_sets_grew) */

    uint64_t nodes;
    uint32_t solution;
    uint32_t meet_id;             /* with solution: the backward search's position the solution
                                     goes on from, or 0 when it is solved itself */
    bool exhausted, timed_out, out_of_memory;
    int best_packed;
    uint32_t best_id;
    uint32_t best_rank_id;        /* the position of the best score so far */
    uint64_t best_since;          /* positions made when it became the best */
};

static bool charge(push_fess *f, size_t bytes)
{
    if (f->mem.used + bytes > f->mem.limit) {
        f->out_of_memory = true;
        return false;
    }
    f->mem.used += bytes;
    return true;
}

static inline uint32_t next_stamp(push_fess *f)
{
    if (++f->stamp == 0) {
        memset(f->reach, 0, sizeof *f->reach * (size_t)f->b->n);
        memset(f->child_reach, 0, sizeof *f->child_reach * (size_t)f->b->n);
        memset(f->mark, 0, sizeof *f->mark * (size_t)f->b->n);
        f->stamp = 1;
    }
    return f->stamp;
}

/* ===== the links between rooms ============================================================ *
 * The plan's room cells (push_plan.h) split the board into rooms and corridors; a connected
 * run of corridor cells that touches two different rooms is a link, blocked while a box stands
 * on it. */

static int find_links(push_fess *f)
{
    const push_board *b = f->b;
    int n = b->n;
    const uint8_t *room = f->plan->room;
    int32_t *room_id = malloc(sizeof *room_id * ((size_t)n + 1)), *stack = malloc(sizeof *stack * ((size_t)n + 1));
    if (!room_id || !stack) {
        free(room_id), free(stack);
        return -1;
    }
/* Rooms. */
    int nrooms = 0;
    for (int c = 0; c < n; c++) room_id[c] = -1;
    for (int c0 = 0; c0 < n; c0++) {
        if (!room[c0] || room_id[c0] >= 0) continue;
        int top = 0;
        room_id[c0] = nrooms;
        stack[top++] = c0;
        while (top > 0) {
            int c = stack[--top];
            for (int d = 0; d < b->ndirs; d++) {
                int m = push_step(b, c, d);
                if (m < 0 || !room[m] || room_id[m] >= 0) continue;
                room_id[m] = nrooms;
                stack[top++] = m;
            }
        }
        nrooms++;
    }
    /* Corridor runs, kept when they touch two rooms. */
    for (int c = 0; c < n; c++) f->link_of[c] = -1;
    int nlinks = 0;
    int32_t *run = malloc(sizeof *run * ((size_t)n + 1));
    if (!run) {
        free(room_id), free(stack);
        return -1;
    }
    for (int c0 = 0; c0 < n; c0++) {
        if (room[c0] || f->link_of[c0] != -1) continue;
        int count = 0, first_room = -1;
        bool two = false;
        f->link_of[c0] = -2;
        run[count++] = c0;
        for (int i = 0; i < count; i++)
            for (int d = 0; d < b->ndirs; d++) {
                int m = push_step(b, run[i], d);
                if (m < 0) continue;
                if (room[m]) {
                    if (first_room < 0) first_room = room_id[m];
                    else if (room_id[m] != first_room) two = true;
                    continue;
                }
                if (f->link_of[m] != -1) continue;
                f->link_of[m] = -2;
                run[count++] = m;
            }
        int id = two ? nlinks++ : -3;
        for (int i = 0; i < count; i++) f->link_of[run[i]] = (int16_t)id;
    }
    for (int c = 0; c < n; c++)
        if (f->link_of[c] < 0) f->link_of[c] = -1;
    f->nlinks = nlinks;
    free(room_id), free(stack), free(run);
    f->link_seen = calloc((size_t)nlinks + 1, sizeof *f->link_seen);
    return f->link_seen ? 0 : -1;
}

/* ===== features =========================================================================== */

/* Floor regions the player cannot reach (its own region: reach == stamp). */
static int closed_regions(push_fess *f, const uint32_t *reach, uint32_t stamp)
{
    const push_board *b = f->b;
    int regions = 0;
    uint32_t mark = next_stamp(f);
    for (int c = 0; c < b->n; c++) {
        if (reach[c] == stamp || f->pos.occ[c] != PUSH_NO_BOX || f->mark[c] == mark) continue;
        regions++;
        push_reach(b, f->pos.occ, c, f->mark, mark, f->queue);
    }
    return regions;
}

static int blocked_links(push_fess *f)
{
    if (f->nlinks == 0) return 0;
    if (++f->link_stamp == 0) {
        memset(f->link_seen, 0, sizeof *f->link_seen * (size_t)f->nlinks);
        f->link_stamp = 1;
    }
    int count = 0;
    for (int i = 0; i < f->b->nboxes; i++) {
        int l = f->link_of[f->pos.box[i]];
        if (l < 0 || f->link_seen[l] == f->link_stamp) continue;
        f->link_seen[l] = f->link_stamp;
        count++;
    }
    return count;
}

static inline uint8_t clamp8(int v) { return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v); }

/* The sum of near over f->pos's boxes: how far they stand from the goals. */
static int spread_of(const push_fess *f)
{
    const push_board *b = f->b;
    int spread = 0;
    for (int i = 0; i < b->nboxes; i++) spread += f->near[b->box_class[i] * b->n + f->pos.box[i]];
    return spread;
}

/* The features of the position in f->pos, h its bound, closed the floor regions the player
 * cannot reach: a child of the position being settled, its box on `from` moved to `to` (the
 * hotspots are counted from the parent's), or from < 0 a position of its own. */
static fess_score features(push_fess *f, int closed, int h, int from, int to)
{
    fess_score s;
    int in_order = push_plan_prefix(f->plan, f->b, &f->pos, f->prefix, NULL);
    s.pack = clamp8(f->cfg.opt.free_order ? push_features_packed(f->feat, &f->pos, in_order) : in_order);
    s.oop = f->cfg.opt.out_of_plan ? clamp8(push_features_out_of_plan(f->feat, &f->pos, f->prefix)) : 0;
    s.hot = !f->cfg.opt.hotspots ? 0
          : from >= 0           ? clamp8(push_features_hotspots_child(f->feat, from, to))
                                : clamp8(push_features_hotspots(f->feat, &f->pos));
    s.conn = clamp8(closed);
    s.room = clamp8(blocked_links(f));
    s.h = (uint16_t)(h < 0xFFFF ? h : 0xFFFF);
    return s;
}

/* Whether the player walks to cell c in the child being looked at: by f->comp, or when that
 * could not tell, where child_reach == stamp. */
static inline bool child_has(const push_fess *f, bool quick, uint32_t stamp, int c)
{
    return quick ? push_components_has(&f->comp, f->pos.occ, c) : f->child_reach[c] == stamp;
}

/* Whether, after the box from `moved` went elsewhere, the player (now: child_has) can push
 * some other box in a way it could not before (then: was == then). */
static bool opens_pushes(push_fess *f, int moved, const uint32_t *then_reach, uint32_t then, bool quick, uint32_t now)
{
    const push_board *b = f->b;
    for (int i = 0; i < b->nboxes; i++) {
        int c = f->pos.box[i];
        if (c == moved) continue;
        for (int d = 0; d < b->ndirs; d++) {
            int s = push_step(b, c, d), t = push_step(b, c, b->opp[d]);
            if (s < 0 || t < 0 || then_reach[s] == then || !child_has(f, quick, now, s)) continue;
            if (f->pos.occ[t] == PUSH_NO_BOX && !b->dead[b->box_class[i] * b->n + t]) return true;
        }
    }
    return false;
}

/* ===== the position in f->pos ============================================================= */

static uint64_t boxes_hash(const push_fess *f, const uint16_t *box)
{
    uint64_t h = 0;
    for (int i = 0; i < f->b->nboxes; i++) h ^= f->zbox[f->b->box_class[i] * f->b->n + box[i]];
    return h;
}

/* The boxes frozen on goals (into f->frozen, marked in f->frozen_mark); false when a frozen
 * group holds a box off its goal. */
static bool find_frozen(push_fess *f)
{
    for (int m = 0; m < f->nfrozen; m++) f->frozen_mark[f->frozen[m]] = 0;
    f->nfrozen = 0;
    if (!f->cfg.opt.freeze) return true;
    int n = push_frozen_on_goals(&f->frz, f->b, &f->pos, f->frozen, f->frozen_mark);
    f->nfrozen = n > 0 ? n : 0;
    return n >= 0;
}

/* The matching bound of the position in f->pos (player region: reach == stamp); PUSH_FAR when
 * lost. */
static int position_bound(push_fess *f, const uint32_t *reach, uint32_t stamp)
{
    const push_board *b = f->b;
    if (!find_frozen(f)) return PUSH_FAR;
    f->dists = &b->base;
    if (f->nfrozen > 0) {
        const push_dists *walled = push_fixed_get(&f->fixed, b, f->frozen, f->nfrozen);
        if (walled) f->dists = walled;
    }
    uint32_t player = f->cfg.opt.player_bound ? stamp : UINT32_MAX;
    int h = push_lower_bound(b, &f->mat, &f->pos, reach, player, f->dists, f->nfrozen ? f->frozen_mark : NULL);
    return h;
}

/* ===== moves ============================================================================== */

/* Every box on a goal that takes it: solved, when there are goals to spare (the count of goals
 * packed then never reaches the count of goals). */
static bool all_home(const push_board *b, const push_pos *p)
{
    for (int i = 0; i < b->nboxes; i++)
        if (!push_on_goal(b, b->box_class[i], p->box[i])) return false;
    return true;
}

static void mark_label(push_fess *f, int x, int32_t label)
{
    int nd = f->b->ndirs;
    for (int e = 0; e < nd; e++)
        if (f->side[x * nd + e] == label) f->seen[x * nd + e] = f->seen_stamp;
}

static bool scratch_room(push_fess *f, size_t count)
{
    if (count < f->scratch_cap) return true;
    size_t cap = f->scratch_cap ? f->scratch_cap * 2 : 1024;
    while (cap <= count) cap *= 2;
    if (!charge(f, sizeof *f->scratch * (cap - f->scratch_cap))) return false;
    fess_move *bigger = realloc(f->scratch, sizeof *bigger * cap);
    if (!bigger) {
        f->out_of_memory = true;
        return false;
    }
    f->scratch = bigger;
    f->scratch_cap = cap;
    return true;
}

/* The parent being expanded: its region (reach == stamp) and hash. */
typedef struct parent_view {
    const uint32_t *reach;
    uint32_t stamp;
    uint64_t hash;
} parent_view;

/* Looks at the position box slot i on `to` with the player on `side` makes (the parent in
 * f->pos, its bound kept): adds it to the scratch list unless it is known or lost. Returns false
 * out of memory. */
static bool look_at(push_fess *f, int i, int to, int side, int pushes, const parent_view *pv, size_t *count,
                    bool *solved)
{
    const push_board *b = f->b;
    int from = f->pos.box[i], k = b->box_class[i];
    int j = push_pos_move(&f->pos, b, i, to);
    /* The player's region: from the parent's components (push_components.c), or by a flood
     * when they cannot tell (then the closed regions are counted when needed). */
    uint32_t stamp = 0;
    int norm, closed = -1;
    bool quick = push_components_child(&f->comp, f->pos.occ, from, to, side, &closed, &norm);
    if (!quick) {
        stamp = next_stamp(f);
        norm = push_reach(b, f->pos.occ, side, f->child_reach, stamp, f->queue);
    }
    uint64_t hash = pv->hash ^ f->zbox[k * b->n + from] ^ f->zbox[k * b->n + to] ^ f->zplayer[norm];
    bool keep = push_table_find(&f->tt, hash, f->pos.box, norm) == 0;
    /* A position the backward search reached: the rest of the way is known. */
    bool meet = keep && f->cfg.meet && push_meet_find(f->cfg.meet, hash, f->pos.box, norm);
    if (meet) {
        if (!scratch_room(f, *count + 1)) {
            push_pos_move(&f->pos, b, j, from);
            return false;
        }
        fess_move *m = &f->scratch[(*count)++];
        memset(m, 0, sizeof *m);
        m->from = (uint16_t)from, m->to = (uint16_t)to, m->side = (uint16_t)side;
        m->pushes = (uint16_t)(pushes < 0xFFFF ? pushes : 0xFFFF);
        m->flags = MOVE_SOLVES;
        *solved = true;
        push_pos_move(&f->pos, b, j, from);
        return true;
    }
    if (keep && f->cfg.opt.freeze && push_freeze_deadlock(&f->frz, b, &f->pos, to)) keep = false;
    if (keep && f->cfg.sets && push_deadsets_match(f->cfg.sets, &f->pos, to, norm)) keep = false;
    if (keep) {
        /* The last tie-break: each box's pushes to its nearest goal, summed (the matching bound
         * is worked out when the move is played). */
        int h = f->spread - f->near[k * b->n + from] + f->near[k * b->n + to];
        if (!scratch_room(f, *count + 1)) {
            push_pos_move(&f->pos, b, j, from);
            return false;
        }
        fess_move *m = &f->scratch[(*count)++];
        m->from = (uint16_t)from, m->to = (uint16_t)to, m->side = (uint16_t)side;
        m->pushes = (uint16_t)(pushes < 0xFFFF ? pushes : 0xFFFF);
        m->weight = 1;
        m->flags = 0;
        if (push_features_reversible(f->feat, from, to, side)) m->flags |= MOVE_REVERSIBLE;
        if (opens_pushes(f, to, pv->reach, pv->stamp, quick, stamp)) m->flags |= MOVE_OPENS;
        if (!quick) closed = closed_regions(f, f->child_reach, stamp);
        fess_score sc = features(f, closed, h, from, to);
        m->rank = rank_of(&sc);
        if (sc.pack == b->ngoals || (b->nboxes < b->ngoals && all_home(b, &f->pos)))
            m->flags |= MOVE_SOLVES, *solved = true;
    }
    push_pos_move(&f->pos, b, j, from);
    return true;
}

/* Every relocation of the box in slot i from the position in f->pos, looked at one by one. */
static bool box_moves(push_fess *f, int i, const parent_view *pv, size_t *count, bool *solved)
{
    const push_board *b = f->b;
    int nd = b->ndirs, c = f->pos.box[i], k = b->box_class[i];
    if (f->frozen_mark[c]) return true;
    unsigned first = f->corral_pushes > 0 ? f->first_dirs[i] : ~0u;
    if (!first) return true;
    int32_t start = -1;
    for (int d = 0; d < nd && start < 0; d++) {
        int y = push_step(b, c, d);
        if (y >= 0 && pv->reach[y] == pv->stamp) start = d;
    }
    if (start < 0) return true;                 /* the player cannot touch it */
    f->wall[c] = 0;
    int rc = push_side_labels(b, f->wall, f->side);
    f->wall[c] = 1;
    if (rc != 0) {
        f->out_of_memory = true;
        return false;
    }
    if (++f->seen_stamp == 0) {
        memset(f->seen, 0, sizeof *f->seen * (size_t)b->n * (size_t)nd);
        f->seen_stamp = 1;
    }
    int head = 0, tail = 0;
    mark_label(f, c, f->side[c * nd + start]);
    f->bfs[tail] = c * nd + start;
    f->bfs_depth[tail++] = 0;
    const uint8_t *dead = b->dead + (size_t)k * (size_t)b->n;
    /* The box's own cell is free while it travels. */
    f->wall[c] = 0;
    while (head < tail) {
        int x = f->bfs[head] / nd, e = f->bfs[head] % nd, depth = f->bfs_depth[head];
        head++;
        int32_t label = f->side[x * nd + e];
        for (int d = 0; d < nd; d++) {
            int back = b->opp[d];
            if (f->side[x * nd + back] != label) continue;          /* the player cannot get behind */
            if (depth == 0 && !(first >> d & 1)) continue;           /* not a push the corral allows */
            int to = push_step(b, x, d);
            if (to < 0 || f->wall[to] || dead[to]) continue;
            if (f->seen[to * nd + back] == f->seen_stamp) continue;
            mark_label(f, to, f->side[to * nd + back]);
            f->bfs[tail] = to * nd + back;
            f->bfs_depth[tail++] = (uint16_t)(depth + 1 < 0xFFFF ? depth + 1 : 0xFFFF);
            if (!look_at(f, i, to, x, depth + 1, pv, count, solved)) {
                f->wall[c] = 1;
                return false;
            }
        }
    }
    f->wall[c] = 1;
    return true;
}

/* The index of the move to play next among mv[0 .. count): not played yet, the least weight,
 * then the best score, then the first made (the order a stable sort gave). A position plays
 * few of its moves (XSokoban 88: 2.2 of 309 on average, 44: 2.2 of 52), so finding each one
 * when it is due costs less than sorting them all (the sort took 2% of the time on 88).
 * -1 when all were played. */
static long next_move(const fess_move *mv, uint32_t count)
{
    long best = -1;
    for (uint32_t i = 0; i < count; i++) {
        if (mv[i].flags & MOVE_PLAYED) continue;
        if (best < 0 || mv[i].weight < mv[best].weight ||
            (mv[i].weight == mv[best].weight && mv[i].rank < mv[best].rank))
            best = (long)i;
    }
    return best;
}

/* ===== advisors =========================================================================== *
 * Each advisor picks at most one move, which then costs nothing. None picks a move that
 * unpacks a box. */

enum { ADV_PACK, ADV_CONN, ADV_ROOM, ADV_HOT, ADV_OOP, ADV_OPENER, ADV_EXPLORER, NADVISORS };

/* Whether move m is one the advisor may pick, for a position scored `own`. */
static bool advisable(int advisor, const fess_move *m, const fess_score *own)
{
    fess_score s = score_of(m->rank);
    if (s.pack < own->pack) return false;
    switch (advisor) {
    case ADV_PACK: return s.pack > own->pack;
    case ADV_CONN: return s.conn < own->conn;
    case ADV_ROOM: return s.room < own->room;
    case ADV_HOT: return s.hot < own->hot;
    case ADV_OOP:
        return s.oop < own->oop && s.conn <= own->conn && s.room <= own->room && (m->flags & MOVE_REVERSIBLE);
    case ADV_EXPLORER: return (m->flags & (MOVE_OPENS | MOVE_REVERSIBLE)) == (MOVE_OPENS | MOVE_REVERSIBLE);
    default: return false;
    }
}

/* The opener: when no move packs a box, the box nearest the next goal of the plan is moved
 * away from it (the farther the better), without closing regions or links. */
static long opener(push_fess *f, const fess_move *mv, size_t count, const fess_score *own, int next)
{
    if (next < 0) return -1;
    long best = -1;
    int best_from = PUSH_FAR, best_to = -1;
    for (size_t i = 0; i < count; i++) {
        fess_score s = score_of(mv[i].rank);
        if (s.pack > own->pack) return -1;
        if (s.pack < own->pack || s.conn > own->conn || s.room > own->room) continue;
        int d1 = push_features_goal_steps(f->feat, next, mv[i].from), d2 = push_features_goal_steps(f->feat, next, mv[i].to);
        if (d1 == PUSH_FAR || d2 == PUSH_FAR || d2 < d1 || d1 > best_from) continue;
        if (d1 < best_from || d2 > best_to) best = (long)i, best_from = d1, best_to = d2;
    }
    return best;
}

static void advise(push_fess *f, fess_move *mv, size_t count, const fess_score *own, int next)
{
    for (int a = 0; a < NADVISORS && f->cfg.opt.advisors; a++) {
        long best = -1;
        if (a == ADV_OPENER) {
            best = opener(f, mv, count, own, next);
        } else {
            for (size_t i = 0; i < count; i++)
                if (advisable(a, &mv[i], own) && (best < 0 || mv[i].rank < mv[best].rank)) best = (long)i;
        }
        if (best >= 0) mv[best].weight = 0;
    }
    if (count <= 2) {
        size_t top = 0;
        for (size_t i = 1; i < count; i++)
            if (mv[i].rank < mv[top].rank) top = i;
        mv[top].weight = 0;
    }
}

/* ===== feature space ====================================================================== */

static int find_cell(push_fess *f, uint32_t key, bool *made)
{
    *made = false;
    if ((uint32_t)(f->ncells + 1) * 2 > f->cell_mask + 1) {
        uint32_t slots = (f->cell_mask + 1) * 2;
        if (!charge(f, sizeof *f->cell_slot * slots)) return -1;
        int32_t *slot = calloc(slots, sizeof *slot);
        if (!slot) return -1;
        free(f->cell_slot);
        f->cell_slot = slot;
        f->cell_mask = slots - 1;
        for (int i = 0; i < f->ncells; i++) {
            uint32_t s = (uint32_t)push_mix64(f->cells[i].key) & f->cell_mask;
            while (f->cell_slot[s]) s = (s + 1) & f->cell_mask;
            f->cell_slot[s] = i + 1;
        }
    }
    uint32_t s = (uint32_t)push_mix64(key) & f->cell_mask;
    for (; f->cell_slot[s]; s = (s + 1) & f->cell_mask)
        if (f->cells[f->cell_slot[s] - 1].key == key) return f->cell_slot[s] - 1;
    if (f->ncells == f->cells_cap) {
        int cap = f->cells_cap ? f->cells_cap * 2 : 64;
        if (!charge(f, sizeof *f->cells * (size_t)(cap - f->cells_cap))) return -1;
        fess_cell *bigger = realloc(f->cells, sizeof *bigger * (size_t)cap);
        if (!bigger) return -1;
        f->cells = bigger;
        f->cells_cap = cap;
    }
    int i = f->ncells++;
    memset(&f->cells[i], 0, sizeof f->cells[i]);
    f->cells[i].key = key;
    f->cell_slot[s] = i + 1;
    *made = true;
    return i;
}

static fess_item heap_item(const push_fess *f, uint32_t id)
{
    const fess_info *in = &f->info[id];
    const fess_move *m = &f->moves[in->first + in->cur];
    fess_item it = { m->rank, in->weight + m->weight, id };
    return it;
}

static inline bool item_less(const fess_item *a, const fess_item *b)
{
    if (a->weight != b->weight) return a->weight < b->weight;
    if (a->rank != b->rank) return a->rank < b->rank;
    return a->id < b->id;
}

static bool heap_push(push_fess *f, fess_cell *c, fess_item item)
{
    if (c->count == c->cap) {
        uint32_t cap = c->cap ? c->cap * 2 : 8;
        if (!charge(f, sizeof *c->heap * (cap - c->cap))) return false;
        fess_item *bigger = realloc(c->heap, sizeof *bigger * cap);
        if (!bigger) {
            f->out_of_memory = true;
            return false;
        }
        c->heap = bigger;
        c->cap = cap;
    }
    uint32_t i = c->count++;
    while (i > 0) {
        uint32_t parent = (i - 1) / 2;
        if (!item_less(&item, &c->heap[parent])) break;
        c->heap[i] = c->heap[parent];
        i = parent;
    }
    c->heap[i] = item;
    return true;
}

static fess_item heap_pop(fess_cell *c)
{
    fess_item top = c->heap[0], last = c->heap[--c->count];
    uint32_t i = 0, n = c->count;
    for (;;) {
        uint32_t child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && item_less(&c->heap[child + 1], &c->heap[child])) child++;
        if (!item_less(&c->heap[child], &last)) break;
        c->heap[i] = c->heap[child];
        i = child;
    }
    if (n > 0) c->heap[i] = last;
    return top;
}

/* ===== making positions =================================================================== */

static bool info_room(push_fess *f, uint32_t id)
{
    if (id < f->info_cap) return true;
    uint32_t cap = f->info_cap ? f->info_cap * 2 : 1024;
    while (cap <= id) cap *= 2;
    if (!charge(f, sizeof *f->info * (cap - f->info_cap))) return false;
    fess_info *bigger = realloc(f->info, sizeof *bigger * cap);
    if (!bigger) {
        f->out_of_memory = true;
        return false;
    }
    f->info = bigger;
    f->info_cap = cap;
    return true;
}

/* Whether the position in f->pos (made by a push onto `to`, or the start when to < 0; player
 * region reach == stamp, normalised to norm) is lost by the costly tests. */
static bool lost(push_fess *f, int to, int norm, const uint32_t *reach, uint32_t stamp)
{
    const push_board *b = f->b;
    f->corral_pushes = -1;
    if (f->cfg.opt.corral) {
        int npush = push_corral_find(&f->corral, b, &f->pos, f->nfrozen ? f->frozen_mark : NULL, reach, stamp);
        if (npush == 0) return true;
        f->corral_pushes = npush;
        if (npush > 0 && f->cfg.patterns && f->cfg.opt.corral_dead &&
            push_pattern_corral_dead(f->cfg.patterns, &f->pos, f->corral.best_fence, f->corral.nbest_fence, norm,
                                     f->nodes * PUSH_FESS_WORTH))
            return true;
    }
    return to >= 0 && f->cfg.patterns && push_pattern_dead(f->cfg.patterns, &f->pos, to, norm, f->nodes * PUSH_FESS_WORTH);
}

/* Makes move m in f->pos: the player's region goes to reach with a new stamp (*stamp), its
 * normalised cell to *norm; returns the position's hash. */
static uint64_t make_move(push_fess *f, const fess_move *m, uint32_t *reach, uint32_t *stamp, int *norm)
{
    const push_board *b = f->b;
    push_pos_move(&f->pos, b, f->pos.occ[m->from], m->to);
    *stamp = next_stamp(f);
    *norm = push_reach(b, f->pos.occ, m->side, reach, *stamp, f->queue);
    return boxes_hash(f, f->pos.box) ^ f->zplayer[*norm];
}

/* Plays the solving move win of node id (its position in f->pos). */
static void play_win(push_fess *f, uint32_t id, const fess_move *win)
{
    uint32_t s2;
    int norm;
    uint64_t h2 = make_move(f, win, f->child_reach, &s2, &norm);
    uint32_t sid = push_table_add(&f->tt, h2, f->pos.box, norm);
    if (!sid || !info_room(f, sid)) {
        f->out_of_memory = true;
        return;
    }
    push_node *nd = push_table_node(&f->tt, sid);
    nd->parent = id;
    nd->h = 0;
    memset(&f->info[sid], 0, sizeof f->info[sid]);
    f->info[sid].from = win->from, f->info[sid].to = win->to, f->info[sid].side = win->side;
    f->solution = sid;
    f->meet_id = f->cfg.meet ? push_meet_find(f->cfg.meet, h2, f->pos.box, norm) : 0;
}

/* Keeps only the best `keep` moves left to each position, in the order they were made (the
 * one it plays next among them), and none of a position proved lost or with none left.
 * Positions were given their moves in the order of their nodes, so the moves are moved
 * down in place. */
static void trim_moves(push_fess *f, uint32_t keep)
{
    uint64_t *keys = f->trim_keys;
    size_t w = 0;
    for (uint32_t id = 1; id <= f->tt.count && id < f->info_cap; id++) {
        fess_info *in = &f->info[id];
        if (in->count == 0) continue;
        const fess_move *mv = f->moves + in->first;
        uint32_t left = 0;
        if (!in->lost)
            for (uint32_t i = 0; i < in->count; i++)
                if (!(mv[i].flags & MOVE_PLAYED)) keys[left++] = move_key(&mv[i]);
        /* Moves below the keep-th least key are kept, and of those equal to it, the first made
         * (all of them when no more than keep are left: no key reaches UINT64_MAX). */
        uint64_t edge = UINT64_MAX;
        uint32_t equal = 0;
        if (left > keep) {
            qsort(keys, left, sizeof *keys, by_u64);
            edge = keys[keep - 1];
            for (uint32_t i = 0; i < keep; i++) equal += keys[i] == edge;
        }
        size_t first = w;
        for (uint32_t i = 0; i < in->count && left; i++) {
            if (mv[i].flags & MOVE_PLAYED) continue;
            uint64_t k = move_key(&mv[i]);
            if (k < edge || (k == edge && equal && equal--)) f->moves[w++] = mv[i];
        }
        in->first = (uint32_t)first;
        in->count = (uint32_t)(w - first);
        in->next = 0;
        in->cur = in->count ? (uint32_t)next_move(f->moves + first, in->count) : 0;
    }
    f->nmoves = w;
}

/* Room for `more` moves: the array doubles while the budget allows; past that, the moves are
 * trimmed (trim_moves), to fewer each time while that frees less than a quarter of them. A
 * position plays few of its moves (see next_move), so the search goes on for many times as
 * many positions. False when no room can be made. */
static bool moves_room(push_fess *f, size_t more)
{
    size_t cap = f->moves_cap ? f->moves_cap * 2 : 1 << 10;
    while (cap < f->nmoves + more) cap *= 2;
    size_t bytes = sizeof *f->moves * (cap - f->moves_cap);
    if (f->mem.used + bytes <= f->mem.limit) {
        fess_move *bigger = realloc(f->moves, sizeof *bigger * cap);
        if (!bigger) return false;
        f->mem.used += bytes;
        f->moves = bigger;
        f->moves_cap = cap;
        return true;
    }
    if (f->trim_cap < f->scratch_cap) {
        /* Scratch for one position's keys: as many as the scratch list holds. */
        if (!charge(f, sizeof *f->trim_keys * (f->scratch_cap - f->trim_cap))) return false;
        uint64_t *keys = realloc(f->trim_keys, sizeof *keys * f->scratch_cap);
        if (!keys) return false;
        f->trim_keys = keys;
        f->trim_cap = f->scratch_cap;
    }
    if (!f->trims) f->keep = KEEP_MOVES;
    while (f->keep > 0) {
        size_t before = f->nmoves;
        trim_moves(f, f->keep);
        f->trims++;
        if (f->nmoves + more <= f->moves_cap && before - f->nmoves >= f->moves_cap / 4) return true;
        f->keep /= 2;
    }
    return false;
}

/* Finds the moves of the new node id (position in f->pos, player region in
 * f->reach with `stamp`, its score own_rank), and files it in the cell of its score. */
static void settle(push_fess *f, uint32_t id, uint64_t own_rank, uint32_t stamp)
{
    const push_board *b = f->b;
    size_t count = 0;
    bool solved = false;
    parent_view pv = { f->reach, stamp, boxes_hash(f, f->pos.box) };
    f->spread = spread_of(f);
    push_plan_prefix(f->plan, b, &f->pos, f->prefix, NULL);
    int next = push_features_next_goal(f->feat, f->prefix);
    if (f->corral_pushes > 0) {
        memset(f->first_dirs, 0, sizeof *f->first_dirs * (size_t)b->nboxes);
        for (int m = 0; m < f->corral_pushes; m++) {
            int code = f->corral.push[m];
            f->first_dirs[code / b->ndirs] |= (uint16_t)(1u << (code % b->ndirs));
        }
    } else {
        f->corral_pushes = -1;
    }
    for (int i = 0; i < b->nboxes; i++) f->wall[f->pos.box[i]] = 1;
    push_components_find(&f->comp, f->pos.occ);
    if (f->cfg.opt.hotspots) push_features_hotspots_parent(f->feat, &f->pos);
    bool ok = true;
    for (int i = 0; i < b->nboxes && ok && !solved; i++) ok = box_moves(f, i, &pv, &count, &solved);
    for (int i = 0; i < b->nboxes; i++) f->wall[f->pos.box[i]] = 0;
    if (!ok) return;
    fess_info *in = &f->info[id];
    in->count = 0;
    in->next = 0;
    if (solved) {
        for (size_t m = 0; m < count; m++)
            if (f->scratch[m].flags & MOVE_SOLVES) {
                fess_move win = f->scratch[m];
                play_win(f, id, &win);
                return;
            }
    }
    if (count == 0) return;
    fess_score own = score_of(own_rank);
    advise(f, f->scratch, count, &own, next);
    if (f->nmoves + count > f->moves_cap && !moves_room(f, count)) {
        f->out_of_memory = true;
        return;
    }
    memcpy(f->moves + f->nmoves, f->scratch, sizeof *f->scratch * count);
    in->first = (uint32_t)f->nmoves;
    in->count = (uint32_t)count;
    in->cur = (uint32_t)next_move(f->moves + in->first, in->count);
    f->nmoves += count;
    bool made;
    int cell = find_cell(f, cell_key(own_rank), &made);
    if (cell < 0) {
        f->out_of_memory = true;
        return;
    }
    in->cell = cell;
    if (made) f->cursor = cell;                   /* a new cell has the next turn */
    in->rank = own_rank;
    if (own_rank < f->best_rank) {
        f->best_rank = own_rank, f->best_cell = cell, f->best_rank_id = id;
        f->best_since = f->nodes;
    }
    heap_push(f, &f->cells[cell], heap_item(f, id));
}

/* Plays move m of node parent (its position in f->pos): the new position is made, tested and
 * settled unless it is known or lost. Returns its node, or the known one, 0 when it is lost. */
static uint32_t play(push_fess *f, uint32_t parent, const fess_move *m)
{
    uint32_t stamp;
    int norm;
    uint64_t hash = make_move(f, m, f->reach, &stamp, &norm);
    uint32_t id = push_table_find(&f->tt, hash, f->pos.box, norm);
    if (id) return push_table_node(&f->tt, id)->h == PUSH_FAR ? 0 : id;
    id = push_table_add(&f->tt, hash, f->pos.box, norm);
    if (!id || !info_room(f, id)) {
        f->out_of_memory = true;
        return 0;
    }
    f->nodes++;
    push_node *nd = push_table_node(&f->tt, id);
    push_node *pn = push_table_node(&f->tt, parent);
    nd->parent = parent;
    nd->g = (uint16_t)(pn->g + m->pushes < PUSH_FAR ? pn->g + m->pushes : PUSH_FAR - 1);
    nd->moved = m->to;
    fess_info *in = &f->info[id];
    memset(in, 0, sizeof *in);
    in->weight = f->info[parent].weight + m->weight;
    in->from = m->from, in->to = m->to, in->side = m->side;
    in->cell = -1;
    int h = position_bound(f, f->reach, stamp);
    if (h == PUSH_FAR || lost(f, m->to, norm, f->reach, stamp)) {
        nd->h = PUSH_FAR;
        nd->closed = 1;
        return 0;
    }
    nd->h = (uint16_t)h;
    uint64_t rank = m->rank;
    if (m->flags & MOVE_PACKED) {
        fess_score sc = features(f, closed_regions(f, f->reach, stamp), spread_of(f), -1, -1);
        rank = rank_of(&sc);
    }
    int packed = score_of(rank).pack;
    if (packed > f->best_packed || !f->best_id) f->best_packed = packed, f->best_id = id;
    settle(f, id, rank, stamp);
    return id;
}

/* ===== probes ============================================================================= *
 * A best position that is lost but not seen to be draws half the turns to the positions made
 * from it. So each new best position is probed with a small complete search, and probed again
 * with more expansions when it stays the best; a lost one is dropped with every position made
 * from it (they are lost too), a solved one ends the search. */

/* Whether position id or one it was made from is proved lost (then id is marked so). */
static bool doomed(push_fess *f, uint32_t id)
{
    if (!f->any_lost) return false;
    for (uint32_t a = id; a; a = push_table_node(&f->tt, a)->parent)
        if (f->info[a].lost) {
            f->info[id].lost = true;
            return true;
        }
    return false;
}

/* The best score among the positions with moves left, none of them lost. */
static void find_best(push_fess *f)
{
    f->best_rank = UINT64_MAX;
    f->best_cell = -1;
    f->best_rank_id = 0;
    f->best_since = f->nodes;
    for (int c = 0; c < f->ncells; c++)
        for (uint32_t i = 0; i < f->cells[c].count; i++) {
            uint32_t id = f->cells[c].heap[i].id;
            if (f->info[id].rank < f->best_rank && !doomed(f, id))
                f->best_rank = f->info[id].rank, f->best_cell = c, f->best_rank_id = id;
        }
}

static void probe_best(push_fess *f)
{
    uint32_t id = f->best_rank_id;
    if (!id || f->solution) return;
    uint64_t budget;
    if (id != f->probed) budget = PROBE_NODES;
    else if (f->turns - f->probe_turn >= PROBE_AGAIN && f->probe_budget < PROBE_MOST_NODES) budget = f->probe_budget * 4;
    else return;
    uint64_t allowed = (uint64_t)(PROBE_SHARE * (double)(f->nodes * PUSH_FESS_WORTH));
    if (push_probe_nodes(f->probe) + budget > allowed) return;    /* later, if it is still the best */
    f->probed = id;
    f->probe_budget = budget;
    f->probe_turn = f->turns;
    push_node *nd = push_table_node(&f->tt, id);
    int verdict = push_probe_run(f->probe, nd->box, nd->player, budget);
    if (verdict == PUSH_PROBE_SOLVED) {
        f->solution = id;
        f->probe_won = true;
    } else if (verdict == PUSH_PROBE_LOST) {
        if (f->cfg.sets && f->cfg.opt.shrink && nd->moved != NO_CELL) {
            if (push_probe_shrink(f->probe, nd->box, nd->player, nd->moved, budget, budget * SHRINK_WORK, f->cfg.sets))
                f->shrunk++;
        }
        push_fess_drop_best(f);
    }
}

void push_fess_sets_grew(push_fess *f)
{
    if (f) f->sets_grew = true;
}

void push_fess_drop_best(push_fess *f)
{
    uint32_t id = f->best_rank_id;
    if (!id) return;
    f->info[id].lost = true;
    f->any_lost = true;
    find_best(f);
}

/* ===== the packer ========================================================================= */

/* The packer's test of a position it filled the goal in: new, and not lost. */
static bool pack_accept(void *ud, const uint16_t *box, int player, int filled)
{
    push_fess *f = ud;
    const push_board *b = f->b;
    push_pos_load(&f->pos, b, box, player);
    uint32_t stamp = next_stamp(f);
    int norm = push_reach(b, f->pos.occ, player, f->reach, stamp, f->queue);
    if (push_table_find(&f->tt, boxes_hash(f, f->pos.box) ^ f->zplayer[norm], f->pos.box, norm)) return false;
    return position_bound(f, f->reach, stamp) != PUSH_FAR && !lost(f, filled, norm, f->reach, stamp);
}

/* A new best position none of whose moves packs the plan's next goal: the packer looks for a
 * way to fill it (within its share of the work), played as free moves. */
static void pack_best(push_fess *f)
{
    uint32_t id = f->best_rank_id;
    if (!id || id == f->pack_for || f->solution || f->out_of_memory) return;
    uint64_t allowed = (uint64_t)(PACK_SHARE * (double)(f->nodes * PUSH_FESS_WORTH)) + PACK_SLACK;
    if (push_pack_nodes(f->pack) + PACK_NODES > allowed) return;      /* later, if still the best */
    f->pack_for = id;
    const fess_info *bi = &f->info[id];
    int own = score_of(bi->rank).pack;
    for (uint32_t k = 0; k < bi->count; k++)
        if (score_of(f->moves[bi->first + k].rank).pack > own) return;   /* it packs on its own */
    const push_board *b = f->b;
    const push_plan *pl = f->plan;
    push_node *nd = push_table_node(&f->tt, id);
    push_pos_load(&f->pos, b, nd->box, nd->player);
    push_plan_prefix(pl, b, &f->pos, f->prefix, NULL);
    int g = push_features_next_goal(f->feat, f->prefix);
    if (g < 0) return;
    memset(f->fixed_cells, 0, (size_t)b->n);
    for (int a = 0; a < pl->nareas; a++)
        for (int j = 0; j < f->prefix[a]; j++) f->fixed_cells[b->goal[pl->area_goal[pl->area_first[a] + j]]] = 1;
    const push_pack_step *found;
    int count = push_pack_run(f->pack, nd->box, nd->player, f->fixed_cells, g, PACK_NODES, pack_accept, f, &found);
    if (count <= 0) return;
    uint32_t at = id;                             /* (play() leaves the packer's steps alone) */
    for (int k = 0; k < count && at && !f->solution && !f->out_of_memory; k++) {
        push_node *pn = push_table_node(&f->tt, at);
        push_pos_load(&f->pos, b, pn->box, pn->player);
        fess_move m;
        memset(&m, 0, sizeof m);
        m.from = found[k].from, m.to = found[k].to, m.side = found[k].side, m.pushes = found[k].pushes;
        m.flags = MOVE_PACKED;                    /* weight 0: free */
        at = play(f, at, &m);
    }
}

/* ===== the search ========================================================================= */

static bool out_of_time(const push_fess *f)
{
    const push_search_config *c = &f->cfg;
    if (c->cancel && *c->cancel) return true;
    if (c->max_nodes && f->nodes >= c->max_nodes) return true;
    return c->seconds > 0 && solve_clock() - c->t0 > c->seconds;
}

/* The cell whose turn it is: every other turn the next in rotation with a move left, else the
 * cell of the best score so far (when it has a move left). -1 when no cell has one. */
static int next_cell(push_fess *f)
{
    f->turns++;
    if (!(f->turns & 1) && f->best_cell >= 0 && f->cells[f->best_cell].count > 0) return f->best_cell;
    for (int tried = 0; tried < f->ncells; tried++) {
        int c = f->cursor % f->ncells;
        f->cursor = (c + 1) % f->ncells;
        if (f->cells[c].count > 0) return c;
    }
    return -1;
}

/* No position has a move left: the level is lost, unless moves were trimmed (moves_room),
 * when the search can only say it ran out of memory. */
static void ran_out(push_fess *f)
{
    if (f->trims) f->out_of_memory = true;
    else f->exhausted = true;
}

void push_fess_run(push_fess *f, int slice)
{
    for (int done = 0; done < slice && !f->solution && !f->out_of_memory && !f->exhausted && !f->timed_out; done++) {
        int ci = f->ncells ? next_cell(f) : -1;
        if (ci < 0) {
            ran_out(f);
            return;
        }
        fess_cell *c = &f->cells[ci];
        uint32_t id = heap_pop(c).id;
        if (doomed(f, id)) continue;              /* dropped with the moves it had left */
        fess_info *in = &f->info[id];
        fess_move *played = &f->moves[in->first + in->cur];
        played->flags |= MOVE_PLAYED;
        fess_move m = *played;
        if (++in->next < in->count) {
            in->cur = (uint32_t)next_move(f->moves + in->first, in->count);
            heap_push(f, c, heap_item(f, id));
        }
        push_node *nd = push_table_node(&f->tt, id);
        push_pos_load(&f->pos, f->b, nd->box, nd->player);
        if ((f->shrunk || f->sets_grew) && push_deadsets_match_all(f->cfg.sets, &f->pos, nd->player)) {
            in->lost = true;                      /* a dead set learned since it was made */
            f->any_lost = true;
            f->killed++;
            if (id == f->best_rank_id) find_best(f);
            continue;
        }
        play(f, id, &m);
        if (f->probe) probe_best(f);
        if (f->pack) pack_best(f);
        if ((done + 1) % CHECK_EVERY == 0 && out_of_time(f)) f->timed_out = true;
    }
    if (!f->solution && out_of_time(f)) f->timed_out = true;
}

bool push_fess_start(push_fess *f)
{
    const push_board *b = f->b;
    if (!f->feat) {
        f->feat = push_features_new(b, f->plan, HOTSPOT_SECONDS);
        if (!f->feat) {
            f->out_of_memory = true;
            return true;
        }
    }
    push_pos_load(&f->pos, b, b->start_box, b->start_player);
    uint32_t stamp = next_stamp(f);
    int norm = push_reach(b, f->pos.occ, b->start_player, f->reach, stamp, f->queue);
    uint32_t id = push_table_add(&f->tt, boxes_hash(f, f->pos.box) ^ f->zplayer[norm], f->pos.box, norm);
    if (!id || !info_room(f, id)) {
        f->out_of_memory = true;
        return true;
    }
    push_node *nd = push_table_node(&f->tt, id);
    nd->moved = NO_CELL;
    fess_info *in = &f->info[id];
    memset(in, 0, sizeof *in);
    in->from = in->to = in->side = NO_CELL;
    in->cell = -1;
    int h = position_bound(f, f->reach, stamp);
    if (h == PUSH_FAR || lost(f, -1, norm, f->reach, stamp)) return false;
    nd->h = (uint16_t)h;
    if (h == 0) {
        f->solution = id;
        return true;
    }
    fess_score sc = features(f, closed_regions(f, f->reach, stamp), spread_of(f), -1, -1);
    f->best_rank = UINT64_MAX;
    f->best_packed = sc.pack;
    f->best_id = id;
    /* features() used the marks; the player's region is still in f->reach. */
    settle(f, id, rank_of(&sc), stamp);
    if (!f->solution && f->ncells == 0 && !f->out_of_memory) ran_out(f);
    return true;
}

/* ===== the solution ======================================================================= */

/* Appends to t the pushes (and the walks between them) from the start to position `to`, the
 * player starting on *at; *at ends where the player stands after the last push. Leaves the
 * position reached in f->pos. false when out of memory. */
static bool write_path(push_fess *f, uint32_t to, int *at, push_text *t)
{
    const push_board *b = f->b;
    uint32_t n = 0;
    for (uint32_t id = to; id; id = push_table_node(&f->tt, id)->parent) n++;
    uint32_t *path = malloc(sizeof *path * (n + 1));
    int8_t *dirs = malloc((size_t)b->n * (size_t)b->ndirs + 1);
    if (!path || !dirs) {
        free(path), free(dirs);
        return false;
    }
    uint32_t k = n;
    for (uint32_t id = to; id; id = push_table_node(&f->tt, id)->parent) path[--k] = id;
    push_pos_load(&f->pos, b, b->start_box, *at);
    bool ok = !t->failed;
    for (uint32_t i = 1; i < n && ok; i++) {
        const fess_info *in = &f->info[path[i]];
        int len = push_relocation(&f->walker, f->pos.occ, in->from, *at, in->to, in->side, dirs, b->n * b->ndirs);
        ok = len >= 0;
        for (int s = 0, c = in->from; s < len && ok; s++) {
            ok = push_write_push(&f->walker, &f->pos, at, c, dirs[s], t);
            c = push_step(b, c, dirs[s]);
        }
    }
    free(path), free(dirs);
    return ok && !t->failed;
}

/* An empty text to write into (false when out of memory). */
static bool text_begin(push_text *t)
{
    memset(t, 0, sizeof *t);
    push_text_put(t, 0);
    t->len = 0, t->moves = 0;
    return !t->failed;
}

/* Hands the text over to out when ok (true), else frees it (false). */
static bool text_end(push_text *t, bool ok, solve_result *out)
{
    if (!ok) {
        push_text_free(t);
        return false;
    }
    out->solution = t->s;
    out->moves = t->moves;
    out->pushes = t->pushes;
    return true;
}

bool push_fess_write(push_fess *f, solve_result *out)
{
    push_text t;
    int at = f->b->start_player;
    bool ok = text_begin(&t) && write_path(f, f->solution, &at, &t);
    if (ok && f->meet_id) ok = push_meet_write(f->cfg.meet, f->meet_id, &f->walker, &f->pos, &at, &t);
    if (ok && f->probe_won) ok = push_probe_write(f->probe, &at, &t);
    return text_end(&t, ok, out);
}

bool push_fess_write_best(push_fess *f, solve_result *out)
{
    uint32_t id = f->best_rank_id;
    if (!id || doomed(f, id)) return false;
    push_text t;
    int at = f->b->start_player;
    bool ok = text_begin(&t) && write_path(f, id, &at, &t);
    return text_end(&t, ok, out);
}

push_fess_state push_fess_state_of(const push_fess *f)
{
    push_fess_state st = { f->solution != 0, f->exhausted, f->timed_out, f->out_of_memory, f->nodes,
                           push_probe_nodes(f->probe), f->ncells, f->best_packed, f->meet_id != 0, f->probe_won,
                           f->shrunk, f->killed, f->best_rank_id ? score_of(f->best_rank).pack : -1,
                           f->best_since, push_pack_nodes(f->pack), f->trims, f->nmoves };
    return st;
}

size_t push_fess_bytes(const push_fess *f)
{
    return f ? f->mem.used + f->fixed.bytes + push_features_bytes(f->feat) + push_probe_bytes(f->probe) +
                   push_pack_bytes(f->pack)
             : 0;
}

void push_fess_free(push_fess *f)
{
    if (!f) return;
    push_table_free(&f->tt);
    push_pos_free(&f->pos);
    push_freeze_free(&f->frz);
    push_matcher_free(&f->mat);
    push_corral_free(&f->corral);
    push_fixed_free(&f->fixed);
    push_walker_free(&f->walker);
    for (int i = 0; i < f->ncells; i++) free(f->cells[i].heap);
    free(f->cells), free(f->cell_slot), free(f->info), free(f->moves), free(f->scratch), free(f->trim_keys);
    push_components_free(&f->comp);
    free(f->reach), free(f->child_reach), free(f->mark), free(f->queue), free(f->zbox), free(f->zplayer);
    free(f->wall), free(f->side), free(f->seen), free(f->bfs), free(f->bfs_depth);
    free(f->frozen), free(f->frozen_mark), free(f->link_of), free(f->link_seen);
    free(f->prefix), free(f->near), free(f->first_dirs);
    push_features_free(f->feat);
    push_probe_free(f->probe);
    push_pack_free(f->pack);
    free(f->fixed_cells);
    free(f);
}

push_fess *push_fess_new(const push_board *b, const push_plan *pl, const push_search_config *cfg)
{
    push_fess *f = calloc(1, sizeof *f);
    if (!f) return NULL;
    f->b = b;
    f->plan = pl;
    f->cfg = *cfg;
    size_t walled = cfg->memory / 8, probing = cfg->opt.probe ? cfg->memory / PROBE_MEMORY_SHARE : 0;
    size_t packing = cfg->opt.pack ? cfg->memory / PACK_MEMORY_SHARE : 0;
    f->mem.limit = cfg->memory - walled - probing - packing;
    int n = b->n, nd = b->ndirs, nk = b->nclasses ? b->nclasses : 1;
    size_t sides = (size_t)n * (size_t)nd + 1;
    f->reach = calloc((size_t)n + 1, sizeof *f->reach);
    f->child_reach = calloc((size_t)n + 1, sizeof *f->child_reach);
    f->mark = calloc((size_t)n + 1, sizeof *f->mark);
    f->queue = malloc(sizeof *f->queue * ((size_t)n + 1));
    f->zbox = malloc(sizeof *f->zbox * (size_t)n * (size_t)nk);
    f->zplayer = malloc(sizeof *f->zplayer * ((size_t)n + 1));
    f->wall = calloc((size_t)n + 1, 1);
    f->side = malloc(sizeof *f->side * sides);
    f->seen = calloc(sides, sizeof *f->seen);
    f->bfs = malloc(sizeof *f->bfs * sides);
    f->bfs_depth = malloc(sizeof *f->bfs_depth * sides);
    f->frozen = malloc(sizeof *f->frozen * ((size_t)b->nboxes + 1));
    f->frozen_mark = calloc((size_t)n + 1, 1);
    f->link_of = malloc(sizeof *f->link_of * ((size_t)n + 1));
    f->prefix = malloc(sizeof *f->prefix * ((size_t)pl->nareas + 1));
    f->near = malloc(sizeof *f->near * (size_t)n * (size_t)nk);
    f->first_dirs = malloc(sizeof *f->first_dirs * ((size_t)b->nboxes + 1));
    f->cell_slot = calloc(64, sizeof *f->cell_slot);
    f->cell_mask = 63;
    f->best_cell = -1;
    if (!f->prefix || !f->near || !f->first_dirs || !f->reach || !f->child_reach || !f->mark || !f->queue || !f->zbox || !f->zplayer || !f->wall || !f->side ||
        !f->seen || !f->bfs || !f->bfs_depth || !f->frozen || !f->frozen_mark || !f->link_of ||
        !f->cell_slot || push_pos_init(&f->pos, b) != 0 || push_freeze_init(&f->frz, b) != 0 ||
        push_matcher_init(&f->mat, b->nboxes, b->ngoals) != 0 || push_corral_init(&f->corral, b) != 0 ||
        push_walker_init(&f->walker, b) != 0 || push_fixed_init(&f->fixed, b, walled) != 0 ||
        push_components_init(&f->comp, b) != 0 ||
        push_table_init(&f->tt, b->nboxes, 1u << 14, &f->mem) != 0 || find_links(f) != 0) {
        push_fess_free(f);
        return NULL;
    }
    if (probing) {
        push_search_config pc = *cfg;
        pc.memory = probing;
        f->probe = push_probe_new(b, &pc);
        if (!f->probe) f->mem.limit += probing;     /* too little memory: no probes */
    }
    if (packing) {
        f->pack = push_pack_new(b, packing);
        f->fixed_cells = calloc((size_t)n + 1, 1);
        if (!f->pack || !f->fixed_cells) {        /* too little memory: no packer */
            push_pack_free(f->pack), free(f->fixed_cells);
            f->pack = NULL, f->fixed_cells = NULL;
            f->mem.limit += packing;
        }
    }
    for (int k = 0; k < nk; k++)
        for (int c = 0; c < n; c++) f->zbox[k * n + c] = push_key_box(k, n, c);
    for (int c = 0; c < n; c++) f->zplayer[c] = push_key_player(c);
    for (int k = 0; k < nk; k++)
        for (int c = 0; c < n; c++) {
            int best = PUSH_FAR;
            for (int g = 0; g < b->ngoals; g++)
                if ((b->nclasses == 0 || push_accepts(b, k, g)) && b->base.dist_any[g * n + c] < best)
                    best = b->base.dist_any[g * n + c];
            f->near[k * n + c] = (uint16_t)(best == PUSH_FAR ? 1000 : best);
        }
    return f;
}
