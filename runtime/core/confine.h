/* confine.h: reading files only beneath a set of folders (roots), with no way out.
 *
 * A root is a folder opened once, as a directory descriptor. A name is first made absolute
 * (relative names start from a base folder) and its "." and ".." parts are taken as written;
 * the root whose path it lies under is chosen, and the rest of the name is opened relative to
 * that root's descriptor so that nothing on the way can lead out of it:
 *   - openat2 with RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS where the kernel has it: a symlink
 *     may lead elsewhere beneath the same root, never out (an absolute symlink, or one whose
 *     ".." climbs above the root, is refused), and /proc-style links are never followed;
 *   - elsewhere the same walk done here, one component at a time with O_NOFOLLOW, reading each
 *     symlink and following it only while it stays beneath the root.
 * Either way the file is opened in one walk from descriptors already held, so swapping a folder
 * for a symlink while a script reads cannot lead out either (there is no check-then-open).
 * Only regular files are opened: the open never blocks (O_NONBLOCK) and fstat must say
 * "regular file", so FIFOs, devices and folders are refused at once. A name outside every root
 * is refused before the file system is asked anything, so the answer never tells whether a
 * file outside exists.
 *
 * What a root is is decided when it is added: a folder the user named (the data folder,
 * --mods DIR, the XDG mods folder, a script given on the command line) is opened as named; a
 * folder that lies under a root already (a mod's scripts/ inside the mods folder) is not a
 * root of its own, since its root covers it, and reading through it is confined to that root:
 * a mod whose scripts/ is a symlink to / gives nothing outside the mods folder.
 *
 * Plain C, no Lua: the script sandbox (script/host.c), game lookup and the app's reading of
 * what a game names (levels, art, pictures) all open files here. */
#ifndef TESSERA_CORE_CONFINE_H
#define TESSERA_CORE_CONFINE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/error.h"

/* What the messages call the roots, after "NAME: outside ". */
#define CONFINE_OUTSIDE_TEXT "outside the folders scripts may read"

typedef struct confine confine;

/* An empty set (nothing can be read); NULL when out of memory. */
confine *confine_new(void);
/* A new set holding the roots of base (NULL: none), sharing their descriptors. */
confine *confine_copy(const confine *base);
/* Another reference to c; confine_free drops one, the last frees the set. */
confine *confine_ref(confine *c);
void confine_free(confine *c);

/* Adds the folder dir as a root (see above): 0, 1 when a root covers it already (nothing
 * added), or -1 when it is no folder that can be opened. */
int confine_add(confine *c, const char *dir);
int confine_count(const confine *c);
/* The path of root i (as it was named, made absolute). */
const char *confine_root(const confine *c, int i);

/* Makes name absolute against base (NULL: the working folder) and takes "." and ".." as
 * written; into out (size bytes). 0, or -1 when it does not fit. */
int confine_absolute(const char *base, const char *name, char *out, size_t size);
/* Whether the absolute form of name lies under a root (nothing is opened). */
bool confine_covers(const confine *c, const char *base, const char *name);

/* Opens the regular file `name` for reading, beneath a root (see above): returns the
 * descriptor (O_CLOEXEC, blocking again once known to be regular), its absolute name in path
 * when path is not NULL (PATH_MAX bytes is enough), or -1 with err naming `name`:
 * "outside the folders scripts may read", "no such file", "not a regular file", ... */
int confine_open(const confine *c, const char *base, const char *name, char *path, size_t size, error *err);
/* confine_open and the whole file into a malloc'd, NUL-terminated buffer (length in *len);
 * a file larger than max bytes is refused. NULL with err. */
char *confine_read(const confine *c, const char *base, const char *name, size_t max, size_t *len, char *path,
                   size_t size, error *err);

/* A file the user named, opened without a root: the same non-blocking open of regular files
 * only (a FIFO or a folder is refused at once). The descriptor, or -1 with err. */
int confine_open_regular(const char *path, error *err);
/* Reads what is left of fd (then closes it) into a malloc'd, NUL-terminated buffer; more than
 * max bytes is refused. name is for messages. NULL with err. */
char *confine_read_fd(int fd, const char *name, size_t max, size_t *len, error *err);

/* For tests: false makes every open take the component-by-component walk, as on kernels
 * without openat2. */
void confine_use_openat2(bool use);

#endif
