/* push_board.c: turns a core state into the push solver's compact board, checking first that
 * its rules stay within what the solver understands. */
#include "solve/push_board.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ===== rules the solver accepts ========================================================== */

static int unsupported(char *msg, size_t len, const char *what)
{
    snprintf(msg, len, "push solver: %s is not supported", what);
    return PUSH_BOARD_ERROR;
}

static int check_rules(const state *s, char *msg, size_t len)
{
    const ruleset *r = s->rules;
    if (r->kind != RULES_PUSH) return unsupported(msg, len, "a sliding-tile ruleset");
    if (r->pull) return unsupported(msg, len, "the pull rule (ruleset.pull)");
    if (r->max_chain > 1) return unsupported(msg, len, "chain pushes (ruleset.max_chain > 1)");
    for (int c = 0; c < s->g->ncells; c++) {
        const tile_def *t = &r->tile[s->floor[c]];
        if (t->flags & (TILE_SOLID | TILE_VOID)) continue;
        if (t->flags & TILE_SLIPPERY) {
            char what[96];
            snprintf(what, sizeof what, "the slippery floor flag (tile \"%s\")", t->name);
            return unsupported(msg, len, what);
        }
        if (t->flags & TILE_HOLE) {
            char what[96];
            snprintf(what, sizeof what, "the hole floor flag (tile \"%s\")", t->name);
            return unsupported(msg, len, what);
        }
    }
    int players = 0;
    for (int i = 0; i < s->nplayers; i++) players += s->player[i] >= 0;
    if (players == 0) {
        snprintf(msg, len, "push solver: the level has no player");
        return PUSH_BOARD_ERROR;
    }
    if (s->nplayers > PUSH_MAX_PLAYERS) {
        snprintf(msg, len, "push solver: %d player slots; at most %d are supported", s->nplayers,
                 PUSH_MAX_PLAYERS);
        return PUSH_BOARD_ERROR;
    }
    return PUSH_BOARD_OK;
}

/* ===== building ========================================================================== */

static inline uint32_t floor_flags(const state *s, int c) { return s->rules->tile[s->floor[c]].flags; }
static inline uint32_t obj_flags(const state *s, int c) { return s->rules->tile[s->obj[c]].flags; }

static inline bool is_box(const state *s, int c)
{
    return s->obj[c] && (obj_flags(s, c) & TILE_PUSHABLE) && !(obj_flags(s, c) & TILE_PLAYER);
}

/* Nothing ever stands here: walls, void, immovable objects, and boxes known never to move. */
static inline bool blocked(const state *s, const uint8_t *extra_wall, int c)
{
    if (floor_flags(s, c) & (TILE_SOLID | TILE_VOID)) return true;
    if (extra_wall && extra_wall[c]) return true;
    return s->obj[c] && !(obj_flags(s, c) & (TILE_PUSHABLE | TILE_PLAYER));
}

static bool box_matches_floor(const state *s, int c)
{
    const tile_def *f = &s->rules->tile[s->floor[c]];
    return (f->flags & TILE_GOAL) && (f->colour == 0 || f->colour == s->rules->tile[s->obj[c]].colour);
}

void push_board_free(push_board *b)
{
    free(b->cell);
    free(b->index);
    free(b->nbr);
    free(b->goal);
    free(b->goal_colour);
    free(b->goal_at);
    free(b->accepts);
    free(b->start_box);
    free(b->fixed);
    free(b->stuck);
    free(b->base.side);
    free(b->base.dist);
    free(b->base.dist_any);
    free(b->dead);
    free(b->dead_all);
    free(b->corridor);
    push_rooms_free(b);
    memset(b, 0, sizeof *b);
}

static int out_of_memory(push_board *b, char *msg, size_t len)
{
    push_board_free(b);
    snprintf(msg, len, "push solver: out of memory");
    return PUSH_BOARD_ERROR;
}

/* ===== the canonical orientation ========================================================= */

/* The eight symmetries of the square grid, as (x, y) -> (m0 x + m1 y, m2 x + m3 y). */
static const int square_sym[8][4] = {
    { 1, 0, 0, 1 }, { -1, 0, 0, 1 }, { 1, 0, 0, -1 }, { -1, 0, 0, -1 },
    { 0, 1, 1, 0 }, { 0, -1, 1, 0 }, { 0, 1, -1, 0 }, { 0, -1, -1, 0 },
};

enum { GOAL_CODE = 0xFF };       /* cell_code's goal byte */

