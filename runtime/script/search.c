/* search.c: iterative-deepening search over a game's rules (engine moves plus Lua hooks). */
#include "script/search.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine.h"

/* Transposition table: hash -> the largest remaining depth already searched from there, in
 * this pass of the deepening. Entries of earlier passes count as empty, so a new pass needs
 * no clearing (clearing 64 MiB per depth cost a second on the smallest levels). */
typedef struct tt_entry {
    uint64_t hash;
    int32_t depth;
    int32_t pass;
} tt_entry;

typedef struct search {
    game *g;
    state st;
    const solve_limits *lim;
    double deadline;
    tt_entry *tt;
    size_t tt_mask;
    int32_t pass;                 /* the deepening pass: 1, 2, ... */
    uint64_t nodes;
    int8_t *path;                 /* directions on the way down */
    int8_t *who;                  /* the player slot that made each move */
    bool *pushed;
    bool cut;                     /* some branch stopped at the depth limit */
    bool stop;                    /* out of time, cancelled or a hook failed */
    bool failed;
    error err;
} search;

static bool tt_seen(search *S, uint64_t hash, int depth)
{
    size_t i = (size_t)(hash ^ (hash >> 29)) & S->tt_mask;
    tt_entry *shallowest = &S->tt[i];
    for (size_t k = 0; k < 8; k++, i = (i + 1) & S->tt_mask) {
        tt_entry *e = &S->tt[i];
        if (e->pass != S->pass) {
            *e = (tt_entry){ hash, depth, S->pass };
            return false;
        }
        if (e->hash == hash) {
            if (e->depth >= depth) return true;
            e->depth = depth;
            return false;
        }
        if (e->depth < shallowest->depth) shallowest = e;
    }
    /* A full neighbourhood: overwrite the shallowest entry of the probe run. */
    *shallowest = (tt_entry){ hash, depth, S->pass };
    return false;
}

static bool solved_now(search *S)
{
    bool solved = false;
    if (game_check_solved(S->g, &S->st, &solved, &S->err) != 0) {
        S->failed = S->stop = true;
        return false;
    }
    return solved;
}

static bool out_of_budget(search *S)
{
    if ((S->nodes & 1023) != 0) return false;
    if (S->lim->cancel && *S->lim->cancel) return true;
    return S->deadline > 0 && solve_clock() > S->deadline;
}

/* Depth-first to `depth` more moves. Returns true with the path filled when solved. */
static bool dfs(search *S, int ply, int depth)
{
    if (solved_now(S)) return true;
    if (S->stop) return false;
    if (depth == 0) {
        S->cut = true;
        return false;
    }
    if (tt_seen(S, S->st.hash ^ (uint64_t)S->st.active * 0x9e3779b97f4a7c15u, depth)) return false;
    S->nodes++;
    if (out_of_budget(S)) {
        S->stop = true;
        return false;
    }
    /* Every player may move (the active one first, so one-player runs read as before); a
     * move by another player selects it inside the same undo record. */
    int players = S->st.rules->kind == RULES_PUSH && S->st.nplayers > 1 ? S->st.nplayers : 1;
    int first = S->st.active;
    for (int k = 0; k < players; k++) {
        int slot = players > 1 ? (first + k) % players : S->st.active;
        if (players > 1 && S->st.player[slot] < 0) continue;
        for (int d = 0; d < S->st.g->ndirs; d++) {
            history_begin(&S->st, d);
            if (slot != S->st.active) engine_select_player(&S->st, slot);
            move_result r = engine_move(&S->st, d);
            int rc = 0;
            if (r != MOVE_BLOCKED && game_has_hook(S->g, "on_move"))
                rc = game_on_move(S->g, &S->st, d, r == MOVE_PUSH, &S->err);
            history_end(&S->st);
            if (rc != 0) {
                S->failed = S->stop = true;
                return false;
            }
            if (r == MOVE_BLOCKED) {
                if (S->st.active != first) history_undo(&S->st); /* only the selection was recorded */
                continue;
            }
            S->path[ply] = (int8_t)d;
            S->who[ply] = (int8_t)slot;
            S->pushed[ply] = r == MOVE_PUSH;
            if (dfs(S, ply + 1, depth - 1)) return true;
            history_undo(&S->st);
            if (S->stop) return false;
        }
    }
    return false;
}

solve_status game_search(game *g, const state *s, int max_depth, const solve_limits *lim,
                         solve_result *out)
{
    memset(out, 0, sizeof *out);
    double start = solve_clock();
    if (max_depth <= 0) max_depth = SEARCH_MAX_DEPTH_DEFAULT;
    search S;
    memset(&S, 0, sizeof S);
    S.g = g;
    S.lim = lim;
    S.deadline = lim->seconds > 0 ? start + lim->seconds : 0;
    size_t budget = lim->memory_bytes ? lim->memory_bytes : (size_t)64 << 20;
    size_t slots = 1024;
    while (slots * 2 * sizeof(tt_entry) <= budget) slots *= 2;
    S.tt = calloc(slots, sizeof *S.tt);
    S.tt_mask = slots - 1;
    S.path = malloc((size_t)max_depth + 1);
    S.who = malloc((size_t)max_depth + 1);
    S.pushed = malloc(sizeof *S.pushed * ((size_t)max_depth + 1));
    if (!S.tt || !S.path || !S.who || !S.pushed || state_copy(&S.st, s) != 0) {
        free(S.tt);
        free(S.path);
        free(S.who);
        free(S.pushed);
        out->status = SOLVE_ERROR;
        snprintf(out->message, sizeof out->message, "out of memory");
        return out->status;
    }
    out->status = SOLVE_TIMEOUT;
    for (int depth = 0; depth <= max_depth; depth++) {
        S.cut = false;
        S.pass = depth + 1;     /* depths mean something only within one pass */
        if (dfs(&S, 0, depth)) {
            /* A digit before each move by another player than the one before it. */
            char *sol = malloc((size_t)depth * 2 + 1);
            if (sol) {
                bool push_rules = game_rules(g)->kind == RULES_PUSH;
                int active = s->active, len = 0;
                for (int i = 0; i < depth; i++) {
                    if (push_rules && s->nplayers > 1 && S.who[i] != active) {
                        active = S.who[i];
                        sol[len++] = (char)('1' + active);
                    }
                    char c = grid_dir_letter(s->g->topo, S.path[i]);
                    sol[len++] = push_rules && S.pushed[i] ? (char)toupper((unsigned char)c) : c;
                    out->pushes += S.pushed[i];
                }
                sol[len] = '\0';
            }
            out->solution = sol;
            out->moves = out->length = depth;
            out->optimal = true;
            out->status = sol ? SOLVE_SOLVED : SOLVE_ERROR;
            break;
        }
        if (S.failed) {
            char buf[ERROR_TEXT_MAX + 300];
            out->status = SOLVE_ERROR;
            snprintf(out->message, sizeof out->message, "%s", error_format(&S.err, buf, sizeof buf));
            break;
        }
        if (S.stop) break;
        if (!S.cut) {
            out->status = SOLVE_UNSOLVABLE; /* the whole reachable space was searched */
            break;
        }
        if (lim->progress) lim->progress(lim->progress_ud, S.nodes, solve_clock() - start, depth);
    }
    out->nodes = S.nodes;
    out->seconds = solve_clock() - start;
    state_free(&S.st);
    free(S.tt);
    free(S.path);
    free(S.who);
    free(S.pushed);
    return out->status;
}
