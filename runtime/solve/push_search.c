/* push_search.c: the push search engine: expanding a node (PI-corral pruning, pushes with their
 * tunnel and goal-room macros, freeze deadlocks, deadlock patterns), the matching bound kept
 * incrementally from parent to children, the best-first loop and the solution text. */
#include "solve/push_search.h"

#include <stdlib.h>
#include <string.h>

#include "solve/push_deadsets.h"
#include "solve/push_meet.h"
#include "solve/push_path.h"
#include "solve/push_pattern.h"

enum {
    CHECK_EVERY = 256,            /* expansions between clock and cancel checks */
    REBASE_MOST = 6,              /* boxes that may differ to start from the kept matching */
    PUSH_NO_CELL = 0xFFFF,
    H_BITS = 12,                  /* priorities break ties on the bound, in their low bits */
    LABEL_CHILDREN = 4            /* a node's children from which its components are labelled
                                     (XSokoban 35: 277 044 positions in 9.2-9.5 s, 10.0 s
                                     without; 2 makes Microban 30% slower, 3 to 6 the same) */
};

/* ===== keys and priorities ================================================================ */

static uint64_t boxes_hash(const push_search *s, const uint16_t *box)
{
    uint64_t h = 0;
    for (int i = 0; i < s->b->nboxes; i++) h ^= s->zbox[s->b->box_class[i] * s->b->n + box[i]];
    return h;
}

static uint32_t priority(const push_search *s, int g, int h)
{
    uint64_t main = s->cfg.optimal ? (uint64_t)g + (uint64_t)h
                               : (uint64_t)h * (uint64_t)(s->cfg.weight ? s->cfg.weight : 1) + (s->cfg.weight ? (uint64_t)g : 0);
    uint64_t limit = (1u << (32 - H_BITS)) - 1;
    if (main > limit) main = limit;
    return (uint32_t)(main << H_BITS) | (uint32_t)(h < (1 << H_BITS) ? h : (1 << H_BITS) - 1);
}

/* Reach marks compare against a stamp that grows by one per flood fill. UINT32_MAX is never a
 * live stamp ("no cell"). */
static inline uint32_t next_stamp(push_search *s) { return ++s->stamp; }

/* Between expansions (one takes far fewer than a million stamps): clears the marks before the
 * stamp could wrap. */
static void rewind_stamps(push_search *s)
{
    if (s->stamp < UINT32_MAX - (1u << 20)) return;
    memset(s->reach, 0, sizeof *s->reach * (size_t)s->b->n);
    memset(s->child_reach, 0, sizeof *s->child_reach * (size_t)s->b->n);
    memset(s->macro_reach, 0, sizeof *s->macro_reach * (size_t)s->b->n);
    s->stamp = 0;
}

/* ===== making pushes ====================================================================== */

/* Pushes the box in slot i in direction d, then on through a tunnel or into a goal room. The
 * directions of the pushes go to s->macro; returns the box's new slot; *pushes counts them
 * and *player is where the player ends. */
