/* solutions.c: solution files. Each non-empty line that is not a comment (';' or '#') is
 * "N: MOVES" for level N, or bare MOVES for the level after the previous one. MOVES are LURD
 * letters with player digits, or a game's actions (NAME(X,Y) ...); white space is dropped. */
#include "core/solutions.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/confine.h"

static int add(solution_list *l, int level, int line, const char *s, int len)
{
    if (l->count == l->cap) {
        int cap = l->cap ? l->cap * 2 : 32;
        solution *bigger = realloc(l->v, sizeof *bigger * (size_t)cap);
        if (!bigger) return -1;
        l->v = bigger;
        l->cap = cap;
    }
    char *m = malloc((size_t)len + 1);
    if (!m) return -1;
    int k = 0;
    for (int i = 0; i < len; i++)
        if (!isspace((unsigned char)s[i])) m[k++] = s[i];
    m[k] = '\0';
    l->v[l->count++] = (solution){ level, line, m };
    return 0;
}

int solutions_parse(solution_list *out, const char *name, const char *text, size_t len, error *err)
{
    memset(out, 0, sizeof *out);
    int line = 1, next_level = 1;
    size_t i = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;   /* a UTF-8 byte order mark */
    while (i < len) {
        size_t end = i;
        while (end < len && text[end] != '\n') end++;
        const char *s = text + i;
        int n = (int)(end - i), k = 0;
        while (k < n && isspace((unsigned char)s[k])) k++;
        if (k < n && s[k] != ';' && s[k] != '#') {
            int level = next_level, start = k;
            if (isdigit((unsigned char)s[k])) {
                int j = k;
                long v = 0;
                while (j < n && isdigit((unsigned char)s[j]) && v < 1000000) v = v * 10 + (s[j++] - '0');
                if (j < n && isdigit((unsigned char)s[j])) {
                    int e = j;
                    while (e < n && isdigit((unsigned char)s[e])) e++;
                    if (e < n && s[e] == ':') {
                        solutions_free(out);
                        return error_set(err, name, line, k + 1, "level number too large (at most 1000000)");
                    }
                }
                if (j < n && s[j] == ':') {
                    if (v < 1) {
                        solutions_free(out);
                        return error_set(err, name, line, k + 1, "level numbers start at 1");
                    }
                    level = (int)v;
                    start = j + 1;
                }
            }
            /* LURD letters and player digits 1-9; actions NAME(X,Y,DIR,N) in parentheses. */
            int depth = 0;
            long letters = 0;
            for (int j = start; j < n; j++) {
                unsigned char c = (unsigned char)s[j];
                bool ok = isalpha(c) || isspace(c) || (c >= '1' && c <= '9') || (c == '(' && depth == 0) ||
                          (depth && (isdigit(c) || c == ',' || c == '-' || c == ')')) || c == '_';
                if (!ok) {
                    solutions_free(out);
                    if (c == ')' || c == '(')
                        return error_set(err, name, line, j + 1, "'%c' does not match (actions are NAME(...))", c);
                    return error_set(err, name, line, j + 1, "'%c' is not a move letter", c);
                }
                if (c == '(') depth = 1;
                if (c == ')') depth = 0;
                letters += !isspace(c);
            }
            if (letters > SOLUTION_MAX_MOVES) {
                solutions_free(out);
                return error_set(err, name, line, 1, "a solution of %ld moves: solutions may have at most %d", letters,
                                 SOLUTION_MAX_MOVES);
            }
            if (add(out, level, line, s + start, n - start) != 0) {
                solutions_free(out);
                return error_set(err, name, line, 1, "out of memory");
            }
            next_level = level + 1;
        }
        line++;
        i = end + 1;
    }
    return 0;
}

int solutions_load(solution_list *out, const char *path, error *err)
{
    size_t len;
    memset(out, 0, sizeof *out);
    int fd = confine_open_regular(path, err);
    char *text = fd < 0 ? NULL : confine_read_fd(fd, path, SOLUTIONS_FILE_MAX, &len, err);
    if (!text) return -1;
    int rc = solutions_parse(out, path, text, len, err);
    free(text);
    return rc;
}

const solution *solutions_find(const solution_list *l, int level)
{
    for (int i = 0; i < l->count; i++)
        if (l->v[i].level == level) return &l->v[i];
    return NULL;
}

void solutions_free(solution_list *l)
{
    for (int i = 0; i < l->count; i++) free(l->v[i].moves);
    free(l->v);
    memset(l, 0, sizeof *l);
}
