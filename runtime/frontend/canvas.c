/* canvas.c: software drawing into the canvas: blended shapes, scaled blits and PNG output. */
#include "frontend/canvas.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <stb_image_write.h>

#include "core/filewrite.h"

enum { CANVAS_MAX_SIDE = 16384, LINE_MAX_SPAN = 1 << 20 };

/* x / 255 rounded, exact for 0..65535: blending must not drift when repeated. */
static inline unsigned div255(unsigned x)
{
    x += 128;
    return (x + (x >> 8)) >> 8;
}

/* Source-over of an ARGB colour with effective alpha a onto dst, in straight alpha. */
static inline uint32_t blend_px(uint32_t dst, uint32_t src, unsigned a)
{
    unsigned da, ia, oa, sr, sg, sb, dr, dg, db;
    if (a >= 255) return src | 0xFF000000u;
    if (a == 0) return dst;
    ia = 255 - a;
    sr = src >> 16 & 255, sg = src >> 8 & 255, sb = src & 255;
    dr = dst >> 16 & 255, dg = dst >> 8 & 255, db = dst & 255;
    da = dst >> 24;
    if (da == 255)
        return 0xFF000000u | div255(sr * a + dr * ia) << 16 | div255(sg * a + dg * ia) << 8 |
               div255(sb * a + db * ia);
    /* A see-through destination only happens in off-screen buffers; weigh its colour by
     * its own alpha so that a transparent pixel adds no colour. */
    {
        unsigned dw = div255(da * ia);
        oa = a + dw;
        if (oa == 0) return 0;
        return (uint32_t)oa << 24 | ((sr * a + dr * dw + oa / 2) / oa) << 16 |
               ((sg * a + dg * dw + oa / 2) / oa) << 8 | ((sb * a + db * dw + oa / 2) / oa);
    }
}

static inline void plot(canvas *c, int x, int y, uint32_t colour, unsigned a)
{
    if (x < 0 || y < 0 || x >= c->w || y >= c->h) return;
    c->px[(size_t)y * c->w + x] = blend_px(c->px[(size_t)y * c->w + x], colour, a);
}

/* Intersects (x, y, w, h) with the canvas; 0 when nothing is left. */
static int clip_rect(const canvas *c, int x, int y, int w, int h, int *x0, int *y0, int *x1,
                     int *y1)
{
    long long ax0 = x, ay0 = y, ax1 = (long long)x + w, ay1 = (long long)y + h;
    if (!c || !c->px || w <= 0 || h <= 0) return 0;
    if (ax0 < 0) ax0 = 0;
    if (ay0 < 0) ay0 = 0;
    if (ax1 > c->w) ax1 = c->w;
    if (ay1 > c->h) ay1 = c->h;
    if (ax0 >= ax1 || ay0 >= ay1) return 0;
    *x0 = (int)ax0, *y0 = (int)ay0, *x1 = (int)ax1, *y1 = (int)ay1;
    return 1;
}

int canvas_init(canvas *c, int w, int h)
{
    memset(c, 0, sizeof *c);
    if (w <= 0 || h <= 0 || w > CANVAS_MAX_SIDE || h > CANVAS_MAX_SIDE) return -1;
    c->px = malloc((size_t)w * (size_t)h * sizeof *c->px);
    if (!c->px) return -1;
    c->w = w;
    c->h = h;
    canvas_clear(c, 0xFF000000u);
    return 0;
}

void canvas_free(canvas *c)
{
    if (!c) return;
    free(c->px);
    memset(c, 0, sizeof *c);
}

int canvas_resize(canvas *c, int w, int h)
{
    canvas n;
    if (c->px && c->w == w && c->h == h) return 0;
    if (canvas_init(&n, w, h) != 0) return -1;
    canvas_free(c);
    *c = n;
    return 0;
}

void canvas_clear(canvas *c, uint32_t colour)
{
    size_t i, n;
    if (!c || !c->px) return;
    n = (size_t)c->w * (size_t)c->h;
    for (i = 0; i < n; i++) c->px[i] = colour;
}

static void span(canvas *c, int y, int x0, int x1, uint32_t colour, unsigned a)
{
    uint32_t *p = c->px + (size_t)y * c->w;
    int x;
    if (a >= 255)
        for (x = x0; x < x1; x++) p[x] = colour | 0xFF000000u;
    else
        for (x = x0; x < x1; x++) p[x] = blend_px(p[x], colour, a);
}

