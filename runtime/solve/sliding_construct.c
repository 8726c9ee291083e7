/* sliding_construct.c: the fast non-optimal method for any board of at least 2 x 2.
 *
 * While the unsolved part is larger than 3 x 3, its longer side loses one line: the top row
 * (or the left column) is filled tile by tile, each tile walked home along a shortest path
 * with the blank brought round in front of it, solved tiles locked. (Up to 32 x 32, both ends
 * of the line, and both sides of a nearly square rest, are tried on a copy first and the
 * cheapest goes: about 10% shorter solutions for 4x the work.) The last two tiles of a
 * line cannot go in that way (the second would need the blank behind a locked tile), so the
 * last one goes to its corner, the other one next to the corner, and a breadth-first search
 * over the 2 x 3 window around them (positions of the two tiles and the blank: at most 216
 * states) finishes the line. The 3 x 3 (or smaller) rest is solved exactly by IDA*; when
 * 4 x 4 pattern databases are already in memory, a 4 x 4 rest is solved exactly with them
 * instead (under a node cap, so the mode stays quick). Every step is a shortest-path search
 * on the grid: 64 x 64 takes about 0.2 s, 30 x 30 about 0.05 s. */
#include <stdlib.h>
#include <string.h>

#include "core/sliding.h"
#include "solve/sliding_internal.h"

/* Boards up to this many cells try the line options before each line (about 4x the work). */
#define SLIDING_CHOICE_CELLS 1024

typedef struct builder {
    int w, h, n;
    int *board, *where;          /* tile on each cell; cell of each tile */
    unsigned char *locked;
    int *seen, *parent, *queue;  /* search scratch, `seen` stamped to skip clearing */
    int *route;                  /* distances to the target of the tile being walked */
    int *trail;                  /* a blank path being replayed */
    int stamp;
    int blank;
    sliding_moves *moves;
} builder;

static int neighbour(const builder *s, int cell, int d)
{
    int r = cell / s->w, c = cell % s->w;
    switch (d) {
    case SLIDE_UP: return r > 0 ? cell - s->w : -1;
    case SLIDE_DOWN: return r < s->h - 1 ? cell + s->w : -1;
    case SLIDE_LEFT: return c > 0 ? cell - 1 : -1;
    default: return c < s->w - 1 ? cell + 1 : -1;
    }
}

/* Moves the blank one step to an adjacent cell (the tile there takes the blank's place). */
static void step_blank(builder *s, int to)
{
    int d = to == s->blank - s->w ? SLIDE_UP : to == s->blank + s->w ? SLIDE_DOWN
          : to == s->blank - 1 ? SLIDE_LEFT : SLIDE_RIGHT;
    int t = s->board[to];
    s->board[s->blank] = t;
    s->where[t] = s->blank;
    s->board[to] = 0;
    s->where[0] = to;
    s->blank = to;
    sliding_moves_add(s->moves, sliding_letters[d]);
}

/* Breadth-first search from `from` over unlocked cells other than `avoid`, stopping at the
 * first cell that `is_goal` accepts; the path is left in s->parent. Returns that cell or -1. */
static int search(builder *s, int from, int avoid, bool (*is_goal)(const builder *, int, const void *),
                  const void *ud)
{
    int head = 0, tail = 0;
    s->stamp++;
    s->seen[from] = s->stamp;
    s->parent[from] = -1;
    s->queue[tail++] = from;
    while (head < tail) {
        int cell = s->queue[head++];
        if (is_goal(s, cell, ud)) return cell;
        for (int d = 0; d < 4; d++) {
            int next = neighbour(s, cell, d);
            if (next < 0 || next == avoid || s->locked[next] || s->seen[next] == s->stamp) continue;
            s->seen[next] = s->stamp;
            s->parent[next] = cell;
            s->queue[tail++] = next;
        }
    }
    return -1;
}

static bool is_cell(const builder *s, int cell, const void *ud)
{
    (void)s;
    return cell == *(const int *)ud;
}

struct cells {
    const int *cell;
    int count;
};

static bool is_any(const builder *s, int cell, const void *ud)
{
    (void)s;
    const struct cells *set = ud;
    for (int i = 0; i < set->count; i++)
        if (set->cell[i] == cell) return true;
    return false;
}

