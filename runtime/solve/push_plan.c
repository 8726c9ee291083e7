/* push_plan.c: the packing plan (see push_plan.h). The way back of one box is a breadth-first
 * search over (box cell, side label) pairs: with the other goals full and every other box
 * gone, the side labels of the walled board say which sides of the box the player can walk
 * between, so a pull is one table lookup and no flood fill. */
#include "solve/push_plan.h"

#include <stdlib.h>
#include <string.h>

#include "solve/push_table.h"

struct push_plan_work {
    const push_board *b;
    uint8_t *wall;                /* n: goals still full */
    uint8_t *sink;                /* n: where boxes are taken out to (the plan's sinks, not owned) */
    int32_t *side;                /* n * ndirs: labels of the walled board */
    uint32_t *seen, stamp;        /* n * ndirs */
    int32_t *queue, *depth;       /* n * ndirs */
    uint8_t *near;                /* n: where the player can walk (way_back's `from`) */
};
typedef struct push_plan_work planner;

static void mark_label(planner *p, int x, int32_t label, uint32_t stamp)
{
    int nd = p->b->ndirs;
    for (int e = 0; e < nd; e++)
        if (p->side[x * nd + e] == label) p->seen[x * nd + e] = stamp;
}

/* Marks in p->near the cells the player on `from` can walk to, the full goals and the box on
 * goal g standing. */
static void walk_from(planner *p, int from, int g)
{
    const push_board *b = p->b;
    int head = 0, tail = 0;
    memset(p->near, 0, (size_t)b->n);
    p->near[from] = 1;
    p->queue[tail++] = from;
    while (head < tail) {
        int x = p->queue[head++];
        for (int d = 0; d < b->ndirs; d++) {
            int y = push_step(b, x, d);
            if (y < 0 || y == g || p->wall[y] || p->near[y]) continue;
            p->near[y] = 1;
            p->queue[tail++] = y;
        }
    }
}

/* Pulls needed to take the box on goal g back to a sink, the other full goals standing; -1
 * when it cannot go. from >= 0: the player starts on that cell (else on any side of g); *end
 * (may be NULL) gets the player's cell where the box reaches the sink. */
static int way_back(planner *p, int g, int from, int *end)
{
    const push_board *b = p->b;
    int nd = b->ndirs, head = 0, tail = 0;
    if (from >= 0) walk_from(p, from, g);
    if (++p->stamp == 0) {
        memset(p->seen, 0, sizeof *p->seen * ((size_t)b->n * (size_t)nd + 1));
        p->stamp = 1;
    }
    uint32_t stamp = p->stamp;
    /* The player, having just pushed the box in, stands on one of its open sides; in the
     * forward order it walks from there to the next box (`from`: where the way back of the
     * goal filled after this one ended). */
    for (int d = 0; d < nd; d++) {
        int y = push_step(b, g, d);
        if (y < 0 || p->wall[y] || p->seen[g * nd + d] == stamp || (from >= 0 && !p->near[y])) continue;
        mark_label(p, g, p->side[g * nd + d], stamp);
        p->queue[tail] = g * nd + d;
        p->depth[tail++] = 0;
    }
    while (head < tail) {
        int x = p->queue[head] / nd, e = p->queue[head] % nd, depth = p->depth[head];
        head++;
        if (p->sink[x]) {
            if (end) *end = push_step(b, x, e);
            return depth;
        }
        int32_t label = p->side[x * nd + e];
        for (int d = 0; d < nd; d++) {
            if (p->side[x * nd + d] != label) continue;
            /* The player on y, next to the box; it steps on to z and pulls the box onto y. */
            int y = push_step(b, x, d), z = y >= 0 ? push_step(b, y, d) : -1;
            if (z < 0 || p->wall[y] || p->wall[z] || p->seen[y * nd + d] == stamp) continue;
            mark_label(p, y, p->side[y * nd + d], stamp);
            p->queue[tail] = y * nd + d;
            p->depth[tail++] = depth + 1;
        }
    }
    return -1;
}

/* way_back for the box on goal j, with the goal's wall lifted meanwhile (the side labels made
 * for that board); -2 out of memory. */
static int take_out(planner *p, int j, int from, int *end)
{
    const push_board *b = p->b;
    int g = b->goal[j];
    p->wall[g] = 0;
    int cost = push_side_labels(b, p->wall, p->side) == 0 ? way_back(p, g, from, end) : -2;
    p->wall[g] = 1;
    return cost;
}

