/* push_path.h: writing solutions (internal to runtime/solve). The searches find positions a
 * push or a box relocation apart; here the player's walks between pushes are found and the
 * whole is written as LURD text, and a relocation (one box taken to a cell, the others still)
 * is turned back into its pushes. */
#ifndef TESSERA_SOLVE_PUSH_PATH_H
#define TESSERA_SOLVE_PUSH_PATH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solve/push_board.h"

/* A growing solution text. */
typedef struct push_text {
    char *s;
    size_t len, cap;
    bool failed;                  /* out of memory */
    long moves, pushes;
} push_text;

void push_text_put(push_text *t, char c);
void push_text_free(push_text *t);

/* Scratch for the breadth-first searches below, sized for a board. */
typedef struct push_walker {
    const push_board *b;
    int32_t *queue, *prev;        /* n each; prev holds a direction or a state index */
    uint32_t *mark, stamp;
    int32_t *state_box, *state_player, *state_parent;   /* relocation states */
    int8_t *state_dir;
    int32_t *seen;                /* n * n would be too much: a hash of (box, player) */
    uint32_t seen_mask;
    int nstates, cap;
} push_walker;

int push_walker_init(push_walker *w, const push_board *b);   /* 0, or -1 out of memory */
void push_walker_free(push_walker *w);

/* The smallest cell of the player's region from `from` (boxes in occ block). */
int push_walker_region(push_walker *w, const uint8_t *occ, int from);

/* Walks the player from `from` to `to` (boxes in occ block) by a shortest path, writing the
 * steps; false when there is no way. */
bool push_walk(push_walker *w, const uint8_t *occ, int from, int to, push_text *out);

/* Walks the player (*player) behind the box on `cell` and pushes it in direction d: the text
 * gets the steps and the push, p the box's new cell, *player the box's old cell. false when
 * the player cannot get behind it or the cell beyond is taken. */
bool push_write_push(push_walker *w, push_pos *p, int *player, int cell, int d, push_text *out);

/* The fewest pushes of the box on `from` alone (every other box of occ stays) that bring it to
 * `to` with the player on `side` (the cell it pushed from last, so next to `to`), the player
 * starting on `player`: their directions go to dirs (at most `most`). Returns how many, or -1
 * when there is no such way. */
int push_relocation(push_walker *w, uint8_t *occ, int from, int player, int to, int side, int8_t *dirs, int most);

#endif
