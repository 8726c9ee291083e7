/* draw.c: the canvas back end of the drawing interface, and the one that draws nothing. */
#include "frontend/draw.h"

#include "frontend/text.h"

static void cv_clear(void *ud, uint32_t colour) { canvas_clear(ud, colour); }

static void cv_fill_rect(void *ud, int x, int y, int w, int h, uint32_t colour)
{
    canvas_fill_rect(ud, x, y, w, h, colour);
}

static void cv_round_rect(void *ud, int x, int y, int w, int h, int radius, uint32_t colour)
{
    canvas_fill_round_rect(ud, x, y, w, h, radius, colour);
}

static void cv_outline_rect(void *ud, int x, int y, int w, int h, int thickness, uint32_t colour)
{
    canvas_rect(ud, x, y, w, h, thickness, colour);
}

static void cv_gradient(void *ud, int x, int y, int w, int h, uint32_t top, uint32_t bottom)
{
    canvas_fill_gradient(ud, x, y, w, h, top, bottom);
}

static void cv_line(void *ud, int x0, int y0, int x1, int y1, uint32_t colour)
{
    canvas_line(ud, x0, y0, x1, y1, colour);
}

static void cv_sprite(void *ud, const sprites *sh, int sprite_index, int x, int y, int w, int h,
                      uint32_t tint, int alpha)
{
    const sprite *sp = sprites_get(sh, sprite_index);
    const image *pre;
    if (!sp || w <= 0 || h <= 0) return;
    /* Whole-number enlargements are cheap already; other sizes are filtered once, kept. */
    if ((w % sp->w || h % sp->h) && (pre = sprites_scaled(sh, sprite_index, w, h)) != NULL)
        canvas_blit(ud, pre, 0, 0, w, h, x, y, w, h, tint, alpha);
    else
        canvas_blit(ud, &sh->sheet, sp->x, sp->y, sp->w, sp->h, x, y, w, h, tint, alpha);
}

static void cv_text(void *ud, int x, int y, const char *s, int scale, uint32_t colour)
{
    text_draw(ud, x, y, s, scale, colour);
}

drawer drawer_for_canvas(canvas *c)
{
    drawer d;
    d.ud = c;
    d.w = c ? c->w : 0;
    d.h = c ? c->h : 0;
    d.clear = cv_clear;
    d.fill_rect = cv_fill_rect;
    d.round_rect = cv_round_rect;
    d.outline_rect = cv_outline_rect;
    d.gradient = cv_gradient;
    d.line = cv_line;
    d.sprite = cv_sprite;
    d.text = cv_text;
    return d;
}

/* {====== the back end that draws nothing */

static void nil_clear(void *ud, uint32_t colour) { (void)ud, (void)colour; }

static void nil_rect(void *ud, int x, int y, int w, int h, uint32_t colour)
{
    (void)ud, (void)x, (void)y, (void)w, (void)h, (void)colour;
}

static void nil_rect_n(void *ud, int x, int y, int w, int h, int n, uint32_t colour)
{
    (void)ud, (void)x, (void)y, (void)w, (void)h, (void)n, (void)colour;
}

static void nil_gradient(void *ud, int x, int y, int w, int h, uint32_t top, uint32_t bottom)
{
    (void)ud, (void)x, (void)y, (void)w, (void)h, (void)top, (void)bottom;
}

static void nil_line(void *ud, int x0, int y0, int x1, int y1, uint32_t colour)
{
    (void)ud, (void)x0, (void)y0, (void)x1, (void)y1, (void)colour;
}

static void nil_sprite(void *ud, const sprites *sh, int sprite_index, int x, int y, int w, int h,
                       uint32_t tint, int alpha)
{
    (void)ud, (void)sh, (void)sprite_index, (void)x, (void)y, (void)w, (void)h, (void)tint,
        (void)alpha;
}

static void nil_text(void *ud, int x, int y, const char *s, int scale, uint32_t colour)
{
    (void)ud, (void)x, (void)y, (void)s, (void)scale, (void)colour;
}

drawer drawer_null(int w, int h)
{
    drawer d;
    d.ud = NULL;
    d.w = w;
    d.h = h;
    d.clear = nil_clear;
    d.fill_rect = nil_rect;
    d.round_rect = nil_rect_n;
    d.outline_rect = nil_rect_n;
    d.gradient = nil_gradient;
    d.line = nil_line;
    d.sprite = nil_sprite;
    d.text = nil_text;
    return d;
}

/* }====== */
