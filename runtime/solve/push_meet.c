/* push_meet.c: the backward search (see push_meet.h). A position's pulls are found per box
 * with one breadth-first search over (cell, side label) pairs on the board with the other boxes
 * walled up, as the forward relocations are; its priority is how far its boxes stand, in
 * pushes, from the nearest cell a box starts on. */
#include "solve/push_meet.h"

#include <stdlib.h>
#include <string.h>

#include "solve/push_table.h"

enum { NO_CELL = 0xFFFF };

typedef struct meet_info {
    uint16_t from, to;            /* the pull that made the position: a box from -> to */
} meet_info;

struct push_meet {
    const push_board *b;
    const push_plan *plan;
    push_budget mem;
    push_table tt;
    push_queue open;
    meet_info *info;
    uint32_t info_cap;
    push_pos pos;
    uint32_t *reach, stamp;
    int32_t *queue;
    uint8_t *wall;                /* n: the other boxes, while one box's pulls are found */
    int32_t *side;                /* n * ndirs */
    uint32_t *seen, seen_stamp;   /* n * ndirs */
    int32_t *bfs;                 /* n * ndirs */
    uint16_t *near;               /* [c]: fewest pushes from a cell a box starts on to c */
    int8_t *start_side;           /* per box slot of the position expanded */
    uint64_t start_hash;
    int start_player;
    uint32_t start_id;
    uint64_t nodes;
    bool done;
};

static uint64_t boxes_hash(const push_board *b, const uint16_t *box)
{
    uint64_t h = 0;
    for (int i = 0; i < b->nboxes; i++) h ^= push_key_box(b->box_class[i], b->n, box[i]);
    return h;
}

static inline uint32_t next_stamp(push_meet *m)
{
    if (++m->stamp == 0) {
        memset(m->reach, 0, sizeof *m->reach * (size_t)m->b->n);
        m->stamp = 1;
    }
    return m->stamp;
}

static void mark_label(push_meet *m, int x, int32_t label)
{
    int nd = m->b->ndirs;
    for (int e = 0; e < nd; e++)
        if (m->side[x * nd + e] == label) m->seen[x * nd + e] = m->seen_stamp;
}

static bool new_seen(push_meet *m)
{
    if (++m->seen_stamp == 0) {
        memset(m->seen, 0, sizeof *m->seen * (size_t)m->b->n * (size_t)m->b->ndirs);
        m->seen_stamp = 1;
    }
    return true;
}

/* m->near: a breadth-first search of pushes forward from every start cell on the empty board. */
static int find_near(push_meet *m)
{
    const push_board *b = m->b;
    int n = b->n, nd = b->ndirs, head = 0, tail = 0;
    if (push_side_labels(b, NULL, m->side) != 0) return -1;
    for (int c = 0; c < n; c++) m->near[c] = PUSH_FAR;
    new_seen(m);
    for (int i = 0; i < b->nboxes; i++) {
        int s = b->start_box[i];
        m->near[s] = 0;
        for (int d = 0; d < nd; d++) {
            if (push_step(b, s, d) < 0 || m->seen[s * nd + d] == m->seen_stamp) continue;
            mark_label(m, s, m->side[s * nd + d]);
            m->bfs[tail++] = s * nd + d;
        }
    }
    while (head < tail) {
        int x = m->bfs[head] / nd, e = m->bfs[head] % nd;
        head++;
        int32_t label = m->side[x * nd + e];
        for (int d = 0; d < nd; d++) {
            int back = b->opp[d], to = push_step(b, x, d);
            if (to < 0 || m->side[x * nd + back] != label || m->seen[to * nd + back] == m->seen_stamp) continue;
            mark_label(m, to, m->side[to * nd + back]);
            if (m->near[to] == PUSH_FAR) m->near[to] = (uint16_t)(m->near[x] + 1);
            m->bfs[tail++] = to * nd + back;
        }
    }
    return 0;
}

static int spread(const push_meet *m, const uint16_t *box)
{
    int h = 0;
    for (int i = 0; i < m->b->nboxes; i++) h += m->near[box[i]];
    return h;
}

static bool info_room(push_meet *m, uint32_t id)
{
    if (id < m->info_cap) return true;
    uint32_t cap = m->info_cap ? m->info_cap * 2 : 4096;
    while (cap <= id) cap *= 2;
    size_t bytes = sizeof *m->info * (cap - m->info_cap);
    if (m->mem.used + bytes > m->mem.limit) return false;
    meet_info *bigger = realloc(m->info, sizeof *bigger * cap);
    if (!bigger) return false;
    m->mem.used += bytes;
    m->info = bigger;
    m->info_cap = cap;
    return true;
}

