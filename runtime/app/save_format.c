/* save_format.c: parsing and writing the progress and settings texts (see save_format.h). */
#define _POSIX_C_SOURCE 200809L
#include "app/save_format.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* {====== a growing text buffer */

typedef struct buf {
    char *s;
    size_t n, cap;
    bool oom;
} buf;

static void put(buf *b, const char *s, size_t n)
{
    if (b->oom) return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n + 1) cap *= 2;
        char *t = realloc(b->s, cap);
        if (!t) {
            b->oom = true;
            return;
        }
        b->s = t;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}

static void puts_(buf *b, const char *s) { put(b, s, strlen(s)); }

/* A name or value that ends its line (see rest): a control byte or '%' is written %XX, so a
 * file named with a newline in it cannot start a line of its own in the file; so is a space
 * at either end (reading skips the spaces around a value). */
static void puts_escaped(buf *b, const char *s)
{
    for (const char *start = s; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20 || c == 0x7f || c == '%' || (c == ' ' && (s == start || s[1] == '\0'))) {
            char hex[4];
            snprintf(hex, sizeof hex, "%%%02X", c);
            put(b, hex, 3);
        } else {
            put(b, s, 1);
        }
    }
}

static void putf(buf *b, const char *fmt, long a, long c)
{
    char tmp[64];
    int k = snprintf(tmp, sizeof tmp, fmt, a, c);
    if (k > 0) put(b, tmp, (size_t)k);
}

static char *finish(buf *b, size_t *len)
{
    if (b->oom || !b->s) {
        free(b->s);
        return NULL;
    }
    if (len) *len = b->n;
    return b->s;
}

/* }====== */

/* {====== reading lines and words */

typedef struct reader {
    const char *name, *text, *end;
    const char *line;           /* start of the current line */
    const char *p;              /* the cursor in it */
    const char *eol;
    int lineno;
    error *err;
} reader;

static bool next_line(reader *r)
{
    const char *s = r->lineno == 0 ? r->text : r->eol + (r->eol < r->end);
    if (r->lineno > 0 && r->eol >= r->end) return false;
    if (s >= r->end && r->lineno > 0) return false;
    r->lineno++;
    r->line = r->p = s;
    r->eol = memchr(s, '\n', (size_t)(r->end - s));
    if (!r->eol) r->eol = r->end;
    return true;
}

static int fail(reader *r, const char *at, const char *msg, const char *what)
{
    return error_set(r->err, r->name, r->lineno, (int)(at - r->line) + 1, msg, what);
}

static const char *line_end(const reader *r)
{
    const char *e = r->eol;
    while (e > r->line && (e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t')) e--;
    return e;
}

static void skip_space(reader *r)
{
    while (r->p < r->eol && (*r->p == ' ' || *r->p == '\t')) r->p++;
}

/* The next word: [start, *n). Returns NULL at the end of the line. */
static const char *word(reader *r, size_t *n)
{
    skip_space(r);
    const char *e = line_end(r), *s = r->p;
    if (s >= e) return NULL;
    while (r->p < e && *r->p != ' ' && *r->p != '\t') r->p++;
    *n = (size_t)(r->p - s);
    return s;
}

static bool word_is(const char *w, size_t n, const char *kw)
{
    return strlen(kw) == n && !memcmp(w, kw, n);
}

static int number(reader *r, long min, long max, long *out, const char *what)
{
    size_t n;
    const char *w = word(r, &n);
    if (!w) return fail(r, r->p, "expected %s", what);
    long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isdigit((unsigned char)w[i]) || v > (LONG_MAX - 9) / 10) return fail(r, w, "expected %s", what);
        v = v * 10 + (w[i] - '0');
    }
    if (v < min || v > max) return fail(r, w, "%s out of range", what);
    *out = v;
    return 0;
}

static int fingerprint(reader *r, uint32_t *out)
{
    size_t n;
    const char *w = word(r, &n);
    uint32_t v = 0;
    if (!w || n != 8) return fail(r, w ? w : r->p, "expected %s", "a fingerprint (8 hex digits)");
    for (size_t i = 0; i < n; i++) {
        int c = tolower((unsigned char)w[i]);
        if (!isxdigit(c)) return fail(r, w, "expected %s", "a fingerprint (8 hex digits)");
        v = v * 16 + (uint32_t)(isdigit(c) ? c - '0' : c - 'a' + 10);
    }
    *out = v;
    return 0;
}

