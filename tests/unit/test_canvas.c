/* test_canvas.c: unit tests of the frontend's drawing: blending, clipping, blits, text, PNG
 * round trips, sprite atlases, level layouts and the menu hit test. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_image_write.h>

#include "check.h"
#include "core/level.h"
#include "core/rules.h"
#include "core/state.h"
#include "frontend/canvas.h"
#include "frontend/draw.h"
#include "frontend/image.h"
#include "frontend/image_guard.h"
#include "frontend/sprites.h"
#include "frontend/font.h"
#include "frontend/text.h"
#include "frontend/view.h"

/* Channel-wise closeness: filters and blending round, and tests should not pin the last bit. */
static int near(uint32_t a, uint32_t b, int tol)
{
    int k;
    for (k = 0; k < 32; k += 8) {
        int d = (int)(a >> k & 255) - (int)(b >> k & 255);
        if (d > tol || d < -tol) return 0;
    }
    return 1;
}

static void test_fill_rect(void)
{
    canvas c;
    CHECK_EQ_INT(canvas_init(&c, 8, 6), 0);
    CHECK_EQ_INT(canvas_read_pixel(&c, 0, 0), 0xFF000000u);

    canvas_clear(&c, 0xFF000000u);
    canvas_fill_rect(&c, 1, 1, 2, 2, 0x80FF0000u);
    CHECK(near(canvas_read_pixel(&c, 1, 1), 0xFF800000u, 1));
    CHECK(near(canvas_read_pixel(&c, 2, 2), 0xFF800000u, 1));
    CHECK_EQ_INT(canvas_read_pixel(&c, 3, 3), 0xFF000000u);
    CHECK_EQ_INT(canvas_read_pixel(&c, 0, 1), 0xFF000000u);

    /* Opaque colours replace; fully transparent ones change nothing. */
    canvas_fill_rect(&c, 0, 0, 1, 1, 0xFF12345Au);
    CHECK_EQ_INT(canvas_read_pixel(&c, 0, 0), 0xFF12345Au);
    canvas_fill_rect(&c, 0, 0, 8, 6, 0x00FFFFFFu);
    CHECK_EQ_INT(canvas_read_pixel(&c, 0, 0), 0xFF12345Au);

    /* Clipping: partly outside draws the inside part, wholly outside or huge is harmless. */
    canvas_clear(&c, 0xFF000000u);
    canvas_fill_rect(&c, -3, -3, 5, 5, 0xFF00FF00u);
    CHECK_EQ_INT(canvas_read_pixel(&c, 0, 0), 0xFF00FF00u);
    CHECK_EQ_INT(canvas_read_pixel(&c, 1, 1), 0xFF00FF00u);
    CHECK_EQ_INT(canvas_read_pixel(&c, 2, 2), 0xFF000000u);
    canvas_fill_rect(&c, 6, 4, 100, 100, 0xFF0000FFu);
    CHECK_EQ_INT(canvas_read_pixel(&c, 7, 5), 0xFF0000FFu);
    CHECK_EQ_INT(canvas_read_pixel(&c, 5, 5), 0xFF000000u);
    canvas_fill_rect(&c, 20, 20, 5, 5, 0xFFFFFFFFu);
    canvas_fill_rect(&c, 2000000000, 2000000000, 2000000000, 2000000000, 0xFFFFFFFFu);
    canvas_fill_rect(&c, -2000000000, 0, 2000000000, 3, 0xFFFFFFFFu);
    canvas_line(&c, -50, -50, 50, 50, 0xFFFFFFFFu);
    canvas_fill_round_rect(&c, -4, -4, 100, 100, 9, 0xFFFFFFFFu);
    CHECK_EQ_INT(canvas_read_pixel(&c, 100, 100), 0);
    CHECK_EQ_INT(canvas_read_pixel(&c, -1, 0), 0);

    /* Rounded corners leave the very corner pixel alone and fill the middle. */
    canvas_clear(&c, 0xFF000000u);
    canvas_fill_round_rect(&c, 0, 0, 8, 6, 3, 0xFFFFFFFFu);
    CHECK_EQ_INT(canvas_read_pixel(&c, 0, 0), 0xFF000000u);
    CHECK_EQ_INT(canvas_read_pixel(&c, 4, 3), 0xFFFFFFFFu);

    /* A gradient runs from its top colour to its bottom colour. */
    canvas_fill_gradient(&c, 0, 0, 8, 6, 0xFF000000u, 0xFF0000FAu);
    CHECK_EQ_INT(canvas_read_pixel(&c, 3, 0), 0xFF000000u);
    CHECK_EQ_INT(canvas_read_pixel(&c, 3, 5), 0xFF0000FAu);

    CHECK_EQ_INT(canvas_resize(&c, 3, 2), 0);
    CHECK_EQ_INT(c.w, 3);
    CHECK_EQ_INT(canvas_read_pixel(&c, 2, 1), 0xFF000000u);
    canvas_free(&c);
    CHECK(canvas_init(&c, 0, 5) != 0);
    CHECK(c.px == NULL);
}

