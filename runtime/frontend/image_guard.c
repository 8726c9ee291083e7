/* image_guard.c: checks of JPEG Huffman tables and PNG chunk lengths made before stb_image
 * sees the data (see image_guard.h). */
#include "frontend/image_guard.h"

#include <string.h>

/* A byte of the stream as stb_image reads it: 0 past the end. */
static unsigned byte_at(const unsigned char *data, size_t size, size_t i)
{
    return i < size ? data[i] : 0;
}

/* One DHT segment from its length field at i, table by table as stb_image's reader goes:
 * -1 when a table declares more than 256 codes before the reader would stop on an error. */
static int dht_safe(const unsigned char *data, size_t size, size_t i)
{
    long left = (long)(byte_at(data, size, i) << 8 | byte_at(data, size, i + 1)) - 2;
    i += 2;
    while (left > 0) {
        unsigned q = byte_at(data, size, i++);
        if (q >> 4 > 1 || (q & 15) > 3) return 0;        /* stb_image refuses the header */
        unsigned codes = 0;
        for (int k = 0; k < 16; k++) codes += byte_at(data, size, i++);
        if (codes > 256) return -1;
        i += codes;
        left -= 17 + (long)codes;
        if (i > size) return 0;                           /* the reader runs dry: an error */
    }
    return 0;
}

static const char *jpeg_check(const unsigned char *data, size_t size)
{
    for (size_t i = 0; i + 1 < size; i++)
        if (data[i] == 0xFF && data[i + 1] == 0xC4 && dht_safe(data, size, i + 2) != 0)
            return "corrupt JPEG: a Huffman table with more than 256 codes";
    return NULL;
}

static const char *png_check(const unsigned char *data, size_t size)
{
    size_t i = 8;                                   /* after the signature */
    while (i + 8 <= size) {
        unsigned long len = (unsigned long)data[i] << 24 | (unsigned long)data[i + 1] << 16 |
                            (unsigned long)data[i + 2] << 8 | data[i + 3];
        if (len > size - i - 8 || size - i - 8 - len < 4)
            return "corrupt PNG: a chunk runs past the end of the file";
        if (memcmp(data + i + 4, "IEND", 4) == 0) break;
        i += 12 + len;                              /* length, type, data, CRC */
    }
    return NULL;
}

const char *image_guard(const unsigned char *data, size_t size)
{
    static const unsigned char png_sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };
    /* stb_image takes a JPEG's start marker after any number of FF fill bytes. */
    size_t i = 0;
    while (i < size && data[i] == 0xFF) i++;
    if (i > 0 && i < size && data[i] == 0xD8) return jpeg_check(data, size);
    if (size >= 8 && memcmp(data, png_sig, 8) == 0) return png_check(data, size);
    return NULL;
}
