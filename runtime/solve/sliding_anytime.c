/* sliding_anytime.c: the anytime search behind an optimal solve of a board too big for IDA* to
 * finish (5 x 5 and up): a good solution early, better ones while the budget lasts, and the
 * proof of optimality when it lasts long enough.
 *
 * Weighted IDA* (f = g + w h on Manhattan distance plus linear conflicts) finds a path within
 * w times the shortest, far faster as w grows. Passes run with w falling from 3 towards 1 in
 * steps of a quarter of its excess over 1 (3, 2.5, 2.1, 1.8, 1.6, 1.45, 1.3, 1.2, ...), each
 * to its end. Each pass's path is shortened window by window: the stretch between two of its
 * boards, WINDOW moves apart, is replaced by an optimal path between them where one is
 * shorter (IDA* towards that board, a node cap each). Weighted paths wander locally, which is
 * what the windows take out: on Korf's 24-puzzles they cut a weight-3 path by a quarter and
 * a weight-1.5 one by a few moves. A pass is not held below the best length: cut that way, a
 * weighted pass must find a path it would not find naturally and takes far longer (measured:
 * 1.28 times the optimum on average instead of 1.12-1.16). The last pass is unweighted and cut
 * below the best (safe, as h never overestimates): a path it finds is a shortest, and if it
 * ends without one the best is proved optimal. On big boards (8 x 8 and up at 10 s) the
 * first pass, at weight 3, cannot finish; after half the budget the constructive path
 * (sliding_construct.c) is shortened by windows instead. */
#include <stdlib.h>
#include <string.h>

#include "solve/sliding_internal.h"

#define DEN 20                 /* weights are multiples of 1 / DEN */
#define WINDOW 40              /* moves one shortening window spans */
#define WINDOW_STEP 10         /* moves between the starts of two windows */
#define WINDOW_NODES 400000u   /* node cap of one window's search */
#define FIRST_SHARE 0.5        /* of the budget, for the first weighted pass */

/* Moves the blank (at *blank) one step in the direction of letter. */
static void slide(int *board, int w, int *blank, char letter)
{
    int from = letter == 'u' ? *blank - w : letter == 'd' ? *blank + w
             : letter == 'l' ? *blank - 1 : *blank + 1;
    board[*blank] = board[from];
    board[from] = 0;
    *blank = from;
}

static int blank_of(const int *board)
{
    int i = 0;
    while (board[i]) i++;
    return i;
}

/* best[0..i) + part + best[j..) into best; false when out of memory. */
static bool splice(sliding_moves *best, size_t i, size_t j, const sliding_moves *part)
{
    sliding_moves out = {0};
    for (size_t k = 0; k < i; k++) sliding_moves_add(&out, best->s[k]);
    for (size_t k = 0; k < part->len; k++) sliding_moves_add(&out, part->s[k]);
    for (size_t k = j; k < best->len; k++) sliding_moves_add(&out, best->s[k]);
    if (out.failed) {
        free(out.s);
        return false;
    }
    free(best->s);
    *best = out;
    return true;
}

void sliding_shorten(const int *tiles, int w, int h, sliding_moves *best, sliding_budget *b)
{
    size_t n = (size_t)w * (size_t)h;
    int *cur = malloc(n * sizeof *cur), *end = malloc(n * sizeof *end);
    for (bool changed = cur && end; changed && !b->out_of_time;) {
        changed = false;
        memcpy(cur, tiles, n * sizeof *cur);
        int cb = blank_of(cur);
        for (size_t i = 0; i + 2 <= best->len && !b->out_of_time;) {
            size_t j = i + (size_t)WINDOW < best->len ? i + (size_t)WINDOW : best->len;
            memcpy(end, cur, n * sizeof *end);
            int eb = cb;
            for (size_t k = i; k < j; k++) slide(end, w, &eb, best->s[k]);
            sliding_moves part = {0};
            sliding_ida_opts o = {end, 1, 1, (int)(j - i), true};
            uint64_t cap = b->node_cap;
            b->node_cap = b->nodes + WINDOW_NODES;
            solve_status st = sliding_ida_with(cur, w, h, &o, b, &part);
            b->node_cap = cap;
            bool spent = st == SOLVE_TIMEOUT && !sliding_budget_unspend(b);
            if (st == SOLVE_SOLVED && part.len < j - i && !part.failed) {
                if (!splice(best, i, j, &part)) spent = true;
                changed = true;
            }
            free(part.s);
            if (spent) break;
            for (size_t k = i; k < i + (size_t)WINDOW_STEP && k < best->len; k++) slide(cur, w, &cb, best->s[k]);
            i += (size_t)WINDOW_STEP;
        }
        /* A window's path may undo the move after it. */
        sliding_moves_simplify(best);
    }
    free(cur);
    free(end);
}

