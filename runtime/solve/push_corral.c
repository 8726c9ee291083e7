/* push_corral.c: PI-corral pruning. A corral is floor the player cannot reach, fenced by boxes.
 * When every possible push of a fence box goes into the corral (I) and the player can make all
 * of those pushes now (P), and the corral is not finished (a fence box off its goal, or an
 * empty goal inside when every goal must be filled), then some
 * push into it is needed sooner or later, and making it now loses no solution: the search
 * may try only those pushes. A PI-corral with no push at all is a deadlock. Corrals whose
 * fence can be pushed into a neighbouring corral are merged with it and tried again, and boxes
 * that block a fence push (but might move away) join the fence. */
#include "solve/push_board.h"

#include <stdlib.h>
#include <string.h>

int push_corral_init(push_corral *k, const push_board *b)
{
    memset(k, 0, sizeof *k);
    int n = b->n;
    k->region = malloc(sizeof *k->region * (size_t)n);
    k->cells = malloc(sizeof *k->cells * (size_t)n);
    k->first = malloc(sizeof *k->first * (size_t)(n + 1));
    k->next_to = malloc(sizeof *k->next_to * ((size_t)n * (size_t)b->ndirs + 1));
    k->next_first = malloc(sizeof *k->next_first * (size_t)(n + 1));
    k->goal_inside = malloc((size_t)n + 1);
    k->next_mark = calloc((size_t)b->nboxes + 1, sizeof *k->next_mark);
    k->in_set = calloc((size_t)n + 1, 1);
    k->doomed = calloc((size_t)n + 1, 1);
    k->set = malloc(sizeof *k->set * (size_t)(n + 1));
    k->seen = calloc((size_t)b->nboxes + 1, sizeof *k->seen);
    k->fence = malloc(sizeof *k->fence * (size_t)(b->nboxes + 1));
    k->extra = malloc(sizeof *k->extra * (size_t)(b->nboxes + 1));
    k->extra_mark = calloc((size_t)b->nboxes + 1, sizeof *k->extra_mark);
    k->push = malloc(sizeof *k->push * (size_t)(b->nboxes * b->ndirs + 1));
    k->try_push = malloc(sizeof *k->try_push * (size_t)(b->nboxes * b->ndirs + 1));
    k->best_fence = malloc(sizeof *k->best_fence * (size_t)(b->nboxes + 1));
    if (!k->next_to || !k->next_first || !k->goal_inside || !k->next_mark ||
        !k->best_fence || !k->region || !k->cells || !k->first || !k->in_set || !k->doomed || !k->set || !k->seen || !k->fence || !k->extra || !k->extra_mark || !k->push || !k->try_push) {
        push_corral_free(k);
        return -1;
    }
    return 0;
}

void push_corral_free(push_corral *k)
{
    free(k->region), free(k->cells), free(k->first), free(k->in_set), free(k->doomed), free(k->set);
    free(k->seen), free(k->fence), free(k->extra), free(k->extra_mark), free(k->push), free(k->try_push);
    free(k->best_fence), free(k->next_to), free(k->next_first), free(k->goal_inside), free(k->next_mark);
    memset(k, 0, sizeof *k);
}

/* A fresh stamp for marks (per box slot, nboxes + 1 of them); all marks cleared when it wraps. */
static uint32_t next_stamp(uint32_t *stamp, uint32_t *marks, int nboxes)
{
    if (++*stamp == 0) {
        memset(marks, 0, sizeof *marks * ((size_t)nboxes + 1));
        *stamp = 1;
    }
    return *stamp;
}

/* Regions: connected empty floor the player cannot reach, cells listed region by region; and
 * for each, the boxes next to it and whether it holds a goal. A corral is a set of regions, and
 * a region is checked again in every corral that takes it in: its neighbours are listed once
 * here, not looked up cell by cell each time (that was 40% of a search's time on XSokoban's
 * larger levels). */