/* What the solver sees on grid cell c: its goal, its box and its player. */
static uint32_t cell_code(const state *s, int c)
{
    const tile_def *f = &s->rules->tile[s->floor[c]];
    uint32_t code = f->flags & TILE_GOAL ? 1u + (uint32_t)(f->colour & 0xFF) : 0;
    if (is_box(s, c)) code |= (1u + (uint32_t)(s->rules->tile[s->obj[c]].colour & 0xFF)) << 8;
    for (int i = 0; i < s->nplayers; i++)
        if (s->player[i] == c) code |= (uint32_t)(i + 1) << 16;
    return code;
}

typedef struct sym_cell {
    int64_t key;                  /* reading order in the turned frame */
    uint32_t code;
    int32_t cell;                 /* grid cell */
} sym_cell;

static int by_key(const void *a, const void *b)
{
    int64_t x = ((const sym_cell *)a)->key, y = ((const sym_cell *)b)->key;
    return x < y ? -1 : x > y;
}

/* The n compact cells in the reading order of the square's symmetry m. */
static void turn_cells(const grid *g, const int32_t *cells, const uint32_t *codes, int n, const int *m, sym_cell *out)
{
    int minx = 0, miny = 0, maxx = 0;
    for (int i = 0; i < n; i++) {
        int x = cells[i] % g->w, y = cells[i] / g->w;
        int tx = m[0] * x + m[1] * y, ty = m[2] * x + m[3] * y;
        if (i == 0 || tx < minx) minx = tx;
        if (i == 0 || ty < miny) miny = ty;
        if (i == 0 || tx > maxx) maxx = tx;
    }
    int64_t width = (int64_t)maxx - minx + 1;
    for (int i = 0; i < n; i++) {
        int x = cells[i] % g->w, y = cells[i] / g->w;
        int tx = m[0] * x + m[1] * y - minx, ty = m[2] * x + m[3] * y - miny;
        out[i].key = (int64_t)ty * width + tx;
        out[i].code = codes[i];
        out[i].cell = cells[i];
    }
    qsort(out, (size_t)n, sizeof *out, by_key);
}

/* Orders two turns of the level by its floor and goals first, its boxes and players only
 * between turns those leave tied: so every position of an asymmetric level gets the same
 * board. */
static int compare_turned(const sym_cell *a, const sym_cell *b, int n)
{
    for (int i = 0; i < n; i++) {
        if (a[i].key != b[i].key) return a[i].key < b[i].key ? -1 : 1;
        uint32_t x = a[i].code & GOAL_CODE, y = b[i].code & GOAL_CODE;
        if (x != y) return x < y ? -1 : 1;
    }
    for (int i = 0; i < n; i++)
        if (a[i].code != b[i].code) return a[i].code < b[i].code ? -1 : 1;
    return 0;
}

/* Numbers the n compact cells of a square board in the reading order of its canonical
 * orientation (of the eight turns and mirror images of the level, the one whose cells, read
 * row by row, come first: compare_turned) turned by symmetry `turn`. b->dir_grid maps the turned frame's
 * directions to the grid's. A level and its turned or mirrored copies so get the same compact
 * board, and the searches behave the same on all of them (their tie-breaks follow the
 * numbering). Hex boards keep the grid's own order. 0, or -1 out of memory. */
static int number_canonically(push_board *b, const state *s, int n, int turn)
{
    const grid *g = s->g;
    if (g->topo != TOPO_SQUARE || n == 0) return 0;
    int32_t *cells = malloc(sizeof *cells * (size_t)n);
    uint32_t *codes = malloc(sizeof *codes * (size_t)n);
    sym_cell *best = malloc(sizeof *best * (size_t)n), *try = malloc(sizeof *try * (size_t)n);
    if (!cells || !codes || !best || !try) {
        free(cells), free(codes), free(best), free(try);
        return -1;
    }
    for (int c = 0, i = 0; c < g->ncells; c++)
        if (b->index[c] >= 0) {
            cells[i] = c;
            codes[i++] = cell_code(s, c);
        }
    int chosen = 0;
    turn_cells(g, cells, codes, n, square_sym[0], best);
    for (int k = 1; k < 8; k++) {
        turn_cells(g, cells, codes, n, square_sym[k], try);
        if (compare_turned(try, best, n) < 0) {
            sym_cell *t = best;
            best = try, try = t;
            chosen = k;
        }
    }
    /* The turn after the canonical orientation: m = square_sym[turn] * square_sym[chosen]. */
    const int *t = square_sym[turn & 7], *c = square_sym[chosen];
    int m[4] = { t[0] * c[0] + t[1] * c[2], t[0] * c[1] + t[1] * c[3],
                 t[2] * c[0] + t[3] * c[2], t[2] * c[1] + t[3] * c[3] };
    if (turn & 7) turn_cells(g, cells, codes, n, m, best);
    for (int i = 0; i < n; i++) b->index[best[i].cell] = i;
    for (int d = 0; d < 4; d++) {
        int dx, dy, ex, ey;
        grid_offset(TOPO_SQUARE, 0, d, &dx, &dy);
        int tx = m[0] * dx + m[1] * dy, ty = m[2] * dx + m[3] * dy;
        for (int e = 0; e < 4; e++) {
            grid_offset(TOPO_SQUARE, 0, e, &ex, &ey);
            if (ex == tx && ey == ty) b->dir_grid[e] = d;
        }
    }
    free(cells), free(codes), free(best), free(try);
    return 0;
}