/* Letters and digits (LURD, player digits), '!' (a restart), and what an action is written
 * with: NAME(X,Y,DIR,N), names holding '_', numbers a '-'. */
static bool action_char(char c) { return c == '(' || c == ')' || c == ',' || c == '_' || c == '-'; }
static bool token_char(char c) { return isalnum((unsigned char)c) || c == '!' || action_char(c); }

/* The first character of w[0..n) that does not belong in a word of moves (LURD letters and
 * digits, or actions NAME(...) one after another), or NULL. */
static const char *bad_in_word(const char *w, size_t n)
{
    bool inside = false;
    for (size_t i = 0; i < n; i++) {
        char c = w[i];
        bool ok = inside ? (isalnum((unsigned char)c) || c == ',' || c == '-' || c == ')')
                         : (isalnum((unsigned char)c) || c == '_' || (c == '(' && i > 0 && w[i - 1] != ')'));
        if (!ok) return w + i;
        if (c == '(') inside = true;
        if (c == ')') inside = false;
    }
    return inside ? w + n - 1 : NULL;
}

/* A step the solver made (X) is written with '+' before it: [w, w+n) past that mark. */
static size_t helped(const char *w, size_t n) { return n > 1 && w[0] == '+' && w[1] != '!' ? 1 : 0; }

bool progress_tokens_valid(const char *s)
{
    if (!s) return true;
    for (const char *p = s; *p; p++) {
        if (*p == ' ') {
            if (p == s || p[1] == ' ' || p[1] == '\0') return false;
        } else if (*p == '+') {
            if ((p > s && p[-1] != ' ') || !p[1] || p[1] == ' ' || p[1] == '!') return false;
        } else if (!token_char(*p) || (*p == '!' && ((p > s && p[-1] != ' ') || (p[1] && p[1] != ' ')))) {
            return false;
        }
    }
    for (const char *w = s; *w;) {
        size_t n = strcspn(w, " "), k = helped(w, n);
        if (*w != '!' && bad_in_word(w + k, n - k)) return false;
        w += n;
        while (*w == ' ') w++;
    }
    return true;
}

/* The rest of the line as a token list (copied, one space apart). */
static int tokens(reader *r, char **out)
{
    skip_space(r);
    const char *s = r->p, *e = line_end(r);
    buf b = {0};
    puts_(&b, "");
    for (const char *p = s; p < e;) {
        if (*p == ' ' || *p == '\t') {
            p++;
            continue;
        }
        const char *w = p;
        if (*p == '+') p++;     /* the solver's step */
        while (p < e && *p != ' ' && *p != '\t') {
            if (!token_char(*p)) {
                free(b.s);
                return fail(r, p, "unexpected '%s' in a move list (LURD letters, digits, '!', actions)",
                            (char[]){ isprint((unsigned char)*p) ? *p : '?', 0 });
            }
            p++;
        }
        if (memchr(w, '!', (size_t)(p - w)) && p - w != 1) {
            free(b.s);
            return fail(r, w, "%s", "'!' (a restart) stands alone");
        }
        size_t k = *w == '+' ? 1 : 0;
        if (k && p - w == 1) {
            free(b.s);
            return fail(r, w, "%s", "'+' (a step of the solver's) goes before the step's moves");
        }
        const char *bad = *w == '!' ? NULL : bad_in_word(w + k, (size_t)(p - w) - k);
        if (bad) {
            free(b.s);
            return fail(r, bad, "unexpected '%s' in a move list (LURD letters, digits, '!', actions)",
                        (char[]){ isprint((unsigned char)*bad) ? *bad : '?', 0 });
        }
        if (b.n) puts_(&b, " ");
        put(&b, w, (size_t)(p - w));
    }
    char *t = finish(&b, NULL);
    if (!t) return error_set(r->err, r->name, r->lineno, 0, "out of memory");
    free(*out);
    *out = t;
    return 0;
}

