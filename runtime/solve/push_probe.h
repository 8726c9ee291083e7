/* push_probe.h: a bounded complete search from one position of a level (internal to
 * runtime/solve). It tells whether the position is lost (the search ran out of positions),
 * solved (a way on from it was found) or still open when its expansions ran out. The
 * feature-space search asks it about its most promising positions: a lost one is dropped with
 * everything made from it, a solved one ends the solve. */
#ifndef TESSERA_SOLVE_PUSH_PROBE_H
#define TESSERA_SOLVE_PUSH_PROBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solve/push_board.h"
#include "solve/push_deadsets.h"
#include "solve/push_path.h"
#include "solve/push_search.h"

typedef struct push_probe push_probe;

enum { PUSH_PROBE_OPEN, PUSH_PROBE_SOLVED, PUSH_PROBE_LOST };

/* A probe for positions of board b (kept, not owned). cfg gives the options, the shared
 * deadlock patterns and dead sets, the clock and the memory; its search kind, macros, meeting
 * set and node limit are the probe's own. NULL when out of memory. */
push_probe *push_probe_new(const push_board *b, const push_search_config *cfg);
void push_probe_free(push_probe *p);   /* NULL is fine */

/* Searches on from the position with boxes on box[] (in b's slot order) and the player on
 * cell `player`, within `nodes` expansions (and the clock of cfg). */
int push_probe_run(push_probe *p, const uint16_t *box, int player, uint64_t nodes);

/* After PUSH_PROBE_LOST on the position with boxes on box[] (as a search node holds them: in b's
 * slot order, cells ascending within each class) and the player on `player`: drops
 * boxes, groups of them first, farthest from cell `focus` first, while the rest stays lost (a
 * search of `nodes` expansions runs out of positions), within `most` expansions in all. When at
 * most PUSH_SET_MAX boxes are left, they are added to `sets` as dead for the player's region,
 * and their number is returned; else 0. */
int push_probe_shrink(push_probe *p, const uint16_t *box, int player, int focus, uint64_t nodes, uint64_t most,
                      push_deadsets *sets);

/* After PUSH_PROBE_SOLVED: appends the way on to t, the player starting on *at (anywhere in
 * the probed position's player region); *at ends on the player's last cell. false when out
 * of memory. */
bool push_probe_write(push_probe *p, int *at, push_text *t);

/* Expansions made by every run so far, and the bytes held. */
uint64_t push_probe_nodes(const push_probe *p);
size_t push_probe_bytes(const push_probe *p);

#endif
