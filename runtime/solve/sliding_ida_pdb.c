/* sliding_ida_pdb.c: optimal IDA* for the 4 x 4 board on additive pattern databases, with
 * the second lookup on the board reflected about its main diagonal (Korf & Felner 2002).
 * h = MD + 2 * max(sum of pattern excesses, the same on the reflected board). A move changes
 * one tile, so one table of each view is looked up again per generated node. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "solve/sliding_internal.h"

#define SIDE PDB_SIDE
#define CELLS PDB_CELLS
#define MAX_DEPTH 96   /* the 4 x 4 diameter is 80 */

typedef struct pdb_search {
    const pdb_set *p;
    unsigned char board[CELLS], pos[CELLS];
    unsigned char dist[CELLS][CELLS];               /* [tile][cell] Manhattan distance */
    unsigned char reflected_cell[CELLS];
    unsigned char mirror_src[PDB_MAX_PATTERNS][PDB_MAX_TILES]; /* tile read by reflected slot */
    signed char mirror_pattern[CELLS];              /* tile -> reflected pattern it feeds */
    int excess[2][PDB_MAX_PATTERNS];                /* [view][pattern] */
    int sum[2];
    int md, blank, next_bound, found;
    char path[MAX_DEPTH];
    sliding_budget *budget;
} pdb_search;

static int reflect_cell(int cell) { return (cell % SIDE) * SIDE + cell / SIDE; }
static int reflect_tile(int t) { return reflect_cell(t - 1) + 1; }

static inline int lookup(const pdb_search *s, int view, int q)
{
    const pdb_set *p = s->p;
    int k = p->part.size[q];
    unsigned char cells[PDB_MAX_TILES];
    if (view == 0)
        for (int i = 0; i < k; i++) cells[i] = s->pos[p->part.tiles[q][i]];
    else
        for (int i = 0; i < k; i++) cells[i] = s->reflected_cell[s->pos[s->mirror_src[q][i]]];
    return pdb_nibble(p->table[q], pdb_rank(cells, k));
}

static int dfs(pdb_search *s, int g, int bound, int last)
{
    int blank = s->blank, br = blank / SIDE, bc = blank % SIDE;
    for (int d = 0; d < 4; d++) {
        if (last >= 0 && d == (last ^ 1)) continue;
        int from;
        if (d == SLIDE_UP) { if (br == 0) continue; from = blank - SIDE; }
        else if (d == SLIDE_DOWN) { if (br == SIDE - 1) continue; from = blank + SIDE; }
        else if (d == SLIDE_LEFT) { if (bc == 0) continue; from = blank - 1; }
        else { if (bc == SIDE - 1) continue; from = blank + 1; }
        int t = s->board[from];
        int q0 = s->p->pattern_of[t], q1 = s->mirror_pattern[t];
        int md = s->md - s->dist[t][from] + s->dist[t][blank];
        s->pos[t] = (unsigned char)blank;
        int e0 = lookup(s, 0, q0), e1 = lookup(s, 1, q1);
        int sum0 = s->sum[0] - s->excess[0][q0] + e0, sum1 = s->sum[1] - s->excess[1][q1] + e1;
        int f = g + 1 + md + 2 * (sum0 > sum1 ? sum0 : sum1);
        s->budget->nodes++;
        if (f > bound) {
            if (f < s->next_bound) s->next_bound = f;
            s->pos[t] = (unsigned char)from;
            continue;
        }
        s->path[g] = sliding_letters[d];
        if (md == 0) {
            s->found = g + 1;
            return 1;
        }
        int o0 = s->excess[0][q0], o1 = s->excess[1][q1], osum0 = s->sum[0], osum1 = s->sum[1];
        int omd = s->md;
        s->board[blank] = (unsigned char)t;
        s->board[from] = 0;
        s->blank = from;
        s->md = md;
        s->excess[0][q0] = e0;
        s->excess[1][q1] = e1;
        s->sum[0] = sum0;
        s->sum[1] = sum1;
        int r = sliding_budget_spent(s->budget) ? -1 : dfs(s, g + 1, bound, d);
        if (r) return r;
        s->sum[0] = osum0;
        s->sum[1] = osum1;
        s->excess[0][q0] = o0;
        s->excess[1][q1] = o1;
        s->md = omd;
        s->blank = blank;
        s->board[from] = (unsigned char)t;
        s->board[blank] = 0;
        s->pos[t] = (unsigned char)from;
    }
    return 0;
}

solve_status sliding_ida_pdb(const int *tiles, const pdb_set *pdb, sliding_budget *b,
                             sliding_moves *moves)
{
    pdb_search *s = calloc(1, sizeof *s);
    if (!s) return SOLVE_ERROR;
    s->p = pdb;
    s->budget = b;
    for (int c = 0; c < CELLS; c++) s->reflected_cell[c] = (unsigned char)reflect_cell(c);
    for (int t = 1; t < CELLS; t++) {
        for (int c = 0; c < CELLS; c++)
            s->dist[t][c] = (unsigned char)(abs(c / SIDE - (t - 1) / SIDE) + abs(c % SIDE - (t - 1) % SIDE));
        s->mirror_pattern[t] = pdb->pattern_of[reflect_tile(t)];
    }
    for (int q = 0; q < pdb->part.count; q++)
        for (int i = 0; i < pdb->part.size[q]; i++)
            s->mirror_src[q][i] = (unsigned char)reflect_tile(pdb->part.tiles[q][i]);
    for (int c = 0; c < CELLS; c++) {
        s->board[c] = (unsigned char)tiles[c];
        s->pos[tiles[c]] = (unsigned char)c;
        if (!tiles[c]) s->blank = c;
        else s->md += s->dist[tiles[c]][c];
    }
    for (int view = 0; view < 2; view++)
        for (int q = 0; q < pdb->part.count; q++)
            s->sum[view] += s->excess[view][q] = lookup(s, view, q);
    b->nodes++;
    solve_status st = SOLVE_SOLVED;
    if (s->md == 0) goto done;
    for (int bound = s->md + 2 * (s->sum[0] > s->sum[1] ? s->sum[0] : s->sum[1]);;) {
        sliding_budget_progress(b, bound);
        if (bound >= MAX_DEPTH) {
            st = SOLVE_ERROR;   /* beyond the 4 x 4 diameter: inconsistent tables */
            break;
        }
        s->next_bound = INT_MAX;
        int r = dfs(s, 0, bound, -1);
        if (r < 0) {
            st = SOLVE_TIMEOUT;
            break;
        }
        if (r > 0) {
            for (int i = 0; i < s->found; i++) sliding_moves_add(moves, s->path[i]);
            break;
        }
        bound = s->next_bound;
        b->nodes++;
    }
done:
    free(s);
    return st;
}
