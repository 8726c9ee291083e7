/* push_board.h: the push solver's own view of a level (internal to runtime/solve): the cells a
 * box or the player can ever use, renumbered densely in the reading order of the level's
 * canonical orientation, their neighbour table,
 * goals, box colour classes, and the static analysis every search node consults (push
 * distances, dead squares, tunnels). Built once per solve or query from a core state. */
#ifndef TESSERA_SOLVE_PUSH_BOARD_H
#define TESSERA_SOLVE_PUSH_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/state.h"

enum {
    PUSH_MAX_BOXES = 250,       /* box slots fit a byte, with 255 meaning "no box" */
    PUSH_MAX_CELLS = 65000,     /* cells fit the uint16 of a stored node */
    PUSH_NO_BOX = 255,
    PUSH_FAR = 0xFFFF,          /* push distance of a box that cannot reach the goal */
    PUSH_MAX_CLASSES = 32,
    PUSH_MAX_PLAYERS = 9          /* a solution names a player by one digit */
};

/* Outcome of push_board_init besides "ready". */
enum { PUSH_BOARD_OK = 0, PUSH_BOARD_ERROR = -1, PUSH_BOARD_STUCK = 1 };

/* Lone-box push distances to every goal, for one set of walls. */
typedef struct push_dists {
    int32_t *side;                /* [c * ndirs + d]: label of the side d of c, such that a lone
                                     box on c leaves the player free to walk between two sides
                                     exactly when their labels are equal; -1 for a wall */
    uint16_t *dist;               /* [(goal * n + c) * ndirs + d]: pushes that bring a lone box
                                     on c, player on side d, to the goal; PUSH_FAR if never */
    uint16_t *dist_any;           /* [goal * n + c]: the best side */
} push_dists;

/* A goal room (push_room.c): goals behind a few entrance cells, with their filling order. */
enum { PUSH_ROOM_MAX_ENTRANCES = 3, PUSH_ROOM_MAX_ENTRIES = PUSH_ROOM_MAX_ENTRANCES * GRID_MAX_DIRS };

typedef struct push_room {
    int ncells;
    int32_t *cells;               /* the room, entrances excluded */
    int ngoals;
    int32_t *order;               /* the room's goals in filling order */
    int nentrances;               /* entrance cells */
    int nentries;                 /* ways in: an entrance and the side a box comes from */
    int32_t entry_cell[PUSH_ROOM_MAX_ENTRIES];
    int8_t entry_dir[PUSH_ROOM_MAX_ENTRIES];  /* from the entrance to the cell the box comes from */
    int8_t **path;                /* [m * nentries + k]: push directions taking a box from entry k
                                     (the player behind it) to order[m], the goals before it full;
                                     NULL when there is no way */
    int *path_len;
} push_room;

typedef struct push_board {
    topology topo;
    int ndirs, n;                 /* n: compact cells, numbered in the reading order of the
                                     level's canonical orientation (push_board_init) */
    int opp[GRID_MAX_DIRS];
    int dir_grid[GRID_MAX_DIRS];  /* the grid's direction for each of the board's (the board may
                                     be a turned or mirrored view of the grid: push_board_init) */
    int gcells;                   /* cells of the core grid */
    int32_t *cell;                /* compact -> grid cell */
    int32_t *index;               /* grid cell -> compact, -1 where nothing can ever stand */
    int32_t *nbr;                 /* [c * ndirs + d]: compact neighbour, -1 for a wall */

    int ngoals;
    int32_t *goal;                /* goal -> compact cell */
    int *goal_colour;             /* 0 accepts every box */
    int16_t *goal_at;             /* compact -> goal, or -1 */

    int nboxes, nclasses;         /* box slots are grouped by class (one class per colour) */
    int class_colour[PUSH_MAX_CLASSES];
    int class_tile[PUSH_MAX_CLASSES];   /* object tile id, to name a class in the state */
    int class_first[PUSH_MAX_CLASSES], class_count[PUSH_MAX_CLASSES];
    uint8_t box_class[PUSH_MAX_BOXES];
    uint8_t *accepts;             /* [class * ngoals + goal] */
    uint16_t *start_box;          /* slots sorted by cell within each class */
    int start_player;             /* compact: the active player */
    int nplayers;                 /* player slots of the state */
    int32_t player_at[PUSH_MAX_PLAYERS];   /* compact cell per slot, -1 for an empty slot */

    /* Boxes that can never move, found before the search: frozen on a matching goal they
     * became walls; otherwise (stuck) the level is lost. Grid cells. */
    int nfixed, nstuck;
    int32_t *fixed, *stuck;

    /* Static analysis (push_board_analyse). */
    push_dists base;              /* push distances on the board as it is */
    uint8_t *dead;                /* [class * n + c]: no accepting goal is reachable from c */
    uint8_t *dead_all;            /* [c]: dead for every class */
    uint8_t *corridor;            /* [c]: bit a set when c is a one-wide corridor along axis a
                                     (directions a and opp[a], a < ndirs / 2) */
    int nrooms, max_room_path;
    push_room *rooms;
    int16_t *room_of;             /* [c]: the goal room holding c, or -1 */
    int16_t *entrance_of;         /* [c]: the goal room c is an entrance of, or -1 */
} push_board;

