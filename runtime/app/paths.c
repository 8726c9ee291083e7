/* paths.c: locating the bundled data and the user's folders. */
#define _DEFAULT_SOURCE
#define _POSIX_C_SOURCE 200809L
#include "app/paths.h"

#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef TESSERA_SOURCE_DIR
#define TESSERA_SOURCE_DIR "."
#endif
#ifndef TESSERA_BUILD_DIR
#define TESSERA_BUILD_DIR "."
#endif
#ifndef TESSERA_REL_DATA_DIR
#define TESSERA_REL_DATA_DIR "../share/tessera"
#endif

const char *path_join(char *out, size_t size, const char *a, const char *b)
{
    size_t n = strlen(a);
    if (n && a[n - 1] == '/') snprintf(out, size, "%s%s", a, b);
    else snprintf(out, size, "%s/%s", a, b);
    return out;
}

int paths_data_home_too_long(const app_paths *p)
{
    return strlen(p->data_home) > DATA_HOME_MAX;
}

int path_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

int path_is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *path_basename(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

void path_stem(const char *path, char *out, size_t size)
{
    snprintf(out, size, "%s", path_basename(path));
    char *dot = strrchr(out, '.');
    if (dot && dot != out) *dot = '\0';
}

/* A folder holding scripts/ and levels/. One whose name holds a line break is not taken: the
 * search paths put a line break between their folders (GAME_SEARCH_SEP). */
static int is_root(const char *dir)
{
    char buf[PATH_MAX_LEN];
    return !strchr(dir, '\n') && path_is_dir(path_join(buf, sizeof buf, dir, "scripts")) &&
           path_is_dir(path_join(buf, sizeof buf, dir, "levels"));
}

static void set_root(app_paths *p, const char *root)
{
    snprintf(p->root, sizeof p->root, "%s", root);
    path_join(p->scripts, sizeof p->scripts, root, "scripts");
    path_join(p->levels, sizeof p->levels, root, "levels");
    path_join(p->assets, sizeof p->assets, root, "assets");
    snprintf(p->script_path, sizeof p->script_path, "%s", p->scripts);
    snprintf(p->level_path, sizeof p->level_path, "%s", p->levels);
}

/* The value of the environment variable name when it is an absolute path, else NULL: the XDG
 * base directory spec says a relative one is to be ignored (it named a folder under wherever
 * the game was started from, so the player's progress was in another place from each folder). */
static const char *abs_env(const char *name)
{
    const char *v = getenv(name);
    return v && v[0] == '/' ? v : NULL;
}

/* The user's home: $HOME, else (unset, empty or relative, as under some service managers
 * and `env -i`) the home the password database gives; NULL when there is none. */
static const char *home_dir(void)
{
    const char *home = abs_env("HOME");
    if (home) return home;
    struct passwd *pw = getpwuid(getuid());
    return pw && pw->pw_dir && pw->pw_dir[0] == '/' ? pw->pw_dir : NULL;
}

int paths_init(app_paths *p, const char *argv0)
{
    memset(p, 0, sizeof *p);
    const char *xdg = abs_env("XDG_DATA_HOME"), *home = home_dir();
    if (xdg) path_join(p->data_home, sizeof p->data_home, xdg, "tessera");
    else if (home) path_join(p->data_home, sizeof p->data_home, home, ".local/share/tessera");
    else snprintf(p->data_home, sizeof p->data_home, ".tessera");

    const char *cache = abs_env("XDG_CACHE_HOME");
    if (cache) path_join(p->cache_home, sizeof p->cache_home, cache, "tessera");
    else if (home) path_join(p->cache_home, sizeof p->cache_home, home, ".cache/tessera");
    else snprintf(p->cache_home, sizeof p->cache_home, ".tessera-cache");

    path_join(p->mods_home, sizeof p->mods_home, p->data_home, "mods");

    /* $TESSERA_DATA_DIR names the folder (TESSERA_DATA is its older name). */
    const char *env = getenv("TESSERA_DATA_DIR");
    if (!env || !*env) env = getenv("TESSERA_DATA");
    if (env && *env) {
        set_root(p, env);
        return is_root(env) ? 0 : -1;
    }
    char exe[PATH_MAX_LEN] = "";
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) exe[n] = '\0';
    else if (argv0 && strchr(argv0, '/')) snprintf(exe, sizeof exe, "%s", argv0);
    char *slash = strrchr(exe, '/');
    if (!slash) {
        set_root(p, ".");
        return -1;
    }
    *slash = '\0';
    /* An installed copy: PREFIX/bin/tessera finds PREFIX/share/tessera, wherever the prefix
     * was moved to (the relative path from bindir to the data folder is fixed at build time). */
    char cand[PATH_MAX_LEN], real[PATH_MAX];   /* realpath writes up to PATH_MAX */
    int len = snprintf(cand, sizeof cand, "%s/%s", exe, TESSERA_REL_DATA_DIR);
    if (len > 0 && (size_t)len < sizeof cand && is_root(cand)) {
        set_root(p, realpath(cand, real) ? real : cand);
        return 0;
    }
    /* Run from the build folder: the source tree it was built from. Only there, so that an
     * installed or copied binary never reads a source tree by accident. */
    if (realpath(TESSERA_BUILD_DIR, real) && strcmp(real, exe) == 0 && is_root(TESSERA_SOURCE_DIR)) {
        set_root(p, TESSERA_SOURCE_DIR);
        return 0;
    }
    set_root(p, cand);
    return -1;
}
