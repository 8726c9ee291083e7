/* mods.c: user mods. A mod is a folder laid out like the bundled data:
 *     NAME/scripts/GAME.lua        a new game, or one that replaces a bundled game of that name
 *     NAME/levels/GAME/FILE.xsb    level sets (a game's `levels = "GAME/FILE.xsb"` finds them)
 * Mods live in $XDG_DATA_HOME/tessera/mods/NAME (default ~/.local/share/tessera/mods) and in
 * the folders given with --mods DIR (searched first; DIR may also be a single mod). Their
 * scripts/ and levels/ come before the bundled ones on the search paths, so a mod can add a
 * game, replace one, and add level sets. */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/mods.h"
#include "script/game.h"
#include "core/textsafe.h"

static int is_mod(const char *dir)
{
    char buf[PATH_MAX_LEN];
    return path_is_dir(path_join(buf, sizeof buf, dir, "scripts")) ||
           path_is_dir(path_join(buf, sizeof buf, dir, "levels"));
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int mods_same_file(const char *a, const char *b)
{
    char ra[PATH_MAX], rb[PATH_MAX];
    if (!realpath(a, ra) || !realpath(b, rb)) return strcmp(a, b) == 0;
    return strcmp(ra, rb) == 0;
}

static void add_mod(app_paths *p, const char *root)
{
    for (int i = 0; i < p->nmods; i++)
        if (mods_same_file(p->mods[i].root, root)) return;   /* the same folder named twice */
    if (p->nmods == MODS_MAX) {
        fprintf(stderr, "tessera: more than %d mods; '", MODS_MAX);
        textsafe_write(stderr, root, strlen(root), 0);        /* a folder's name is anyone's */
        fprintf(stderr, "' is left out\n");
        return;
    }
    mod_dir *m = &p->mods[p->nmods++];
    snprintf(m->root, sizeof m->root, "%s", root);
    char real[PATH_MAX];
    snprintf(m->name, sizeof m->name, "%s", path_basename(realpath(root, real) ? real : root));
}

/* Adds dir as one mod, or each mod folder inside it (in name order). */
static void scan_folder(app_paths *p, const char *dir)
{
    if (is_mod(dir)) {
        add_mod(p, dir);
        return;
    }
    DIR *d = opendir(dir);
    if (!d) return;
    char *names[MODS_MAX * 4];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < (int)(sizeof names / sizeof *names)) {
        if (e->d_name[0] == '.') continue;
        char sub[PATH_MAX_LEN];
        path_join(sub, sizeof sub, dir, e->d_name);
        if (is_mod(sub) && (names[n] = strdup(e->d_name)) != NULL) n++;
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, compare_names);
    for (int i = 0; i < n; i++) {
        char sub[PATH_MAX_LEN];
        add_mod(p, path_join(sub, sizeof sub, dir, names[i]));
        free(names[i]);
    }
}

static void append(char *list, size_t size, const char *dir)
{
    size_t n = strlen(list);
    if (n + strlen(dir) + 2 > size) return;
    snprintf(list + n, size - n, "%s%s", n ? "\n" : "", dir);
}

int mods_init(app_paths *p, const char *const *extra, int nextra)
{
    p->nmods = 0;
    for (int i = 0; i < nextra; i++) {
        if (!path_is_dir(extra[i])) {
            fprintf(stderr, "tessera: --mods '%s': no such folder\n", extra[i]);
            return -1;
        }
        if (strchr(extra[i], GAME_SEARCH_SEP)) {
            fprintf(stderr, "tessera: --mods: a folder name with a line break cannot be searched\n");
            return -1;
        }
        scan_folder(p, extra[i]);
        game_allow_reading(extra[i]);        /* mods' scripts may read their own data */
    }
    if (p->mods_home[0] && strchr(p->mods_home, GAME_SEARCH_SEP)) {
        if (path_is_dir(p->mods_home))
            fprintf(stderr, "tessera: the mods folder's name holds a line break; its mods are not loaded\n");
    } else if (p->mods_home[0]) {
        scan_folder(p, p->mods_home);
        game_allow_reading(p->mods_home);
    }
    /* The bundled games and levels, for every game (a mod's game plays bundled levels). Added
     * after the mods folders: a folder inside a mods folder is never a root of its own. */
    game_allow_reading(p->scripts);
    game_allow_reading(p->levels);
    p->script_path[0] = p->level_path[0] = '\0';
    for (int i = 0; i < p->nmods; i++) {
        char sub[PATH_MAX_LEN];
        if (path_is_dir(path_join(sub, sizeof sub, p->mods[i].root, "scripts")))
            append(p->script_path, sizeof p->script_path, sub);
        if (path_is_dir(path_join(sub, sizeof sub, p->mods[i].root, "levels")))
            append(p->level_path, sizeof p->level_path, sub);
    }
    append(p->script_path, sizeof p->script_path, p->scripts);
    append(p->level_path, sizeof p->level_path, p->levels);
    game_set_level_path(p->level_path);
    return 0;
}

const mod_dir *mods_owner(const app_paths *p, const char *path)
{
    char real[PATH_MAX], root[PATH_MAX];
    if (!realpath(path, real)) return NULL;
    for (int i = 0; i < p->nmods; i++) {
        if (!realpath(p->mods[i].root, root)) continue;
        size_t n = strlen(root);
        if (strncmp(real, root, n) == 0 && real[n] == '/') return &p->mods[i];
    }
    return NULL;
}

int mods_find_levels(const app_paths *p, const char *script_path, const char *name, char *out, size_t size)
{
    if (name[0] == '/') {
        snprintf(out, size, "%s", name);
        return path_exists(out) ? 0 : -1;
    }
    char dir[PATH_MAX_LEN], tree[PATH_MAX_LEN];
    snprintf(dir, sizeof dir, "%s", script_path ? script_path : ".");
    char *slash = strrchr(dir, '/');
    if (slash) *slash = '\0';
    else snprintf(dir, sizeof dir, ".");
    /* Beside the script (a game outside any tree), then its tree: scripts/../levels. */
    path_join(out, size, dir, name);
    if (path_exists(out)) return 0;
    path_join(tree, sizeof tree, dir, "../levels");
    path_join(out, size, tree, name);
    if (path_exists(out)) return 0;
    for (const char *d = p->level_path; d && *d;) {
        const char *sep = strchr(d, GAME_SEARCH_SEP);
        size_t n = sep ? (size_t)(sep - d) : strlen(d);
        snprintf(tree, sizeof tree, "%.*s", (int)n, d);
        path_join(out, size, tree, name);
        if (path_exists(out)) return 0;
        d = sep ? sep + 1 : NULL;
    }
    path_join(out, size, p->levels, name);
    return -1;
}