static void test_blit(void)
{
    image img;
    canvas c;
    const uint32_t R = 0xFFFF0000u, G = 0xFF00FF00u, B = 0xFF0000FFu, W = 0xFFFFFFFFu;

    CHECK_EQ_INT(image_create(&img, 2, 2), 0);
    img.px[0] = R, img.px[1] = G, img.px[2] = B, img.px[3] = W;
    CHECK_EQ_INT(canvas_init(&c, 8, 8), 0);

    /* Whole-number enlargement: nearest neighbour, every block one exact colour. */
    canvas_blit(&c, &img, 0, 0, 2, 2, 0, 0, 4, 4, 0xFFFFFFFFu, 255);
    CHECK_EQ_INT(canvas_read_pixel(&c, 0, 0), R);
    CHECK_EQ_INT(canvas_read_pixel(&c, 1, 1), R);
    CHECK_EQ_INT(canvas_read_pixel(&c, 2, 1), G);
    CHECK_EQ_INT(canvas_read_pixel(&c, 1, 3), B);
    CHECK_EQ_INT(canvas_read_pixel(&c, 3, 3), W);
    CHECK_EQ_INT(canvas_read_pixel(&c, 4, 4), 0xFF000000u);

    /* Other enlargements are bilinear: corners keep their colour, the middle mixes all four. */
    canvas_clear(&c, 0xFF000000u);
    canvas_blit(&c, &img, 0, 0, 2, 2, 0, 0, 3, 3, 0xFFFFFFFFu, 255);
    CHECK_EQ_INT(canvas_read_pixel(&c, 0, 0), R);
    CHECK_EQ_INT(canvas_read_pixel(&c, 2, 2), W);
    CHECK(near(canvas_read_pixel(&c, 1, 1), 0xFF808080u, 2));

    /* One texel of a sheet, enlarged by a fraction, never picks up its neighbours. */
    canvas_clear(&c, 0xFF000000u);
    canvas_blit(&c, &img, 1, 0, 1, 1, 0, 0, 5, 3, 0xFFFFFFFFu, 255);
    CHECK_EQ_INT(canvas_read_pixel(&c, 0, 0), G);
    CHECK_EQ_INT(canvas_read_pixel(&c, 4, 2), G);
    CHECK_EQ_INT(canvas_read_pixel(&c, 2, 1), G);

    /* Reduction averages: 2x2 onto one pixel. */
    canvas_clear(&c, 0xFF000000u);
    canvas_blit(&c, &img, 0, 0, 2, 2, 0, 0, 1, 1, 0xFFFFFFFFu, 255);
    CHECK(near(canvas_read_pixel(&c, 0, 0), 0xFF808080u, 2));

    /* Tint multiplies, alpha fades, and blits clip at every edge. */
    canvas_clear(&c, 0xFF000000u);
    canvas_blit(&c, &img, 1, 1, 1, 1, 0, 0, 2, 2, 0xFF00FF00u, 255);
    CHECK_EQ_INT(canvas_read_pixel(&c, 0, 0), 0xFF00FF00u);
    canvas_blit(&c, &img, 1, 1, 1, 1, 0, 0, 2, 2, 0xFFFFFFFFu, 0);
    CHECK_EQ_INT(canvas_read_pixel(&c, 0, 0), 0xFF00FF00u);
    canvas_clear(&c, 0xFF000000u);
    canvas_blit(&c, &img, 1, 1, 1, 1, 0, 0, 2, 2, 0xFFFFFFFFu, 128);
    CHECK(near(canvas_read_pixel(&c, 1, 1), 0xFF808080u, 1));
    canvas_clear(&c, 0xFF000000u);
    canvas_blit(&c, &img, 0, 0, 2, 2, -2, -2, 4, 4, 0xFFFFFFFFu, 255);
    CHECK_EQ_INT(canvas_read_pixel(&c, 0, 0), W);
    CHECK_EQ_INT(canvas_read_pixel(&c, 2, 0), 0xFF000000u);
    canvas_blit(&c, &img, 0, 0, 2, 2, 6, 6, 4, 4, 0xFFFFFFFFu, 255);
    CHECK_EQ_INT(canvas_read_pixel(&c, 7, 7), R);
    canvas_blit(&c, &img, -5, -5, 50, 50, 0, 0, 3, 3, 0xFFFFFFFFu, 255); /* clamped source */
    canvas_blit(&c, &img, 0, 0, 2, 2, 100, 100, 4, 4, 0xFFFFFFFFu, 255);

    /* Transparent texels leave the canvas alone. */
    canvas_clear(&c, 0xFF000000u);
    img.px[0] = 0x00FFFFFFu;
    canvas_blit(&c, &img, 0, 0, 1, 1, 0, 0, 3, 3, 0xFFFFFFFFu, 255);
    CHECK_EQ_INT(canvas_read_pixel(&c, 1, 1), 0xFF000000u);

    canvas_free(&c);
    image_free(&img);
}

static int lit_pixels(const canvas *c, int x0, int y0, int x1, int y1)
{
    int x, y, n = 0;
    for (y = y0; y < y1; y++)
        for (x = x0; x < x1; x++)
            if (canvas_read_pixel(c, x, y) != 0xFF000000u) n++;
    return n;
}

