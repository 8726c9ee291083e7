/* fuzz_image.c: the picture decoder (stb_image behind our checks: the size limits and the
 * JPEG Huffman table guard) on any bytes; what it accepts must be a picture of sane size. */
#include <stdint.h>
#include <stdlib.h>

#include "frontend/image.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    image img;
    error err;
    if (image_decode("fuzz", data, size, &img, &err) == 0) {
        if (img.w <= 0 || img.h <= 0 || !img.px) abort();
        /* The buffer holds w x h pixels: reading the last one is checked by ASan. */
        volatile uint32_t last = img.px[(size_t)img.w * (size_t)img.h - 1];
        (void)last;
        image_free(&img);
    } else if (img.px) {
        abort();                                   /* a refusal leaves no pixels behind */
    }
    return 0;
}
