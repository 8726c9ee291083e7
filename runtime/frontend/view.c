/* view.c: drawing levels, the HUD, panels and menus through a drawer. */
#include "frontend/view.h"

#include <stdio.h>
#include <string.h>

#include "core/rules.h"
#include "frontend/cell_marks.h"
#include "frontend/layout_iso.h"
#include "frontend/text.h"
#include "frontend/theme.h"

/* The theme (colours, ui_scale, bar_height) is in frontend/theme.h. */

/* {====== layout */

static int hex_width(int cell_h)
{
    /* sqrt(3)/2 makes the hexagon regular; even, so half a cell is whole pixels. */
    int w = (int)((double)cell_h * 0.8660254 / 2.0 + 0.5) * 2;
    return w < 2 ? 2 : w;
}

static void layout_flat(view_layout *L, const grid *g, int canvas_w, int canvas_h, int top_margin,
                        int bottom_margin, bool fill);

void view_layout_compute(view_layout *L, const grid *g, int canvas_w, int canvas_h,
                         int top_margin, int bottom_margin)
{
    layout_flat(L, g, canvas_w, canvas_h, top_margin, bottom_margin, false);
}

void view_layout_fill(view_layout *L, const grid *g, int canvas_w, int canvas_h, int top_margin,
                      int bottom_margin)
{
    layout_flat(L, g, canvas_w, canvas_h, top_margin, bottom_margin, true);
}

static void layout_flat(view_layout *L, const grid *g, int canvas_w, int canvas_h, int top_margin,
                        int bottom_margin, bool fill)
{
    int ui = ui_scale(canvas_w, canvas_h), pad = 8 * ui, max_cell = fill ? 1 << 14 : 64 * ui;
    int aw = canvas_w - 2 * pad, ah = canvas_h - top_margin - bottom_margin - 2 * pad;

    memset(L, 0, sizeof *L);
    L->topo = g->topo;
    if (aw < 1) aw = 1;
    if (ah < 1) ah = 1;
    if (g->w <= 0 || g->h <= 0) {
        L->cell_w = L->cell_h = L->row_step = 1;
    } else if (g->topo == TOPO_HEX) {
        double fit_h = (double)ah / ((g->h - 1) * 0.75 + 1.0);
        double fit_w = (double)aw / ((g->w + (g->h > 1 ? 0.5 : 0.0)) * 0.8660254);
        int ch = (int)(fit_h < fit_w ? fit_h : fit_w) / 4 * 4;
        if (ch > max_cell) ch = max_cell;
        for (; ch > 4; ch -= 4) {
            int cw = hex_width(ch);
            if (g->w * cw + (g->h > 1 ? cw / 2 : 0) <= aw && (g->h - 1) * (ch * 3 / 4) + ch <= ah)
                break;
        }
        if (ch < 4) ch = 4;
        L->cell_h = ch;
        L->cell_w = hex_width(ch);
        L->row_step = ch * 3 / 4;
        L->w = g->w * L->cell_w + (g->h > 1 ? L->cell_w / 2 : 0);
        L->h = (g->h - 1) * L->row_step + ch;
    } else {
        int c = aw / g->w < ah / g->h ? aw / g->w : ah / g->h;
        if (c > max_cell) c = max_cell;
        /* A whole multiple of the 64-pixel sprites is sharper; worth up to a fifth of size. */
        if (!fill && c >= 64 && (c / 64 * 64) * 5 >= c * 4) c = c / 64 * 64;
        if (c < 1) c = 1;
        L->cell_w = L->cell_h = L->row_step = c;
        L->w = g->w * c;
        L->h = g->h * c;
    }
    L->x = (canvas_w - L->w) / 2;
    L->y = top_margin + (canvas_h - top_margin - bottom_margin - L->h) / 2;
}

const char *view_kind_name(view_kind v) { return v == VIEW_ISO ? "iso" : "flat"; }

int view_kind_from_name(const char *name, view_kind *out)
{
    if (!strcmp(name, "flat")) *out = VIEW_FLAT;
    else if (!strcmp(name, "iso")) *out = VIEW_ISO;
    else return -1;
    return 0;
}

bool view_supports(view_kind v, topology topo) { return v == VIEW_FLAT || topo == TOPO_SQUARE; }

void view_layout_for(view_layout *L, const grid *g, view_kind view, int canvas_w, int canvas_h,
                     int top_margin, int bottom_margin)
{
    if (view == VIEW_ISO && view_supports(view, g->topo)) {
        int ui = ui_scale(canvas_w, canvas_h);
        iso_layout_compute(L, g, canvas_w, canvas_h, top_margin + 8 * ui, bottom_margin + 8 * ui,
                           8 * ui, 128 * ui);
        return;
    }
    view_layout_compute(L, g, canvas_w, canvas_h, top_margin, bottom_margin);
}

