/* push_multi.c: the push solver for levels with several players. Any player may move. The
 * one-player search lets the player walk for free, but here the idle players are obstacles
 * that matter where exactly they stand, so a position is every player's cell and every box's,
 * and a move is one step of one player. Best-first on the matching bound (first solution in
 * anytime mode; A* on pushes, walking free, in optimal mode). Such levels are small; the
 * deadlock tests, the bound and the budgets are those of the one-player search. */
#include "solve/push_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    CHECK_EVERY = 256,
    H_BITS = 12,
    MOVE_PUSH = 1                 /* in push_node.moved: player * 16 + dir * 2 + push */
};

typedef struct multi {
    const push_board *b;
    const solve_limits *lim;
    bool optimal;
    push_options opt;
    int np, klen;                 /* players present, key length (players then boxes) */
    int slot[PUSH_MAX_PLAYERS];   /* the state's slot of each player present */
    push_budget mem;
    push_table tt;
    push_queue open;
    push_pos pos;
    uint8_t *pocc;                /* n: player index, or PUSH_NO_BOX */
    int player[PUSH_MAX_PLAYERS];
    uint16_t *key;
    push_freeze frz;
    push_matcher mat;
    uint32_t *nowhere;            /* reach marks no cell has: the bound uses every box's best side */
    uint64_t nodes;
    uint32_t solution;
    bool out_of_memory, exhausted, timed_out;
    double t0;
} multi;

static inline uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15u;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

static uint64_t key_hash(const multi *m)
{
    uint64_t h = 0x51ed270b27f6a9c3u;
    for (int i = 0; i < m->klen; i++) h = mix64(h ^ ((uint64_t)i << 20 | m->key[i]));
    return h;
}

static uint32_t priority(const multi *m, int pushes, int h)
{
    /* Optimal: pushes + bound, then the bound. Anytime: the bound, then pushes. Equal ones
     * leave oldest first, so walks spread breadth-first. */
    uint64_t first = m->optimal ? (uint64_t)pushes + (uint64_t)h : (uint64_t)h;
    uint64_t second = m->optimal ? (uint64_t)h : (uint64_t)pushes;
    uint64_t limit = (1u << (32 - H_BITS)) - 1;
    if (first > limit) first = limit;
    if (second >= (1u << H_BITS)) second = (1u << H_BITS) - 1;
    return (uint32_t)(first << H_BITS | second);
}

static void load(multi *m, const uint16_t *key)
{
    const push_board *b = m->b;
    for (int i = 0; i < m->np; i++) {
        if (m->player[i] >= 0) m->pocc[m->player[i]] = PUSH_NO_BOX;
        m->player[i] = key[i];
    }
    for (int i = 0; i < m->np; i++) m->pocc[m->player[i]] = (uint8_t)i;
    push_pos_load(&m->pos, b, key + m->np, m->player[0]);
}

static void make_key(multi *m)
{
    for (int i = 0; i < m->np; i++) m->key[i] = (uint16_t)m->player[i];
    memcpy(m->key + m->np, m->pos.box, sizeof *m->key * (size_t)m->b->nboxes);
}

/* The node for the position in m (key made), reached from parent by `move`. */
static void add(multi *m, uint32_t parent, int pushes, int h, int move)
{
    make_key(m);
    uint64_t hash = key_hash(m);
    uint32_t id = push_table_find(&m->tt, hash, m->key, 0);
    if (id) {
        push_node *nd = push_table_node(&m->tt, id);
        if (nd->h == PUSH_FAR || pushes >= nd->g) return;
        nd->g = (uint16_t)pushes;
        nd->parent = parent;
        nd->moved = (uint16_t)move;
        if (m->optimal) {
            nd->closed = 0;
            if (push_queue_push(&m->open, priority(m, pushes, nd->h), id) != 0) m->out_of_memory = true;
        }
        return;
    }
    id = push_table_add(&m->tt, hash, m->key, 0);
    if (!id) {
        m->out_of_memory = true;
        return;
    }
    push_node *nd = push_table_node(&m->tt, id);
    nd->parent = parent;
    nd->g = (uint16_t)pushes;
    nd->h = (uint16_t)h;
    nd->moved = (uint16_t)move;
    if (h == PUSH_FAR) {
        nd->closed = 1;
        return;
    }
    if (h == 0 && !m->optimal) {
        m->solution = id;
        return;
    }
    if (push_queue_push(&m->open, priority(m, pushes, h), id) != 0) m->out_of_memory = true;
}

