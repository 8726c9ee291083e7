/* image.c: loading pictures through stb_image into the canvas pixel format. */
#include "frontend/image.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_image.h>

#include "frontend/image_guard.h"

/* Pictures larger than this are refused before decoding (a header can claim any size). */
enum { IMAGE_MAX_SIDE = 16384 };
#define IMAGE_MAX_PIXELS (48L * 1024 * 1024)
/* Files larger than this are not read (the largest picture above is 192 MiB decoded). */
#define IMAGE_MAX_FILE (256L * 1024 * 1024)

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

/* Decodes a PNG, JPEG or BMP held in memory; name is used in messages. */
int image_decode(const char *name, const unsigned char *data, size_t size, image *img, error *err)
{
    int w, h, comp;
    memset(img, 0, sizeof *img);
    if (size == 0) return error_set(err, name, 0, 0, "the image file is empty");
    if (size > INT_MAX) return error_set(err, name, 0, 0, "the image file is too large");
    /* Before stb_image reads anything, even the header (see image_guard.h). */
    const char *why = image_guard(data, size);
    if (why) return error_set(err, name, 0, 0, "not a valid PNG, JPEG or BMP image (%s)", why);
    /* A header can claim any size: refuse absurd pictures before decoding. */
    if (stbi_info_from_memory(data, (int)size, &w, &h, &comp) &&
        (w <= 0 || h <= 0 || w > IMAGE_MAX_SIDE || h > IMAGE_MAX_SIDE || (long)w * h > IMAGE_MAX_PIXELS))
        return error_set(err, name, 0, 0, "image of %d x %d pixels is too large (at most %d pixels a side, %ld in all)",
                         w, h, IMAGE_MAX_SIDE, (long)IMAGE_MAX_PIXELS);
    unsigned char *rgba = stbi_load_from_memory(data, (int)size, &w, &h, &comp, 4);
    if (!rgba && stbi_failure_reason() && !strcmp(stbi_failure_reason(), "too large"))
        return error_set(err, name, 0, 0, "image dimensions are too large (at most %d pixels a side, %ld in all)",
                         IMAGE_MAX_SIDE, (long)IMAGE_MAX_PIXELS);
    if (!rgba)
        return error_set(err, name, 0, 0, "not a valid PNG, JPEG or BMP image (%s)",
                         stbi_failure_reason() ? stbi_failure_reason() : "unknown reason");
    if (image_create(img, w, h) != 0) {
        stbi_image_free(rgba);
        return error_set(err, name, 0, 0, "image of %d x %d pixels is too large", w, h);
    }
    size_t n = (size_t)w * (size_t)h;
    for (size_t i = 0; i < n; i++) {
        const unsigned char *p = rgba + 4 * i;
        img->px[i] = (uint32_t)p[3] << 24 | (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
    }
    stbi_image_free(rgba);
    return 0;
}

int image_load(const char *path, image *img, error *err)
{
    memset(img, 0, sizeof *img);
    /* Opening the file ourselves tells "missing" apart from "not a picture". */
    FILE *f = fopen(path, "rb");
    if (!f) return error_set(err, path, 0, 0, "cannot open image: %s", strerror(errno));
    long len = -1;
    if (fseek(f, 0, SEEK_END) == 0) len = ftell(f);
    if (len < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return error_set(err, path, 0, 0, "cannot read image: not a regular file");
    }
    if (len > IMAGE_MAX_FILE) {
        fclose(f);
        return error_set(err, path, 0, 0, "the image file is too large (%ld bytes, at most %ld)", len,
                         (long)IMAGE_MAX_FILE);
    }
    unsigned char *data = malloc(len ? (size_t)len : 1);
    if (!data) {
        fclose(f);
        return error_set(err, path, 0, 0, "out of memory reading the image");
    }
    size_t got = fread(data, 1, (size_t)len, f);
    int failed = ferror(f);
    fclose(f);
    if (failed || got != (size_t)len) {
        free(data);
        return error_set(err, path, 0, 0, "cannot read image: %s", failed ? strerror(errno) : "short read");
    }
    int rc = image_decode(path, data, got, img, err);
    free(data);
    return rc;
}
