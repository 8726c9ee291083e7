/* present.c: placing the canvas in the window and mapping the mouse back. */
#include "frontend/present.h"

void present_canvas_size(int dw, int dh, int scale, int *cw, int *ch)
{
    if (scale < 1) scale = 1;
    if (scale > PRESENT_MAX_SCALE) scale = PRESENT_MAX_SCALE;
    *cw = dw / scale > 0 ? dw / scale : 1;
    *ch = dh / scale > 0 ? dh / scale : 1;
}

void present_fit_compute(present_fit *f, int dw, int dh, int cw, int ch)
{
    if (cw < 1) cw = 1;
    if (ch < 1) ch = 1;
    int fx = dw / cw, fy = dh / ch, k = fx < fy ? fx : fy;
    if (k >= 1) {
        f->factor = k;
        f->w = cw * k;
        f->h = ch * k;
    } else {
        /* Shrink keeping the shape; happens for a frame while a resize catches up. */
        f->factor = 0;
        if ((long long)dw * ch <= (long long)dh * cw) {
            f->w = dw;
            f->h = (int)((long long)ch * dw / cw);
        } else {
            f->h = dh;
            f->w = (int)((long long)cw * dh / ch);
        }
    }
    f->x = (dw - f->w) / 2;
    f->y = (dh - f->h) / 2;
}

int present_to_canvas(const present_fit *f, int ww, int wh, int dw, int dh, int cw, int ch,
                      int px, int py, int *cx, int *cy)
{
    /* Points to drawable pixels (HiDPI), then into the canvas rectangle. */
    long long dx = ww > 0 ? (long long)px * dw / ww : px;
    long long dy = wh > 0 ? (long long)py * dh / wh : py;
    long long x = f->w > 0 ? (dx - f->x) * cw / f->w : 0;
    long long y = f->h > 0 ? (dy - f->y) * ch / f->h : 0;
    /* Left of the canvas must not round toward zero into column 0. */
    if (dx < f->x) x = -1;
    if (dy < f->y) y = -1;
    int inside = x >= 0 && y >= 0 && x < cw && y < ch;
    *cx = (int)(x < 0 ? 0 : x >= cw ? cw - 1 : x);
    *cy = (int)(y < 0 ? 0 : y >= ch ? ch - 1 : y);
    return inside;
}
