/* stb_truetype_impl.c: the one translation unit that compiles stb_truetype (font.c uses it). */
#define STB_TRUETYPE_IMPLEMENTATION
#include <stb_truetype.h>
