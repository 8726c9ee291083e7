/* test_skins.c: skins chosen by name: the bundled "minimal" skin, a user's skin in the data
 * folder (its sprites first, the default's for the rest), and bad skins reported at
 * skin.lua:line while the caller keeps its sheet. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/skins.h"
#include "check.h"
#include "frontend/canvas.h"

static app_paths paths;
static char home[256];

static void write_file(const char *name, const char *text)
{
    char dir[512], path[600];
    snprintf(dir, sizeof dir, "%s/skins", home);
    mkdir(dir, 0755);
    snprintf(dir, sizeof dir, "%s/skins/mine", home);
    mkdir(dir, 0755);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* A 64 x 32 picture: left half green, right half blue. */
static void write_sheet(void)
{
    canvas c;
    if (canvas_init(&c, 64, 32) != 0) return;
    canvas_fill_rect(&c, 0, 0, 32, 32, 0xFF00FF00u);
    canvas_fill_rect(&c, 32, 0, 32, 32, 0xFF0000FFu);
    char path[600];
    snprintf(path, sizeof path, "%s/skins/mine/sheet.png", home);
    error err;
    canvas_write_png(&c, path, &err);
    canvas_free(&c);
}

static int load_error(const char *lua, error *err)
{
    write_file("skin.lua", lua);
    sprites sh;
    int rc = skins_load(&paths, "mine", &sh, err);
    if (rc == 0) sprites_free(&sh);
    return rc;
}

