/* save.h: files of the player's data in $XDG_DATA_HOME/tessera, written so that a crash or a
 * kill at any moment leaves either the old file or the new one, never a mix: the text goes
 * to a temporary file in the same folder, which is flushed to disk (fsync), renamed over the
 * old one, and the folder is flushed too. A file that cannot be read back is set aside under
 * a new name (NAME.corrupt-YYYYMMDD-HHMMSS), never deleted. */
#ifndef TESSERA_APP_SAVE_H
#define TESSERA_APP_SAVE_H

#include <stddef.h>

#include "core/error.h"

/* Creates dir and its parents (0755). 0, or -1 with err. */
int save_mkdirs(const char *dir, error *err);
/* Writes data to path atomically (see above), creating its folder. 0, or -1 with err (the
 * old file, if any, is then untouched). */
int save_write_atomic(const char *path, const char *data, size_t len, error *err);
/* Reads path: 0 with *text (malloc'd, NUL-terminated) and *len; 1 when it does not exist;
 * -1 with err when it exists but cannot be read. */
int save_read(const char *path, char **text, size_t *len, error *err);
/* Renames a damaged file out of the way; writes the new name to aside. 0, or -1 with err. */
int save_set_aside(const char *path, char *aside, size_t size, error *err);

/* Locks the folder of the file at path against another Tessera's save into it (made when
 * missing), so that one's read, merge and write is whole before the other's starts. Waits up
 * to 2 s for it. Returns what save_unlock takes: -1 when it cannot be locked (the save goes
 * on without). */
int save_lock(const char *path);
void save_unlock(int lock);

/* Removes the temporary files of interrupted writes (NAME.tmp-XXXXXXXXXXXX, a kill -9 between
 * their writing and the rename) in dir that are older than older_than_s: another running
 * Tessera's write in progress is younger. */
void save_clean_temps(const char *dir, int older_than_s);

/* For tests: called after the temporary file is complete and flushed, before the rename. A
 * test makes it kill the process to check that the old file survives. */
extern void (*save_before_rename_hook)(const char *tmp_path);

#endif
