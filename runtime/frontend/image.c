/* image.c: loading pictures through stb_image into the canvas pixel format. */
#include "frontend/image.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_image.h>

/* Pictures larger than this are refused before decoding (a header can claim any size). */
enum { IMAGE_MAX_SIDE = 16384 };
#define IMAGE_MAX_PIXELS (48L * 1024 * 1024)

int image_create(image *img, int w, int h)
{
    memset(img, 0, sizeof *img);
    if (w <= 0 || h <= 0 || w > IMAGE_MAX_SIDE || h > IMAGE_MAX_SIDE) return -1;
    img->px = calloc((size_t)w * (size_t)h, sizeof *img->px);
    if (!img->px) return -1;
    img->w = w;
    img->h = h;
    return 0;
}

void image_free(image *img)
{
    if (!img) return;
    free(img->px);
    memset(img, 0, sizeof *img);
}

int image_load(const char *path, image *img, error *err)
{
    FILE *f;
    unsigned char *rgba;
    int w, h, comp;
    size_t i, n;

    memset(img, 0, sizeof *img);
    /* Opening the file ourselves tells "missing" apart from "not a picture". */
    f = fopen(path, "rb");
    if (!f) return error_set(err, path, 0, 0, "cannot open image: %s", strerror(errno));
    if (stbi_info_from_file(f, &w, &h, &comp) && (w <= 0 || h <= 0 || w > IMAGE_MAX_SIDE ||
                                                  h > IMAGE_MAX_SIDE || (long)w * h > IMAGE_MAX_PIXELS)) {
        fclose(f);
        return error_set(err, path, 0, 0, "image of %d x %d pixels is too large (at most %d pixels a side, %ld in all)",
                         w, h, IMAGE_MAX_SIDE, (long)IMAGE_MAX_PIXELS);
    }
    if (fgetc(f) == EOF) {
        fclose(f);
        return error_set(err, path, 0, 0, "the image file is empty");
    }
    rewind(f);
    rgba = stbi_load_from_file(f, &w, &h, &comp, 4);
    fclose(f);
    if (!rgba && stbi_failure_reason() && !strcmp(stbi_failure_reason(), "too large"))
        return error_set(err, path, 0, 0, "image dimensions are too large (at most %d pixels a side, %ld in all)",
                         IMAGE_MAX_SIDE, (long)IMAGE_MAX_PIXELS);
    if (!rgba)
        return error_set(err, path, 0, 0, "not a valid PNG, JPEG or BMP image (%s)",
                         stbi_failure_reason() ? stbi_failure_reason() : "unknown reason");
    if (image_create(img, w, h) != 0) {
        stbi_image_free(rgba);
        return error_set(err, path, 0, 0, "image of %d x %d pixels is too large", w, h);
    }
    n = (size_t)w * (size_t)h;
    for (i = 0; i < n; i++) {
        const unsigned char *p = rgba + 4 * i;
        img->px[i] = (uint32_t)p[3] << 24 | (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
    }
    stbi_image_free(rgba);
    return 0;
}
