/* textfile.h: reading a whole file into memory, with an error report on failure. */
#ifndef TESSERA_CORE_TEXTFILE_H
#define TESSERA_CORE_TEXTFILE_H

#include <stddef.h>

#include "core/error.h"

/* No level, script or solution file is anywhere near this; larger files are refused. */
#define TEXTFILE_MAX ((size_t)64 << 20)

/* Returns a malloc'd, NUL-terminated copy of the regular file path (length in *len), or NULL
 * with err set. A FIFO, a device or a folder is refused at once (the open never blocks). */
char *textfile_read(const char *path, size_t *len, error *err);

#endif
