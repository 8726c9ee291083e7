/* sliding_solve.c: the sliding-tile solver's front door: checks the board, picks the method
 * (see sliding_solve.h) and fills the result. */
#include "solve/sliding_solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "core/sliding.h"
#include "solve/pdb.h"
#include "solve/sliding_internal.h"

const char sliding_letters[4] = {'u', 'd', 'l', 'r'};

/* What the 7-8 databases cost: about 460 s to build on a busy 2-core machine (rounded up
 * here), 1.3 GB while building, 288 MB loaded. A solve with a smaller budget uses the 6-6-3
 * databases instead of starting that build. */
#define PDB78_BUILD_SECONDS 600.0
#define PDB78_BUILD_BYTES ((size_t)1400 << 20)
#define PDB78_LOAD_BYTES ((size_t)300 << 20)

/* {====== budget and move strings */

#define CHECK_EVERY 4096

void sliding_budget_init(sliding_budget *b, const solve_limits *lim, double start)
{
    memset(b, 0, sizeof *b);
    b->lim = lim;
    b->start = start;
    b->deadline = lim->seconds > 0 ? start + lim->seconds : 0;
    b->next_check = CHECK_EVERY;
}

bool sliding_budget_check(sliding_budget *b)
{
    b->next_check = b->nodes + CHECK_EVERY;
    if ((b->lim->cancel && *b->lim->cancel) || (b->deadline > 0 && solve_clock() > b->deadline))
        b->out_of_time = true;
    else if (b->node_cap && b->nodes >= b->node_cap)
        b->out_of_time = b->capped = true;
    return b->out_of_time;
}

bool sliding_budget_unspend(sliding_budget *b)
{
    if (b->capped) b->out_of_time = b->capped = false;
    return !sliding_budget_check(b);
}

void sliding_budget_progress(sliding_budget *b, int bound)
{
    if (b->lim->progress)
        b->lim->progress(b->lim->progress_ud, b->nodes, solve_clock() - b->start, bound);
}

void sliding_moves_add(sliding_moves *m, char c)
{
    if (m->failed) return;
    if (m->len + 1 >= m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 256;
        char *s = realloc(m->s, cap);
        if (!s) {
            m->failed = true;
            return;
        }
        m->s = s;
        m->cap = cap;
    }
    m->s[m->len++] = c;
    m->s[m->len] = '\0';
}

static int letter_dir(char c)
{
    return c == 'u' ? SLIDE_UP : c == 'd' ? SLIDE_DOWN : c == 'l' ? SLIDE_LEFT : SLIDE_RIGHT;
}

void sliding_moves_simplify(sliding_moves *m)
{
    size_t out = 0;
    for (size_t i = 0; i < m->len; i++) {
        if (out && letter_dir(m->s[out - 1]) == (letter_dir(m->s[i]) ^ 1)) out--;
        else m->s[out++] = m->s[i];
    }
    m->len = out;
    if (m->s) m->s[out] = '\0';
}

/* }====== */

int sliding_manhattan(const int *tiles, int w, int h)
{
    int md = 0;
    for (int i = 0; i < w * h; i++) {
        int t = tiles[i];
        if (t > 0) md += abs(i / w - (t - 1) / w) + abs(i % w - (t - 1) % w);
    }
    return md;
}

/* {====== the 4 x 4 databases a solve uses */

static pdb_set *fallback_663;    /* the 6-6-3 tables, kept for later solves */
static mtx_t fallback_lock;
static once_flag fallback_once = ONCE_FLAG_INIT;

static void fallback_init(void) { mtx_init(&fallback_lock, mtx_plain); }

/* The best tables available within the budget: the 7-8 ones if this process has them or the
 * cache holds them, or if there is time and memory to build them; else the 6-6-3 ones (built
 * in seconds and cached too). NULL if even those cannot be had in time. */
