/* stb_impl.c: the one translation unit that compiles stb_image (the decoders we accept). */
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#define STBI_ONLY_JPEG
#define STBI_ONLY_BMP

#include <stb_image.h>
