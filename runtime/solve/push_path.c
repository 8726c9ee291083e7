/* push_path.c: the player's walks between pushes, and box relocations turned back into pushes
 * (see push_path.h). */
#include "solve/push_path.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* ===== text ============================================================================== */

void push_text_put(push_text *t, char c)
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
    t->moves++;
    if (isupper((unsigned char)c)) t->pushes++;
}

void push_text_free(push_text *t)
{
    free(t->s);
    memset(t, 0, sizeof *t);
}

/* ===== walks ============================================================================= */

int push_walker_init(push_walker *w, const push_board *b)
{
    memset(w, 0, sizeof *w);
    w->b = b;
    w->queue = malloc(sizeof *w->queue * ((size_t)b->n + 1));
    w->prev = malloc(sizeof *w->prev * ((size_t)b->n + 1));
    w->mark = calloc((size_t)b->n + 1, sizeof *w->mark);
    if (!w->queue || !w->prev || !w->mark) {
        push_walker_free(w);
        return -1;
    }
    return 0;
}

void push_walker_free(push_walker *w)
{
    free(w->queue), free(w->prev), free(w->mark);
    free(w->state_box), free(w->state_player), free(w->state_parent), free(w->state_dir), free(w->seen);
    memset(w, 0, sizeof *w);
}

static uint32_t next_stamp(push_walker *w)
{
    if (++w->stamp == 0) {
        memset(w->mark, 0, sizeof *w->mark * (size_t)w->b->n);
        w->stamp = 1;
    }
    return w->stamp;
}

int push_walker_region(push_walker *w, const uint8_t *occ, int from)
{
    return push_reach(w->b, occ, from, w->mark, next_stamp(w), w->queue);
}

bool push_walk(push_walker *w, const uint8_t *occ, int from, int to, push_text *out)
{
    const push_board *b = w->b;
    if (from == to) return true;
    uint32_t stamp = next_stamp(w);
    int head = 0, tail = 0;
    w->mark[from] = stamp;
    w->queue[tail++] = from;
    while (head < tail && w->mark[to] != stamp) {
        int c = w->queue[head++];
        for (int d = 0; d < b->ndirs; d++) {
            int m = push_step(b, c, d);
            if (m < 0 || w->mark[m] == stamp || occ[m] != PUSH_NO_BOX) continue;
            w->mark[m] = stamp;
            w->prev[m] = d;
            w->queue[tail++] = m;
        }
    }
    if (w->mark[to] != stamp) return false;
    int len = 0;
    for (int c = to; c != from; c = push_step(b, c, b->opp[w->prev[c]])) len++;
    size_t start = out->len;
    for (int i = 0; i < len; i++) push_text_put(out, '?');
    if (out->failed) return false;
    for (int c = to, i = len - 1; c != from; c = push_step(b, c, b->opp[w->prev[c]]), i--)
        out->s[start + (size_t)i] = push_dir_letter(b, w->prev[c]);
    return true;
}

bool push_write_push(push_walker *w, push_pos *p, int *player, int cell, int d, push_text *out)
{
    const push_board *b = w->b;
    int behind = push_step(b, cell, b->opp[d]), to = push_step(b, cell, d);
    int slot = p->occ[cell];
    if (behind < 0 || to < 0 || slot == PUSH_NO_BOX || p->occ[to] != PUSH_NO_BOX) return false;
    if (!push_walk(w, p->occ, *player, behind, out)) return false;
    push_text_put(out, (char)toupper((unsigned char)push_dir_letter(b, d)));
    push_pos_move(p, b, slot, to);
    *player = cell;
    return !out->failed;
}

/* ===== relocations ======================================================================= */

static bool grow_states(push_walker *w)
{
    int cap = w->cap ? w->cap * 2 : 1024;
    int32_t *box = realloc(w->state_box, sizeof *box * (size_t)cap);
    if (box) w->state_box = box;
    int32_t *player = realloc(w->state_player, sizeof *player * (size_t)cap);
    if (player) w->state_player = player;
    int32_t *parent = realloc(w->state_parent, sizeof *parent * (size_t)cap);
    if (parent) w->state_parent = parent;
    int8_t *dir = realloc(w->state_dir, (size_t)cap);
    if (dir) w->state_dir = dir;
    if (!box || !player || !parent || !dir) return false;
    uint32_t slots = (uint32_t)cap * 2;
    int32_t *seen = malloc(sizeof *seen * slots);
    if (!seen) return false;
    free(w->seen);
    w->seen = seen;
    w->seen_mask = slots - 1;
    w->cap = cap;
    return true;
}