int main(int argc, char **argv)
{
    (void)argc;
    if (paths_init(&paths, argv[0]) != 0) {
        fprintf(stderr, "test_skins: no data root (the bundled skins are in the repository)\n");
        return 1;
    }
    snprintf(home, sizeof home, "/tmp/tessera-skins-XXXXXX");
    if (!mkdtemp(home)) return 1;
    snprintf(paths.data_home, sizeof paths.data_home, "%s", home);
    sprites sh;
    error err;

    /* The bundled minimal skin has every sprite the default has. */
    sprites def;
    CHECK(skins_load(&paths, "default", &def, &err) == 0);
    CHECK(skins_load(&paths, "minimal", &sh, &err) == 0);
    for (int i = 0; i < def.count; i++) CHECK(sprites_find(&sh, def.list[i].name) >= 0);
    const sprite *floor_sp = sprites_get(&sh, sprites_find(&sh, "floor"));
    CHECK(floor_sp && floor_sp->w == 32); /* its own 32-pixel tiles, not the default's */
    sprites_free(&sh);

    /* A user's skin: two tiles; the rest come from the default sheet. */
    write_file("skin.lua", "skin { name = 'Mine', image = 'sheet.png', tile_size = 32 }\n"
                           "tile('floor', 0, 0)\nrect('wall', 32, 0, 32, 32)\n");
    write_sheet();
    CHECK(skins_load(&paths, "mine", &sh, &err) == 0);
    int fi = sprites_find(&sh, "floor"), wi = sprites_find(&sh, "wall"), pi = sprites_find(&sh, "player");
    CHECK(fi >= 0 && wi >= 0 && pi >= 0);
    if (fi >= 0 && wi >= 0 && pi >= 0) {
        const sprite *f = sprites_get(&sh, fi), *w = sprites_get(&sh, wi), *p = sprites_get(&sh, pi);
        CHECK(sh.sheet.px[f->y * sh.sheet.w + f->x + 5] == 0xFF00FF00u);
        CHECK(sh.sheet.px[w->y * sh.sheet.w + w->x + 5] == 0xFF0000FFu);
        CHECK(p->y >= 32 && p->w == 64); /* the default's player, below the skin's picture */
    }
    /* On hex grids its floor and wall are its own pictures cut to the default's hexagon (they
     * were the default's hex floor and wall); the goal it has not is the default's. */
    int hf = sprites_find(&sh, "hex_floor"), hw = sprites_find(&sh, "hex_wall"), hg = sprites_find(&sh, "hex_goal");
    int dhf = sprites_find(&def, "hex_floor"), dhg = sprites_find(&def, "hex_goal");
    CHECK(hf >= 0 && hw >= 0 && hg >= 0 && dhf >= 0 && dhg >= 0);
    if (hf >= 0 && hw >= 0 && hg >= 0 && dhf >= 0 && dhg >= 0) {
        const sprite *f = sprites_get(&sh, hf), *w = sprites_get(&sh, hw), *g = sprites_get(&sh, hg);
        const sprite *df = sprites_get(&def, dhf), *dg = sprites_get(&def, dhg);
        CHECK(f->w == 32 && f->h == 32 && w->w == 32);
        CHECK_EQ_INT((int)sh.sheet.px[(f->y + 16) * sh.sheet.w + f->x + 16], (int)0xFF00FF00u);
        CHECK_EQ_INT((int)sh.sheet.px[(w->y + 16) * sh.sheet.w + w->x + 16], (int)0xFF0000FFu);
        /* A corner outside the hexagon is as clear as the default's. */
        CHECK((def.sheet.px[df->y * def.sheet.w + df->x] >> 24) == 0);
        CHECK((sh.sheet.px[f->y * sh.sheet.w + f->x] >> 24) == 0);
        CHECK(sh.sheet.px[(g->y + 32) * sh.sheet.w + g->x + 32] == def.sheet.px[(dg->y + 32) * def.sheet.w + dg->x + 32]);
    }
    sprites_free(&sh);
    /* Large tiles: nine floors of 1024 pixels, their hex cuts 9216 pixels side by side, more
     * than a picture may be wide: the cuts go in rows, and the skin loads. */
    {
        canvas big;
        CHECK(canvas_init(&big, 3072, 3072) == 0);
        canvas_fill_rect(&big, 0, 0, 3072, 3072, 0xFF804020u);
        char path[600];
        snprintf(path, sizeof path, "%s/skins/mine/sheet.png", home);
        CHECK(canvas_write_png(&big, path, &err) == 0);
        canvas_free(&big);
        static const char *const floors[9] = { "floor", "wall", "goal", "ice", "hole", "hole_filled",
                                               "goal_red", "goal_blue", "goal_green" };
        char lua[1024];
        int k = snprintf(lua, sizeof lua, "skin { name = 'Big', image = 'sheet.png', tile_size = 1024 }\n");
        for (int i = 0; i < 9; i++)
            k += snprintf(lua + k, sizeof lua - (size_t)k, "tile('%s', %d, %d)\n", floors[i], i % 3, i / 3);
        write_file("skin.lua", lua);
        CHECK(skins_load(&paths, "mine", &sh, &err) == 0);
        int cut = sprites_find(&sh, "hex_goal_green");
        CHECK(cut >= 0 && sh.sheet.w <= 8192);
        if (cut >= 0) {
            const sprite *g = sprites_get(&sh, cut);
            CHECK(g->w == 1024 && sh.sheet.px[(size_t)(g->y + 512) * (size_t)sh.sheet.w + (size_t)g->x + 512] == 0xFF804020u);
            sprites_free(&sh);
        }
        /* A sheet too tall to stack over the default's says so (it said "out of memory"). */
        CHECK(canvas_init(&big, 32, 8100) == 0);
        canvas_fill_rect(&big, 0, 0, 32, 8100, 0xFF804020u);
        CHECK(canvas_write_png(&big, path, &err) == 0);
        canvas_free(&big);
        write_file("skin.lua", "skin { name = 'Tall', image = 'sheet.png', tile_size = 32 }\ntile('floor', 0, 0)\n");
        CHECK(skins_load(&paths, "mine", &sh, &err) != 0);
        CHECK_STR_HAS(err.msg, "pixels high (at most 8192)");
        write_sheet();
        write_file("skin.lua", "skin { name = 'Mine', image = 'sheet.png', tile_size = 32 }\n"
                               "tile('floor', 0, 0)\nrect('wall', 32, 0, 32, 32)\n");
    }
    /* The same skin by its folder. */
    char dir[600];
    snprintf(dir, sizeof dir, "%s/skins/mine", home);
    CHECK(skins_load(&paths, dir, &sh, &err) == 0);
    sprites_free(&sh);

    /* Mistakes name skin.lua and the line. */
    CHECK(load_error("skin { image = 'sheet.png', tile_size = 32 }\ntile('floor', 0, 0)\ntile('wall', 5, 0)\n", &err) != 0);
    CHECK_STR_HAS(err.file, "skin.lua");
    CHECK_EQ_INT(err.line, 3);
    CHECK_STR_HAS(err.msg, "outside the 64x32 picture");
    CHECK(load_error("skin { image = 'sheet.png', tile_size = 32 }\n\ntile('floor', 0, 0\n", &err) != 0);
    CHECK_STR_HAS(err.file, "skin.lua");
    CHECK(err.line >= 3);
    CHECK(load_error("skin { image = 'sheet.png', tile_sise = 32 }\n", &err) != 0);
    CHECK_EQ_INT(err.line, 1);
    CHECK_STR_HAS(err.msg, "no field 'tile_sise'");
    CHECK(load_error("skin { image = 'sheet.png', tile_size = 32 }\ntile('floor', 0, 0)\ntile('floor', 1, 0)\n", &err) != 0);
    CHECK_EQ_INT(err.line, 3);
    CHECK_STR_HAS(err.msg, "given twice (first at line 2)");
    CHECK(load_error("skin { image = 'sheet.png', tile_size = 32 }\ntile('floor', 1 << 59, 0)\n", &err) != 0);
    CHECK_EQ_INT(err.line, 2);
    CHECK_STR_HAS(err.msg, "is not a tile of the sheet");
    CHECK(load_error("tile('floor', 0, 0)\n", &err) != 0);
    CHECK_STR_HAS(err.msg, "must come before");
    CHECK(load_error("skin { image = '../../etc/passwd' }\n", &err) != 0);
    CHECK_STR_HAS(err.msg, "must lie in the skin's folder");
    CHECK(load_error("skin { image = 'missing.png', tile_size = 32 }\ntile('floor', 0, 0)\n", &err) != 0);
    CHECK_STR_HAS(err.file, "missing.png");
    CHECK(load_error("skin { image = 'sheet.png', tile_size = 32 }\nwhile true do end\n", &err) != 0);
    CHECK_STR_HAS(err.msg, "too long");
    CHECK(load_error("skin { image = 'sheet.png', tile_size = 32 }\nos.execute('true')\n", &err) != 0);
    CHECK(skins_load(&paths, "nosuchskin", &sh, &err) != 0);
    CHECK_STR_HAS(err.msg, "no skin 'nosuchskin'");
    CHECK(skins_load(&paths, "../x", &sh, &err) != 0);

    /* The app keeps its sheet when a skin fails. */
    app a;
    CHECK(app_init(&a, &paths, 320, 240, &err) == 0);
    int before = a.sheet.count;
    CHECK(app_set_skin(&a, "nosuchskin", &err) != 0);
    CHECK(a.have_sheet && a.sheet.count == before);
    CHECK(app_set_skin(&a, "minimal", &err) == 0);
    app_free(&a);

    sprites_free(&def);
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", home);
    if (system(cmd) != 0) fprintf(stderr, "test_skins: could not remove %s\n", home);
    return check_summary("test_skins");
}