static bool block(const push_board *b, int c, int w, int h)
{
    for (int y = 0, row = c; y < h; y++, row = push_step(b, row, DIR_DOWN)) {
        if (row < 0) return false;
        for (int x = 0, at = row; x < w; x++, at = push_step(b, at, DIR_RIGHT))
            if (at < 0) return false;
    }
    return true;
}

static void mark_block(const push_board *b, uint8_t *room, int c, int w, int h)
{
    for (int y = 0, row = c; y < h; y++, row = push_step(b, row, DIR_DOWN))
        for (int x = 0, at = row; x < w; x++, at = push_step(b, at, DIR_RIGHT)) room[at] = 1;
}

static void find_rooms(const push_board *b, uint8_t *room)
{
    for (int c = 0; c < b->n; c++) {
        if (b->topo == TOPO_SQUARE) {
            if (block(b, c, 3, 2)) mark_block(b, room, c, 3, 2);
            if (block(b, c, 2, 3)) mark_block(b, room, c, 2, 3);
            continue;
        }
        bool open = true;
        for (int d = 0; d < b->ndirs && open; d++) open = push_step(b, c, d) >= 0;
        if (!open) continue;
        room[c] = 1;
        for (int d = 0; d < b->ndirs; d++) room[push_step(b, c, d)] = 1;
    }
}

/* Marks in reach the cells a lone box can be pushed to from a cell some box starts on (the
 * player anywhere, the other boxes gone), with p's scratch. */
static void box_reachable(planner *p, uint8_t *reach)
{
    const push_board *b = p->b;
    int n = b->n, nd = b->ndirs, head = 0, tail = 0;
    const int32_t *side = b->base.side;
    if (++p->stamp == 0) {
        memset(p->seen, 0, sizeof *p->seen * ((size_t)n * (size_t)nd + 1));
        p->stamp = 1;
    }
    uint32_t *seen = p->seen, stamp = p->stamp;
    int32_t *queue = p->queue;
    memset(reach, 0, (size_t)n);
    for (int i = 0; i < b->nboxes; i++) {
        int c = b->start_box[i];
        reach[c] = 1;
        for (int d = 0; d < nd; d++)
            if (push_step(b, c, d) >= 0 && seen[c * nd + d] != stamp) seen[c * nd + d] = stamp, queue[tail++] = c * nd + d;
    }
    while (head < tail) {
        int c = queue[head] / nd, e = queue[head] % nd;
        head++;
        for (int d = 0; d < nd; d++) {
            /* The player walks round to side d (a lone box leaves it free to when the labels
             * match) and pushes the box away from it; it then stands on side d of the box. */
            if (side[c * nd + d] != side[c * nd + e] || push_step(b, c, d) < 0) continue;
            int m = push_step(b, c, b->opp[d]);
            if (m < 0 || seen[m * nd + d] == stamp) continue;
            seen[m * nd + d] = stamp;
            reach[m] = 1;
            queue[tail++] = m * nd + d;
        }
    }
}

/* Marks in sink the cells of the rooms (connected room cells) that hold no goal and that a box
 * can get to (reach); returns how many were not marked before. queue holds n ints. */
static int goalless_rooms(const push_board *b, const uint8_t *room, const uint8_t *reach, uint8_t *sink,
                          int32_t *queue)
{
    int n = b->n, added = 0;
    uint8_t *seen = calloc((size_t)n + 1, 1);
    if (!seen) return 0;
    for (int c0 = 0; c0 < n; c0++) {
        if (!room[c0] || seen[c0]) continue;
        int count = 0;
        bool goals = false;
        seen[c0] = 1;
        queue[count++] = c0;
        for (int i = 0; i < count; i++) {
            int c = queue[i];
            goals = goals || b->goal_at[c] >= 0;
            for (int d = 0; d < b->ndirs; d++) {
                int m = push_step(b, c, d);
                if (m < 0 || !room[m] || seen[m]) continue;
                seen[m] = 1;
                queue[count++] = m;
            }
        }
        if (goals) continue;
        for (int i = 0; i < count; i++)
            if (!sink[queue[i]] && reach[queue[i]]) sink[queue[i]] = 1, added++;
    }
    free(seen);
    return added;
}