/* How many digits start [p, e). */
static size_t digits(const char *p, const char *e)
{
    size_t n = 0;
    while (p + n < e && isdigit((unsigned char)p[n])) n++;
    return n;
}

/* The rest of the line as a sliding board, as a level file writes one: an optional "WxH:",
 * then the numbers (copied, one space apart). Whether it is a board of the game is for the
 * game to say when it is played. */
static int board(reader *r, char **out)
{
    static const char expected[] = "expected a board: WxH: then its numbers";
    skip_space(r);
    const char *s = r->p, *e = line_end(r);
    size_t w = digits(s, e);
    if (w > 0 && s + w < e && s[w] == 'x') {
        size_t h = digits(s + w + 1, e);
        if (h == 0 || s + w + 1 + h >= e || s[w + 1 + h] != ':') return fail(r, s, "%s", expected);
        s += w + 1 + h + 1;
    }
    buf b = {0};
    put(&b, r->p, (size_t)(s - r->p));
    int count = 0;
    for (const char *p = s; p < e;) {
        if (*p == ' ' || *p == '\t') {
            p++;
            continue;
        }
        size_t k = digits(p, e);
        if (k == 0 || k > 9 || (p + k < e && p[k] != ' ' && p[k] != '\t')) {
            free(b.s);
            return fail(r, p, "%s", expected);
        }
        if (b.n) puts_(&b, " ");
        put(&b, p, k);
        p += k;
        count++;
    }
    char *t = finish(&b, NULL);
    if (!count) {
        free(t);
        return fail(r, e, "%s", expected);
    }
    if (!t) return error_set(r->err, r->name, r->lineno, 0, "out of memory");
    *out = t;
    return 0;
}

/* The rest of the line as one string (set names may hold spaces). */
static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* The rest of the line (a name or value), %XX decoded. */
static int rest(reader *r, char *out, size_t size, const char *what)
{
    skip_space(r);
    const char *e = line_end(r);
    if (r->p >= e) return fail(r, r->p, "expected %s", what);
    size_t n = (size_t)(e - r->p);
    /* Escaped, a name may take three times its bytes (%XX); it must fit once decoded. */
    if (n >= 3 * size) return fail(r, r->p, "%s is too long", what);
    for (size_t i = 0; i < n; i++)
        if (r->p[i] == '\0' || (unsigned char)r->p[i] < 0x20) return fail(r, r->p + i, "%s holds a control character", what);
    /* %XX is the byte XX (puts_escaped); a '%' followed by anything else is itself. */
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        int hi, lo;
        if (k + 1 >= size) return fail(r, r->p, "%s is too long", what);
        if (r->p[i] == '%' && i + 2 < n && (hi = hex_digit(r->p[i + 1])) >= 0 && (lo = hex_digit(r->p[i + 2])) >= 0) {
            if (hi == 0 && lo == 0) return fail(r, r->p + i, "%s holds a NUL byte", what);
            out[k++] = (char)(hi * 16 + lo);
            i += 2;
        } else {
            out[k++] = r->p[i];
        }
    }
    out[k] = '\0';
    r->p = e;
    return 0;
}

static int end_of_line(reader *r)
{
    size_t n;
    const char *w = word(r, &n);
    return w ? fail(r, w, "%s", "unexpected text at the end of the line") : 0;
}

static bool blank_or_comment(reader *r)
{
    skip_space(r);
    return r->p >= line_end(r) || *r->p == '#';
}

/* The header line, of a version 1..version; -2 for a later one (a newer Tessera wrote it). */
static int header(reader *r, const char *magic, int version)
{
    while (next_line(r))
        if (!blank_or_comment(r)) {
            size_t n;
            const char *w = word(r, &n);
            long v;
            if (!word_is(w, n, magic)) return fail(r, w, "expected the header '%s 1'", magic);
            if (number(r, 1, 1000000, &v, "a version number") != 0) return -1;
            if (v > version) {
                error_set(r->err, r->name, r->lineno, 0,
                          "version %ld was written by a newer Tessera (this one reads up to %d)", v, version);
                return -2;
            }
            return end_of_line(r);
        }
    return error_set(r->err, r->name, 1, 1, "empty file (expected the header '%s %d')", magic, version);
}