/* The compact board of the cells a player can ever reach, boxes passable (a box elsewhere
 * can never move). */
static int build(push_board *b, const state *s, const uint8_t *extra_wall, int turn, char *msg, size_t len)
{
    const grid *g = s->g;
    int gn = g->ncells, nd = g->ndirs, player = -1;
    /* The player moved first: the active one, else the first there is. */
    if (s->active >= 0 && s->active < s->nplayers) player = s->player[s->active];
    for (int i = 0; i < s->nplayers && player < 0; i++) player = s->player[i];
    memset(b, 0, sizeof *b);
    b->topo = g->topo;
    b->ndirs = nd;
    b->gcells = gn;
    for (int d = 0; d < nd; d++) b->dir_grid[d] = d;
    b->index = malloc(sizeof *b->index * (size_t)gn);
    int32_t *stack = malloc(sizeof *stack * (size_t)gn);
    if (!b->index || !stack) {
        free(stack);
        return out_of_memory(b, msg, len);
    }
    for (int c = 0; c < gn; c++) b->index[c] = -1;
    int top = 0;
    for (int i = 0; i < s->nplayers; i++)
        if (s->player[i] >= 0 && b->index[s->player[i]] < 0) {
            b->index[s->player[i]] = 0;
            stack[top++] = s->player[i];
        }
    while (top > 0) {
        int c = stack[--top];
        for (int d = 0; d < nd; d++) {
            int m = grid_step(g, c, d);
            if (m < 0 || b->index[m] >= 0 || blocked(s, extra_wall, m)) continue;
            b->index[m] = 0;
            stack[top++] = m;
        }
    }
    free(stack);
    int n = 0;
    for (int c = 0; c < gn; c++)
        if (b->index[c] >= 0) b->index[c] = n++;
    if (n <= PUSH_MAX_CELLS && number_canonically(b, s, n, turn) != 0) return out_of_memory(b, msg, len);
    if (n > PUSH_MAX_CELLS) {
        push_board_free(b);
        snprintf(msg, len, "push solver: %d open cells; at most %d are supported", n, PUSH_MAX_CELLS);
        return PUSH_BOARD_ERROR;
    }
    b->n = n;
    b->cell = malloc(sizeof *b->cell * (size_t)n);
    b->nbr = malloc(sizeof *b->nbr * (size_t)n * (size_t)nd);
    b->goal_at = malloc(sizeof *b->goal_at * (size_t)n);
    b->goal = malloc(sizeof *b->goal * (size_t)n);
    b->goal_colour = malloc(sizeof *b->goal_colour * (size_t)n);
    b->start_box = malloc(sizeof *b->start_box * (PUSH_MAX_BOXES + 1));
    if (!b->cell || !b->nbr || !b->goal_at || !b->goal || !b->goal_colour || !b->start_box)
        return out_of_memory(b, msg, len);
    for (int c = 0; c < gn; c++)
        if (b->index[c] >= 0) b->cell[b->index[c]] = c;
    for (int d = 0; d < nd; d++)
        for (int e = 0; e < nd; e++)
            if (b->dir_grid[e] == grid_opposite(g, b->dir_grid[d])) b->opp[d] = e;
    for (int i = 0; i < n; i++)
        for (int d = 0; d < nd; d++) {
            int m = grid_step(g, b->cell[i], b->dir_grid[d]);
            b->nbr[i * nd + d] = m < 0 ? -1 : b->index[m];
        }
    b->start_player = b->index[player];
    b->nplayers = s->nplayers;
    for (int i = 0; i < s->nplayers; i++) b->player_at[i] = s->player[i] >= 0 ? b->index[s->player[i]] : -1;

    /* Goals, and boxes sorted into colour classes. */
    int box_cell[PUSH_MAX_BOXES], box_cls[PUSH_MAX_BOXES], nboxes = 0;
    for (int i = 0; i < n; i++) {
        int c = b->cell[i];
        b->goal_at[i] = -1;
        const tile_def *f = &s->rules->tile[s->floor[c]];
        if (f->flags & TILE_GOAL) {
            b->goal_at[i] = (int16_t)b->ngoals;
            b->goal[b->ngoals] = i;
            b->goal_colour[b->ngoals++] = f->colour;
        }
        if (!is_box(s, c)) continue;
        if (nboxes == PUSH_MAX_BOXES) {
            push_board_free(b);
            snprintf(msg, len, "push solver: more than %d boxes are not supported", PUSH_MAX_BOXES);
            return PUSH_BOARD_ERROR;
        }
        int colour = s->rules->tile[s->obj[c]].colour, k = 0;
        while (k < b->nclasses && b->class_colour[k] != colour) k++;
        if (k == b->nclasses) {
            if (k == PUSH_MAX_CLASSES) {
                push_board_free(b);
                snprintf(msg, len, "push solver: more than %d box colours are not supported",
                         PUSH_MAX_CLASSES);
                return PUSH_BOARD_ERROR;
            }
            b->class_colour[k] = colour;
            b->class_tile[k] = s->obj[c];
            b->nclasses++;
        }
        box_cell[nboxes] = i;
        box_cls[nboxes++] = k;
    }
    b->nboxes = nboxes;
    int slot = 0;
    for (int k = 0; k < b->nclasses; k++) {
        b->class_first[k] = slot;
        for (int i = 0; i < nboxes; i++)   /* cells ascend, so each class comes out sorted */
            if (box_cls[i] == k) {
                b->box_class[slot] = (uint8_t)k;
                b->start_box[slot++] = (uint16_t)box_cell[i];
            }
        b->class_count[k] = slot - b->class_first[k];
    }
    b->accepts = malloc((size_t)(b->nclasses ? b->nclasses : 1) * (size_t)(b->ngoals ? b->ngoals : 1));
    if (!b->accepts) return out_of_memory(b, msg, len);
    for (int k = 0; k < b->nclasses; k++)
        for (int j = 0; j < b->ngoals; j++)
            b->accepts[k * b->ngoals + j] =
                b->goal_colour[j] == 0 || b->goal_colour[j] == b->class_colour[k];
    return PUSH_BOARD_OK;
}

