/* font.h: TrueType text with stb_truetype, rasterised into the canvas with a glyph cache.
 * The font is DejaVu Sans from Debian's fonts-dejavu-core, looked up at its packaged paths
 * (or the file named by $TESSERA_FONT); where none loads, text.c draws with its built-in
 * bitmap font instead. Sizes are in the bitmap font's units: at scale s capitals are 7 s
 * pixels tall, so layouts made for one font fit the other. */
#ifndef TESSERA_FRONTEND_FONT_H
#define TESSERA_FRONTEND_FONT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontend/canvas.h"

typedef struct font font;

/* The font text is drawn with, loaded on first use; NULL when none could be loaded (the
 * bitmap font is used then). Said once on stderr when $TESSERA_FONT names a file that does
 * not load. */
const font *font_default(void);
/* Uses the font file at path from now on ("" for none: the bitmap font; NULL: look it up
 * again as font_default does). 0, or -1 when the file does not load (then none). */
int font_select(const char *path);
/* The path the font was loaded from ("" when none). */
const char *font_path(const font *f);
/* Lines are measured up to this width, in pixels: wider than any canvas (a line past it is
 * said to be a little wider than this, and the rest of it is not measured). */
enum { FONT_WIDTH_MAX = 1 << 16 };
/* Width of the widest line of UTF-8 text at scale, in pixels (see FONT_WIDTH_MAX). */
int font_width(const font *f, const char *s, int scale);
/* Bytes of the longest start of s's first line that is at most max_w pixels wide at scale
 * (ending where a character ends), found in one pass. */
size_t font_fit(const font *f, const char *s, int scale, int max_w);
/* Draws text with (x, y) the top of its capitals; lines are line_h * scale apart. */
void font_draw(const font *f, canvas *c, int x, int y, const char *s, int scale, uint32_t colour,
               int line_h);

#endif