static int check_text(const char *name, const char *text, size_t len, error *err)
{
    if (memchr(text, '\0', len)) return error_set(err, name, 0, 0, "holds a NUL byte: not a text file");
    return 0;
}

/* }====== */

/* {====== progress */

void progress_init(progress *p) { memset(p, 0, sizeof *p); }

void progress_free(progress *p)
{
    for (int i = 0; i < p->nsolved; i++) free(p->solved[i].solution);
    free(p->solved);
    for (int i = 0; i < p->npos; i++) {
        free(p->pos[i].history);
        free(p->pos[i].redo);
        free(p->pos[i].board);
    }
    free(p->pos);
    free(p->assisted);
    progress_init(p);
}

progress_level *progress_find(progress *p, int level)
{
    for (int i = 0; i < p->nsolved; i++)
        if (p->solved[i].level == level) return &p->solved[i];
    return NULL;
}

static char *dup_or_null(const char *s)
{
    return s && *s ? strdup(s) : NULL;
}

static bool better(long moves, long pushes, const progress_level *old)
{
    return moves < old->moves || (moves == old->moves && pushes < old->pushes);
}

static void drop_assisted(progress *p, int level, uint32_t fp)
{
    for (int i = 0; i < p->nassisted; i++)
        if (p->assisted[i].level == level && p->assisted[i].fp == fp) {
            p->assisted[i] = p->assisted[--p->nassisted];
            return;
        }
}

int progress_record(progress *p, int level, uint32_t fp, long moves, long pushes, const char *solution)
{
    drop_assisted(p, level, fp); /* the player's own solve replaces a solve with help */
    progress_level *old = progress_find(p, level);
    if (old && old->fp == fp && !better(moves, pushes, old)) {
        if (!old->solution && solution && *solution && moves == old->moves && pushes == old->pushes)
            old->solution = dup_or_null(solution);
        return 0;
    }
    char *sol = dup_or_null(solution);
    if (solution && *solution && !sol) return -1;
    if (!old) {
        if (p->nsolved == p->cap) {
            int cap = p->cap ? p->cap * 2 : 16;
            progress_level *t = realloc(p->solved, sizeof *t * (size_t)cap);
            if (!t) {
                free(sol);
                return -1;
            }
            p->solved = t;
            p->cap = cap;
        }
        old = &p->solved[p->nsolved++];
        old->solution = NULL;
    }
    free(old->solution);
    *old = (progress_level){ level, fp, moves, pushes, sol };
    return 1;
}

/* Whether p holds a solve of the level with fingerprint fp under another number than `level`
 * (it moved in its file since the other file was written). */
static bool moved_here(const progress *p, int level, uint32_t fp)
{
    for (int i = 0; i < p->nsolved; i++)
        if (p->solved[i].fp == fp && p->solved[i].level != level) return true;
    return false;
}

static bool moved_marked(const progress *p, uint32_t fp)
{
    for (int i = 0; i < p->nassisted; i++)
        if (p->assisted[i].fp == fp) return true;
    return false;
}

/* Whether p holds a position of the level with fingerprint fp (under any number). */
static bool has_position_of(const progress *p, uint32_t fp)
{
    for (int i = 0; i < p->npos; i++)
        if (p->pos[i].fp == fp) return true;
    return false;
}

/* Whether the set's level number `level` has fingerprint f (fp: the set's, NULL when unknown):
 * an entry so is at its own level, never one that moved (a set may hold the same level twice). */
static bool at_own_level(const uint32_t *fp, int nfp, int level, uint32_t f)
{
    return fp && level >= 1 && level <= nfp && fp[level - 1] == f;
}