static void test_text(void)
{
    canvas c;
    int w, h;
    char buf[64];

    /* The bitmap font first: the fallback where no TrueType font is installed. */
    CHECK(font_select("") == 0 && !text_smooth());
    CHECK_EQ_INT(text_width("A", 1), 5);
    CHECK_EQ_INT(text_width("AB", 1), 11);
    CHECK_EQ_INT(text_width("AB", 3), 33);
    CHECK_EQ_INT(text_width("AB\nA", 1), 11);
    CHECK_EQ_INT(text_width("", 2), 0);
    CHECK_EQ_INT(text_height("A", 1), TEXT_CAP_HEIGHT);
    CHECK_EQ_INT(text_height("A\nB", 2), 2 * (TEXT_LINE_HEIGHT + TEXT_CAP_HEIGHT));
    CHECK_EQ_INT(text_height("", 1), 0);
    /* Anything the font lacks is one '?', however many UTF-8 bytes it takes. */
    CHECK_EQ_INT(text_width("\xc3\xa9t\xc3\xa9", 1), text_width("?t?", 1));

    CHECK_EQ_INT(canvas_init(&c, 64, 40), 0);
    w = text_width("Hi 42", 2);
    h = text_height("Hi 42", 2);
    text_draw(&c, 4, 4, "Hi 42", 2, 0xFFFFFFFFu);
    CHECK(lit_pixels(&c, 4, 4, 4 + w, 4 + h) > 20);
    /* Ink stays in its box (descenders aside, which these glyphs lack). */
    CHECK_EQ_INT(lit_pixels(&c, 0, 0, 64, 40), lit_pixels(&c, 4, 4, 4 + w, 4 + h));

    /* See-through text blends each pixel once: no darker joints where segments meet. */
    canvas_clear(&c, 0xFF000000u);
    text_draw(&c, 0, 0, "E", 1, 0x80FFFFFFu);
    {
        int x, y, ok = 1;
        for (y = 0; y < 10; y++)
            for (x = 0; x < 8; x++) {
                uint32_t p = canvas_read_pixel(&c, x, y);
                if (p != 0xFF000000u && !near(p, 0xFF808080u, 1)) ok = 0;
            }
        CHECK(ok);
    }
    text_draw(&c, -1000, 5000, "off screen", 4, 0xFFFFFFFFu);
    text_draw_shadowed(&c, 1, 1, "\x01\x7f\xff", 1, 0xFFFFFFFFu, 0x80000000u);

    text_ellipsize("A long level title", 1, text_width("A long...", 1), buf, sizeof buf);
    CHECK(strcmp(buf, "A long...") == 0);
    text_ellipsize("Short", 1, 100, buf, sizeof buf);
    CHECK(strcmp(buf, "Short") == 0);
    canvas_free(&c);
}

/* DejaVu Sans through stb_truetype, when fonts-dejavu-core is installed (CI installs it). */
static void test_text_truetype(void)
{
    canvas c;
    char buf[64];
    if (font_select(NULL) != 0) {
        printf("test_canvas: no TrueType font installed (fonts-dejavu-core); the bitmap font is used\n");
        return;
    }
    CHECK(text_smooth());
    CHECK(strstr(font_path(font_default()), "DejaVuSans") != NULL);
    /* Proportional: a w is wider than an i; "w" and "u" differ (they looked alike in the bitmap). */
    CHECK(text_width("w", 2) > text_width("i", 2));
    CHECK(text_width("AB", 3) > text_width("AB", 1) * 2);
    CHECK_EQ_INT(text_width("AB\nA", 2), text_width("AB", 2));
    CHECK_EQ_INT(text_height("A", 2), 2 * TEXT_CAP_HEIGHT);
    /* Accents are drawn (the font has them); a code point it lacks draws as '?'. */
    CHECK(text_width("\xc3\xa9t\xc3\xa9", 2) != text_width("?t?", 2));
    CHECK_EQ_INT(text_width("\xee\x80\x80", 2), text_width("?", 2));
    CHECK_EQ_INT(canvas_init(&c, 120, 60), 0);
    int w = text_width("Hi 42", 2);
    text_draw(&c, 4, 4, "Hi 42", 2, 0xFFFFFFFFu);
    /* Capitals fill TEXT_CAP_HEIGHT * scale rows from the top given; ink stays in the box. */
    CHECK(lit_pixels(&c, 4, 4, 4 + w + 1, 4 + 2 * TEXT_CAP_HEIGHT + 1) > 60);
    CHECK_EQ_INT(lit_pixels(&c, 0, 0, 120, 60), lit_pixels(&c, 3, 3, 4 + w + 2, 4 + 2 * TEXT_CAP_HEIGHT + 1));
    /* Smooth edges: some pixels are partly covered (grey), not only on or off. */
    int grey = 0;
    for (int y = 0; y < 60; y++)
        for (int x = 0; x < 120; x++) {
            uint32_t p = canvas_read_pixel(&c, x, y) & 255;
            grey += p > 20 && p < 235;
        }
    CHECK(grey > 10);
    text_draw(&c, -1000, 5000, "off screen", 4, 0xFFFFFFFFu);
    text_draw_shadowed(&c, 1, 1, "\x01\x7f\xff", 1, 0xFFFFFFFFu, 0x80000000u);
    text_ellipsize("A long level title", 2, text_width("A long...", 2), buf, sizeof buf);
    CHECK(strcmp(buf, "A long...") == 0);
    /* A font file that does not load leaves the bitmap font. */
    CHECK(font_select("/nonexistent/font.ttf") != 0 && !text_smooth());
    CHECK_EQ_INT(text_width("A", 1), 5);
    font_select(NULL);
    canvas_free(&c);
}

static void test_png_round_trip(void)
{
    canvas c;
    image img;
    error err;
    char msg[600];
    int i, same = 1;

    CHECK_EQ_INT(canvas_init(&c, 5, 3), 0);
    for (i = 0; i < 15; i++) c.px[i] = colour_rgba(17 * i, 255 - 9 * i, 3 * i, 255 - 16 * (i % 3));
    error_clear(&err);
    CHECK_EQ_INT(canvas_write_png(&c, "test_canvas_round_trip.png", &err), 0);
    CHECK_EQ_INT(image_load("test_canvas_round_trip.png", &img, &err), 0);
    CHECK_EQ_INT(img.w, 5);
    CHECK_EQ_INT(img.h, 3);
    for (i = 0; img.px && i < 15; i++)
        if (img.px[i] != c.px[i]) same = 0;
    CHECK(same);
    image_free(&img);

    CHECK(canvas_write_png(&c, "no-such-dir/x.png", &err) != 0);
    CHECK_STR_HAS(error_format(&err, msg, sizeof msg), "no-such-dir/x.png");

    CHECK(image_load("no-such-image.png", &img, &err) != 0);
    CHECK_STR_HAS(error_format(&err, msg, sizeof msg), "no-such-image.png");
    CHECK(img.px == NULL);
    check_write_file("test_canvas_not_an_image.png", "this is text, not a picture\n");
    CHECK(image_load("test_canvas_not_an_image.png", &img, &err) != 0);
    CHECK_STR_HAS(error_format(&err, msg, sizeof msg), "test_canvas_not_an_image.png");
    CHECK_STR_HAS(msg, "not a valid");
    canvas_free(&c);
}

