/* game_art.c: a game's own pictures over the player's skin. */
#include "app/game_art.h"

#include <stdio.h>
#include <string.h>

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

void game_art_forget(app *a)
{
    if (a->have_art) sprites_free(&a->art);
    a->have_art = false;
    a->art_key[0] = '\0';
}

int game_art_refresh(app *a, error *failed)
{
    char path[PATH_MAX_LEN];
    if (!a->have_session || !a->s.live) path[0] = '\0';
    else game_art_path(a->s.game, path, sizeof path);
    if (!path[0]) {
        if (a->have_art || a->art_key[0]) game_art_forget(a);
        return 0;
    }
    if (strcmp(path, a->art_key) == 0) return 0;      /* loaded or tried: the watcher says when to retry */
    game_art_forget(a);
    snprintf(a->art_key, sizeof a->art_key, "%s", path);
    a->reload.stale = true;     /* watch the art and (once known) its picture */
    sprites fresh;
    error err;
    if (skins_load_file(path, a->s.game, a->have_sheet ? &a->sheet : NULL, &fresh, a->art_image,
                        sizeof a->art_image, &err) != 0) {
        char buf[ERROR_TEXT_MAX + 300];
        error_format(&err, buf, sizeof buf);
        if (failed) *failed = err;
        else fprintf(stderr, "tessera: %s (drawing with the skin's pictures)\n", buf);
        session_note(&a->s, "Art not loaded: %s", buf);
        return -1;
    }
    a->art = fresh;
    a->have_art = true;
    return 0;
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