/* Adds the position in m->pos (player on `player`), made from parent by a pull from -> to. */
static void add(push_meet *m, uint32_t parent, int from, int to, int player)
{
    const push_board *b = m->b;
    int norm = push_reach(b, m->pos.occ, player, m->reach, next_stamp(m), m->queue);
    uint64_t hash = boxes_hash(b, m->pos.box) ^ push_key_player(norm);
    if (push_table_find(&m->tt, hash, m->pos.box, norm)) return;
    uint32_t id = push_table_add(&m->tt, hash, m->pos.box, norm);
    if (!id || !info_room(m, id)) {
        m->done = true;                           /* full: the table stays for look-ups */
        return;
    }
    push_node *nd = push_table_node(&m->tt, id);
    nd->parent = parent;
    int h = spread(m, m->pos.box);
    nd->h = (uint16_t)(h < PUSH_FAR ? h : PUSH_FAR - 1);
    m->info[id].from = (uint16_t)from, m->info[id].to = (uint16_t)to;
    if (hash == m->start_hash && norm == m->start_player &&
        memcmp(m->pos.box, b->start_box, sizeof *m->pos.box * (size_t)b->nboxes) == 0) {
        m->start_id = id;
        m->done = true;
        return;
    }
    if (push_queue_push(&m->open, nd->h, id) != 0) m->done = true;
}

/* Every pull of the box in slot i from the position in m->pos, the player next to it on side
 * `start`, each position added. */
static void box_pulls(push_meet *m, uint32_t id, int i, int start)
{
    const push_board *b = m->b;
    int nd = b->ndirs, c = m->pos.box[i];
    m->wall[c] = 0;
    int rc = push_side_labels(b, m->wall, m->side);
    if (rc != 0) {
        m->wall[c] = 1;
        m->done = true;
        return;
    }
    new_seen(m);
    /* The pulls are found on the walled board first (m->side is rebuilt per box, and adding a
     * position floods m->reach), then made. */
    int head = 0, tail = 0;
    mark_label(m, c, m->side[c * nd + start]);
    m->bfs[tail++] = c * nd + start;
    while (head < tail) {
        int x = m->bfs[head] / nd, e = m->bfs[head] % nd;
        head++;
        int32_t label = m->side[x * nd + e];
        for (int d = 0; d < nd; d++) {
            if (m->side[x * nd + d] != label) continue;
            /* The player on y steps on to z, pulling the box onto y. */
            int y = push_step(b, x, d), z = y >= 0 ? push_step(b, y, d) : -1;
            if (z < 0 || m->wall[y] || m->wall[z] || m->near[y] == PUSH_FAR) continue;
            if (m->seen[y * nd + d] == m->seen_stamp) continue;
            mark_label(m, y, m->side[y * nd + d]);
            m->bfs[tail++] = y * nd + d;
        }
    }
    m->wall[c] = 1;
    for (int k = 1; k < tail && !m->done; k++) {
        int y = m->bfs[k] / nd, d = m->bfs[k] % nd;
        int j = push_pos_move(&m->pos, b, i, y);
        add(m, id, c, y, push_step(b, y, d));
        push_pos_move(&m->pos, b, j, c);
    }
}

void push_meet_run(push_meet *m, int slice)
{
    const push_board *b = m->b;
    for (int done = 0; done < slice && !m->done; done++) {
        uint32_t id = push_queue_pop(&m->open, NULL);
        if (!id) {
            m->done = true;
            return;
        }
        push_node *nd = push_table_node(&m->tt, id);
        if (nd->closed) continue;
        nd->closed = 1;
        m->nodes++;
        push_pos_load(&m->pos, b, nd->box, nd->player);
        uint32_t stamp = next_stamp(m);
        push_reach(b, m->pos.occ, nd->player, m->reach, stamp, m->queue);
        /* The side of each box the player reaches, before adding children floods again. */
        for (int i = 0; i < b->nboxes; i++) {
            int c = m->pos.box[i];
            m->start_side[i] = -1;
            for (int d = 0; d < b->ndirs && m->start_side[i] < 0; d++) {
                int y = push_step(b, c, d);
                if (y >= 0 && m->reach[y] == stamp) m->start_side[i] = (int8_t)d;
            }
            m->wall[c] = 1;
        }
        for (int i = 0; i < b->nboxes && !m->done; i++)
            if (m->start_side[i] >= 0) box_pulls(m, id, i, m->start_side[i]);
        for (int i = 0; i < b->nboxes; i++) m->wall[m->pos.box[i]] = 0;
    }
}

