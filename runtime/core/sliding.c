/* sliding.c: the solvability rule of N x M sliding-tile boards. */
#include "core/sliding.h"

#include <stdlib.h>

bool sliding_is_permutation(const int *tiles, int n)
{
    if (n <= 0) return false;
    unsigned char *seen = calloc((size_t)n, 1);
    bool ok = seen != NULL;
    for (int i = 0; ok && i < n; i++) {
        if (tiles[i] < 0 || tiles[i] >= n || seen[tiles[i]]) ok = false;
        else seen[tiles[i]] = 1;
    }
    free(seen);
    return ok;
}

/* Inversions among the numbered tiles (the blank is skipped); a merge sort would be
 * O(n log n) but boards are at most a few thousand cells and this runs once per scramble. */
int sliding_inversions(const int *tiles, int n)
{
    int inv = 0;
    for (int i = 0; i < n; i++) {
        if (!tiles[i]) continue;
        for (int j = i + 1; j < n; j++)
            if (tiles[j] && tiles[j] < tiles[i]) inv++;
    }
    return inv;
}

int sliding_parity(const int *tiles, int n)
{
    /* The parity of the tiles' permutation (the blank left out) is the parity of its
     * inversions: (length - cycles) mod 2, in one pass instead of n^2 / 2 comparisons. */
    int *seq = malloc(sizeof *seq * (size_t)n);
    unsigned char *seen = calloc((size_t)n, 1);
    if (!seq || !seen) {
        free(seq);
        free(seen);
        return sliding_inversions(tiles, n) & 1;
    }
    int m = 0;
    for (int i = 0; i < n; i++)
        if (tiles[i]) seq[m++] = tiles[i] - 1;
    int cycles = 0;
    for (int i = 0; i < m; i++) {
        if (seen[i]) continue;
        cycles++;
        for (int j = i; !seen[j]; j = seq[j]) seen[j] = 1;
    }
    free(seq);
    free(seen);
    return (m - cycles) & 1;
}

bool sliding_solvable(const int *tiles, int w, int h)
{
    int n = w * h;
    if (!sliding_is_permutation(tiles, n)) return false;
    if (w == 1 || h == 1) {
        /* On a single line the blank can only shift; the tiles keep their order. */
        int expect = 1;
        for (int i = 0; i < n; i++) {
            if (!tiles[i]) continue;
            if (tiles[i] != expect++) return false;
        }
        return true;
    }
    int inv = sliding_parity(tiles, n);
    if (w % 2 == 1) return inv % 2 == 0;
    int blank = 0;
    while (tiles[blank]) blank++;
    int rows_from_bottom = h - 1 - blank / w;
    return (inv + rows_from_bottom) % 2 == 0;
}