static void expand(multi *m, uint32_t id)
{
    const push_board *b = m->b;
    push_node *nd = push_table_node(&m->tt, id);
    nd->closed = 1;
    int pushes = nd->g, h = nd->h;
    memcpy(m->key, nd->box, sizeof *m->key * (size_t)m->klen);
    load(m, m->key);
    for (int i = 0; i < m->np && !m->solution && !m->out_of_memory; i++)
        for (int d = 0; d < b->ndirs && !m->solution && !m->out_of_memory; d++) {
            int p = m->player[i], to = push_step(b, p, d);
            if (to < 0 || m->pocc[to] != PUSH_NO_BOX) continue;
            int j = m->pos.occ[to];
            if (j == PUSH_NO_BOX) {
                /* A step: the boxes, and so the bound, stay. */
                m->player[i] = to;
                add(m, id, pushes, h, i * 16 + d * 2);
                m->player[i] = p;
                continue;
            }
            int beyond = push_step(b, to, d), k = b->box_class[j];
            if (beyond < 0 || m->pos.occ[beyond] != PUSH_NO_BOX || m->pocc[beyond] != PUSH_NO_BOX ||
                b->dead[k * b->n + beyond])
                continue;
            int slot = push_pos_move(&m->pos, b, j, beyond);
            m->player[i] = to;
            int hb = PUSH_FAR;
            if (!(m->opt.freeze && push_freeze_deadlock(&m->frz, b, &m->pos, beyond)))
                hb = push_lower_bound(b, &m->mat, &m->pos, m->nowhere, 1, &b->base, NULL);
            if (hb != PUSH_FAR) add(m, id, pushes + 1, hb, i * 16 + d * 2 + MOVE_PUSH);
            m->player[i] = p;
            push_pos_move(&m->pos, b, slot, to);
        }
    /* Leave the player occupancy clean for the next load. */
    for (int i = 0; i < m->np; i++) m->pocc[m->player[i]] = PUSH_NO_BOX, m->player[i] = -1;
}

static bool out_of_time(const multi *m)
{
    if (m->lim->cancel && *m->lim->cancel) return true;
    return m->lim->seconds > 0 && solve_clock() - m->t0 > m->lim->seconds;
}

static void run(multi *m)
{
    double next_progress = 0.5;
    while (!m->solution && !m->out_of_memory) {
        uint32_t prio, id = push_queue_pop(&m->open, &prio);
        if (!id) {
            m->exhausted = true;
            return;
        }
        push_node *nd = push_table_node(&m->tt, id);
        if (nd->closed) continue;
        if (nd->h == 0) {
            m->solution = id;
            return;
        }
        m->nodes++;
        expand(m, id);
        if (m->nodes % CHECK_EVERY == 0) {
            if (out_of_time(m)) {
                m->timed_out = true;
                return;
            }
            double now = solve_clock() - m->t0;
            if (m->lim->progress && now >= next_progress) {
                m->lim->progress(m->lim->progress_ud, m->nodes, now, nd->h);
                next_progress = now + 0.5;
            }
        }
    }
}

/* The moves back from the solution, with a digit (1-based slot) before the first move of a
 * player other than the active one. */
static bool write(multi *m, int active, solve_result *out)
{
    int count = 0;
    for (uint32_t id = m->solution; push_table_node(&m->tt, id)->parent; id = push_table_node(&m->tt, id)->parent)
        count++;
    uint16_t *moves = malloc(sizeof *moves * (size_t)(count + 1));
    char *text = malloc((size_t)count * 2 + 1);
    if (!moves || !text) {
        free(moves), free(text);
        return false;
    }
    int k = count;
    for (uint32_t id = m->solution; push_table_node(&m->tt, id)->parent; id = push_table_node(&m->tt, id)->parent)
        moves[--k] = push_table_node(&m->tt, id)->moved;
    size_t len = 0;
    long pushes = 0;
    for (int i = 0; i < count; i++) {
        int player = moves[i] / 16, d = (moves[i] % 16) / 2, push = moves[i] & MOVE_PUSH;
        if (m->slot[player] != active) {
            active = m->slot[player];
            text[len++] = (char)('1' + active);
        }
        char c = push_dir_letter(m->b, d);
        text[len++] = push ? (char)(c - 'a' + 'A') : c;
        pushes += push;
    }
    text[len] = 0;
    free(moves);
    out->solution = text;
    out->moves = count;
    out->pushes = pushes;
    return true;
}

