/* imgdiff.c: compares two PNGs with a tolerance, for golden-image tests.
 * usage: imgdiff EXPECTED ACTUAL [MAX_MEAN_DIFF] [DIFF_OUT.png]
 * Passes when sizes match and the mean absolute channel difference is at most MAX_MEAN_DIFF
 * (default 1.0 of 255). On failure writes a difference image if DIFF_OUT is given. */
#include <stdio.h>
#include <stdlib.h>

#include "frontend/canvas.h"
#include "frontend/image.h"

static int channel(uint32_t px, int shift)
{
    return (int)((px >> shift) & 255);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: imgdiff EXPECTED ACTUAL [MAX_MEAN_DIFF] [DIFF_OUT.png]\n");
        return 2;
    }
    double limit = argc > 3 ? atof(argv[3]) : 1.0;
    image a, b;
    error err;
    if (image_load(argv[1], &a, &err) != 0 || image_load(argv[2], &b, &err) != 0) {
        char buf[800];
        fprintf(stderr, "imgdiff: %s\n", error_format(&err, buf, sizeof buf));
        return 2;
    }
    if (a.w != b.w || a.h != b.h) {
        fprintf(stderr, "imgdiff: sizes differ: %dx%d vs %dx%d\n", a.w, a.h, b.w, b.h);
        return 1;
    }
    double total = 0;
    long differing = 0;
    canvas diff = { 0 };
    int want_diff = argc > 4 && canvas_init(&diff, a.w, a.h) == 0;
    for (int i = 0; i < a.w * a.h; i++) {
        int d = 0;
        for (int shift = 0; shift < 32; shift += 8) {
            int e = abs(channel(a.px[i], shift) - channel(b.px[i], shift));
            total += e;
            d = e > d ? e : d;
        }
        differing += d > 0;
        if (want_diff) diff.px[i] = colour_rgba((unsigned)d * 4 > 255 ? 255 : (unsigned)d * 4, 0, 0, 255);
    }
    double mean = total / ((double)a.w * a.h * 4);
    int ok = mean <= limit;
    printf("imgdiff: mean difference %.3f (limit %.3f), %ld of %d pixels differ: %s\n", mean, limit,
           differing, a.w * a.h, ok ? "ok" : "FAIL");
    if (!ok && want_diff) canvas_write_png(&diff, argv[4], &err);
    if (want_diff) canvas_free(&diff);
    image_free(&a);
    image_free(&b);
    return ok ? 0 : 1;
}
