/* push_solve.c: the push-puzzle search. Nodes are positions after a push with the player
 * normalised to the top-left cell of its region, so walking is free and only pushes branch.
 * Anytime mode is a best-first search on the matching bound (first solution wins); optimal
 * mode is A* on the same bound, which never overestimates the pushes still needed. */
#include "solve/push_solve.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine.h"
#include "solve/push_board.h"
#include "solve/push_table.h"

enum {
    DEFAULT_MEMORY_MB = 1024,
    CHECK_EVERY = 256,            /* expansions between clock and cancel checks */
    H_BITS = 12                   /* priorities break ties on the bound, in their low bits */
};

push_options push_options_default(void)
{
    push_options o;
    o.freeze = true;
    o.corral = true;
    o.tunnels = true;
    o.player_bound = true;
    o.weight = 0;
    o.portfolio = true;
    o.rooms = true;
    return o;
}

typedef struct search {
    const push_board *b;
    const solve_limits *lim;
    push_options opt;
    bool optimal;
    push_budget mem;
    push_table tt;
    push_queue open;
    push_pos pos;
    push_freeze frz;
    push_matcher mat;
    push_corral corral;
    push_fixed_cache fixed;       /* distances with frozen goal boxes as walls */
    int32_t *frozen, *child_frozen; /* sorted cells of the boxes frozen on goals */
    int nfrozen, nchild_frozen;
    uint8_t *frozen_mark;         /* n: 1 on the cells of child_frozen while bounding */
    uint8_t *parent_mark;         /* n: 1 on the cells of frozen while expanding */
    const push_dists *parent_dists; /* the distances the node being expanded was bounded with */
    uint16_t *row_cell;           /* per slot of the node being expanded: the child's box cells */
    int8_t *macro;                /* directions of the pushes of the last move made */
    bool use_rooms;               /* goal-room macros (the search is then not complete) */
    uint32_t *reach, *child_reach, stamp;
    int32_t *queue;
    uint64_t *zbox, *zplayer;     /* Zobrist keys: [class * n + cell], [cell] */
    uint64_t nodes;
    int gw;
    int bound;                    /* for progress: f (optimal) or the bound of the node taken */
    double t0;
    uint32_t solution;            /* node id of a solved position */
    solve_status stop;            /* SOLVE_TIMEOUT once a budget runs out, else SOLVE_SOLVED */
    bool out_of_memory, exhausted;
    int weight;                   /* anytime priority: weight * bound + pushes; 0 = bound only */
} search;

/* ===== keys and priorities ================================================================ */

static inline uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15u;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

static uint64_t boxes_hash(const search *s, const uint16_t *box)
{
    uint64_t h = 0;
    for (int i = 0; i < s->b->nboxes; i++) h ^= s->zbox[s->b->box_class[i] * s->b->n + box[i]];
    return h;
}

static uint32_t priority(const search *s, int g, int h)
{
    uint64_t main = s->optimal ? (uint64_t)g + (uint64_t)h
                               : (uint64_t)h * (uint64_t)(s->weight ? s->weight : 1) + (s->weight ? (uint64_t)g : 0);
    uint64_t limit = (1u << (32 - H_BITS)) - 1;
    if (main > limit) main = limit;
    return (uint32_t)(main << H_BITS) | (uint32_t)(h < (1 << H_BITS) ? h : (1 << H_BITS) - 1);
}

/* Reach marks compare against a stamp that grows by one per flood fill; when it would wrap,
 * clear the marks and start again. UINT32_MAX is never a live stamp ("no cell"). */
static uint32_t next_stamp(search *s)
{
    if (s->stamp >= UINT32_MAX - 2) {
        memset(s->reach, 0, sizeof *s->reach * (size_t)s->b->n);
        memset(s->child_reach, 0, sizeof *s->child_reach * (size_t)s->b->n);
        s->stamp = 0;
    }
    return ++s->stamp;
}

/* ===== making pushes ====================================================================== */