enum { WIDEST = 4 };              /* sinks are widened to cells this many steps from every goal, then nearer */
enum { PARK_NODES = 20000 };      /* the most nodes of the search of the goals left (XSokoban: 19-705) */

/* Marks as sinks the cells off goals at least `steps` - 1 walking steps from every goal that a
 * box can get to (reach), the previous widening having taken those at least `steps` away;
 * returns the next `steps`, or -1 when no cell is left to take. queue holds n ints. */
static int widen_sinks(const push_board *b, const uint8_t *reach, uint8_t *sink, int steps, int32_t *queue)
{
    int n = b->n, head = 0, tail = 0;
    steps--;
    if (steps < 1) return -1;
    int *dist = malloc(sizeof *dist * ((size_t)n + 1));
    if (!dist) return -1;
    for (int c = 0; c < n; c++) {
        dist[c] = -1;
        if (b->goal_at[c] >= 0) dist[c] = 0, queue[tail++] = c;
    }
    while (head < tail) {
        int c = queue[head++];
        for (int d = 0; d < b->ndirs; d++) {
            int m = push_step(b, c, d);
            if (m < 0 || dist[m] >= 0) continue;
            dist[m] = dist[c] + 1;
            queue[tail++] = m;
        }
    }
    for (int c = 0; c < n; c++)
        if (dist[c] >= steps && !b->dead_all[c] && reach[c]) sink[c] = 1;
    free(dist);
    return steps;
}

/* ===== parking: the goals left, searched backwards together ================================ */

/* Where taking the boxes out one at a time gets stuck, the boxes still on goals may need each
 * other out of the way for a while: a box pulled into a pocket next to the goals and fetched
 * later, so that another can leave. A greedy best-first search over pulls of all those boxes
 * at once (the goals already emptied are floor, every other box is gone, the player's region
 * tracked) looks for a way to take them all out to the sinks; a box is out when it reaches
 * one. The goals' order is then the order they were left empty for good. */
typedef struct park_node {
    int32_t parent, first;        /* first: its cells in the pool */
    int32_t player, rank;         /* player: the least cell of its region */
    int16_t count;
} park_node;

typedef struct parker {
    const push_board *b;
    const uint8_t *sink;
    park_node *node;
    int nnodes, most;
    uint16_t *pool;
    size_t npool, pool_cap;
    push_queue open;              /* node index + 1 by rank */
    push_budget open_budget;
    int32_t *slot;                /* hash set of nodes, -1 empty */
    uint64_t *slot_key;
    uint32_t mask;
    uint8_t *box;                 /* n: scratch occupancy, push_reach's way (PUSH_NO_BOX: none) */
    uint32_t *reach, *child_reach, stamp;
    int32_t *queue, *dist;        /* dist: walking steps to the nearest sink (a guide) */
} parker;

static int cmp_cell(const void *x, const void *y) { return (int)*(const uint16_t *)x - (int)*(const uint16_t *)y; }

/* Adds the node of the boxes on cells[0..count) (sorted) and the player region `player`, unless
 * it is known or the search is full; its index, or -1. */
static int32_t park_add(parker *p, const uint16_t *cells, int count, int player, int32_t parent)
{
    uint64_t key = push_mix64((uint64_t)player + 1);
    int rank = count * 65536;
    for (int i = 0; i < count; i++) {
        key = push_mix64(key ^ cells[i]);
        rank += p->dist[cells[i]] < 0 ? 1024 : p->dist[cells[i]];
    }
    uint32_t i = (uint32_t)key & p->mask;
    for (; p->slot[i] >= 0; i = (i + 1) & p->mask) {
        const park_node *o = &p->node[p->slot[i]];
        if (p->slot_key[i] == key && o->count == count && o->player == player &&
            memcmp(p->pool + o->first, cells, sizeof *cells * (size_t)count) == 0)
            return -1;
    }
    if (p->nnodes >= p->most || p->npool + (size_t)count > p->pool_cap) return -1;
    park_node *nd = &p->node[p->nnodes];
    nd->parent = parent, nd->first = (int32_t)p->npool, nd->player = player, nd->rank = rank;
    nd->count = (int16_t)count;
    memcpy(p->pool + p->npool, cells, sizeof *cells * (size_t)count);
    p->npool += (size_t)count;
    p->slot[i] = p->nnodes, p->slot_key[i] = key;
    return p->nnodes++;
}

