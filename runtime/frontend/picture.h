/* picture.h: picture mode of sliding puzzles: a photo scaled once to the board's pixel size
 * (cropped to fill it, centred) and cut into one piece per tile. */
#ifndef TESSERA_FRONTEND_PICTURE_H
#define TESSERA_FRONTEND_PICTURE_H

#include <stdbool.h>

#include "core/error.h"
#include "frontend/image.h"
#include "frontend/sprites.h"

/* The pieces of tile n (1-based) are sprite n - 1 (inset by PICTURE_GAP on every side, so
 * the board shows the seams) and sprite cols * rows + n - 1 (the whole cell, for the
 * finished picture); the blank's place is that of tile cols * rows. */
enum { PICTURE_GAP = 1 };

typedef struct picture {
    image src;                  /* as loaded */
    sprites pieces;             /* made for the board below; empty until picture_pieces */
    bool have_pieces;
    int cols, rows, cell_w, cell_h;
} picture;

/* Loads the image (see image_load: err names the file and the reason). */
int picture_load(picture *p, const char *path, error *err);
void picture_free(picture *p);
/* The pieces for a cols x rows board of cell_w x cell_h cells, made on the first call for
 * that size and kept; NULL when out of memory or the size is invalid. */
const sprites *picture_pieces(picture *p, int cols, int rows, int cell_w, int cell_h);

#endif
