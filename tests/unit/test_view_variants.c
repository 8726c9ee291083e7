/* test_view_variants.c: what the variants add to the level view, drawn with the real sprite
 * sheet: a crate on the goal of its colour blinks on a running clock (and is still in a
 * still frame, and in games without colours), and the active one of several players stands
 * on a ring; level thumbnails show the tiles a script gives meaning to. Fails when the sheet is
 * not found. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/engine.h"
#include "core/level.h"
#include "core/state.h"
#include "frontend/canvas.h"
#include "frontend/sprite_names.h"
#include "frontend/sprites.h"
#include "frontend/view.h"

static sprites sheet;

typedef struct scene {
    ruleset r;
    levelset set;
    state s;
    canvas c;
    view_layout L;
} scene;

static int scene_open(scene *sc, const char *xsb, bool coloured)
{
    error err;
    rules_sokoban(&sc->r);
    if (coloured) {
        int box = rules_add_tile(&sc->r, "red box", LAYER_OBJECT, TILE_PUSHABLE, 1, "box_red");
        int goal = rules_add_tile(&sc->r, "red goal", LAYER_FLOOR, TILE_GOAL, 1, "goal_red");
        rules_set_glyph(&sc->r, 'd', goal, box);
    }
    if (levelset_parse(&sc->set, "t.xsb", xsb, strlen(xsb), FORMAT_XSB, &sc->r, &err) != 0) return -1;
    if (state_init(&sc->s, &sc->set.levels[0], &sc->r) != 0) return -1;
    if (canvas_init(&sc->c, 320, 240) != 0) return -1;
    view_layout_compute(&sc->L, sc->s.g, 320, 240, 0, 0);
    return 0;
}

static void scene_close(scene *sc)
{
    canvas_free(&sc->c);
    state_free(&sc->s);
    levelset_free(&sc->set);
}

/* The pixel at (fx, fy) (fractions of the cell) of cell after drawing with this clock. */
static uint32_t pixel(scene *sc, int cell, long clock_ms, double fx, double fy)
{
    drawer d = drawer_for_canvas(&sc->c);
    view_options opt = view_options_default();
    opt.clock_ms = clock_ms;
    view_draw_level(&d, &sheet, &sc->s, &sc->L, &opt);
    int x, y, w, h;
    view_cell_rect(&sc->L, sc->s.g, cell, &x, &y, &w, &h);
    return canvas_read_pixel(&sc->c, x + (int)(w * fx), y + (int)(h * fy));
}

static void test_blink(void)
{
    scene sc;
    CHECK_EQ_INT(scene_open(&sc, "#####\n#@ d#\n#####\n", true), 0);
    const int cell = 5 + 3;
    CHECK(state_box_on_goal(&sc.s, cell));
    uint32_t still = pixel(&sc, cell, -1, 0.3, 0.5);
    CHECK(pixel(&sc, cell, 0, 0.3, 0.5) == still);           /* the pulse starts bright */
    CHECK(pixel(&sc, cell, 450, 0.3, 0.5) != still);         /* and fades half a period on */
    CHECK(pixel(&sc, cell, 900, 0.3, 0.5) == still);
    scene_close(&sc);

    /* Plain Sokoban does not blink. */
    CHECK_EQ_INT(scene_open(&sc, "#####\n#@ *#\n#####\n", false), 0);
    CHECK(pixel(&sc, cell, 450, 0.3, 0.5) == pixel(&sc, cell, -1, 0.3, 0.5));
    scene_close(&sc);
}

static void test_active_ring(void)
{
    scene sc;
    CHECK_EQ_INT(scene_open(&sc, "#######\n#@ $ .#\n#@ $ .#\n#######\n", false), 0);
    const int first = 7 + 1, second = 14 + 1;
    /* The ring sits low in the cell, under the player's feet and beside them. */
    uint32_t on = pixel(&sc, first, -1, 0.14, 0.78);
    uint32_t off = pixel(&sc, second, -1, 0.14, 0.78);
    CHECK(on != off);
    CHECK_EQ_INT(engine_select_player(&sc.s, 1), 0);
    CHECK(pixel(&sc, first, -1, 0.14, 0.78) == off);
    CHECK(pixel(&sc, second, -1, 0.14, 0.78) == on);
    scene_close(&sc);
}

/* Level thumbnails: tiles whose meaning lies in a script's rules (plain floors other than
 * the floor, objects that are neither boxes, players nor walls) are drawn in their sprites'
 * colours, so that the lit and dark lights of Lights Out, or a key, show in the level list. */
