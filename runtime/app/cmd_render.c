/* cmd_render.c: `tessera render GAME [FILE] [--level N] [--view iso] [--image F] --out OUT.png`: one frame of the
 * play screen drawn headless, exactly as the window would show it. */
#include <stdio.h>
#include <string.h>

#include "app/app.h"
#include "app/cli.h"
#include "app/picture_mode.h"
#include "app/skins.h"

int cmd_render(const app_paths *p, int argc, char **argv)
{
    const char *gname = NULL, *file = NULL, *out = NULL, *view = "flat", *skin = NULL, *image_file = NULL;
    int level_no = 0, w = 960, h = 720;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--level") || !strcmp(a, "--out") || !strcmp(a, "--size") || !strcmp(a, "--view") || !strcmp(a, "--skin") ||
            !strcmp(a, "--image")) {
            if (cli_need_value("render", argc, argv, i) != 0) return EXIT_BAD_INPUT;
            const char *v = argv[++i];
            if (!strcmp(a, "--level") && cli_int_arg("render", a, v, 1, 1000000, &level_no) != 0) return EXIT_BAD_INPUT;
            if (!strcmp(a, "--size") && cli_size_arg("render", a, v, &w, &h) != 0) return EXIT_BAD_INPUT;
            if (!strcmp(a, "--out")) out = v;
            if (!strcmp(a, "--view")) view = v;
            if (!strcmp(a, "--skin")) skin = v;
            if (!strcmp(a, "--image")) image_file = v;
        } else if (a[0] == '-' && a[1]) {
            cli_bad_option("render", a);
            return EXIT_BAD_INPUT;
        } else if (!gname) gname = a;
        else if (!file) file = a;
        else {
            fprintf(stderr, "tessera render: too many arguments ('%s')\n", a);
            return EXIT_BAD_INPUT;
        }
    }
    if (!gname || !out) {
        cli_usage("render");
        return EXIT_BAD_INPUT;
    }
    view_kind vk;
    if (view_kind_from_name(view, &vk) != 0) {
        fprintf(stderr, "tessera render: unknown view '%s' (flat or iso)\n", view);
        return EXIT_BAD_INPUT;
    }
    error err;
    char buf[ERROR_TEXT_MAX + 300];
    app a;
    int rc = EXIT_OK;
    int init_ok = app_init(&a, p, w, h, &err) == 0;
    a.no_saves = true; /* a picture of a level never reads or writes the player's saves */
    if (!init_ok || app_play(&a, gname, file, level_no, &err) != 0 ||
        app_set_view(&a, vk, &err) != 0 || (image_file && picture_mode_set_image(&a, image_file, &err) != 0))
        rc = EXIT_BAD_INPUT;
    else {
        if (skin && app_set_skin(&a, skin, &err) != 0)
            fprintf(stderr, "tessera: %s (drawing with the default skin)\n", error_format(&err, buf, sizeof buf));
        app_draw(&a);
        if (canvas_write_png(&a.cv, out, &err) != 0) rc = EXIT_BAD_INPUT;
    }
    if (rc != EXIT_OK) fprintf(stderr, "%s\n", error_format(&err, buf, sizeof buf));
    app_free(&a);
    return rc;
}