static unsigned char *read_all(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL;
    long len;
    if (f && fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (buf = malloc((size_t)len)) != NULL && fread(buf, 1, (size_t)len, f) != (size_t)len) {
        free(buf);
        buf = NULL;
    }
    if (f) fclose(f);
    *n = buf ? (size_t)len : 0;
    return buf;
}

static void write_bytes(const char *path, const unsigned char *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, 1, n, f) != n) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(2);
    }
    fclose(f);
}

/* Loads a bad file: it must fail with the path and the given reason, leaving no pixels. */
static void put_le32(unsigned char *p, uint32_t v)
{
    for (int k = 0; k < 4; k++) p[k] = (unsigned char)(v >> (8 * k));
}

static void put_be32(unsigned char *p, uint32_t v)
{
    for (int k = 0; k < 4; k++) p[k] = (unsigned char)(v >> (24 - 8 * k));
}

/* The CRC-32 of PNG chunks (ISO 3309), bit by bit. */
static uint32_t crc32_of(const unsigned char *p, size_t n)
{
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    }
    return c ^ 0xFFFFFFFFu;
}

static void check_refused(const char *path, const char *reason)
{
    image img;
    error err;
    char msg[600];
    CHECK(image_load(path, &img, &err) != 0);
    CHECK(img.px == NULL);
    CHECK_STR_HAS(error_format(&err, msg, sizeof msg), path);
    CHECK_STR_HAS(msg, reason);
}

/* JPEG and BMP pictures load (the picture game takes any of the three), and broken JPEGs
 * (cut short, header only, dimensions of zero or absurd, scrambled data) are refused or
 * decoded without a crash. */
