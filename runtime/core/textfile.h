/* textfile.h: reading a whole file into memory, with an error report on failure. */
#ifndef TESSERA_CORE_TEXTFILE_H
#define TESSERA_CORE_TEXTFILE_H

#include <stddef.h>

#include "core/error.h"

/* Returns a malloc'd, NUL-terminated copy of the file (length in *len), or NULL with err set. */
char *textfile_read(const char *path, size_t *len, error *err);

#endif
