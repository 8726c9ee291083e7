/* test_view_variants.c: what the variants add to the level view, drawn with the real sprite
 * sheet: a crate on the goal of its colour blinks on a running clock (and is still in a
 * still frame, and in games without colours), and the active one of several players stands
 * on a ring. Skips, saying so, when the sheet is not found. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/engine.h"
#include "core/level.h"
#include "core/state.h"
#include "frontend/canvas.h"
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
    sprites_free(&sheet);
    return check_summary("test_view_variants");
}
