/* error.h: one error report, "file:line:col: message", filled by parsers and loaders. */
#ifndef TESSERA_CORE_ERROR_H
#define TESSERA_CORE_ERROR_H

#include <stdbool.h>
#include <stddef.h>

enum { ERROR_TEXT_MAX = 512 };

/* line and col are 1-based; 0 means "not known" and is left out of the formatted text. */
typedef struct error {
    char file[256];
    int line, col;
    char msg[ERROR_TEXT_MAX];
} error;

/* Sets every field; file may be NULL. Returns -1 so callers can `return error_set(...)`. */
int error_set(error *e, const char *file, int line, int col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
void error_clear(error *e);
/* "file:line:col: message" (parts that are unknown are left out) into buf. */
const char *error_format(const error *e, char *buf, size_t size);
/* Finds the first "FILE:LINE:" in a message (FILE not empty, LINE digits): from `from` on,
 * the length of FILE, the line (a LINE past 1e9 is not one) and the text after the second colon. Returns
 * false when there is none. Messages from Lua and from our loaders start with one; a FILE
 * may itself hold colons, so the caller may go on from after the match. */
bool error_find_position(const char *msg, const char *from, size_t *file_len, long *line, const char **after);

#endif
