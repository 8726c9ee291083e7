/* sprites.c: loading a sprite sheet and parsing its atlas. */
#include "frontend/sprites.h"

#include "frontend/canvas.h"
#include "frontend/sprite_names.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ATLAS_MAX_BYTES = 1 << 20, CACHE_ENTRIES = 96, CACHE_MAX_SIDE = 512 };

typedef struct cache_entry {
    int idx, w, h;
    image img;
} cache_entry;

/* A frame uses one or two cell sizes, so a small table that starts over when full holds
 * everything a frame needs; a resize just fills it afresh. */
struct sprite_cache {
    int n;
    cache_entry e[CACHE_ENTRIES];
    uint8_t *alpha;             /* per sprite: SEEN_ and CLEAR_ bits (sprites_transparent) */
    uint32_t *mean;             /* per sprite: sprites_mean's colour, 0 not looked at yet */
};

static void cache_reset(struct sprite_cache *c)
{
    int i;
    for (i = 0; i < c->n; i++) image_free(&c->e[i].img);
    c->n = 0;
}

const image *sprites_scaled(const sprites *sh, int i, int w, int h)
{
    struct sprite_cache *c;
    const sprite *sp = sprites_get(sh, i);
    cache_entry *e;
    canvas target;
    int k;

    if (!sp || !sh->cache || w <= 0 || h <= 0 || w > CACHE_MAX_SIDE || h > CACHE_MAX_SIDE)
        return NULL;
    c = sh->cache;
    for (k = 0; k < c->n; k++)
        if (c->e[k].idx == i && c->e[k].w == w && c->e[k].h == h) return &c->e[k].img;
    if (c->n == CACHE_ENTRIES) cache_reset(c);
    e = &c->e[c->n];
    if (image_create(&e->img, w, h) != 0) return NULL;
    /* Blending onto transparent pixels keeps the source's own alpha. */
    target.w = w, target.h = h, target.px = e->img.px;
    canvas_blit(&target, &sh->sheet, sp->x, sp->y, sp->w, sp->h, 0, 0, w, h, 0xFFFFFFFFu, 255);
    e->idx = i, e->w = w, e->h = h;
    c->n++;
    return &e->img;
}

/* Whether the pixel (x, y) of a w x h picture lies well inside the pointy-top hexagon that
 * fills it (as a hex cell is drawn): two pixels in from its edges, which are smoothed. */
static bool inside_hexagon(int x, int y, int w, int h)
{
    double u = (2.0 * x + 1 - w) / w, v = (2.0 * y + 1 - h) / h;
    if (u < 0) u = -u;
    if (v < 0) v = -v;
    return u <= 1 - 4.0 / w && v <= 1 - u / 2 - 4.0 / h;
}

/* Bits of the cache's alpha per sprite: looked at, and the answer, for each shape. */
enum { SEEN_SQUARE = 1, CLEAR_SQUARE = 2, SEEN_HEX = 4, CLEAR_HEX = 8 };

static int transparent_in(const sprites *sh, int i, bool hex)
{
    const sprite *sp = sprites_get(sh, i);
    if (!sp) return 0;
    struct sprite_cache *c = sh->cache;
    uint8_t seen = hex ? SEEN_HEX : SEEN_SQUARE, clear_bit = hex ? CLEAR_HEX : CLEAR_SQUARE;
    if (c && !c->alpha) c->alpha = calloc((size_t)sh->count, 1);
    if (c && c->alpha && (c->alpha[i] & seen)) return (c->alpha[i] & clear_bit) != 0;
    int clear = 0;
    for (int y = 0; y < sp->h && !clear; y++)
        for (int x = 0; x < sp->w; x++) {
            if (hex && !inside_hexagon(x, y, sp->w, sp->h)) continue;
            if ((sh->sheet.px[(size_t)(sp->y + y) * (size_t)sh->sheet.w + (size_t)(sp->x + x)] >> 24) < 0xFF) {
                clear = 1;
                break;
            }
        }
    if (c && c->alpha) c->alpha[i] |= (uint8_t)(seen | (clear ? clear_bit : 0));
    return clear;
}

int sprites_transparent(const sprites *sh, int i) { return transparent_in(sh, i, false); }

int sprites_transparent_hex(const sprites *sh, int i) { return transparent_in(sh, i, true); }

