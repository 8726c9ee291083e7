/* movelog.c: LURD letters in step with the history. */
#include "core/movelog.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/lurd.h"

void movelog_init(movelog *ml) { memset(ml, 0, sizeof *ml); }

void movelog_free(movelog *ml)
{
    free(ml->text);
    free(ml->end);
    free(ml->pending);
    memset(ml, 0, sizeof *ml);
}

void movelog_reset(movelog *ml)
{
    ml->len = 0;
    ml->npending = 0;
}

static int reserve(char **buf, size_t *cap, size_t need)
{
    if (need <= *cap) return 0;
    size_t n = *cap ? *cap * 2 : 256;
    while (n < need) n *= 2;
    char *bigger = realloc(*buf, n);
    if (!bigger) return -1;
    *buf = bigger;
    *cap = n;
    return 0;
}

int movelog_note(movelog *ml, char c)
{
    if (reserve(&ml->pending, &ml->cap_pending, ml->npending + 1) != 0) return -1;
    ml->pending[ml->npending++] = c;
    return 0;
}

void movelog_commit(movelog *ml, const state *s, int32_t pos_before)
{
    const history *h = &s->hist;
    if (h->open > 0) return;
    int32_t rec = h->pos - 1;
    if (h->pos != pos_before + 1 || rec < 0) {
        ml->npending = 0; /* nothing was recorded (blocked, or undo/redo) */
        return;
    }
    if (rec >= ml->cap_end) {
        int32_t cap = ml->cap_end ? ml->cap_end : 256;
        while (cap <= rec) cap *= 2;
        int32_t *bigger = realloc(ml->end, sizeof *bigger * (size_t)cap);
        if (!bigger) {
            ml->npending = 0;
            return;
        }
        ml->end = bigger;
        ml->cap_end = cap;
    }
    size_t start = rec > 0 ? (size_t)ml->end[rec - 1] : 0;
    if (reserve(&ml->text, &ml->cap, start + ml->npending + 1) != 0) {
        ml->npending = 0;
        return;
    }
    memcpy(ml->text + start, ml->pending, ml->npending);
    ml->len = start + ml->npending;
    ml->end[rec] = (int32_t)ml->len;
    ml->npending = 0;
}

char *movelog_lurd(const movelog *ml, const state *s)
{
    const history *h = &s->hist;
    int32_t pos = h->pos < ml->cap_end ? h->pos : ml->cap_end;
    size_t from = 0, to = pos > 0 ? (size_t)ml->end[pos - 1] : 0;
    /* Moves before the last restart are not part of the way from the start. */
    for (int32_t i = pos - 1; i >= 0; i--)
        if (h->rec[i].flags & RECORD_RESTART) {
            from = (size_t)ml->end[i];
            break;
        }
    if (to > ml->len || from > to) to = from = 0;
    char *out = malloc(to - from + 1);
    if (!out) return NULL;
    if (to > from) memcpy(out, ml->text + from, to - from); /* text is NULL while nothing is logged */
    out[to - from] = '\0';
    return out;
}

char *lurd_from_text(const char *text, topology topo, int digits)
{
    size_t n = strlen(text), k = 0;
    char *out = malloc(n + 1);
    if (!out) return NULL;
    int moves = 0;
    for (size_t i = 0; i < n; i++) {
        char c = text[i];
        if (isspace((unsigned char)c)) continue;
        lurd_step step = lurd_read(topo, c);
        if (step.kind == LURD_MOVE) moves++;
        else if (!(digits && step.kind == LURD_PLAYER)) {
            free(out);
            return NULL;
        }
        out[k++] = c;
    }
    out[k] = '\0';
    if (moves == 0) {
        free(out);
        return NULL;
    }
    return out;
}
