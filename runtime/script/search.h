/* search.h: a bounded search that drives a game's own rules, Lua hooks included, for games
 * the C solvers cannot see into. Slower than the solvers, but it gives every game hints and a
 * "can this level be solved?" answer. */
#ifndef TESSERA_SCRIPT_SEARCH_H
#define TESSERA_SCRIPT_SEARCH_H

#include "core/state.h"
#include "script/game.h"
#include "solve/solver.h"

enum { SEARCH_MAX_DEPTH_DEFAULT = 256 };

/* Iterative deepening from s's position (s itself is not changed) with a transposition table
 * on the Zobrist hash, every move made by the engine and the game's on_move hook, and the
 * game's solved rule. max_depth 0 means SEARCH_MAX_DEPTH_DEFAULT. The first solution found
 * is a shortest one in moves (out->optimal). SOLVE_UNSOLVABLE is reported only when every
 * reachable position was seen within max_depth. */
solve_status game_search(game *g, const state *s, int max_depth, const solve_limits *lim,
                         solve_result *out);

#endif
