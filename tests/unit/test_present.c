/* test_present.c: the canvas placed in the window (whole-number enlargement, letterbox),
 * mouse points mapped back through HiDPI and letterbox, the stick read as a d-pad with
 * hysteresis, held-direction repeat, and gamepad buttons mapped to the game's keys. */
#include <string.h>

#include "app/padmap.h"
#include "check.h"
#include "frontend/pad.h"
#include "frontend/present.h"

static void test_fit(void)
{
    int cw, ch;
    present_canvas_size(1920, 1080, 2, &cw, &ch);
    CHECK(cw == 960 && ch == 540);
    present_canvas_size(1921, 1081, 2, &cw, &ch); /* odd pixels: the canvas rounds down */
    CHECK(cw == 960 && ch == 540);
    present_canvas_size(10, 10, 99, &cw, &ch); /* scale clamped to 8 */
    CHECK(cw == 1 && ch == 1);
    present_fit f;
    present_fit_compute(&f, 1921, 1081, 960, 540);
    CHECK(f.factor == 2 && f.w == 1920 && f.h == 1080 && f.x == 0 && f.y == 0);
    present_fit_compute(&f, 1000, 800, 320, 240); /* 3x fits, centred with black around */
    CHECK(f.factor == 3 && f.w == 960 && f.h == 720 && f.x == 20 && f.y == 40);
    present_fit_compute(&f, 800, 600, 800, 600);
    CHECK(f.factor == 1 && f.x == 0 && f.w == 800);
    present_fit_compute(&f, 400, 600, 800, 600); /* a resize not caught up: shrink to fit */
    CHECK(f.factor == 0 && f.w == 400 && f.h == 300 && f.y == 150);
}

static void test_mouse(void)
{
    present_fit f;
    int x, y;
    /* HiDPI: a 800x600-point window with 1600x1200 pixels, canvas at scale 1. */
    present_fit_compute(&f, 1600, 1200, 1600, 1200);
    CHECK(present_to_canvas(&f, 800, 600, 1600, 1200, 1600, 1200, 400, 300, &x, &y));
    CHECK(x == 800 && y == 600);
    CHECK(present_to_canvas(&f, 800, 600, 1600, 1200, 1600, 1200, 799, 599, &x, &y));
    CHECK(x == 1598 && y == 1198);
    /* HiDPI and scale 2: the canvas is 800x600 enlarged twice; points map one to one. */
    present_fit_compute(&f, 1600, 1200, 800, 600);
    CHECK(present_to_canvas(&f, 800, 600, 1600, 1200, 800, 600, 123, 456, &x, &y));
    CHECK(x == 123 && y == 456);
    /* Letterbox: 320x240 at 3x in a 1000x800 window (no HiDPI): borders 20 and 40. */
    present_fit_compute(&f, 1000, 800, 320, 240);
    CHECK(present_to_canvas(&f, 1000, 800, 1000, 800, 320, 240, 20, 40, &x, &y));
    CHECK(x == 0 && y == 0);
    CHECK(present_to_canvas(&f, 1000, 800, 1000, 800, 320, 240, 22, 42, &x, &y));
    CHECK(x == 0 && y == 0);
    CHECK(present_to_canvas(&f, 1000, 800, 1000, 800, 320, 240, 23, 43, &x, &y));
    CHECK(x == 1 && y == 1);
    CHECK(present_to_canvas(&f, 1000, 800, 1000, 800, 320, 240, 979, 759, &x, &y));
    CHECK(x == 319 && y == 239);
    CHECK(!present_to_canvas(&f, 1000, 800, 1000, 800, 320, 240, 19, 100, &x, &y)); /* border */
    CHECK(x == 0);
    CHECK(!present_to_canvas(&f, 1000, 800, 1000, 800, 320, 240, 990, 790, &x, &y));
    CHECK(x == 319 && y == 239);
}