int progress_merge(progress *p, const progress *other, const uint32_t *fp, int nfp)
{
    for (int i = 0; i < other->nsolved; i++) {
        const progress_level *o = &other->solved[i];
        progress_level *mine = progress_find(p, o->level);
        if (mine && mine->fp != o->fp) continue; /* a different level by that number: keep ours */
        if (!mine && !at_own_level(fp, nfp, o->level, o->fp) && moved_here(p, o->level, o->fp))
            continue;                            /* ours, under its new number */
        if (progress_record(p, o->level, o->fp, o->moves, o->pushes, o->solution) < 0) return -1;
    }
    for (int i = 0; i < other->nassisted; i++) {
        const progress_mark *o = &other->assisted[i];
        if (!progress_find_assisted(p, o->level) &&
            (at_own_level(fp, nfp, o->level, o->fp) || !moved_marked(p, o->fp)) &&
            progress_mark_assisted(p, o->level, o->fp) < 0)
            return -1;
    }
    /* A level the other run left part-way that this one has no position of keeps it (after
     * ours: the level this run plays stays the one it comes back to). One with no moves holds
     * nothing to lose (this run may have let it go). */
    for (int i = 0; i < other->npos; i++) {
        const progress_position *o = &other->pos[i];
        if ((!o->history || !*o->history) && (!o->redo || !*o->redo) && !o->board) continue;
        if (progress_find_position(p, o->level) ||
            (!at_own_level(fp, nfp, o->level, o->fp) && has_position_of(p, o->fp)))
            continue;
        if (progress_set_position(p, o->level, o->fp, o->history, o->redo, o->board) != 0) return -1;
        progress_position q = p->pos[0];
        memmove(&p->pos[0], &p->pos[1], sizeof *p->pos * (size_t)(p->npos - 1));
        q.touched = false;
        p->pos[p->npos - 1] = q;
    }
    return 0;
}

/* Grows an array of n elements of size sz to hold one more. -1 out of memory. */
static int grow(void **arr, int n, int *cap, size_t sz)
{
    if (n < *cap) return 0;
    int c = *cap ? *cap * 2 : 8;
    void *t = realloc(*arr, sz * (size_t)c);
    if (!t) return -1;
    *arr = t;
    *cap = c;
    return 0;
}

progress_position *progress_find_position(progress *p, int level)
{
    for (int i = 0; i < p->npos; i++)
        if (p->pos[i].level == level) return &p->pos[i];
    return NULL;
}

void progress_drop_position(progress *p, int level)
{
    progress_position *q = progress_find_position(p, level);
    if (!q) return;
    free(q->history);
    free(q->redo);
    free(q->board);
    int i = (int)(q - p->pos);
    memmove(&p->pos[i], &p->pos[i + 1], sizeof *p->pos * (size_t)(p->npos - i - 1));
    p->npos--;
}

int progress_set_position(progress *p, int level, uint32_t fp, const char *history, const char *redo,
                          const char *board)
{
    char *h = dup_or_null(history), *r = dup_or_null(redo), *b = dup_or_null(board);
    if ((history && *history && !h) || (redo && *redo && !r) || (board && *board && !b) ||
        grow((void **)&p->pos, p->npos, &p->pos_cap, sizeof *p->pos) != 0) {
        free(h);
        free(r);
        free(b);
        return -1;
    }
    progress_drop_position(p, level);
    memmove(&p->pos[1], &p->pos[0], sizeof *p->pos * (size_t)p->npos);
    p->pos[0] = (progress_position){ .level = level, .fp = fp, .history = h, .redo = r, .board = b, .touched = true };
    p->npos++;
    return 0;
}

progress_mark *progress_find_assisted(progress *p, int level)
{
    for (int i = 0; i < p->nassisted; i++)
        if (p->assisted[i].level == level) return &p->assisted[i];
    return NULL;
}

int progress_mark_assisted(progress *p, int level, uint32_t fp)
{
    progress_level *own = progress_find(p, level);
    if (own && own->fp == fp) return 0;
    progress_mark *m = progress_find_assisted(p, level);
    if (m) {
        m->fp = fp;
        return 0;
    }
    if (grow((void **)&p->assisted, p->nassisted, &p->assisted_cap, sizeof *p->assisted) != 0) return -1;
    p->assisted[p->nassisted++] = (progress_mark){ level, fp };
    return 0;
}

/* The moves a solution as the writer keeps it stands for: one an action (NAME(...)) or, in
 * LURD, one a letter (a digit selects a player). */
static long solution_moves(const char *w, size_t n)
{
    long moves = 0;
    bool actions = memchr(w, '(', n) != NULL;
    for (size_t i = 0; i < n; i++) moves += actions ? w[i] == ')' : !isdigit((unsigned char)w[i]);
    return moves;
}

