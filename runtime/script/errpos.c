/* errpos.c: the column of a Lua error. Lua reports only a line; the token the message names
 * ("near 'x'", "(global 'x')", "field 'x'") is looked up on that line of the source, so
 * errors read FILE:LINE:COL like the level parsers' do. */
#define _POSIX_C_SOURCE 200809L
#include "script/errpos.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lua.h>

#include "core/confine.h"

/* A syntax error's token may come more than once on its line; the one the compiler stopped at
 * is found by compiling the file up to each in turn (files up to this size: compiling is
 * charged nowhere here, and errors are rare). */
enum { LINE_MAX_READ = 4096, PREFIX_FILE_MAX = 64 * 1024, PREFIX_TRIES = 16 };
/* Bytes of a message read for its token: more than an error report keeps (ERROR_TEXT_MAX).
 * Each quoted name in it is looked for along the line: a script's error of 5 million 'x'
 * on a long line took two minutes of CPU here, outside every limit. */
enum { MESSAGE_MAX_READ = 1024 };

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

/* Whether tok (tlen bytes) is at p of text; a name must match a whole word ('id' is not the
 * "id" inside "solid"). */
static bool token_at(const char *text, const char *p, const char *tok, size_t tlen)
{
    if (strncmp(p, tok, tlen) != 0) return false;
    bool word = is_word(tok[0]) && is_word(tok[tlen - 1]);
    return !(word && ((p > text && is_word(p[-1])) || is_word(p[tlen])));
}

/* The 1-based columns of tok on the line (at most max); how many. */
static int find_tokens(const char *text, const char *tok, size_t tlen, int *cols, int max)
{
    int n = 0;
    if (tlen == 0) return 0;
    for (const char *p = text; *p && n < max; p++)
        if (token_at(text, p, tok, tlen)) cols[n++] = (int)(p - text) + 1;
    return n;
}

/* Reads the whole file when it is small (malloc'd, NUL-ended), else NULL. */
static char *read_small(const char *path, size_t *len)
{
    error err;
    int fd = confine_open_regular(path, &err);
    if (fd < 0) return NULL;
    char *buf = malloc(PREFIX_FILE_MAX + 1);
    size_t n = 0;
    ssize_t r = 0;
    while (buf && n <= PREFIX_FILE_MAX && (r = read(fd, buf + n, PREFIX_FILE_MAX + 1 - n)) > 0) n += (size_t)r;
    close(fd);
    if (!buf || r < 0 || n > PREFIX_FILE_MAX) {
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* Of the columns cols[0..n) of a token on line `line`, the one a syntax error stopped at: the
 * last whose text before it compiles, or fails only at its end. 0 when it cannot be told. */
static int compiled_up_to(const char *path, int line, const int *cols, int n)
{
    size_t len;
    char *src = read_small(path, &len);
    if (!src) return 0;
    size_t start = 0;
    for (int l = 1; l < line && start < len; start++)
        if (src[start] == '\n') l++;
    int found = 0;
    lua_State *L = luaL_newstate();
    for (int k = n - 1; L && k >= 0 && !found; k--) {
        size_t cut = start + (size_t)cols[k] - 1;
        if (cut > len) continue;
        int rc = luaL_loadbufferx(L, src, cut, "=prefix", "t");
        const char *m = rc == LUA_OK ? NULL : lua_tostring(L, -1);
        if (rc == LUA_OK || (rc == LUA_ERRSYNTAX && m && strstr(m, "<eof>"))) found = cols[k];
        lua_settop(L, 0);
    }
    if (L) lua_close(L);
    free(src);
    return found;
}

/* Of several places of a name a runtime error names, the one the error is about: for "attempt
 * to index" one followed by '.', '[' or ':', for "attempt to call" one followed by '(', a
 * string or a table. 0 when none is. */
static int by_use(const char *text, const char *msg, const int *cols, int n, size_t tlen)
{
    const char *follow = strstr(msg, "attempt to index") ? ".[:" : strstr(msg, "attempt to call") ? "(\"'{[" : NULL;
    if (!follow) return 0;
    for (int k = 0; k < n; k++) {
        const char *p = text + cols[k] - 1 + tlen;
        while (*p == ' ' || *p == '\t') p++;
        if (*p && strchr(follow, *p) && !(p[0] == '[' && p[1] == '[' && follow[0] == '.')) return cols[k];
    }
    return 0;
}

/* The column of the token the message names: Lua's "near 'x'" (or "near <eof>": the end of
 * the line), else the last quoted 'x' of the message that is on the line. */
static int named_column(const char *path, int line, const char *text, int len, const char *msg)
{
    int cols[PREFIX_TRIES];
    const char *near = strstr(msg, "near ");
    if (near) {
        near += 5;
        if (strncmp(near, "<eof>", 5) == 0) return len + 1;
        const char *end = *near == '\'' ? strchr(near + 1, '\'') : NULL;
        int n = end ? find_tokens(text, near + 1, (size_t)(end - near - 1), cols, PREFIX_TRIES) : 0;
        if (n > 1) {
            int col = compiled_up_to(path, line, cols, n);
            if (col) return col;
        }
        if (n) return cols[0];
    }
    int col = 0;
    for (const char *p = msg; (p = strchr(p, '\'')) != NULL;) {
        const char *end = strchr(p + 1, '\'');
        if (!end) break;
        size_t tlen = (size_t)(end - p - 1);
        int n = find_tokens(text, p + 1, tlen, cols, PREFIX_TRIES);
        if (n) {
            int used = n > 1 ? by_use(text, msg, cols, n, tlen) : 0;
            col = used ? used : cols[0];
        }
        p = end + 1;
    }
    return col;
}

int errpos_column(const char *path, int line, const char *msg)
{
    char text[LINE_MAX_READ], head[MESSAGE_MAX_READ];
    if (!path || !msg || line <= 0) return 0;
    size_t mlen = strnlen(msg, sizeof head - 1);
    memcpy(head, msg, mlen);
    head[mlen] = '\0';
    msg = head;
    int len = read_line(path, line, text, sizeof text);
    if (len < 0) return 0;
    int col = named_column(path, line, text, len, msg);
    if (col) return col;
    /* Otherwise the first thing on the line: where the statement that failed begins. */
    for (int i = 0; i < len; i++)
        if (!isspace((unsigned char)text[i])) return i + 1;
    return 0;
}
