/* imgdiff.c: compares two PNGs pixel by pixel, for golden-image tests.
 * usage: imgdiff [--tolerance T] [--max-pixels N] EXPECTED ACTUAL [DIFF_OUT.png]
 * A pixel differs when any of its channels (R, G, B, A) differs by more than T (of 255;
 * default 8). The images match when they have the same size and at most N pixels differ
 * (default 16). A mean over the whole picture would hide a player one cell off: here a
 * difference anywhere counts. On a mismatch the difference image (if asked for) shows the
 * actual picture dimmed with every differing pixel in red, and the differing area's bounding
 * box is printed. Exit 0 match, 1 mismatch, 2 bad usage or an unreadable image. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/canvas.h"
#include "frontend/image.h"

enum { DEFAULT_TOLERANCE = 8, DEFAULT_MAX_PIXELS = 16 };

static int channel(uint32_t px, int shift) { return (int)((px >> shift) & 255); }

static int usage(void)
{
    fprintf(stderr, "usage: imgdiff [--tolerance T] [--max-pixels N] EXPECTED ACTUAL [DIFF_OUT.png]\n");
    return 2;
}

static int number_arg(const char *s, long max, long *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || *end || v < 0 || v > max) return -1;
    *out = v;
    return 0;
}

int main(int argc, char **argv)
{
    long tolerance = DEFAULT_TOLERANCE, max_pixels = DEFAULT_MAX_PIXELS;
    const char *files[3] = { NULL, NULL, NULL };
    int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--tolerance") || !strcmp(argv[i], "--max-pixels")) {
            long *dst = argv[i][2] == 't' ? &tolerance : &max_pixels;
            if (i + 1 >= argc || number_arg(argv[i + 1], argv[i][2] == 't' ? 255 : 1000000000L, dst) != 0) return usage();
            i++;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return usage();
        } else if (nfiles < 3) {
            files[nfiles++] = argv[i];
        } else {
            return usage();
        }
    }
    if (nfiles < 2) return usage();
    image a, b;
    error err;
    if (image_load(files[0], &a, &err) != 0 || image_load(files[1], &b, &err) != 0) {
        char buf[800];
        fprintf(stderr, "imgdiff: %s\n", error_format(&err, buf, sizeof buf));
        return 2;
    }
    if (a.w != b.w || a.h != b.h) {
        printf("imgdiff: sizes differ: %dx%d vs %dx%d: FAIL\n", a.w, a.h, b.w, b.h);
        image_free(&a);
        image_free(&b);
        return 1;
    }
    long differing = 0;
    int worst = 0, x0 = a.w, y0 = a.h, x1 = -1, y1 = -1;
    uint8_t *mask = calloc((size_t)a.w * (size_t)a.h, 1);
    if (!mask) return 2;
    for (int y = 0; y < a.h; y++)
        for (int x = 0; x < a.w; x++) {
            int i = y * a.w + x, d = 0;
            for (int shift = 0; shift < 32; shift += 8) {
                int e = abs(channel(a.px[i], shift) - channel(b.px[i], shift));
                if (e > d) d = e;
            }
            if (d > worst) worst = d;
            if (d <= tolerance) continue;
            mask[i] = 1;
            differing++;
            if (x < x0) x0 = x;
            if (y < y0) y0 = y;
            if (x > x1) x1 = x;
            if (y > y1) y1 = y;
        }
    int ok = differing <= max_pixels;
    printf("imgdiff: %ld of %d pixels differ by more than %ld (at most %ld allowed), largest channel difference %d",
           differing, a.w * a.h, tolerance, max_pixels, worst);
    if (differing) printf(", in x %d..%d, y %d..%d", x0, x1, y0, y1);
    printf(": %s\n", ok ? "ok" : "FAIL");
    if (!ok && nfiles == 3) {
        canvas diff = { 0 };
        if (canvas_init(&diff, a.w, a.h) == 0) {
            for (int i = 0; i < a.w * a.h; i++) {
                uint32_t p = b.px[i];
                unsigned r = (unsigned)channel(p, 16), g = (unsigned)channel(p, 8), bl = (unsigned)channel(p, 0);
                unsigned grey = (r * 3 + g * 6 + bl) / 10 / 3;
                diff.px[i] = mask[i] ? colour_rgba(255, 32, 32, 255) : colour_rgba(grey, grey, grey, 255);
            }
            if (canvas_write_png(&diff, files[2], &err) == 0) printf("imgdiff: difference image %s\n", files[2]);
            canvas_free(&diff);
        }
    }
    free(mask);
    image_free(&a);
    image_free(&b);
    return ok ? 0 : 1;
}