/* Pushes the box in slot i in direction d, then on through a tunnel or into a goal room. The
 * directions of the pushes go to s->macro; returns the box's new slot; *pushes counts them
 * and *player is where the player ends. */
static int make_push(search *s, int i, int d, int *pushes, int *player)
{
    const push_board *b = s->b;
    int from = s->pos.box[i], to = push_step(b, from, d), count = 0;
    i = push_pos_move(&s->pos, b, i, to);
    s->macro[count++] = (int8_t)d;
    for (;;) {
        const int8_t *dirs;
        int len = s->use_rooms ? push_room_macro(b, &s->pos, from, to, &dirs) : 0;
        if (len > 0) {
            for (int k = 0; k < len; k++) {
                from = to;
                to = push_step(b, to, dirs[k]);
                i = push_pos_move(&s->pos, b, i, to);
                s->macro[count++] = dirs[k];
            }
            break;
        }
        if (!s->opt.tunnels || !push_tunnel_next(b, &s->pos, from, to, d)) break;
        from = to;
        to = push_step(b, to, d);
        i = push_pos_move(&s->pos, b, i, to);
        s->macro[count++] = (int8_t)d;
    }
    *pushes = count;
    *player = from;
    return i;
}

/* Whether the box in slot i can be pushed in direction d now (player region: reach == stamp). */
static inline bool can_push(const search *s, int i, int d, const uint32_t *reach, uint32_t stamp)
{
    const push_board *b = s->b;
    int c = s->pos.box[i], to = push_step(b, c, d), behind = push_step(b, c, b->opp[d]);
    return to >= 0 && behind >= 0 && s->pos.occ[to] == PUSH_NO_BOX && reach[behind] == stamp;
}

/* ===== the search ========================================================================= */

/* The bound of the position in s->pos, with the boxes frozen on goals in child_frozen. */
static int bound_of(search *s, const uint32_t *reach, uint32_t stamp)
{
    const push_board *b = s->b;
    const push_dists *t = &b->base;
    int nf = s->nchild_frozen;
    if (nf > 0) {
        const push_dists *walled = push_fixed_get(&s->fixed, b, s->child_frozen, nf);
        if (walled) t = walled;
        for (int i = 0; i < nf; i++) s->frozen_mark[s->child_frozen[i]] = 1;
    }
    /* Without the player's side every box counts from its best side: pass a stamp no cell
     * holds, so no side looks reachable. */
    int h = push_lower_bound(b, &s->mat, &s->pos, reach, s->opt.player_bound ? stamp : UINT32_MAX, t,
                             nf > 0 ? s->frozen_mark : NULL);
    for (int i = 0; i < nf; i++) s->frozen_mark[s->child_frozen[i]] = 0;
    return h;
}

/* Adds cells to a sorted set (no duplicates). */
static void merge_cells(int32_t *set, int *count, const int32_t *cells, int n)
{
    for (int i = 0; i < n; i++) {
        int c = cells[i], j = *count;
        while (j > 0 && set[j - 1] > c) j--;
        if (j > 0 && set[j - 1] == c) continue;
        memmove(set + j + 1, set + j, sizeof *set * (size_t)(*count - j));
        set[j] = c;
        (*count)++;
    }
}

/* The boxes of s->pos frozen on their goals, into s->frozen; false when a frozen group holds
 * a box off its goal (the position is lost). */
static bool find_frozen(search *s)
{
    const push_board *b = s->b;
    s->nfrozen = 0;
    if (!s->opt.freeze) return true;
    for (int i = 0; i < b->nboxes; i++) {
        int c = s->pos.box[i];
        if (!push_on_goal(b, b->box_class[i], c) || s->frozen_mark[c]) continue;
        if (!push_frozen(&s->frz, b, &s->pos, c, true)) continue;
        for (int j = 0; j < s->frz.nfrozen; j++) {
            int fc = s->frz.frozen[j];
            if (!push_on_goal(b, b->box_class[s->pos.occ[fc]], fc)) {
                for (int m = 0; m < s->nfrozen; m++) s->frozen_mark[s->frozen[m]] = 0;
                s->nfrozen = 0;
                return false;
            }
            s->frozen_mark[fc] = 1;
        }
        merge_cells(s->frozen, &s->nfrozen, s->frz.frozen, s->frz.nfrozen);
    }
    for (int m = 0; m < s->nfrozen; m++) s->frozen_mark[s->frozen[m]] = 0;
    return true;
}

