/* filewrite.h: writing a whole file so that it is either written completely or not at all.
 *
 * The bytes go to a new temporary file beside the target, created with O_CREAT | O_EXCL |
 * O_NOFOLLOW under a name no one can predict (so a file or symlink planted there is never
 * written through: another name is tried), flushed to disk, and renamed over the target;
 * then the folder is flushed. Every step's failure (a full disk included) is reported and
 * removes the temporary file, so the old file, if any, stays as it was. The target itself
 * becomes a regular file even if it was a symlink (the rename replaces the link). */
#ifndef TESSERA_CORE_FILEWRITE_H
#define TESSERA_CORE_FILEWRITE_H

#include <stddef.h>

#include "core/error.h"

/* Writes len bytes to path as above. before_rename (may be NULL) is called with the
 * temporary file's name once it is complete and flushed (tests kill the process there).
 * 0, or -1 with err naming the file and the reason. */
int filewrite_atomic(const char *path, const void *data, size_t len, void (*before_rename)(const char *tmp),
                     error *err);

/* For tests: when set, each write(2) of file data fails with this errno (ENOSPC: a full disk). */
extern int filewrite_fail_errno;

#endif
