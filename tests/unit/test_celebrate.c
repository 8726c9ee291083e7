/* test_celebrate.c: the burst over a solved level: it draws around every goal while it runs,
 * changes as it goes, and draws nothing once CELEBRATE_MS have passed. */
#include <string.h>

#include "check.h"
#include "core/level.h"
#include "core/state.h"
#include "frontend/canvas.h"
#include "frontend/celebrate.h"
#include "frontend/view.h"

static int differing(const canvas *a, const canvas *b)
{
    int n = 0;
    for (int y = 0; y < a->h; y++)
        for (int x = 0; x < a->w; x++) n += canvas_read_pixel(a, x, y) != canvas_read_pixel(b, x, y);
    return n;
}

int main(void)
{
    ruleset r;
    levelset set;
    state s;
    error err;
    rules_sokoban(&r);
    const char *xsb = "#######\n#@ *  #\n#   * #\n#######\n";
    CHECK(levelset_parse(&set, "t.xsb", xsb, strlen(xsb), FORMAT_XSB, &r, &err) == 0);
    CHECK(state_init(&s, &set.levels[0], &r) == 0);
    canvas before, after;
    CHECK(canvas_init(&before, 320, 240) == 0 && canvas_init(&after, 320, 240) == 0);
    view_layout L;
    view_layout_compute(&L, s.g, 320, 240, 0, 0);
    drawer d = drawer_for_canvas(&after);
    long times[] = { 0, 300, 500, 800 };   /* 0: the flash covers all */
    int prev = -1;
    for (size_t i = 0; i < sizeof times / sizeof *times; i++) {
        canvas_clear(&before, 0xFF000000u);
        canvas_clear(&after, 0xFF000000u);
        CHECK(celebrate_draw(&d, &L, &s, times[i]));
        int n = differing(&before, &after);
        CHECK(n > 50);                       /* something to see */
        CHECK(n != prev);                    /* and it moves */
        prev = n;
        /* Near a goal's centre early on: the ring starts there. */
        if (times[i] == 300) {
            int x, y, w, h;
            view_cell_rect(&L, s.g, grid_cell(s.g, 3, 1), &x, &y, &w, &h);
            int lit = 0;
            for (int yy = y - h; yy < y + 2 * h; yy++)
                for (int xx = x - w; xx < x + 2 * w; xx++)
                    if (xx >= 0 && yy >= 0 && xx < 320 && yy < 240) lit += canvas_read_pixel(&after, xx, yy) != 0xFF000000u;
            CHECK(lit > 10);
        }
    }
    canvas_clear(&after, 0xFF000000u);
    CHECK(!celebrate_draw(&d, &L, &s, CELEBRATE_MS));
    CHECK(!celebrate_draw(&d, &L, &s, -1));
    canvas_clear(&before, 0xFF000000u);
    CHECK_EQ_INT(differing(&before, &after), 0); /* over: nothing drawn */
    canvas_free(&before);
    canvas_free(&after);
    state_free(&s);
    levelset_free(&set);
    return check_summary("test_celebrate");
}