bool push_meet_done(const push_meet *m) { return m->done; }
uint64_t push_meet_nodes(const push_meet *m) { return m ? m->nodes : 0; }
size_t push_meet_bytes(const push_meet *m) { return m ? m->mem.used : 0; }
uint32_t push_meet_start(const push_meet *m) { return m ? m->start_id : 0; }

uint32_t push_meet_find(const push_meet *m, uint64_t hash, const uint16_t *box, int player)
{
    uint32_t id = m ? push_table_find(&m->tt, hash, box, player) : 0;
    /* The solved positions themselves (no parent) are no meeting: the bound finds them. */
    return id && push_table_node(&m->tt, id)->parent ? id : 0;
}

bool push_meet_write(push_meet *m, uint32_t id, push_walker *w, push_pos *p, int *player, push_text *t)
{
    const push_board *b = m->b;
    int8_t *dirs = malloc((size_t)b->n * (size_t)b->ndirs + 1);
    if (!dirs) return false;
    bool ok = true;
    for (; ok && id; id = push_table_node(&m->tt, id)->parent) {
        uint32_t parent = push_table_node(&m->tt, id)->parent;
        if (!parent) break;
        const meet_info *in = &m->info[id];
        int len = push_relocation(w, p->occ, in->to, *player, in->from, push_table_node(&m->tt, parent)->player, dirs,
                                  b->n * b->ndirs);
        ok = len >= 0;
        for (int s = 0, c = in->to; s < len && ok; s++) {
            ok = push_write_push(w, p, player, c, dirs[s], t);
            c = push_step(b, c, dirs[s]);
        }
    }
    free(dirs);
    return ok && !t->failed;
}

void push_meet_free(push_meet *m)
{
    if (!m) return;
    push_table_free(&m->tt);
    push_queue_free(&m->open);
    push_pos_free(&m->pos);
    free(m->info), free(m->reach), free(m->queue), free(m->wall), free(m->side), free(m->seen), free(m->bfs);
    free(m->near), free(m->start_side);
    free(m);
}

push_meet *push_meet_new(const push_board *b, const push_plan *pl, size_t memory)
{
    if (b->nboxes == 0 || b->nboxes != b->ngoals || b->nclasses != 1) return NULL;
    push_meet *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->b = b;
    m->plan = pl;
    m->mem.limit = memory;
    int n = b->n, nd = b->ndirs;
    size_t sides = (size_t)n * (size_t)nd + 1;
    m->reach = calloc((size_t)n + 1, sizeof *m->reach);
    m->queue = malloc(sizeof *m->queue * ((size_t)n + 1));
    m->wall = calloc((size_t)n + 1, 1);
    m->side = malloc(sizeof *m->side * sides);
    m->seen = calloc(sides, sizeof *m->seen);
    m->bfs = malloc(sizeof *m->bfs * sides);
    m->near = malloc(sizeof *m->near * ((size_t)n + 1));
    m->start_side = malloc((size_t)b->nboxes + 1);
    push_queue_init(&m->open, &m->mem, true);
    if (!m->reach || !m->queue || !m->wall || !m->side || !m->seen || !m->bfs || !m->near || !m->start_side ||
        push_pos_init(&m->pos, b) != 0 || push_table_init(&m->tt, b->nboxes, 1u << 14, &m->mem) != 0 ||
        find_near(m) != 0) {
        push_meet_free(m);
        return NULL;
    }
    /* The start position, to know it when the pulls reach it. */
    push_pos_load(&m->pos, b, b->start_box, b->start_player);
    m->start_player = push_reach(b, m->pos.occ, b->start_player, m->reach, next_stamp(m), m->queue);
    m->start_hash = boxes_hash(b, b->start_box) ^ push_key_player(m->start_player);
    /* The solved position, once per region of the player. */
    uint16_t *goals = malloc(sizeof *goals * (size_t)b->ngoals);
    int32_t *first = malloc(sizeof *first * ((size_t)n + 1));
    if (!goals || !first) {
        free(goals), free(first);
        push_meet_free(m);
        return NULL;
    }
    for (int j = 0; j < b->ngoals; j++) goals[j] = (uint16_t)b->goal[j];   /* ascending already */
    push_pos_load(&m->pos, b, goals, b->goal[0]);
    uint32_t seen = next_stamp(m);
    int regions = 0;
    for (int c = 0; c < n; c++) {
        if (m->pos.occ[c] != PUSH_NO_BOX || m->reach[c] == seen) continue;
        push_reach(b, m->pos.occ, c, m->reach, seen, m->queue);
        first[regions++] = c;
    }
    for (int r = 0; r < regions && !m->done; r++) add(m, 0, NO_CELL, NO_CELL, first[r]);
    free(first);
    free(goals);
    return m;
}
