/* textfile.c: whole-file reads with errors that name the file. */
#include "core/textfile.h"

#include "core/confine.h"

char *textfile_read(const char *path, size_t *len, error *err)
{
    /* Never blocks: a FIFO or a device given as a file is refused, not waited on. */
    int fd = confine_open_regular(path, err);
    if (fd < 0) return NULL;
    return confine_read_fd(fd, path, TEXTFILE_MAX, len, err);
}