static int find_regions(push_corral *k, const push_board *b, const push_pos *p, const uint8_t *fixed,
                        const uint32_t *reach, uint32_t stamp)
{
    int n = b->n, nd = b->ndirs, count = 0, nregions = 0, listed = 0;
    for (int c = 0; c < n; c++) k->region[c] = -1;
    for (int c0 = 0; c0 < n; c0++) {
        if (k->region[c0] >= 0 || reach[c0] == stamp || p->occ[c0] != PUSH_NO_BOX) continue;
        uint32_t mark = next_stamp(&k->next_stamp, k->next_mark, b->nboxes);
        k->first[nregions] = count;
        k->next_first[nregions] = listed;
        k->goal_inside[nregions] = 0;
        k->region[c0] = nregions;
        k->cells[count++] = c0;
        for (int i = k->first[nregions]; i < count; i++) {
            int c = k->cells[i];
            if (b->goal_at[c] >= 0) k->goal_inside[nregions] = 1;
            for (int d = 0; d < nd; d++) {
                int m = push_step(b, c, d);
                if (m < 0 || k->region[m] >= 0 || reach[m] == stamp) continue;
                if (p->occ[m] == PUSH_NO_BOX) {
                    k->region[m] = nregions;
                    k->cells[count++] = m;
                } else if (k->next_mark[p->occ[m]] != mark && !(fixed && fixed[m])) {
                    k->next_mark[p->occ[m]] = mark;
                    k->next_to[listed++] = m;
                }
            }
        }
        nregions++;
    }
    k->first[nregions] = count;
    k->next_first[nregions] = listed;
    return nregions;
}

enum { TRY_FAILED = -1, TRY_MERGED = -2, TRY_FINISHED = -3 };

static void add_region(push_corral *k, int r, int *nset)
{
    if (k->in_set[r]) return;
    k->in_set[r] = 1;
    k->set[(*nset)++] = r;
}

static inline bool in_set(const push_corral *k, int c) { return k->region[c] >= 0 && k->in_set[k->region[c]]; }

/* A box outside the fence blocks a fence push now but might move away: take it into the fence,
 * where it must itself be unable to move while the fence stands. */
static void add_box(push_corral *k, const push_pos *p, int c)
{
    int slot = p->occ[c];
    if (k->extra_mark[slot] == k->extra_stamp) return;
    k->extra_mark[slot] = k->extra_stamp;
    k->extra[k->nextra++] = c;
}

/* Checks the corral made of the regions in the set, fenced by the boxes next to it and the
 * extra boxes. While the fence stands, the rest of the board cannot touch the corral, but
 * boxes outside the fence may move, so "cannot be pushed" must hold whatever they do: only
 * walls and fence boxes count as blocking. Returns TRY_FAILED, TRY_MERGED (regions or boxes
 * were added: check again), TRY_FINISHED (every fence box is on a goal and no goal inside must
 * be filled: nothing forces a push into it), else the number of pushes into it, in try_push.
 * Boxes on fixed cells never move: they count as walls. */
