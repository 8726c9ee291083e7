/* push_deadlock.c: positions no push can save: boxes on dead squares and frozen boxes, for the
 * search (one box at a time, after each push) and for the game (every box of a state). */
#include "solve/push_board.h"
#include "solve/push_solve.h"

#include <stdlib.h>
#include <string.h>

/* ===== freeze deadlocks =================================================================== */

enum { FREEZE_BUDGET = 1000 };    /* recursive calls per query; running out answers "not frozen" */

int push_freeze_init(push_freeze *f, const push_board *b)
{
    f->as_wall = calloc((size_t)b->n + 1, 1);
    f->frozen = malloc(sizeof *f->frozen * (size_t)(b->nboxes + 1));
    f->nfrozen = 0;
    if (!f->as_wall || !f->frozen) {
        push_freeze_free(f);
        return -1;
    }
    return 0;
}

void push_freeze_free(push_freeze *f)
{
    free(f->as_wall);
    free(f->frozen);
    f->as_wall = NULL;
    f->frozen = NULL;
}

static inline bool wall_for_freeze(const push_freeze *f, int c) { return c < 0 || f->as_wall[c]; }

/* The box on c counts as a wall while its own axes are examined: a neighbour that is blocked
 * only by c is then frozen together with it, and the recursion cannot loop. A box that turns
 * out movable takes back the wall marks of everything examined on its behalf. */
static bool frozen_rec(push_freeze *f, const push_board *b, const push_pos *p, int c, bool use_dead)
{
    if (--f->budget < 0) return false;
    int k = b->box_class[p->occ[c]], nd = b->ndirs, mark = f->nfrozen;
    const uint8_t *dead = b->dead ? b->dead + (size_t)k * (size_t)b->n : NULL;
    f->as_wall[c] = 1;
    f->frozen[f->nfrozen++] = c;
    for (int a = 0; a < nd / 2; a++) {
        int n1 = push_step(b, c, a), n2 = push_step(b, c, b->opp[a]);
        if (wall_for_freeze(f, n1) || wall_for_freeze(f, n2)) continue;
        /* Pushed either way along this axis the box would land on a dead square. */
        if (use_dead && dead && dead[n1] && dead[n2]) continue;
        if (p->occ[n1] != PUSH_NO_BOX && frozen_rec(f, b, p, n1, use_dead)) continue;
        if (p->occ[n2] != PUSH_NO_BOX && frozen_rec(f, b, p, n2, use_dead)) continue;
        for (int i = mark; i < f->nfrozen; i++) f->as_wall[f->frozen[i]] = 0;
        f->nfrozen = mark;
        return false;
    }
    return true;
}

bool push_frozen(push_freeze *f, const push_board *b, const push_pos *p, int c, bool use_dead)
{
    f->nfrozen = 0;
    f->budget = FREEZE_BUDGET;
    bool frozen = frozen_rec(f, b, p, c, use_dead);
    for (int i = 0; i < f->nfrozen; i++) f->as_wall[f->frozen[i]] = 0;
    return frozen;
}

bool push_freeze_deadlock(push_freeze *f, const push_board *b, const push_pos *p, int c)
{
    if (!push_frozen(f, b, p, c, true)) return false;
    for (int i = 0; i < f->nfrozen; i++) {
        int fc = f->frozen[i];
        if (!push_on_goal(b, b->box_class[p->occ[fc]], fc)) return true;
    }
    return false;
}

/* ===== queries for the game =============================================================== */

/* Builds and analyses the board of s; false when the rules are not supported. */
static bool analysed_board(push_board *b, const state *s)
{
    char msg[160];
    if (push_board_init(b, s, msg, sizeof msg) == PUSH_BOARD_ERROR) return false;
    if (push_board_analyse(b) != 0) {
        push_board_free(b);
        return false;
    }
    return true;
}

