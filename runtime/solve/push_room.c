/* push_room.c: goal-room macros. A goal room is a part of the board holding goals that the rest
 * reaches only through a few entrance cells. Filling such a room in the wrong order walls goals
 * off, and the search wastes most of its time finding that out. Here the filling order is
 * found once, backwards: from the full room, take out a box that can still be brought in last,
 * and so on (a box that can be brought in with some boxes present can still be with fewer, so
 * this greedy order never misses one that exists). In the search, a box pushed onto an
 * entrance goes straight on to the next goal of the order, as one move. The search is then no
 * longer complete (the order might not be the one a level needs), which the caller accounts
 * for. */
#include "solve/push_board.h"

#include <stdlib.h>
#include <string.h>

enum {
    ROOM_MAX_GOALS = 64,
    ROOM_MAX_CELLS = 400,         /* bounds the (box, player) state space of the path search */
    ROOM_MAX_ENTRANCES = PUSH_ROOM_MAX_ENTRANCES
};

/* ===== the path of one box into the room ================================================== */

typedef struct room_search {
    push_board *b;
    const uint8_t *in_room;       /* n: cells of the room */
    uint8_t *is_entrance;         /* n: entrances of the room */
    const int32_t *entrances;
    int nentrances;
    uint8_t *filled;              /* n: goals already holding a box (walls here) */
    int32_t *local;               /* n: index among the room cells and the entrances, or -1 */
    int nlocal;
    /* breadth-first search over (box cell, normalised player) */
    int32_t *seen;                /* nlocal * nlocal: state index + 1 */
    int32_t *state_box, *state_player, *state_parent;
    int8_t *state_dir;
    int32_t *reach, *reach2, *queue;   /* n */
    int32_t stamp;
} room_search;

static inline bool box_may_enter(const room_search *r, int c)
{
    return c >= 0 && r->in_room[c] && !r->filled[c];
}

/* The player's region with the box on `box` (room cells and entrances; between entrances the
 * player is taken to walk round outside, which the search checks when it uses the path),
 * marked with a new stamp in marks; returns the smallest cell. */
static int player_region(room_search *r, int32_t *marks, int from, int box)
{
    const push_board *b = r->b;
    int head = 0, tail = 0, least = from;
    int32_t stamp = ++r->stamp;
    marks[from] = stamp;
    r->queue[tail++] = from;
    while (head < tail) {
        int c = r->queue[head++];
        for (int d = 0; d <= b->ndirs; d++) {
            int m;
            if (d < b->ndirs) {
                m = push_step(b, c, d);
                if (m < 0 || (!r->in_room[m] && !r->is_entrance[m])) continue;
            } else {
                /* From one entrance the player may walk round outside to the others. */
                if (!r->is_entrance[c]) continue;
                for (int i = 0; i < r->nentrances; i++) {
                    m = r->entrances[i];
                    if (m == box || marks[m] == stamp) continue;
                    marks[m] = stamp;
                    r->queue[tail++] = m;
                    if (m < least) least = m;
                }
                continue;
            }
            if (m == box || r->filled[m] || marks[m] == stamp) continue;
            marks[m] = stamp;
            r->queue[tail++] = m;
            if (m < least) least = m;
        }
    }
    return least;
}

/* Fewest pushes that bring a box from entrance e (the player beyond it, on the neighbour in
 * direction side) to goal g; the directions go to dirs (when not NULL). -1 if impossible. */