static int make_push(push_search *s, int i, int d, int *pushes, int *player)
{
    const push_board *b = s->b;
    int from = s->pos.box[i], to = push_step(b, from, d), count = 0;
    i = push_pos_move(&s->pos, b, i, to);
    s->macro[count++] = (int8_t)d;
    for (;;) {
        const int8_t *dirs;
        bool exact;
        int len = s->use_rooms ? push_room_macro(b, &s->pos, from, to, &dirs, &exact) : 0;
        if (len > 0) {
            int entrance = to, was_from = from, was_count = count;
            bool ok = true;
            for (int k = 0; k < len && ok; k++) {
                int behind = push_step(b, to, b->opp[dirs[k]]);
                if (!exact && behind != from) {
                    uint32_t stamp = next_stamp(s);
                    push_reach(b, s->pos.occ, from, s->macro_reach, stamp, s->queue);
                    ok = s->macro_reach[behind] == stamp;
                    if (!ok) break;
                }
                from = to;
                to = push_step(b, to, dirs[k]);
                i = push_pos_move(&s->pos, b, i, to);
                s->macro[count++] = dirs[k];
            }
            if (!ok) {                /* the way round was blocked: stop on the entrance */
                i = push_pos_move(&s->pos, b, i, entrance);
                to = entrance, from = was_from, count = was_count;
            }
            break;
        }
        if (!s->cfg.opt.tunnels || !push_tunnel_next(b, &s->pos, from, to, d)) break;
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
static inline bool can_push(const push_search *s, int i, int d, const uint32_t *reach, uint32_t stamp)
{
    const push_board *b = s->b;
    int c = s->pos.box[i], to = push_step(b, c, d), behind = push_step(b, c, b->opp[d]);
    return to >= 0 && behind >= 0 && s->pos.occ[to] == PUSH_NO_BOX && reach[behind] == stamp;
}

/* Whether the node being expanded (player region: s->reach == stamp) makes a child by pushing
 * box i in direction d: the player gets behind it, and the cell ahead is free and not dead. */
static inline bool child_push(const push_search *s, int i, int d, uint32_t stamp)
{
    const push_board *b = s->b;
    return can_push(s, i, d, s->reach, stamp) && !b->dead[b->box_class[i] * b->n + push_step(b, s->pos.box[i], d)];
}

/* ===== the search ========================================================================= */

/* The bound of the position in s->pos, with the boxes frozen on goals in child_frozen. */
static int bound_of(push_search *s, const uint32_t *reach, uint32_t stamp)
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
    int h = push_lower_bound(b, &s->mat, &s->pos, reach, s->cfg.opt.player_bound ? stamp : UINT32_MAX, t,
                             nf > 0 ? s->frozen_mark : NULL);
    for (int i = 0; i < nf; i++) s->frozen_mark[s->child_frozen[i]] = 0;
    return h;
}

/* The boxes of s->pos frozen on their goals, into s->frozen; false when a frozen group holds
 * a box off its goal (the position is lost). */
static bool find_frozen(push_search *s)
{
    s->nfrozen = 0;
    if (!s->cfg.opt.freeze) return true;
    int n = push_frozen_on_goals(&s->frz, s->b, &s->pos, s->frozen, s->frozen_mark);
    if (n < 0) return false;
    s->nfrozen = n;
    for (int m = 0; m < s->nfrozen; m++) s->frozen_mark[s->frozen[m]] = 0;
    return true;
}

/* A position reached by a push from `parent` (already applied to s->pos). */
/* The child's bound: from the parent's matching when the frozen boxes are the same (only
 * the rows that changed are solved again), else from scratch. `moved` is the row of the
 * pushed box. */
static int child_bound(push_search *s, int moved, int to, uint32_t stamp)
{
    if (s->nchild_frozen != s->nfrozen) return bound_of(s, s->child_reach, stamp);
    int was = s->row_cell[moved];
    s->row_cell[moved] = (uint16_t)to;
    int h = push_bound_child(s->b, &s->mat, s->row_cell, s->child_reach, s->cfg.opt.player_bound ? stamp : UINT32_MAX,
                             s->parent_dists, s->nfrozen ? s->parent_mark : NULL);
    s->row_cell[moved] = (uint16_t)was;
    return h;
}

/* Regions of floor in s->pos, the player's (marked with stamp in child_reach) included. A
 * board cut into pockets the player cannot reach is a risk the bound does not see: the
 * connectivity search prefers positions that keep the floor in one piece. */
static int floor_regions(push_search *s, uint32_t stamp)
{
    const push_board *b = s->b;
    int regions = 1;
    uint32_t mark = next_stamp(s);
    for (int c = 0; c < b->n; c++) {
        if (s->child_reach[c] == stamp || s->pos.occ[c] != PUSH_NO_BOX || s->macro_reach[c] == mark) continue;
        regions++;
        push_reach(b, s->pos.occ, c, s->macro_reach, mark, s->queue);
    }
    return regions;
}

/* The child's player region (s->pos holds the child: the box that stood on `from` is on `to`,
 * the player on `player`) into child_reach with `stamp`: by the parent's components when they
 * are labelled, with only the cells beside boxes marked (all the bound reads), and *regions
 * the floor regions; else by a flood, *regions -1 (not counted). Returns the smallest cell. */
static int child_region(push_search *s, int from, int to, int player, uint32_t stamp, int *regions)
{
    const push_board *b = s->b;
    int norm, closed;
    *regions = -1;
    if (!s->comp_ready || !push_components_child(&s->comp, s->pos.occ, from, to, player, &closed, &norm))
        return push_reach(b, s->pos.occ, player, s->child_reach, stamp, s->queue);
    for (int i = 0; i < b->nboxes; i++)
        for (int d = 0; d < b->ndirs; d++) {
            int x = push_step(b, s->pos.box[i], d);
            if (x >= 0 && push_components_has(&s->comp, s->pos.occ, x)) s->child_reach[x] = stamp;
        }
    *regions = closed + 1;
    return norm;
}

/* A position reached by a push from `parent` (already applied to s->pos): the box of the
 * parent's slot `moved` went from `from` to `to`, and the player to `player`. */
static void add_child(push_search *s, uint32_t parent, int g, uint64_t box_hash, int player, int moved, int from,
                      int to)
{
    uint32_t stamp = next_stamp(s);
    int regions;
    int norm = child_region(s, from, to, player, stamp, &regions);
    uint64_t hash = box_hash ^ s->zplayer[norm];
    uint32_t id = push_table_find(&s->tt, hash, s->pos.box, norm);
    if (id) {
        push_node *nd = push_table_node(&s->tt, id);
        if (nd->h == PUSH_FAR || g >= nd->g) return;
        /* A shorter way here. A* must look again from here (the bound is admissible but not
         * always consistent); the anytime search just keeps the shorter path. */
        nd->g = (uint16_t)g;
        nd->parent = parent;
        if (s->cfg.optimal) {
            nd->closed = 0;
            if (push_queue_push(&s->open, priority(s, g, nd->h), id) != 0) s->out_of_memory = true;
        }
        return;
    }
    /* A position the backward search reached: the rest of the way is known. */
    uint32_t meet = s->cfg.meet ? push_meet_find(s->cfg.meet, hash, s->pos.box, norm) : 0;
    /* A learned dead set around the pushed box: lost, and remembered as such. */
    int h = meet ? 0
          : s->cfg.sets && push_deadsets_match(s->cfg.sets, &s->pos, to, norm) ? PUSH_FAR
          : child_bound(s, moved, to, stamp);
    id = push_table_add(&s->tt, hash, s->pos.box, norm);
    if (!id) {
        s->out_of_memory = true;
        return;
    }
    push_node *nd = push_table_node(&s->tt, id);
    nd->parent = parent;
    nd->g = (uint16_t)g;
    nd->h = (uint16_t)h;
    nd->moved = (uint16_t)to;
    if (h == PUSH_FAR) {          /* remembered, so the bound is not computed again */
        nd->closed = 1;
        return;
    }
    if (h == 0 && !s->cfg.optimal) {
        s->solution = id;
        s->meet_id = meet;
        return;
    }
    if (s->cfg.connectivity && regions < 0) regions = floor_regions(s, stamp);
    int penalty = s->cfg.connectivity ? s->cfg.connectivity * (regions - 1) : 0;
    if (push_queue_push(&s->open, priority(s, g, h + penalty), id) != 0) s->out_of_memory = true;
}


static void expand_marked(push_search *s, uint32_t id, int g, uint32_t stamp, uint64_t box_hash);

static void expand(push_search *s, uint32_t id)
{
    const push_board *b = s->b;
    rewind_stamps(s);
    push_node *nd = push_table_node(&s->tt, id);
    nd->closed = 1;
    int g = nd->g;
    push_pos_load(&s->pos, b, nd->box, nd->player);
    uint32_t stamp = next_stamp(s);
    push_reach(b, s->pos.occ, nd->player, s->reach, stamp, s->queue);
    uint64_t box_hash = boxes_hash(s, s->pos.box);
    /* Deadlock patterns are looked for here rather than when the node is made: the greedy
     * search takes only a fraction of the nodes it makes. */
    if (s->cfg.patterns && nd->moved != PUSH_NO_CELL &&
        push_pattern_dead(s->cfg.patterns, &s->pos, nd->moved, nd->player, s->nodes)) {
        nd->h = PUSH_FAR;
        return;
    }
    if (!find_frozen(s)) return;
    for (int m = 0; m < s->nfrozen; m++) s->parent_mark[s->frozen[m]] = 1;
    expand_marked(s, id, g, stamp, box_hash);
    for (int m = 0; m < s->nfrozen; m++) s->parent_mark[s->frozen[m]] = 0;
}

/* The matching of the node being expanded, kept for its children to start from. The greedy
 * search mostly takes a node close to the last one, so it starts from the kept matching
 * when only a few boxes differ: boxes still on their row's cell keep their row, the others
 * take the rows left over in their class, and only changed rows are solved again. */
static int rebase(push_search *s, uint32_t stamp)
{
    const push_board *b = s->b;
    int nb = b->nboxes, changed = 0;
    uint32_t player_stamp = s->cfg.opt.player_bound ? stamp : UINT32_MAX;
    const uint8_t *fixed = s->nfrozen ? s->parent_mark : NULL;
    bool same = s->have_base && s->base_dists == s->parent_dists && s->base_nfrozen == s->nfrozen &&
                memcmp(s->base_frozen, s->frozen, sizeof *s->frozen * (size_t)s->nfrozen) == 0;
    if (same) {
        for (int j = 0; j < nb; j++) s->slot_row[j] = -1;
        for (int r = 0; r < nb; r++) {
            int j = s->pos.occ[s->row_cell[r]];
            s->new_cell[r] = PUSH_NO_CELL;
            if (j != PUSH_NO_BOX && b->box_class[j] == b->box_class[r]) {
                s->slot_row[j] = r;
                s->new_cell[r] = s->row_cell[r];
            }
        }
        for (int j = 0; j < nb && changed <= REBASE_MOST; j++) {
            if (s->slot_row[j] >= 0) continue;
            int k = b->box_class[j], r = b->class_first[k];
            while (s->new_cell[r] != PUSH_NO_CELL) r++;
            s->slot_row[j] = r;
            s->new_cell[r] = s->pos.box[j];
            changed++;
        }
        if (changed <= REBASE_MOST) {
            int h = push_bound_child(b, &s->mat, s->new_cell, s->reach, player_stamp, s->parent_dists, fixed);
            push_bound_keep(&s->mat);
            memcpy(s->row_cell, s->new_cell, sizeof *s->row_cell * (size_t)nb);
            return h;
        }
    }
    int h = push_lower_bound(b, &s->mat, &s->pos, s->reach, player_stamp, s->parent_dists, fixed);
    push_bound_keep(&s->mat);
    memcpy(s->row_cell, s->pos.box, sizeof *s->row_cell * (size_t)nb);
    for (int j = 0; j < nb; j++) s->slot_row[j] = j;
    s->have_base = true;
    s->base_dists = s->parent_dists;
    s->base_nfrozen = s->nfrozen;
    memcpy(s->base_frozen, s->frozen, sizeof *s->frozen * (size_t)s->nfrozen);
    return h;
}

/* expand, with the node loaded and its frozen boxes marked in parent_mark. */
static void expand_marked(push_search *s, uint32_t id, int g, uint32_t stamp, uint64_t box_hash)
{
    const push_board *b = s->b;
    int npush = s->cfg.opt.corral ? push_corral_find(&s->corral, b, &s->pos, s->parent_mark, s->reach, stamp) : -1;
    if (npush == 0) return;                 /* a corral no push can enter: lost */
    /* A PI-corral: its fence alone, searched, may prove the position lost. */
    if (npush > 0 && s->cfg.patterns && s->cfg.opt.corral_dead &&
        push_pattern_corral_dead(s->cfg.patterns, &s->pos, s->corral.best_fence, s->corral.nbest_fence,
                                 push_table_node(&s->tt, id)->player, s->nodes)) {
        push_table_node(&s->tt, id)->h = PUSH_FAR;
        return;
    }
    s->parent_dists = &b->base;
    if (s->nfrozen > 0) {
        const push_dists *walled = push_fixed_get(&s->fixed, b, s->frozen, s->nfrozen);
        if (walled) s->parent_dists = walled;
    }
    /* The bound again, now with every box frozen on its goal walled up (the node's own bound
     * knew only the ones its push froze): no matching left means no child can be solved. */
    int h = rebase(s, stamp);
    if (h == PUSH_FAR) {
        push_table_node(&s->tt, id)->h = PUSH_FAR;
        return;
    }
    if (h < s->best_h) s->best = id, s->best_h = h;
    int all = b->nboxes * b->ndirs, pushes_left = 0;
    /* The node's components, labelled once, answer its children's regions without a flood
     * each; labelling the whole floor costs a few floods, so only when the children are many. */
    s->comp_ready = false;
    if (s->comp.square) {
        for (int m = 0; m < (npush > 0 ? npush : all) && pushes_left < LABEL_CHILDREN; m++) {
            int code = npush > 0 ? s->corral.push[m] : m, i = code / b->ndirs, d = code % b->ndirs;
            pushes_left += child_push(s, i, d, stamp);
        }
        if (pushes_left >= LABEL_CHILDREN) {
            push_components_find(&s->comp, s->pos.occ);
            s->comp_ready = true;
        }
    }
    for (int m = 0; m < (npush > 0 ? npush : all); m++) {
        int code = npush > 0 ? s->corral.push[m] : m, i = code / b->ndirs, d = code % b->ndirs;
        int c = s->pos.box[i], k = b->box_class[i];
        if (!child_push(s, i, d, stamp)) continue;
        int pushes, player, j = make_push(s, i, d, &pushes, &player), to = s->pos.box[j];
        bool lost = s->cfg.opt.freeze && push_freeze_deadlock(&s->frz, b, &s->pos, to);
        /* Boxes stay frozen, so the child's frozen set is the parent's plus the group the
         * push just froze (on goals, or it would be lost). */
        memcpy(s->child_frozen, s->frozen, sizeof *s->frozen * (size_t)s->nfrozen);
        s->nchild_frozen = s->nfrozen;
        if (!lost && s->cfg.opt.freeze && s->frz.nfrozen > 0)
            push_cells_merge(s->child_frozen, &s->nchild_frozen, s->frz.frozen, s->frz.nfrozen);
        if (!lost && g + pushes < PUSH_FAR)
            add_child(s, id, g + pushes, box_hash ^ s->zbox[k * b->n + c] ^ s->zbox[k * b->n + to], player,
                      s->slot_row[i], c, to);
        push_pos_move(&s->pos, b, j, c);
        if (s->solution || s->out_of_memory) return;
    }
}

static bool out_of_time(const push_search *s)
{
    const push_search_config *c = &s->cfg;
    if (c->cancel && *c->cancel) return true;
    if (c->max_nodes && s->nodes >= c->max_nodes) return true;
    return c->seconds > 0 && solve_clock() - c->t0 > c->seconds;
}

void push_search_run(push_search *s, int slice)
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
        s->bound = s->cfg.optimal ? nd->g + nd->h : nd->h;
        expand(s, id);
        /* A node limit is looked at after every expansion, the clock (a system call with the
         * CPU clock) only every CHECK_EVERY: the probes, with a limit, looked at it every time
         * (3% of XSokoban's solving time). */
        if ((s->cfg.max_nodes && s->nodes >= s->cfg.max_nodes) || (s->nodes % CHECK_EVERY == 0 && out_of_time(s))) {
            s->timed_out = true;
            return;
        }
    }
}