/* Walks the blank to `target` without crossing locked cells or `avoid`. */
static int blank_to(builder *s, int target, int avoid)
{
    if (s->blank == target) return 0;
    if (search(s, target, avoid, is_cell, &s->blank) < 0) return -1;
    /* Searched from the target, so parents lead from the blank back to it. */
    for (int cell = s->parent[s->blank]; cell >= 0; cell = s->parent[cell]) step_blank(s, cell);
    return 0;
}

/* Walks a tile to `target` along a shortest path over unlocked cells, bringing the blank in
 * front of it for every step without disturbing it. Where two next cells are equally short,
 * the one the blank reaches sooner wins: that turns diagonal trips into staircases, three
 * moves a step instead of the five a straight push costs. */
static int tile_to(builder *s, int tile, int target)
{
    if (s->where[tile] == target) return 0;
    /* Distances to the target over the unlocked cells (the tile's own cell included),
     * from a search that runs until it meets the tile: queue order is distance order. */
    int start = s->where[tile];
    if (search(s, target, -1, is_cell, &start) < 0) return -1;
    for (int i = 0; i < s->n; i++) s->route[i] = -1;
    s->route[target] = 0;
    for (int head = 1; s->route[start] < 0; head++) {
        int cell = s->queue[head];
        s->route[cell] = s->route[s->parent[cell]] + 1;
    }
    while (s->where[tile] != target) {
        int at = s->where[tile], want = s->route[at] - 1;
        int candidate[4], count = 0;
        for (int d = 0; d < 4; d++) {
            int next = neighbour(s, at, d);
            if (next >= 0 && !s->locked[next] && s->route[next] == want) candidate[count++] = next;
        }
        /* One search from the blank finds the candidate it reaches first. */
        struct cells want_set = {candidate, count};
        int best = search(s, s->blank, at, is_any, &want_set);
        if (best < 0) return -1;
        int len = 0;
        for (int cell = best; cell != s->blank; cell = s->parent[cell]) s->trail[len++] = cell;
        while (len) step_blank(s, s->trail[--len]);
        step_blank(s, at);
    }
    return 0;
}

typedef struct window {
    int cell[6];
} window;

static int window_index(const window *win, int cell)
{
    for (int i = 0; i < 6; i++)
        if (win->cell[i] == cell) return i;
    return -1;
}

static bool in_window(const builder *s, int cell, const void *ud)
{
    (void)s;
    return window_index(ud, cell) >= 0;
}

/* Puts tiles a and b on cells ga and gb, all inside the window with the blank, by a
 * breadth-first search over (cell of a, cell of b, cell of blank); other tiles in the window
 * may move. Returns 0, or -1 if no sequence exists inside the window. */
static int window_solve(builder *s, const window *win, int a, int ga, int b, int gb)
{
    enum { STATES = 6 * 6 * 6 };
    int prev[STATES], queue[STATES], head = 0, tail = 0;
    signed char via[STATES];
    for (int i = 0; i < STATES; i++) prev[i] = -2;
    int ia = window_index(win, s->where[a]), ib = window_index(win, s->where[b]);
    int ie = window_index(win, s->blank);
    if (ia < 0 || ib < 0 || ie < 0) return -1;
    int start = (ia * 6 + ib) * 6 + ie, goal_a = window_index(win, ga), goal_b = window_index(win, gb);
    prev[start] = -1;
    queue[tail++] = start;
    int found = -1;
    while (head < tail && found < 0) {
        int st = queue[head++];
        int pa = st / 36, pb = st / 6 % 6, pe = st % 6;
        if (pa == goal_a && pb == goal_b) {
            found = st;
            break;
        }
        for (int d = 0; d < 4; d++) {
            int next = neighbour(s, win->cell[pe], d);
            int ni = next < 0 ? -1 : window_index(win, next);
            if (ni < 0) continue;
            int na = pa == ni ? pe : pa, nb = pb == ni ? pe : pb;
            int ns = (na * 6 + nb) * 6 + ni;
            if (prev[ns] != -2) continue;
            prev[ns] = st;
            via[ns] = (signed char)ni;
            queue[tail++] = ns;
        }
    }
    if (found < 0) return -1;
    int steps[STATES], len = 0;
    for (int st = found; prev[st] >= 0; st = prev[st]) steps[len++] = via[st];
    while (len) step_blank(s, win->cell[steps[--len]]);
    return 0;
}