/* Keeps the shorter of *best and m (freeing the other). */
static void keep_best(sliding_moves *best, bool *have, sliding_moves *m)
{
    if (!*have || m->len < best->len) {
        free(best->s);
        *best = *m;
        *have = true;
    } else {
        free(m->s);
    }
}

/* After the first pass ran out of its share: the constructive path, shortened by windows in
 * the rest of the budget. */
static solve_status shortened_construction(const int *tiles, int w, int h, sliding_budget *b,
                                           sliding_moves *best, bool *have)
{
    b->out_of_time = false;
    if (sliding_budget_check(b)) return SOLVE_TIMEOUT;
    sliding_moves m = {0};
    bool exact;
    solve_status st = sliding_construct(tiles, w, h, NULL, b, &m, &exact);
    if (st != SOLVE_SOLVED) {
        free(m.s);
        return st;
    }
    sliding_shorten(tiles, w, h, &m, b);
    keep_best(best, have, &m);
    return st;
}

solve_status sliding_anytime(const int *tiles, int w, int h, sliding_budget *b,
                             sliding_moves *moves, bool *optimal)
{
    *optimal = false;
    sliding_moves best = {0};
    bool have = false;
    solve_status st = SOLVE_TIMEOUT;
    for (int num = 3 * DEN; num > DEN && !sliding_budget_check(b);) {
        sliding_moves m = {0};
        sliding_ida_opts o = {NULL, num, DEN, 0, false};
        /* The first pass gets half the time: on big boards even weight 3 may not finish, and
         * the other half then goes to shortening the constructive path. */
        double deadline = b->deadline, now = solve_clock();
        if (!have && deadline > 0) b->deadline = now + (deadline - now) * FIRST_SHARE;
        st = sliding_ida_with(tiles, w, h, &o, b, &m);
        b->deadline = deadline;
        if (st != SOLVE_SOLVED) {
            free(m.s);
            if (st == SOLVE_TIMEOUT && !have) st = shortened_construction(tiles, w, h, b, &best, &have);
            break;
        }
        sliding_shorten(tiles, w, h, &m, b);
        keep_best(&best, &have, &m);
        int step = (num - DEN + 3) / 4;
        num -= step > 1 ? step : 1;
    }
    if (st != SOLVE_ERROR && !sliding_budget_check(b)) {
        sliding_moves m = {0};
        sliding_ida_opts o = {NULL, 1, 1, have ? (int)best.len : 0, false};
        st = sliding_ida_with(tiles, w, h, &o, b, &m);
        if (st == SOLVE_SOLVED) {
            free(best.s);
            best = m;
            have = *optimal = true;
        } else {
            free(m.s);
            if (st == SOLVE_UNSOLVABLE && have) *optimal = true;
        }
    }
    if (!have) {
        free(best.s);
        return st == SOLVE_UNSOLVABLE ? SOLVE_ERROR : st;
    }
    for (size_t i = 0; i < best.len; i++) sliding_moves_add(moves, best.s[i]);
    free(best.s);
    return moves->failed ? SOLVE_ERROR : SOLVE_SOLVED;
}