uint32_t sprites_mean(const sprites *sh, int i)
{
    const sprite *sp = sprites_get(sh, i);
    if (!sp) return 0;
    struct sprite_cache *c = sh->cache;
    if (c && !c->mean) c->mean = calloc((size_t)sh->count, sizeof *c->mean);
    if (c && c->mean && c->mean[i]) return c->mean[i];
    /* Each channel's mean over the pixels, weighted by their alpha and more by their chroma
     * (the spread of their channels): a lit lamp reads as its glow, not its grey rim. */
    uint64_t sum[3] = { 0, 0, 0 }, weight = 0;
    for (int y = sp->y; y < sp->y + sp->h; y++)
        for (int x = sp->x; x < sp->x + sp->w; x++) {
            uint32_t px = sh->sheet.px[(size_t)y * (size_t)sh->sheet.w + (size_t)x];
            uint32_t r = (px >> 16) & 0xFF, g = (px >> 8) & 0xFF, b = px & 0xFF;
            uint32_t hi = r > g ? (r > b ? r : b) : (g > b ? g : b), lo = r < g ? (r < b ? r : b) : (g < b ? g : b);
            uint64_t w = (uint64_t)(px >> 24) * (16 + hi - lo);
            sum[0] += w * r, sum[1] += w * g, sum[2] += w * b;
            weight += w;
        }
    uint32_t mean = 0;
    if (weight > 0)
        mean = 0xFF000000u | (uint32_t)(sum[0] / weight) << 16 | (uint32_t)(sum[1] / weight) << 8 | (uint32_t)(sum[2] / weight);
    if (c && c->mean) c->mean[i] = mean;
    return mean;
}

void sprites_free(sprites *sh)
{
    if (!sh) return;
    if (sh->cache) free(sh->cache->alpha), free(sh->cache->mean);
    if (sh->cache) cache_reset(sh->cache);
    free(sh->cache);
    sh->cache = NULL;
    image_free(&sh->sheet);
    free(sh->list);
    sh->list = NULL;
    sh->count = 0;
}

int sprites_find(const sprites *sh, const char *name)
{
    int i;
    if (!sh || !name) return -1;
    for (i = 0; i < sh->count; i++)
        if (strcmp(sh->list[i].name, name) == 0) return i;
    return -1;
}

const sprite *sprites_get(const sprites *sh, int i)
{
    if (!sh || i < 0 || i >= sh->count) return NULL;
    return &sh->list[i];
}

/* One whitespace-separated field of a line: [*start, *end) and its 1-based column. */
static int next_field(const char *line, size_t len, size_t *pos, size_t *start, size_t *end)
{
    while (*pos < len && isspace((unsigned char)line[*pos])) (*pos)++;
    if (*pos >= len) return 0;
    *start = *pos;
    while (*pos < len && !isspace((unsigned char)line[*pos])) (*pos)++;
    *end = *pos;
    return 1;
}

static const char *field_names[5] = {"name", "x", "y", "width", "height"};

static int parse_line(sprites *sh, const char *name, int lineno, const char *line, size_t len,
                      int sheet_w, int sheet_h, error *err)
{
    size_t pos = 0, start[6], end[6];
    int nf = 0, v[4], k;
    sprite *sp;

    while (nf < 6 && next_field(line, len, &pos, &start[nf], &end[nf])) nf++;
    if (nf == 0) return 0;
    if (nf < 5)
        return error_set(err, name, lineno, (int)(nf ? end[nf - 1] + 1 : 1),
                         "expected `name x y width height`: the %s is missing",
                         field_names[nf]);
    if (nf > 5)
        return error_set(err, name, lineno, (int)start[5] + 1,
                         "unexpected text after `name x y width height`");
    if (end[0] - start[0] >= SPRITE_NAME_MAX)
        return error_set(err, name, lineno, (int)start[0] + 1,
                         "sprite name is longer than %d characters", SPRITE_NAME_MAX - 1);
    for (k = 0; k < 4; k++) {
        char num[24], *stop;
        long n;
        size_t flen = end[k + 1] - start[k + 1];
        int col = (int)start[k + 1] + 1;
        if (flen >= sizeof num)
            return error_set(err, name, lineno, col, "%s is not a number", field_names[k + 1]);
        memcpy(num, line + start[k + 1], flen);
        num[flen] = 0;
        errno = 0;
        n = strtol(num, &stop, 10);
        if (*stop || errno || n < 0 || n > INT_MAX)
            return error_set(err, name, lineno, col,
                             "%s must be a whole number of pixels, 0 or more, not `%s`",
                             field_names[k + 1], num);
        if (k >= 2 && n == 0)
            return error_set(err, name, lineno, col, "%s must be at least 1",
                             field_names[k + 1]);
        v[k] = (int)n;
    }
    if (v[0] > sheet_w - v[2] || v[1] > sheet_h - v[3])
        return error_set(err, name, lineno, (int)start[1] + 1,
                         "rectangle %d %d %d %d lies outside the %d x %d sheet", v[0], v[1],
                         v[2], v[3], sheet_w, sheet_h);
    {
        char nm[SPRITE_NAME_MAX];
        memcpy(nm, line + start[0], end[0] - start[0]);
        nm[end[0] - start[0]] = 0;
        if (sprites_find(sh, nm) >= 0)
            return error_set(err, name, lineno, (int)start[0] + 1,
                             "sprite `%s` is defined twice", nm);
        sp = realloc(sh->list, (size_t)(sh->count + 1) * sizeof *sh->list);
        if (!sp) return error_set(err, name, lineno, 0, "out of memory");
        sh->list = sp;
        sp = &sh->list[sh->count++];
        memcpy(sp->name, nm, sizeof nm);
    }
    sp->x = v[0], sp->y = v[1], sp->w = v[2], sp->h = v[3];
    return 0;
}