/* Builds the board from the state's current position. A square board is numbered in its
 * canonical orientation (the first, read row by row, of the level's eight turns and mirror
 * images), with dir_grid naming the grid's direction for each of its own: a level and its
 * turned or mirrored copies give the same board, so the solver treats them alike. Returns PUSH_BOARD_OK, PUSH_BOARD_STUCK
 * (a box can never move and is not on a matching goal: the level is lost; the board is still
 * built) or PUSH_BOARD_ERROR with a message naming the rule or limit that stops the solver. */
int push_board_init(push_board *b, const state *s, char *msg, size_t msglen);
/* The same, square boards numbered in symmetry `turn` (0-7, as (x, y) -> (x, y), (-x, y),
 * (x, -y), (-x, -y), (y, x), (-y, x), (y, -x), (-y, -x)) of the canonical orientation: the
 * same level seen by a search with other tie-breaks. */
int push_board_init_turned(push_board *b, const state *s, int turn, char *msg, size_t msglen);
void push_board_free(push_board *b);

/* Points a copy of a board (its start_box its own array, sized for the most boxes) at a start
 * with `count` boxes on cell[] of classes cls[], sorted by class and by cell within each (a
 * question of a few of the level's boxes for a small search), the player on `player`. */
void push_board_set_start(push_board *sb, const uint16_t *cell, const uint8_t *cls, int count, int player);

/* Side labels, push distances and dead squares (push_bound.c). 0, or -1 out of memory. */
int push_board_analyse(push_board *b);
/* The side labels of push_dists.side for the board with the cells marked in wall (may be
 * NULL) walled up: side[c * ndirs + d] == side[c * ndirs + e] when a lone box on c leaves the
 * player free to walk between its sides d and e. 0, or -1 out of memory. */
int push_side_labels(const push_board *b, const uint8_t *wall, int32_t *side);

static inline int push_step(const push_board *b, int c, int d) { return b->nbr[c * b->ndirs + d]; }
/* The solution letter of the board's direction d (grid_dir_letter). */
static inline char push_dir_letter(const push_board *b, int d) { return grid_dir_letter(b->topo, b->dir_grid[d]); }
static inline bool push_accepts(const push_board *b, int cls, int goal)
{
    return b->accepts[cls * b->ngoals + goal] != 0;
}
/* A box of class cls standing on c is on a goal that takes it. */
static inline bool push_on_goal(const push_board *b, int cls, int c)
{
    int g = b->goal_at[c];
    return g >= 0 && push_accepts(b, cls, g);
}

/* ===== positions ========================================================================== */

/* A position being worked on: box cells by slot and the reverse occupancy map. */
typedef struct push_pos {
    uint16_t *box;                /* nboxes */
    uint8_t *occ;                 /* n: box slot or PUSH_NO_BOX */
    int player;                   /* compact cell of the player */
} push_pos;