int view_pick(const view_layout *L, const state *s, int px, int py)
{
    if (L->view == VIEW_ISO) return iso_pick(L, s, px, py);
    return view_cell_at(L, s->g, px, py);
}

int view_click_point(const view_layout *L, const state *s, int cell, int *px, int *py)
{
    int x, y, w, h;
    if (cell < 0 || cell >= s->g->ncells) return -1;
    if (L->view == VIEW_ISO) return iso_click_point(L, s, cell, px, py);
    view_cell_rect(L, s->g, cell, &x, &y, &w, &h);
    *px = x + w / 2;
    *py = y + h / 2;
    return 0;
}

void view_draw_background(const drawer *d) { draw_gradient(d, 0, 0, d->w, d->h, BG_TOP, BG_BOTTOM); }

void view_cell_rect(const view_layout *L, const grid *g, int cell, int *x, int *y, int *w,
                    int *h)
{
    int col = g->w > 0 ? cell % g->w : 0, row = g->w > 0 ? cell / g->w : 0;
    if (L->view == VIEW_ISO) {
        iso_cell_rect(L, g, cell, x, y, w, h);
        return;
    }
    *x = L->x + col * L->cell_w + (g->topo == TOPO_HEX && (row & 1) ? L->cell_w / 2 : 0);
    *y = L->y + row * L->row_step;
    *w = L->cell_w;
    *h = L->cell_h;
}

