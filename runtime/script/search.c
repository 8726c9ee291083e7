/* search.c: best-first (A*) search over a game's own steps (see search.h).
 *
 * Every position found is a node: its parent, the step that led to it, and the changes that
 * step recorded (the history's own change records). The search keeps one working state and
 * moves it between nodes by applying those changes backwards up to the common ancestor and
 * forwards down to the node, in C; the game's Lua code runs only to try new steps. */
#include "script/search.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine.h"

#define PROGRESS_SECONDS 0.05   /* solve_limits.progress: how often it is called */

typedef struct snode {
    int32_t parent;             /* -1: the start */
    int32_t first, count;       /* its step's changes in S->ch */
    int32_t depth, pushes;      /* steps and pushes from the start */
    int8_t active;              /* the active player after the step */
    uint8_t pushed;
    int8_t slot, dir;           /* push and sliding rules: who moved, which way */
    action act;                 /* actions: the action */
} snode;

typedef struct open_entry {
    double f;
    int32_t depth, node;
} open_entry;

typedef struct search {
    game *g;
    state st;                   /* the working position */
    const solve_limits *lim;
    double deadline;
    size_t budget, used;
    bool actions;               /* the game's own actions (else moves) */
    bool heuristic;
    bool candidates;            /* the game lists its own steps */
    bool solved_hook;           /* the game's solved hook (Lua) says when a position is solved */
    snode *nodes;
    int32_t nnodes, cap_nodes, cur;
    change *ch;
    int32_t nch, cap_ch;
    uint64_t *seen;             /* open addressing, 0 empty */
    size_t seen_mask, nseen;
    open_entry *open;
    int32_t nopen, cap_open;
    action *cand;               /* the steps tried from a position */
    int32_t *path;              /* scratch for moving between nodes */
    int32_t cap_path;
    uint64_t generated;
    bool stop, failed, full;
    error err;
} search;

/* {====== memory: everything counts against the budget */

static int grow(search *S, void **p, int32_t *cap, int32_t need, size_t size)
{
    if (need <= *cap) return 0;
    int32_t n = *cap ? *cap : 1024;
    while (n < need) n *= 2;
    size_t extra = size * (size_t)(n - *cap);
    if (S->used + extra > S->budget) {
        S->full = true;
        return -1;
    }
    void *q = realloc(*p, size * (size_t)n);
    if (!q) {
        S->full = true;
        return -1;
    }
    S->used += extra;
    *p = q;
    *cap = n;
    return 0;
}

static uint64_t key_of(uint64_t hash) { return hash ? hash : 1; }

static void seen_put(uint64_t *table, size_t mask, uint64_t k)
{
    size_t i = (size_t)(k ^ (k >> 31)) & mask;
    while (table[i]) i = (i + 1) & mask;
    table[i] = k;
}

/* Adds hash; false when it was there already (or there is no room: S->full). */
static bool seen_add(search *S, uint64_t hash)
{
    uint64_t k = key_of(hash);
    if ((S->nseen + 1) * 2 > S->seen_mask + 1) {
        size_t size = (S->seen_mask + 1) * 2, extra = size * sizeof *S->seen;
        uint64_t *bigger = S->used + extra / 2 <= S->budget ? calloc(size, sizeof *bigger) : NULL;
        if (!bigger) {
            S->full = true;
            return false;
        }
        for (size_t i = 0; i <= S->seen_mask; i++)
            if (S->seen[i]) seen_put(bigger, size - 1, S->seen[i]);
        S->used += extra / 2;
        free(S->seen);
        S->seen = bigger;
        S->seen_mask = size - 1;
    }
    for (size_t i = (size_t)(k ^ (k >> 31)) & S->seen_mask; S->seen[i]; i = (i + 1) & S->seen_mask)
        if (S->seen[i] == k) return false;
    seen_put(S->seen, S->seen_mask, k);
    S->nseen++;
    return true;
}

/* }====== */

/* {====== the open list: a binary heap, lowest f first, deeper first among equals */

