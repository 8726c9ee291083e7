/* error.h: one error report, "file:line:col: message", filled by parsers and loaders. */
#ifndef TESSERA_CORE_ERROR_H
#define TESSERA_CORE_ERROR_H

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

#endif
