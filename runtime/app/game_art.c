/* game_art.c: a game's own pictures over the player's skin. */
#define _POSIX_C_SOURCE 200809L
#include "app/game_art.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "app/skins.h"
#include "script/game.h"

void game_art_path(const game *g, char *out, size_t size)
{
    out[0] = '\0';
    const char *art = g ? game_art(g) : NULL;
    if (!art || !art[0]) return;
    char dir[PATH_MAX_LEN];
    snprintf(dir, sizeof dir, "%s", game_path(g));
    char *slash = strrchr(dir, '/');
    if (slash) *slash = '\0';
    else snprintf(dir, sizeof dir, ".");
    path_join(out, size, dir, art);
}

/* What the art depends on: its path and the change times of its script and picture. */
static void art_key(const app *a, const char *path, char *key, size_t size)
{
    struct stat st;
    long long t1 = stat(path, &st) == 0 ? (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec : -1;
    long long t2 = a->art_image[0] && stat(a->art_image, &st) == 0
                       ? (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec : -1;
    snprintf(key, size, "%s|%lld|%lld", path, t1, t2);
}

void game_art_forget(app *a)
{
    if (a->have_art) sprites_free(&a->art);
    a->have_art = false;
    a->art_key[0] = '\0';
}

void game_art_refresh(app *a)
{
    char path[PATH_MAX_LEN], key[sizeof a->art_key];
    if (!a->have_session || !a->s.live) path[0] = '\0';
    else game_art_path(a->s.game, path, sizeof path);
    if (!path[0]) {
        if (a->have_art || a->art_key[0]) game_art_forget(a);
        return;
    }
    art_key(a, path, key, sizeof key);
    if (strcmp(key, a->art_key) == 0) return;
    game_art_forget(a);
    snprintf(a->art_key, sizeof a->art_key, "%s", key);
    sprites fresh;
    error err;
    if (skins_load_file(path, a->have_sheet ? &a->sheet : NULL, &fresh, a->art_image, sizeof a->art_image,
                        &err) != 0) {
        char buf[ERROR_TEXT_MAX + 300];
        error_format(&err, buf, sizeof buf);
        fprintf(stderr, "tessera: %s (drawing with the skin's pictures)\n", buf);
        session_note(&a->s, "Art not loaded: %s", buf);
        /* The key now names the picture too, if skin.lua got that far: a fix to either is seen. */
        art_key(a, path, a->art_key, sizeof a->art_key);
        return;
    }
    a->art = fresh;
    a->have_art = true;
    art_key(a, path, a->art_key, sizeof a->art_key);
}

const sprites *game_art_sheet(const app *a)
{
    if (a->have_art) return &a->art;
    return a->have_sheet ? &a->sheet : NULL;
}

void game_art_free(app *a)
{
    game_art_forget(a);
    a->art_image[0] = '\0';
}
