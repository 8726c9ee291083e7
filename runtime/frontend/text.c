/* text.c: text in the canvas: the TrueType font (frontend/font.c) when it loads, else
 * stb_easy_font's quads rasterised as a bitmap font. */
#include "frontend/text.h"

#include <string.h>

#include "frontend/font.h"

/* A header-only third-party file: its own warnings are not ours to fix. */
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-braces"
#pragma GCC diagnostic ignored "-Wunused-function"
#endif
#include <stb_easy_font.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

enum { GLYPH_BOX = 16, GLYPH_VBUF = 4096 };

/* The next character to draw from UTF-8 text: printable ASCII, '\n', or 0 at the end.
 * stb_easy_font indexes its tables by (c - 32), so nothing else may reach it. */
static int next_char(const char **p)
{
    unsigned char c = (unsigned char)**p;
    if (!c) return 0;
    (*p)++;
    if (c == '\n') return '\n';
    if (c == '\t') return ' ';
    if (c >= 0x80) {
        while ((**p & 0xC0) == 0x80) (*p)++; /* one '?' per code point, not per byte */
        return '?';
    }
    return c < 32 || c > 126 ? '?' : c;
}

static int advance(int ch)
{
    char one[2] = {(char)ch, 0};
    return stb_easy_font_width(one);
}

bool text_smooth(void) { return font_default() != NULL; }

int text_shadow_offset(int scale)
{
    if (scale < 1) scale = 1;
    return text_smooth() ? (scale + 1) / 2 : scale;
}

int text_width(const char *s, int scale)
{
    int best = 0, line = 0, ch;
    if (!s) return 0;
    const font *f = font_default();
    if (f) return font_width(f, s, scale);
    if (scale < 1) scale = 1;
    /* Each advance includes one blank column after the glyph; the last one is not ink. */
    while ((ch = next_char(&s)) != 0) {
        if (ch == '\n') {
            if (line - 1 > best) best = line - 1;
            line = 0;
        } else {
            line += advance(ch);
            if (line * scale > FONT_WIDTH_MAX) {     /* as font_width: no more of this line */
                const char *nl = strchr(s, '\n');
                if (!nl) break;
                s = nl;
            }
        }
    }
    if (line - 1 > best) best = line - 1;
    return best * scale;
}

int text_height(const char *s, int scale)
{
    int lines = 1;
    if (!s || !*s) return 0;
    if (scale < 1) scale = 1;
    for (; *s; s++)
        if (*s == '\n') lines++;
    return ((lines - 1) * TEXT_LINE_HEIGHT + TEXT_CAP_HEIGHT) * scale;
}

/* Segments of one glyph overlap at their corners; marking them in a mask first makes every
 * pixel blend once, so see-through text has no darker joints. */
static void draw_glyph(canvas *c, int x, int y, int ch, int scale, uint32_t colour)
{
    static char vbuf[GLYPH_VBUF];
    unsigned char mask[GLYPH_BOX][GLYPH_BOX];
    char one[2] = {(char)ch, 0};
    int nq, q, row, col;

    memset(mask, 0, sizeof mask);
    nq = stb_easy_font_print(0.0f, 0.0f, one, NULL, vbuf, (int)sizeof vbuf);
    for (q = 0; q < nq; q++) {
        const float *v0 = (const float *)(const void *)(vbuf + q * 64);
        const float *v2 = (const float *)(const void *)(vbuf + q * 64 + 32);
        int qx0 = (int)v0[0], qy0 = (int)v0[1], qx1 = (int)v2[0], qy1 = (int)v2[1];
        for (row = qy0; row < qy1; row++)
            for (col = qx0; col < qx1; col++)
                if (row >= 0 && row < GLYPH_BOX && col >= 0 && col < GLYPH_BOX)
                    mask[row][col] = 1;
    }
    for (row = 0; row < GLYPH_BOX; row++) {
        col = 0;
        while (col < GLYPH_BOX) {
            int start;
            if (!mask[row][col]) {
                col++;
                continue;
            }
            start = col;
            while (col < GLYPH_BOX && mask[row][col]) col++;
            canvas_fill_rect(c, x + start * scale, y + row * scale, (col - start) * scale,
                             scale, colour);
        }
    }
}

void text_draw(canvas *c, int x, int y, const char *s, int scale, uint32_t colour)
{
    int pen = x, ch;
    if (!c || !c->px || !s || !(colour >> 24)) return;
    if (scale < 1) scale = 1;
    const font *f = font_default();
    if (f) {
        font_draw(f, c, x, y, s, scale, colour, TEXT_LINE_HEIGHT);
        return;
    }
    while ((ch = next_char(&s)) != 0) {
        if (ch == '\n') {
            pen = x;
            y += TEXT_LINE_HEIGHT * scale;
            continue;
        }
        /* Skip glyphs wholly outside the canvas: long texts cost nothing off screen. */
        if (ch != ' ' && pen < c->w && pen + GLYPH_BOX * scale > 0 && y < c->h &&
            y + GLYPH_BOX * scale > 0)
            draw_glyph(c, pen, y, ch, scale, colour);
        pen += advance(ch) * scale;
    }
}

void text_draw_shadowed(canvas *c, int x, int y, const char *s, int scale, uint32_t colour,
                        uint32_t shadow)
{
    int off = text_shadow_offset(scale);
    text_draw(c, x + off, y + off, s, scale, shadow);
    text_draw(c, x, y, s, scale, colour);
}

/* Bytes of the longest start of s's first line at most max_w pixels wide (text_width's
 * measure), in one pass. */
static size_t text_fit(const char *s, int scale, int max_w)
{
    const font *f = font_default();
    if (f) return font_fit(f, s, scale, max_w);
    if (scale < 1) scale = 1;
    const char *start = s, *before = s;
    int line = 0, ch;
    while ((ch = next_char(&s)) != 0 && ch != '\n') {
        line += advance(ch);
        if ((line - 1) * scale > max_w) break;
        before = s;
    }
    return (size_t)(before - start);
}

char *text_ellipsize(const char *s, int scale, int max_w, char *out, size_t size)
{
    size_t len;
    if (!out || size == 0) return out;
    out[0] = 0;
    if (!s) return out;
    len = strcspn(s, "\n");
    if (len >= size) len = size - 1;
    memcpy(out, s, len);
    out[len] = 0;
    if (text_width(out, scale) <= max_w) return out;
    /* Shorten on UTF-8 boundaries until the text plus the dots fits, starting from the longest
     * start that leaves room for the dots, found in one pass: measuring each shorter start
     * again was quadratic (130,000 glyphs for a line of 512 bytes, on every frame: a game's
     * 64 long help lines froze the game for seconds a frame). */
    size_t start = text_fit(out, scale, max_w - text_width("...", scale));
    /* (from three characters further: the dots may kern with the last one, and the loop
     * steps back one before it measures) */
    for (int more = 0; more < 3 && start < len; more++)
        do start++;
        while (start < len && ((unsigned char)out[start] & 0xC0) == 0x80);
    if (start < len) len = start;
    while (len > 0) {
        do len--;
        while (len > 0 && ((unsigned char)out[len] & 0xC0) == 0x80);
        if (len + 4 > size) continue;
        memcpy(out + len, "...", 4);
        if (text_width(out, scale) <= max_w) return out;
    }
    if (size >= 4) {
        memcpy(out, "...", 4);
        if (text_width(out, scale) > max_w) out[0] = 0;
    }
    return out;
}
