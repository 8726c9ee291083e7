/* push_plan.c: the packing plan (see push_plan.h). The way back of one box is a breadth-first
 * search over (box cell, side label) pairs: with the other goals full and every other box
 * gone, the side labels of the walled board say which sides of the box the player can walk
 * between, so a pull is one table lookup and no flood fill. */
#include "solve/push_plan.h"

#include <stdlib.h>
#include <string.h>

struct push_plan_work {
    const push_board *b;
    uint8_t *wall;                /* n: goals still full */
    uint8_t *sink;                /* n: where boxes are taken out to (the plan's sinks, not owned) */
    int32_t *side;                /* n * ndirs: labels of the walled board */
    uint32_t *seen, stamp;        /* n * ndirs */
    int32_t *queue, *depth;       /* n * ndirs */
};
typedef struct push_plan_work planner;

static void mark_label(planner *p, int x, int32_t label, uint32_t stamp)
{
    int nd = p->b->ndirs;
    for (int e = 0; e < nd; e++)
        if (p->side[x * nd + e] == label) p->seen[x * nd + e] = stamp;
}

/* Pulls needed to take the box on goal g back to a sink, the other full goals standing; -1
 * when it cannot go. */
static int way_back(planner *p, int g)
{
    const push_board *b = p->b;
    int nd = b->ndirs, head = 0, tail = 0;
    if (++p->stamp == 0) {
        memset(p->seen, 0, sizeof *p->seen * ((size_t)b->n * (size_t)nd + 1));
        p->stamp = 1;
    }
    uint32_t stamp = p->stamp;
    /* The player, having just pushed the box in, stands on one of its open sides. */
    for (int d = 0; d < nd; d++) {
        int y = push_step(b, g, d);
        if (y < 0 || p->wall[y] || p->seen[g * nd + d] == stamp) continue;
        mark_label(p, g, p->side[g * nd + d], stamp);
        p->queue[tail] = g * nd + d;
        p->depth[tail++] = 0;
    }
    while (head < tail) {
        int x = p->queue[head] / nd, e = p->queue[head] % nd, depth = p->depth[head];
        head++;
        if (p->sink[x]) return depth;
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

/* Marks in sink the cells of the rooms (connected room cells) that hold no goal; returns how
 * many were not marked before. queue holds n ints. */
static int goalless_rooms(const push_board *b, const uint8_t *room, uint8_t *sink, int32_t *queue)
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
            if (!sink[queue[i]]) sink[queue[i]] = 1, added++;
    }
    free(seen);
    return added;
}

enum { WIDEST = 4 };              /* sinks are widened to cells this many steps from every goal, then nearer */

/* Marks as sinks the cells off goals at least `steps` - 1 walking steps from every goal, the
 * previous widening having taken those at least `steps` away; returns the next `steps`, or -1
 * when no cell is left to take. queue holds n ints. */
static int widen_sinks(const push_board *b, uint8_t *sink, int steps, int32_t *queue)
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
        if (dist[c] >= steps && !b->dead_all[c]) sink[c] = 1;
    free(dist);
    return steps;
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

int push_plan_init(push_plan *pl, const push_board *b)
{
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
    bool ok = pl->room && pl->order && pl->rank && pl->area_of && pl->area_first && pl->area_goal && pl->sink && p &&
              left && started;
    if (ok) {
        find_rooms(b, pl->room);
        int sinks = 0;
        for (int i = 0; i < b->nboxes; i++) {
            int c = b->start_box[i];
            if (b->goal_at[c] >= 0) started[b->goal_at[c]] = true;
            else p->sink[c] = 1, sinks++;
        }
        sinks += goalless_rooms(b, pl->room, p->sink, p->queue);
        for (int j = 0; j < ng; j++) left[j] = true, p->wall[b->goal[j]] = 1;
        int remaining = ng, place = ng, widen = WIDEST;
        /* Backwards: take out the box with the shortest way back, leaving the goals boxes
         * start on for last (they may never have to move). */
        while (remaining > 0 && sinks > 0 && ok) {
            int best = -1, best_cost = 0;
            bool best_started = true;
            for (int j = 0; j < ng; j++) {
                if (!left[j] || (started[j] && !best_started)) continue;
                p->wall[b->goal[j]] = 0;
                ok = push_side_labels(b, p->wall, p->side) == 0;
                int cost = ok ? way_back(p, b->goal[j]) : -1;
                p->wall[b->goal[j]] = 1;
                if (cost < 0) continue;
                if (best < 0 || (best_started && !started[j]) || cost < best_cost)
                    best = j, best_cost = cost, best_started = started[j];
            }
            if (best < 0) {
                /* Stuck: boxes may also be parked nearer the goals, farther first. */
                if (widen < 0 || (widen = widen_sinks(b, p->sink, widen, p->queue)) < 0) break;
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
    free(left), free(started);
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
    if (!p->wall || !p->side || !p->seen || !p->queue || !p->depth) {
        push_plan_work_free(p);
        return NULL;
    }
    return p;
}

void push_plan_work_free(push_plan_work *p)
{
    if (!p) return;
    free(p->wall), free(p->side), free(p->seen), free(p->queue), free(p->depth);
    free(p);
}

size_t push_plan_work_bytes(const push_board *b)
{
    return sizeof(planner) + (size_t)b->n + 1 + ((size_t)b->n * (size_t)b->ndirs + 1) * 16;
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
            if (way_back(p, g) >= 0) {
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