static const pdb_set *pdb_for_solve(const char *cache_dir, const sliding_budget *b,
                                    char *msg, size_t size)
{
    const solve_limits *lim = b->lim;
    const pdb_set *p = pdb_shared();
    if (p) {
        snprintf(msg, size, "pattern databases %s (in memory)", p->part.name);
        return p;
    }
    bool room = lim->memory_bytes == 0 || lim->memory_bytes >= PDB78_LOAD_BYTES;
    bool build = !lim->no_build && (lim->memory_bytes == 0 || lim->memory_bytes >= PDB78_BUILD_BYTES) &&
                 (lim->seconds <= 0 || lim->seconds >= PDB78_BUILD_SECONDS);
    pdb_options opt = {.cancel = lim->cancel, .deadline = b->deadline, .no_build = !build};
    if (room && (cache_dir || build) && pdb_prepare_with(cache_dir, &opt, msg, size) == 0)
        return pdb_shared();
    call_once(&fallback_once, fallback_init);
    mtx_lock(&fallback_lock);
    if (!fallback_663) {
        char note[200];
        /* The 6-6-3 tables build in seconds, but not for a solve that may build nothing. */
        opt.no_build = lim->no_build;
        fallback_663 = pdb_open(&pdb_partition_663, cache_dir, &opt, note, sizeof note);
        snprintf(msg, size, "no 7-8 tables (%s); %.100s",
                 !room ? "memory budget" : !build ? "not cached; a build takes minutes" : "build failed",
                 note);
    } else {
        snprintf(msg, size, "no 7-8 tables; used the 6-6-3 ones");
    }
    p = fallback_663;
    mtx_unlock(&fallback_lock);
    return p;
}

static const pdb_set *fallback_tables(void)
{
    call_once(&fallback_once, fallback_init);
    mtx_lock(&fallback_lock);
    const pdb_set *p = fallback_663;
    mtx_unlock(&fallback_lock);
    return p;
}

/* }====== */

#define FALLBACK_SHARE 0.1    /* of an optimal solve's budget, kept for the fallback */
#define FALLBACK_MOST 1.0     /* seconds, at most */
#define FALLBACK_LEAST 0.5    /* seconds the fallback may always take */

static solve_status finish(solve_result *out, solve_status st, sliding_moves *m, bool optimal,
                           const sliding_budget *b)
{
    out->status = st;
    out->nodes = b->nodes;
    out->seconds = solve_clock() - b->start;
    if (st == SOLVE_SOLVED) {
        if (m->failed) {
            free(m->s);
            out->status = SOLVE_ERROR;
            snprintf(out->message, sizeof out->message, "out of memory");
            return SOLVE_ERROR;
        }
        out->solution = m->s ? m->s : calloc(1, 1);
        out->length = (long)m->len;
        out->optimal = optimal;
    } else {
        free(m->s);
        if (st == SOLVE_TIMEOUT && !out->message[0])
            snprintf(out->message, sizeof out->message, "%s after %.1f s",
                     b->lim->cancel && *b->lim->cancel ? "cancelled" : "out of time", out->seconds);
    }
    return out->status;
}

/* Says why an optimal solve's solution is not claimed optimal. */
static void not_proved(solve_result *out, double searched)
{
    snprintf(out->message, sizeof out->message,
             "the optimal search ran out of time after %.1f s: the best solution found, not proved "
             "optimal", searched);
}

/* tables: NULL to choose (see pdb_for_solve); with use_tables, the 4 x 4 optimal search
 * uses exactly `tables` (NULL: Manhattan + linear conflicts). */