static int try_set(push_corral *k, const push_board *b, const push_pos *p, const uint8_t *fixed,
                   const uint32_t *reach, uint32_t stamp, int *nset)
{
    int nd = b->ndirs, npush = 0, nfence = 0, before = *nset, extra_before = k->nextra;
    bool unfinished = false, failed = false;
    for (int s = 0; s < before; s++)
        if (k->doomed[k->set[s]]) return TRY_FAILED;
    uint32_t fence = next_stamp(&k->seen_stamp, k->seen, b->nboxes);
    bool every_goal = b->nboxes == b->ngoals;     /* then an empty goal must be filled */
    for (int s = 0; s < before; s++) {
        int r = k->set[s];
        if (every_goal && k->goal_inside[r]) unfinished = true;
        for (int i = k->next_first[r]; i < k->next_first[r + 1]; i++) {
            int x = k->next_to[i];
            if (k->seen[p->occ[x]] == fence) continue;
            k->seen[p->occ[x]] = fence;
            k->fence[nfence++] = x;
        }
    }
    int next_to_corral = nfence;
    for (int i = 0; i < extra_before; i++) {
        int x = k->extra[i];
        if (k->seen[p->occ[x]] == fence) continue;
        k->seen[p->occ[x]] = fence;
        k->fence[nfence++] = x;
    }
    for (int f = 0; f < nfence && !failed; f++) {
        int x = k->fence[f], cls = b->box_class[p->occ[x]];
        if (!push_on_goal(b, cls, x)) unfinished = true;
        for (int d = 0; d < nd && !failed; d++) {
            int to = push_step(b, x, d), behind = push_step(b, x, b->opp[d]);
            if (to < 0 || behind < 0 || (fixed && (fixed[to] || fixed[behind]))) continue;   /* a wall */
            bool to_box = p->occ[to] != PUSH_NO_BOX, behind_box = p->occ[behind] != PUSH_NO_BOX;
            if ((to_box && k->seen[p->occ[to]] == fence) || (behind_box && k->seen[p->occ[behind]] == fence))
                continue;                                             /* a fence box: not while it stands */
            if (!to_box && in_set(k, to)) {
                /* P: every push into the corral can be made now, or never while the fence stands. */
                if (behind_box) add_box(k, p, behind);
                else if (reach[behind] == stamp) {
                    if (!b->dead[cls * b->n + to]) k->try_push[npush++] = (int32_t)(p->occ[x] * nd + d);
                } else if (!in_set(k, behind)) add_region(k, k->region[behind], nset);
                continue;
            }
            /* I: a push out of the corral must be impossible, or hopeless (onto a dead square). */
            if (b->dead[cls * b->n + to] || (!behind_box && in_set(k, behind))) continue;
            if (!to_box && reach[to] != stamp) add_region(k, k->region[to], nset);
            else if (!behind_box && reach[behind] != stamp) add_region(k, k->region[behind], nset);
            else if (to_box) add_box(k, p, to);
            else if (behind_box) add_box(k, p, behind);
            else failed = true;                                       /* out to the player: now */
        }
        /* A box next to the corral that the player can push out now sinks every corral that
         * holds a region next to it. */
        if (failed && f < next_to_corral)
            for (int e = 0; e < nd; e++) {
                int c = push_step(b, x, e);
                if (c >= 0 && k->region[c] >= 0) k->doomed[k->region[c]] = 1;
            }
    }
    k->nfence = nfence;
    if (failed) return TRY_FAILED;
    if (*nset != before || k->nextra != extra_before) return TRY_MERGED;
    return unfinished ? npush : TRY_FINISHED;
}

int push_corral_find(push_corral *k, const push_board *b, const push_pos *p, const uint8_t *fixed,
                     const uint32_t *reach, uint32_t stamp)
{
    int nregions = find_regions(k, b, p, fixed, reach, stamp), best = -1;
    memset(k->doomed, 0, (size_t)nregions);
    for (int r0 = 0; r0 < nregions; r0++) {
        if (k->doomed[r0]) continue;
        int nset = 0, rc;
        k->nextra = 0;
        next_stamp(&k->extra_stamp, k->extra_mark, b->nboxes);
        add_region(k, r0, &nset);
        while ((rc = try_set(k, b, p, fixed, reach, stamp, &nset)) == TRY_MERGED) {}
        for (int s = 0; s < nset; s++) k->in_set[k->set[s]] = 0;
        if (rc < 0 || (best >= 0 && rc >= best)) continue;
        best = rc;
        memcpy(k->push, k->try_push, sizeof *k->push * (size_t)rc);
        memcpy(k->best_fence, k->fence, sizeof *k->fence * (size_t)k->nfence);
        k->nbest_fence = k->nfence;
        if (best == 0) break;          /* deadlock: nothing better to find */
    }
    return best;
}
