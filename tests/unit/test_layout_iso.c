/* test_layout_iso.c: the isometric view: every pixel maps to the diamond it lies in, clicks
 * land on what is drawn (a block in front hides the cells behind it), drawing works with and
 * without sprites, and hex grids keep the flat layout. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/level.h"
#include "core/rules.h"
#include "core/state.h"
#include "frontend/canvas.h"
#include "frontend/draw.h"
#include "frontend/layout_iso.h"
#include "frontend/view.h"

static int load(state *s, levelset *set, ruleset *r, const char *xsb)
{
    error err;
    if (levelset_parse(set, "t.xsb", xsb, strlen(xsb), FORMAT_XSB, r, &err) != 0 || set->count < 1)
        return -1;
    return state_init(s, &set->levels[0], r);
}

/* Every pixel of the canvas maps to the cell whose diamond holds its centre, or to -1. */
static void test_ground_mapping(void)
{
    grid g;
    view_layout L;
    int px, py, bad = 0, hits = 0;
    CHECK_EQ_INT(grid_init(&g, TOPO_SQUARE, 7, 5), 0);
    view_layout_for(&L, &g, VIEW_ISO, 640, 480, 30, 30);
    CHECK_EQ_INT(L.view, VIEW_ISO);
    CHECK_EQ_INT(L.cell_h * 2, L.cell_w);
    CHECK(L.cell_w >= 8 && L.cell_w % 4 == 0);
    for (py = 0; py < 480; py++)
        for (px = 0; px < 640; px++) {
            int c = view_cell_at(&L, &g, px, py), x, y, w, h;
            if (c < 0) continue;
            hits++;
            view_cell_rect(&L, &g, c, &x, &y, &w, &h);
            /* |dx| / (w/2) + |dy| / (h/2) <= 1 for the pixel centre, in doubled units */
            long dx = labs(2L * px + 1 - (2L * x + w)), dy = labs(2L * py + 1 - (2L * y + h));
            if (dx * h + dy * w > (long)w * h) bad++;
        }
    CHECK_EQ_INT(bad, 0);
    /* the diamonds tile the board: about W*H diamonds of w*h/2 pixels each */
    CHECK(hits > 7 * 5 * (L.cell_w * L.cell_h / 2) * 9 / 10);
    for (int c = 0; c < g.ncells; c++) {
        int x, y, w, h;
        view_cell_rect(&L, &g, c, &x, &y, &w, &h);
        CHECK_EQ_INT(view_cell_at(&L, &g, x + w / 2, y + h / 2), c);
    }
    /* the board sits inside the canvas, between the margins */
    {
        int x, y, w, h;
        view_cell_rect(&L, &g, 0, &x, &y, &w, &h);
        CHECK(y - L.lift >= 30);
        view_cell_rect(&L, &g, g.ncells - 1, &x, &y, &w, &h);
        CHECK(y + h <= 450);
        view_cell_rect(&L, &g, 4 * 7, &x, &y, &w, &h); /* left corner */
        CHECK(x >= 0);
        view_cell_rect(&L, &g, 6, &x, &y, &w, &h); /* right corner */
        CHECK(x + w <= 640);
    }
    grid_free(&g);
}