/* Dead for a box of this colour: no goal that takes the colour is reachable. */
static bool dead_for_colour(const push_board *b, int colour, int c)
{
    for (int j = 0; j < b->ngoals; j++)
        if ((b->goal_colour[j] == 0 || b->goal_colour[j] == colour) && b->base.dist_any[j * b->n + c] != PUSH_FAR)
            return false;
    return true;
}

int push_deadlocked_boxes(const state *s, uint8_t *marks)
{
    memset(marks, 0, (size_t)s->g->ncells);
    push_board b;
    if (!analysed_board(&b, s)) return -1;
    int count = 0;
    for (int i = 0; i < b.nstuck; i++) {
        marks[b.stuck[i]] = 1;
        count++;
    }
    push_pos p;
    push_freeze f;
    if (push_pos_init(&p, &b) != 0 || push_freeze_init(&f, &b) != 0) {
        push_pos_free(&p);
        push_board_free(&b);
        memset(marks, 0, (size_t)s->g->ncells);
        return -1;
    }
    push_pos_load(&p, &b, b.start_box, b.start_player);
    for (int i = 0; i < b.nboxes; i++) {
        int c = p.box[i], k = b.box_class[i];
        bool lost = b.dead[k * b.n + c] || (!push_on_goal(&b, k, c) && push_frozen(&f, &b, &p, c, true));
        if (lost) {
            marks[b.cell[c]] = 1;
            count++;
        }
    }
    push_freeze_free(&f);
    push_pos_free(&p);
    push_board_free(&b);
    return count;
}

int push_dead_squares(const state *s, int box_tile, uint8_t *marks)
{
    memset(marks, 0, (size_t)s->g->ncells);
    push_board b;
    if (!analysed_board(&b, s)) return -1;
    int count = 0;
    for (int c = 0; c < b.n; c++) {
        bool dead = box_tile > 0 ? dead_for_colour(&b, s->rules->tile[box_tile].colour, c)
                                 : b.nclasses > 0 && b.dead_all[c];
        if (dead) {
            marks[b.cell[c]] = 1;
            count++;
        }
    }
    push_board_free(&b);
    return count;
}

bool push_deadlock_dead_square(const state *s, int cell)
{
    if (cell < 0 || cell >= s->g->ncells) return false;
    push_board b;
    if (!analysed_board(&b, s)) return false;
    int c = b.index[cell];
    bool dead = false;
    if (c >= 0) {
        int o = s->obj[cell];
        if (o && (s->rules->tile[o].flags & TILE_PUSHABLE)) dead = dead_for_colour(&b, s->rules->tile[o].colour, c);
        else dead = b.nclasses > 0 && b.dead_all[c];
    }
    push_board_free(&b);
    return dead;
}

void push_cells_merge(int32_t *set, int *count, const int32_t *cells, int n)
{
    for (int i = 0; i < n; i++) {
        int c = cells[i], j = *count;
        while (j > 0 && set[j - 1] > c) j--;
        if (j > 0 && set[j - 1] == c) continue;
        memmove(set + j + 1, set + j, sizeof *set * (size_t)(*count - j));
        set[j] = c;
        (*count)++;
    }
}

int push_frozen_on_goals(push_freeze *f, const push_board *b, const push_pos *p, int32_t *frozen, uint8_t *mark)
{
    int count = 0;
    for (int i = 0; i < b->nboxes; i++) {
        int c = p->box[i];
        if (!push_on_goal(b, b->box_class[i], c) || mark[c]) continue;
        if (!push_frozen(f, b, p, c, true)) continue;
        for (int j = 0; j < f->nfrozen; j++) {
            int fc = f->frozen[j];
            if (!push_on_goal(b, b->box_class[p->occ[fc]], fc)) {
                for (int m = 0; m < count; m++) mark[frozen[m]] = 0;
                return -1;
            }
            mark[fc] = 1;
        }
        push_cells_merge(frozen, &count, f->frozen, f->nfrozen);
    }
    return count;
}
