/* paths.h: where Tessera finds its bundled data (scripts/, levels/, assets/) and the user's
 * folders (XDG data and cache). */
#ifndef TESSERA_APP_PATHS_H
#define TESSERA_APP_PATHS_H

#include <stddef.h>

enum { PATH_MAX_LEN = 1024, MODS_MAX = 32, SEARCH_PATH_LEN = (MODS_MAX + 1) * PATH_MAX_LEN };

/* A user mod: a folder with scripts/ and/or levels/ (see mods.c). */
typedef struct mod_dir {
    char name[128];              /* the folder's name, shown in the menu */
    char root[PATH_MAX_LEN];
} mod_dir;

typedef struct app_paths {
    char root[PATH_MAX_LEN];     /* holds scripts/, levels/, assets/ */
    char scripts[PATH_MAX_LEN];
    char levels[PATH_MAX_LEN];
    char assets[PATH_MAX_LEN];
    char data_home[PATH_MAX_LEN]; /* $XDG_DATA_HOME/tessera (may not exist yet) */
    char cache_home[PATH_MAX_LEN]; /* $XDG_CACHE_HOME/tessera: pattern databases (may not exist yet) */
    char mods_home[PATH_MAX_LEN];  /* data_home/mods: the user's mods folder */
    mod_dir mods[MODS_MAX];        /* --mods folders first, then mods_home's; see mods.c */
    int nmods;
    char script_path[SEARCH_PATH_LEN]; /* each mod's scripts/, then scripts (':' between) */
    char level_path[SEARCH_PATH_LEN];  /* each mod's levels/, then levels */
} app_paths;

/* Finds the data root: $TESSERA_DATA_DIR, else the installed data folder relative to the
 * executable (PREFIX/bin -> PREFIX/share/tessera), else, for a binary run from its own build
 * folder, the source tree it was built from. Returns 0, or -1 when no root holds scripts/
 * and levels/ (p->root then names the folder looked for). */
int paths_init(app_paths *p, const char *argv0);
/* The longest data folder whose files' names fit in PATH_MAX_LEN: the files under a longer
 * one (progress/GAME-SET-XXXXXXXX.txt) would be written under their names cut short. */
enum { DATA_HOME_MAX = PATH_MAX_LEN - 200 };
/* Whether p->data_home is longer than that (nothing is then read or written there). */
int paths_data_home_too_long(const app_paths *p);
/* Joins a and b with one '/' into out. */
const char *path_join(char *out, size_t size, const char *a, const char *b);
int path_exists(const char *path);
int path_is_dir(const char *path);
const char *path_basename(const char *path);
/* Writes into out the name of a file without folders and extension ("levels/a.xsb" -> "a"). */
void path_stem(const char *path, char *out, size_t size);

#endif