static bool parker_init(parker *p, const push_board *b, const uint8_t *sink, int most, int boxes)
{
    memset(p, 0, sizeof *p);
    p->b = b, p->sink = sink, p->most = most;
    uint32_t slots = 1;
    while (slots < (uint32_t)most * 2) slots <<= 1;
    p->mask = slots - 1;
    p->pool_cap = (size_t)most * (size_t)boxes;
    size_t n = (size_t)b->n + 1;
    p->node = malloc(sizeof *p->node * (size_t)most);
    p->pool = malloc(sizeof *p->pool * p->pool_cap);
    p->open_budget.limit = sizeof(uint64_t) * ((size_t)most + 4096) * 2;
    push_queue_init(&p->open, &p->open_budget, true);
    p->slot = malloc(sizeof *p->slot * slots);
    p->slot_key = malloc(sizeof *p->slot_key * slots);
    p->box = malloc(n);
    p->reach = calloc(n, sizeof *p->reach);
    p->child_reach = calloc(n, sizeof *p->child_reach);
    p->queue = malloc(sizeof *p->queue * n);
    p->dist = malloc(sizeof *p->dist * n);
    if (!p->node || !p->pool || !p->slot || !p->slot_key || !p->box || !p->reach || !p->child_reach ||
        !p->queue || !p->dist)
        return false;
    memset(p->slot, 0xFF, sizeof *p->slot * slots);
    memset(p->box, PUSH_NO_BOX, n);
    int head = 0, tail = 0;
    for (int c = 0; c < b->n; c++) {
        p->dist[c] = -1;
        if (sink[c]) p->dist[c] = 0, p->queue[tail++] = c;
    }
    while (head < tail) {
        int c = p->queue[head++];
        for (int d = 0; d < b->ndirs; d++) {
            int m = push_step(b, c, d);
            if (m >= 0 && p->dist[m] < 0) p->dist[m] = p->dist[c] + 1, p->queue[tail++] = m;
        }
    }
    return true;
}

static void parker_free(parker *p)
{
    free(p->node), free(p->pool), free(p->slot), free(p->slot_key);
    push_queue_free(&p->open);
    free(p->box), free(p->reach), free(p->child_reach), free(p->queue), free(p->dist);
}

/* Expands node i; the node that has taken every box out, or -1. */
static int32_t park_expand(parker *p, int32_t i)
{
    const push_board *b = p->b;
    park_node at = p->node[i];
    const uint16_t *cells = p->pool + at.first;
    uint16_t next[PUSH_MAX_BOXES];
    for (int k = 0; k < at.count; k++) p->box[cells[k]] = 0;
    uint32_t here = ++p->stamp;
    push_reach(b, p->box, at.player, p->reach, here, p->queue);
    int32_t done = -1;
    for (int k = 0; k < at.count && done < 0; k++) {
        int x = cells[k];
        for (int d = 0; d < b->ndirs && done < 0; d++) {
            /* The player on y steps on to z and pulls the box from x onto y. */
            int y = push_step(b, x, d), z = y >= 0 ? push_step(b, y, d) : -1;
            if (z < 0 || p->reach[y] != here || p->box[z] != PUSH_NO_BOX || b->dead_all[y]) continue;
            int count = 0;
            for (int m = 0; m < at.count; m++)
                if (m != k) next[count++] = cells[m];
            if (!p->sink[y]) next[count++] = (uint16_t)y;
            qsort(next, (size_t)count, sizeof *next, cmp_cell);
            p->box[x] = PUSH_NO_BOX, p->box[y] = p->sink[y] ? PUSH_NO_BOX : 0;
            int player = push_reach(b, p->box, z, p->child_reach, ++p->stamp, p->queue);
            p->box[y] = PUSH_NO_BOX, p->box[x] = 0;
            int32_t child = park_add(p, next, count, player, i);
            if (child < 0) continue;
            if (count == 0) done = child;
            else (void)push_queue_push(&p->open, (uint32_t)p->node[child].rank, (uint32_t)child + 1);  /* sized for most */
        }
    }
    for (int k = 0; k < at.count; k++) p->box[cells[k]] = PUSH_NO_BOX;
    return done;
}