static int floor_div(int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

/* Is the pixel centre inside the hexagon of the cell at (col, row)? Doubled coordinates keep
 * the half-pixel centre and the half-cell shift whole. */
static int in_hex(const view_layout *L, const grid *g, int col, int row, int px, int py)
{
    long long cw = L->cell_w, ch = L->cell_h, dx, dy;
    long long hx = L->x + (long long)col * cw + ((row & 1) ? cw / 2 : 0);
    long long hy = L->y + (long long)row * L->row_step;
    if (col < 0 || row < 0 || col >= g->w || row >= g->h) return 0;
    dx = 2LL * px + 1 - (2 * hx + cw);
    dy = 2LL * py + 1 - (2 * hy + ch);
    if (dx < 0) dx = -dx;
    if (dy < 0) dy = -dy;
    return dx <= cw && 2 * cw * dy + ch * dx <= 2 * cw * ch;
}

int view_cell_at(const view_layout *L, const grid *g, int px, int py)
{
    if (L->cell_w <= 0 || L->row_step <= 0) return -1;
    if (L->view == VIEW_ISO) return iso_cell_at(L, g, px, py);
    if (g->topo == TOPO_HEX) {
        /* A row band holds its own hexagons and the lower points of the row above. */
        int row = floor_div(py - L->y, L->row_step), k;
        for (k = 0; k < 2; k++, row--) {
            int shift = (row & 1) ? L->cell_w / 2 : 0;
            int col = floor_div(px - L->x - shift, L->cell_w);
            if (in_hex(L, g, col, row, px, py)) return row * g->w + col;
        }
        return -1;
    }
    if (px < L->x || py < L->y) return -1;
    return grid_cell(g, (px - L->x) / L->cell_w, (py - L->y) / L->cell_h);
}

/* }====== */

/* {====== the level */

enum { ART_NONE = -2, ART_MISSING = -1 };
enum { FACE_UP, FACE_RIGHT, FACE_DOWN, FACE_LEFT, FACE_COUNT };

/* Sprites resolved once per tile per frame rather than per cell. */
typedef struct tile_art {
    int base;                   /* sprite, ART_MISSING, or ART_NONE (draws nothing) */
    int on_goal;                /* "<name>_on_goal", or -1 */
    int face[FACE_COUNT];       /* "<name>_up" ..., or -1 */
} tile_art;

static int find_variant(const sprites *sh, const char *base, const char *suffix, bool hex)
{
    char name[2 * SPRITE_NAME_MAX + 16];
    int i;
    if (hex) {
        snprintf(name, sizeof name, "hex_%s%s", base, suffix);
        if ((i = sprites_find(sh, name)) >= 0) return i;
    }
    snprintf(name, sizeof name, "%s%s", base, suffix);
    return sprites_find(sh, name);
}

const char *view_sprite_name(const tile_def *t)
{
    return t->sprite[0] ? t->sprite : t->name;
}

int view_find_sprite(const sprites *sh, const char *name, bool hex)
{
    return find_variant(sh, name, "", hex);
}

static void resolve_art(tile_art *a, const sprites *sh, const tile_def *t, int id, bool hex)
{
    static const char *const suffix[FACE_COUNT] = {"_up", "_right", "_down", "_left"};
    const char *name = view_sprite_name(t);
    int k;
    a->base = find_variant(sh, name, "", hex);
    if (id == 0 || (t->flags & TILE_VOID)) a->base = ART_NONE;
    else if (a->base < 0 && (t->flags & TILE_SOLID)) a->base = find_variant(sh, "wall", "", hex);
    a->on_goal = find_variant(sh, name, "_on_goal", hex);
    for (k = 0; k < FACE_COUNT; k++) a->face[k] = find_variant(sh, name, suffix[k], hex);
}

static int facing_slot(topology topo, int dir)
{
    if (topo == TOPO_HEX) {
        switch (dir) {
        case HEX_EAST: return FACE_RIGHT;
        case HEX_WEST: return FACE_LEFT;
        case HEX_NORTHEAST: case HEX_NORTHWEST: return FACE_UP;
        case HEX_SOUTHEAST: case HEX_SOUTHWEST: return FACE_DOWN;
        default: return -1;
        }
    }
    switch (dir) {
    case DIR_UP: return FACE_UP;
    case DIR_RIGHT: return FACE_RIGHT;
    case DIR_DOWN: return FACE_DOWN;
    case DIR_LEFT: return FACE_LEFT;
    default: return -1;
    }
}

/* Loud on purpose: an author sees at once which sprite name the sheet lacks. */
static void draw_missing_floor(const drawer *d, int x, int y, int w, int h)
{
    draw_fill_rect(d, x, y, w, h, MISSING);
    draw_fill_rect(d, x, y, w / 2, h / 2, MISSING_DARK);
    draw_fill_rect(d, x + w / 2, y + h / 2, w - w / 2, h - h / 2, MISSING_DARK);
}

static void draw_missing_object(const drawer *d, const char *name, int x, int y, int w, int h)
{
    int inset = w / 6, scale;
    char label[3] = {0, 0, 0};
    draw_round_rect(d, x + inset, y + inset, w - 2 * inset, h - 2 * inset, w / 8, MISSING);
    if (!name || !name[0]) return;
    label[0] = name[0];
    label[1] = name[1];
    scale = (w - 2 * inset) * 7 / 10 / text_width(label, 1);
    if (scale < 1) return;
    draw_text(d, x + (w - text_width(label, scale)) / 2, y + (h - text_height(label, scale)) / 2,
              label, scale, 0xFFFFFFFFu);
}

/* The scale for tile numbers: set by the widest number the board can hold, so that 7 and
 * 12 come out the same size. */
static int number_scale(int ncells, int w, int h)
{
    char widest[16];
    int digits = 1, n = ncells > 1 ? ncells - 1 : 1, sx, sy;
    while (n >= 10 && digits < 15) n /= 10, digits++;
    memset(widest, '0', (size_t)digits);
    widest[digits] = 0;
    sx = (w * 55 / 100) / text_width(widest, 1);
    sy = (h * 45 / 100) / TEXT_CAP_HEIGHT;
    return sx < sy ? (sx < 1 ? 1 : sx) : (sy < 1 ? 1 : sy);
}

static void draw_tile_number(const drawer *d, int n, int scale, int x, int y, int w, int h)
{
    char num[16];
    snprintf(num, sizeof num, "%d", n);
    draw_text(d, x + (w - text_width(num, scale)) / 2, y + (h - text_height(num, scale)) / 2,
              num, scale, NUMBER_INK);
}

view_options view_options_default(void)
{
    view_options o;
    o.iso = NULL;
    o.highlight = -1;
    o.marks = NULL;
    o.no_background = false;
    o.slides = NULL;
    o.nslides = 0;
    o.clock_ms = -1;
    o.picture = NULL;
    o.picture_numbers = false;
    o.picture_whole = false;
    o.cursor = -1;
    o.labels = NULL;
    return o;
}

static void draw_art(const drawer *d, const sprites *sh, int idx, const char *name, bool floor,
                     int x, int y, int w, int h, int alpha)
{
    if (idx == ART_NONE) return;
    if (idx < 0) {
        if (floor) draw_missing_floor(d, x, y, w, h);
        else draw_missing_object(d, name, x, y, w, h);
        return;
    }
    draw_sprite(d, sh, idx, x, y, w, h, 0xFFFFFFFFu, alpha);
}

/* The colour game's blink: with a running clock, a crate on the goal of its colour fades and
 * returns (a soft pulse rather than an on/off flash, so it never disappears). Only in games
 * that give tiles colours, so plain Sokoban stays still. */
enum { BLINK_PERIOD_MS = 900, BLINK_LOW_ALPHA = 110 };

static int blink_alpha(const ruleset *r, long clock_ms)
{
    if (clock_ms < 0) return 255;
    bool coloured = false;
    for (int i = 1; i < r->ntiles && !coloured; i++) coloured = r->tile[i].colour != 0;
    if (!coloured) return 255;
    long phase = clock_ms % BLINK_PERIOD_MS, half = BLINK_PERIOD_MS / 2;
    long dist = phase < half ? phase : BLINK_PERIOD_MS - phase; /* 0 .. half, a triangle wave */
    return 255 - (int)((255 - BLINK_LOW_ALPHA) * dist / half);
}

/* Picture mode: tile n as its piece of the picture (whole: the full cell, else inset so
 * the seams show), with its number small in the top-left corner when asked. The blank is a
 * gap, or its piece once the picture is whole. */
static void draw_picture_tile(const drawer *d, const view_options *opt, int ncells, int n, int nscale,
                              int x, int y, int w, int h)
{
    int piece = n == 0 ? ncells - 1 : n - 1;
    if (n == 0 && !opt->picture_whole) {
        view_draw_recess(d, x, y, w, h);
        return;
    }
    const sprite *sp = sprites_get(opt->picture, opt->picture_whole ? ncells + piece : piece);
    if (!sp) return;
    int gx = (w - sp->w) / 2, gy = (h - sp->h) / 2;
    draw_sprite(d, opt->picture, opt->picture_whole ? ncells + piece : piece, x + gx, y + gy, sp->w, sp->h,
                0xFFFFFFFFu, 255);
    if (!opt->picture_numbers || opt->picture_whole || n == 0) return; /* the whole picture shows clean */
    char num[16];
    snprintf(num, sizeof num, "%d", n);
    int scale = nscale / 3 > 1 ? nscale / 3 : 1, pad = scale * 2;
    int tw = text_width(num, scale), th = text_height(num, scale);
    draw_round_rect(d, x + gx + pad / 2, y + gy + pad / 2, tw + 2 * pad, th + 2 * pad, pad, 0xA0000000u);
    draw_text(d, x + gx + pad / 2 + pad, y + gy + pad / 2 + pad, num, scale, 0xFFFFFFFFu);
}

void view_draw_recess(const drawer *d, int x, int y, int w, int h)
{
    /* A hollow in the tray: dark, its upper edge in shadow, its lower lip catching light. */
    int in = w / 20 + 1, r = w / 10 + 1;
    draw_round_rect(d, x + in, y + in, w - 2 * in, h - 2 * in, r, RECESS);
    draw_round_rect(d, x + in, y + in, w - 2 * in, h / 8 + 1, r, RECESS_SHADOW);
    draw_fill_rect(d, x + in + r, y + h - in - (in + 1) / 2 - 1, w - 2 * in - 2 * r, (in + 1) / 2 + 1, RECESS_LIP);
}

/* The object (or numbered tile) of cell c, drawn in the box (x, y, w, h). */
static void draw_object(const drawer *d, const sprites *sh, const state *s, const tile_art *art,
                        int ntiles, int blank_sprite, int nscale, int active, int ring, int blink,
                        const view_options *opt, int c, int x, int y, int w, int h)
{
    const ruleset *r = s->rules;
    const grid *g = s->g;
    bool hex = g->topo == TOPO_HEX;
    int id = s->obj[c], fid = s->floor[c], idx, alpha = 255;
    uint32_t flags;
    if (fid < ntiles && art[fid].base == ART_NONE) return;
    if (s->num && opt->picture) {
        draw_picture_tile(d, opt, g->ncells, s->num[c], nscale, x, y, w, h);
        return;
    }
    if (s->num) {
        int tid = id && id < ntiles ? id : r->tile_id < ntiles ? r->tile_id : 0;
        if (s->num[c] == 0) {
            (void)blank_sprite;
            view_draw_recess(d, x, y, w, h);
            return;
        }
        draw_art(d, sh, art[tid].base == ART_NONE ? find_variant(sh, "tile", "", hex) : art[tid].base,
                 "tile", false, x, y, w, h, 255);
        draw_tile_number(d, s->num[c], nscale, x, y, w, h);
        return;
    }
    if (id == 0) return;
    if (id >= ntiles) {
        draw_missing_object(d, "?", x, y, w, h);
        return;
    }
    flags = r->tile[id].flags;
    idx = art[id].base;
    if ((flags & TILE_PUSHABLE) && state_box_on_goal(s, c)) {
        if (art[id].on_goal >= 0) idx = art[id].on_goal;
        alpha = blink;
    }
    if (flags & TILE_PLAYER) {
        if (c == active) {
            if (ring >= 0) draw_sprite(d, sh, ring, x, y, w, h, 0xFFFFFFFFu, 255);
            int slot = facing_slot(g->topo, s->facing);
            if (slot >= 0 && art[id].face[slot] >= 0) idx = art[id].face[slot];
            else if (idx < 0 && art[id].face[FACE_DOWN] >= 0) idx = art[id].face[FACE_DOWN];
        } else if (s->nplayers > 1 && r->kind != RULES_ACTIONS) {
            alpha = 150; /* the players that input does not move now (pieces of a game with its
                            own actions stay solid: the selected one is framed instead) */
        }
        if (idx < 0 && art[id].face[FACE_DOWN] >= 0) idx = art[id].face[FACE_DOWN];
    }
    draw_art(d, sh, idx, r->tile[id].name, false, x, y, w, h, alpha);
}

void view_draw_level(const drawer *d, const sprites *sh, const state *s, const view_layout *L,
                     const view_options *opt)
{
    const ruleset *r = s->rules;
    const grid *g = s->g;
    bool hex = g->topo == TOPO_HEX;
    view_options def = view_options_default();
    tile_art art[TILES_MAX];
    int ntiles = r->ntiles < TILES_MAX ? r->ntiles : TILES_MAX, i, c, x, y, w, h;
    int active = -1, blank_sprite = find_variant(sh, "tile_blank", "", hex);
    int nscale = number_scale(g->ncells, L->cell_w, L->cell_h);

    if (!opt) opt = &def;
    if (L->view == VIEW_ISO) {
        iso_draw_level(d, sh, s, L, opt);
        return;
    }
    if (!opt->no_background) draw_gradient(d, 0, 0, d->w, d->h, BG_TOP, BG_BOTTOM);
    if (ntiles < 1) ntiles = 1;
    for (i = 0; i < ntiles; i++) resolve_art(&art[i], sh, &r->tile[i], i, hex);
    if (s->nplayers > 0 && s->active >= 0 && s->active < s->nplayers)
        active = s->player[s->active];
    int ring = s->nplayers > 1 ? find_variant(sh, "selected", "", hex) : -1;
    int blink = blink_alpha(r, opt->clock_ms);

    /* A floor tile whose picture lets things show through (a key, an arrow) lies on the
     * plain floor, when that is a floor to lie on: a game with no tile named "floor" may have
     * an arrow as its plain tile, and a key drawn over an arrow is a ghost. On hexagons only
     * what lies inside the cell's hexagon counts (hex_floor is clear outside it). */
    int plain = r->floor_id < ntiles ? art[r->floor_id].base : ART_NONE;
    int (*see_through)(const sprites *, int) = hex ? sprites_transparent_hex : sprites_transparent;
    if (plain >= 0 && see_through(sh, plain)) plain = ART_NONE;
    for (c = 0; c < g->ncells; c++) {
        int id = s->floor[c];
        view_cell_rect(L, g, c, &x, &y, &w, &h);
        if (id >= ntiles) {
            draw_missing_floor(d, x, y, w, h);
            continue;
        }
        if (id != r->floor_id && plain >= 0 && art[id].base >= 0 && see_through(sh, art[id].base))
            draw_art(d, sh, plain, "floor", true, x, y, w, h, 255);
        draw_art(d, sh, art[id].base, r->tile[id].name, true, x, y, w, h, 255);
    }

    /* Objects in motion are drawn last, over the still ones, between their two cells. */
    for (c = 0; c < g->ncells; c++) {
        int k;
        for (k = 0; k < opt->nslides && opt->slides[k].to != c; k++) {}
        if (k < opt->nslides) continue;
        view_cell_rect(L, g, c, &x, &y, &w, &h);
        draw_object(d, sh, s, art, ntiles, blank_sprite, nscale, active, ring, blink, opt, c, x, y, w, h);
    }
    for (i = 0; opt->slides && i < opt->nslides; i++) {
        const view_slide *sl = &opt->slides[i];
        int fx, fy;
        float t = sl->t < 0 ? 0 : sl->t > 1 ? 1 : sl->t;
        if (sl->to < 0 || sl->to >= g->ncells || sl->from < 0 || sl->from >= g->ncells) continue;
        view_cell_rect(L, g, sl->from, &fx, &fy, &w, &h);
        view_cell_rect(L, g, sl->to, &x, &y, &w, &h);
        x = fx + (int)((float)(x - fx) * t + (x >= fx ? 0.5f : -0.5f));
        y = fy + (int)((float)(y - fy) * t + (y >= fy ? 0.5f : -0.5f));
        draw_object(d, sh, s, art, ntiles, blank_sprite, nscale, active, ring, blink, opt, sl->to, x, y, w, h);
    }

    for (c = 0; opt->labels && c < g->ncells; c++) {
        if (!opt->labels[c][0]) continue;
        view_cell_rect(L, g, c, &x, &y, &w, &h);
        cell_label_draw(d, opt->labels[c], x, y, w, h, s->obj[c] != 0);
    }
    if (opt->marks) {
        int dl = find_variant(sh, "deadlock", "", hex);
        for (c = 0; c < g->ncells; c++) {
            if (!opt->marks[c]) continue;
            view_cell_rect(L, g, c, &x, &y, &w, &h);
            if (dl >= 0) draw_sprite(d, sh, dl, x, y, w, h, 0xFFFFFFFFu, 255);
            else draw_outline_rect(d, x, y, w, h, w / 12 + 1, DEADLOCK);
        }
    }
    if (opt->cursor >= 0 && opt->cursor < g->ncells) {
        view_cell_rect(L, g, opt->cursor, &x, &y, &w, &h);
        cell_cursor_draw(d, x, y, w, h);
    }
    if (opt->highlight >= 0 && opt->highlight < g->ncells) {
        int cur = find_variant(sh, "cursor", "", hex);
        view_cell_rect(L, g, opt->highlight, &x, &y, &w, &h);
        if (cur >= 0) draw_sprite(d, sh, cur, x, y, w, h, 0xFFFFFFFFu, 255);
        else draw_outline_rect(d, x, y, w, h, w / 12 + 1, HIGHLIGHT);
    }
}

/* }====== */

/* {====== HUD */

void view_hud_margins(int canvas_w, int canvas_h, int *top, int *bottom)
{
    int bar = bar_height(ui_scale(canvas_w, canvas_h));
    if (top) *top = bar;
    if (bottom) *bottom = bar;
}

/* Draws s ending at x_right; returns the new right edge, a gap to the left of it. */
static int draw_right(const drawer *d, int x_right, int y, const char *s, int scale,
                      uint32_t colour, int gap)
{
    int w = text_width(s, scale);
    draw_text_shadowed(d, x_right - w, y, s, scale, colour, SHADOW);
    return x_right - w - gap;
}

/* Draws s from x, cut to end before x_max; returns where the next piece starts. */
static int draw_left(const drawer *d, int x, int x_max, int y, const char *s, int scale,
                     uint32_t colour, int gap)
{
    char buf[256];
    if (!s || !s[0] || x >= x_max) return x;
    text_ellipsize(s, scale, x_max - x, buf, sizeof buf);
    if (!buf[0]) return x;
    draw_text_shadowed(d, x, y, buf, scale, colour, SHADOW);
    return x + text_width(buf, scale) + gap;
}

/* The status line: one line when the text fits; else the bar grows upwards and the text
 * wraps at spaces onto up to STATUS_LINES lines (an error's file:line:col and message, the
 * replay's keys), only the last one cut with "..." if even that is not enough. */
enum { STATUS_LINES = 3 };

void view_draw_status(const drawer *d, const char *text)
{
    int ui = ui_scale(d->w, d->h), bar = bar_height(ui), pad = 8 * ui, room = d->w - 2 * pad;
    char lines[STATUS_LINES][256];
    int n = 0;
    if (!text || !text[0]) return;
    const char *p = text;
    while (*p && n < STATUS_LINES) {
        while (*p == ' ') p++;
        size_t len = strlen(p), fit = 0;
        if (n == STATUS_LINES - 1 || text_width(p, ui) <= room) fit = len;
        else {
            /* the longest run that fits and ends where groups part (two spaces: "Space
             * pause  Left/Right step"), else at a space; one word too long is cut */
            for (int gap = 2; gap >= 1 && fit == 0; gap--)
                for (size_t i = 1; i <= len && i < sizeof lines[n]; i++) {
                    if (p[i] != '\0' && !(p[i] == ' ' && (gap == 1 || p[i + 1] == ' '))) continue;
                    char tmp[256];
                    snprintf(tmp, sizeof tmp, "%.*s", (int)i, p);
                    if (text_width(tmp, ui) > room) break;
                    fit = i;
                }
            if (fit == 0) fit = len;
        }
        char part[256];
        snprintf(part, sizeof part, "%.*s", (int)fit, p);
        text_ellipsize(part, ui, room, lines[n], sizeof lines[n]);
        n++;
        p += fit;
    }
    int step = TEXT_LINE_HEIGHT * ui, height = bar + (n - 1) * step, y0 = d->h - height;
    draw_fill_rect(d, 0, y0, d->w, height, BAR);
    draw_fill_rect(d, 0, y0, d->w, ui > 1 ? ui / 2 : 1, BAR_EDGE);
    for (int i = 0; i < n; i++)
        draw_text_shadowed(d, (d->w - text_width(lines[i], ui)) / 2,
                           y0 + (bar - TEXT_CAP_HEIGHT * ui) / 2 + i * step, lines[i], ui, INK_SOFT, SHADOW);
}

void view_draw_hud(const drawer *d, const view_hud *hud)
{
    int ui = ui_scale(d->w, d->h), bar = bar_height(ui), pad = 8 * ui;
    int ty = (bar - TEXT_CAP_HEIGHT * ui) / 2, gap = 5 * ui, wide_gap = 14 * ui, x, right;
    char num[32], lvl[48];

    draw_fill_rect(d, 0, 0, d->w, bar, BAR);
    draw_fill_rect(d, 0, bar - (ui > 1 ? ui / 2 : 1), d->w, ui > 1 ? ui / 2 : 1, BAR_EDGE);

    /* Counters on the right, labels dimmer than the numbers. */
    right = d->w - pad;
    if (hud->pushes >= 0) {
        snprintf(num, sizeof num, "%ld", hud->pushes);
        right = draw_right(d, right, ty, num, ui, INK, gap);
        right = draw_right(d, right, ty, hud->pushes_label ? hud->pushes_label : "Pushes", ui, INK_DIM, wide_gap);
    }
    snprintf(num, sizeof num, "%ld", hud->moves);
    right = draw_right(d, right, ty, num, ui, INK, gap);
    right = draw_right(d, right, ty, "Moves", ui, INK_DIM, wide_gap);

    x = draw_left(d, pad, right, ty, hud->game, ui, ACCENT, wide_gap);
    if (hud->nlevels > 0) {
        snprintf(lvl, sizeof lvl, "Level %d/%d", hud->level, hud->nlevels);
        x = draw_left(d, x, right, ty, lvl, ui, INK, wide_gap);
    }
    draw_left(d, x, right, ty, hud->title, ui, INK_SOFT, 0);

    view_draw_status(d, hud->status);
}

/* The longest start of s (up to n bytes) that fits max_w, broken after a space when one is
 * in reach; at least one character. */
static size_t fit_line(const char *s, size_t n, int scale, int max_w)
{
    char buf[512];
    size_t best = 0, space = 0;
    if (n >= sizeof buf) n = sizeof buf - 1;
    for (size_t k = 1; k <= n; k++) {
        memcpy(buf, s, k);
        buf[k] = 0;
        if (text_width(buf, scale) > max_w) break;
        best = k;
        if (s[k - 1] == ' ') space = k;
    }
    if (best == 0) return n ? 1 : 0;
    if (best < n && space > best / 2) return space;
    return best;
}

void view_draw_banner(const drawer *d, const char *title, const char *text)
{
    enum { MAX_LINES = 4 };
    int ui = ui_scale(d->w, d->h), top = bar_height(ui), pad = 8 * ui;
    int line_h = (TEXT_CAP_HEIGHT + TEXT_DESCENT + 4) * ui, max_w = d->w - 2 * pad;
    char lines[MAX_LINES][512];
    int n = 0;
    const char *p = text ? text : "";
    size_t left = strlen(p);
    while (left > 0 && n < MAX_LINES) {
        size_t k = fit_line(p, left, ui, max_w);
        if (k == 0) break;
        if (n == MAX_LINES - 1 && k < left) {
            text_ellipsize(p, ui, max_w, lines[n++], sizeof lines[0]);
            break;
        }
        snprintf(lines[n++], sizeof lines[0], "%.*s", (int)k, p);
        p += k;
        left -= k;
        while (left > 0 && *p == ' ') p++, left--;
    }
    int h = pad + line_h * (n + 1) + pad / 2;
    draw_fill_rect(d, 0, top, d->w, h, BANNER);
    draw_fill_rect(d, 0, top + h - (ui > 1 ? ui / 2 : 1), d->w, ui > 1 ? ui / 2 : 1, BANNER_EDGE);
    int y = top + pad;
    draw_text_shadowed(d, pad, y, title ? title : "", ui, ACCENT, SHADOW);
    for (int i = 0; i < n; i++) {
        y += line_h;
        draw_text_shadowed(d, pad, y, lines[i], ui, INK, SHADOW);
    }
}

/* }====== */

/* {====== panels */

static int count_lines(const char *s)
{
    int n = 1;
    for (; s && *s; s++)
        if (*s == '\n') n++;
    return n;
}

/* Splits "key\ttext" into its key (copied into key) and text; NULL when there is no tab. */
static const char *split_tab(const char *s, char *key, size_t size)
{
    const char *tab = s ? strchr(s, '\t') : NULL;
    size_t n;
    if (!tab) return NULL;
    n = (size_t)(tab - s);
    if (n >= size) n = size - 1;
    memcpy(key, s, n);
    key[n] = 0;
    return tab + 1;
}

typedef struct panel_size {
    int scale, title_scale, pad, line_h, title_h, key_w, col_w, col_gap, w, h;
} panel_size;

static void measure_panel(panel_size *p, int scale, const char *title,
                          const char *const *lines, int nlines)
{
    int i, text_w = 0;
    char key[128];
    memset(p, 0, sizeof *p);
    p->scale = scale;
    p->title_scale = scale + 1;
    p->pad = 14 * scale;
    p->line_h = TEXT_LINE_HEIGHT * scale;
    p->col_gap = 12 * scale;
    p->title_h = title && title[0] ? TEXT_CAP_HEIGHT * p->title_scale + 14 * scale : 0;
    p->w = title ? text_width(title, p->title_scale) : 0;
    p->h = p->title_h;
    for (i = 0; i < nlines; i++) {
        const char *ln = lines[i] ? lines[i] : "", *rest = split_tab(ln, key, sizeof key);
        int lw;
        if (rest) {
            if ((lw = text_width(key, scale)) > p->key_w) p->key_w = lw;
            if ((lw = text_width(rest, scale)) > text_w) text_w = lw;
        } else if ((lw = text_width(ln, scale)) > p->w) {
            p->w = lw;
        }
        p->h += ln[0] ? count_lines(ln) * p->line_h : p->line_h / 2;
    }
    if (p->key_w || text_w) p->col_w = p->key_w + p->col_gap + text_w;
    if (p->col_w > p->w) p->w = p->col_w;
    /* The last line's spacing below its baseline stands in for part of the padding. */
    if (nlines > 0) p->h -= p->line_h - TEXT_CAP_HEIGHT * scale - TEXT_DESCENT * scale;
    p->w += 2 * p->pad;
    p->h += 2 * p->pad;
    if (p->w < 160 * scale) p->w = 160 * scale;
}

static void draw_panel(const drawer *d, const char *title, const char *const *lines, int nlines, bool low)
{
    panel_size p;
    int scale, px, py, y, i, col_x, edge;
    char key[128];

    if (nlines < 0 || !lines) nlines = 0;
    for (scale = ui_scale(d->w, d->h); scale > 1; scale--) {
        measure_panel(&p, scale, title, lines, nlines);
        if (p.w <= d->w * 19 / 20 && p.h <= d->h * 19 / 20) break;
    }
    measure_panel(&p, scale, title, lines, nlines);
    /* Too big even at the smallest scale (a 320x240 window): the panel takes the window, texts
     * too wide are cut with "...", and lines past its bottom give way to a last "...". */
    edge = scale;
    if (p.w > d->w - 2 * edge) p.w = d->w - 2 * edge;
    if (p.h > d->h - 2 * edge) p.h = d->h - 2 * edge;
    if (p.col_w > p.w - 2 * p.pad) p.col_w = p.w - 2 * p.pad;
    int inner = p.w - 2 * p.pad, bottom_y;
    char cut[512];

    px = (d->w - p.w) / 2;
    py = (d->h - p.h) / 2;
    if (low) {
        int bottom;
        view_hud_margins(d->w, d->h, NULL, &bottom);
        py = d->h - bottom - p.h - 6 * scale;
        if (py < 0) py = 0;
    } else {
        draw_fill_rect(d, 0, 0, d->w, d->h, DIM_SCREEN);
    }
    draw_round_rect(d, px - edge, py - edge, p.w + 2 * edge, p.h + 2 * edge, 10 * scale + edge,
                    PANEL_EDGE);
    draw_round_rect(d, px, py, p.w, p.h, 10 * scale, PANEL);
    bottom_y = py + p.h - p.pad;               /* no line's cap may pass it */

    y = py + p.pad;
    if (p.title_h) {
        const char *shown = text_ellipsize(title, p.title_scale, inner, cut, sizeof cut);
        int tw = text_width(shown, p.title_scale), rule_w = p.w / 3;
        draw_text_shadowed(d, px + (p.w - tw) / 2, y, shown, p.title_scale, ACCENT, SHADOW);
        draw_fill_rect(d, px + (p.w - rule_w) / 2, y + TEXT_CAP_HEIGHT * p.title_scale + 6 * scale,
                       rule_w, scale, colour_with_alpha(ACCENT, 0x90));
        y += p.title_h;
    }
    col_x = px + (p.w - p.col_w) / 2;
    for (i = 0; i < nlines; i++) {
        const char *ln = lines[i] ? lines[i] : "", *rest = split_tab(ln, key, sizeof key);
        if (!ln[0]) {
            y += p.line_h / 2;
            continue;
        }
        int cap = TEXT_CAP_HEIGHT * scale + TEXT_DESCENT * scale;
        bool last_fits = y + count_lines(ln) * p.line_h - (p.line_h - cap) <= bottom_y;
        bool next_fits = y + count_lines(ln) * p.line_h + cap <= bottom_y;
        if (!last_fits || (!next_fits && i + 1 < nlines)) {
            if (y + cap <= bottom_y || i == 0)
                draw_text_shadowed(d, px + (p.w - text_width("...", scale)) / 2, y, "...", scale, INK, SHADOW);
            break;
        }
        if (rest) {
            int rest_w = px + p.w - p.pad - (col_x + p.key_w + p.col_gap);
            draw_text_shadowed(d, col_x, y, key, scale, ACCENT, SHADOW);
            draw_text_shadowed(d, col_x + p.key_w + p.col_gap, y, text_ellipsize(rest, scale, rest_w, cut, sizeof cut),
                               scale, INK, SHADOW);
        } else {
            const char *shown = strchr(ln, '\n') ? ln : text_ellipsize(ln, scale, inner, cut, sizeof cut);
            draw_text_shadowed(d, px + (p.w - text_width(shown, scale)) / 2, y, shown, scale, INK,
                               SHADOW);
        }
        y += count_lines(ln) * p.line_h;
    }
}

/* }====== */


void view_draw_panel(const drawer *d, const char *title, const char *const *lines, int nlines)
{
    draw_panel(d, title, lines, nlines, false);
}

void view_draw_panel_low(const drawer *d, const char *title, const char *const *lines, int nlines)
{
    draw_panel(d, title, lines, nlines, true);
}