static void multi_free(multi *m)
{
    push_table_free(&m->tt);
    push_queue_free(&m->open);
    push_pos_free(&m->pos);
    push_freeze_free(&m->frz);
    push_matcher_free(&m->mat);
    free(m->pocc), free(m->key), free(m->nowhere);
}

solve_status push_multi_solve(const push_board *b, const state *start, const solve_limits *lim,
                              const push_options *opt, size_t memory, solve_result *out)
{
    multi m;
    memset(&m, 0, sizeof m);
    m.b = b;
    m.lim = lim;
    m.optimal = lim->optimal;
    m.opt = *opt;
    m.t0 = solve_clock();
    for (int i = 0; i < b->nplayers; i++)
        if (b->player_at[i] >= 0) {
            m.slot[m.np] = i;
            m.player[m.np++] = -1;
        }
    m.klen = m.np + b->nboxes;
    m.mem.limit = memory;
    m.pocc = malloc((size_t)b->n + 1);
    m.key = malloc(sizeof *m.key * (size_t)(m.klen + 1));
    m.nowhere = calloc((size_t)b->n + 1, sizeof *m.nowhere);
    push_queue_init(&m.open, &m.mem, false);
    if (!m.pocc || !m.key || !m.nowhere || push_pos_init(&m.pos, b) != 0 || push_freeze_init(&m.frz, b) != 0 ||
        push_matcher_init(&m.mat, b->nboxes, b->ngoals) != 0 ||
        push_table_init(&m.tt, m.klen, 1u << 16, &m.mem) != 0) {
        multi_free(&m);
        snprintf(out->message, sizeof out->message, "push solver: out of memory (or memory budget too small)");
        return SOLVE_ERROR;
    }
    memset(m.pocc, PUSH_NO_BOX, (size_t)b->n);
    /* The root. */
    for (int i = 0; i < m.np; i++) m.player[i] = b->player_at[m.slot[i]];
    for (int i = 0; i < m.np; i++) m.pocc[m.player[i]] = (uint8_t)i;
    push_pos_load(&m.pos, b, b->start_box, b->start_player);
    int h = push_lower_bound(b, &m.mat, &m.pos, m.nowhere, 1, &b->base, NULL);
    solve_status st = SOLVE_UNSOLVABLE;
    if (h != PUSH_FAR) {
        make_key(&m);
        uint32_t root = push_table_add(&m.tt, key_hash(&m), m.key, 0);
        for (int i = 0; i < m.np; i++) m.pocc[m.player[i]] = PUSH_NO_BOX, m.player[i] = -1;
        if (!root) {
            m.out_of_memory = true;
        } else {
            push_node *nd = push_table_node(&m.tt, root);
            nd->h = (uint16_t)h;
            if (h == 0) m.solution = root;
            else if (push_queue_push(&m.open, priority(&m, 0, h), root) != 0) m.out_of_memory = true;
        }
        if (!m.solution && !m.out_of_memory) run(&m);
        int active = start->active >= 0 && start->active < start->nplayers ? start->active : m.slot[0];
        if (m.solution) {
            st = write(&m, active, out) ? SOLVE_SOLVED : SOLVE_ERROR;
            if (st == SOLVE_ERROR) snprintf(out->message, sizeof out->message, "push solver: out of memory");
        } else if (!m.exhausted) {
            st = SOLVE_TIMEOUT;
            snprintf(out->message, sizeof out->message, "%s",
                     m.out_of_memory ? "memory budget used up"
                     : lim->cancel && *lim->cancel ? "cancelled" : "time budget used up");
        }
    }
    out->nodes = m.nodes;
    multi_free(&m);
    return st;
}