static void test_jpeg_and_bmp(void)
{
    enum { W = 32, H = 24 };
    unsigned char rgb[W * H * 3];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {          /* four flat quadrants: JPEG keeps them close */
            unsigned char *p = rgb + 3 * (y * W + x);
            int q = (x >= W / 2) + 2 * (y >= H / 2);
            static const unsigned char col[4][3] = { { 200, 40, 40 }, { 40, 200, 40 },
                                                     { 40, 40, 200 }, { 230, 230, 230 } };
            memcpy(p, col[q], 3);
        }
    CHECK(stbi_write_jpg("test_canvas.jpg", W, H, 3, rgb, 90) != 0);
    CHECK(stbi_write_bmp("test_canvas.bmp", W, H, 3, rgb) != 0);
    image img;
    error err;
    CHECK_EQ_INT(image_load("test_canvas.jpg", &img, &err), 0);
    CHECK_EQ_INT(img.w, W);
    CHECK_EQ_INT(img.h, H);
    if (img.px) {
        CHECK(near(img.px[2 * W + 2], colour_rgba(200, 40, 40, 255), 24));
        CHECK(near(img.px[(H - 3) * W + W - 3], colour_rgba(230, 230, 230, 255), 24));
        CHECK(near(img.px[(H - 3) * W + 2], colour_rgba(40, 40, 200, 255), 24));
    }
    image_free(&img);
    CHECK_EQ_INT(image_load("test_canvas.bmp", &img, &err), 0);
    CHECK_EQ_INT(img.w, W);
    CHECK_EQ_INT(img.h, H);
    if (img.px) CHECK(img.px[W + W - 2] == colour_rgba(40, 200, 40, 255));
    image_free(&img);

    size_t n;
    unsigned char *jpg = read_all("test_canvas.jpg", &n);
    CHECK(jpg != NULL && n > 200);
    if (!jpg) return;
    write_bytes("test_canvas_half.jpg", jpg, n / 2);
    check_refused("test_canvas_half.jpg", "not a valid PNG, JPEG or BMP image");
    write_bytes("test_canvas_header.jpg", jpg, 20);
    check_refused("test_canvas_header.jpg", "not a valid PNG, JPEG or BMP image");
    size_t sof = 0;                                  /* the frame header: FF C0, then the size */
    for (size_t i = 2; i + 9 < n && !sof; i++)
        if (jpg[i] == 0xFF && jpg[i + 1] == 0xC0) sof = i;
    CHECK(sof != 0);
    if (sof) {
        unsigned char *bad = malloc(n);
        memcpy(bad, jpg, n);
        bad[sof + 5] = bad[sof + 6] = bad[sof + 7] = bad[sof + 8] = 0xFF;  /* 65535 x 65535 */
        write_bytes("test_canvas_huge.jpg", bad, n);
        check_refused("test_canvas_huge.jpg", "too large");
        memcpy(bad, jpg, n);
        bad[sof + 7] = bad[sof + 8] = 0;                                  /* width 0 */
        write_bytes("test_canvas_zero.jpg", bad, n);
        check_refused("test_canvas_zero.jpg", "not a valid");
        /* Scrambled entropy-coded data: either an error or a picture of the right size. */
        unsigned seed = 12345;
        for (int round = 0; round < 32; round++) {
            memcpy(bad, jpg, n);
            for (int k = 0; k < 8; k++) {
                seed = seed * 1103515245u + 12345u;
                size_t at = sof + 20 + (seed >> 8) % (n - sof - 20);
                bad[at] = (unsigned char)(seed >> 3);
            }
            write_bytes("test_canvas_scrambled.jpg", bad, n);
            if (image_load("test_canvas_scrambled.jpg", &img, &err) == 0) {
                CHECK(img.w == W && img.h == H);
                image_free(&img);
            } else {
                CHECK(img.px == NULL);
            }
        }
        free(bad);
    }
    free(jpg);

    /* A Huffman table declaring 16 x 255 codes: stb_image would write them past its 256-entry
     * arrays. Refused before decoding, in the file and in memory, wherever the table sits. */
    unsigned char evil[64] = { 0xFF, 0xD8, 0xFF, 0xC4, 0x00, 0x13, 0x00 };
    for (int k = 0; k < 16; k++) evil[7 + k] = 0xFF;
    write_bytes("test_canvas_dht.jpg", evil, sizeof evil);
    check_refused("test_canvas_dht.jpg", "Huffman table");
    CHECK_STR_HAS(image_guard(evil, sizeof evil), "Huffman table");
    CHECK(image_guard(evil, 30) != NULL);
    unsigned char filled[66] = { 0xFF, 0xFF };             /* fill bytes before the start marker */
    memcpy(filled + 2, evil, sizeof evil);
    CHECK(image_guard(filled, sizeof filled) != NULL);                     /* cut short: stb reads zeros on */
    unsigned char later[80] = { 0xFF, 0xD8, 0xFF, 0xFE, 0x00, 0x04, 'h', 'i', 0xFF, 0xC4, 0x00, 0x24,
                                0x10 };              /* a good table (1 code), then a bad one */
    later[13] = 1;
    later[30] = 0x11;                                   /* the second table's class and slot */
    for (int k = 0; k < 16; k++) later[31 + k] = 17;    /* 272 codes */
    CHECK(image_guard(later, sizeof later) != NULL);
    later[31] = 0;                                      /* 255 codes: allowed through */
    CHECK(image_guard(later, sizeof later) == NULL);
    /* A progressive 8192 x 2048 JPEG of 1000 scans without their data (10 bytes each): stb_image
     * decoded each over the whole picture, 4 s of CPU for 10 KB. Refused by its count of scans. */
    static const unsigned char scan_head[] = {
        0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x43, 0x00, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0xFF, 0xC2, 0x00, 0x0B, 8, 0x08, 0x00, 0x20, 0x00, 1, 1, 0x11, 0,
        0xFF, 0xC4, 0x00, 0x14, 0x00, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    };
    static const unsigned char scan[] = { 0xFF, 0xDA, 0x00, 0x08, 1, 1, 0x00, 0, 0, 0x00 };
    size_t scans_n = sizeof scan_head + 1000 * sizeof scan + 2;
    unsigned char *scans = malloc(scans_n);
    memcpy(scans, scan_head, sizeof scan_head);
    for (int k = 0; k < 1000; k++) memcpy(scans + sizeof scan_head + (size_t)k * sizeof scan, scan, sizeof scan);
    scans[scans_n - 2] = 0xFF;
    scans[scans_n - 1] = 0xD9;
    write_bytes("test_canvas_scans.jpg", scans, scans_n);
    check_refused("test_canvas_scans.jpg", "more than 100 scans");
    CHECK(image_guard(scans, sizeof scan_head + 100 * sizeof scan) == NULL);    /* 100 scans: allowed */
    free(scans);
    /* A PNG of one pixel whose image data is 20,000 empty deflate blocks before its one row:
     * stb_image inflates all of it (64 MB of empty blocks with code tables of their own took
     * 11 s). Refused: more compressed data than the pixels could need. */
    static const unsigned char one_pixel[] = {
        0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0, 1, 0, 0, 0, 1,
        8, 0, 0, 0, 0, 0x3A, 0x7E, 0x9B, 0x55
    };
    enum { EMPTY_BLOCKS = 20000 };
    size_t zn = 2 + EMPTY_BLOCKS * 5 + 7 + 4, pngn = sizeof one_pixel + 12 + zn + 12;
    unsigned char *bomb = calloc(1, pngn), *z = bomb + sizeof one_pixel + 8;
    memcpy(bomb, one_pixel, sizeof one_pixel);
    bomb[sizeof one_pixel] = (unsigned char)(zn >> 24);
    bomb[sizeof one_pixel + 1] = (unsigned char)(zn >> 16);
    bomb[sizeof one_pixel + 2] = (unsigned char)(zn >> 8);
    bomb[sizeof one_pixel + 3] = (unsigned char)zn;
    memcpy(bomb + sizeof one_pixel + 4, "IDAT", 4);
    z[0] = 0x78;
    z[1] = 0x01;
    for (int k = 0; k < EMPTY_BLOCKS; k++) memcpy(z + 2 + k * 5, "\x00\x00\x00\xFF\xFF", 5);    /* stored, empty */
    memcpy(z + 2 + EMPTY_BLOCKS * 5, "\x01\x02\x00\xFD\xFF\x00\x80\x00\x82\x00\x81", 11); /* the row; adler32 */
    memcpy(bomb + pngn - 8, "IEND", 4);
    write_bytes("test_canvas_blocks.png", bomb, pngn);
    check_refused("test_canvas_blocks.png", "more compressed data than its pixels could need");
    free(bomb);
    unsigned char png_like[24] = { 0x89, 'P', 'N', 'G', 0xFF, 0xC4, 0x00, 0x13, 0x00, 0xFF, 0xFF };
    CHECK(image_guard(png_like, sizeof png_like) == NULL); /* not a JPEG: not its business */

    /* A PNG whose chunk claims 1.5 GB: stb_image would allocate it before finding it missing. */
    size_t pn;
    unsigned char *png = read_all("test_canvas_round_trip.png", &pn);
    CHECK(png != NULL && pn > 33 && image_guard(png, pn) == NULL);
    if (png && pn > 33) {
        png[33] = 0x5A;                                  /* the length of the chunk after IHDR */
        write_bytes("test_canvas_bigchunk.png", png, pn);
        check_refused("test_canvas_bigchunk.png", "a chunk runs past the end of the file");
        write_bytes("test_canvas_cut.png", png, 20);    /* inside the header chunk */
        check_refused("test_canvas_cut.png", "not a valid PNG");
    }
    free(png);

    /* An empty IDAT chunk before any image data: stb_image would copy into a buffer it has not
     * allocated yet. Refused; an empty one after the data is left to stb_image. */
    static const unsigned char hdr[33] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R',
                                           0, 0, 0, 5, 0, 0, 0, 3, 8, 6, 0, 0, 0, 0x5B, 0x36, 0xC5, 0xF8 };
    unsigned char empty_first[33 + 12 + 12] = { 0 };
    memcpy(empty_first, hdr, sizeof hdr);
    memcpy(empty_first + 33 + 4, "IDAT", 4);            /* length 0, CRC left 0 */
    memcpy(empty_first + 45 + 4, "IEND", 4);
    CHECK_STR_HAS(image_guard(empty_first, sizeof empty_first), "empty IDAT");
    write_bytes("test_canvas_empty_idat.png", empty_first, sizeof empty_first);
    check_refused("test_canvas_empty_idat.png", "empty IDAT");
    unsigned char data_first[33 + 13 + 12 + 12] = { 0 };
    memcpy(data_first, hdr, sizeof hdr);
    data_first[33 + 3] = 1;                             /* an IDAT of one byte, then an empty one */
    memcpy(data_first + 33 + 4, "IDAT", 4);
    memcpy(data_first + 46 + 4, "IDAT", 4);
    memcpy(data_first + 58 + 4, "IEND", 4);
    CHECK(image_guard(data_first, sizeof data_first) == NULL);

    /* The decoded-pixel cap (IMAGE_MAX_PIXELS, half at 16 bits) and pictures whose pixel data
     * is missing. A 54-byte BMP header claiming 6900 x 6900 (it was taken as a black picture),
     * and one claiming 200 x 200: refused, not drawn black. */
    for (int side = 6900; side > 0; side = side == 6900 ? 200 : 0) {
        unsigned char bmp[54] = { 'B', 'M' };
        uint32_t row = (uint32_t)side * 3, fields[] = { 54 + row * side, 0, 54, 40, (uint32_t)side, (uint32_t)side };
        for (int k = 0; k < 6; k++) put_le32(bmp + 2 + 4 * k, fields[k]);
        bmp[26] = 1;                                     /* planes */
        bmp[28] = 24;                                    /* bits a pixel */
        put_le32(bmp + 34, row * side);
        write_bytes("test_canvas_nodata.bmp", bmp, sizeof bmp);
        check_refused("test_canvas_nodata.bmp", "pixel data missing");
    }
    /* A 16-bit grey PNG of 6900 x 6900 (370 KB took 6.7 s and 756 MB): refused from its header. */
    unsigned char ihdr[33] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R' };
    put_be32(ihdr + 16, 6900);
    put_be32(ihdr + 20, 6900);
    ihdr[24] = 16;                                       /* bit depth; colour type 0: grey */
    put_be32(ihdr + 29, crc32_of(ihdr + 12, 17));
    unsigned char big16[64] = { 0 };
    memcpy(big16, ihdr, sizeof ihdr);
    write_bytes("test_canvas_big16.png", big16, sizeof big16);
    check_refused("test_canvas_big16.png", "too large");
}

