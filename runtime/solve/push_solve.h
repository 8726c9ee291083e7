/* push_solve.h: the push-puzzle solver (Sokoban and the variants whose rules stay in the tile
 * flags: colours, hex grids) and the deadlock queries the game uses between moves. Plain C. */
#ifndef TESSERA_SOLVE_PUSH_SOLVE_H
#define TESSERA_SOLVE_PUSH_SOLVE_H

#include <stdbool.h>
#include <stdint.h>

#include "core/state.h"
#include "solve/solver.h"

/* Solves from the state's current position (the state is not changed). lim may be NULL for
 * solve_limits_default(). out is always filled; free it with solve_result_free.
 *
 * out->solution uses the topology's direction letters (grid_dir_letter), lower case for a
 * walk step and upper case for a push; it replays with engine_play_lurd. With several players
 * any of them may move: a digit, the player's 1-based slot, comes before the first move of a
 * player other than the one moving before it (at first, the active one), and engine_play_lurd
 * reads it too. With lim->optimal the search is A* on an admissible bound and out->optimal
 * says the push count is proved minimal; otherwise the first solution found is returned. Unsupported rules (pull,
 * chain pushes, slippery or hole floors, more than 9 player slots) give SOLVE_ERROR with
 * out->message naming them. SOLVE_TIMEOUT covers the time budget, lim->cancel and a full
 * memory budget. */
solve_status push_solve(const state *start, const solve_limits *lim, solve_result *out);

/* The techniques push_solve uses, as switches, to measure what each is worth (benchmarks and
 * tests); push_options_default() is what push_solve runs with. */
typedef struct push_options {
    bool freeze;                  /* prune freeze deadlocks */
    bool corral;                  /* PI-corral pruning */
    bool tunnels;                 /* tunnel macros */
    bool rooms;                   /* anytime: goal-room macros (a fixed filling order) */
    bool patterns;                /* deadlock patterns proved by small searches */
    bool corral_dead;             /* with patterns: a PI-corral's fence searched alone */
    bool deadsets;                /* with patterns: proved patterns minimised and matched as
                                     subsets of any position (all searches share them) */
    bool pairs;                   /* with deadsets: the level's dead pairs, found first */
    bool share;                   /* with deadsets: the sets each attempt learns are given to the
                                     others and to the children of all (push_deadlog.h; XSokoban
                                     at 10 s CPU: 82 of 90 with, 81 without) */
    bool player_bound;            /* the bound counts each box from the side the player reaches */
    int weight;                   /* anytime: priority = weight * bound + pushes; 0 = greedy */
    bool portfolio;               /* anytime: take turns with a second greedy search (below)
                                     and with A* (weight 1) */
    int connectivity;             /* the second greedy search adds this per floor region the
                                     player cannot reach; 0 leaves that search out */
    bool meet;                    /* anytime: the backward search from the solved position, ordered
                                     by the packing plan; the forward searches stop on reaching
                                     a position it reached */
    int fess;                     /* anytime: the feature-space search with the packing plan,
                                     from the other searches' first round on, with four seconds
                                     for each of theirs (PUSH_FESS_SCHEDULED); PUSH_FESS_ALONE
                                     runs it alone, PUSH_FESS_OFF not at all */
    bool advisors;                /* feature-space search: the advisors' moves cost nothing */
    bool hotspots;                /* ... the hotspot feature (boxes in other boxes' way) */
    bool out_of_plan;             /* ... the out-of-plan feature (boxes where the packing plan
                                     will shut them in) */
    int free_order;               /* ... goals filled out of plan order count as packed while the
                                     others can still be filled around them: 0 never, 1 in every
                                     other attempt (the second, the fourth...), 2 always */
    bool park;                    /* ... the first attempt's packing plan: where taking boxes out
                                     of the goals one at a time gets stuck, the boxes left are
                                     searched backwards together (push_plan_init) */
    int follow;                   /* ... the packing plan first searched for with the player
                                     followed (PUSH_PLAN_FOLLOW): 0 never, 1 in the first two
                                     attempts (the third takes the greedy order: Sasquatch at
                                     10 s, 31 of 50 against 30 with it everywhere and 29
                                     without), 2 always */
    bool probe;                   /* ... each new best position searched on a little: dropped
                                     when that proves it lost */
    bool shrink;                  /* with probe and deadsets: a position proved lost shrunk to
                                     the few boxes lost on their own, which then prune every
                                     position that holds them */
    int pack;                     /* ... the packer (push_pack.h): a best position none of whose
                                     moves fills the plan's next goal gets a small search that
                                     pushes any boxes until it is filled: 0 never, 1 in the
                                     fourth attempt, which has half the turns of each other one
                                     (XSokoban 39 is solved so; with it in the first attempt 35
                                     is lost, in the second 77 and 87), 2 in every attempt */
    int replan;                   /* ... an attempt whose feature-space search has made this
                                     many positions (and as many as before) since its best-scored
                                     position became the best starts over from that position: a
                                     child attempt with the board analysed and the plan made
                                     afresh there (frozen boxes walled up, the boxes' cells as
                                     sinks) runs in its place, with the memory it has left. When
                                     a child wins nothing, its parent goes on (after dropping
                                     the child's start when the child proved it lost), but
                                     gives its turns to the other attempts while any of them
                                     can run (push_next_turn); 0 never */
    int replan_share;             /* ... a child that has done this many hundredths of the work
                                     its parent had done when it made it (or of 50,000 units,
                                     if more), and won nothing, gives up: the parent goes on,
                                     as it is, and may start over again from a later best
                                     position. A best position can be
                                     lost without a small search proving it, and a child
                                     started there would have the attempt's turns for good.
                                     0 never (XSokoban over the eight turns at 2M work: 638 of
                                     720 with 100, 636 with 0) */
    int turns;                    /* anytime, square boards: attempts in this many turns (1-8)
                                     of the level, taking turns (push_board_init_turned); 5 by
                                     default: four read the level by rows, the fifth by columns
                                     (XSokoban at 10 s CPU: 81 of 90 with five, 80 with four:
                                     15 is solved in turn 4, not in turns 5 or 7) */
    int turn;                     /* ... the first one's turn (0-7) of the canonical orientation */
    bool keep_best;               /* measurements: on a timeout, out->solution holds the moves
                                     to the position of the best score of the feature-space
                                     search that packed the most (without one: the position the
                                     first classic search would have expanded next), to ask
                                     whether it was dead already */
} push_options;