/* A position reached by a push from `parent` (already applied to s->pos). */
/* The child's bound: from the parent's matching when the frozen boxes are the same (only
 * the rows that changed are solved again), else from scratch. */
static int child_bound(search *s, int moved, int to, uint32_t stamp)
{
    if (s->nchild_frozen != s->nfrozen) return bound_of(s, s->child_reach, stamp);
    int was = s->row_cell[moved];
    s->row_cell[moved] = (uint16_t)to;
    int h = push_bound_child(s->b, &s->mat, s->row_cell, s->child_reach, s->opt.player_bound ? stamp : UINT32_MAX,
                             s->parent_dists, s->nfrozen ? s->parent_mark : NULL);
    s->row_cell[moved] = (uint16_t)was;
#ifdef PUSH_CHECK_BOUND
    {
        push_matcher m2;
        push_matcher_init(&m2, s->b->nboxes, s->b->ngoals);
        int h2 = push_lower_bound(s->b, &m2, &s->pos, s->child_reach, s->opt.player_bound ? stamp : UINT32_MAX,
                                  s->parent_dists, s->nfrozen ? s->parent_mark : NULL);
        if (h2 != h) fprintf(stderr, "bound mismatch %d %d\n", h, h2);
        push_matcher_free(&m2);
    }
#endif
    return h;
}

/* A position reached by a push from `parent` (already applied to s->pos): the box of the
 * parent's slot `moved` now stands on `to`, and the player on `player`. */
static void add_child(search *s, uint32_t parent, int g, uint64_t box_hash, int player, int moved, int to)
{
    const push_board *b = s->b;
    uint32_t stamp = next_stamp(s);
    int norm = push_reach(b, s->pos.occ, player, s->child_reach, stamp, s->queue);
    uint64_t hash = box_hash ^ s->zplayer[norm];
    uint32_t id = push_table_find(&s->tt, hash, s->pos.box, norm);
    if (id) {
        push_node *nd = push_table_node(&s->tt, id);
        if (nd->h == PUSH_FAR || g >= nd->g) return;
        /* A shorter way here. A* must look again from here (the bound is admissible but not
         * always consistent); the anytime search just keeps the shorter path. */
        nd->g = (uint16_t)g;
        nd->parent = parent;
        if (s->optimal) {
            nd->closed = 0;
            if (push_queue_push(&s->open, priority(s, g, nd->h), id) != 0) s->out_of_memory = true;
        }
        return;
    }
    int h = child_bound(s, moved, to, stamp);
    id = push_table_add(&s->tt, hash, s->pos.box, norm);
    if (!id) {
        s->out_of_memory = true;
        return;
    }
    push_node *nd = push_table_node(&s->tt, id);
    nd->parent = parent;
    nd->g = (uint16_t)g;
    nd->h = (uint16_t)h;
    if (h == PUSH_FAR) {          /* remembered, so the bound is not computed again */
        nd->closed = 1;
        return;
    }
    if (h == 0 && !s->optimal) {
        s->solution = id;
        return;
    }
    if (push_queue_push(&s->open, priority(s, g, h), id) != 0) s->out_of_memory = true;
}