int sprites_parse_atlas(sprites *sh, const char *name, const char *text, size_t len,
                        int sheet_w, int sheet_h, error *err)
{
    size_t pos = 0;
    int lineno = 0;

    sh->list = NULL;
    sh->count = 0;
    while (pos < len) {
        size_t eol = pos, cut;
        while (eol < len && text[eol] != '\n') eol++;
        lineno++;
        cut = pos;
        while (cut < eol && text[cut] != '#') cut++;
        if (parse_line(sh, name, lineno, text + pos, cut - pos, sheet_w, sheet_h, err) != 0) {
            free(sh->list);
            sh->list = NULL;
            sh->count = 0;
            return -1;
        }
        pos = eol + 1;
    }
    return 0;
}

/* Sheets are made on the main thread only. */
static unsigned long next_serial(void)
{
    static unsigned long serial;
    return ++serial;
}

int sprites_load(const char *sheet_path, const char *atlas_path, sprites *sh, error *err)
{
    FILE *f;
    char *text;
    size_t len;
    int rc;

    memset(sh, 0, sizeof *sh);
    f = fopen(atlas_path, "rb");
    if (!f) return error_set(err, atlas_path, 0, 0, "cannot open atlas: %s", strerror(errno));
    text = malloc(ATLAS_MAX_BYTES + 1);
    if (!text) {
        fclose(f);
        return error_set(err, atlas_path, 0, 0, "out of memory");
    }
    len = fread(text, 1, ATLAS_MAX_BYTES + 1, f);
    rc = ferror(f);
    fclose(f);
    if (rc || len > ATLAS_MAX_BYTES) {
        free(text);
        return error_set(err, atlas_path, 0, 0,
                         rc ? "cannot read atlas" : "atlas is larger than 1 MiB");
    }
    if (image_load(sheet_path, &sh->sheet, err) != 0) {
        free(text);
        return -1;
    }
    rc = sprites_parse_atlas(sh, atlas_path, text, len, sh->sheet.w, sh->sheet.h, err);
    free(text);
    if (rc == 0) {
        sh->cache = calloc(1, sizeof *sh->cache); /* none: drawing is only slower */
        sh->serial = next_serial();
    }
    if (rc != 0) sprites_free(sh);
    return rc;
}

int sprites_from_image(sprites *sh, image *img, const sprite *list, int count, error *err)
{
    memset(sh, 0, sizeof *sh);
    sh->sheet = *img;
    memset(img, 0, sizeof *img);
    for (int i = 0; i < count; i++) {
        const sprite *sp = &list[i];
        if (sp->x < 0 || sp->y < 0 || sp->w < 1 || sp->h < 1 || sp->x + sp->w > sh->sheet.w ||
            sp->y + sp->h > sh->sheet.h) {
            error_set(err, NULL, 0, 0, "sprite '%s' (%d,%d %dx%d) lies outside the %dx%d sheet", sp->name,
                      sp->x, sp->y, sp->w, sp->h, sh->sheet.w, sh->sheet.h);
            sprites_free(sh);
            return -1;
        }
    }
    sh->list = malloc(sizeof *sh->list * (size_t)(count > 0 ? count : 1));
    if (!sh->list) {
        sprites_free(sh);
        return error_set(err, NULL, 0, 0, "out of memory");
    }
    memcpy(sh->list, list, sizeof *list * (size_t)count);
    sh->count = count;
    sh->cache = calloc(1, sizeof *sh->cache);
    sh->serial = next_serial();
    return 0;
}

/* Whether name is a floor of the bundled sheet's catalogue (the hex floors are cut to the
 * hexagon; an object's hex picture, a mod's own, is no such cut). */
static bool is_catalogue_floor(const char *name)
{
    for (const sprite_doc *d = sprite_catalogue; d->name; d++)
        if (!strcmp(d->name, name)) return d->kind == SPRITE_FLOOR;
    return false;
}

/* The sprite of primary that fallback's sprite i stands for on hex grids, cut to fallback's
 * hexagon: "hex_NAME" of fallback, a floor, where primary has NAME but no "hex_NAME" of its
 * own. The fallback's hex picture would draw the wrong art (the default sheet's ice under a
 * skin's own), and the square picture would overlap the next row. -1: none. */