static int fill_path(room_search *r, int e, int side, int g, int8_t *dirs, int max)
{
    const push_board *b = r->b;
    int in = b->opp[side], first = push_step(b, e, in);
    if (push_step(b, e, side) < 0 || !box_may_enter(r, first)) return -1;
    int nl = r->nlocal, count = 0, found = -1;
    memset(r->seen, 0, sizeof *r->seen * (size_t)nl * (size_t)nl);
    /* After the first push the box is on `first` and the player on the entrance. */
    int norm = player_region(r, r->reach2, e, first);
    r->state_box[0] = first, r->state_player[0] = e, r->state_parent[0] = -1, r->state_dir[0] = (int8_t)in;
    r->seen[r->local[first] * nl + r->local[norm]] = 1;
    count = 1;
    for (int head = 0; head < count; head++) {
        int box = r->state_box[head];
        if (box == g) {
            found = head;
            break;
        }
        player_region(r, r->reach, r->state_player[head], box);
        int32_t here = r->stamp;
        for (int d = 0; d < b->ndirs; d++) {
            int behind = push_step(b, box, b->opp[d]), to = push_step(b, box, d);
            if (behind < 0 || r->reach[behind] != here || !box_may_enter(r, to)) continue;
            int key = r->local[to] * nl + r->local[player_region(r, r->reach2, box, to)];
            if (r->seen[key]) continue;
            r->seen[key] = count + 1;
            r->state_box[count] = to, r->state_player[count] = box;
            r->state_parent[count] = head, r->state_dir[count] = (int8_t)d;
            count++;
        }
    }
    if (found < 0) return -1;
    int len = 0;
    for (int i = found; i >= 0; i = r->state_parent[i]) len++;
    if (dirs) {
        if (len > max) return -1;
        int k = len;
        for (int i = found; i >= 0; i = r->state_parent[i]) dirs[--k] = r->state_dir[i];
    }
    return len;
}

/* ===== finding the rooms ================================================================== */

typedef struct candidate {
    int size, ngoals, nentrances;
    int32_t *cells;
    int32_t entrance[ROOM_MAX_ENTRANCES];
} candidate;

static int by_size(const void *a, const void *b)
{
    const candidate *x = a, *y = b;
    if (x->size != y->size) return x->size - y->size;
    return x->nentrances - y->nentrances;
}

/* The cells reached from x without crossing e: one side of the articulation cell e. */
static int flood_side(const push_board *b, int e, int x, uint8_t *mark, int32_t *cells)
{
    int count = 0;
    mark[x] = 1;
    cells[count++] = x;
    for (int i = 0; i < count; i++)
        for (int d = 0; d < b->ndirs; d++) {
            int m = push_step(b, cells[i], d);
            if (m < 0 || m == e || mark[m]) continue;
            mark[m] = 1;
            cells[count++] = m;
        }
    for (int i = 0; i < count; i++) mark[cells[i]] = 0;
    return count;
}

/* The open cells next to a region (marked in mark); at most `most` + 1 are listed. */
static int region_boundary(const push_board *b, const int32_t *cells, int size, uint8_t *mark, int32_t *out,
                           int most)
{
    int count = 0;
    for (int i = 0; i < size && count <= most; i++)
        for (int d = 0; d < b->ndirs && count <= most; d++) {
            int m = push_step(b, cells[i], d);
            if (m < 0 || mark[m]) continue;
            mark[m] = 2;                  /* listed */
            out[count++] = m;
        }
    for (int i = 0; i < count; i++) mark[out[i]] = 0;
    return count;
}

static bool add_candidate(candidate *cand, int *ncand, const push_board *b, const int32_t *cells, int size,
                          const int32_t *entrance, int nentrances)
{
    int goals = 0;
    for (int i = 0; i < size; i++) goals += b->goal_at[cells[i]] >= 0;
    for (int i = 0; i < nentrances; i++)
        if (b->goal_at[entrance[i]] >= 0) return true;       /* a goal in the doorway: no room */
    if (goals < 2 || goals > ROOM_MAX_GOALS || size > ROOM_MAX_CELLS || size * 2 > b->n) return true;
    candidate *cd = &cand[(*ncand)];
    cd->cells = malloc(sizeof *cd->cells * (size_t)size);
    if (!cd->cells) return false;
    memcpy(cd->cells, cells, sizeof *cells * (size_t)size);
    memcpy(cd->entrance, entrance, sizeof *entrance * (size_t)nentrances);
    cd->size = size, cd->ngoals = goals, cd->nentrances = nentrances;
    (*ncand)++;
    return true;
}

/* Rooms behind one cell: each side of an articulation cell. */
static bool articulation_rooms(const push_board *b, candidate *cand, int *ncand, int cap, uint8_t *mark,
                               int32_t *cells)
{
    int n = b->n, nd = b->ndirs;
    for (int e = 0; e < n; e++)
        for (int d = 0; d < nd; d++) {
            int x = push_step(b, e, d);
            int32_t label = b->base.side[e * nd + d];
            if (x < 0) continue;
            bool first = true, split = false;
            for (int d2 = 0; d2 < nd; d2++) {
                int32_t l2 = b->base.side[e * nd + d2];
                if (l2 < 0) continue;
                if (l2 != label) split = true;
                else if (d2 < d) first = false;
            }
            if (!split || !first || *ncand >= cap) continue;
            int size = flood_side(b, e, x, mark, cells);
            if (!add_candidate(cand, ncand, b, cells, size, &e, 1)) return false;
        }
    return true;
}