void canvas_fill_rect(canvas *c, int x, int y, int w, int h, uint32_t colour)
{
    int x0, y0, x1, y1, j;
    unsigned a = colour >> 24;
    if (a == 0 || !clip_rect(c, x, y, w, h, &x0, &y0, &x1, &y1)) return;
    for (j = y0; j < y1; j++) span(c, j, x0, x1, colour, a);
}

void canvas_blend_mask(canvas *c, int x, int y, const uint8_t *mask, int w, int h, int stride, uint32_t colour)
{
    unsigned ca = colour >> 24;
    if (!c || !c->px || !mask || ca == 0) return;
    int x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
    int x1 = x + w > c->w ? c->w : x + w, y1 = y + h > c->h ? c->h : y + h;
    for (int py = y0; py < y1; py++) {
        const uint8_t *m = mask + (size_t)(py - y) * (size_t)stride;
        uint32_t *p = c->px + (size_t)py * c->w;
        for (int px = x0; px < x1; px++) {
            unsigned cover = m[px - x];
            if (cover) p[px] = blend_px(p[px], colour, div255(cover * ca));
        }
    }
}

void canvas_fill_round_rect(canvas *c, int x, int y, int w, int h, int radius, uint32_t colour)
{
    unsigned a = colour >> 24;
    int r = radius, j, i;
    if (w <= 0 || h <= 0 || a == 0 || !c || !c->px) return;
    if (r > w / 2) r = w / 2;
    if (r > h / 2) r = h / 2;
    if (r <= 0) {
        canvas_fill_rect(c, x, y, w, h, colour);
        return;
    }
    for (j = 0; j < h; j++) {
        int py = y + j;
        float cy;
        if (py < 0 || py >= c->h) continue;
        if (j >= r && j < h - r) {
            canvas_fill_rect(c, x, py, w, 1, colour);
            continue;
        }
        cy = j < r ? (float)r - ((float)j + 0.5f) : ((float)j + 0.5f) - (float)(h - r);
        canvas_fill_rect(c, x + r, py, w - 2 * r, 1, colour);
        for (i = 0; i < r; i++) {
            float cx = (float)r - ((float)i + 0.5f);
            float cov = (float)r - sqrtf(cx * cx + cy * cy) + 0.5f;
            unsigned pa;
            if (cov <= 0.0f) continue;
            pa = cov >= 1.0f ? a : (unsigned)(a * cov + 0.5f);
            plot(c, x + i, py, colour, pa);
            plot(c, x + w - 1 - i, py, colour, pa);
        }
    }
}

static inline unsigned lerp8(unsigned a, unsigned b, int num, int den)
{
    return (unsigned)(((int)a * (den - num) + (int)b * num + den / 2) / den);
}

void canvas_fill_gradient(canvas *c, int x, int y, int w, int h, uint32_t top, uint32_t bottom)
{
    int x0, y0, x1, y1, j, den = h > 1 ? h - 1 : 1;
    if (!clip_rect(c, x, y, w, h, &x0, &y0, &x1, &y1)) return;
    for (j = y0; j < y1; j++) {
        int t = j - y;
        uint32_t col = colour_rgba(lerp8(top >> 16 & 255, bottom >> 16 & 255, t, den),
                                   lerp8(top >> 8 & 255, bottom >> 8 & 255, t, den),
                                   lerp8(top & 255, bottom & 255, t, den),
                                   lerp8(top >> 24, bottom >> 24, t, den));
        if (col >> 24) span(c, j, x0, x1, col, col >> 24);
    }
}

void canvas_rect(canvas *c, int x, int y, int w, int h, int thickness, uint32_t colour)
{
    int t = thickness;
    if (w <= 0 || h <= 0 || t <= 0) return;
    if (2 * t >= w || 2 * t >= h) {
        canvas_fill_rect(c, x, y, w, h, colour);
        return;
    }
    /* Four bands that do not overlap, so see-through borders blend once per pixel. */
    canvas_fill_rect(c, x, y, w, t, colour);
    canvas_fill_rect(c, x, y + h - t, w, t, colour);
    canvas_fill_rect(c, x, y + t, t, h - 2 * t, colour);
    canvas_fill_rect(c, x + w - t, y + t, t, h - 2 * t, colour);
}

void canvas_line(canvas *c, int x0, int y0, int x1, int y1, uint32_t colour)
{
    long long ddx = (long long)x1 - x0, ddy = (long long)y1 - y0;
    int dx, dy, sx, sy, err;
    unsigned a = colour >> 24;
    if (!c || !c->px || a == 0) return;
    if (llabs(ddx) > LINE_MAX_SPAN || llabs(ddy) > LINE_MAX_SPAN) return;
    dx = (int)llabs(ddx), dy = -(int)llabs(ddy);
    sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
    err = dx + dy;
    for (;;) {
        int e2;
        plot(c, x0, y0, colour, a);
        if (x0 == x1 && y0 == y1) break;
        e2 = 2 * err;
        if (e2 >= dy) err += dy, x0 += sx;
        if (e2 <= dx) err += dx, y0 += sy;
    }
}