int push_board_init(push_board *b, const state *s, char *msg, size_t len)
{
    return push_board_init_turned(b, s, 0, msg, len);
}

int push_board_init_turned(push_board *b, const state *s, int turn, char *msg, size_t len)
{
    memset(b, 0, sizeof *b);
    int rc = check_rules(s, msg, len);
    if (rc != PUSH_BOARD_OK) return rc;
    int gn = s->g->ncells;
    uint8_t *wall = calloc((size_t)gn, 1);
    int32_t *fixed = malloc(sizeof *fixed * (size_t)gn), *stuck = malloc(sizeof *stuck * (size_t)gn);
    if (!wall || !fixed || !stuck) {
        free(wall), free(fixed), free(stuck);
        return out_of_memory(b, msg, len);
    }
    int nfixed = 0, nstuck = 0;
    rc = build(b, s, NULL, turn, msg, len);
    /* Boxes that never move become walls, and the board is built again without them; walls
     * can shut the player out of more boxes, so until no more are found. */
    while (rc == PUSH_BOARD_OK) {
        int before = nfixed + nstuck;
        /* A box the player can never reach never moves. */
        for (int c = 0; c < gn; c++)
            if (is_box(s, c) && b->index[c] < 0 && !wall[c] && !(floor_flags(s, c) & (TILE_SOLID | TILE_VOID))) {
                if (box_matches_floor(s, c)) fixed[nfixed++] = c;
                else stuck[nstuck++] = c;
                wall[c] = 1;
            }
        /* Boxes frozen by walls (and by each other) never move either: on their goals they are
         * walls from now on, which shrinks the search; off them the level is lost. */
        push_pos p;
        push_freeze f;
        if (push_pos_init(&p, b) == 0 && push_freeze_init(&f, b) == 0) {
            push_pos_load(&p, b, b->start_box, b->start_player);
            for (int i = 0; i < b->nboxes; i++) {
                int c = b->start_box[i];
                if (wall[b->cell[c]] || !push_frozen(&f, b, &p, c, false)) continue;
                for (int j = 0; j < f.nfrozen; j++) {
                    int fc = f.frozen[j], gc = b->cell[fc];
                    if (wall[gc]) continue;
                    wall[gc] = 1;
                    if (push_on_goal(b, b->box_class[p.occ[fc]], fc)) fixed[nfixed++] = gc;
                    else stuck[nstuck++] = gc;
                }
            }
            push_freeze_free(&f);
            push_pos_free(&p);
        } else {
            push_pos_free(&p);
            push_board_free(b);
            rc = out_of_memory(b, msg, len);
        }
        if (rc != PUSH_BOARD_OK || nfixed + nstuck == before) break;
        push_board_free(b);
        rc = build(b, s, wall, turn, msg, len);
    }
    free(wall);
    if (rc != PUSH_BOARD_OK) {
        free(fixed), free(stuck);
        return rc;
    }
    b->fixed = fixed, b->nfixed = nfixed;
    b->stuck = stuck, b->nstuck = nstuck;
    return nstuck ? PUSH_BOARD_STUCK : PUSH_BOARD_OK;
}

