/* search.h: a best-first search that plays a game's own rules, Lua hooks included, for the
 * games the C solvers cannot see into: push and sliding games whose hooks change moves, and
 * games with their own actions. Slower than the C solvers, but it gives every game hints and
 * a "can this level be solved?" answer. */
#ifndef TESSERA_SCRIPT_SEARCH_H
#define TESSERA_SCRIPT_SEARCH_H

#include "core/state.h"
#include "script/game.h"
#include "solve/solver.h"

enum { SEARCH_MEMORY_DEFAULT = 256 << 20, SEARCH_MAX_CANDIDATES = 4096 };

/* A* from s's position (s itself is not changed). A position's successors are the game's
 * steps from it: every player's move in every direction (push and sliding rules), or the
 * game's candidates(level), else every declared action at every cell it can take (actions).
 * Each step is played by the game's own code and kept as the changes it recorded, so moving
 * between positions replays no Lua; positions are deduplicated by their Zobrist hash (the
 * variables included). The open list is ordered by f = steps + heuristic(level) (0 without
 * the hook: breadth first, so solutions are shortest, out->optimal). Stops at the time
 * limit, the cancel flag or the memory budget (lim->memory_bytes, default
 * SEARCH_MEMORY_DEFAULT) with SOLVE_TIMEOUT; SOLVE_UNSOLVABLE when every position reachable
 * was seen; SOLVE_ERROR (with the hook's file:line:col in out->message) when a hook failed.
 * out->nodes counts the positions generated (steps played and hashed). */
solve_status game_search(game *g, const state *s, const solve_limits *lim, solve_result *out);
/* The same, without the game's heuristic even when it has one (breadth first): what the
 * benchmark measures the raw rate of positions with. */
solve_status game_search_breadth_first(game *g, const state *s, const solve_limits *lim, solve_result *out);

#endif