#ifdef PUSH_DEBUG
static void dump(search *s, const push_node *nd)
{
    const push_board *b = s->b;
    static int best = 1 << 30;
    if (nd->h >= best) return;
    best = nd->h;
    fprintf(stderr, "h=%d g=%d\n", nd->h, nd->g);
    int w = s->b->gcells;
    (void)w;
    char line[256];
    for (int c = 0, col = 0; c < b->n; c++) {
        (void)col;
    }
    for (int y = 0; y < 20; y++) {
        int any = 0;
        for (int x = 0; x < 40 && x < (int)sizeof line - 1; x++) line[x] = ' ';
        line[40] = 0;
        for (int c = 0; c < b->n; c++) {
            int gcell = b->cell[c], gx = gcell % s->gw, gy = gcell / s->gw;
            if (gy != y || gx >= 40) continue;
            any = 1;
            int box = 0;
            for (int i = 0; i < b->nboxes; i++) box |= nd->box[i] == c;
            line[gx] = box ? (b->goal_at[c] >= 0 ? '*' : '$') : (b->goal_at[c] >= 0 ? '.' : '-');
            if (c == nd->player) line[gx] = '@';
        }
        if (any) fprintf(stderr, "%s\n", line);
    }
}
#endif

static void expand_marked(search *s, uint32_t id, int g, uint32_t stamp, uint64_t box_hash);

static void expand(search *s, uint32_t id)
{
    const push_board *b = s->b;
    push_node *nd = push_table_node(&s->tt, id);
    nd->closed = 1;
    int g = nd->g;
    push_pos_load(&s->pos, b, nd->box, nd->player);
    uint32_t stamp = next_stamp(s);
    push_reach(b, s->pos.occ, nd->player, s->reach, stamp, s->queue);
    uint64_t box_hash = boxes_hash(s, s->pos.box);
    if (!find_frozen(s)) return;
    for (int m = 0; m < s->nfrozen; m++) s->parent_mark[s->frozen[m]] = 1;
    expand_marked(s, id, g, stamp, box_hash);
    for (int m = 0; m < s->nfrozen; m++) s->parent_mark[s->frozen[m]] = 0;
}

/* expand, with the node loaded and its frozen boxes marked in parent_mark. */
static void expand_marked(search *s, uint32_t id, int g, uint32_t stamp, uint64_t box_hash)
{
    const push_board *b = s->b;
    int npush = s->opt.corral ? push_corral_find(&s->corral, b, &s->pos, s->parent_mark, s->reach, stamp) : -1;
    if (npush == 0) return;                 /* a corral no push can enter: lost */
    /* The node's own matching, kept for its children to start from. */
    s->parent_dists = &b->base;
    if (s->nfrozen > 0) {
        const push_dists *walled = push_fixed_get(&s->fixed, b, s->frozen, s->nfrozen);
        if (walled) s->parent_dists = walled;
    }
    push_lower_bound(b, &s->mat, &s->pos, s->reach, s->opt.player_bound ? stamp : UINT32_MAX, s->parent_dists,
                     s->nfrozen ? s->parent_mark : NULL);
    push_bound_keep(&s->mat);
    memcpy(s->row_cell, s->pos.box, sizeof *s->row_cell * (size_t)b->nboxes);
    int all = b->nboxes * b->ndirs;
    for (int m = 0; m < (npush > 0 ? npush : all); m++) {
        int code = npush > 0 ? s->corral.push[m] : m, i = code / b->ndirs, d = code % b->ndirs;
        int c = s->pos.box[i], k = b->box_class[i];
        if (!can_push(s, i, d, s->reach, stamp) || b->dead[k * b->n + push_step(b, c, d)]) continue;
        int pushes, player, j = make_push(s, i, d, &pushes, &player), to = s->pos.box[j];
        bool lost = s->opt.freeze && push_freeze_deadlock(&s->frz, b, &s->pos, to);
        /* Boxes stay frozen, so the child's frozen set is the parent's plus the group the
         * push just froze (on goals, or it would be lost). */
        memcpy(s->child_frozen, s->frozen, sizeof *s->frozen * (size_t)s->nfrozen);
        s->nchild_frozen = s->nfrozen;
        if (!lost && s->opt.freeze && s->frz.nfrozen > 0)
            merge_cells(s->child_frozen, &s->nchild_frozen, s->frz.frozen, s->frz.nfrozen);
        if (!lost && g + pushes < PUSH_FAR)
            add_child(s, id, g + pushes, box_hash ^ s->zbox[k * b->n + c] ^ s->zbox[k * b->n + to], player, i, to);
        push_pos_move(&s->pos, b, j, c);
        if (s->solution || s->out_of_memory) return;
    }
}

