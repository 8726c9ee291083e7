/* error.c: building and formatting error reports. */
#include "core/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int error_set(error *e, const char *file, int line, int col, const char *fmt, ...)
{
    va_list ap;
    if (!e) return -1;
    snprintf(e->file, sizeof e->file, "%s", file ? file : "");
    e->line = line;
    e->col = col;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
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