/* Rooms around a cluster of goals: the cluster, grown ring by ring until few cells lead in. */
static bool cluster_rooms(const push_board *b, candidate *cand, int *ncand, int cap, uint8_t *mark,
                          int32_t *cells)
{
    int n = b->n;
    uint8_t *done = calloc((size_t)n, 1);
    if (!done) return false;
    int32_t ring[ROOM_MAX_ENTRANCES + 1];
    for (int g = 0; g < b->ngoals && *ncand < cap; g++) {
        int start = b->goal[g];
        if (done[start]) continue;
        /* The cluster: goals joined to this one. */
        int size = 0;
        mark[start] = 1;
        cells[size++] = start;
        for (int i = 0; i < size; i++)
            for (int d = 0; d < b->ndirs; d++) {
                int m = push_step(b, cells[i], d);
                if (m < 0 || mark[m] || b->goal_at[m] < 0) continue;
                mark[m] = 1;
                cells[size++] = m;
            }
        for (int i = 0; i < size; i++) done[cells[i]] = 1;
        bool ok = true;
        while (size * 2 <= n && size <= ROOM_MAX_CELLS) {
            int nring = region_boundary(b, cells, size, mark, ring, ROOM_MAX_ENTRANCES);
            if (nring == 0) break;
            /* A pocket off the room that leads nowhere else is part of the room. */
            bool absorbed = false;
            for (int i = 0; i < nring && nring <= ROOM_MAX_ENTRANCES; i++) {
                bool outside = false;
                for (int d = 0; d < b->ndirs && !outside; d++) {
                    int m = push_step(b, ring[i], d);
                    if (m < 0 || mark[m]) continue;
                    bool in_ring = false;
                    for (int j = 0; j < nring; j++) in_ring = in_ring || ring[j] == m;
                    outside = !in_ring;
                }
                if (!outside) {
                    mark[ring[i]] = 1;
                    cells[size++] = ring[i];
                    absorbed = true;
                }
            }
            if (absorbed) continue;
            if (nring <= ROOM_MAX_ENTRANCES) {
                ok = add_candidate(cand, ncand, b, cells, size, ring, nring);
                break;
            }
            /* Take in the whole ring and look again. */
            int before = size;
            for (int i = 0; i < before; i++)
                for (int d = 0; d < b->ndirs; d++) {
                    int m = push_step(b, cells[i], d);
                    if (m < 0 || mark[m]) continue;
                    mark[m] = 1;
                    cells[size++] = m;
                }
        }
        for (int i = 0; i < size; i++) mark[cells[i]] = 0;
        if (!ok) {
            free(done);
            return false;
        }
    }
    free(done);
    return true;
}

static void room_free(push_room *room)
{
    if (room->path)
        for (int i = 0; i < room->ngoals * room->nentries; i++) free(room->path[i]);
    free(room->path), free(room->path_len), free(room->order), free(room->cells);
    memset(room, 0, sizeof *room);
}

void push_rooms_free(push_board *b)
{
    for (int i = 0; i < b->nrooms; i++) room_free(&b->rooms[i]);
    free(b->rooms), free(b->room_of), free(b->entrance_of);
    b->rooms = NULL, b->room_of = b->entrance_of = NULL;
    b->nrooms = 0;
}

/* The shortest way in for goal g among the room's entries, or -1. */
static int best_entry(room_search *r, const push_room *room, int g)
{
    int best = -1;
    for (int k = 0; k < room->nentries; k++) {
        int len = fill_path(r, room->entry_cell[k], room->entry_dir[k], g, NULL, 0);
        if (len >= 0 && (best < 0 || len < best)) best = len;
    }
    return best;
}

