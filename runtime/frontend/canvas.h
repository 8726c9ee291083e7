/* canvas.h: the RGBA pixel buffer everything is drawn into, shown by a window or saved as PNG. */
#ifndef TESSERA_FRONTEND_CANVAS_H
#define TESSERA_FRONTEND_CANVAS_H

#include <stdint.h>

#include "core/error.h"
#include "frontend/image.h"

/* Pixels are uint32_t 0xAARRGGBB, straight alpha, rows top to bottom with no padding: the
 * layout of SDL_PIXELFORMAT_ARGB8888, so the window uploads the buffer as it is. Every colour
 * argument in the frontend uses the same 0xAARRGGBB form; alpha 0xFF is opaque. */
typedef struct canvas {
    int w, h;
    uint32_t *px;
} canvas;

static inline uint32_t colour_rgba(unsigned r, unsigned g, unsigned b, unsigned a)
{
    return (uint32_t)(a & 255) << 24 | (uint32_t)(r & 255) << 16 | (uint32_t)(g & 255) << 8 |
           (uint32_t)(b & 255);
}
/* The same colour with its alpha replaced. */
static inline uint32_t colour_with_alpha(uint32_t c, unsigned a)
{
    return (c & 0x00FFFFFFu) | (uint32_t)(a & 255) << 24;
}

/* 0, or -1 when out of memory or a side is not in 1..16384. The pixels start opaque black. */
int canvas_init(canvas *c, int w, int h);
void canvas_free(canvas *c);
/* Changes the size (contents become opaque black); on failure the canvas is unchanged. */
int canvas_resize(canvas *c, int w, int h);
/* Sets every pixel to colour, without blending. */
void canvas_clear(canvas *c, uint32_t colour);

/* Shapes blend by the colour's alpha and are clipped to the canvas. */
void canvas_fill_rect(canvas *c, int x, int y, int w, int h, uint32_t colour);
/* Blends colour through a w x h coverage mask (0..255 per pixel, rows stride bytes apart)
 * with its top-left at (x, y): text glyphs. */
void canvas_blend_mask(canvas *c, int x, int y, const uint8_t *mask, int w, int h, int stride,
                       uint32_t colour);
/* Corners are anti-aliased quarter circles; radius is clamped to half the shorter side. */
void canvas_fill_round_rect(canvas *c, int x, int y, int w, int h, int radius, uint32_t colour);
/* A vertical gradient from top (first row) to bottom (last row), alpha included. */
void canvas_fill_gradient(canvas *c, int x, int y, int w, int h, uint32_t top, uint32_t bottom);
/* A rectangle's border, thickness pixels wide, drawn inside the rectangle. */
void canvas_rect(canvas *c, int x, int y, int w, int h, int thickness, uint32_t colour);
/* A one-pixel line, both end points included. */
void canvas_line(canvas *c, int x0, int y0, int x1, int y1, uint32_t colour);

/* Draws the source rectangle (sx, sy, sw, sh) of src scaled into (dx, dy, dw, dh), blended.
 * Whole-number enlargements sample nearest neighbour (crisp pixels); other enlargements are
 * bilinear and reductions average the covered area, both without reading outside the source
 * rectangle, so neighbours in a sprite sheet never bleed in. tint multiplies each channel
 * (0xFFFFFFFF leaves the picture unchanged, its alpha fades it); alpha (0..255) fades too. */
void canvas_blit(canvas *dst, const image *src, int sx, int sy, int sw, int sh,
                 int dx, int dy, int dw, int dh, uint32_t tint, int alpha);

/* 0, or -1 with the file and the reason in err. */
int canvas_write_png(const canvas *c, const char *path, error *err);
/* The pixel at (x, y) as 0xAARRGGBB; 0 outside the canvas. */
uint32_t canvas_read_pixel(const canvas *c, int x, int y);

#endif
