/* text.h: text drawn into the canvas at whole-number scales: DejaVu Sans through
 * stb_truetype (frontend/font.h) when the font is installed, else the stb_easy_font bitmap
 * font. Both keep the metrics below, so layouts fit either. */
#ifndef TESSERA_FRONTEND_TEXT_H
#define TESSERA_FRONTEND_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontend/canvas.h"

/* Font metrics at scale 1. A line's capitals and digits fill TEXT_CAP_HEIGHT rows from its
 * top; descenders (g, j, p, q, y) reach TEXT_DESCENT rows further; lines are
 * TEXT_LINE_HEIGHT apart. */
enum { TEXT_CAP_HEIGHT = 7, TEXT_DESCENT = 2, TEXT_LINE_HEIGHT = 12 };

/* Strings are UTF-8; '\n' starts a new line, a tab draws as a space, and any character
 * outside printable ASCII draws as '?'. scale below 1 counts as 1. */

/* Whether text is drawn with the TrueType font (smooth) rather than the bitmap fallback. */
bool text_smooth(void);
/* How far a shadow sits down and right of its text at scale. */
int text_shadow_offset(int scale);
/* Width of the widest line, in pixels, from the first ink column to the last. */
int text_width(const char *s, int scale);
/* From the top of the first line to the baseline of the last (descenders not included), so
 * that centring by this height centres capitals and digits; 0 for an empty string. */
int text_height(const char *s, int scale);
/* Draws with (x, y) the top-left of the first line; colour is 0xAARRGGBB and blends. */
void text_draw(canvas *c, int x, int y, const char *s, int scale, uint32_t colour);
/* Draws shadow one font pixel down and right, then the text on top. */
void text_draw_shadowed(canvas *c, int x, int y, const char *s, int scale, uint32_t colour,
                        uint32_t shadow);
/* Copies s into out (size bytes), cut short with "..." if its first line is wider than
 * max_w at scale; returns out. */
char *text_ellipsize(const char *s, int scale, int max_w, char *out, size_t size);

#endif
