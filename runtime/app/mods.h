/* mods.h: user mods folders (see mods.c for the layout): finding them, and finding a file
 * along the search paths they make. */
#ifndef TESSERA_APP_MODS_H
#define TESSERA_APP_MODS_H

#include <stddef.h>

#include "app/paths.h"

/* Finds the mods (each of the extra folders, then mods_home) and builds the search paths.
 * A folder holding scripts/ or levels/ is one mod; any other folder holds one mod per
 * sub-folder. Extra folders that do not exist are an error (-1, message printed). */
int mods_init(app_paths *p, const char *const *extra, int nextra);
/* The mod a file belongs to (by folder), or NULL for bundled and other files. */
const mod_dir *mods_owner(const app_paths *p, const char *path);
/* The level file `name` (a game's levels = "..." field) for the game script at script_path:
 * beside the script, in the script's own tree (../levels), then along the level path; into
 * out. Returns 0 when found, else -1 with the bundled location in out. */
int mods_find_levels(const app_paths *p, const char *script_path, const char *name, char *out, size_t size);

/* Whether paths a and b name the same file or folder. */
int mods_same_file(const char *a, const char *b);

#endif