/* A `solved` line that does not read in full, or whose solution is not as many moves as it
 * says (a file cut short by a crash of another program, or edited by hand), is dropped and
 * the rest of the file kept: the level is unsolved again, rather than solved with a broken
 * best. The first one dropped is said in p->dropped. */
static int parse_solved(reader *r, progress *p)
{
    long level, moves, pushes;
    uint32_t fp;
    error *err = r->err, why;
    r->err = &why;
    size_t n = 0;
    const char *w = NULL;
    bool cut = number(r, 1, 10000000, &level, "a level number") || fingerprint(r, &fp) ||
               number(r, 0, 100000000, &moves, "a move count") || number(r, 0, 100000000, &pushes, "a push count");
    if (!cut && (w = word(r, &n)) != NULL) {
        const char *bad = bad_in_word(w, n);
        if (bad) cut = fail(r, bad, "%s", "a solution is LURD letters and player digits, or actions");
        else if (solution_moves(w, n) != moves)
            cut = error_set(&why, r->name, r->lineno, (int)(w - r->line) + 1, "the solution holds %ld move%s, the line says %ld",
                            solution_moves(w, n), solution_moves(w, n) == 1 ? "" : "s", moves);
    }
    if (!cut) cut = end_of_line(r);
    r->err = err;
    if (cut) {
        if (p->ndropped++ == 0) p->dropped = why;
        return 0;
    }
    if (progress_find(p, (int)level))
        return error_set(r->err, r->name, r->lineno, 1, "level %ld is listed twice", level);
    char *sol = NULL;
    if (w) {
        if (!(sol = malloc(n + 1))) return error_set(r->err, r->name, r->lineno, 0, "out of memory");
        memcpy(sol, w, n);
        sol[n] = '\0';
    }
    int rc = 0;
    if (progress_record(p, (int)level, fp, moves, pushes, sol) < 0)
        rc = error_set(r->err, r->name, r->lineno, 0, "out of memory");
    free(sol);
    return rc;
}

int progress_parse(progress *p, const char *name, const char *text, size_t len, error *err)
{
    progress_init(p);
    if (check_text(name, text, len, err) != 0) return -1;
    reader r = { name, text, text + len, text, text, text, 0, err };
    int rc = header(&r, "tessera-progress", PROGRESS_VERSION);
    if (rc == -2) return -2;
    bool seen_game = false, seen_set = false, in_position = false;
    while (rc == 0 && next_line(&r)) {
        if (blank_or_comment(&r)) continue;
        size_t n;
        const char *w = word(&r, &n);
        if (word_is(w, n, "game") || word_is(w, n, "set")) {
            bool game = w[0] == 'g';
            if (game ? seen_game : seen_set) rc = fail(&r, w, "'%s' is given twice", game ? "game" : "set");
            else rc = game ? rest(&r, p->game, sizeof p->game, "a game name") : rest(&r, p->set, sizeof p->set, "a level set");
            if (game) seen_game = true;
            else seen_set = true;
        } else if (word_is(w, n, "solved")) {
            rc = parse_solved(&r, p);
        } else if (word_is(w, n, "position")) {
            long level;
            uint32_t fp;
            in_position = false;
            if ((rc = number(&r, 1, 10000000, &level, "a level number")) == 0 && (rc = fingerprint(&r, &fp)) == 0 &&
                (rc = end_of_line(&r)) == 0) {
                if (progress_find_position(p, (int)level))
                    rc = error_set(err, name, r.lineno, 1, "a second 'position' for level %ld", level);
                else if (grow((void **)&p->pos, p->npos, &p->pos_cap, sizeof *p->pos) != 0)
                    rc = error_set(err, name, r.lineno, 0, "out of memory");
                else {
                    p->pos[p->npos++] = (progress_position){ .level = (int)level, .fp = fp };
                    in_position = true;
                }
            }
        } else if (word_is(w, n, "history") || word_is(w, n, "redo")) {
            bool hist = w[0] == 'h';
            progress_position *q = in_position ? &p->pos[p->npos - 1] : NULL;
            if (!q) rc = fail(&r, w, "'%s' must follow a 'position' line", hist ? "history" : "redo");
            else if (hist ? q->history != NULL : q->redo != NULL) rc = fail(&r, w, "'%s' is given twice", hist ? "history" : "redo");
            else rc = tokens(&r, hist ? &q->history : &q->redo);
        } else if (word_is(w, n, "board")) {
            progress_position *q = in_position ? &p->pos[p->npos - 1] : NULL;
            if (!q) rc = fail(&r, w, "'%s' must follow a 'position' line", "board");
            else if (q->board) rc = fail(&r, w, "'%s' is given twice", "board");
            else rc = board(&r, &q->board);
        } else if (word_is(w, n, "assisted")) {
            long level;
            uint32_t fp;
            if ((rc = number(&r, 1, 10000000, &level, "a level number")) == 0 && (rc = fingerprint(&r, &fp)) == 0 &&
                (rc = end_of_line(&r)) == 0) {
                if (progress_find_assisted(p, (int)level))
                    rc = error_set(err, name, r.lineno, 1, "level %ld is marked assisted twice", level);
                else if (progress_mark_assisted(p, (int)level, fp) != 0)
                    rc = error_set(err, name, r.lineno, 0, "out of memory");
            }
        } else {
            char what[40];
            snprintf(what, sizeof what, "%.*s", (int)(n < 32 ? n : 32), w);
            rc = fail(&r, w, "unknown entry '%s' (expected game, set, solved, assisted, position, board, history or redo)", what);
        }
    }
    if (rc == 0 && (!seen_game || !seen_set))
        rc = error_set(err, name, 0, 0, "the '%s' line is missing", seen_game ? "set" : "game");
    if (rc != 0) progress_free(p);
    return rc;
}