/* Clicks on raised blocks pick the block, and every walkable cell has a point that picks it. */
static void test_picking(void)
{
    static const char *xsb =
        "#######\n"
        "#  .  #\n"
        "# #$# #\n"
        "# $@$ #\n"
        "#  .. #\n"
        "#######\n";
    ruleset r;
    levelset set;
    state s;
    view_layout L;
    rules_sokoban(&r);
    CHECK_EQ_INT(load(&s, &set, &r, xsb), 0);
    if (set.count < 1) return;
    int top, bottom;
    view_hud_margins(800, 600, &top, &bottom);
    view_layout_for(&L, s.g, VIEW_ISO, 800, 600, top, bottom);
    for (int c = 0; c < s.g->ncells; c++) {
        int px, py;
        CHECK_EQ_INT(view_click_point(&L, &s, c, &px, &py), 0);
        if (rules_flags(&r, s.floor[c]) & TILE_SOLID) continue;
        if (view_pick(&L, &s, px, py) != c)
            fprintf(stderr, "cell %d: click at %d,%d picks %d\n", c, px, py, view_pick(&L, &s, px, py));
        CHECK_EQ_INT(view_pick(&L, &s, px, py), c);
    }
    /* The top of the box at (3,2) is drawn over the floor diamond of (2,1), behind it: a
     * click there is a click on the box, not on the floor. */
    {
        int box = 2 * 7 + 3, x, y, w, h;
        view_cell_rect(&L, s.g, box, &x, &y, &w, &h);
        int top_y = y + h / 2 - (L.cell_w * 64 / 100 / 4 * 4) / 2 * 9 / 8;
        CHECK(view_cell_at(&L, s.g, x + w / 2, top_y) != box);
        CHECK_EQ_INT(view_pick(&L, &s, x + w / 2, top_y), box);
        /* the wall at (2,2) in front of the floor (1,1) is cut down: the floor's centre
         * shows, and the wall's lowered top is the wall */
        view_cell_rect(&L, s.g, 1 * 7 + 1, &x, &y, &w, &h);
        CHECK_EQ_INT(view_pick(&L, &s, x + w / 2, y + h / 2), 1 * 7 + 1);
        view_cell_rect(&L, s.g, 2 * 7 + 2, &x, &y, &w, &h);
        CHECK_EQ_INT(view_pick(&L, &s, x + w / 2, y + h / 2 - h / 8), 2 * 7 + 2);
        /* a box is narrower than its diamond: the floor beside it shows, (1,3) next to the
         * box at (2,3) is picked at its centre */
        view_cell_rect(&L, s.g, 3 * 7 + 1, &x, &y, &w, &h);
        CHECK_EQ_INT(view_pick(&L, &s, x + w / 2, y + h / 2), 3 * 7 + 1);
    }
    CHECK_EQ_INT(view_click_point(&L, &s, -1, &top, &bottom), -1);
    CHECK_EQ_INT(view_click_point(&L, &s, s.g->ncells, &top, &bottom), -1);

    /* Drawing: without sprites (stand-ins), on a canvas and on the null drawer, with marks
     * and a highlight, and with a kept cache of blocks. */
    {
        canvas cv;
        uint8_t marks[42] = {0};
        view_options opt = view_options_default();
        CHECK_EQ_INT(canvas_init(&cv, 800, 600), 0);
        drawer d = drawer_for_canvas(&cv), nd = drawer_null(800, 600);
        marks[2 * 7 + 3] = 1;
        opt.marks = marks;
        opt.highlight = 8;
        view_draw_level(&d, NULL, &s, &L, &opt);
        view_draw_level(&nd, NULL, &s, &L, NULL);
        opt.iso = iso_art_new();
        CHECK(opt.iso != NULL);
        view_draw_level(&d, NULL, &s, &L, &opt);
        iso_art_free(opt.iso);
        /* something was drawn at the player's cell, above its floor centre */
        int x, y, w, h;
        view_cell_rect(&L, s.g, 3 * 7 + 3, &x, &y, &w, &h);
        CHECK(canvas_read_pixel(&cv, x + w / 2, y) == 0xFFFF00FFu ||
              canvas_read_pixel(&cv, x + w / 2, y - h / 4) == 0xFFFF00FFu);
        canvas_free(&cv);
    }
    state_free(&s);
    levelset_free(&set);
}

enum { AS_IS, TURN, MIRROR };

/* The level as it is, turned a quarter clockwise, or mirrored left to right; rows padded to
 * the longest. A new string, NULL when out of memory. */
static char *transform(const char *xsb, int how)
{
    int w = 0, h = 0, n = 0, x = 0, y = 0, k = 0;
    for (const char *p = xsb; *p; p++)
        if (*p == '\n') {
            if (n > w) w = n;
            h++, n = 0;
        } else n++;
    char *in = malloc((size_t)(w * h)), *out = malloc((size_t)((w + 1) * (h + 1) + 1));
    if (!in || !out) {
        free(in);
        free(out);
        return NULL;
    }
    memset(in, ' ', (size_t)(w * h));
    for (const char *p = xsb; *p; p++)
        if (*p == '\n') y++, x = 0;
        else in[y * w + x++] = *p;
    int ow = how == TURN ? h : w, oh = how == TURN ? w : h;
    for (y = 0; y < oh; y++) {
        for (x = 0; x < ow; x++)
            out[k++] = how == TURN ? in[(h - 1 - x) * w + y] : in[y * w + (how == MIRROR ? w - 1 - x : x)];
        out[k++] = '\n';
    }
    out[k] = 0;
    free(in);
    return out;
}

/* Nothing that matters hides behind a wall: the middle of every floor diamond shows (its
 * goal, a box or the player on it), the walls in front of floors cut down; the back walls, with
 * only walls or the outside behind them, stand full so the room reads as a room. Levels
 * turned and mirrored, so walls in front from every side are met. */