/* The cell `along` the line and `across` away from it, inward. */
static int line_cell(const builder *s, bool row, int r0, int c0, int along, int across)
{
    return row ? (r0 + across) * s->w + c0 + along : (r0 + along) * s->w + c0 + across;
}

/* Solves the top row (row) or left column of the unsolved part [r0, h) x [c0, w), tile by
 * tile from its start (or from its far end: reverse), the last two by the window. */
static int solve_line(builder *s, bool row, int r0, int c0, bool reverse)
{
    int len = row ? s->w - c0 : s->h - r0;
#define AT(i) (reverse ? len - 1 - (i) : (i))   /* the i-th cell filled, along the line */
    for (int i = 0; i + 2 < len; i++) {
        int cell = line_cell(s, row, r0, c0, AT(i), 0);
        if (tile_to(s, cell + 1, cell) != 0) return -1;
        s->locked[cell] = 1;
    }
    int ga = line_cell(s, row, r0, c0, AT(len - 2), 0), gb = line_cell(s, row, r0, c0, AT(len - 1), 0);
    int a = ga + 1, b = gb + 1;
    if (s->where[a] != ga || s->where[b] != gb) {
        window win;
        for (int i = 0; i < 6; i++) win.cell[i] = line_cell(s, row, r0, c0, AT(len - 2 + i % 2), i / 2);
        if (tile_to(s, b, gb) != 0) return -1;
        s->locked[gb] = 1;
        int rc = window_index(&win, s->where[a]) >= 0 ? 0
               : tile_to(s, a, line_cell(s, row, r0, c0, AT(len - 2), 1));
        s->locked[gb] = 0;
        if (rc != 0) return -1;
        if (window_index(&win, s->blank) < 0) {
            int la = s->where[a], lb = s->where[b];
            s->locked[la] = s->locked[lb] = 1;
            int cell = search(s, s->blank, -1, in_window, &win);
            rc = cell < 0 ? -1 : blank_to(s, cell, -1);
            s->locked[la] = s->locked[lb] = 0;
            if (rc != 0) return -1;
        }
        if (window_solve(s, &win, a, ga, b, gb) != 0) return -1;
    }
#undef AT
    s->locked[ga] = s->locked[gb] = 1;
    return 0;
}

/* Moves solve_line would make, tried on a copy of the board (the search scratch is shared);
 * -1 if it fails. */
static long line_cost(builder *s, builder *copy, bool row, int r0, int c0, bool reverse)
{
    int *board = copy->board, *where = copy->where;
    unsigned char *locked = copy->locked;
    *copy = *s;
    copy->board = board;
    copy->where = where;
    copy->locked = locked;
    memcpy(board, s->board, sizeof(int) * (size_t)s->n);
    memcpy(where, s->where, sizeof(int) * (size_t)s->n);
    memcpy(locked, s->locked, (size_t)s->n);
    sliding_moves m = {0};
    copy->moves = &m;
    int rc = solve_line(copy, row, r0, c0, reverse);
    s->stamp = copy->stamp;
    long cost = rc != 0 || m.failed ? -1 : (long)m.len;
    free(m.s);
    return cost;
}

/* Picks the next line: the longer side's (so the rest stays square-ish), or on a nearly square
 * rest whichever side is cheaper; either end first, whichever is cheaper. Small boards only
 * (each option is a trial run). keep4: never leave a rest narrower than 4 (a 4 x 4 rest is
 * wanted for the pattern databases). */
static void choose_line(builder *s, builder *copy, int r0, int c0, bool keep4, bool *row,
                        bool *reverse)
{
    int rw = s->w - c0, rh = s->h - r0;
    *row = rh >= rw;
    *reverse = false;
    if (!copy->board) return;
    long best = -1;
    for (int side = 0; side < 2; side++) {
        bool r = side == 0 ? rh >= rw : rh < rw;
        if (side == 1 && (abs(rw - rh) > 1 || (r ? rh : rw) < 3)) continue;
        if (side == 1 && keep4 && (r ? rh : rw) <= 4) continue;
        for (int rev = 0; rev < 2; rev++) {
            long cost = line_cost(s, copy, r, r0, c0, rev);
            if (cost >= 0 && (best < 0 || cost < best)) {
                best = cost;
                *row = r;
                *reverse = rev;
            }
        }
    }
}