/* Whether a token list holds a step of the solver's ('+'). */
static bool has_helped(const char *list)
{
    for (const char *c = list; c && *c; c++)
        if (*c == '+') return true;
    return false;
}

/* Version 1 holds one position and no assisted marks, version 2 no step of the solver's in a
 * history, version 3 no shuffled board: a file that needs no more is written as the oldest
 * version that reads it, so that an older Tessera still reads it (and leaves alone one it
 * would misread: the moves of a shuffled board played on the level's own). */
static int format_version(const progress *p)
{
    for (int i = 0; i < p->npos; i++)
        if (p->pos[i].board) return 4;
    for (int i = 0; i < p->npos; i++)
        if (has_helped(p->pos[i].history) || has_helped(p->pos[i].redo)) return 3;
    int assisted = 0;
    for (int i = 0; i < p->nassisted; i++) assisted += !progress_find((progress *)p, p->assisted[i].level);
    return p->npos > 1 || assisted ? 2 : 1;
}

static int compare_levels(const void *a, const void *b)
{
    const progress_level *x = a, *y = b;
    return (x->level > y->level) - (x->level < y->level);
}

char *progress_format(const progress *p, size_t *len)
{
    buf b = {0};
    char fp[16];
    putf(&b, "tessera-progress %ld\n", format_version(p), 0);
    puts_(&b, "# Tessera's saved progress: see \"Saved games\" in README.md\n");
    puts_(&b, "game ");
    puts_escaped(&b, p->game);
    puts_(&b, "\nset ");
    puts_escaped(&b, p->set);
    puts_(&b, "\n");
    progress_level *sorted = p->nsolved ? malloc(sizeof *sorted * (size_t)p->nsolved) : NULL;
    if (p->nsolved && !sorted) b.oom = true;
    if (sorted) {
        memcpy(sorted, p->solved, sizeof *sorted * (size_t)p->nsolved);
        qsort(sorted, (size_t)p->nsolved, sizeof *sorted, compare_levels);
        for (int i = 0; i < p->nsolved; i++) {
            const progress_level *l = &sorted[i];
            putf(&b, "solved %ld ", l->level, 0);
            snprintf(fp, sizeof fp, "%08lx", (unsigned long)l->fp);
            puts_(&b, fp);
            putf(&b, " %ld %ld", l->moves, l->pushes);
            if (l->solution) {
                puts_(&b, " ");
                puts_(&b, l->solution);
            }
            puts_(&b, "\n");
        }
        free(sorted);
    }
    for (int i = 0; i < p->nassisted; i++) {
        if (progress_find((progress *)p, p->assisted[i].level)) continue; /* solved since */
        putf(&b, "assisted %ld ", p->assisted[i].level, 0);
        snprintf(fp, sizeof fp, "%08lx", (unsigned long)p->assisted[i].fp);
        puts_(&b, fp);
        puts_(&b, "\n");
    }
    for (int i = 0; i < p->npos; i++) {
        const progress_position *q = &p->pos[i];
        putf(&b, "position %ld ", q->level, 0);
        snprintf(fp, sizeof fp, "%08lx", (unsigned long)q->fp);
        puts_(&b, fp);
        if (q->board) {
            puts_(&b, "\nboard ");
            puts_(&b, q->board);
        }
        puts_(&b, "\nhistory ");
        if (q->history) puts_(&b, q->history);
        puts_(&b, "\nredo ");
        if (q->redo) puts_(&b, q->redo);
        puts_(&b, "\n");
    }
    return finish(&b, len);
}

