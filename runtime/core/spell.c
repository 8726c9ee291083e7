/* spell.c: the nearest word to a misspelt name (see spell.h). */
#include "core/spell.h"

#include <string.h>

int spell_distance(const char *a, const char *b)
{
    enum { MAX = 40 };
    size_t n = strlen(a), m = strlen(b);
    if (n >= MAX || m >= MAX) return MAX;
    int d[MAX + 1][MAX + 1];
    for (size_t i = 0; i <= n; i++) d[i][0] = (int)i;
    for (size_t j = 0; j <= m; j++) d[0][j] = (int)j;
    for (size_t i = 1; i <= n; i++)
        for (size_t j = 1; j <= m; j++) {
            int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
            /* Two letters swapped ("gaol" for "goal") are one slip, not two. */
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[n][m];
}

void spell_offer(spell *s, const char *word)
{
    if (!word || strcmp(word, s->name) == 0) return;
    int d = spell_distance(s->name, word);
    if (d < s->dist) s->dist = d, s->best = word;
}