static void test_thumbnail_art(void)
{
    ruleset r;
    levelset set;
    canvas c;
    error err;
    rules_sokoban(&r);
    int lit = rules_add_tile(&r, "lit", LAYER_FLOOR, 0, 0, "light_on");
    int dark = rules_add_tile(&r, "dark", LAYER_FLOOR, 0, 0, "light_off");
    int key = rules_add_tile(&r, "key", LAYER_OBJECT, 0, 0, "key");
    CHECK(lit > 0 && dark > 0 && key > 0);
    rules_set_glyph(&r, 'O', lit, 0);
    rules_set_glyph(&r, 'o', dark, 0);
    rules_set_glyph(&r, 'k', rules_find_tile(&r, "floor"), key);
    const char *xsb = "######\n#@Oo*#\n#k   #\n######\n";
    CHECK_EQ_INT(levelset_parse(&set, "t.xsb", xsb, strlen(xsb), FORMAT_XSB, &r, &err), 0);
    CHECK_EQ_INT(canvas_init(&c, 240, 160), 0);
    drawer d = drawer_for_canvas(&c);
    /* 6 x 4 cells of 40 pixels: the centre of cell (col, row). */
#define AT(col, row) canvas_read_pixel(&c, (col) * 40 + 20, (row) * 40 + 20)
    view_draw_thumbnail(&d, &set.levels[0], &r, &sheet, 0, 0, 240, 160);
    uint32_t floor = AT(2, 2), on = AT(2, 1), off = AT(3, 1), k = AT(1, 2);
    CHECK(on != off);
    CHECK(on != floor && off != floor);
    CHECK(k != floor);
    /* The lit light reads warm: more red than blue. */
    CHECK(((on >> 16) & 0xFF) > (on & 0xFF));
    /* Without a sheet, they are all plain floor and the key is not drawn. */
    view_draw_thumbnail(&d, &set.levels[0], &r, NULL, 0, 0, 240, 160);
    CHECK(AT(2, 1) == floor && AT(3, 1) == floor && AT(1, 2) == floor);
#undef AT
    canvas_free(&c);
    levelset_free(&set);
}

/* A game with no tile named "floor" takes its first plain floor tile as the plain floor, which
 * may be a see-through picture such as an arrow. A key (see-through too) lies on that plain
 * floor only when its picture is opaque: here it lies on nothing, exactly as when the plain
 * floor draws nothing at all, and no ghost arrow shows under it. */
static void test_no_floor_tile(void)
{
    scene sc;
    rules_sokoban(&sc.r);
    int arrow = rules_add_tile(&sc.r, "arrow", LAYER_FLOOR, 0, 0, "arrow_up");
    int key = rules_add_tile(&sc.r, "key", LAYER_FLOOR, 0, 0, "key");
    CHECK(arrow > 0 && key > 0);
    rules_set_glyph(&sc.r, '^', arrow, 0);
    rules_set_glyph(&sc.r, 'k', key, 0);
    error err;
    const char *xsb = "#####\n#@^k#\n#####\n";
    CHECK_EQ_INT(levelset_parse(&sc.set, "t.xsb", xsb, strlen(xsb), FORMAT_XSB, &sc.r, &err), 0);
    CHECK_EQ_INT(state_init(&sc.s, &sc.set.levels[0], &sc.r), 0);
    CHECK_EQ_INT(canvas_init(&sc.c, 320, 240), 0);
    view_layout_compute(&sc.L, sc.s.g, 320, 240, 0, 0);
    int differ = 0, arrow_shows = 0;
    for (int i = 1; i < 10; i++)
        for (int j = 1; j < 10; j++) {
            sc.r.floor_id = (uint8_t)arrow;
            uint32_t on_arrow = pixel(&sc, 1 * 5 + 3, 0, i / 10.0, j / 10.0);
            uint32_t arrow_px = pixel(&sc, 1 * 5 + 2, 0, i / 10.0, j / 10.0);
            sc.r.floor_id = sc.r.void_id;
            uint32_t on_nothing = pixel(&sc, 1 * 5 + 3, 0, i / 10.0, j / 10.0);
            differ += on_arrow != on_nothing;
            arrow_shows += on_arrow == arrow_px && on_arrow != on_nothing;
        }
    CHECK_EQ_INT(differ, 0);
    CHECK_EQ_INT(arrow_shows, 0);
    scene_close(&sc);
}

