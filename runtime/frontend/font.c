/* font.c: TrueType text through stb_truetype, glyphs cached per size (see font.h). */
#define _POSIX_C_SOURCE 200809L
#include "frontend/font.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_truetype.h>

#include "core/textfile.h"

enum {
    CAP_UNITS = 7,              /* capitals are this many pixels tall per unit of scale */
    CACHE_SLOTS = 4096,         /* glyphs kept (open addressing; cleared when full) */
    FONT_MAX_BYTES = 32 << 20,
    MAX_SCALE = 64
};

/* Debian's fonts-dejavu-core, then where other systems put DejaVu Sans. */
static const char *const font_paths[] = {
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
    "/usr/local/share/fonts/DejaVuSans.ttf",
};

typedef struct glyph {
    uint32_t key;               /* scale << 21 | code point; 0 an empty slot */
    int w, h, xoff, yoff;       /* the coverage bitmap and where it sits from the pen */
    float advance;              /* pixels */
    uint8_t *bits;              /* w * h coverage, 0..255 */
} glyph;

struct font {
    stbtt_fontinfo info;
    unsigned char *data;
    float units_per_cap;        /* font units of a capital's height */
    char path[512];
    glyph *cache;
    int used;
};

static font the_font;
static void clear_cache(font *f);
static int tried;               /* 0 not yet, 1 loaded, -1 none */

static int load_file(font *f, const char *path)
{
    error err;
    size_t len;
    char *bytes = textfile_read(path, &len, &err);
    if (!bytes) return -1;
    if (len < 12 || len > FONT_MAX_BYTES ||
        stbtt_GetNumberOfFonts((unsigned char *)bytes) < 1 ||
        !stbtt_InitFont(&f->info, (unsigned char *)bytes, stbtt_GetFontOffsetForIndex((unsigned char *)bytes, 0))) {
        free(bytes);
        return -1;
    }
    int x0, y0, x1, y1;
    if (!stbtt_GetCodepointBox(&f->info, 'H', &x0, &y0, &x1, &y1) || y1 <= 0) {
        free(bytes);
        return -1;
    }
    f->data = (unsigned char *)bytes;
    f->units_per_cap = (float)y1;
    snprintf(f->path, sizeof f->path, "%s", path);
    f->cache = calloc(CACHE_SLOTS, sizeof *f->cache);
    if (!f->cache) {
        free(bytes);
        return -1;
    }
    return 0;
}

const font *font_default(void)
{
    if (tried) return tried > 0 ? &the_font : NULL;
    tried = -1;
    const char *want = getenv("TESSERA_FONT");
    if (want && want[0]) {
        if (load_file(&the_font, want) == 0) tried = 1;
        else fprintf(stderr, "tessera: the font %s does not load (TESSERA_FONT); drawing text with the built-in font\n", want);
        return tried > 0 ? &the_font : NULL;
    }
    for (size_t i = 0; i < sizeof font_paths / sizeof *font_paths && tried < 0; i++)
        if (load_file(&the_font, font_paths[i]) == 0) tried = 1;
    return tried > 0 ? &the_font : NULL;
}

static void unload(void)
{
    if (tried > 0) {
        clear_cache(&the_font);
        free(the_font.cache);
        free(the_font.data);
    }
    memset(&the_font, 0, sizeof the_font);
    tried = 0;
}

int font_select(const char *path)
{
    unload();
    if (!path) return font_default() ? 0 : -1;
    tried = -1;
    if (!path[0]) return 0;
    if (load_file(&the_font, path) != 0) return -1;
    tried = 1;
    return 0;
}

const char *font_path(const font *f) { return f ? f->path : ""; }

static float pixel_scale(const font *f, int scale)
{
    return (float)(CAP_UNITS * scale) / f->units_per_cap;
}

/* The next code point of UTF-8 text (a bad byte reads as '?'), or 0 at the end. */
static uint32_t next_cp(const char **p)
{
    const unsigned char *s = (const unsigned char *)*p;
    uint32_t c = s[0];
    int n = 0;
    if (!c) return 0;
    if (c < 0x80) n = 0;
    else if ((c & 0xE0) == 0xC0) c &= 0x1F, n = 1;
    else if ((c & 0xF0) == 0xE0) c &= 0x0F, n = 2;
    else if ((c & 0xF8) == 0xF0) c &= 0x07, n = 3;
    else {
        (*p)++;
        return '?';
    }
    for (int i = 1; i <= n; i++) {
        if ((s[i] & 0xC0) != 0x80) {
            *p += i;
            return '?';
        }
        c = c << 6 | (s[i] & 0x3F);
    }
    *p += n + 1;
    if (c == '\t') return ' ';
    if (c > 0x10FFFF || (c < 32 && c != '\n')) return '?';
    return c;
}