static bool before(const open_entry *a, const open_entry *b)
{
    return a->f < b->f || (a->f == b->f && a->depth > b->depth);
}

static int open_push(search *S, open_entry e)
{
    if (grow(S, (void **)&S->open, &S->cap_open, S->nopen + 1, sizeof *S->open) != 0) return -1;
    int32_t i = S->nopen++;
    while (i > 0) {
        int32_t up = (i - 1) / 2;
        if (!before(&e, &S->open[up])) break;
        S->open[i] = S->open[up];
        i = up;
    }
    S->open[i] = e;
    return 0;
}

static open_entry open_pop(search *S)
{
    open_entry top = S->open[0], last = S->open[--S->nopen];
    int32_t i = 0;
    for (;;) {
        int32_t c = 2 * i + 1;
        if (c >= S->nopen) break;
        if (c + 1 < S->nopen && before(&S->open[c + 1], &S->open[c])) c++;
        if (!before(&S->open[c], &last)) break;
        S->open[i] = S->open[c];
        i = c;
    }
    if (S->nopen > 0) S->open[i] = last;
    return top;
}

/* }====== */

/* {====== moving the working state between nodes */

static void step_back(search *S, int32_t n)
{
    const snode *nd = &S->nodes[n];
    state_apply_changes(&S->st, S->ch + nd->first, nd->count, true);
    const snode *up = &S->nodes[nd->parent];
    S->st.active = up->active;
    S->st.moves = up->depth;
    S->st.pushes = up->pushes;
}

static void step_forward(search *S, int32_t n)
{
    const snode *nd = &S->nodes[n];
    state_apply_changes(&S->st, S->ch + nd->first, nd->count, false);
    S->st.active = nd->active;
    S->st.moves = nd->depth;
    S->st.pushes = nd->pushes;
}

static int go_to(search *S, int32_t target)
{
    int32_t a = S->cur, b = target, k = 0;
    if (grow(S, (void **)&S->path, &S->cap_path, S->nodes[b].depth + 1, sizeof *S->path) != 0) return -1;
    while (S->nodes[a].depth > S->nodes[b].depth) {
        step_back(S, a);
        a = S->nodes[a].parent;
    }
    while (S->nodes[b].depth > S->nodes[a].depth) {
        S->path[k++] = b;
        b = S->nodes[b].parent;
    }
    while (a != b) {
        step_back(S, a);
        a = S->nodes[a].parent;
        S->path[k++] = b;
        b = S->nodes[b].parent;
    }
    while (k > 0) step_forward(S, S->path[--k]);
    S->cur = target;
    return 0;
}

/* }====== */

/* {====== the steps tried from a position */

static bool out_of_time(search *S);

static bool clickable(const state *s, int c)
{
    return !(s->tflags[s->floor[c]] & (TILE_SOLID | TILE_VOID));
}

/* Every declared action at every cell it can take (see search.h), or the game's own list. */
static int list_actions(search *S)
{
    state *s = &S->st;
    if (S->candidates) {
        int n = game_candidates(S->g, s, S->cand, SEARCH_MAX_CANDIDATES, &S->err);
        if (n < 0) S->failed = S->stop = true;
        else if (out_of_time(S)) S->stop = true;
        return n < 0 || S->stop ? 0 : n;
    }
    const ruleset *r = s->rules;
    int n = 0, players = 0;
    for (int i = 0; i < s->nplayers; i++) players += s->player[i] >= 0;
    for (int id = 0; id < r->nactions; id++) {
        uint32_t f = r->action[id].flags;
        int ndirs = (f & ACTION_DIRS) ? s->g->ndirs : 1;
        if (f & ACTION_CLICK) {
            for (int c = 0; c < s->g->ncells; c++)
                for (int d = 0; d < ndirs && n < SEARCH_MAX_CANDIDATES; d++)
                    if (clickable(s, c)) {
                        action a = action_make(id);
                        a.cell = c;
                        a.dir = (int8_t)((f & ACTION_DIRS) ? d : -1);
                        S->cand[n++] = a;
                    }
        } else {
            /* At each player's cell, or (no players) at none. */
            for (int p = 0; p < (players ? s->nplayers : 1); p++) {
                if (players && s->player[p] < 0) continue;
                for (int d = 0; d < ndirs && n < SEARCH_MAX_CANDIDATES; d++) {
                    action a = action_make(id);
                    a.cell = players ? s->player[p] : -1;
                    a.dir = (int8_t)((f & ACTION_DIRS) ? d : -1);
                    S->cand[n++] = a;
                }
            }
        }
    }
    return n;
}

