/* picture_mode.c: which picture a sliding puzzle shows, and when it is (re)loaded. */
#include "app/picture_mode.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/confine.h"
#include "script/game.h"

/* Where the picture comes from: --image as given (the player's file), else the game's image
 * field, read as the game's script may read (beside the script, or wherever its roots
 * allow), else from the bundled assets (and nowhere else). "" when there is none. */
enum source { FROM_PLAYER, FROM_GAME, FROM_ASSETS };

static enum source resolve(const app *a, char *out, size_t size)
{
    out[0] = '\0';
    if (a->image_arg[0]) {
        snprintf(out, size, "%s", a->image_arg);
        return FROM_PLAYER;
    }
    const char *name = game_image(a->s.game);
    if (!name || !name[0]) return FROM_PLAYER;
    if (game_may_read(a->s.game, name) || name[0] == '/') {
        char dir[PATH_MAX_LEN];
        snprintf(dir, sizeof dir, "%s", game_path(a->s.game));
        char *slash = strrchr(dir, '/');
        if (slash) *slash = '\0';
        else snprintf(dir, sizeof dir, ".");
        if (name[0] == '/') snprintf(out, size, "%s", name);
        else path_join(out, size, dir, name);
        return FROM_GAME;
    }
    path_join(out, size, a->paths->assets, name);
    return FROM_ASSETS;
}

/* The picture's bytes from where resolve said, confined as it said; decoded into p. */
static int load_confined(app *a, enum source from, const char *path, picture *p, error *err)
{
    memset(p, 0, sizeof *p);
    size_t len;
    char *bytes;
    if (from == FROM_GAME) {
        bytes = game_read_path(a->s.game, path, true, IMAGE_FILE_MAX, &len, err);
    } else {
        confine *assets = confine_new();
        if (assets) confine_add(assets, a->paths->assets);
        bytes = confine_read(assets, NULL, path, IMAGE_FILE_MAX, &len, NULL, 0, err);
        confine_free(assets);
    }
    if (!bytes) {
        char why[ERROR_TEXT_MAX];
        snprintf(why, sizeof why, "%s", err->msg);
        return error_set(err, path, 0, 0, "cannot open image: %s", why);
    }
    int rc = image_decode(path, (const unsigned char *)bytes, len, &p->src, err);
    free(bytes);
    return rc;
}

static void drop(app *a)
{
    if (a->have_pic) picture_free(&a->pic);
    a->have_pic = false;
}

/* Loads path unless it is the one tried last; 0, or -1 with err when it failed now. */
static int load(app *a, enum source from, const char *path, error *err)
{
    if (!strcmp(path, a->pic_tried)) return 0;
    drop(a);
    snprintf(a->pic_tried, sizeof a->pic_tried, "%s", path);
    if (!path[0]) return 0;
    int rc = from == FROM_PLAYER ? picture_load(&a->pic, path, err) : load_confined(a, from, path, &a->pic, err);
    if (rc != 0) return -1;
    a->have_pic = true;
    return 0;
}

void picture_mode_refresh(app *a)
{
    char path[PATH_MAX_LEN];
    enum source from = FROM_PLAYER;
    if (!a->have_session || !a->s.live || !session_is_sliding(&a->s)) path[0] = '\0';
    else from = resolve(a, path, sizeof path);
    error err;
    if (load(a, from, path, &err) != 0) {
        char buf[ERROR_TEXT_MAX + 300];
        error_format(&err, buf, sizeof buf);
        fprintf(stderr, "tessera: %s (showing numbered tiles)\n", buf);
        session_note(&a->s, "Picture not loaded: %s", buf);
    }
}

int picture_mode_set_image(app *a, const char *path, error *err)
{
    if (!path || !path[0]) return error_set(err, NULL, 0, 0, "--image needs a file name");
    if (a->have_session && a->s.live && !session_is_sliding(&a->s))
        return error_set(err, path, 0, 0, "--image is for sliding puzzles (such as picture or fifteen); %s is not one",
                         session_game_name(&a->s));
    snprintf(a->image_arg, sizeof a->image_arg, "%s", path);
    a->pic_tried[0] = '\0';
    char resolved[PATH_MAX_LEN];
    enum source from = resolve(a, resolved, sizeof resolved);
    if (load(a, from, resolved, err) != 0) {
        a->pic_tried[0] = '\0';
        a->image_arg[0] = '\0';
        picture_mode_refresh(a);    /* back to the game's own picture, if it has one */
        return -1;
    }
    return 0;
}

void picture_mode_options(app *a, const view_layout *L, view_options *opt)
{
    picture_mode_refresh(a);
    if (!a->have_pic || L->topo != TOPO_SQUARE || !a->s.st.num) return;
    const grid *g = a->s.st.g;
    /* The isometric view lays each piece on a block's square top: square pieces, as wide as
     * a cell's diamond (the blocks sample them down). */
    int cw = L->cell_w, ch = L->view == VIEW_FLAT ? L->cell_h : L->cell_w;
    opt->picture = picture_pieces(&a->pic, g->w, g->h, cw, ch);
    opt->picture_numbers = !a->pic_numbers_off;
    opt->picture_whole = a->s.solved;
}

void picture_mode_toggle_numbers(app *a)
{
    if (!a->have_session || !session_is_sliding(&a->s)) return;
    if (!a->have_pic) {
        session_note(&a->s, "T shows or hides the numbers on picture tiles (this board has no picture).");
        return;
    }
    a->pic_numbers_off = !a->pic_numbers_off;
    session_note(&a->s, a->pic_numbers_off ? "Numbers hidden (T: show them)" : "Numbers shown (T: hide them)");
}

void picture_mode_draw_target(app *a, const view_layout *L)
{
    if (L->view != VIEW_FLAT || !a->have_pic || !a->pic.src.px || a->pic.src.w <= 0 || a->pic.src.h <= 0) return;
    int ui = a->cv.w >= 1120 || a->cv.h >= 800 ? 2 : 1, pad = 10 * ui, top;
    view_hud_margins(a->cv.w, a->cv.h, &top, NULL);
    int room = L->x - 2 * pad; /* the margin left of the board */
    if (room < 60) return;
    int w = room < 200 * ui ? room : 200 * ui;
    /* The board's shape (the picture is cropped to fill it, as the pieces are). */
    int h = L->w > 0 ? w * L->h / L->w : w;
    int x = pad, y = top + pad + 14 * ui;
    const image *src = &a->pic.src;
    int sw = src->w, sh = src->h, sx = 0, sy = 0;
    if ((long long)sw * h > (long long)sh * w) {
        sw = (int)((long long)sh * w / h);
        sx = (src->w - sw) / 2;
    } else {
        sh = (int)((long long)sw * h / w);
        sy = (src->h - sh) / 2;
    }
    draw_round_rect(&a->dr, x - 3, y - 3, w + 6, h + 6, 4, 0xC0000000u);
    canvas_blit(&a->cv, src, sx, sy, sw, sh, x, y, w, h, 0xFFFFFFFFu, 255);
    draw_text_shadowed(&a->dr, x, y - 12 * ui - 2, "Make this:", ui, 0xFFD3D9E4u, 0xB0000000u);
}