/* ===== the solution string ================================================================ */

/* Finds the push from the position in s->pos (player at *at) that leads to node `to`, and
 * writes it, one push at a time with the walks between. */
static bool write_step(push_search *s, const push_node *to, int *at, push_text *out)
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
            bool ok = true;
            for (int k = 0; k < count && ok; k++) {
                ok = push_write_push(&s->walker, &s->pos, at, c, dirs[k], out);
                c = push_step(b, c, dirs[k]);
            }
            free(dirs);
            return ok;
        }
    return false;
}

bool push_search_write_to(push_search *s, uint32_t node, push_text *t, int *at)
{
    uint32_t n = 0;
    for (uint32_t id = node; id; id = push_table_node(&s->tt, id)->parent) n++;
    uint32_t *path = malloc(sizeof *path * (n + 1));
    if (!path) return false;
    uint32_t k = n;
    for (uint32_t id = node; id; id = push_table_node(&s->tt, id)->parent) path[--k] = id;
    *at = s->b->start_player;
    push_pos_load(&s->pos, s->b, s->b->start_box, *at);
    bool ok = !t->failed;
    for (uint32_t i = 1; i < n && ok; i++) ok = write_step(s, push_table_node(&s->tt, path[i]), at, t);
    free(path);
    return ok;
}