/* ===== positions ========================================================================== */

int push_pos_init(push_pos *p, const push_board *b)
{
    p->box = malloc(sizeof *p->box * (size_t)(b->nboxes + 1));
    p->occ = malloc((size_t)b->n + 1);
    p->player = b->start_player;
    if (!p->box || !p->occ) {
        push_pos_free(p);
        return -1;
    }
    memset(p->occ, PUSH_NO_BOX, (size_t)b->n);
    return 0;
}

void push_pos_free(push_pos *p)
{
    free(p->box);
    free(p->occ);
    p->box = NULL;
    p->occ = NULL;
}

void push_board_set_start(push_board *sb, const uint16_t *cell, const uint8_t *cls, int count, int player)
{
    sb->nboxes = count;
    for (int k = 0, slot = 0; k < sb->nclasses; k++) {
        sb->class_first[k] = slot;
        while (slot < count && cls[slot] == k) slot++;
        sb->class_count[k] = slot - sb->class_first[k];
    }
    for (int i = 0; i < count; i++) {
        sb->start_box[i] = cell[i];
        sb->box_class[i] = cls[i];
    }
    sb->start_player = player;
}

void push_pos_load(push_pos *p, const push_board *b, const uint16_t *box, int player)
{
    memset(p->occ, PUSH_NO_BOX, (size_t)b->n);
    for (int i = 0; i < b->nboxes; i++) {
        p->box[i] = box[i];
        p->occ[box[i]] = (uint8_t)i;
    }
    p->player = player;
}

int push_pos_move(push_pos *p, const push_board *b, int i, int to)
{
    int k = b->box_class[i], first = b->class_first[k], last = first + b->class_count[k] - 1;
    p->occ[p->box[i]] = PUSH_NO_BOX;
    /* Slide the box along its class's sorted run until its new cell is in order. */
    while (i > first && p->box[i - 1] > to) {
        p->box[i] = p->box[i - 1];
        p->occ[p->box[i]] = (uint8_t)i;
        i--;
    }
    while (i < last && p->box[i + 1] < to) {
        p->box[i] = p->box[i + 1];
        p->occ[p->box[i]] = (uint8_t)i;
        i++;
    }
    p->box[i] = (uint16_t)to;
    p->occ[to] = (uint8_t)i;
    return i;
}

int push_reach(const push_board *b, const uint8_t *occ, int from, uint32_t *reach, uint32_t stamp,
               int32_t *queue)
{
    int nd = b->ndirs, head = 0, tail = 0, least = from;
    const int32_t *nbr = b->nbr;
    reach[from] = stamp;
    queue[tail++] = from;
    while (head < tail) {
        int c = queue[head++];
        const int32_t *nc = nbr + c * nd;
        for (int d = 0; d < nd; d++) {
            int m = nc[d];
            if (m < 0 || reach[m] == stamp || occ[m] != PUSH_NO_BOX) continue;
            reach[m] = stamp;
            queue[tail++] = m;
            if (m < least) least = m;
        }
    }
    return least;
}
