/* errpos.c: the column of a Lua error. Lua reports only a line; the token the message names
 * ("near 'x'", "(global 'x')", "field 'x'") is looked up on that line of the source, so
 * errors read FILE:LINE:COL like the level parsers' do. */
#define _POSIX_C_SOURCE 200809L
#include "script/errpos.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/confine.h"

enum { LINE_MAX_READ = 4096 };

/* Reads line number `line` (1-based) of path into buf; returns its length or -1. A line
 * longer than the buffer is cut. */
static int read_line(const char *path, int line, char *buf, int size)
{
    error err;
    int fd = confine_open_regular(path, &err);   /* never blocks on a FIFO */
    FILE *f = fd >= 0 ? fdopen(fd, "rb") : NULL;
    if (!f) {
        if (fd >= 0) close(fd);
        return -1;
    }
    int n = 1, c, len = 0;
    while (n < line && (c = getc(f)) != EOF)
        if (c == '\n') n++;
    if (n == line)
        while ((c = getc(f)) != EOF && c != '\n' && c != '\r')
            if (len < size - 1) buf[len++] = (char)c;
    fclose(f);
    if (n != line) return -1;
    buf[len] = '\0';
    return len;
}

static int is_word(int c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* Finds tok (tlen bytes) on the line; a name must match a whole word ('id' is not the "id"
 * inside "solid"). Returns the 1-based column or 0. */
static int find_token(const char *text, const char *tok, size_t tlen)
{
    if (tlen == 0) return 0;
    int word = is_word(tok[0]) && is_word(tok[tlen - 1]);
    for (const char *p = text; *p; p++) {
        if (strncmp(p, tok, tlen) != 0) continue;
        if (word && ((p > text && is_word(p[-1])) || is_word(p[tlen]))) continue;
        return (int)(p - text) + 1;
    }
    return 0;
}

/* The column of the token the message names: Lua's "near 'x'" (or "near <eof>": the end of
 * the line), else the last quoted 'x' of the message that is on the line. */
static int named_column(const char *text, int len, const char *msg)
{
    const char *near = strstr(msg, "near ");
    if (near) {
        near += 5;
        if (strncmp(near, "<eof>", 5) == 0) return len + 1;
        const char *end = *near == '\'' ? strchr(near + 1, '\'') : NULL;
        int col = end ? find_token(text, near + 1, (size_t)(end - near - 1)) : 0;
        if (col) return col;
    }
    int col = 0;
    for (const char *p = msg; (p = strchr(p, '\'')) != NULL;) {
        const char *end = strchr(p + 1, '\'');
        if (!end) break;
        int at = find_token(text, p + 1, (size_t)(end - p - 1));
        if (at) col = at;
        p = end + 1;
    }
    return col;
}

int errpos_column(const char *path, int line, const char *msg)
{
    char text[LINE_MAX_READ];
    if (!path || !msg || line <= 0) return 0;
    int len = read_line(path, line, text, sizeof text);
    if (len < 0) return 0;
    int col = named_column(text, len, msg);
    if (col) return col;
    /* Otherwise the first thing on the line: where the statement that failed begins. */
    for (int i = 0; i < len; i++)
        if (!isspace((unsigned char)text[i])) return i + 1;
    return 0;
}