/* The unsolved part [r0, h) x [c0, w) as a board of its own (tiles relabelled 1..). */
static int *extract(const builder *s, int r0, int c0, int rw, int rh)
{
    int *rest = malloc(sizeof(int) * (size_t)(rw * rh));
    if (!rest) return NULL;
    for (int r = 0; r < rh; r++)
        for (int c = 0; c < rw; c++) {
            int t = s->board[(r0 + r) * s->w + c0 + c];
            rest[r * rw + c] = t ? ((t - 1) / s->w - r0) * rw + (t - 1) % s->w - c0 + 1 : 0;
        }
    return rest;
}

solve_status sliding_construct(const int *tiles, int w, int h, const pdb_set *tables,
                               sliding_budget *b, sliding_moves *moves, bool *exact)
{
    builder s = {0};
    s.w = w;
    s.h = h;
    s.n = w * h;
    s.moves = moves;
    size_t n = (size_t)s.n;
    s.board = malloc(n * sizeof(int));
    s.where = malloc(n * sizeof(int));
    s.seen = calloc(n, sizeof(int));
    s.parent = malloc(n * sizeof(int));
    s.queue = malloc(n * sizeof(int));
    s.route = malloc(n * sizeof(int));
    s.trail = malloc(n * sizeof(int));
    s.locked = calloc(n, 1);
    builder trial = {0};   /* a copy to try options on; only for boards small enough */
    if (s.n <= SLIDING_CHOICE_CELLS) {
        trial.board = malloc(n * sizeof(int));
        trial.where = malloc(n * sizeof(int));
        trial.locked = malloc(n);
        if (!trial.board || !trial.where || !trial.locked) {
            free(trial.board);
            free(trial.where);
            free(trial.locked);
            trial.board = NULL;
        }
    }
    solve_status st = SOLVE_ERROR;
    int *rest = NULL;
    if (!s.board || !s.where || !s.seen || !s.parent || !s.queue || !s.route || !s.trail || !s.locked) goto done;
    for (int i = 0; i < s.n; i++) {
        s.board[i] = tiles[i];
        s.where[tiles[i]] = i;
    }
    s.blank = s.where[0];
    int r0 = 0, c0 = 0;
    bool try_tables = tables != NULL;
    *exact = true;
    for (;;) {
        int rw = w - c0, rh = h - r0;
        if (try_tables && rw == 4 && rh == 4) {
            /* A 4 x 4 rest goes to the pattern databases, if they finish within the cap;
             * if not, the lines go on as usual. */
            rest = extract(&s, r0, c0, rw, rh);
            if (!rest) goto done;
            uint64_t cap = b->node_cap;
            b->node_cap = b->nodes + SLIDING_FAST_PDB_NODES;
            sliding_moves part = {0};
            st = sliding_ida_pdb(rest, tables, b, &part);
            b->node_cap = cap;
            if (st == SOLVE_SOLVED) {
                for (size_t i = 0; i < part.len; i++) sliding_moves_add(moves, part.s[i]);
                free(part.s);
                goto simplify;
            }
            free(part.s);
            free(rest);
            rest = NULL;
            if (!sliding_budget_unspend(b)) {
                st = SOLVE_TIMEOUT;
                goto done;
            }
            try_tables = false;
            st = SOLVE_ERROR;
        }
        if (rw <= 3 && rh <= 3) break;
        bool row, reverse;
        choose_line(&s, &trial, r0, c0, try_tables && rw >= 4 && rh >= 4, &row, &reverse);
        if (solve_line(&s, row, r0, c0, reverse) != 0) goto done;
        *exact = false;
        if (row) r0++;
        else c0++;
        if (sliding_budget_spent(b)) {
            st = SOLVE_TIMEOUT;
            goto done;
        }
    }
    /* The rest, relabelled as a small board of its own, solved exactly. */
    rest = extract(&s, r0, c0, w - c0, h - r0);
    if (!rest) goto done;
    if (!sliding_solvable(rest, w - c0, h - r0)) goto done;   /* cannot happen: parity is kept */
    st = sliding_ida(rest, w - c0, h - r0, b, moves);
simplify:
    sliding_moves_simplify(moves);
done:
    if (trial.board) {
        free(trial.board);
        free(trial.where);
        free(trial.locked);
    }
    free(rest);
    free(s.board);
    free(s.where);
    free(s.seen);
    free(s.parent);
    free(s.queue);
    free(s.route);
    free(s.trail);
    free(s.locked);
    return st;
}