/* The goals left (left[j]) searched backwards together, with at most `most` nodes. On success
 * they are put into pl->order before *place, the goal left empty for good last going first,
 * and the count is returned; 0 when no way out was found. -1 out of memory. */
static int park_goals(push_plan *pl, const push_board *b, const uint8_t *sink, const bool *left, int *place, int most)
{
    int ng = b->ngoals, count = 0;
    uint16_t cells[PUSH_MAX_BOXES];
    for (int j = 0; j < ng; j++) count += left[j];
    if (count > PUSH_MAX_BOXES) return 0;       /* more goals than boxes can be: none parked */
    count = 0;
    for (int j = 0; j < ng; j++)
        if (left[j]) cells[count++] = (uint16_t)b->goal[j];
    parker p;
    if (!parker_init(&p, b, sink, most, count)) {
        parker_free(&p);
        return -1;
    }
    qsort(cells, (size_t)count, sizeof *cells, cmp_cell);
    /* A start for each region the player may stand in among the full goals. */
    for (int k = 0; k < count; k++) p.box[cells[k]] = 0;
    uint32_t starts = ++p.stamp;
    for (int k = 0; k < count; k++)
        for (int d = 0; d < b->ndirs; d++) {
            int y = push_step(b, cells[k], d);
            if (y < 0 || p.box[y] != PUSH_NO_BOX || p.reach[y] == starts) continue;
            int32_t s = park_add(&p, cells, count, push_reach(b, p.box, y, p.reach, starts, p.queue), -1);
            if (s >= 0) (void)push_queue_push(&p.open, (uint32_t)p.node[s].rank, (uint32_t)s + 1);
        }
    for (int k = 0; k < count; k++) p.box[cells[k]] = PUSH_NO_BOX;
    int32_t done = -1;
    for (uint32_t id; done < 0 && (id = push_queue_pop(&p.open, NULL)) != 0;) done = park_expand(&p, (int32_t)id - 1);
    int placed = 0;
    if (done >= 0) {
        /* Walking back from the end, the first node that holds a goal is the last moment it
         * was full: goals found earlier on this walk were left empty for good later. */
        bool *seen = calloc((size_t)ng + 1, sizeof *seen);
        int16_t *late = malloc(sizeof *late * ((size_t)ng + 1));
        if (!seen || !late) placed = -1;
        for (int32_t i = done; i >= 0 && placed >= 0; i = p.node[i].parent)
            for (int k = 0; k < p.node[i].count; k++) {
                int j = b->goal_at[p.pool[p.node[i].first + k]];
                if (j >= 0 && left[j] && !seen[j]) seen[j] = true, late[placed++] = (int16_t)j;
            }
        /* late: the last emptied first; in the (forward) plan it is filled first. */
        for (int k = placed - 1; k >= 0 && placed > 0; k--) pl->order[--*place] = late[k];
        free(seen), free(late);
    }
    parker_free(&p);
    return placed;
}

void push_plan_free(push_plan *pl)
{
    free(pl->room), free(pl->sink);
    free(pl->order), free(pl->rank), free(pl->area_of), free(pl->area_first), free(pl->area_goal);
    memset(pl, 0, sizeof *pl);
}

/* Areas: goals joined by neighbouring goals. */
static int find_areas(push_plan *pl, const push_board *b)
{
    int ng = b->ngoals;
    int16_t *stack = malloc(sizeof *stack * (size_t)(ng + 1));
    if (!stack) return -1;
    for (int j = 0; j < ng; j++) pl->area_of[j] = -1;
    pl->nareas = 0;
    for (int j0 = 0; j0 < ng; j0++) {
        if (pl->area_of[j0] >= 0) continue;
        int top = 0, a = pl->nareas++;
        pl->area_of[j0] = (int16_t)a;
        stack[top++] = (int16_t)j0;
        while (top > 0) {
            int j = stack[--top];
            for (int d = 0; d < b->ndirs; d++) {
                int m = push_step(b, b->goal[j], d);
                if (m < 0 || b->goal_at[m] < 0 || pl->area_of[b->goal_at[m]] >= 0) continue;
                pl->area_of[b->goal_at[m]] = (int16_t)a;
                stack[top++] = b->goal_at[m];
            }
        }
    }
    free(stack);
    /* Each area's goals in plan order. */
    int k = 0;
    for (int a = 0; a < pl->nareas; a++) {
        pl->area_first[a] = (int16_t)k;
        for (int i = 0; i < ng; i++)
            if (pl->area_of[pl->order[i]] == a) pl->area_goal[k++] = pl->order[i];
    }
    pl->area_first[pl->nareas] = (int16_t)k;
    return 0;
}

