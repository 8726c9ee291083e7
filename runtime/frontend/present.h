/* present.h: how the canvas sits in the window. The canvas is drawn at the window's pixel
 * size divided by a whole-number pixel scale, and shown enlarged by the largest whole
 * factor that fits, nearest-neighbour and centred (letterboxed), so pixels stay crisp.
 * HiDPI screens give more pixels than points: mouse positions arrive in points and are
 * mapped through the same arithmetic. Pure functions, no SDL. */
#ifndef TESSERA_FRONTEND_PRESENT_H
#define TESSERA_FRONTEND_PRESENT_H

enum { PRESENT_MAX_SCALE = 8 };

typedef struct present_fit {
    int x, y, w, h;             /* where the canvas goes, in drawable pixels */
    int factor;                 /* its whole-number enlargement; 0: shrunk to fit (a canvas
                                   still larger than a window just made smaller) */
} present_fit;

/* The canvas size for a drawable of dw x dh pixels at pixel scale (1..PRESENT_MAX_SCALE). */
void present_canvas_size(int dw, int dh, int scale, int *cw, int *ch);
/* Places a cw x ch canvas in a dw x dh drawable. */
void present_fit_compute(present_fit *f, int dw, int dh, int cw, int ch);
/* Maps a point (px, py) in window points (a ww x wh window whose drawable is dw x dh
 * pixels) to canvas pixels. Returns 1 when it falls on the canvas, 0 when on the border
 * around it (the result is then clamped to the canvas's edge). */
int present_to_canvas(const present_fit *f, int ww, int wh, int dw, int dh, int cw, int ch,
                      int px, int py, int *cx, int *cy);

#endif