/* Plays candidate i (actions) or the move (slot, dir) as one record; 1 when something was
 * recorded. */
static int play_step(search *S, const action *a, int slot, int dir, snode *out)
{
    state *s = &S->st;
    history_clear(s);
    int rc = 0;
    if (S->actions) {
        /* The selected player is the one the action's cell holds, as when a person plays. */
        int who = a->cell >= 0 ? state_player_at(s, a->cell) : -1;
        int active = s->active;
        if (who >= 0) s->active = who;
        int done;
        rc = game_do_action(S->g, s, a, &done, &S->err);
        if (!done) s->active = active;
        out->act = *a;
    } else {
        move_result r = MOVE_BLOCKED;
        history_begin(s, dir);
        if (slot != s->active) engine_select_player(s, slot);
        rc = game_step(S->g, s, dir, &r, &S->err);
        history_end(s);
        out->slot = (int8_t)slot;
        out->dir = (int8_t)dir;
        out->pushed = r == MOVE_PUSH;
        if (r == MOVE_BLOCKED && s->hist.pos > 0) history_undo(s); /* only the selection */
    }
    if (rc != 0) {
        S->failed = S->stop = true;
        if (s->hist.pos > 0) history_undo(s);
        return 0;
    }
    return s->hist.pos > 0 && s->hist.rec[0].count > 0;
}

/* }====== */

/* Read after every step and every hook call the search makes: one hook call may take up to
 * its own limit (half a second), so looking only every so many positions let a game whose
 * hooks are slow run hundreds of times past the deadline. The clock (monotonic, read in user
 * space) costs far less than the Lua call before it. */
static bool out_of_time(search *S)
{
    if (S->lim->cancel && *S->lim->cancel) return true;
    return S->deadline > 0 && solve_clock() > S->deadline;
}

/* Keeps the position just recorded as a child of S->cur (unless seen): 1 when it is solved. */
static int keep(search *S, snode *nd)
{
    state *s = &S->st;
    const record *r = &s->hist.rec[0];
    S->generated++;
    if (!seen_add(S, s->hash)) return 0;
    if (S->solved_hook && out_of_time(S)) {  /* the step's hooks took the time left */
        S->stop = true;
        return 0;
    }
    if (grow(S, (void **)&S->nodes, &S->cap_nodes, S->nnodes + 1, sizeof *S->nodes) != 0 ||
        grow(S, (void **)&S->ch, &S->cap_ch, S->nch + r->count, sizeof *S->ch) != 0)
        return 0;
    const snode *parent = &S->nodes[S->cur];
    nd->parent = S->cur;
    nd->first = S->nch;
    nd->count = r->count;
    nd->depth = parent->depth + 1;
    nd->pushes = parent->pushes + nd->pushed;
    nd->active = (int8_t)s->active;
    memcpy(S->ch + S->nch, s->hist.ch + r->first, sizeof *S->ch * (size_t)r->count);
    S->nch += r->count;
    int32_t id = S->nnodes++;
    S->nodes[id] = *nd;
    bool solved = false;
    if (game_check_solved(S->g, s, &solved, &S->err) != 0) {
        S->failed = S->stop = true;
        return 0;
    }
    if (solved) return 1;
    if (S->heuristic && out_of_time(S)) {
        S->stop = true;
        return 0;
    }
    double h = 0;
    if (S->heuristic && game_heuristic(S->g, s, &h, &S->err) != 0) {
        S->failed = S->stop = true;
        return 0;
    }
    /* The game says no solution is left from here (math.huge): seen, but never expanded. */
    if (h == HUGE_VAL) return 0;
    if (open_push(S, (open_entry){ nd->depth + h, nd->depth, id }) != 0) return 0;
    return 0;
}

