/* sprites.h: a sprite sheet, one image cut into named rectangles listed in an atlas file. */
#ifndef TESSERA_FRONTEND_SPRITES_H
#define TESSERA_FRONTEND_SPRITES_H

#include <stddef.h>
#include <stdint.h>

#include "core/error.h"
#include "frontend/image.h"

enum { SPRITE_NAME_MAX = 32 };

typedef struct sprite {
    char name[SPRITE_NAME_MAX];
    int x, y, w, h;             /* the rectangle in the sheet, pixels */
} sprite;

struct sprite_cache;

typedef struct sprites {
    image sheet;
    int count;
    sprite *list;
    struct sprite_cache *cache; /* scaled copies (see sprites_scaled); NULL: none kept */
    unsigned long serial;       /* new for every sheet made (load, from_image, merge): what was
                                   made from a sheet can tell it from a later one at the same
                                   address */
} sprites;

/* Loads the sheet picture and its atlas. The atlas is text: one sprite per line as
 * `name x y w h`, `#` starts a comment, blank lines are ignored. Every rectangle must lie
 * inside the picture and every name be unique. On failure returns -1 with file:line:col in
 * err and leaves sh empty. */
int sprites_load(const char *sheet_path, const char *atlas_path, sprites *sh, error *err);
/* Parses atlas text (len bytes; name is used in messages) against a sheet of sheet_w x
 * sheet_h pixels, filling sh->count and sh->list; sh->sheet and sh->cache are not touched. */
int sprites_parse_atlas(sprites *sh, const char *name, const char *text, size_t len,
                        int sheet_w, int sheet_h, error *err);
void sprites_free(sprites *sh);

/* Sprite i scaled to w x h, made once and kept (filtering every frame is slow), or NULL when
 * nothing is kept for it: no cache (sheets not made by sprites_load), an invalid index or an
 * outsized request. The copy lives until sprites_free or until the cache fills and starts
 * over, so use it at once. Not thread-safe. */
const image *sprites_scaled(const sprites *sh, int i, int w, int h);

/* A sheet from a picture already loaded (taken over by sh, also on failure) and sprites
 * listed by the caller (copied). Rectangles must lie inside the picture (-1 with err naming
 * the sprite otherwise). */
int sprites_from_image(sprites *sh, image *img, const sprite *list, int count, error *err);
/* One sheet holding every sprite of primary, then those of fallback whose names primary
 * lacks (their pictures stacked below), so a partial sheet still draws everything. A hex
 * picture of fallback ("hex_NAME") whose square picture primary has without its own hex one is
 * primary's square picture cut to fallback's hexagon (its alpha), so that a skin's own ice is
 * drawn on hex grids too. */
int sprites_merge(sprites *out, const sprites *primary, const sprites *fallback, error *err);

/* Whether sprite i lets what lies under it show (some pixel not fully opaque): a floor tile
 * drawn that way goes over the plain floor. Found once per sprite and kept. */
int sprites_transparent(const sprites *sh, int i);
/* The same for a picture drawn in a hex cell: only the pixels inside the hexagon that fills
 * the picture count, so a hex floor, clear outside its hexagon, is opaque. */
int sprites_transparent_hex(const sprites *sh, int i);

/* The mean colour of sprite i (0xAARRGGBB, opaque), each pixel weighted by its alpha and more
 * by its chroma: the colour it reads as when drawn a few pixels wide. 0 for an invalid index
 * or a sprite with no visible pixel. Found once per sprite and kept. */
uint32_t sprites_mean(const sprites *sh, int i);

/* Index of the sprite called name, or -1 (also when sh is NULL). */
int sprites_find(const sprites *sh, const char *name);
/* The sprite at index i, or NULL when i is out of range. */
const sprite *sprites_get(const sprites *sh, int i);

#endif
