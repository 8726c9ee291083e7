/* push_pack.c: the packer (see push_pack.h). Nodes are positions after a push, the player
 * normalised to the smallest cell of its region; a node's priority is its score (below), then
 * its pushes, smallest first. Pushes onto dead squares or into a freeze deadlock are not made. */
#include "solve/push_pack.h"

#include <stdlib.h>
#include <string.h>

#include "solve/push_table.h"

typedef struct pack_node {
    uint32_t parent;              /* index + 1, 0 at the start */
    uint16_t from, to;            /* the push that made it: a box from -> to */
    uint16_t g, norm;
} pack_node;

struct push_pack {
    const push_board *b;
    int nb;
    push_budget mem;
    push_queue open;
    pack_node *node;
    uint16_t *boxes;              /* count * nb */
    uint64_t *hash;
    uint32_t count, cap;
    uint32_t *slot, mask;         /* open addressing: node index + 1, 0 empty */
    push_pos pos;
    push_freeze frz;
    uint32_t *reach, stamp;
    uint32_t *creach, cstamp;     /* a child's region */
    int32_t *queue;               /* 2n */
    int32_t *cost;                /* n: boxes the player must get past to stand on c */
    uint64_t *zbox, *zplayer;
    push_pack_step *steps;
    int steps_cap;
    uint16_t *path_from, *path_to;
    uint64_t nodes;
};

/* The next stamp of a region array of n cells (cleared when the stamps wrap). */
static inline uint32_t next_stamp(uint32_t *reach, uint32_t *stamp, int n)
{
    if (++*stamp == 0) {
        memset(reach, 0, sizeof *reach * (size_t)n);
        *stamp = 1;
    }
    return *stamp;
}

push_pack *push_pack_new(const push_board *b, size_t memory)
{
    push_pack *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    int n = b->n, nk = b->nclasses ? b->nclasses : 1;
    p->b = b;
    p->nb = b->nboxes;
    p->mem.limit = memory;
    push_queue_init(&p->open, &p->mem, true);
    p->reach = calloc((size_t)n + 1, sizeof *p->reach);
    p->creach = calloc((size_t)n + 1, sizeof *p->creach);
    p->queue = malloc(sizeof *p->queue * (2 * (size_t)n + 2));
    p->cost = malloc(sizeof *p->cost * ((size_t)n + 1));
    p->zbox = malloc(sizeof *p->zbox * (size_t)n * (size_t)nk);
    p->zplayer = malloc(sizeof *p->zplayer * ((size_t)n + 1));
    p->mask = (1u << 16) - 1;
    p->slot = calloc((size_t)p->mask + 1, sizeof *p->slot);
    if (!p->reach || !p->creach || !p->queue || !p->cost || !p->zbox || !p->zplayer || !p->slot || push_pos_init(&p->pos, b) != 0 ||
        push_freeze_init(&p->frz, b) != 0) {
        push_pack_free(p);
        return NULL;
    }
    for (int k = 0; k < nk; k++)
        for (int c = 0; c < n; c++) p->zbox[k * n + c] = push_key_box(k, n, c);
    for (int c = 0; c < n; c++) p->zplayer[c] = push_key_player(c);
    return p;
}

void push_pack_free(push_pack *p)
{
    if (!p) return;
    push_queue_free(&p->open);
    free(p->node), free(p->boxes), free(p->hash), free(p->slot);
    free(p->reach), free(p->creach), free(p->queue), free(p->cost), free(p->zbox), free(p->zplayer);
    free(p->steps), free(p->path_from), free(p->path_to);
    push_pos_free(&p->pos);
    push_freeze_free(&p->frz);
    free(p);
}

uint64_t push_pack_nodes(const push_pack *p) { return p ? p->nodes : 0; }
size_t push_pack_bytes(const push_pack *p)
{
    return p ? p->mem.used + sizeof *p->slot * ((size_t)p->mask + 1) : 0;
}

/* The node holding the position in p->pos with the player normalised to norm, or 0. */
static uint32_t find(const push_pack *p, uint64_t h, int norm)
{
    for (uint32_t i = (uint32_t)h & p->mask; p->slot[i]; i = (i + 1) & p->mask) {
        uint32_t id = p->slot[i];
        if (p->hash[id - 1] == h && p->node[id - 1].norm == norm &&
            !memcmp(p->boxes + (size_t)(id - 1) * (size_t)p->nb, p->pos.box, sizeof *p->pos.box * (size_t)p->nb))
            return id;
    }
    return 0;
}

