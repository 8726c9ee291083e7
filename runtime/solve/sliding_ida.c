/* sliding_ida.c: IDA* for any board of up to 256 cells, on Manhattan distance plus linear
 * conflicts, both kept up to date move by move: optimal, or weighted (f = g + w h) for a quick
 * solution within w times the optimum, towards the goal or any other board, and only below a
 * length already known (see sliding_internal.h). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "solve/sliding_internal.h"
#include "solve/sliding_solve.h"

typedef struct ida {
    int w, h, n;
    unsigned char *board;      /* tile on each cell */
    unsigned char *dist;       /* dist[tile * n + cell]: Manhattan distance */
    int *home;                 /* home[tile]: the tile's cell on the board sought */
    int wnum, wden;            /* f = wden * g + wnum * h */
    int below;                 /* only paths shorter than this (INT_MAX: any) */
    int *line_lc;              /* conflicts of rows 0..h-1, then columns h..h+w-1 */
    int *tails;                /* scratch for the longest increasing subsequence */
    int blank, md, lc;
    int next_bound, found;
    char *path;
    sliding_budget *budget;
} ida;

/* Length of the longest strictly increasing subsequence of v[0..k) (patience sorting). */
static int lis_length(const int *v, int k, int *tails)
{
    int len = 0;
    for (int i = 0; i < k; i++) {
        int lo = 0, hi = len;
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (tails[mid] < v[i]) lo = mid + 1;
            else hi = mid;
        }
        tails[lo] = v[i];
        if (lo == len) len++;
    }
    return len;
}

/* The linear conflict of one row (is_row) or column: 2 * (tiles at home in this line that
 * are not in the longest goal-ordered subsequence). Tiles that stay in the line keep their
 * order, so all but an increasing subsequence must step out and back: two extra moves each. */
static int line_conflict(const unsigned char *board, const int *home, int w, int h, int line,
                         bool is_row, int *seq, int *tails)
{
    int k = 0, len = is_row ? w : h;
    for (int i = 0; i < len; i++) {
        int cell = is_row ? line * w + i : i * w + line;
        int t = board[cell];
        if (!t) continue;
        int goal = home[t];
        if (is_row ? goal / w == line : goal % w == line) seq[k++] = is_row ? goal % w : goal / w;
    }
    return k < 2 ? 0 : 2 * (k - lis_length(seq, k, tails));
}

static int line_conflict_of(ida *s, int line, bool is_row)
{
    int seq[SLIDING_IDA_MAX_CELLS];
    return line_conflict(s->board, s->home, s->w, s->h, line, is_row, seq, s->tails);
}

int sliding_linear_conflict(const int *tiles, int w, int h)
{
    if (w < 1 || h < 1) return 0;
    int total = 0, big = w > h ? w : h;
    int *seq = malloc(sizeof(int) * (size_t)big * 2);   /* the line, then LIS scratch */
    if (!seq) return 0;
    for (int line = 0; line < h; line++) {
        int k = 0;
        for (int c = 0; c < w; c++) {
            int t = tiles[line * w + c];
            if (t && (t - 1) / w == line) seq[k++] = (t - 1) % w;
        }
        if (k > 1) total += 2 * (k - lis_length(seq, k, seq + big));
    }
    for (int line = 0; line < w; line++) {
        int k = 0;
        for (int r = 0; r < h; r++) {
            int t = tiles[r * w + line];
            if (t && (t - 1) % w == line) seq[k++] = (t - 1) / w;
        }
        if (k > 1) total += 2 * (k - lis_length(seq, k, seq + big));
    }
    free(seq);
    return total;
}

/* Returns 1 when the goal was reached (path[0..g) holds the moves), 0 when not within
 * bound, -1 when the budget ran out. */
static int dfs(ida *s, int g, int bound, int last)
{
    int w = s->w, blank = s->blank, br = blank / w, bc = blank % w;
    for (int d = 0; d < 4; d++) {
        if (last >= 0 && d == (last ^ 1)) continue;
        int from;
        if (d == SLIDE_UP) { if (br == 0) continue; from = blank - w; }
        else if (d == SLIDE_DOWN) { if (br == s->h - 1) continue; from = blank + w; }
        else if (d == SLIDE_LEFT) { if (bc == 0) continue; from = blank - 1; }
        else { if (bc == w - 1) continue; from = blank + 1; }
        int t = s->board[from];
        int md = s->md - s->dist[t * s->n + from] + s->dist[t * s->n + blank];
        /* The tile crosses from `from` to `blank`: a vertical move changes two rows' order,
         * a horizontal one two columns'. */
        bool vertical = d == SLIDE_UP || d == SLIDE_DOWN;
        int l1 = vertical ? from / w : s->h + from % w, l2 = vertical ? br : s->h + bc;
        s->board[blank] = (unsigned char)t;
        s->board[from] = 0;
        int c1 = line_conflict_of(s, vertical ? from / w : from % w, vertical);
        int c2 = line_conflict_of(s, vertical ? br : bc, vertical);
        int lc = s->lc - s->line_lc[l1] - s->line_lc[l2] + c1 + c2;
        s->budget->nodes++;
        bool too_long = g + 1 + md + lc >= s->below;
        int f = s->wden * (g + 1) + s->wnum * (md + lc);
        if (f > bound || too_long) {
            if (f < s->next_bound && !too_long) s->next_bound = f;
            s->board[from] = (unsigned char)t;
            s->board[blank] = 0;
            continue;
        }
        s->path[g] = sliding_letters[d];
        if (md == 0) {
            s->found = g + 1;
            return 1;
        }
        int o1 = s->line_lc[l1], o2 = s->line_lc[l2], omd = s->md, olc = s->lc;
        s->line_lc[l1] = c1;
        s->line_lc[l2] = c2;
        s->md = md;
        s->lc = lc;
        s->blank = from;
        int r = sliding_budget_spent(s->budget) ? -1 : dfs(s, g + 1, bound, d);
        if (r) return r;
        s->blank = blank;
        s->md = omd;
        s->lc = olc;
        s->line_lc[l1] = o1;
        s->line_lc[l2] = o2;
        s->board[from] = (unsigned char)t;
        s->board[blank] = 0;
    }
    return 0;
}

