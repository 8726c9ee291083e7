/* image_guard.c: checks of JPEG Huffman tables and PNG chunk lengths made before stb_image
 * sees the data (see image_guard.h). */
#include "frontend/image_guard.h"

#include <stdbool.h>
#include <stdint.h>
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

/* Scans (SOS segments) a JPEG may have. stb_image decodes each scan over the whole picture
 * and takes any number of them, and a scan whose data is missing is 10 bytes: a 10 KB file of
 * 1000 scans over an 8192 x 2048 picture took 4 s of CPU in one call (a 200 KB one, minutes),
 * where no limit reaches (a mod's art, checked and loaded by the game). Encoders write about
 * ten; every FF DA is counted, wherever it sits. */
enum { JPEG_MAX_SCANS = 100 };

static const char *jpeg_check(const unsigned char *data, size_t size)
{
    unsigned scans = 0;
    for (size_t i = 0; i + 1 < size; i++) {
        if (data[i] != 0xFF) continue;
        if (data[i + 1] == 0xC4 && dht_safe(data, size, i + 2) != 0)
            return "corrupt JPEG: a Huffman table with more than 256 codes";
        if (data[i + 1] == 0xDA && ++scans > JPEG_MAX_SCANS)
            return "a JPEG of more than 100 scans: each is decoded over the whole picture";
    }
    return NULL;
}

static unsigned long be32(const unsigned char *p)
{
    return (unsigned long)p[0] << 24 | (unsigned long)p[1] << 16 | (unsigned long)p[2] << 8 | p[3];
}

/* The most compressed image data (all IDAT chunks) a PNG of the IHDR at data + 16 may need:
 * its rows (a filter byte each, and for interlacing a few rows more) stored uncompressed, plus
 * a quarter (an encoder's fixed codes on noise) and 64 KiB. 0 when the header is not an IHDR.
 * stb_image inflates whatever there is: 64 MB of empty deflate blocks, each building its code
 * tables, took 11 s of CPU for a picture of one pixel. */
static unsigned long long png_data_max(const unsigned char *data, size_t size)
{
    if (size < 8 + 8 + 13 || memcmp(data + 12, "IHDR", 4) != 0) return 0;
    const unsigned char *h = data + 16;
    unsigned long long w = be32(h), rows = be32(h + 4), depth = h[8], channels;
    switch (h[9]) {
    case 0: case 3: channels = 1; break;
    case 2: channels = 3; break;
    case 4: channels = 2; break;
    default: channels = 4; break;
    }
    unsigned long long row = (w * channels * depth + 7) / 8 + 1;
    unsigned long long raw = rows * row + 7 * rows;
    return raw + raw / 4 + 65536;
}

static const char *png_check(const unsigned char *data, size_t size)
{
    size_t i = 8;                                   /* after the signature */
    bool image_data = false;                        /* an IDAT chunk with bytes seen */
    unsigned long long idat = 0, idat_max = png_data_max(data, size);
    while (i + 8 <= size) {
        unsigned long len = be32(data + i);
        if (len > size - i - 8 || size - i - 8 - len < 4)
            return "corrupt PNG: a chunk runs past the end of the file";
        if (memcmp(data + i + 4, "IDAT", 4) == 0) {
            if (len == 0 && !image_data) return "corrupt PNG: an empty IDAT chunk before any image data";
            image_data = true;
            idat += len;
            if (idat_max && idat > idat_max)
                return "corrupt PNG: more compressed data than its pixels could need";
        }
        if (memcmp(data + i + 4, "IEND", 4) == 0) break;
        i += 12 + len;                              /* length, type, data, CRC */
    }
    return NULL;
}

static unsigned long le32(const unsigned char *p)
{
    return (unsigned long)p[0] | (unsigned long)p[1] << 8 | (unsigned long)p[2] << 16 | (unsigned long)p[3] << 24;
}

/* A BMP whose header promises more pixel bytes than the file holds (stb_image would give
 * black for what is missing). Uncompressed rows only: compressed ones have no fixed size. */
static const char *bmp_check(const unsigned char *data, size_t size)
{
    if (size < 26) return "truncated BMP header";
    unsigned long offset = le32(data + 10), header = le32(data + 14);
    long w, h;
    unsigned bpp, compression = 0;
    if (header == 12) {                                 /* OS/2 BITMAPCOREHEADER */
        w = data[18] | data[19] << 8;
        h = data[20] | data[21] << 8;
        bpp = data[24] | (unsigned)data[25] << 8;
    } else {
        if (size < 34) return "truncated BMP header";
        w = (long)(int32_t)le32(data + 18);
        h = (long)(int32_t)le32(data + 22);
        bpp = data[28] | (unsigned)data[29] << 8;
        compression = (unsigned)le32(data + 30);
    }
    if (h < 0) h = -h;
    if (w <= 0 || h <= 0) return NULL;                  /* stb_image refuses these itself */
    if (offset > size) return "BMP pixel data missing (the header points past the end of the file)";
    if (compression != 0 && compression != 3) return NULL;
    unsigned long long row = ((unsigned long long)bpp * (unsigned long long)w + 31) / 32 * 4;
    unsigned long long need = row * (unsigned long long)h;
    if (need > size - offset) return "BMP pixel data missing (the file is shorter than its rows)";
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
    if (size >= 2 && data[0] == 'B' && data[1] == 'M') return bmp_check(data, size);
    return NULL;
}
