/* stb_write_impl.c: the one translation unit that compiles stb_image_write (PNG screenshots;
 * the tests also write JPEG and BMP). */
#define STB_IMAGE_WRITE_IMPLEMENTATION

#include <stb_image_write.h>