static bool out_of_time(const search *s)
{
    const solve_limits *lim = s->lim;
    if (lim->cancel && *lim->cancel) return true;
    return lim->seconds > 0 && solve_clock() - s->t0 > lim->seconds;
}

/* Expands up to `slice` nodes; stops early on a solution, an empty open list (exhausted), a
 * full memory budget or the end of the time budget. */
static void run(search *s, int slice)
{
    for (int done = 0; done < slice && !s->solution && !s->out_of_memory; ) {
        uint32_t prio, id = push_queue_pop(&s->open, &prio);
        if (!id) {
            s->exhausted = true;
            return;
        }
        push_node *nd = push_table_node(&s->tt, id);
        if (nd->closed) continue;
        if (nd->h == 0) {             /* A*: the first solved position taken out is optimal */
            s->solution = id;
            return;
        }
        s->nodes++;
        done++;
        s->bound = s->optimal ? nd->g + nd->h : nd->h;
#ifdef PUSH_DEBUG
        dump(s, nd);
#endif
        expand(s, id);
        if (s->nodes % CHECK_EVERY == 0 && out_of_time(s)) {
            s->stop = SOLVE_TIMEOUT;
            return;
        }
    }
}

/* ===== the solution string ================================================================ */

typedef struct text {
    char *s;
    size_t len, cap;
    bool failed;
} text;

static void put(text *t, char c)
{
    if (t->failed) return;
    if (t->len + 2 > t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 256;
        char *bigger = realloc(t->s, cap);
        if (!bigger) {
            t->failed = true;
            return;
        }
        t->s = bigger;
        t->cap = cap;
    }
    t->s[t->len++] = c;
    t->s[t->len] = 0;
}

/* Walks the player from `from` to `to` (boxes block) by a shortest path. */
static bool walk(search *s, int from, int to, text *out, long *moves)
{
    const push_board *b = s->b;
    if (from == to) return true;
    int32_t *prev = s->queue + b->n;          /* second half of the scratch queue */
    uint32_t stamp = next_stamp(s);
    int head = 0, tail = 0;
    s->reach[from] = stamp;
    s->queue[tail++] = from;
    while (head < tail && s->reach[to] != stamp) {
        int c = s->queue[head++];
        for (int d = 0; d < b->ndirs; d++) {
            int m = push_step(b, c, d);
            if (m < 0 || s->reach[m] == stamp || s->pos.occ[m] != PUSH_NO_BOX) continue;
            s->reach[m] = stamp;
            prev[m] = d;
            s->queue[tail++] = m;
        }
    }
    if (s->reach[to] != stamp) return false;
    int len = 0;
    for (int c = to; c != from; c = push_step(b, c, b->opp[prev[c]])) len++;
    size_t start = out->len;
    for (int i = 0; i < len; i++) put(out, '?');
    if (out->failed) return false;
    for (int c = to, i = len - 1; c != from; c = push_step(b, c, b->opp[prev[c]]), i--)
        out->s[start + (size_t)i] = grid_dir_letter(b->topo, prev[c]);
    *moves += len;
    return true;
}

/* Finds the push from the position in s->pos (player at *at) that leads to node `to`, and
 * writes it, one push at a time with the walks between. */