static void clear_cache(font *f)
{
    for (int i = 0; i < CACHE_SLOTS; i++) free(f->cache[i].bits);
    memset(f->cache, 0, sizeof *f->cache * CACHE_SLOTS);
    f->used = 0;
}

/* The glyph of code point cp at scale, rasterised once. */
static const glyph *get_glyph(font *f, uint32_t cp, int scale)
{
    if (scale > MAX_SCALE) scale = MAX_SCALE;
    if (cp != ' ' && !stbtt_FindGlyphIndex(&f->info, (int)cp)) cp = '?';
    uint32_t key = (uint32_t)scale << 21 | cp;
    unsigned slot = (key * 2654435761u) % CACHE_SLOTS;
    for (int probe = 0; probe < CACHE_SLOTS; probe++, slot = (slot + 1) % CACHE_SLOTS) {
        glyph *g = &f->cache[slot];
        if (g->key == key) return g;
        if (g->key) continue;
        if (f->used > CACHE_SLOTS * 3 / 4) {
            clear_cache(f);
            return get_glyph(f, cp, scale);
        }
        float ps = pixel_scale(f, scale);
        int adv, lsb;
        stbtt_GetCodepointHMetrics(&f->info, (int)cp, &adv, &lsb);
        g->key = key;
        g->advance = (float)adv * ps;
        g->bits = cp == ' ' ? NULL
                            : stbtt_GetCodepointBitmap(&f->info, ps, ps, (int)cp, &g->w, &g->h, &g->xoff, &g->yoff);
        if (!g->bits) g->w = g->h = 0;
        f->used++;
        return g;
    }
    return NULL;
}

static float kern(const font *f, uint32_t a, uint32_t b, int scale)
{
    if (!a || !b) return 0;
    return (float)stbtt_GetCodepointKernAdvance(&f->info, (int)a, (int)b) * pixel_scale(f, scale);
}

int font_width(const font *f, const char *s, int scale)
{
    font *ff = (font *)f;
    float line = 0, best = 0;
    uint32_t prev = 0, cp;
    if (!f || !s) return 0;
    if (scale < 1) scale = 1;
    while ((cp = next_cp(&s)) != 0) {
        if (cp == '\n') {
            if (line > best) best = line;
            line = 0;
            prev = 0;
            continue;
        }
        const glyph *g = get_glyph(ff, cp, scale);
        if (!g) continue;
        line += kern(f, prev, cp, scale) + g->advance;
        prev = cp;
        if (line > FONT_WIDTH_MAX) {
            /* The rest of a line no canvas holds is not measured: a level's title of
             * megabytes was measured whole for each row of the level list, every frame. */
            const char *nl = strchr(s, '\n');
            if (!nl) break;
            s = nl;
        }
    }
    if (line > best) best = line;
    return (int)ceilf(best);
}

size_t font_fit(const font *f, const char *s, int scale, int max_w)
{
    font *ff = (font *)f;
    float line = 0;
    uint32_t prev = 0, cp;
    if (!f || !s) return 0;
    if (scale < 1) scale = 1;
    const char *start = s, *before = s;
    while ((cp = next_cp(&s)) != 0 && cp != '\n') {
        const glyph *g = get_glyph(ff, cp, scale);
        if (g) {
            line += kern(f, prev, cp, scale) + g->advance;
            prev = cp;
            if ((int)ceilf(line) > max_w) break;
        }
        before = s;
    }
    return (size_t)(before - start);
}

void font_draw(const font *f, canvas *c, int x, int y, const char *s, int scale, uint32_t colour, int line_h)
{
    font *ff = (font *)f;
    uint32_t prev = 0, cp;
    if (!f || !c || !c->px || !s || !(colour >> 24)) return;
    if (scale < 1) scale = 1;
    float pen = (float)x;
    int baseline = y + CAP_UNITS * scale;
    while ((cp = next_cp(&s)) != 0) {
        if (cp == '\n') {
            pen = (float)x;
            baseline += line_h * scale;
            prev = 0;
            continue;
        }
        const glyph *g = get_glyph(ff, cp, scale);
        if (!g) continue;
        pen += kern(f, prev, cp, scale);
        prev = cp;
        int gx = (int)lroundf(pen) + g->xoff, gy = baseline + g->yoff;
        if (g->bits && gx < c->w && gy < c->h && gx + g->w > 0 && gy + g->h > 0)
            canvas_blend_mask(c, gx, gy, g->bits, g->w, g->h, g->w, colour);
        pen += g->advance;
    }
}