/* The filling order of a room and the path of each box; false when no order exists. */
static bool plan_room(room_search *r, push_room *room, const candidate *cand)
{
    push_board *b = r->b;
    int k = cand->ngoals;
    room->ncells = cand->size;
    room->cells = malloc(sizeof *room->cells * (size_t)cand->size);
    room->order = malloc(sizeof *room->order * (size_t)k);
    if (!room->cells || !room->order) return false;
    memcpy(room->cells, cand->cells, sizeof *room->cells * (size_t)cand->size);
    /* Entries: an entrance and the side the box comes from, straight into the room. */
    for (int i = 0; i < cand->nentrances; i++) {
        int e = cand->entrance[i];
        for (int d = 0; d < b->ndirs; d++) {
            int from = push_step(b, e, d), into = push_step(b, e, b->opp[d]);
            if (from < 0 || r->in_room[from] || into < 0 || !r->in_room[into]) continue;
            room->entry_cell[room->nentries] = e;
            room->entry_dir[room->nentries++] = (int8_t)d;
        }
    }
    if (room->nentries == 0) return false;
    room->nentrances = cand->nentrances;
    /* Backwards: the goal whose box comes in most cheaply with all the others full is the
     * last to fill. */
    int left = k;
    int32_t goals[ROOM_MAX_GOALS];
    for (int i = 0, j = 0; i < cand->size; i++)
        if (b->goal_at[cand->cells[i]] >= 0) goals[j++] = cand->cells[i];
    for (int i = 0; i < k; i++) r->filled[goals[i]] = 1;
    bool ok = true;
    while (left > 0) {
        int best = -1, best_len = 0;
        for (int i = 0; i < left; i++) {
            r->filled[goals[i]] = 0;
            int len = best_entry(r, room, goals[i]);
            if (len >= 0 && (best < 0 || len < best_len)) best = i, best_len = len;
            r->filled[goals[i]] = 1;
        }
        if (best < 0) {
            ok = false;
            break;
        }
        room->order[--left] = goals[best];
        r->filled[goals[best]] = 0;
        goals[best] = goals[left];
    }
    for (int i = 0; i < left; i++) r->filled[goals[i]] = 0;
    if (!ok) return false;
    room->ngoals = k;
    size_t npaths = (size_t)k * (size_t)room->nentries;
    room->path = calloc(npaths, sizeof *room->path);
    room->path_len = calloc(npaths, sizeof *room->path_len);
    int8_t *dirs = malloc((size_t)r->nlocal * (size_t)r->nlocal + 1);
    if (!room->path || !room->path_len || !dirs) {
        free(dirs);
        return false;
    }
    for (int m = 0; m < k; m++) {
        for (int e = 0; e < room->nentries; e++) {
            int len = fill_path(r, room->entry_cell[e], room->entry_dir[e], room->order[m], dirs,
                                r->nlocal * r->nlocal);
            if (len < 0) continue;
            int8_t *p = malloc((size_t)len);
            if (!p) {
                free(dirs);
                return false;
            }
            memcpy(p, dirs, (size_t)len);
            room->path[m * room->nentries + e] = p;
            room->path_len[m * room->nentries + e] = len;
            if (len > b->max_room_path) b->max_room_path = len;
        }
        r->filled[room->order[m]] = 1;
    }
    for (int m = 0; m < k; m++) r->filled[room->order[m]] = 0;
    free(dirs);
    return true;
}