static bool write_step(search *s, const push_node *to, int *at, text *out, long *moves, long *pushes)
{
    const push_board *b = s->b;
    uint32_t stamp = next_stamp(s);
    push_reach(b, s->pos.occ, *at, s->reach, stamp, s->queue);
    for (int i = 0; i < b->nboxes; i++)
        for (int d = 0; d < b->ndirs; d++) {
            if (!can_push(s, i, d, s->reach, stamp)) continue;
            int c = s->pos.box[i];
            int count, player, j = make_push(s, i, d, &count, &player);
            uint32_t cs = next_stamp(s);
            int norm = push_reach(b, s->pos.occ, player, s->child_reach, cs, s->queue);
            bool found = norm == to->player && memcmp(s->pos.box, to->box, sizeof *to->box * (size_t)b->nboxes) == 0;
            push_pos_move(&s->pos, b, j, c);
            if (!found) continue;
            int8_t *dirs = malloc((size_t)count);
            if (!dirs) return false;
            memcpy(dirs, s->macro, (size_t)count);
            for (int k = 0; k < count; k++) {
                int box = s->pos.box[i], behind = push_step(b, box, b->opp[dirs[k]]);
                if (!walk(s, *at, behind, out, moves)) {
                    free(dirs);
                    return false;
                }
                put(out, (char)toupper((unsigned char)grid_dir_letter(b->topo, dirs[k])));
                i = push_pos_move(&s->pos, b, i, push_step(b, box, dirs[k]));
                *at = box;
            }
            *moves += count;
            *pushes += count;
            free(dirs);
            return !out->failed;
        }
    return false;
}

static bool write_solution(search *s, solve_result *out)
{
    uint32_t n = 0;
    for (uint32_t id = s->solution; id; id = push_table_node(&s->tt, id)->parent) n++;
    uint32_t *path = malloc(sizeof *path * n);
    if (!path) return false;
    uint32_t k = n;
    for (uint32_t id = s->solution; id; id = push_table_node(&s->tt, id)->parent) path[--k] = id;
    text t = { 0 };
    put(&t, 0);
    t.len = 0;
    long moves = 0, pushes = 0;
    int at = s->b->start_player;
    push_pos_load(&s->pos, s->b, s->b->start_box, at);
    bool ok = !t.failed;
    for (uint32_t i = 1; i < n && ok; i++)
        ok = write_step(s, push_table_node(&s->tt, path[i]), &at, &t, &moves, &pushes);
    free(path);
    if (!ok) {
        free(t.s);
        return false;
    }
    out->solution = t.s;
    out->moves = moves;
    out->pushes = pushes;
    return true;
}

/* The solution must replay on the real rules: a last check that the board model is right. */
static bool replays(const state *start, const char *lurd)
{
    state st;
    if (state_copy(&st, start) != 0) return false;
    st.hist.disabled = true;
    int bad;
    engine_play_lurd(&st, lurd, &bad);
    bool ok = bad < 0 && state_solved(&st);
    state_free(&st);
    return ok;
}

/* ===== entry ============================================================================== */

static void search_free(search *s)
{
    push_table_free(&s->tt);
    push_queue_free(&s->open);
    push_pos_free(&s->pos);
    push_freeze_free(&s->frz);
    push_matcher_free(&s->mat);
    push_corral_free(&s->corral);
    push_fixed_free(&s->fixed);
    free(s->frozen), free(s->child_frozen), free(s->frozen_mark), free(s->parent_mark), free(s->row_cell), free(s->macro);
    free(s->reach), free(s->child_reach), free(s->queue), free(s->zbox), free(s->zplayer);
}