/* ===== the order with the player followed ================================================= *
 * Taking each box out alone, from wherever the player may stand next to its goal, can give an
 * order the player cannot follow: filling a goal from inside a pocket that the goals filled
 * before it close, it is shut in there with goals still to fill (XSokoban 88: (3,6) was
 * filled from below after (3,5), with (2,4) and (3,4) still to fill). So the plan is first
 * searched for with the player followed: each box is taken out from where the player stood
 * when the last one reached its sink, depth first, the shortest way first and the goals boxes
 * start on last. Where no such order turns up within FOLLOW_WORK ways back, the plan is the
 * greedy one. */
enum {
    FOLLOW_WORK = 4000,           /* ways back tried, on boards of up to FOLLOW_CELLS cells
                                     (fewer on larger ones); XSokoban: 82 of 90 levels need
                                     fewer than 600, 6 have no such order, 2 run out */
    FOLLOW_CELLS = 1024,
    FOLLOW_GOALS = 512            /* more goals: the greedy order alone */
};

typedef struct follower {
    planner *p;
    const bool *started;          /* [goal]: a box starts on it */
    bool *left;                   /* [goal]: still full */
    int16_t *order;
    long work;                    /* ways back still allowed */
} follower;

/* The order goals are tried in: those no box starts on first, then by pulls, then by number. */
static int64_t follow_key(const follower *f, int goal, int pulls)
{
    return (f->started[goal] ? (int64_t)1 << 32 : 0) + pulls;
}

/* Takes the `remaining` boxes left out, the player on `player` (-1: anywhere), filling
 * order[0 .. remaining) from the back; cand holds 3 * ngoals ints for each goal left (goal,
 * pulls, where the player ends). 1 done, 0 no order, -1 out of work or memory. */
static int follow(follower *f, int remaining, int player, int32_t *cand)
{
    if (remaining == 0) return 1;
    planner *p = f->p;
    const push_board *b = p->b;
    int count = 0;
    for (int j = 0; j < b->ngoals; j++) {
        if (!f->left[j]) continue;
        if (--f->work < 0) return -1;
        int end = -1, cost = take_out(p, j, player, &end);
        if (cost == -2) return -1;
        if (cost < 0) continue;
        int64_t key = follow_key(f, j, cost);
        int at = count++;
        for (; at > 0; at--) {
            int32_t *prev = cand + 3 * (at - 1);
            if (follow_key(f, prev[0], prev[1]) <= key) break;
            memcpy(prev + 3, prev, 3 * sizeof *prev);
        }
        cand[3 * at] = j, cand[3 * at + 1] = cost, cand[3 * at + 2] = end;
    }
    for (int i = 0; i < count; i++) {
        int j = cand[3 * i];
        f->order[remaining - 1] = (int16_t)j;
        f->left[j] = false;
        p->wall[b->goal[j]] = 0;
        int r = follow(f, remaining - 1, cand[3 * i + 2], cand + 3 * b->ngoals);
        if (r != 0) return r;
        f->left[j] = true;
        p->wall[b->goal[j]] = 1;
    }
    return 0;
}

/* The followed order of every goal into pl->order, the goals all full in p->wall (left as
 * they were): true when found. */
static bool follow_all(push_plan *pl, planner *p, const bool *started)
{
    const push_board *b = p->b;
    int ng = b->ngoals;
    if (ng > FOLLOW_GOALS) return false;
    bool *left = malloc(sizeof *left * (size_t)ng + 1);
    int32_t *cand = malloc(sizeof *cand * 3 * (size_t)ng * (size_t)ng + 1);
    bool found = false;
    if (left && cand) {
        for (int j = 0; j < ng; j++) left[j] = true;
        follower f = { p, started, left, pl->order, FOLLOW_WORK };
        if (b->n > FOLLOW_CELLS) f.work = (long)FOLLOW_WORK * FOLLOW_CELLS / b->n;
        found = follow(&f, ng, -1, cand) == 1;
        for (int j = 0; j < ng; j++) p->wall[b->goal[j]] = 1;
    }
    free(left), free(cand);
    return found;
}