/* Stores the position in p->pos as a new node; 0 when the memory is used up. */
static uint32_t add(push_pack *p, uint64_t h, int norm, uint32_t parent, int from, int to, int g)
{
    if (p->count == p->cap) {
        uint32_t cap = p->cap ? p->cap * 2 : 4096;
        size_t more = (size_t)(cap - p->cap) * (sizeof *p->node + sizeof *p->hash + sizeof *p->boxes * (size_t)p->nb);
        if (p->mem.used + more > p->mem.limit) return 0;
        pack_node *nn = realloc(p->node, sizeof *nn * cap);
        if (nn) p->node = nn;
        uint64_t *hh = realloc(p->hash, sizeof *hh * cap);
        if (hh) p->hash = hh;
        uint16_t *bb = realloc(p->boxes, sizeof *bb * (size_t)cap * (size_t)p->nb);
        if (bb) p->boxes = bb;
        if (!nn || !hh || !bb) return 0;
        p->mem.used += more;
        p->cap = cap;
    }
    if ((p->count + 1) * 2 > p->mask + 1) {      /* keep the table at most half full */
        uint32_t mask = p->mask * 2 + 1;
        uint32_t *slot = calloc((size_t)mask + 1, sizeof *slot);
        if (!slot) return 0;
        for (uint32_t id = 1; id <= p->count; id++) {
            uint32_t i = (uint32_t)p->hash[id - 1] & mask;
            while (slot[i]) i = (i + 1) & mask;
            slot[i] = id;
        }
        free(p->slot);
        p->slot = slot, p->mask = mask;
    }
    uint32_t id = ++p->count;
    pack_node *nd = &p->node[id - 1];
    nd->parent = parent, nd->from = (uint16_t)from, nd->to = (uint16_t)to;
    nd->g = (uint16_t)(g < 0xFFFF ? g : 0xFFFF), nd->norm = (uint16_t)norm;
    p->hash[id - 1] = h;
    memcpy(p->boxes + (size_t)(id - 1) * (size_t)p->nb, p->pos.box, sizeof *p->pos.box * (size_t)p->nb);
    uint32_t i = (uint32_t)h & p->mask;
    while (p->slot[i]) i = (i + 1) & p->mask;
    p->slot[i] = id;
    return id;
}

static uint64_t hash_of(const push_pack *p, int norm)
{
    const push_board *b = p->b;
    uint64_t h = p->zplayer[norm];
    for (int i = 0; i < p->nb; i++) h ^= p->zbox[b->box_class[i] * b->n + p->pos.box[i]];
    return h;
}

/* The score of the position in p->pos with the player on `player`: for the box that is
 * cheapest to bring to goal g, its pushes there (alone on the board) twice, plus three for each
 * box the player must get past to stand behind it. PUSH_FAR when no box can get there. */
static int score(push_pack *p, int player, const uint8_t *fixed, int g)
{
    const push_board *b = p->b;
    int n = b->n, nd = b->ndirs;
    /* Level by level in the boxes passed: a step onto a free cell costs nothing, onto a box
     * (to be moved out of the way) one. cur holds the cells of this level, next those of the
     * next; a cell is put in each at most once. */
    for (int c = 0; c < n; c++) p->cost[c] = -1;
    int32_t *cur = p->queue, *next = p->queue + n;
    int ncur = 0, nnext = 0;
    cur[ncur++] = player;
    p->cost[player] = 0;
    for (int depth = 0; ncur > 0; depth++) {
        for (int q = 0; q < ncur; q++) {
            int c = cur[q];
            for (int d = 0; d < nd; d++) {
                int y = push_step(b, c, d);
                if (y < 0) continue;
                bool boxed = p->pos.occ[y] != PUSH_NO_BOX;
                if (boxed && fixed && fixed[y]) continue;
                int w = depth + (boxed ? 1 : 0);
                if (p->cost[y] >= 0 && p->cost[y] <= w) continue;
                p->cost[y] = w;
                if (boxed) next[nnext++] = y;
                else cur[ncur++] = y;
            }
        }
        ncur = 0;
        for (int q = 0; q < nnext; q++)
            if (p->cost[next[q]] == depth + 1) cur[ncur++] = next[q];
        nnext = 0;
    }
    int top = PUSH_FAR;
    for (int i = 0; i < p->nb; i++) {
        int c = p->pos.box[i];
        if (fixed && fixed[c]) continue;
        if (b->nclasses && !push_accepts(b, b->box_class[i], g)) continue;
        for (int d = 0; d < nd; d++) {
            int side = push_step(b, c, d);
            if (side < 0 || p->cost[side] < 0) continue;
            int pushes = b->base.dist[((size_t)g * (size_t)n + (size_t)c) * (size_t)nd + (size_t)d];
            if (pushes == PUSH_FAR) continue;
            int s = 2 * pushes + 3 * p->cost[side];
            if (s < top) top = s;
        }
    }
    return top;
}