bool push_search_write(push_search *s, solve_result *out)
{
    push_text t = { 0 };
    int at;
    if (!push_search_write_to(s, s->solution, &t, &at)) {
        push_text_free(&t);
        return false;
    }
    out->solution = t.s ? t.s : calloc(1, 1);
    out->moves = t.moves;
    out->pushes = t.pushes;
    return out->solution != NULL;
}

size_t push_search_bytes(const push_search *s) { return s->mem.used + s->fixed.bytes; }

/* ===== lifetime ========================================================================= */

void push_search_free(push_search *s)
{
    push_table_free(&s->tt);
    push_queue_free(&s->open);
    push_pos_free(&s->pos);
    push_freeze_free(&s->frz);
    push_matcher_free(&s->mat);
    push_corral_free(&s->corral);
    push_components_free(&s->comp);
    push_fixed_free(&s->fixed);
    push_walker_free(&s->walker);
    free(s->frozen), free(s->child_frozen), free(s->frozen_mark), free(s->parent_mark), free(s->row_cell);
    free(s->new_cell), free(s->slot_row), free(s->base_frozen);
    free(s->macro), free(s->reach), free(s->child_reach), free(s->macro_reach), free(s->queue), free(s->zbox);
    free(s->zplayer);
    memset(s, 0, sizeof *s);
}

