/* textfile.c: whole-file reads with errors that name the file. */
#include "core/textfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { TEXTFILE_MAX = 64 << 20 }; /* no level or script file is anywhere near this */

char *textfile_read(const char *path, size_t *len, error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        error_set(err, path, 0, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) break;
        if (n + 1 == cap) {
            if (cap >= TEXTFILE_MAX) {
                free(buf);
                fclose(f);
                error_set(err, path, 0, 0, "file is larger than %d bytes", TEXTFILE_MAX);
                return NULL;
            }
            char *bigger = realloc(buf, cap * 2);
            if (!bigger) { free(buf); buf = NULL; break; }
            buf = bigger;
            cap *= 2;
        }
    }
    int failed = ferror(f);
    fclose(f);
    if (!buf || failed) {
        free(buf);
        error_set(err, path, 0, 0, "cannot read: %s", buf ? "read error" : "out of memory");
        return NULL;
    }
    buf[n] = '\0';
    if (len) *len = n;
    return buf;
}
