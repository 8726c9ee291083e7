/* image_guard.h: checks made on a picture file's bytes before stb_image reads them, for the
 * inputs that would make it misbehave rather than fail cleanly. */
#ifndef TESSERA_FRONTEND_IMAGE_GUARD_H
#define TESSERA_FRONTEND_IMAGE_GUARD_H

#include <stddef.h>

/* NULL if data may be handed to stb_image, else why not:
 *  - a JPEG Huffman table (DHT segment) with more than 256 codes. stb_image (Debian's 2022-09
 *    copy) stores a table's code lengths and symbols in 256-entry arrays without checking the
 *    total, overwriting the decoder's state, function pointers included. Every FF C4 in the
 *    data is checked, wherever it sits, reading it the way stb_image does (past the segment's
 *    stated length, zeros past the end).
 *  - a JPEG of more than 100 scans (SOS segments): stb_image decodes each over the whole
 *    picture, and one of 10 bytes without its data is a scan too;
 *  - a PNG with more compressed image data than its pixels could need (stored uncompressed,
 *    plus a quarter and 64 KiB): stb_image inflates all of it, and empty deflate blocks cost
 *    time without making pixels;
 *  - a PNG chunk that claims to run past the end of the file: stb_image allocates what a
 *    chunk claims (up to 2 GiB for a 100-byte file) before finding the data missing;
 *  - a PNG whose first IDAT chunk is empty: stb_image copies its zero bytes into the image
 *    data buffer before it has allocated one (memcpy from a null pointer: undefined, found by
 *    fuzz_image);
 *  - a BMP whose header promises more pixels than the file holds (stb_image fills what is
 *    missing with black: a 54-byte header claiming 6900 x 6900 became a black picture). */
const char *image_guard(const unsigned char *data, size_t size);

#endif