/* }====== */

/* {====== settings */

void settings_init(settings *st) { memset(st, 0, sizeof *st); }

static bool name_ok(const char *s, size_t n)
{
    if (n == 0 || n >= sizeof ((settings_entry *)0)->name) return false;
    for (size_t i = 0; i < n; i++)
        if (!(islower((unsigned char)s[i]) || isdigit((unsigned char)s[i]) || s[i] == '_')) return false;
    return true;
}

const char *settings_get(const settings *st, const char *name)
{
    for (int i = 0; i < st->n; i++)
        if (!strcmp(st->e[i].name, name)) return st->e[i].value;
    return NULL;
}

int settings_get_int(const settings *st, const char *name, int fallback, int min, int max)
{
    const char *v = settings_get(st, name);
    if (!v) return fallback;
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (end == v || *end || errno || x < min || x > max) return fallback;
    return (int)x;
}

int settings_set(settings *st, const char *name, const char *value)
{
    if (!name_ok(name, strlen(name)) || strlen(value) >= sizeof st->e[0].value) return -1;
    for (const char *p = value; *p; p++)
        if ((unsigned char)*p < 0x20) return -1;
    for (int i = 0; i < st->n; i++)
        if (!strcmp(st->e[i].name, name)) {
            snprintf(st->e[i].value, sizeof st->e[i].value, "%s", value);
            return 0;
        }
    if (st->n == SETTINGS_MAX) return -1;
    snprintf(st->e[st->n].name, sizeof st->e[st->n].name, "%s", name);
    snprintf(st->e[st->n].value, sizeof st->e[st->n].value, "%s", value);
    st->n++;
    return 0;
}

int settings_set_int(settings *st, const char *name, int value)
{
    char v[24];
    snprintf(v, sizeof v, "%d", value);
    return settings_set(st, name, v);
}

int settings_parse(settings *st, const char *name, const char *text, size_t len, error *err)
{
    settings_init(st);
    if (check_text(name, text, len, err) != 0) return -1;
    reader r = { name, text, text + len, text, text, text, 0, err };
    int rc = header(&r, "tessera-settings", SETTINGS_VERSION);
    while (rc == 0 && next_line(&r)) {
        if (blank_or_comment(&r)) continue;
        size_t n;
        const char *w = word(&r, &n);
        char key[32], value[128];
        if (!name_ok(w, n)) {
            rc = fail(&r, w, "%s", "a setting's name is lower-case letters, digits and '_'");
            break;
        }
        memcpy(key, w, n);
        key[n] = '\0';
        if (settings_get(st, key)) rc = fail(&r, w, "'%s' is set twice", key);
        else if ((rc = rest(&r, value, sizeof value, "a value")) == 0 && settings_set(st, key, value) != 0)
            rc = fail(&r, w, "%s", "too many settings");
    }
    if (rc != 0) settings_init(st);
    return rc;
}

char *settings_format(const settings *st, size_t *len)
{
    buf b = {0};
    puts_(&b, "tessera-settings 1\n# Tessera's settings: see \"Saved games\" in README.md\n");
    for (int i = 0; i < st->n; i++) {
        puts_(&b, st->e[i].name);
        puts_(&b, " ");
        puts_escaped(&b, st->e[i].value);
        puts_(&b, "\n");
    }
    return finish(&b, len);
}

/* }====== */
