/* push_components.h: the floor components of a position (internal to runtime/solve), and what
 * relocating one box does to them, without flooding the floor. The feature-space search looks
 * at every relocation of every box of a position it settles: for each it needs the player's
 * region (its smallest cell names the position) and how many regions the player is shut out
 * of. Both came from flooding the whole floor once per relocation. With the parent's floor
 * walked once, depth first, a relocation changes only two components: the box's new cell
 * cuts its component where it is a cut vertex (the walk's low links tell, and its subtrees
 * are the pieces), and the cell it left joins the components beside it. Square boards only. */
#ifndef TESSERA_SOLVE_PUSH_COMPONENTS_H
#define TESSERA_SOLVE_PUSH_COMPONENTS_H

#include <stdbool.h>
#include <stdint.h>

#include "solve/push_board.h"

typedef struct push_components {
    const push_board *b;
    bool square;                  /* false: push_components_child always says flood */
    int count;                    /* components of the parent */
    int32_t *label;               /* n: component of each free cell, -1 for a box */
    int32_t *least;               /* per component: its smallest cell, where its walk began */
    /* The depth-first walk of each component from its smallest cell, per free cell: the order
     * it was reached in, the least order reached from its subtree by one edge (its low link;
     * the edge up to the subtree's parent counts too, which changes no cut), the last order in
     * its subtree (the subtree is the cells whose order lies in [order, last]), the subtree's
     * smallest cell, and the cell it was reached from. */
    int32_t *order, *low, *last, *submin, *up;
    int32_t *stack;               /* n: the walk's */
    uint8_t *dir;                 /* n: the next direction the walk tries from each cell */
    /* The last child worked out. Its box on `to` cut component `cut` into the subtrees pieces[]
     * (new components count + i) and, when `to` was not where the walk began, the rest (which
     * keeps the label). The player's region is the merged components plus the cell the box
     * left (merged), or component own alone. */
    int from, to, cut, npieces;
    int32_t piece_first[4], piece_last[4], piece_least[4];
    bool merged;
    int own;
    int nmerge;
    int32_t merge[4];
} push_components;

int push_components_init(push_components *pc, const push_board *b);   /* 0, or -1 out of memory */
void push_components_free(push_components *pc);

/* Labels and walks the components of the floor with boxes where occ has them (the parent
 * position); nothing on a board that is not square. */
void push_components_find(push_components *pc, const uint8_t *occ);

/* The child made from the parent by moving the box on `from` to `to` (occ is the child's),
 * the player on `side`: true when worked out without a flood, with *closed the components the
 * player is shut out of and *norm the smallest cell of the player's region. false when the
 * board is not square, or when the box is back on its own cell (from == to): flood instead. */
bool push_components_child(push_components *pc, const uint8_t *occ, int from, int to, int side, int *closed,
                           int *norm);

/* The component of free cell c in the last child worked out (other than the cell its box
 * left). */
static inline int push_components_of(const push_components *pc, int c)
{
    int l = pc->label[c];
    if (l == pc->cut) {
        int o = pc->order[c];
        for (int i = 0; i < pc->npieces; i++)
            if (o >= pc->piece_first[i] && o <= pc->piece_last[i]) return pc->count + i;
    }
    return l;
}

/* After push_components_child said true, and with the same occ: whether the player's region
 * holds cell c. */
static inline bool push_components_has(const push_components *pc, const uint8_t *occ, int c)
{
    if (c == pc->from) return pc->merged;
    if (c == pc->to || occ[c] != PUSH_NO_BOX) return false;
    int l = push_components_of(pc, c);
    if (!pc->merged) return l == pc->own;
    for (int i = 0; i < pc->nmerge; i++)
        if (pc->merge[i] == l) return true;
    return false;
}

#endif