static int hex_cut_of(const sprites *primary, const sprites *fallback, int i)
{
    const char *name = fallback->list[i].name;
    if (strncmp(name, "hex_", 4) != 0 || !is_catalogue_floor(name) || sprites_find(primary, name) >= 0) return -1;
    return sprites_find(primary, name + 4);
}

/* Copies primary's sprite p into img at (x, y), its alpha times that of the mask sprite m of
 * fallback, scaled to it (nearest pixel): the same picture, cut to the mask's shape. */
static void cut_to_mask(image *img, int x, int y, const sprites *primary, int p, const sprites *fallback, int m)
{
    const sprite *ps = &primary->list[p], *ms = &fallback->list[m];
    const image *a = &primary->sheet, *b = &fallback->sheet;
    for (int v = 0; v < ps->h; v++)
        for (int u = 0; u < ps->w; u++) {
            uint32_t c = a->px[(size_t)(ps->y + v) * (size_t)a->w + (size_t)(ps->x + u)];
            int mu = (int)((long)u * ms->w / ps->w), mv = (int)((long)v * ms->h / ps->h);
            uint32_t mask = b->px[(size_t)(ms->y + mv) * (size_t)b->w + (size_t)(ms->x + mu)] >> 24;
            uint32_t alpha = (c >> 24) * mask / 255;
            img->px[(size_t)(y + v) * (size_t)img->w + (size_t)(x + u)] = alpha << 24 | (c & 0xFFFFFFu);
        }
}

/* Places the next hex cut of w x h in rows at most row_w wide (each cut alone fits): *x, *y
 * (from 0, 0) get its place, *row_h the height of its row so far. */
static void place_cut(int w, int h, int row_w, int *x, int *y, int *row_h, int *cx, int *cy)
{
    if (*x > 0 && *x + w > row_w) {
        *y += *row_h;
        *x = *row_h = 0;
    }
    *cx = *x;
    *cy = *y;
    *x += w;
    if (h > *row_h) *row_h = h;
}

int sprites_merge(sprites *out, const sprites *primary, const sprites *fallback, error *err)
{
    const image *a = &primary->sheet, *b = &fallback->sheet;
    /* The hex cuts go in rows of their own under both sheets. */
    int w = a->w > b->w ? a->w : b->w;
    for (int i = 0; i < fallback->count; i++) {
        int p = hex_cut_of(primary, fallback, i);
        if (p >= 0 && primary->list[p].w > w) w = primary->list[p].w;
    }
    int x = 0, y = 0, row_h = 0, cx, cy;
    for (int i = 0; i < fallback->count; i++) {
        int p = hex_cut_of(primary, fallback, i);
        if (p >= 0) place_cut(primary->list[p].w, primary->list[p].h, w, &x, &y, &row_h, &cx, &cy);
    }
    long height = (long)a->h + b->h + y + row_h;
    image img;
    memset(out, 0, sizeof *out);
    if (height > IMAGE_MAX_SIDE)
        return error_set(err, NULL, 0, 0, "the pictures and the default sheet's together are %ld pixels high (at most %d)",
                         height, IMAGE_MAX_SIDE);
    if (image_create(&img, w, (int)height) != 0) return error_set(err, NULL, 0, 0, "out of memory");
    for (int r = 0; r < a->h; r++) memcpy(img.px + (size_t)r * (size_t)w, a->px + (size_t)r * a->w, sizeof *img.px * (size_t)a->w);
    for (int r = 0; r < b->h; r++)
        memcpy(img.px + (size_t)(a->h + r) * (size_t)w, b->px + (size_t)r * b->w, sizeof *img.px * (size_t)b->w);
    sprite *list = malloc(sizeof *list * (size_t)(primary->count + fallback->count + 1));
    if (!list) {
        image_free(&img);
        return error_set(err, NULL, 0, 0, "out of memory");
    }
    int n = 0;
    x = y = row_h = 0;
    for (int i = 0; i < primary->count; i++) list[n++] = primary->list[i];
    for (int i = 0; i < fallback->count; i++) {
        if (sprites_find(primary, fallback->list[i].name) >= 0) continue;
        list[n] = fallback->list[i];
        int p = hex_cut_of(primary, fallback, i);
        if (p >= 0) {
            place_cut(primary->list[p].w, primary->list[p].h, w, &x, &y, &row_h, &cx, &cy);
            cut_to_mask(&img, cx, a->h + b->h + cy, primary, p, fallback, i);
            list[n].x = cx;
            list[n].y = a->h + b->h + cy;
            list[n].w = primary->list[p].w;
            list[n].h = primary->list[p].h;
        } else {
            list[n].y += a->h;
        }
        n++;
    }
    int rc = sprites_from_image(out, &img, list, n, err);
    free(list);
    return rc;
}
