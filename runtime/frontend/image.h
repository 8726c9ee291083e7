/* image.h: decoded pictures (sprite sheets, photos) as 32-bit pixels, loaded with stb_image. */
#ifndef TESSERA_FRONTEND_IMAGE_H
#define TESSERA_FRONTEND_IMAGE_H

#include <stddef.h>
#include <stdint.h>

#include "core/error.h"

/* What a picture may be: at most IMAGE_MAX_SIDE pixels a side and IMAGE_MAX_PIXELS pixels in
 * all once decoded (a 16-bit PNG counts twice: it decodes through a buffer twice as large),
 * from a file of at most IMAGE_FILE_MAX bytes. Larger ones are refused before decoding. */
#define IMAGE_MAX_SIDE 8192
#define IMAGE_MAX_PIXELS (16L * 1024 * 1024)
#define IMAGE_FILE_MAX ((size_t)64 << 20)

/* Pixels are uint32_t 0xAARRGGBB (the canvas format, see canvas.h), straight (not
 * premultiplied) alpha, rows top to bottom with no padding. */
typedef struct image {
    int w, h;
    uint32_t *px;
} image;

/* Loads a PNG, JPEG or BMP file. On failure returns -1, leaves img zeroed and names the file
 * and the reason in err. */
int image_load(const char *path, image *img, error *err);
/* The same for a file's bytes already in memory; name stands for the file in messages. */
int image_decode(const char *name, const unsigned char *data, size_t size, image *img, error *err);
/* A w x h image of transparent black; 0, or -1 when out of memory or the size is invalid. */
int image_create(image *img, int w, int h);
void image_free(image *img);

#endif
