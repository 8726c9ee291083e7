/* skins.c: finding and loading skins. */
#include "app/skins.h"

#include <dirent.h>
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

int skins_load_file(const char *path, const game *owner, const sprites *fallback, sprites *sh, char *image_out,
                    size_t image_size, error *err)
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
    int read = skin_read(path, owner, d, err);
    if (image_out && d->image[0]) snprintf(image_out, image_size, "%s", d->image);
    if (read != 0) goto done;
    if (image_decode(d->image, d->picture, d->picture_size, &img, err) != 0) goto done;
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
    if (d) skin_desc_free(d);
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
    int rc = skins_load_file(path, NULL, have_def ? &def : NULL, sh, NULL, 0, err);
    if (have_def) sprites_free(&def);
    return rc;
}

/* Adds the skin folders under dir (those holding skin.lua) to names, skipping known ones. */
static void list_dir(const char *dir, char (*names)[SKIN_NAME_MAX], int *n, int max)
{
    DIR *d = opendir(dir);
    if (!d) return;
    for (struct dirent *e; (e = readdir(d)) != NULL && *n < max;) {
        if (e->d_name[0] == '.' || strlen(e->d_name) >= SKIN_NAME_MAX) continue;
        char sub[PATH_MAX_LEN], lua[PATH_MAX_LEN];
        path_join(sub, sizeof sub, dir, e->d_name);
        path_join(lua, sizeof lua, sub, "skin.lua");
        if (!path_exists(lua)) continue;
        bool known = false;
        for (int i = 0; i < *n && !known; i++) known = strcmp(names[i], e->d_name) == 0;
        if (!known) {
            size_t len = strlen(e->d_name);   /* under SKIN_NAME_MAX: checked above */
            memcpy(names[*n], e->d_name, len + 1);
            (*n)++;
        }
    }
    closedir(d);
}

static int by_name(const void *x, const void *y)
{
    return strcmp((const char *)x, (const char *)y);
}

int skins_list(const app_paths *p, char (*names)[SKIN_NAME_MAX], int max)
{
    if (max <= 0) return 0;
    int n = 0;
    snprintf(names[n++], SKIN_NAME_MAX, "default");
    char dir[PATH_MAX_LEN];
    path_join(dir, sizeof dir, p->data_home, "skins");
    list_dir(dir, names, &n, max);
    path_join(dir, sizeof dir, p->assets, "skins");
    list_dir(dir, names, &n, max);
    qsort(names + 1, (size_t)(n - 1), sizeof *names, by_name);
    return n;
}

int app_next_skin(app *a, error *err)
{
    char names[SKINS_LIST_MAX][SKIN_NAME_MAX];
    int n = skins_list(a->paths, names, SKINS_LIST_MAX), at = 0;
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], a->skin_name[0] ? a->skin_name : "default") == 0) at = i;
    /* A skin that fails to load is said and passed over; back at the start, give up. */
    for (int k = 1; k < n; k++) {
        const char *next = names[(at + k) % n];
        if (app_set_skin(a, next, err) == 0) return 0;
        char buf[ERROR_TEXT_MAX + 300];
        fprintf(stderr, "tessera: %s (skipping skin '%s')\n", error_format(err, buf, sizeof buf), next);
    }
    return n > 1 ? -1 : error_set(err, NULL, 0, 0, "no other skin (add one under %s/skins)", a->paths->data_home);
}

int app_set_skin(app *a, const char *name, error *err)
{
    sprites fresh;
    if (skins_load(a->paths, name, &fresh, err) != 0) return -1;
    snprintf(a->skin_name, sizeof a->skin_name, "%s", name);
    if (a->have_sheet) sprites_free(&a->sheet);
    a->sheet = fresh;
    a->have_sheet = true;
    game_art_forget(a);         /* the game's art sat on the old skin */
    return 0;
}