int push_pos_init(push_pos *p, const push_board *b);   /* 0, or -1 out of memory */
void push_pos_free(push_pos *p);
void push_pos_load(push_pos *p, const push_board *b, const uint16_t *box, int player);

/* Moves slot i to cell to, keeping the slots of its class sorted by cell; returns the slot
 * the box now has. */
int push_pos_move(push_pos *p, const push_board *b, int i, int to);

/* Flood fill of the cells the player walks to from `from` (boxes block): reach[c] == stamp
 * for each. Returns the smallest reached cell, the normalised player. queue holds n ints. */
int push_reach(const push_board *b, const uint8_t *occ, int from, uint32_t *reach, uint32_t stamp,
               int32_t *queue);

/* ===== macros (push_macro.c) ============================================================= */

int push_corridors_init(push_board *b);   /* 0, or -1 out of memory */
/* After a push in direction d that left the box on `to` and the player on `from`: whether the
 * box must go on at once (it stands in a corridor with the player in it behind, is not on a
 * goal, and the next corridor cell is free and not dead for it). */
bool push_tunnel_next(const push_board *b, const push_pos *p, int from, int to, int d);

/* ===== goal rooms (push_room.c) =========================================================== */

int push_rooms_init(push_board *b);       /* 0, or -1 out of memory */
void push_rooms_free(push_board *b);
/* A box just pushed from `from` onto `to`: when `to` is the entrance of a goal room entered
 * from outside and the room holds exactly the first goals of its order, the pushes that take
 * the box on to the next goal (directions in *dirs); returns how many, or 0. *exact is false
 * when the path assumed the player walks round between entrances: the caller must check that
 * each push can be made. */
int push_room_macro(const push_board *b, const push_pos *p, int from, int to, const int8_t **dirs, bool *exact);

/* ===== deadlocks (push_deadlock.c) ======================================================== */

typedef struct push_freeze {
    uint8_t *as_wall;             /* n bytes, all zero between queries */
    int32_t *frozen;              /* boxes found frozen by the last query (cells) */
    int nfrozen, budget;
} push_freeze;

int push_freeze_init(push_freeze *f, const push_board *b);
void push_freeze_free(push_freeze *f);
/* Whether the box on cell c can never move again (blocked along every axis by walls, by dead
 * squares on both ends, or by other such boxes); f->frozen lists the boxes of the group.
 * use_dead: also count "dead square at both ends" as blocked (needs the analysis). */
bool push_frozen(push_freeze *f, const push_board *b, const push_pos *p, int c, bool use_dead);
/* The boxes of p frozen on their goals: a sorted set of cells into frozen (room for every box),
 * each marked 1 in mark (all 0 on entry; left marked). Returns how many, or -1 when a frozen
 * group holds a box off its goal (the position is lost; mark is all 0 again). */
int push_frozen_on_goals(push_freeze *f, const push_board *b, const push_pos *p, int32_t *frozen, uint8_t *mark);
/* Adds cells[0..n) to the sorted set set[0..*count) (no duplicates). */
void push_cells_merge(int32_t *set, int *count, const int32_t *cells, int n);
/* A freeze deadlock around the box on c: it is frozen with some box of its group off a goal
 * that takes it. */
bool push_freeze_deadlock(push_freeze *f, const push_board *b, const push_pos *p, int c);

/* ===== PI-corrals (push_corral.c) ======================================================== */

typedef struct push_corral {
    int32_t *region;              /* n: corral region of an empty unreachable cell, or -1 */
    int32_t *cells, *first;       /* cells of region r: cells[first[r] .. first[r + 1]) */
    int32_t *next_to, *next_first; /* boxes next to region r (cells, in the order its cells and
                                     directions meet them, none on a fixed cell):
                                     next_to[next_first[r] .. next_first[r + 1]) */
    uint8_t *goal_inside;         /* per region: it holds a goal */
    uint32_t *next_mark, next_stamp;   /* per box slot: listed for the region being listed */
    uint8_t *in_set;              /* per region: part of the corral being checked */
    uint8_t *doomed;              /* per region: no corral holding it can be a PI-corral */
    int32_t *set;
    uint32_t *seen, seen_stamp;   /* per box slot: == seen_stamp for a box of the fence */
    int32_t *fence;               /* cells of the fence boxes */
    int32_t *extra;               /* boxes taken into the fence though not next to the corral */
    uint32_t *extra_mark, extra_stamp;
    int nextra;
    int32_t *push, *try_push;     /* pushes as slot * ndirs + dir */
    int nfence;                   /* fence boxes of the corral last checked */
    int32_t *best_fence;          /* cells of the fence boxes of the corral push_corral_find chose */
    int nbest_fence;
} push_corral;