static bool search_init(search *s, const push_board *b, const solve_limits *lim, const push_options *opt,
                        int weight, bool rooms, size_t total)
{
    memset(s, 0, sizeof *s);
    s->b = b;
    s->lim = lim;
    s->opt = *opt;
    s->optimal = lim->optimal;
    s->weight = weight;
    s->use_rooms = rooms && b->nrooms > 0;
    s->mem.limit = total - total / 8;      /* the rest for the walled distances */
    int n = b->n, nk = b->nclasses ? b->nclasses : 1;
    s->reach = calloc((size_t)n, sizeof *s->reach);
    s->child_reach = calloc((size_t)n, sizeof *s->child_reach);
    s->queue = malloc(sizeof *s->queue * (size_t)n * 2);
    s->zbox = malloc(sizeof *s->zbox * (size_t)n * (size_t)nk);
    s->zplayer = malloc(sizeof *s->zplayer * (size_t)n);
    s->frozen = malloc(sizeof *s->frozen * (size_t)(b->nboxes + 1));
    s->child_frozen = malloc(sizeof *s->child_frozen * (size_t)(b->nboxes + 1));
    s->frozen_mark = calloc((size_t)n + 1, 1);
    s->parent_mark = calloc((size_t)n + 1, 1);
    s->row_cell = malloc(sizeof *s->row_cell * (size_t)(b->nboxes + 1));
    s->macro = malloc((size_t)(n + b->max_room_path + 2));
    push_queue_init(&s->open, &s->mem, !s->optimal);
    if (!s->reach || !s->child_reach || !s->queue || !s->zbox || !s->zplayer ||
        push_pos_init(&s->pos, b) != 0 || push_freeze_init(&s->frz, b) != 0 ||
        push_matcher_init(&s->mat, b->nboxes, b->ngoals) != 0 || push_corral_init(&s->corral, b) != 0 ||
        push_table_init(&s->tt, b->nboxes, &s->mem) != 0 || push_fixed_init(&s->fixed, b, total / 8) != 0 ||
        !s->frozen || !s->child_frozen || !s->frozen_mark || !s->parent_mark || !s->row_cell || !s->macro)
        return false;
    for (int i = 0; i < n * nk; i++) s->zbox[i] = mix64((uint64_t)i * 2 + 1);
    for (int i = 0; i < n; i++) s->zplayer[i] = mix64((uint64_t)i * 2 + 2 + ((uint64_t)1 << 40));
    return true;
}

static solve_status finish(solve_result *out, solve_status st, double t0, const char *msg)
{
    out->status = st;
    out->seconds = solve_clock() - t0;
    if (msg) snprintf(out->message, sizeof out->message, "%s", msg);
    return st;
}

/* Puts the root in the open list; false when it is lost already (unsolvable). */
static bool start(search *s)
{
    const push_board *b = s->b;
    push_pos_load(&s->pos, b, b->start_box, b->start_player);
    uint32_t stamp = next_stamp(s);
    int norm = push_reach(b, s->pos.occ, b->start_player, s->child_reach, stamp, s->queue);
    if (!find_frozen(s)) return false;
    memcpy(s->child_frozen, s->frozen, sizeof *s->frozen * (size_t)s->nfrozen);
    s->nchild_frozen = s->nfrozen;
    int h = bound_of(s, s->child_reach, stamp);
    if (h == PUSH_FAR) return false;
    uint32_t root = push_table_add(&s->tt, boxes_hash(s, s->pos.box) ^ s->zplayer[norm], s->pos.box, norm);
    if (!root) {
        s->out_of_memory = true;
        return true;
    }
    push_node *nd = push_table_node(&s->tt, root);
    nd->h = (uint16_t)h;
    if (h == 0) s->solution = root;
    else if (push_queue_push(&s->open, priority(s, 0, h), root) != 0) s->out_of_memory = true;
    return true;
}

enum { MAX_SEARCHES = 2, SLICE = 64 };