int push_rooms_init(push_board *b)
{
    int n = b->n;
    b->nrooms = 0;
    b->max_room_path = 0;
    b->room_of = malloc(sizeof *b->room_of * (size_t)n);
    b->entrance_of = malloc(sizeof *b->entrance_of * (size_t)n);
    uint8_t *mark = calloc((size_t)n, 1), *in_room = calloc((size_t)n, 1), *filled = calloc((size_t)n, 1);
    uint8_t *is_entrance = calloc((size_t)n, 1);
    int32_t *cells = malloc(sizeof *cells * (size_t)n);
    int cap = n + b->ngoals + 1, ncand = 0;
    candidate *cand = malloc(sizeof *cand * (size_t)cap);
    bool ok = b->room_of && b->entrance_of && mark && in_room && filled && is_entrance && cells && cand;
    if (ok) {
        for (int c = 0; c < n; c++) b->room_of[c] = b->entrance_of[c] = -1;
        ok = articulation_rooms(b, cand, &ncand, cap, mark, cells) &&
             cluster_rooms(b, cand, &ncand, cap, mark, cells);
    }
    /* The smallest room around a set of goals is the tightest: take rooms smallest first,
     * each only if none of its cells is in a room taken already. */
    if (ok) qsort(cand, (size_t)ncand, sizeof *cand, by_size);
    room_search r = { 0 };
    r.b = b;
    r.in_room = in_room;
    r.is_entrance = is_entrance;
    r.filled = filled;
    r.local = malloc(sizeof *r.local * (size_t)n);
    r.reach = calloc((size_t)n, sizeof *r.reach);
    r.reach2 = calloc((size_t)n, sizeof *r.reach2);
    r.queue = malloc(sizeof *r.queue * (size_t)n);
    int most = 2;
    for (int i = 0; i < ncand; i++)
        if (cand[i].size + cand[i].nentrances > most) most = cand[i].size + cand[i].nentrances;
    size_t states = (size_t)most * (size_t)most;
    r.seen = malloc(sizeof *r.seen * states);
    r.state_box = malloc(sizeof *r.state_box * states);
    r.state_player = malloc(sizeof *r.state_player * states);
    r.state_parent = malloc(sizeof *r.state_parent * states);
    r.state_dir = malloc(states);
    b->rooms = calloc((size_t)(ncand ? ncand : 1), sizeof *b->rooms);
    ok = ok && r.local && r.reach && r.reach2 && r.queue && r.seen && r.state_box && r.state_player &&
         r.state_parent && r.state_dir && b->rooms;
    for (int i = 0; i < ncand && ok; i++) {
        candidate *cd = &cand[i];
        bool taken = false;
        for (int j = 0; j < cd->size && !taken; j++)
            taken = b->room_of[cd->cells[j]] >= 0 || b->entrance_of[cd->cells[j]] >= 0;
        for (int j = 0; j < cd->nentrances && !taken; j++)
            taken = b->room_of[cd->entrance[j]] >= 0 || b->entrance_of[cd->entrance[j]] >= 0;
        if (taken) continue;
        for (int c = 0; c < n; c++) r.local[c] = -1;
        r.nlocal = 0;
        for (int j = 0; j < cd->size; j++) {
            in_room[cd->cells[j]] = 1;
            r.local[cd->cells[j]] = r.nlocal++;
        }
        for (int j = 0; j < cd->nentrances; j++) {
            r.local[cd->entrance[j]] = r.nlocal++;
            is_entrance[cd->entrance[j]] = 1;
        }
        r.entrances = cd->entrance;
        r.nentrances = cd->nentrances;
        push_room *room = &b->rooms[b->nrooms];
        if (plan_room(&r, room, cd)) {
            for (int j = 0; j < cd->size; j++) b->room_of[cd->cells[j]] = (int16_t)b->nrooms;
            for (int j = 0; j < room->nentries; j++) b->entrance_of[room->entry_cell[j]] = (int16_t)b->nrooms;
            b->nrooms++;
        } else {
            room_free(room);
        }
        for (int j = 0; j < cd->size; j++) in_room[cd->cells[j]] = 0;
        for (int j = 0; j < cd->nentrances; j++) is_entrance[cd->entrance[j]] = 0;
    }
    for (int i = 0; i < ncand; i++) free(cand[i].cells);
    free(cand), free(mark), free(in_room), free(filled), free(is_entrance), free(cells);
    free(r.local), free(r.reach), free(r.reach2), free(r.queue), free(r.seen), free(r.state_box);
    free(r.state_player), free(r.state_parent), free(r.state_dir);
    return ok ? 0 : -1;
}

/* ===== in the search ====================================================================== */

int push_room_macro(const push_board *b, const push_pos *p, int from, int to, const int8_t **dirs, bool *exact)
{
    int ri = b->entrance_of[to];
    if (ri < 0 || b->room_of[from] == ri) return 0;
    const push_room *room = &b->rooms[ri];
    /* The room must hold exactly the first m goals of its order. */
    int m = 0;
    while (m < room->ngoals && p->occ[room->order[m]] != PUSH_NO_BOX) m++;
    if (m == room->ngoals) return 0;
    int inside = 0;
    for (int i = 0; i < room->ncells; i++) inside += p->occ[room->cells[i]] != PUSH_NO_BOX;
    if (inside != m) return 0;
    if (!push_accepts(b, b->box_class[p->occ[to]], b->goal_at[room->order[m]])) return 0;
    *exact = room->nentrances == 1;
    for (int k = 0; k < room->nentries; k++)
        if (room->entry_cell[k] == to && push_step(b, to, room->entry_dir[k]) == from) {
            *dirs = room->path[m * room->nentries + k];
            return *dirs ? room->path_len[m * room->nentries + k] : 0;
        }
    return 0;
}
