/* push_components.h: the floor components of a position (internal to runtime/solve), and what
 * relocating one box does to them, mostly without flooding the floor. The feature-space search
 * looks at every relocation of every box of a position it settles: for each it needs the
 * player's region (its smallest cell names the position) and how many regions the player is
 * shut out of. Both came from flooding the whole floor once per relocation. With the parent's
 * components labelled once, a relocation changes only two of them: the box's new cell may cut
 * its component in pieces (told at once when the cell's free neighbours are joined around
 * it, else by floods from each side that stop when they meet or when all but one side is
 * used up), and the cell it left joins the components beside it. Square boards only. */
#ifndef TESSERA_SOLVE_PUSH_COMPONENTS_H
#define TESSERA_SOLVE_PUSH_COMPONENTS_H

#include <stdbool.h>
#include <stdint.h>

#include "solve/push_board.h"

typedef struct push_components {
    const push_board *b;
    bool square;                  /* false: push_components_child always says flood */
    int ring[4];                  /* the four directions in turn, each at right angles to the next */
    int count;                    /* components of the parent */
    int32_t *label;               /* n: component of each free cell, -1 for a box */
    int32_t *least, *second;      /* per component: its smallest cell and the next (n: none) */
    int32_t *queue;               /* 4 * n: push_components_find's, and the pieces' floods */
    /* The pieces a child's new box cuts its component into (when it does): cells a piece's
     * flood reached have mark == stamp and the flood's number in piece; the pieces whose
     * floods ran out are new components (count + group), the one left keeps the label. */
    uint32_t *mark, stamp;
    int8_t *piece;
    bool split;
    int group[4];                 /* floods that met share a group: the smallest flood's number */
    bool whole[4];                /* per group: its flood ran out, so it is a whole component */
    /* The last child worked out: the player's region is the merged components plus the cell
     * the box left (merged), or component own alone. */
    int from, to;
    bool merged;
    int own;
    int nmerge;
    int32_t merge[4];
} push_components;

int push_components_init(push_components *pc, const push_board *b);   /* 0, or -1 out of memory */
void push_components_free(push_components *pc);

/* Labels the components of the floor with boxes where occ has them (the parent position);
 * nothing on a board that is not square. */
void push_components_find(push_components *pc, const uint8_t *occ);

/* The child made from the parent by moving the box on `from` to `to` (occ is the child's),
 * the player on `side`: true when worked out without a flood, with *closed the components the
 * player is shut out of and *norm the smallest cell of the player's region. false when the
 * board is not square, or when the box on `to` cut its component in pieces and the player's
 * smallest cell is not known: flood instead. */
bool push_components_child(push_components *pc, const uint8_t *occ, int from, int to, int side, int *closed,
                           int *norm);

/* The component of free cell c in the last child worked out (other than the cell its box
 * left). */
static inline int push_components_of(const push_components *pc, int c)
{
    if (pc->split && pc->mark[c] == pc->stamp) {
        int g = pc->group[pc->piece[c]];
        if (pc->whole[g]) return pc->count + g;
    }
    return pc->label[c];
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