solve_status sliding_ida(const int *tiles, int w, int h, sliding_budget *b, sliding_moves *moves)
{
    return sliding_ida_with(tiles, w, h, NULL, b, moves);
}

solve_status sliding_ida_with(const int *tiles, int w, int h, const sliding_ida_opts *o,
                              sliding_budget *b, sliding_moves *moves)
{
    int n = w * h;
    ida s = {0};
    s.w = w;
    s.h = h;
    s.n = n;
    s.budget = b;
    s.wnum = o && o->weight_num > 0 && o->weight_den > 0 ? o->weight_num : 1;
    s.wden = o && o->weight_num > 0 && o->weight_den > 0 ? o->weight_den : 1;
    s.below = o && o->shorter_than > 0 ? o->shorter_than : INT_MAX;
    s.board = malloc((size_t)n);
    s.dist = malloc((size_t)n * (size_t)n);
    s.home = malloc(sizeof(int) * (size_t)n);
    s.line_lc = calloc((size_t)(w + h), sizeof(int));
    s.tails = malloc(sizeof(int) * (size_t)(w > h ? w : h));
    solve_status st = SOLVE_ERROR;
    if (!s.board || !s.dist || !s.home || !s.line_lc || !s.tails || n > SLIDING_IDA_MAX_CELLS)
        goto done;
    for (int cell = 0; cell < n; cell++) {
        int t = o && o->target ? o->target[cell] : (cell + 1) % n;
        if (t < 0 || t >= n) goto done;
        s.home[t] = cell;
    }
    for (int t = 0; t < n; t++)
        for (int cell = 0; cell < n; cell++)
            s.dist[t * n + cell] = t ? (unsigned char)(abs(cell / w - s.home[t] / w) +
                                                       abs(cell % w - s.home[t] % w))
                                     : 0;
    for (int i = 0; i < n; i++) {
        s.board[i] = (unsigned char)tiles[i];
        if (!tiles[i]) s.blank = i;
        s.md += s.dist[tiles[i] * n + i];
    }
    for (int r = 0; r < h; r++) s.lc += s.line_lc[r] = line_conflict_of(&s, r, true);
    for (int c = 0; c < w; c++) s.lc += s.line_lc[h + c] = line_conflict_of(&s, c, false);
    b->nodes++;
    if (s.md == 0) {
        st = SOLVE_SOLVED;
        goto done;
    }
    if (s.md + s.lc >= s.below) {
        st = SOLVE_UNSOLVABLE;
        goto done;
    }
    int last_bound = s.wnum * (s.md + s.lc);
    for (int bound = last_bound;;) {
        if (!(o && o->quiet)) sliding_budget_progress(b, bound / s.wden);
        /* No path longer than bound / wden (nor than below) passes the bound test. */
        int longest = bound / s.wden;
        if (s.below != INT_MAX && longest > s.below) longest = s.below;
        char *grown = realloc(s.path, (size_t)longest + 1);
        if (!grown) goto done;
        s.path = grown;
        s.next_bound = INT_MAX;
        int r = dfs(&s, 0, bound, -1);
        if (r < 0) {
            st = SOLVE_TIMEOUT;
            break;
        }
        if (r > 0) {
            for (int i = 0; i < s.found; i++) sliding_moves_add(moves, s.path[i]);
            st = moves->failed ? SOLVE_ERROR : SOLVE_SOLVED;
            break;
        }
        if (s.next_bound == INT_MAX) {
            /* Every path shorter than below was pruned: none reaches the board sought (on a
             * solvable board this happens only under a below). */
            st = SOLVE_UNSOLVABLE;
            break;
        }
        /* Weighted, f takes many close values: each iteration would add few nodes to the
         * last one's. Raising the bound by two moves' worth at least keeps the repeated work
         * small; the path found may then exceed the weight's bound by two moves (measured on
         * Korf's 24-puzzles at 10 s: 1.11 times the optimum on average, 1.16 without). */
        int least = last_bound + 2 * s.wden;
        bound = s.wnum != s.wden && s.next_bound < least ? least : s.next_bound;
        last_bound = bound;
        b->nodes++;
    }
done:
    free(s.board);
    free(s.dist);
    free(s.home);
    free(s.line_lc);
    free(s.tails);
    free(s.path);
    return st;
}