/* {====== blits */

typedef struct blit_tint {
    unsigned r, g, b, amul;
    int plain; /* tint leaves colours alone */
} blit_tint;

static inline void put_px(uint32_t *d, uint32_t s, const blit_tint *t)
{
    unsigned a = s >> 24;
    if (t->amul != 255) a = div255(a * t->amul);
    if (a == 0) return;
    if (!t->plain)
        s = div255((s >> 16 & 255) * t->r) << 16 | div255((s >> 8 & 255) * t->g) << 8 |
            div255((s & 255) * t->b);
    *d = blend_px(*d, s, a);
}

/* Filters weigh colours by alpha so transparent texels add no dark fringe at sprite edges. */
typedef struct sample_acc {
    float a, r, g, b, w;
} sample_acc;

static inline void acc_add(sample_acc *q, uint32_t p, float w)
{
    float a = (float)(p >> 24) * w;
    q->a += a;
    q->r += a * (float)(p >> 16 & 255);
    q->g += a * (float)(p >> 8 & 255);
    q->b += a * (float)(p & 255);
    q->w += w;
}

static inline uint32_t acc_result(const sample_acc *q)
{
    float alpha;
    if (q->a <= 0.0f || q->w <= 0.0f) return 0;
    alpha = q->a / q->w;
    return (uint32_t)(alpha + 0.5f) << 24 | (uint32_t)(q->r / q->a + 0.5f) << 16 |
           (uint32_t)(q->g / q->a + 0.5f) << 8 | (uint32_t)(q->b / q->a + 0.5f);
}

void canvas_blit(canvas *dst, const image *src, int sx, int sy, int sw, int sh,
                 int dx, int dy, int dw, int dh, uint32_t tint, int alpha)
{
    int x0, y0, x1, y1, i, j;
    blit_tint t;

    if (!dst || !dst->px || !src || !src->px || dw <= 0 || dh <= 0) return;
    if (alpha > 255) alpha = 255;
    if (alpha <= 0) return;
    if (sx < 0) sw += sx, sx = 0;
    if (sy < 0) sh += sy, sy = 0;
    if (sw > src->w - sx) sw = src->w - sx;
    if (sh > src->h - sy) sh = src->h - sy;
    if (sw <= 0 || sh <= 0) return;
    if (!clip_rect(dst, dx, dy, dw, dh, &x0, &y0, &x1, &y1)) return;

    t.r = tint >> 16 & 255, t.g = tint >> 8 & 255, t.b = tint & 255;
    t.amul = div255((tint >> 24) * (unsigned)alpha);
    t.plain = (tint & 0x00FFFFFFu) == 0x00FFFFFFu;
    if (t.amul == 0) return;

    if (dw == sw && dh == sh) {
        for (j = y0; j < y1; j++) {
            const uint32_t *srow = src->px + (size_t)(sy + j - dy) * src->w + sx;
            uint32_t *drow = dst->px + (size_t)j * dst->w;
            if (t.plain && t.amul == 255) {
                /* The common case (sprites drawn as they are) gets a loop of its own. */
                for (i = x0; i < x1; i++) {
                    uint32_t p = srow[i - dx];
                    unsigned a = p >> 24;
                    if (a == 255) drow[i] = p;
                    else if (a) drow[i] = blend_px(drow[i], p, a);
                }
            } else {
                for (i = x0; i < x1; i++) put_px(&drow[i], srow[i - dx], &t);
            }
        }
    } else if (dw % sw == 0 && dh % sh == 0) {
        int kx = dw / sw, ky = dh / sh;
        for (j = y0; j < y1; j++) {
            const uint32_t *srow = src->px + (size_t)(sy + (j - dy) / ky) * src->w + sx;
            uint32_t *drow = dst->px + (size_t)j * dst->w;
            for (i = x0; i < x1; i++) put_px(&drow[i], srow[(i - dx) / kx], &t);
        }
    } else if (dw >= sw && dh >= sh) {
        float fx = (float)sw / (float)dw, fy = (float)sh / (float)dh;
        for (j = y0; j < y1; j++) {
            float v = ((float)(j - dy) + 0.5f) * fy - 0.5f, wy;
            int iy0, iy1;
            uint32_t *drow = dst->px + (size_t)j * dst->w;
            const uint32_t *r0, *r1;
            if (v < 0.0f) v = 0.0f;
            if (v > (float)(sh - 1)) v = (float)(sh - 1);
            iy0 = (int)v;
            iy1 = iy0 + 1 < sh ? iy0 + 1 : iy0;
            wy = v - (float)iy0;
            r0 = src->px + (size_t)(sy + iy0) * src->w + sx;
            r1 = src->px + (size_t)(sy + iy1) * src->w + sx;
            for (i = x0; i < x1; i++) {
                float u = ((float)(i - dx) + 0.5f) * fx - 0.5f, wx;
                int ix0, ix1;
                sample_acc q = {0, 0, 0, 0, 0};
                if (u < 0.0f) u = 0.0f;
                if (u > (float)(sw - 1)) u = (float)(sw - 1);
                ix0 = (int)u;
                ix1 = ix0 + 1 < sw ? ix0 + 1 : ix0;
                wx = u - (float)ix0;
                acc_add(&q, r0[ix0], (1.0f - wx) * (1.0f - wy));
                acc_add(&q, r0[ix1], wx * (1.0f - wy));
                acc_add(&q, r1[ix0], (1.0f - wx) * wy);
                acc_add(&q, r1[ix1], wx * wy);
                put_px(&drow[i], acc_result(&q), &t);
            }
        }
    } else {
        /* Reduction: each destination pixel averages the source area it covers. */
        float fx = (float)sw / (float)dw, fy = (float)sh / (float)dh;
        for (j = y0; j < y1; j++) {
            float v0 = (float)(j - dy) * fy, v1 = v0 + fy;
            uint32_t *drow = dst->px + (size_t)j * dst->w;
            for (i = x0; i < x1; i++) {
                float u0 = (float)(i - dx) * fx, u1 = u0 + fx;
                sample_acc q = {0, 0, 0, 0, 0};
                int iy, ix;
                for (iy = (int)v0; iy < sh && (float)iy < v1; iy++) {
                    float wy = fminf(v1, (float)(iy + 1)) - fmaxf(v0, (float)iy);
                    const uint32_t *row = src->px + (size_t)(sy + iy) * src->w + sx;
                    if (wy <= 0.0f) continue;
                    for (ix = (int)u0; ix < sw && (float)ix < u1; ix++) {
                        float wx = fminf(u1, (float)(ix + 1)) - fmaxf(u0, (float)ix);
                        if (wx > 0.0f) acc_add(&q, row[ix], wx * wy);
                    }
                }
                put_px(&drow[i], acc_result(&q), &t);
            }
        }
    }
}

