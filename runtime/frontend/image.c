/* image.c: loading pictures through stb_image into the canvas pixel format. */
#include "frontend/image.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_image.h>

#include "core/confine.h"
#include "frontend/image_guard.h"


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
    /* A header can claim any size: refuse absurd pictures before decoding (see image.h). */
    if (stbi_info_from_memory(data, (int)size, &w, &h, &comp)) {
        long weight = stbi_is_16_bit_from_memory(data, (int)size) ? 2 : 1;
        if (w <= 0 || h <= 0 || w > IMAGE_MAX_SIDE || h > IMAGE_MAX_SIDE || (long)w * h * weight > IMAGE_MAX_PIXELS)
            return error_set(err, name, 0, 0, "image of %d x %d pixels%s is too large (at most %d pixels a side, %ld "
                             "in all%s)", w, h, weight > 1 ? " at 16 bits" : "", IMAGE_MAX_SIDE, (long)IMAGE_MAX_PIXELS,
                             weight > 1 ? ", half that at 16 bits" : "");
    }
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
    /* Opening the file ourselves tells "missing" apart from "not a picture"; never blocks. */
    error why;
    int fd = confine_open_regular(path, &why);
    if (fd < 0) {
        const char *m = strncmp(why.msg, "cannot open: ", 13) == 0 ? why.msg + 13 : why.msg;
        return error_set(err, path, 0, 0, "cannot open image: %s", m);
    }
    size_t len;
    char *data = confine_read_fd(fd, path, IMAGE_FILE_MAX, &len, &why);
    if (!data) return error_set(err, path, 0, 0, "cannot read image: %s", why.msg);
    int rc = image_decode(path, (const unsigned char *)data, len, img, err);
    free(data);
    return rc;
}