static void test_nothing_hidden(void)
{
    static const char *levels[] = {
        "#######\n"
        "#  .  #\n"
        "# #$# #\n"
        "# $@$ #\n"
        "#  .. #\n"
        "#######\n",
        "  ####\n"
        "###  ####\n"
        "#.$ @#. #\n"
        "# ## $  #\n"
        "#  .#*# #\n"
        "##  $   #\n"
        " ########\n",
    };
    ruleset r;
    rules_sokoban(&r);
    int worst = 100, full_walls = 0;
    for (size_t i = 0; i < sizeof levels / sizeof *levels; i++)
        for (int v = 0; v < 8; v++) {
            /* v & 3 quarter turns, mirrored from v = 4 on */
            char *xsb = transform(levels[i], v >= 4 ? MIRROR : AS_IS);
            for (int t = 0; t < (v & 3) && xsb; t++) {
                char *turned = transform(xsb, TURN);
                free(xsb);
                xsb = turned;
            }
            levelset set;
            state s;
            view_layout L;
            int top, bottom;
            CHECK(xsb != NULL);
            if (!xsb) return;
            CHECK_EQ_INT(load(&s, &set, &r, xsb), 0);
            const char *dbg = xsb;
            view_hud_margins(800, 600, &top, &bottom);
            view_layout_for(&L, s.g, VIEW_ISO, 800, 600, top, bottom);
            for (int c = 0; c < s.g->ncells; c++) {
                uint32_t f = rules_flags(&r, s.floor[c]);
                int x, y, w, h, seen = 0, all = 0;
                view_cell_rect(&L, s.g, c, &x, &y, &w, &h);
                if (f & TILE_VOID || s.floor[c] == 0) continue;
                if (f & TILE_SOLID) {
                    /* a wall whose top is drawn at full height */
                    if (view_pick(&L, &s, x + w / 2, y + h / 2 - L.lift) == c) full_walls++;
                    continue;
                }
                /* the inner diamond, half the size, is where a goal's mark and the
                 * foot of a box or the player are drawn */
                for (int py = y; py < y + h; py++)
                    for (int px = x; px < x + w; px++) {
                        if (view_cell_at(&L, s.g, px, py) != c) continue;
                        int dx = 2 * px - (2 * x + w), dy = 2 * py - (2 * y + h);
                        if (dx < 0) dx = -dx;
                        if (dy < 0) dy = -dy;
                        if ((long)dx * h + (long)dy * w > (long)w * h / 2) continue;
                        int at = view_pick(&L, &s, px, py);
                        all++;
                        /* only walls count here: a box in front may hide a floor, as
                         * boxes are moved and the player sees round them */
                        seen += at == c || at < 0 || !(rules_flags(&r, s.floor[at]) & TILE_SOLID);
                    }
                if (all && seen * 100 / all < worst) {
                    worst = seen * 100 / all;
                    fprintf(stderr, "level %zu/%d cell %d,%d: %d%% of the middle shows\n%s", i, v,
                            c % s.g->w, c / s.g->w, worst, dbg);
                }
            }
            state_free(&s);
            levelset_free(&set);
            free(xsb);
        }
    fprintf(stderr, "test_layout_iso: at worst %d%% of a floor's middle shows\n", worst);
    CHECK(worst >= 90);
    CHECK(full_walls > 0);
}

/* Hex grids cannot be drawn isometrically: they keep the flat layout. */
static void test_hex_stays_flat(void)
{
    grid g;
    view_layout L;
    view_kind v;
    CHECK_EQ_INT(grid_init(&g, TOPO_HEX, 6, 4), 0);
    CHECK(!view_supports(VIEW_ISO, TOPO_HEX));
    CHECK(view_supports(VIEW_FLAT, TOPO_HEX) && view_supports(VIEW_ISO, TOPO_SQUARE));
    view_layout_for(&L, &g, VIEW_ISO, 640, 480, 30, 30);
    CHECK_EQ_INT(L.view, VIEW_FLAT);
    CHECK_EQ_INT(view_kind_from_name("iso", &v), 0);
    CHECK_EQ_INT(v, VIEW_ISO);
    CHECK_EQ_INT(view_kind_from_name("cube", &v), -1);
    CHECK(!strcmp(view_kind_name(VIEW_FLAT), "flat"));
    grid_free(&g);
}

int main(void)
{
    test_ground_mapping();
    test_picking();
    test_nothing_hidden();
    test_hex_stays_flat();
    return check_summary("test_layout_iso");
}