/* Tries every step from S->cur; the solved node's id, or -1. */
static int32_t expand(search *S)
{
    state *s = &S->st;
    int32_t goal = -1;
    if (S->actions) {
        int n = list_actions(S);
        for (int i = 0; i < n && !S->stop; i++) {
            snode nd = { 0 };
            if (!play_step(S, &S->cand[i], -1, -1, &nd)) continue;
            int solved = keep(S, &nd);
            history_undo(s);
            if (solved && goal < 0) goal = S->nnodes - 1;
            if (S->full || out_of_time(S)) S->stop = true;
        }
        return goal;
    }
    /* Every player may move (the active one first); a move by another player selects it in
     * the same record. */
    int players = s->rules->kind == RULES_PUSH && s->nplayers > 1 ? s->nplayers : 1;
    int first = s->active;
    for (int k = 0; k < players && !S->stop; k++) {
        int slot = players > 1 ? (first + k) % players : s->active;
        if (players > 1 && s->player[slot] < 0) continue;
        for (int d = 0; d < s->g->ndirs && !S->stop; d++) {
            snode nd = { 0 };
            if (!play_step(S, NULL, slot, d, &nd)) continue;
            int solved = keep(S, &nd);
            history_undo(s);
            if (solved && goal < 0) goal = S->nnodes - 1;
            if (S->full || out_of_time(S)) S->stop = true;
        }
    }
    return goal;
}

/* The steps from the start to node as text: LURD (a digit where another player moves) or
 * action tokens one space apart. malloc'd. */
static char *solution_text(search *S, const state *start, int32_t node)
{
    int32_t depth = S->nodes[node].depth;
    int32_t *steps = malloc(sizeof *steps * ((size_t)depth + 1));
    size_t cap = (size_t)depth * (S->actions ? ACTION_TEXT_MAX + 1 : 2) + 1;
    char *text = malloc(cap);
    if (!steps || !text) {
        free(steps);
        free(text);
        return NULL;
    }
    for (int32_t n = node, k = depth; n > 0; n = S->nodes[n].parent) steps[--k] = n;
    size_t len = 0;
    int active = start->active;
    bool push_rules = start->rules->kind == RULES_PUSH;
    for (int32_t i = 0; i < depth; i++) {
        const snode *nd = &S->nodes[steps[i]];
        if (S->actions) {
            if (i > 0) text[len++] = ' ';
            len += (size_t)action_write(start->rules, start->g, &nd->act, text + len, cap - len);
            continue;
        }
        if (push_rules && start->nplayers > 1 && nd->slot != active) {
            active = nd->slot;
            text[len++] = (char)('1' + active);
        }
        char c = grid_dir_letter(start->g->topo, nd->dir);
        text[len++] = push_rules && nd->pushed ? (char)toupper((unsigned char)c) : c;
    }
    text[len] = '\0';
    free(steps);
    return text;
}

static void search_free(search *S)
{
    state_free(&S->st);
    free(S->nodes);
    free(S->ch);
    free(S->seen);
    free(S->open);
    free(S->cand);
    free(S->path);
}

static solve_status search_run(game *g, const state *s, const solve_limits *lim, bool heuristic, solve_result *out);

solve_status game_search(game *g, const state *s, const solve_limits *lim, solve_result *out)
{
    return search_run(g, s, lim, game_has_hook(g, "heuristic"), out);
}

solve_status game_search_breadth_first(game *g, const state *s, const solve_limits *lim, solve_result *out)
{
    return search_run(g, s, lim, false, out);
}

