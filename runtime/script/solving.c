/* solving.c: which solver handles a position, and running it. */
#include "script/solving.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script/game.h"
#include "script/search.h"
#include "solve/push_solve.h"
#include "solve/sliding_solve.h"

solver_kind solving_choose(game *g, const state *s)
{
    const ruleset *r = s->rules;
    if (r->kind == RULES_ACTIONS) return SOLVER_GENERIC;   /* numbered boards too: their own moves */
    if (s->num) return SOLVER_SLIDING;
    /* A hook may change what a move does or when the level counts as solved: only the
     * game's own rules can say, so search with them. Move hooks that react only to tiles
     * this level lacks cannot fire (reacts_to), and leave the C solver to it. */
    if (g && (game_moves_hooked(g, s) || game_has_hook(g, "solved"))) return SOLVER_GENERIC;
    if (r->pull || r->max_chain > 1 || s->nplayers < 1 || s->nplayers > 9) return SOLVER_GENERIC;
    for (int i = 1; i < r->ntiles; i++)
        if (r->tile[i].flags & (TILE_SLIPPERY | TILE_HOLE)) return SOLVER_GENERIC;
    return SOLVER_PUSH;
}

static char cache_dir[1024];

void solving_set_cache_dir(const char *dir)
{
    snprintf(cache_dir, sizeof cache_dir, "%s", dir ? dir : "");
}

const char *solver_kind_name(solver_kind k)
{
    return k == SOLVER_SLIDING ? "sliding" : k == SOLVER_PUSH ? "push" : "generic";
}

static solve_status run_sliding(const state *s, const solve_limits *lim, solve_result *out)
{
    int n = s->g->ncells;
    int *tiles = malloc(sizeof *tiles * (size_t)n);
    if (!tiles) {
        memset(out, 0, sizeof *out);
        out->status = SOLVE_ERROR;
        snprintf(out->message, sizeof out->message, "out of memory");
        return out->status;
    }
    for (int i = 0; i < n; i++) tiles[i] = s->num[i];
    solve_status st = sliding_solve(tiles, s->g->w, s->g->h, lim, cache_dir[0] ? cache_dir : NULL, out);
    free(tiles);
    return st;
}

solve_status solving_run(solver_kind k, game *g, const state *s, const solve_limits *lim,
                         solve_result *out)
{
    switch (k) {
    case SOLVER_SLIDING: return run_sliding(s, lim, out);
    case SOLVER_PUSH: return push_solve(s, lim, out);
    default:
        if (!g) {
            memset(out, 0, sizeof *out);
            out->status = SOLVE_ERROR;
            snprintf(out->message, sizeof out->message,
                     "these rules need the game's own search: use a level from tessera.load");
            return out->status;
        }
        return game_search(g, s, lim, out);
    }
}
