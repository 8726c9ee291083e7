/* solving.h: choosing the solver for a position. Sliding boards go to the sliding-tile
 * solver; push levels whose rules stay inside the tile flags (no Lua hook changes a move or
 * the solved rule) go to the push solver; everything else to the generic search that drives
 * the game's own Lua rules. */
#ifndef TESSERA_SCRIPT_SOLVING_H
#define TESSERA_SCRIPT_SOLVING_H

#include "core/state.h"
#include "solve/solver.h"

struct game;

typedef enum solver_kind { SOLVER_SLIDING, SOLVER_PUSH, SOLVER_GENERIC } solver_kind;

solver_kind solving_choose(struct game *g, const state *s);
const char *solver_kind_name(solver_kind k);
/* Where pattern databases are cached (the app sets $XDG_CACHE_HOME/tessera at start-up);
 * NULL builds them in memory each time. */
void solving_set_cache_dir(const char *dir);
/* Solves from s's position (s is not changed). The push and sliding solvers touch no Lua and
 * may run on another thread; the generic search calls the game's hooks and must run on the
 * thread that owns the game. */
solve_status solving_run(solver_kind k, struct game *g, const state *s, const solve_limits *lim,
                         solve_result *out);

#endif
