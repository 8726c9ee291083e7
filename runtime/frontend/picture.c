/* picture.c: the scaled and cut picture of a sliding puzzle's picture mode. */
#include "frontend/picture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/canvas.h"

enum { PIECES_MAX = 4096 };

int picture_load(picture *p, const char *path, error *err)
{
    memset(p, 0, sizeof *p);
    return image_load(path, &p->src, err);
}

static void drop_pieces(picture *p)
{
    if (p->have_pieces) sprites_free(&p->pieces);
    memset(&p->pieces, 0, sizeof p->pieces);
    p->have_pieces = false;
}

void picture_free(picture *p)
{
    if (!p) return;
    drop_pieces(p);
    image_free(&p->src);
    memset(p, 0, sizeof *p);
}

/* The source scaled to w x h: the largest centred part of it with the board's proportions,
 * so a photo of any shape fills the board undistorted. */
static int scale_to(const image *src, int w, int h, image *out)
{
    canvas cv;
    int sw = src->w, sh = src->h, sx = 0, sy = 0;
    if (canvas_init(&cv, w, h) != 0) return -1;
    if ((long long)sw * h > (long long)sh * w) { /* wider than the board: crop the sides */
        sw = (int)((long long)sh * w / h);
        if (sw < 1) sw = 1;
        sx = (src->w - sw) / 2;
    } else {
        sh = (int)((long long)sw * h / w);
        if (sh < 1) sh = 1;
        sy = (src->h - sh) / 2;
    }
    canvas_clear(&cv, 0xFF000000u);
    canvas_blit(&cv, src, sx, sy, sw, sh, 0, 0, w, h, 0xFFFFFFFFu, 255);
    out->w = cv.w;
    out->h = cv.h;
    out->px = cv.px;            /* a canvas and an image share their pixel layout */
    return 0;
}

const sprites *picture_pieces(picture *p, int cols, int rows, int cell_w, int cell_h)
{
    if (!p->src.px || cols < 1 || rows < 1 || cell_w < 1 || cell_h < 1) return NULL;
    if (p->have_pieces && p->cols == cols && p->rows == rows && p->cell_w == cell_w && p->cell_h == cell_h)
        return &p->pieces;
    drop_pieces(p);
    int n = cols * rows;
    if (n > PIECES_MAX || (long long)cols * cell_w > 16384 || (long long)rows * cell_h > 16384) return NULL;
    image scaled;
    if (scale_to(&p->src, cols * cell_w, rows * cell_h, &scaled) != 0) return NULL;
    sprite *list = calloc((size_t)n * 2, sizeof *list);
    if (!list) {
        image_free(&scaled);
        return NULL;
    }
    int gap = cell_w > 4 * PICTURE_GAP && cell_h > 4 * PICTURE_GAP ? PICTURE_GAP : 0;
    for (int i = 0; i < n; i++) {
        int x = (i % cols) * cell_w, y = (i / cols) * cell_h;
        sprite *in = &list[i], *whole = &list[n + i];
        *in = (sprite){ .x = x + gap, .y = y + gap, .w = cell_w - 2 * gap, .h = cell_h - 2 * gap };
        *whole = (sprite){ .x = x, .y = y, .w = cell_w, .h = cell_h };
        snprintf(in->name, sizeof in->name, "piece%d", i + 1);
        snprintf(whole->name, sizeof whole->name, "whole%d", i + 1);
    }
    error err;
    int rc = sprites_from_image(&p->pieces, &scaled, list, 2 * n, &err); /* takes scaled */
    free(list);
    if (rc != 0) {
        memset(&p->pieces, 0, sizeof p->pieces);
        return NULL;
    }
    p->have_pieces = true;
    p->cols = cols;
    p->rows = rows;
    p->cell_w = cell_w;
    p->cell_h = cell_h;
    return &p->pieces;
}