static solve_status search_run(game *g, const state *s, const solve_limits *lim, bool heuristic, solve_result *out)
{
    memset(out, 0, sizeof *out);
    double start = solve_clock();
    search S;
    memset(&S, 0, sizeof S);
    S.g = g;
    S.lim = lim;
    S.deadline = lim->seconds > 0 ? start + lim->seconds : 0;
    S.budget = lim->memory_bytes ? lim->memory_bytes : (size_t)SEARCH_MEMORY_DEFAULT;
    S.actions = s->rules->kind == RULES_ACTIONS;
    S.heuristic = heuristic;
    S.candidates = game_has_hook(g, "candidates");
    S.solved_hook = game_has_hook(g, "solved");
    S.seen_mask = 1023;
    S.seen = calloc(S.seen_mask + 1, sizeof *S.seen);
    S.cand = S.actions ? malloc(sizeof *S.cand * SEARCH_MAX_CANDIDATES) : NULL;
    out->status = SOLVE_ERROR;
    if (!S.seen || (S.actions && !S.cand) || state_copy(&S.st, s) != 0 ||
        grow(&S, (void **)&S.nodes, &S.cap_nodes, 1, sizeof *S.nodes) != 0) {
        snprintf(out->message, sizeof out->message, "out of memory");
        search_free(&S);
        return out->status;
    }
    S.st.hist.disabled = false;
    S.nodes[0] = (snode){ .parent = -1, .active = (int8_t)s->active, .depth = 0 };
    S.st.moves = 0;
    S.st.pushes = 0;
    S.nnodes = 1;
    seen_add(&S, S.st.hash);

    int32_t goal = -1;
    bool solved = false;
    if (game_check_solved(g, &S.st, &solved, &S.err) != 0) S.failed = true;
    else if (solved) goal = 0;
    if (goal < 0 && !S.failed) open_push(&S, (open_entry){ 0, 0, 0 });
    /* A solution found is kept while a shorter one may still come: open positions whose
     * f is below its length (with a heuristic that never says too much, the first found is
     * then the shortest, as breadth first is without one). */
    /* Progress is told by the clock: this search runs on the thread that owns the game, the
     * window's too in the app, which answers input from it (a key stops the search, as it
     * stops the other solvers on their threads); one position may take a hook's half second. */
    double report = start + PROGRESS_SECONDS;
    while (!S.stop && S.nopen > 0 && (goal < 0 || S.open[0].f < S.nodes[goal].depth)) {
        open_entry e = open_pop(&S);
        if (go_to(&S, e.node) != 0) break;
        int32_t found = expand(&S);
        if (found >= 0 && (goal < 0 || S.nodes[found].depth < S.nodes[goal].depth)) goal = found;
        double now;
        if (lim->progress && (now = solve_clock()) >= report) {
            lim->progress(lim->progress_ud, S.generated, now - start, (int)e.f);
            report = now + PROGRESS_SECONDS;
            if (lim->cancel && *lim->cancel) S.stop = true;
        }
    }
    if (goal >= 0) {
        out->solution = solution_text(&S, s, goal);
        out->moves = out->length = S.nodes[goal].depth;
        out->pushes = S.nodes[goal].pushes;
        out->optimal = !S.heuristic && !S.stop;
        out->status = out->solution ? SOLVE_SOLVED : SOLVE_ERROR;
        if (!out->solution) snprintf(out->message, sizeof out->message, "out of memory");
    } else if (S.failed) {
        char buf[ERROR_TEXT_MAX + 300];
        out->status = SOLVE_ERROR;
        snprintf(out->message, sizeof out->message, "%s", error_format(&S.err, buf, sizeof buf));
    } else if (S.full) {
        out->status = SOLVE_TIMEOUT;
        snprintf(out->message, sizeof out->message, "the search's memory budget (%zu MiB) ran out",
                 S.budget >> 20);
    } else if (S.stop) {
        out->status = SOLVE_TIMEOUT;
    } else {
        out->status = SOLVE_UNSOLVABLE;     /* every reachable position was seen */
    }
    out->nodes = S.generated;
    out->seconds = solve_clock() - start;
    search_free(&S);
    return out->status;
}