/* }====== */

/* The PNG stb_image_write makes, collected in memory (it calls back with the whole file). */
typedef struct png_bytes {
    unsigned char *data;
    size_t len;
    bool failed;
} png_bytes;

static void collect_png(void *context, void *data, int size)
{
    png_bytes *out = context;
    if (out->failed || size <= 0) return;
    unsigned char *bigger = realloc(out->data, out->len + (size_t)size);
    if (!bigger) {
        out->failed = true;
        return;
    }
    memcpy(bigger + out->len, data, (size_t)size);
    out->data = bigger;
    out->len += (size_t)size;
}

int canvas_write_png(const canvas *c, const char *path, error *err)
{
    if (!c || !c->px) return error_set(err, path, 0, 0, "nothing to write: the canvas is empty");
    size_t n = (size_t)c->w * (size_t)c->h;
    unsigned char *rgba = malloc(n * 4);
    if (!rgba) return error_set(err, path, 0, 0, "out of memory writing PNG");
    for (size_t i = 0; i < n; i++) {
        uint32_t p = c->px[i];
        rgba[4 * i + 0] = (unsigned char)(p >> 16);
        rgba[4 * i + 1] = (unsigned char)(p >> 8);
        rgba[4 * i + 2] = (unsigned char)p;
        rgba[4 * i + 3] = (unsigned char)(p >> 24);
    }
    png_bytes png = { NULL, 0, false };
    int ok = stbi_write_png_to_func(collect_png, &png, c->w, c->h, 4, rgba, c->w * 4);
    free(rgba);
    int rc;
    if (!ok || png.failed || png.len == 0) rc = error_set(err, path, 0, 0, "cannot write PNG: out of memory");
    else rc = filewrite_atomic(path, png.data, png.len, NULL, err);  /* complete, or not there */
    free(png.data);
    return rc;
}

uint32_t canvas_read_pixel(const canvas *c, int x, int y)
{
    if (!c || !c->px || x < 0 || y < 0 || x >= c->w || y >= c->h) return 0;
    return c->px[(size_t)y * c->w + x];
}