static void test_stick_and_repeat(void)
{
    CHECK_EQ_INT(pad_stick_dir(0, 0, PAD_DIR_NONE), PAD_DIR_NONE);
    CHECK_EQ_INT(pad_stick_dir(12000, 0, PAD_DIR_NONE), PAD_DIR_NONE); /* inside the dead zone */
    CHECK_EQ_INT(pad_stick_dir(20000, 3000, PAD_DIR_NONE), PAD_DIR_RIGHT);
    CHECK_EQ_INT(pad_stick_dir(-3000, -20000, PAD_DIR_NONE), PAD_DIR_UP);
    CHECK_EQ_INT(pad_stick_dir(0, 30000, PAD_DIR_NONE), PAD_DIR_DOWN);
    /* Hysteresis: a held direction stays held back to the release threshold... */
    CHECK_EQ_INT(pad_stick_dir(12000, 0, PAD_DIR_RIGHT), PAD_DIR_RIGHT);
    CHECK_EQ_INT(pad_stick_dir(5000, 0, PAD_DIR_RIGHT), PAD_DIR_NONE);
    /* ...and does not flicker on the diagonal. */
    CHECK_EQ_INT(pad_stick_dir(17000, 18000, PAD_DIR_RIGHT), PAD_DIR_RIGHT);
    CHECK_EQ_INT(pad_stick_dir(17000, 18000, PAD_DIR_NONE), PAD_DIR_DOWN);

    pad_repeat r = { PAD_DIR_NONE, 0 };
    CHECK(pad_hold(&r, PAD_DIR_LEFT, 1000) == 1); /* acts at once */
    CHECK(pad_hold(&r, PAD_DIR_LEFT, 1010) == 0); /* the same, still held */
    CHECK(!pad_repeat_due(&r, 1000 + PAD_REPEAT_DELAY_MS - 1));
    CHECK(pad_repeat_due(&r, 1000 + PAD_REPEAT_DELAY_MS));
    CHECK(!pad_repeat_due(&r, 1000 + PAD_REPEAT_DELAY_MS + 1));
    CHECK(pad_repeat_due(&r, 1000 + PAD_REPEAT_DELAY_MS + PAD_REPEAT_MS));
    CHECK(pad_repeat_due(&r, 100000)); /* after a stall: one repeat, not a burst */
    CHECK(!pad_repeat_due(&r, 100001));
    CHECK(pad_hold(&r, PAD_DIR_NONE, 100002) == 0);
    CHECK(!pad_repeat_due(&r, 200000));
    CHECK(pad_hold(&r, PAD_DIR_UP, 200000) == 1);
    CHECK(strcmp(pad_dir_name(PAD_DIR_UP), "dpup") == 0 && pad_dir_name(PAD_DIR_NONE) == NULL);
}

static void test_padmap(void)
{
    CHECK(strcmp(padmap_key("pad:dpup", true), "up") == 0);
    CHECK(strcmp(padmap_key("pad:b", true), "z") == 0);
    CHECK(strcmp(padmap_key("pad:b", false), "escape") == 0);
    CHECK(strcmp(padmap_key("pad:y", true), "r") == 0);
    CHECK(strcmp(padmap_key("pad:x", true), "y") == 0);
    CHECK(strcmp(padmap_key("pad:a", false), "return") == 0);
    CHECK(strcmp(padmap_key("pad:start", true), "escape") == 0);
    CHECK(strcmp(padmap_key("pad:back", true), "f1") == 0);
    CHECK(padmap_key("pad:y", false) == NULL);
    CHECK(padmap_key("pad:guide", true) == NULL);
    CHECK(padmap_key("dpup", true) == NULL);
    CHECK(padmap_known("pad:added") && padmap_known("pad:rightshoulder") && !padmap_known("pad:bogus"));
}

int main(void)
{
    test_fit();
    test_mouse();
    test_stick_and_repeat();
    test_padmap();
    return check_summary("test_present");
}