static void test_sprites(void)
{
    canvas sheet;
    sprites sh;
    error err;
    char msg[600];
    const sprite *sp;

    CHECK_EQ_INT(canvas_init(&sheet, 16, 8), 0);
    canvas_fill_rect(&sheet, 8, 0, 8, 8, 0xFFFF0000u);
    error_clear(&err);
    CHECK_EQ_INT(canvas_write_png(&sheet, "test_canvas_sheet.png", &err), 0);
    check_write_file("test_canvas_atlas.txt",
               "# name x y w h\n"
               "\n"
               "floor 0 0 8 8\r\n"
               "  box   8 0 8 8   # a comment after the fields\n"
               "box_on_goal 8 0 4 4");
    CHECK_EQ_INT(sprites_load("test_canvas_sheet.png", "test_canvas_atlas.txt", &sh, &err), 0);
    CHECK_EQ_INT(sh.count, 3);
    CHECK_EQ_INT(sprites_find(&sh, "floor"), 0);
    CHECK_EQ_INT(sprites_find(&sh, "box"), 1);
    CHECK_EQ_INT(sprites_find(&sh, "box_on_goal"), 2);
    CHECK_EQ_INT(sprites_find(&sh, "wall"), -1);
    CHECK_EQ_INT(sprites_find(NULL, "box"), -1);
    sp = sprites_get(&sh, 1);
    CHECK(sp && sp->x == 8 && sp->y == 0 && sp->w == 8 && sp->h == 8);
    CHECK(sprites_get(&sh, 3) == NULL);
    CHECK(sprites_get(&sh, -1) == NULL);

    /* Through a canvas drawer the sprite lands scaled, and a bad index draws nothing. */
    {
        canvas c;
        drawer d;
        CHECK_EQ_INT(canvas_init(&c, 32, 32), 0);
        d = drawer_for_canvas(&c);
        draw_sprite(&d, &sh, 1, 0, 0, 16, 16, 0xFFFFFFFFu, 255);
        CHECK_EQ_INT(canvas_read_pixel(&c, 15, 15), 0xFFFF0000u);
        draw_sprite(&d, &sh, 99, 16, 16, 16, 16, 0xFFFFFFFFu, 255);
        CHECK_EQ_INT(canvas_read_pixel(&c, 20, 20), 0xFF000000u);
        /* Other sizes go through the kept scaled copies and look the same. */
        draw_sprite(&d, &sh, 1, 16, 16, 11, 13, 0xFFFFFFFFu, 255);
        CHECK_EQ_INT(canvas_read_pixel(&c, 16, 16), 0xFFFF0000u);
        CHECK_EQ_INT(canvas_read_pixel(&c, 26, 28), 0xFFFF0000u);
        CHECK_EQ_INT(canvas_read_pixel(&c, 27, 29), 0xFF000000u);
        canvas_free(&c);
    }
    {
        const image *a = sprites_scaled(&sh, 1, 11, 13), *b;
        int k, all = 1;
        CHECK(a && a->w == 11 && a->h == 13 && a->px[0] == 0xFFFF0000u);
        CHECK(sprites_scaled(&sh, 1, 11, 13) == a);
        CHECK(sprites_scaled(&sh, 7, 11, 13) == NULL);
        CHECK(sprites_scaled(&sh, 1, 0, 13) == NULL);
        /* Many sizes: the cache starts over when full and keeps answering. */
        for (k = 1; k <= 300; k++) {
            b = sprites_scaled(&sh, 0, k, 3);
            if (!b || b->w != k || b->h != 3) all = 0;
        }
        CHECK(all);
    }
    sprites_free(&sh);

    check_write_file("test_canvas_bad_atlas.txt", "floor 0 0 8 8\n# fine\nbox 8 zero 8 8\n");
    CHECK(sprites_load("test_canvas_sheet.png", "test_canvas_bad_atlas.txt", &sh, &err) != 0);
    CHECK_STR_HAS(error_format(&err, msg, sizeof msg), "test_canvas_bad_atlas.txt:3:");
    CHECK_STR_HAS(msg, "zero");
    CHECK(sh.list == NULL && sh.count == 0 && sh.sheet.px == NULL);

    {
        const char *bad[] = {"box 8 0 8\n", "box 8 0 9 8\n", "a 0 0 1 1\na 1 1 1 1\n",
                             "box 0 0 0 8\n", "box 0 0 1 1 extra\n", "box -1 0 1 1\n"};
        const char *expect[] = {":1:", "outside", "twice", "at least 1", "unexpected", ":1:"};
        int k;
        for (k = 0; k < 6; k++) {
            sprites t;
            memset(&t, 0, sizeof t);
            CHECK(sprites_parse_atlas(&t, "atlas.txt", bad[k], strlen(bad[k]), 16, 8, &err) != 0);
            CHECK_STR_HAS(error_format(&err, msg, sizeof msg), expect[k]);
            CHECK(t.list == NULL);
        }
    }
    CHECK(sprites_load("test_canvas_sheet.png", "no-such-atlas.txt", &sh, &err) != 0);
    CHECK_STR_HAS(error_format(&err, msg, sizeof msg), "no-such-atlas.txt");
    canvas_free(&sheet);
}