static uint32_t state_hash(int box, int player)
{
    uint64_t x = (uint64_t)(uint32_t)box << 32 | (uint32_t)player;
    x *= 0x9e3779b97f4a7c15u;
    return (uint32_t)(x >> 32);
}

/* The index of state (box, player), added when new (*added); -1 out of memory. */
static int find_state(push_walker *w, int box, int player, bool *added)
{
    *added = false;
    if (w->nstates + 1 >= w->cap) {
        if (!grow_states(w)) return -1;
        memset(w->seen, 0xFF, sizeof *w->seen * ((size_t)w->seen_mask + 1));
        for (int i = 0; i < w->nstates; i++) {
            uint32_t k = state_hash(w->state_box[i], w->state_player[i]) & w->seen_mask;
            while (w->seen[k] >= 0) k = (k + 1) & w->seen_mask;
            w->seen[k] = i;
        }
    }
    uint32_t k = state_hash(box, player) & w->seen_mask;
    for (; w->seen[k] >= 0; k = (k + 1) & w->seen_mask)
        if (w->state_box[w->seen[k]] == box && w->state_player[w->seen[k]] == player) return w->seen[k];
    int i = w->nstates++;
    w->seen[k] = i;
    w->state_box[i] = box;
    w->state_player[i] = player;
    *added = true;
    return i;
}

int push_relocation(push_walker *w, uint8_t *occ, int from, int player, int to, int side, int8_t *dirs, int most)
{
    const push_board *b = w->b;
    uint8_t slot = occ[from];
    w->nstates = 0;
    if (w->cap == 0 && !grow_states(w)) return -1;
    memset(w->seen, 0xFF, sizeof *w->seen * ((size_t)w->seen_mask + 1));
    occ[from] = PUSH_NO_BOX;
    occ[to] = slot;
    int goal_player = push_walker_region(w, occ, side);
    occ[to] = PUSH_NO_BOX;
    occ[from] = slot;
    int start = push_walker_region(w, occ, player);
    occ[from] = PUSH_NO_BOX;
    bool added;
    int found = -1, first = find_state(w, from, start, &added);
    if (first < 0) return -1;
    w->state_parent[first] = -1;
    w->state_dir[first] = -1;
    for (int head = 0; head < w->nstates && found < 0; head++) {
        int x = w->state_box[head];
        if (x == to && w->state_player[head] == goal_player) {
            found = head;
            break;
        }
        occ[x] = slot;
        uint32_t stamp = next_stamp(w);
        push_reach(b, occ, w->state_player[head], w->mark, stamp, w->queue);
        /* The marks are overwritten by the regions of the children: keep which sides the
         * player reaches first. */
        bool can[GRID_MAX_DIRS];
        for (int d = 0; d < b->ndirs; d++) {
            int behind = push_step(b, x, b->opp[d]), next = push_step(b, x, d);
            can[d] = behind >= 0 && w->mark[behind] == stamp && next >= 0 && occ[next] == PUSH_NO_BOX;
        }
        occ[x] = PUSH_NO_BOX;
        for (int d = 0; d < b->ndirs; d++) {
            if (!can[d]) continue;
            int next = push_step(b, x, d);
            occ[next] = slot;
            int region = push_walker_region(w, occ, x);
            occ[next] = PUSH_NO_BOX;
            int i = find_state(w, next, region, &added);
            if (i < 0) {
                occ[from] = slot;
                return -1;
            }
            if (!added) continue;
            w->state_parent[i] = head;
            w->state_dir[i] = (int8_t)d;
        }
    }
    occ[from] = slot;
    if (found < 0) return -1;
    int len = 0;
    for (int i = found; w->state_parent[i] >= 0; i = w->state_parent[i]) len++;
    if (len > most) return -1;
    for (int i = found, k = len; w->state_parent[i] >= 0; i = w->state_parent[i]) dirs[--k] = w->state_dir[i];
    return len;
}
