/* solving.h: choosing the solver for a position. Sliding boards go to the sliding-tile
 * solver; push levels whose rules stay inside the tile flags (no Lua hook changes a move or
 * the solved rule) go to the push solver; everything else to the generic search that drives
 * the game's own Lua rules. */
#ifndef TESSERA_APP_SOLVING_H
#define TESSERA_APP_SOLVING_H

#include "app/paths.h"
#include "core/state.h"
#include "solve/solver.h"

struct game;

typedef enum solver_kind { SOLVER_SLIDING, SOLVER_PUSH, SOLVER_GENERIC } solver_kind;

solver_kind solving_choose(struct game *g, const state *s);
const char *solver_kind_name(solver_kind k);
/* Solves from s's position (s is not changed). The push and sliding solvers touch no Lua and
 * may run on another thread; the generic search calls the game's hooks and must run on the
 * thread that owns the game. */
solve_status solving_run(solver_kind k, struct game *g, const state *s, const app_paths *p,
                         const solve_limits *lim, solve_result *out);

#endif