static solve_status solve(const int *tiles, int w, int h, const solve_limits *lim,
                          const char *cache_dir, bool use_tables, const pdb_set *tables,
                          solve_result *out)
{
    solve_limits defaults = solve_limits_default();
    if (!lim) lim = &defaults;
    memset(out, 0, sizeof *out);
    sliding_budget b;
    sliding_budget_init(&b, lim, solve_clock());
    sliding_moves m = {0};
    if (!tiles || w < 1 || h < 1 || w > SLIDING_MAX_CELLS / h) {
        snprintf(out->message, sizeof out->message, "bad board size %d x %d (at most %d cells)", w,
                 h, SLIDING_MAX_CELLS);
        return finish(out, SOLVE_ERROR, &m, false, &b);
    }
    int n = w * h;
    if (!sliding_is_permutation(tiles, n)) {
        snprintf(out->message, sizeof out->message,
                 "the %d x %d board must hold each of 0..%d exactly once", w, h, n - 1);
        return finish(out, SOLVE_ERROR, &m, false, &b);
    }
    if (!sliding_solvable(tiles, w, h)) {
        snprintf(out->message, sizeof out->message, "%s", w == 1 || h == 1
                 ? "tiles on a single line cannot change order"
                 : "the permutation parity does not match the blank's row (no sequence of moves "
                   "reaches the goal)");
        return finish(out, SOLVE_UNSOLVABLE, &m, false, &b);
    }
    int blank = 0, misplaced = 0;
    while (tiles[blank]) blank++;
    for (int i = 0; i + 1 < n; i++) misplaced += tiles[i] != i + 1;
    if (!misplaced) return finish(out, SOLVE_SOLVED, &m, true, &b);
    if (w == 1 || h == 1) {
        /* The tiles are in order: the blank walks to the last cell. */
        for (int i = blank; i < n - 1; i++) sliding_moves_add(&m, w == 1 ? 'd' : 'r');
        return finish(out, SOLVE_SOLVED, &m, true, &b);
    }
    solve_status st;
    bool optimal = true;
    /* An optimal search that runs out of time still hands back a solution: the constructive
     * one, made in the time kept back for it (a tenth of the budget, at most a second). */
    solve_limits exact = *lim;
    double reserve = lim->seconds > 0 ? lim->seconds * FALLBACK_SHARE : 0;
    if (reserve > FALLBACK_MOST) reserve = FALLBACK_MOST;
    if (lim->optimal && reserve > 0 && n > 9) {
        exact.seconds = lim->seconds - reserve;
        sliding_budget_init(&b, &exact, b.start);
    }
    if (lim->optimal && w == 4 && h == 4) {
        const pdb_set *p = use_tables ? tables
                         : pdb_for_solve(cache_dir, &b, out->message, sizeof out->message);
        if (p) {
            st = sliding_ida_pdb(tiles, p, &b, &m);
        } else {
            /* No tables: asked for, or out of memory or cancelled while building them. */
            st = sliding_budget_check(&b) ? SOLVE_TIMEOUT : sliding_ida(tiles, w, h, &b, &m);
        }
    } else if (lim->optimal) {
        if (n > SLIDING_IDA_MAX_CELLS) {
            snprintf(out->message, sizeof out->message,
                     "optimal solving is limited to %d cells; use the non-optimal mode",
                     SLIDING_IDA_MAX_CELLS);
            return finish(out, SOLVE_ERROR, &m, false, &b);
        }
        if (n <= 9) {
            st = sliding_ida(tiles, w, h, &b, &m);
        } else {
            st = sliding_anytime(tiles, w, h, &b, &m, &optimal);
            if (st == SOLVE_SOLVED && !optimal) not_proved(out, solve_clock() - b.start);
        }
    } else if (n <= 9) {
        st = sliding_ida(tiles, w, h, &b, &m);
    } else {
        /* Tables only if some earlier solve or pdb_prepare has them in memory already. */
        const pdb_set *ready = pdb_shared();
        if (!ready) ready = fallback_tables();
        st = sliding_construct(tiles, w, h, ready, &b, &m, &optimal);
    }
    if (st == SOLVE_TIMEOUT && lim->optimal && n > 9 && !(lim->cancel && *lim->cancel)) {
        free(m.s);
        memset(&m, 0, sizeof m);
        uint64_t nodes = b.nodes;
        double searched = solve_clock() - b.start;
        sliding_budget_init(&b, lim, b.start);
        b.nodes = nodes;
        /* However little is left, the constructive method gets a moment (it takes milliseconds
         * unloaded): a solution a little late beats none. */
        double now = solve_clock();
        if (b.deadline > 0 && b.deadline < now + FALLBACK_LEAST) b.deadline = now + FALLBACK_LEAST;
        const pdb_set *ready = pdb_shared();
        if (!ready) ready = fallback_tables();
        st = sliding_construct(tiles, w, h, ready, &b, &m, &optimal);
        if (st == SOLVE_SOLVED && !optimal) not_proved(out, searched);
    }
    return finish(out, st, &m, optimal, &b);
}

solve_status sliding_solve(const int *tiles, int w, int h, const solve_limits *lim,
                           const char *cache_dir, solve_result *out)
{
    return solve(tiles, w, h, lim, cache_dir, false, NULL, out);
}

solve_status sliding_solve_4x4(const int *tiles, const pdb_set *tables, const solve_limits *lim,
                               solve_result *out)
{
    solve_limits optimal = lim ? *lim : solve_limits_default();
    optimal.optimal = true;
    return solve(tiles, 4, 4, &optimal, NULL, true, tables, out);
}