enum { PUSH_FESS_OFF, PUSH_FESS_SCHEDULED, PUSH_FESS_ALONE };

push_options push_options_default(void);
solve_status push_solve_with(const state *start, const solve_limits *lim, const push_options *opt,
                             solve_result *out);

/* Whose turn it is among the attempts of a solve (internal; exposed for the tests). Each
 * attempt is paused (it can run) or over; resting when it gave its turns to the others (a
 * child of it won nothing). The first one runs alone while its work is under solo_work; then
 * the paused attempt that has done the least work runs, one not resting if any: a resting one
 * goes on once no other can. -1 when none can run. (An attempt with half the turns counts its
 * work twice.) */
typedef struct push_turn {
    bool paused, resting;
    uint64_t work;
} push_turn;
int push_next_turn(const push_turn *t, int count, uint64_t solo_work);

/* Marks (marks[cell] = 1, one byte per grid cell, others 0) the boxes that can no longer reach
 * a goal in the current position: boxes on dead squares, boxes frozen off a matching goal (a box
 * frozen on its goal is fine) and boxes walled in where the player cannot reach them. Returns
 * how many, or -1 when the rules are not supported (marks is then all 0). */
int push_deadlocked_boxes(const state *s, uint8_t *marks);

/* Marks the dead squares of the level (a box there can never reach a goal; one byte per grid
 * cell). box_tile selects the box colour; 0 marks squares dead for every box colour present.
 * Returns how many, or -1 when the rules are not supported. */
int push_dead_squares(const state *s, int box_tile, uint8_t *marks);

/* Whether a box on cell can never reach a goal (the colour of the box standing there, or with
 * no box there, any box colour of the level). False for cells outside the level. */
bool push_deadlock_dead_square(const state *s, int cell);

#endif
