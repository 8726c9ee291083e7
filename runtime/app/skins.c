/* skins.c: finding and loading skins. */
#include "app/skins.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/game_art.h"
#include "script/skin.h"

static int load_default(const app_paths *p, sprites *sh, error *err)
{
    char png[PATH_MAX_LEN], atlas[PATH_MAX_LEN];
    path_join(png, sizeof png, p->assets, "sprites.png");
    path_join(atlas, sizeof atlas, p->assets, "sprites.txt");
    return sprites_load(png, atlas, sh, err);
}

int skins_find(const app_paths *p, const char *name, char *out, size_t size, error *err)
{
    char dir[PATH_MAX_LEN], sub[PATH_MAX_LEN], user[PATH_MAX_LEN], bundled[PATH_MAX_LEN];
    if (strchr(name, '/')) {
        path_join(out, size, name, "skin.lua");
        if (path_exists(out)) return 0;
        return error_set(err, out, 0, 0, "no skin here (a skin folder holds skin.lua and its picture)");
    }
    for (const char *c = name; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_' || *c == '-'))
            return error_set(err, NULL, 0, 0, "skin name '%s' may hold only letters, digits, '-' and '_'", name);
    path_join(dir, sizeof dir, p->data_home, "skins");
    path_join(sub, sizeof sub, dir, name);
    path_join(user, sizeof user, sub, "skin.lua");
    path_join(dir, sizeof dir, p->assets, "skins");
    path_join(sub, sizeof sub, dir, name);
    path_join(bundled, sizeof bundled, sub, "skin.lua");
    const char *found = path_exists(user) ? user : path_exists(bundled) ? bundled : NULL;
    if (!found) return error_set(err, NULL, 0, 0, "no skin '%s' (looked for %s and %s)", name, user, bundled);
    snprintf(out, size, "%s", found);
    return 0;
}

int skins_load_file(const char *path, const sprites *fallback, sprites *sh, char *image_out, size_t image_size,
                    error *err)
{
    memset(sh, 0, sizeof *sh);
    skin_desc *d = malloc(sizeof *d);
    sprite *list = d ? malloc(sizeof *list * SKIN_MAX_TILES) : NULL;
    int rc = -1;
    image img = { 0, 0, NULL };
    if (!d || !list) {
        error_set(err, path, 0, 0, "out of memory");
        goto done;
    }
    if (skin_read(path, d, err) != 0) goto done;
    if (image_out) snprintf(image_out, image_size, "%s", d->image);
    if (image_load(d->image, &img, err) != 0) goto done;
    for (int i = 0; i < d->count; i++) {
        const skin_tile *t = &d->tiles[i];
        if (t->x + t->w > img.w || t->y + t->h > img.h) {
            error_set(err, path, t->line, 1, "tile '%s' (%d,%d %dx%d) lies outside the %dx%d picture %s", t->name,
                      t->x, t->y, t->w, t->h, img.w, img.h, path_basename(d->image));
            goto done;
        }
        snprintf(list[i].name, sizeof list[i].name, "%s", t->name);
        list[i].x = t->x;
        list[i].y = t->y;
        list[i].w = t->w;
        list[i].h = t->h;
    }
    sprites own;
    if (sprites_from_image(&own, &img, list, d->count, err) != 0) goto done;
    if (!fallback) {
        *sh = own; /* nothing to fill gaps: the skin alone */
        rc = 0;
        goto done;
    }
    rc = sprites_merge(sh, &own, fallback, err);
    sprites_free(&own);
done:
    image_free(&img);
    free(list);
    free(d);
    return rc;
}

int skins_load(const app_paths *p, const char *name, sprites *sh, error *err)
{
    memset(sh, 0, sizeof *sh);
    if (!name || !strcmp(name, "default")) return load_default(p, sh, err);
    char path[PATH_MAX_LEN];
    if (skins_find(p, name, path, sizeof path, err) != 0) return -1;
    sprites def;
    error derr;
    bool have_def = load_default(p, &def, &derr) == 0;
    int rc = skins_load_file(path, have_def ? &def : NULL, sh, NULL, 0, err);
    if (have_def) sprites_free(&def);
    return rc;
}

int app_set_skin(app *a, const char *name, error *err)
{
    sprites fresh;
    if (skins_load(a->paths, name, &fresh, err) != 0) return -1;
    if (a->have_sheet) sprites_free(&a->sheet);
    a->sheet = fresh;
    a->have_sheet = true;
    game_art_forget(a);         /* the game's art sat on the old skin */
    return 0;
}