/* Every floor picture of the sheet that fills its square has a hex_ cut: drawn square on a hex
 * grid it would overlap the next row. (Transparent floors such as arrows lie on hex_floor.) */
static void test_hex_floors(void)
{
    int missing = 0, checked = 0;
    for (const sprite_doc *d = sprite_catalogue; d->name; d++) {
        int i = sprites_find(&sheet, d->name);
        if (d->kind != SPRITE_FLOOR || i < 0 || sprites_transparent(&sheet, i)) continue;
        if (!strncmp(d->name, "hex_", 4) || !strcmp(d->name, "tile_blank")) continue;
        char hex[64];
        snprintf(hex, sizeof hex, "hex_%s", d->name);
        checked++;
        if (sprites_find(&sheet, hex) < 0) {
            fprintf(stderr, "test_view_variants: '%s' fills its square but has no '%s'\n", d->name, hex);
            missing++;
        }
    }
    CHECK(checked >= 10);
    CHECK_EQ_INT(missing, 0);
}

/* On hexagons a see-through floor (an arrow, a key, a target) lies on the plain floor as on
 * squares. hex_floor's corners outside its hexagon are clear, which once made it count as
 * see-through itself, so nothing was drawn under such a floor: a dark hole in the board with
 * the arrow floating in it. Every pixel of the arrow's hexagon is drawn on now. */
static void test_hex_transparent_floor(void)
{
    scene sc;
    rules_sokoban(&sc.r);
    sc.r.topo = TOPO_HEX;
    int arrow = rules_add_tile(&sc.r, "arrow", LAYER_FLOOR, 0, 0, "arrow_up");
    CHECK(arrow > 0);
    rules_set_glyph(&sc.r, '^', arrow, 0);
    error err;
    const char *xsb = "#####\n#@^ #\n#####\n";
    CHECK_EQ_INT(levelset_parse(&sc.set, "t.hsb", xsb, strlen(xsb), FORMAT_XSB, &sc.r, &err), 0);
    CHECK_EQ_INT(state_init(&sc.s, &sc.set.levels[0], &sc.r), 0);
    CHECK(sc.s.g->topo == TOPO_HEX);
    CHECK_EQ_INT(canvas_init(&sc.c, 320, 240), 0);
    view_layout_compute(&sc.L, sc.s.g, 320, 240, 0, 0);
    drawer d = drawer_for_canvas(&sc.c);
    view_options opt = view_options_default();
    opt.no_background = true;
    canvas_clear(&sc.c, 0);
    view_draw_level(&d, &sheet, &sc.s, &sc.L, &opt);
    int x, y, w, h, holes = 0, tried = 0;
    view_cell_rect(&sc.L, sc.s.g, 5 + 2, &x, &y, &w, &h);
    /* the points well inside the hexagon: |u| < 0.8 of the half width, |v| < 0.8 - |u| / 2 */
    for (int i = 1; i < 20; i++)
        for (int j = 1; j < 20; j++) {
            double u = (i - 10) / 10.0, v = (j - 10) / 10.0;
            if ((u < 0 ? -u : u) > 0.8 || (v < 0 ? -v : v) > 0.8 - (u < 0 ? -u : u) / 2) continue;
            tried++;
            uint32_t px = canvas_read_pixel(&sc.c, x + (int)(w * (0.5 + u / 2)), y + (int)(h * (0.5 + v / 2)));
            holes += (px >> 24) != 0xFF;
        }
    CHECK(tried > 100);
    CHECK_EQ_INT(holes, 0);
    scene_close(&sc);
}

int main(void)
{
    const char *data = getenv("TESSERA_DATA");
    char png[1024], atlas[1024];
    error err;
    snprintf(png, sizeof png, "%s/assets/sprites.png", data ? data : "..");
    snprintf(atlas, sizeof atlas, "%s/assets/sprites.txt", data ? data : "..");
    if (sprites_load(png, atlas, &sheet, &err) != 0) {
        char buf[ERROR_TEXT_MAX + 300];
        /* The sheet is in the repository: not loading it is a failure, never a skip. */
        fprintf(stderr, "test_view_variants: the bundled sprite sheet does not load: %s\n", error_format(&err, buf, sizeof buf));
        return 1;
    }
    test_blink();
    test_active_ring();
    test_thumbnail_art();
    test_no_floor_tile();
    test_hex_floors();
    test_hex_transparent_floor();
    sprites_free(&sheet);
    return check_summary("test_view_variants");
}
