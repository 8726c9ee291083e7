/* error.c: building and formatting error reports. */
#include "core/error.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/textsafe.h"

/* Messages and file names often carry what a file or a script held (a glyph, a title, a
 * name): they are kept safe to print here, once, with control characters and broken UTF-8
 * escaped and a NUL shown as \0 instead of ending the text. */
int error_set(error *e, const char *file, int line, int col, const char *fmt, ...)
{
    va_list ap;
    char raw[ERROR_TEXT_MAX];
    if (!e) return -1;
    file = file ? file : "";
    textsafe_escape(e->file, sizeof e->file, file, strlen(file), 0);
    e->line = line;
    e->col = col;
    va_start(ap, fmt);
    int n = vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    size_t len = n < 0 ? 0 : (size_t)n < sizeof raw ? (size_t)n : sizeof raw - 1;
    textsafe_escape(e->msg, sizeof e->msg, raw, len, TEXTSAFE_LINES);
    return -1;
}

void error_clear(error *e)
{
    if (e) memset(e, 0, sizeof *e);
}

const char *error_format(const error *e, char *buf, size_t size)
{
    if (!e->file[0])
        snprintf(buf, size, "%s", e->msg);
    else if (e->line <= 0)
        snprintf(buf, size, "%s: %s", e->file, e->msg);
    else if (e->col <= 0)
        snprintf(buf, size, "%s:%d: %s", e->file, e->line, e->msg);
    else
        snprintf(buf, size, "%s:%d:%d: %s", e->file, e->line, e->col, e->msg);
    return buf;
}

bool error_find_position(const char *msg, const char *from, size_t *file_len, long *line, const char **after)
{
    for (const char *p = strchr(from, ':'); p; p = strchr(p + 1, ':')) {
        const char *q = p + 1;
        if (p == msg || !isdigit((unsigned char)*q)) continue;
        long n = 0;
        while (isdigit((unsigned char)*q) && n <= 1000000000L) n = n * 10 + (*q++ - '0');
        if (*q != ':') continue;
        *file_len = (size_t)(p - msg);
        *line = n;
        *after = q + 1;
        return true;
    }
    return false;
}