solve_status push_solve_with(const state *start_state, const solve_limits *lim_in, const push_options *opt,
                             solve_result *out)
{
    double t0 = solve_clock();
    memset(out, 0, sizeof *out);
    solve_limits lim = lim_in ? *lim_in : solve_limits_default();
    push_options o = opt ? *opt : push_options_default();
    push_board b;
    int rc = push_board_init(&b, start_state, out->message, sizeof out->message);
    if (rc == PUSH_BOARD_ERROR) return finish(out, SOLVE_ERROR, t0, NULL);
    if (rc == PUSH_BOARD_STUCK) {
        push_board_free(&b);
        return finish(out, SOLVE_UNSOLVABLE, t0, "a box can never move and is not on a goal");
    }
    bool rooms = !lim.optimal && o.rooms;
    if (push_board_analyse(&b) != 0 || (rooms && push_rooms_init(&b) != 0)) {
        push_board_free(&b);
        return finish(out, SOLVE_ERROR, t0, "push solver: out of memory");
    }
    /* Anytime mode runs a portfolio, interleaved: the greedy search finds long solutions
     * fast, while A* on the same bound finds short tricky ones the greedy search dives past. */
    int nsearch = !lim.optimal && o.portfolio ? 2 : 1;
    int weights[MAX_SEARCHES] = { o.weight, 1 };
    size_t total = lim.memory_bytes ? lim.memory_bytes : (size_t)DEFAULT_MEMORY_MB << 20, share = total / (size_t)nsearch;
    search s[MAX_SEARCHES];
    bool ok = true;
    for (int i = 0; i < nsearch; i++) {
        /* Goal-room macros only in the greedy search: A* stays complete. */
        ok = search_init(&s[i], &b, &lim, &o, weights[i], rooms && i == 0, share) && ok;
        s[i].t0 = t0;
        s[i].gw = start_state->g->w;
    }
    if (!ok) {
        for (int i = 0; i < nsearch; i++) search_free(&s[i]);
        push_board_free(&b);
        return finish(out, SOLVE_ERROR, t0, "push solver: out of memory (or memory budget too small)");
    }
    solve_status st = SOLVE_UNSOLVABLE;
    const char *msg = NULL;
    search *won = NULL;
    bool lost = false;
    for (int i = 0; i < nsearch && !lost; i++) lost = !start(&s[i]);
    double next_progress = 0.5;
    while (!lost && !won) {
        int running = 0;
        for (int i = 0; i < nsearch && !won && !lost; i++) {
            search *si = &s[i];
            if (si->out_of_memory || si->stop == SOLVE_TIMEOUT) continue;
            if (!si->solution) run(si, SLICE);
            if (si->solution) {
                won = si;
            } else if (si->exhausted && si->use_rooms) {
                /* The macros' filling order may be the wrong one: go on without them. */
                uint64_t nodes = si->nodes;
                search_free(si);
                if (!search_init(si, &b, &lim, &o, weights[i], false, share)) {
                    si->out_of_memory = true;
                    continue;
                }
                si->t0 = t0;
                si->gw = start_state->g->w;
                si->nodes = nodes;
                lost = !start(si);
            } else if (si->exhausted) {
                lost = true;                            /* a complete search found nothing */
            }
            running++;
        }
        if (won || lost) break;
        if (running == 0) {
            st = SOLVE_TIMEOUT;
            msg = s[0].out_of_memory ? "memory budget used up"
                  : lim.cancel && *lim.cancel ? "cancelled" : "time budget used up";
            break;
        }
        if (lim.progress) {
            double now = solve_clock() - t0;
            if (now >= next_progress) {
                uint64_t nodes = 0;
                for (int i = 0; i < nsearch; i++) nodes += s[i].nodes;
                lim.progress(lim.progress_ud, nodes, now, s[0].bound);
                next_progress = now + 0.5;
            }
        }
    }
    if (won) {
        if (!write_solution(won, out)) {
            st = SOLVE_ERROR;
            msg = "push solver: could not write the solution (out of memory)";
        } else if (!replays(start_state, out->solution)) {
            st = SOLVE_ERROR;
            msg = "push solver: internal error: the solution does not replay";
            solve_result_free(out);
        } else {
            st = SOLVE_SOLVED;
            out->optimal = won->optimal;
        }
    }
    for (int i = 0; i < nsearch; i++) {
        out->nodes += s[i].nodes;
        search_free(&s[i]);
    }
    push_board_free(&b);
    return finish(out, st, t0, msg);
}

solve_status push_solve(const state *start, const solve_limits *lim, solve_result *out)
{
    push_options o = push_options_default();
    return push_solve_with(start, lim, &o, out);
}