bool push_search_init(push_search *s, const push_board *b, const push_search_config *cfg)
{
    memset(s, 0, sizeof *s);
    s->b = b;
    s->cfg = *cfg;
    s->use_rooms = cfg->rooms && b->nrooms > 0;
    s->max_boxes = b->nboxes;
    /* An eighth for the distances with frozen boxes as walls. */
    size_t walled = cfg->memory / 8;
    s->mem.limit = cfg->memory - walled;
    int n = b->n, nk = b->nclasses ? b->nclasses : 1;
    s->reach = calloc((size_t)n, sizeof *s->reach);
    s->child_reach = calloc((size_t)n, sizeof *s->child_reach);
    s->macro_reach = calloc((size_t)n, sizeof *s->macro_reach);
    s->queue = malloc(sizeof *s->queue * (size_t)n * 2);
    s->zbox = malloc(sizeof *s->zbox * (size_t)n * (size_t)nk);
    s->zplayer = malloc(sizeof *s->zplayer * (size_t)n);
    s->frozen = malloc(sizeof *s->frozen * (size_t)(b->nboxes + 1));
    s->child_frozen = malloc(sizeof *s->child_frozen * (size_t)(b->nboxes + 1));
    s->frozen_mark = calloc((size_t)n + 1, 1);
    s->parent_mark = calloc((size_t)n + 1, 1);
    s->row_cell = malloc(sizeof *s->row_cell * (size_t)(b->nboxes + 1));
    s->new_cell = malloc(sizeof *s->new_cell * (size_t)(b->nboxes + 1));
    s->slot_row = malloc(sizeof *s->slot_row * (size_t)(b->nboxes + 1));
    s->base_frozen = malloc(sizeof *s->base_frozen * (size_t)(b->nboxes + 1));
    s->macro = malloc((size_t)(n + b->max_room_path + 2));
    push_queue_init(&s->open, &s->mem, !cfg->optimal);
    if (!s->reach || !s->child_reach || !s->macro_reach || !s->queue || !s->zbox || !s->zplayer ||
        push_pos_init(&s->pos, b) != 0 || push_freeze_init(&s->frz, b) != 0 ||
        push_matcher_init(&s->mat, b->nboxes, b->ngoals) != 0 || push_corral_init(&s->corral, b) != 0 ||
        push_walker_init(&s->walker, b) != 0 || push_components_init(&s->comp, b) != 0 ||
        push_table_init(&s->tt, b->nboxes, cfg->max_nodes ? 1u << 12 : 1u << 16, &s->mem) != 0 || push_fixed_init(&s->fixed, b, walled) != 0 ||
        !s->frozen || !s->child_frozen || !s->frozen_mark || !s->parent_mark || !s->row_cell || !s->macro ||
        !s->new_cell || !s->slot_row || !s->base_frozen)
        return false;
    for (int k = 0; k < nk; k++)
        for (int c = 0; c < n; c++) s->zbox[k * n + c] = push_key_box(k, n, c);
    for (int c = 0; c < n; c++) s->zplayer[c] = push_key_player(c);
    return true;
}

void push_search_reset(push_search *s, const push_board *b)
{
    s->b = b;
    s->comp.b = b;                /* the same floor, other boxes */
    push_table_clear(&s->tt, b->nboxes);
    s->open.count = 0;
    push_matcher_resize(&s->mat, b->nboxes);
    s->have_base = false;
    s->nodes = 0;
    s->bound = 0;
    s->solution = 0;
    s->meet_id = 0;
    s->best = 0;
    s->best_h = PUSH_FAR;
    s->timed_out = s->out_of_memory = s->exhausted = false;
}


bool push_search_start(push_search *s)
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
    nd->moved = PUSH_NO_CELL;
    s->best = root, s->best_h = h;
    if (h == 0) s->solution = root;
    else if (push_queue_push(&s->open, priority(s, 0, h), root) != 0) s->out_of_memory = true;
    return true;
}