/* The steps from the start to node id into p->steps; their number (-1 out of memory). */
static int write_steps(push_pack *p, uint32_t id)
{
    int len = 0;
    for (uint32_t a = id; p->node[a - 1].parent; a = p->node[a - 1].parent) len++;
    uint16_t *from = realloc(p->path_from, sizeof *from * ((size_t)len + 1));
    if (from) p->path_from = from;
    uint16_t *to = realloc(p->path_to, sizeof *to * ((size_t)len + 1));
    if (to) p->path_to = to;
    if (!from || !to) return -1;
    int k = len;
    for (uint32_t a = id; p->node[a - 1].parent; a = p->node[a - 1].parent) {
        k--;
        from[k] = p->node[a - 1].from, to[k] = p->node[a - 1].to;
    }
    if (p->steps_cap < len + 1) {
        push_pack_step *s = realloc(p->steps, sizeof *s * ((size_t)len + 1));
        if (!s) return -1;
        p->steps = s, p->steps_cap = len + 1;
    }
    int count = 0;
    for (int i = 0; i < len; i++) {
        if (count > 0 && p->steps[count - 1].to == from[i]) {
            p->steps[count - 1].to = to[i];
            p->steps[count - 1].side = from[i];
            p->steps[count - 1].pushes++;
        } else {
            push_pack_step *s = &p->steps[count++];
            s->from = from[i], s->to = to[i], s->side = from[i], s->pushes = 1;
        }
    }
    return count;
}

int push_pack_run(push_pack *p, const uint16_t *box, int player, const uint8_t *fixed, int g, uint64_t nodes,
                  push_pack_accept accept, void *ud, const push_pack_step **steps)
{
    const push_board *b = p->b;
    int n = b->n, nd = b->ndirs, goal = b->goal[g];
    *steps = NULL;
    if (b->goal_at[goal] < 0 || !b->base.dist) return 0;
    /* Forget the last run. */
    p->count = 0;
    memset(p->slot, 0, sizeof *p->slot * ((size_t)p->mask + 1));
    p->open.count = 0;
    push_pos_load(&p->pos, b, box, player);
    if (p->pos.occ[goal] != PUSH_NO_BOX) return 0;
    uint32_t st = next_stamp(p->reach, &p->stamp, n);
    int norm = push_reach(b, p->pos.occ, player, p->reach, st, p->queue);
    int s0 = score(p, player, fixed, g);
    if (s0 == PUSH_FAR) return 0;
    uint32_t start = add(p, hash_of(p, norm), norm, 0, 0, 0, 0);
    if (!start || push_queue_push(&p->open, (uint32_t)s0 << 12, start) != 0) return 0;
    uint64_t done = 0;
    while (done < nodes) {
        uint32_t prio;
        uint32_t id = push_queue_pop(&p->open, &prio);
        if (!id) return 0;
        done++;
        p->nodes++;
        pack_node cur = p->node[id - 1];
        push_pos_load(&p->pos, b, p->boxes + (size_t)(id - 1) * (size_t)p->nb, cur.norm);
        uint32_t stamp = next_stamp(p->reach, &p->stamp, n);
        push_reach(b, p->pos.occ, cur.norm, p->reach, stamp, p->queue);
        for (int i = 0; i < p->nb; i++) {
            int c = p->pos.box[i], k = b->box_class[i];
            if (fixed && fixed[c]) continue;
            for (int d = 0; d < nd; d++) {
                int behind = push_step(b, c, b->opp[d]), to = push_step(b, c, d);
                if (behind < 0 || to < 0 || p->reach[behind] != stamp) continue;
                if (p->pos.occ[to] != PUSH_NO_BOX || b->dead[(size_t)k * (size_t)n + (size_t)to]) continue;
                int j = push_pos_move(&p->pos, b, i, to);
                bool ok = !push_freeze_deadlock(&p->frz, b, &p->pos, to);
                bool fills = ok && to == goal && (!b->nclasses || push_accepts(b, k, g));
                if (fills && accept && !accept(ud, p->pos.box, c, to)) {
                    ok = false;                   /* filled, but not to be kept: look on */
                } else if (fills) {
                    /* Filled: the way here, the last push included. */
                    uint32_t s2 = next_stamp(p->creach, &p->cstamp, n);
                    int norm2 = push_reach(b, p->pos.occ, c, p->creach, s2, p->queue);
                    uint32_t last = add(p, hash_of(p, norm2), norm2, id, c, to, cur.g + 1);
                    push_pos_move(&p->pos, b, j, c);
                    if (!last) return 0;
                    int count = write_steps(p, last);
                    if (count <= 0) return 0;
                    *steps = p->steps;
                    return count;
                }
                if (ok) {
                    uint32_t s2 = next_stamp(p->creach, &p->cstamp, n);
                    int norm2 = push_reach(b, p->pos.occ, c, p->creach, s2, p->queue);
                    uint64_t h = hash_of(p, norm2);
                    if (!find(p, h, norm2)) {
                        int s = score(p, c, fixed, g);
                        if (s != PUSH_FAR) {
                            uint32_t child = add(p, h, norm2, id, c, to, cur.g + 1);
                            if (!child) {
                                push_pos_move(&p->pos, b, j, c);
                                return 0;
                            }
                            uint32_t pr = (uint32_t)(s < 0xFFFFF ? s : 0xFFFFF) << 12 | (uint32_t)(cur.g + 1 < 0xFFF ? cur.g + 1 : 0xFFF);
                            if (push_queue_push(&p->open, pr, child) != 0) {
                                push_pos_move(&p->pos, b, j, c);
                                return 0;
                            }
                        }
                    }
                }
                push_pos_move(&p->pos, b, j, c);
            }
        }
    }
    return 0;
}