int push_plan_init(push_plan *pl, const push_board *b, unsigned flags)
{
    bool park = flags & PUSH_PLAN_PARK;
    memset(pl, 0, sizeof *pl);
    int n = b->n, ng = b->ngoals;
    pl->ngoals = ng;
    pl->order = malloc(sizeof *pl->order * (size_t)(ng + 1));
    pl->rank = malloc(sizeof *pl->rank * (size_t)(ng + 1));
    pl->area_of = malloc(sizeof *pl->area_of * (size_t)(ng + 1));
    pl->area_first = malloc(sizeof *pl->area_first * (size_t)(ng + 2));
    pl->area_goal = malloc(sizeof *pl->area_goal * (size_t)(ng + 1));
    pl->room = calloc((size_t)n + 1, 1);
    pl->sink = calloc((size_t)n + 1, 1);
    planner *p = push_plan_work_new(b);
    if (p) p->sink = pl->sink;
    bool *left = calloc((size_t)ng + 1, sizeof *left), *started = calloc((size_t)ng + 1, sizeof *started);
    /* A box taken out to a sink stands for one brought in from there: only cells a box can get
     * to are sinks. (XSokoban 88: a goal's box was taken out first into a column of a goalless
     * pocket that no box can enter, so the plan filled that goal last, where it can only be
     * filled before the goal next to it.) */
    uint8_t *reach = malloc((size_t)n + 1);
    bool ok = pl->room && pl->order && pl->rank && pl->area_of && pl->area_first && pl->area_goal && pl->sink && p &&
              left && started && reach;
    if (ok) {
        box_reachable(p, reach);
        find_rooms(b, pl->room);
        int sinks = 0;
        for (int i = 0; i < b->nboxes; i++) {
            int c = b->start_box[i];
            if (b->goal_at[c] >= 0) started[b->goal_at[c]] = true;
            else p->sink[c] = 1, sinks++;
        }
        sinks += goalless_rooms(b, pl->room, reach, p->sink, p->queue);
        for (int j = 0; j < ng; j++) left[j] = true, p->wall[b->goal[j]] = 1;
        int remaining = ng, place = ng, widen = WIDEST;
        if ((flags & PUSH_PLAN_FOLLOW) && sinks > 0 && follow_all(pl, p, started)) {
            remaining = place = 0;
            for (int j = 0; j < ng; j++) left[j] = false;
        }
        /* Backwards: take out the box with the shortest way back, leaving the goals boxes
         * start on for last (they may never have to move). */
        while (remaining > 0 && sinks > 0 && ok) {
            int best = -1, best_cost = 0;
            bool best_started = true;
            for (int j = 0; j < ng; j++) {
                if (!left[j] || (started[j] && !best_started)) continue;
                int cost = take_out(p, j, -1, NULL);
                if (cost == -2) {
                    ok = false;
                    break;
                }
                if (cost < 0) continue;
                if (best < 0 || (best_started && !started[j]) || cost < best_cost)
                    best = j, best_cost = cost, best_started = started[j];
            }
            if (!ok) break;
            if (best < 0 && park && widen == WIDEST && pl->parked == 0) {
                /* Stuck: first the boxes left, taken out together. */
                int placed = park_goals(pl, b, p->sink, left, &place, PARK_NODES);
                ok = placed >= 0;
                if (placed > 0) {
                    for (int j = 0; j < ng; j++) left[j] = false;
                    pl->parked = placed;
                    remaining -= placed;
                    continue;
                }
            }
            if (best < 0) {
                /* Stuck: boxes may also be parked nearer the goals, farther first. */
                if (widen < 0 || (widen = widen_sinks(b, reach, p->sink, widen, p->queue)) < 0) break;
                continue;
            }
            pl->order[--place] = (int16_t)best;
            left[best] = false;
            p->wall[b->goal[best]] = 0;
            remaining--;
        }
        pl->planned = ng - place;
        /* Goals no box could leave: the deepest (furthest from where boxes start) first. */
        int k = 0;
        for (int j = 0; j < ng; j++)
            if (left[j]) pl->order[k++] = (int16_t)j;
        for (int i = 1; i < k; i++)
            for (int j = i; j > 0; j--) {
                int a = pl->order[j - 1], c = pl->order[j], da = 0, dc = 0;
                for (int s = 0; s < b->nboxes; s++) {
                    int sa = b->base.dist_any[a * n + b->start_box[s]], sc = b->base.dist_any[c * n + b->start_box[s]];
                    if (sa > da && sa != PUSH_FAR) da = sa;
                    if (sc > dc && sc != PUSH_FAR) dc = sc;
                }
                if (da >= dc) break;
                pl->order[j - 1] = (int16_t)c, pl->order[j] = (int16_t)a;
            }
        for (int i = 0; i < ng; i++) pl->rank[pl->order[i]] = (int16_t)i;
        ok = ok && find_areas(pl, b) == 0;
    }
    push_plan_work_free(p);
    free(left), free(started), free(reach);
    if (!ok) {
        push_plan_free(pl);
        return -1;
    }
    return 0;
}