int push_corral_init(push_corral *k, const push_board *b);
void push_corral_free(push_corral *k);
/* Looks for a PI-corral in p (player region: reach == stamp; boxes on cells marked in fixed,
 * which may be NULL, never move). Returns -1 when there is none (try every push), 0 when one
 * admits no push (the position is lost), else the number of pushes in k->push that are enough
 * to try (the smallest such corral), with its fence boxes in k->best_fence. */
int push_corral_find(push_corral *k, const push_board *b, const push_pos *p, const uint8_t *fixed,
                     const uint32_t *reach, uint32_t stamp);

/* ===== lower bound (push_bound.c) ========================================================= */

typedef struct push_matcher {
    int nb, ng;                   /* boxes and goals (nb <= ng); rows nb.. are dummies */
    int *cost;                    /* ng x ng: row box (or dummy), column goal */
    int *u, *v, *p, *way, *minv;  /* Hungarian potentials, column owners (1-based rows) */
    int *open;                    /* augment's scratch: the columns its path has not reached */
    int64_t *key;                 /* per row: the cell and side its costs come from */
    int *base_cost, *base_u, *base_v, *base_p;   /* the kept (parent's) solution */
    int64_t *base_key;
    int *dirty, ndirty;           /* rows changed since the kept solution */
    bool all_dirty;
} push_matcher;

int push_matcher_init(push_matcher *m, int nb, int ng);
void push_matcher_free(push_matcher *m);
void push_matcher_resize(push_matcher *m, int nb);   /* no more boxes than at init */
/* Minimum total pushes over assignments of boxes to distinct accepting goals, each box
 * counted by its lone-box push distance (in t) from the side the player can reach
 * (reach == stamp); PUSH_FAR when no assignment exists. Boxes on cells marked in fixed (may be
 * NULL) never move again: each keeps its goal and is a wall for the others, as in t. */
int push_lower_bound(const push_board *b, push_matcher *m, const push_pos *p, const uint32_t *reach,
                     uint32_t stamp, const push_dists *t, const uint8_t *fixed);
/* Keeps the last solution of push_lower_bound (a parent's) to start its children from. */
void push_bound_keep(push_matcher *m);
/* The bound of a child of the kept position, with the same t and fixed: cell[i] is where the
 * box of the parent's slot i stands now. Only the rows that changed are solved again. */
int push_bound_child(const push_board *b, push_matcher *m, const uint16_t *cell, const uint32_t *reach,
                     uint32_t stamp, const push_dists *t, const uint8_t *fixed);

/* Distances with boxes frozen on their goals as walls, cached by the set of those boxes: a
 * goal such boxes wall off can no longer be filled, which the plain distances cannot see. */
typedef struct push_fixed {
    uint64_t key;
    int count;
    int32_t *cells;               /* sorted */
    push_dists d;
} push_fixed;

typedef struct push_fixed_cache {
    push_fixed **entry;
    int count, cap;
    int32_t *slot;                /* open addressing on key: entry index + 1, 0 empty */
    int nslots;
    uint8_t *wall;                /* scratch, n cells */
    size_t bytes, limit;          /* memory held, and the most it may hold */
} push_fixed_cache;

int push_fixed_init(push_fixed_cache *fc, const push_board *b, size_t limit);
void push_fixed_free(push_fixed_cache *fc);
/* The distances with the boxes on the count sorted cells as walls; NULL when the cache is full
 * or memory is short (the caller then uses the plain distances, a weaker bound). */
const push_dists *push_fixed_get(push_fixed_cache *fc, const push_board *b, const int32_t *cells, int count);

#endif
