/* draw.h: the small drawing interface the views draw through, so a canvas (window or PNG) and
 * a do-nothing back end are interchangeable. Colours are 0xAARRGGBB and blend by alpha. */
#ifndef TESSERA_FRONTEND_DRAW_H
#define TESSERA_FRONTEND_DRAW_H

#include <stdint.h>

#include "frontend/canvas.h"
#include "frontend/sprites.h"
#include "frontend/text.h"

typedef struct drawer {
    void *ud;                   /* the back end's own data (a canvas*, or NULL) */
    int w, h;                   /* size of the drawing surface, pixels */
    void (*clear)(void *ud, uint32_t colour);
    void (*fill_rect)(void *ud, int x, int y, int w, int h, uint32_t colour);
    void (*round_rect)(void *ud, int x, int y, int w, int h, int radius, uint32_t colour);
    void (*outline_rect)(void *ud, int x, int y, int w, int h, int thickness, uint32_t colour);
    void (*gradient)(void *ud, int x, int y, int w, int h, uint32_t top, uint32_t bottom);
    void (*line)(void *ud, int x0, int y0, int x1, int y1, uint32_t colour);
    /* Sprite number idx of sh scaled into (x, y, w, h); see canvas_blit for tint and
     * alpha. An invalid sprite number draws nothing. */
    void (*sprite)(void *ud, const sprites *sh, int idx, int x, int y, int w, int h,
                   uint32_t tint, int alpha);
    /* Text with (x, y) its top-left; see text.h for metrics (text_width and text_height
     * measure without drawing, for every back end). */
    void (*text)(void *ud, int x, int y, const char *s, int scale, uint32_t colour);
} drawer;

/* Draws into c. w and h are taken now: make a new drawer after resizing the canvas. */
drawer drawer_for_canvas(canvas *c);
/* Draws nothing on a w x h surface: for timing the views and for commands without pixels. */
drawer drawer_null(int w, int h);

static inline void draw_clear(const drawer *d, uint32_t colour) { d->clear(d->ud, colour); }
static inline void draw_fill_rect(const drawer *d, int x, int y, int w, int h, uint32_t colour)
{
    d->fill_rect(d->ud, x, y, w, h, colour);
}
static inline void draw_round_rect(const drawer *d, int x, int y, int w, int h, int radius,
                                   uint32_t colour)
{
    d->round_rect(d->ud, x, y, w, h, radius, colour);
}
static inline void draw_outline_rect(const drawer *d, int x, int y, int w, int h, int thickness,
                                     uint32_t colour)
{
    d->outline_rect(d->ud, x, y, w, h, thickness, colour);
}
static inline void draw_gradient(const drawer *d, int x, int y, int w, int h, uint32_t top,
                                 uint32_t bottom)
{
    d->gradient(d->ud, x, y, w, h, top, bottom);
}
static inline void draw_line(const drawer *d, int x0, int y0, int x1, int y1, uint32_t colour)
{
    d->line(d->ud, x0, y0, x1, y1, colour);
}
static inline void draw_sprite(const drawer *d, const sprites *sh, int idx, int x, int y,
                               int w, int h, uint32_t tint, int alpha)
{
    d->sprite(d->ud, sh, idx, x, y, w, h, tint, alpha);
}
static inline void draw_text(const drawer *d, int x, int y, const char *s, int scale,
                             uint32_t colour)
{
    d->text(d->ud, x, y, s, scale, colour);
}
/* Text over its own shadow, one font pixel down and right. */
static inline void draw_text_shadowed(const drawer *d, int x, int y, const char *s, int scale,
                                      uint32_t colour, uint32_t shadow)
{
    int off = text_shadow_offset(scale);
    d->text(d->ud, x + off, y + off, s, scale, shadow);
    d->text(d->ud, x, y, s, scale, colour);
}

#endif