int push_plan_prefix(const push_plan *pl, const push_board *b, const push_pos *p, int16_t *prefix, int *astray)
{
    int packed = 0, on_goals = 0;
    for (int a = 0; a < pl->nareas; a++) {
        bool whole = true;
        int count = 0;
        for (int i = pl->area_first[a]; i < pl->area_first[a + 1]; i++) {
            int j = pl->area_goal[i], slot = p->occ[b->goal[j]];
            bool full = slot != PUSH_NO_BOX && push_accepts(b, b->box_class[slot], j);
            on_goals += full;
            whole = whole && full;
            count += whole;
        }
        if (prefix) prefix[a] = (int16_t)count;
        packed += count;
    }
    if (astray) *astray = on_goals - packed;
    return packed;
}

int push_plan_packed(const push_plan *pl, const push_board *b, const push_pos *p, int *astray)
{
    return push_plan_prefix(pl, b, p, NULL, astray);
}

push_plan_work *push_plan_work_new(const push_board *b)
{
    planner *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    size_t sides = (size_t)b->n * (size_t)b->ndirs + 1;
    p->b = b;
    p->wall = calloc((size_t)b->n + 1, 1);
    p->side = malloc(sizeof *p->side * sides);
    p->seen = calloc(sides, sizeof *p->seen);
    p->queue = malloc(sizeof *p->queue * sides);
    p->depth = malloc(sizeof *p->depth * sides);
    p->near = malloc((size_t)b->n + 1);
    if (!p->wall || !p->side || !p->seen || !p->queue || !p->depth || !p->near) {
        push_plan_work_free(p);
        return NULL;
    }
    return p;
}

void push_plan_work_free(push_plan_work *p)
{
    if (!p) return;
    free(p->wall), free(p->side), free(p->seen), free(p->queue), free(p->depth), free(p->near);
    free(p);
}

size_t push_plan_work_bytes(const push_board *b)
{
    return sizeof(planner) + 2 * ((size_t)b->n + 1) + ((size_t)b->n * (size_t)b->ndirs + 1) * 16;
}

/* Backwards, as the plan is found: with every goal full, the goals that are not full in p are
 * emptied one after another, each box pulled alone to a sink while the goals still full stand.
 * Emptying a goal never closes another's way, so any order that works is found by taking
 * whichever goal can go, sweep after sweep. */
int push_plan_fillable(const push_plan *pl, push_plan_work *p, const uint8_t *full)
{
    const push_board *b = p->b;
    int ng = b->ngoals, left = 0;
    if (!pl->sink) return -1;
    p->sink = pl->sink;
    for (int j = 0; j < ng; j++) {
        p->wall[b->goal[j]] = 1;
        left += !full[j];
    }
    bool moved = true;
    while (left > 0 && moved) {
        moved = false;
        for (int j = 0; j < ng; j++) {
            int g = b->goal[j];
            if (full[j] || !p->wall[g]) continue;
            p->wall[g] = 0;
            if (push_side_labels(b, p->wall, p->side) != 0) {
                left = -1;
                break;
            }
            if (way_back(p, g, -1, NULL) >= 0) {
                moved = true;
                left--;
            } else {
                p->wall[g] = 1;
            }
        }
    }
    for (int j = 0; j < ng; j++) p->wall[b->goal[j]] = 0;
    p->sink = NULL;
    return left < 0 ? -1 : left == 0;
}