/* Every cell's centre maps back to the cell, and every pixel hit maps to a cell whose box
 * holds it. */
static void check_layout_round_trip(topology topo, int gw, int gh, int cw, int ch)
{
    grid g;
    view_layout L;
    int c, x, y, w, h, px, py, centre_ok = 1, box_ok = 1, hits = 0;

    CHECK_EQ_INT(grid_init(&g, topo, gw, gh), 0);
    view_layout_compute(&L, &g, cw, ch, 40, 30);
    CHECK(L.cell_w > 0 && L.cell_h > 0);
    CHECK(L.x >= 0 && L.y >= 40 && L.x + L.w <= cw && L.y + L.h <= ch - 30);
    for (c = 0; c < g.ncells; c++) {
        view_cell_rect(&L, &g, c, &x, &y, &w, &h);
        if (view_cell_at(&L, &g, x + w / 2, y + h / 2) != c) {
            centre_ok = 0;
            fprintf(stderr, "cell %d: centre (%d, %d) maps to %d\n", c, x + w / 2, y + h / 2,
                    view_cell_at(&L, &g, x + w / 2, y + h / 2));
        }
    }
    CHECK(centre_ok);
    for (py = L.y - 3; py < L.y + L.h + 3; py++)
        for (px = L.x - 3; px < L.x + L.w + 3; px++) {
            c = view_cell_at(&L, &g, px, py);
            if (c < 0) continue;
            hits++;
            view_cell_rect(&L, &g, c, &x, &y, &w, &h);
            if (px < x || px >= x + w || py < y || py >= y + h) box_ok = 0;
        }
    CHECK(box_ok);
    CHECK(hits > 0);
    CHECK_EQ_INT(view_cell_at(&L, &g, L.x - 1, L.y - 1), -1);
    CHECK_EQ_INT(view_cell_at(&L, &g, L.x + L.w + 1, L.y + L.h + 1), -1);
    if (topo == TOPO_SQUARE) {
        CHECK_EQ_INT(hits, L.w * L.h);
        CHECK_EQ_INT(view_cell_at(&L, &g, L.x, L.y), 0);
        CHECK_EQ_INT(view_cell_at(&L, &g, L.x + L.w - 1, L.y + L.h - 1), g.ncells - 1);
    } else if (gh > 1) {
        /* Hexagons: the box corners belong to the neighbours, not to the cell. */
        view_cell_rect(&L, &g, gw + 1, &x, &y, &w, &h); /* row 1, shifted right */
        CHECK(view_cell_at(&L, &g, x + 1, y + 1) != gw + 1);
        CHECK_EQ_INT(view_cell_at(&L, &g, x + w / 2, y + 1), gw + 1);
    }
    if (topo == TOPO_HEX) {
        CHECK_EQ_INT(L.row_step, L.cell_h * 3 / 4);
        CHECK_EQ_INT(L.cell_h % 4, 0);
    }
    grid_free(&g);
}

static void test_layout(void)
{
    check_layout_round_trip(TOPO_SQUARE, 7, 5, 800, 600);
    check_layout_round_trip(TOPO_SQUARE, 30, 4, 640, 480);
    check_layout_round_trip(TOPO_SQUARE, 3, 3, 1600, 1200);
    check_layout_round_trip(TOPO_HEX, 7, 5, 800, 600);
    check_layout_round_trip(TOPO_HEX, 12, 9, 1280, 720);
    check_layout_round_trip(TOPO_HEX, 4, 1, 400, 300);
}

static void test_menu_hit(void)
{
    int rows = view_menu_rows(800, 600), k, ok = 1;
    CHECK(rows >= 5);
    /* Scan the canvas: rows hit in order, nothing hit outside the list. */
    for (k = 0; k < rows; k++) {
        int py, found = 0;
        for (py = 0; py < 600 && !found; py++)
            if (view_menu_item_at(800, 600, 100, 10, 400, py) == 10 + k) found = 1;
        if (!found) ok = 0;
    }
    CHECK(ok);
    CHECK_EQ_INT(view_menu_item_at(800, 600, 100, 10, 400, 0), -1);
    CHECK_EQ_INT(view_menu_item_at(800, 600, 100, 10, 0, 300), -1);
    CHECK_EQ_INT(view_menu_item_at(800, 600, 100, 10, 400, 599), -1);
    /* Fewer items than rows: below the last item is nothing. */
    {
        int py, last = -1;
        for (py = 0; py < 600; py++) {
            int i = view_menu_item_at(800, 600, 2, 0, 400, py);
            if (i > last) last = i;
        }
        CHECK_EQ_INT(last, 1);
    }
}

/* A real level through core: drawn with the null drawer (no pixels) and into a canvas with no
 * sprite sheet, where every tile is the loud stand-in rather than nothing. */
static void test_draw_level(void)
{
    static const char *xsb = "#####\n#@$.#\n#####\n";
    ruleset r;
    levelset set;
    state s;
    error err;
    view_layout L;
    view_options opt = view_options_default();
    drawer nd;
    canvas c;
    drawer cd;
    int top, bottom, x, y, w, h;
    uint8_t marks[15] = {0};

    rules_sokoban(&r);
    CHECK_EQ_INT(levelset_parse(&set, "t.xsb", xsb, strlen(xsb), FORMAT_XSB, &r, &err), 0);
    if (set.count < 1) return;
    CHECK_EQ_INT(state_init(&s, &set.levels[0], &r), 0);

    nd = drawer_null(640, 480);
    view_hud_margins(640, 480, &top, &bottom);
    view_layout_compute(&L, s.g, 640, 480, top, bottom);
    view_draw_level(&nd, NULL, &s, &L, NULL);

    CHECK_EQ_INT(canvas_init(&c, 640, 480), 0);
    cd = drawer_for_canvas(&c);
    marks[7] = 1;
    opt.highlight = 8;
    opt.marks = marks;
    view_draw_level(&cd, NULL, &s, &L, &opt);
    view_cell_rect(&L, s.g, 6, &x, &y, &w, &h); /* the player's cell */
    CHECK(canvas_read_pixel(&c, x + w / 2, y + h / 2) == 0xFFFF00FFu ||
          canvas_read_pixel(&c, x + w / 2 + 1, y + h / 2) == 0xFFFF00FFu);
    {
        view_hud hud = {"Sokoban", "First", 1, 3, 12, 4, "Hint: push the box right", NULL};
        const char *lines[] = {"Well done!", "", "F1\tthis help", "Esc\tback"};
        const char *items[] = {"Sokoban", "Hexoban"}, *notes[] = {"90 levels", NULL};
        view_draw_hud(&cd, &hud);
        view_draw_panel(&cd, "Level complete!", lines, 4);
        view_draw_menu(&cd, "Tessera", items, notes, 2, 1, 0);
        view_draw_hud(&nd, &hud);
        view_draw_panel(&nd, "Level complete!", lines, 4);
        view_draw_menu(&nd, "Tessera", items, notes, 2, 1, 0);
    }
    /* A canvas far too small for anything still draws without harm. */
    CHECK_EQ_INT(canvas_resize(&c, 20, 10), 0);
    cd = drawer_for_canvas(&c);
    view_layout_compute(&L, s.g, 20, 10, top, bottom);
    view_draw_level(&cd, NULL, &s, &L, NULL);
    view_draw_panel(&cd, "A title much wider than the canvas", NULL, 0);
    view_draw_menu(&cd, "Menu", NULL, NULL, 0, 0, 0);
    canvas_free(&c);
    state_free(&s);
    levelset_free(&set);
}

int main(void)
{
    test_fill_rect();
    test_blit();
    test_text();
    test_text_truetype();
    test_png_round_trip();
    test_jpeg_and_bmp();
    test_sprites();
    test_layout();
    test_menu_hit();
    test_draw_level();
    return check_summary("test_canvas");
}
