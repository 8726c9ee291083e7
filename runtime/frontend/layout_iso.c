/* layout_iso.c: the isometric view: 2:1 floor diamonds, walls and boxes as blocks whose faces
 * are the flat sprites mapped onto them, drawn back to front (painter's order). */
#include "frontend/layout_iso.h"

#include "frontend/cell_marks.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rules.h"
#include "frontend/text.h"

/* {====== geometry */

/* A wall's top is raised by WALL_LIFT/8 of the diamond height, a wall cut down (one that
 * would hide a floor behind it) by WALL_LOW/8; a box is a block BOX_SIZE/100 of the diamond
 * wide and BOX_LIFT/8 of its own diamond height tall. */
enum { WALL_LIFT = 7, WALL_LOW = 2, BOX_SIZE = 64, BOX_LIFT = 9 };

static const uint32_t MARK_DEAD = 0xFFE53B30u, MARK_HINT = 0xFFFFDC5Eu, NUMBER_INK = 0xFF3B2A20u;

static int floor_div(long long a, long long b)
{
    return (int)(a >= 0 ? a / b : -((-a + b - 1) / b));
}

void iso_layout_compute(view_layout *L, const grid *g, int canvas_w, int canvas_h, int top,
                        int bottom, int pad, int max_w)
{
    int span = g->w + g->h, aw = canvas_w - 2 * pad, ah = canvas_h - top - bottom, tw;
    memset(L, 0, sizeof *L);
    L->topo = g->topo;
    L->view = VIEW_ISO;
    if (aw < 4) aw = 4;
    if (ah < 4) ah = 4;
    /* Width: span half-diamonds. Height: span half-heights (a quarter of tw) plus the lift. */
    tw = 2 * aw / (span > 0 ? span : 1);
    {
        int by_h = (int)((double)ah / (span / 4.0 + WALL_LIFT / 16.0));
        if (by_h < tw) tw = by_h;
    }
    if (tw > max_w) tw = max_w;
    tw = tw / 4 * 4; /* diamond height and half-width stay whole, and even */
    if (tw < 4) tw = 4;
    L->cell_w = tw;
    L->cell_h = tw / 2;
    L->row_step = tw / 4;
    L->lift = L->cell_h * WALL_LIFT / 8;
    L->w = span * tw / 2;
    L->h = span * tw / 4 + L->lift;
    /* (x, y) is the top corner of cell 0's diamond. */
    L->x = (canvas_w - L->w) / 2 + g->h * tw / 2;
    L->y = top + (canvas_h - top - bottom - L->h) / 2 + L->lift;
}

/* Top corner of a cell's floor diamond. */
static void corner(const view_layout *L, const grid *g, int cell, int *x, int *y)
{
    int cx = cell % g->w, cy = cell / g->w;
    *x = L->x + (cx - cy) * L->cell_w / 2;
    *y = L->y + (cx + cy) * L->cell_h / 2;
}

void iso_cell_rect(const view_layout *L, const grid *g, int cell, int *x, int *y, int *w, int *h)
{
    corner(L, g, cell, x, y);
    *x -= L->cell_w / 2;
    *w = L->cell_w;
    *h = L->cell_h;
}

int iso_cell_at(const view_layout *L, const grid *g, int px, int py)
{
    /* With pixel centres doubled: a = rx/tw + ry/th, b = -rx/tw + ry/th, th = tw/2. */
    long long rx = 2LL * (px - L->x) + 1, ry = 2LL * (py - L->y) + 1, tw2 = 2LL * L->cell_w;
    if (L->cell_w <= 0) return -1;
    return grid_cell(g, floor_div(rx + 2 * ry, tw2), floor_div(2 * ry - rx, tw2));
}

static int box_width(const view_layout *L) { return L->cell_w * BOX_SIZE / 100 / 4 * 4; }
static int box_lift(const view_layout *L) { return box_width(L) / 2 * BOX_LIFT / 8; }

static int is_wall(const state *s, int cell)
{
    int id = s->floor[cell];
    uint32_t f = rules_flags(s->rules, id);
    return id != 0 && id < s->rules->ntiles && (f & TILE_SOLID) && !(f & TILE_VOID);
}

static int is_floor(const state *s, int cell)
{
    int id = s->floor[cell];
    uint32_t f = rules_flags(s->rules, id);
    return id != 0 && id < s->rules->ntiles && !(f & (TILE_SOLID | TILE_VOID));
}

/* A wall is cut down when a full one would hide part of a floor: the cells drawn before it
 * that it overlaps are the ones left, above and up-left of it. Walls with nothing but walls
 * or the outside behind them (the back of the room) stand full height. */
static int wall_is_low(const state *s, int cell)
{
    const grid *g = s->g;
    int cx = cell % g->w, cy = cell / g->w;
    return (cx > 0 && is_floor(s, cell - 1)) || (cy > 0 && is_floor(s, cell - g->w)) ||
           (cx > 0 && cy > 0 && is_floor(s, cell - g->w - 1));
}

static int low_lift(const view_layout *L) { return L->cell_h * WALL_LOW / 8; }

/* How far above the floor a cell's top is drawn (walls, boxes, sliding tiles; 0 for the
 * rest), and how wide its block is: a wall fills the diamond, a box is narrower. */
static int raised(const view_layout *L, const state *s, int cell, int *width)
{
    const ruleset *r = s->rules;
    *width = L->cell_w;
    if (is_wall(s, cell)) return wall_is_low(s, cell) ? low_lift(L) : L->lift;
    if ((s->num && s->num[cell]) ||
        (s->obj[cell] && (rules_flags(r, s->obj[cell]) & TILE_PUSHABLE))) {
        *width = box_width(L);
        return box_lift(L);
    }
    return 0;
}

/* Is the pixel centre inside the diamond of width w (height w/2) centred on the cell's
 * floor diamond? Doubled coordinates keep it exact. */
static int in_footprint(const view_layout *L, const grid *g, int cell, int w, int px, int py)
{
    long long cx = L->x + (long long)(cell % g->w - cell / g->w) * L->cell_w / 2;
    long long cy = L->y + (long long)(cell % g->w + cell / g->w) * L->cell_h / 2 + L->cell_h / 2;
    long long dx = 2LL * px + 1 - 2 * cx, dy = 2LL * py + 1 - 2 * cy;
    if (dx < 0) dx = -dx;
    if (dy < 0) dy = -dy;
    return dx + 2 * dy <= w;
}

int iso_pick(const view_layout *L, const state *s, int px, int py)
{
    /* A block raised by h covers its footprint moved up by 0..h: walk down from the pixel and
     * keep the front-most (largest x + y) cell whose block reaches it; the floor under the
     * pixel counts as a block of height 0. */
    const grid *g = s->g;
    int best = -1, t;
    for (t = 0; t <= L->lift + L->cell_h; t++) {
        int c = iso_cell_at(L, g, px, py + t), w;
        if (c < 0 || c == best) continue;
        int h = raised(L, s, c, &w);
        if (t > 0 && (h < t || !in_footprint(L, g, c, w, px, py + t))) continue;
        if (best < 0 || c % g->w + c / g->w > best % g->w + best / g->w) best = c;
    }
    return best;
}

int iso_click_point(const view_layout *L, const state *s, int cell, int *px, int *py)
{
    int x, y, dx, dy, h;
    if (cell < 0 || cell >= s->g->ncells) return -1;
    corner(L, s->g, cell, &x, &y);
    h = raised(L, s, cell, &dx);
    /* The centre of the top first, then points spiralling out over the diamond. */
    for (dy = 0; dy <= L->cell_h / 2; dy++)
        for (dx = 0; dx <= L->cell_w / 2; dx++) {
            int k;
            for (k = 0; k < 4; k++) {
                int qx = x + ((k & 1) ? -dx : dx), qy = y + L->cell_h / 2 - h + ((k & 2) ? -dy : dy);
                if (iso_pick(L, s, qx, qy) == cell) {
                    *px = qx;
                    *py = qy;
                    return 0;
                }
            }
        }
    *px = x;
    *py = y + L->cell_h / 2;
    return 0;
}

/* }====== */

/* {====== art: blocks made from flat sprites */

enum piece_kind { PIECE_DIAMOND, PIECE_WALL, PIECE_WALL_LOW, PIECE_BOX, PIECE_SHADOW };

typedef struct piece {
    unsigned long from;         /* the serial of the sheet it was made from */
    int src, kind, size;
    sprites spr;                /* one sprite: the whole picture */
} piece;

enum { ISO_PIECES_MAX = 512 };  /* more: start over (pieces of sheets no longer drawn pile up) */

struct iso_art {
    int tile_w;
    int n, cap;
    piece *p;
};

iso_art *iso_art_new(void) { return calloc(1, sizeof(iso_art)); }

static void clear_pieces(iso_art *art)
{
    for (int i = 0; i < art->n; i++) {
        image_free(&art->p[i].spr.sheet);
        free(art->p[i].spr.list);
    }
    art->n = 0;
}

void iso_art_free(iso_art *art)
{
    if (!art) return;
    clear_pieces(art);
    free(art->p);
    free(art);
}

typedef struct texture {
    const image *img;
    int x, y, w, h;             /* the part of img mapped onto a face */
} texture;

/* Bilinear sample at (u, v) in 0..1 of the texture, premultiplied, added to acc. */
static void sample(const texture *t, double u, double v, double shade, double acc[4])
{
    double fx = u * t->w - 0.5, fy = v * t->h - 0.5;
    int x0 = (int)floor(fx), y0 = (int)floor(fy);
    double ax = fx - x0, ay = fy - y0;
    for (int k = 0; k < 4; k++) {
        int sx = x0 + (k & 1), sy = y0 + (k >> 1);
        double wgt = ((k & 1) ? ax : 1 - ax) * ((k >> 1) ? ay : 1 - ay);
        if (sx < 0) sx = 0;
        if (sy < 0) sy = 0;
        if (sx >= t->w) sx = t->w - 1;
        if (sy >= t->h) sy = t->h - 1;
        uint32_t p = t->img->px[(size_t)(t->y + sy) * (size_t)t->img->w + (size_t)(t->x + sx)];
        double a = (p >> 24) / 255.0 * wgt;
        acc[0] += ((p >> 16) & 255) * a * shade;
        acc[1] += ((p >> 8) & 255) * a * shade;
        acc[2] += (p & 255) * a * shade;
        acc[3] += a;
    }
}

/* Renders a block of width w (even) and height lift: its top diamond (w x w/2) over two side
 * faces lit less (light from the top left). lift 0 makes a flat diamond; tex NULL a soft
 * shadow. 2x2 samples per pixel smooth the edges. */
static int render_block(image *out, const texture *tex, int w, int lift)
{
    int th = w / 2, h = th + lift;
    if (image_create(out, w, h) != 0) return -1;
    for (int py = 0; py < h; py++)
        for (int px = 0; px < w; px++) {
            double acc[4] = { 0, 0, 0, 0 };
            for (int k = 0; k < 4; k++) {
                double x = px + 0.25 + 0.5 * (k & 1), y = py + 0.25 + 0.5 * (k >> 1);
                double fx = x - w / 2.0, fy = y - th / 2.0;
                double u = fx / w + fy / th + 0.5, v = -fx / w + fy / th + 0.5;
                if (u >= 0 && u < 1 && v >= 0 && v < 1) {
                    if (!tex) {
                        /* darkest in the middle, fading to nothing at the corners */
                        double du = fabs(u - 0.5) * 2, dv = fabs(v - 0.5) * 2;
                        double r = du > dv ? du : dv, a = (1 - r * r) * 0.45;
                        acc[3] += a;
                        continue;
                    }
                    sample(tex, u, v, 1.0, acc);
                    continue;
                }
                if (!tex || lift <= 0) continue;
                if (x < w / 2.0) {
                    double s = x / (w / 2.0), edge = th / 2.0 + s * th / 2.0, t = (y - edge) / lift;
                    if (t >= 0 && t < 1) sample(tex, s, t, 0.74 - 0.12 * t, acc);
                } else {
                    double s = (x - w / 2.0) / (w / 2.0), edge = th - s * th / 2.0,
                           t = (y - edge) / lift;
                    if (t >= 0 && t < 1) sample(tex, s, t, 0.56 - 0.1 * t, acc);
                }
            }
            if (acc[3] <= 0) continue;
            {
                double a = acc[3] / 4;
                unsigned r = tex ? (unsigned)(acc[0] / acc[3] + 0.5) : 0;
                unsigned gch = tex ? (unsigned)(acc[1] / acc[3] + 0.5) : 0;
                unsigned b = tex ? (unsigned)(acc[2] / acc[3] + 0.5) : 0;
                out->px[(size_t)py * (size_t)w + (size_t)px] =
                    colour_rgba(r > 255 ? 255 : r, gch > 255 ? 255 : gch, b > 255 ? 255 : b,
                                (unsigned)(a * 255 + 0.5));
            }
        }
    return 0;
}

/* The part of a sprite that is not transparent (an object sprite has a margin). */
static texture opaque_part(const sprites *sh, int idx)
{
    const sprite *sp = sprites_get(sh, idx);
    texture t = { &sh->sheet, sp->x, sp->y, sp->w, sp->h };
    int x0 = sp->w, y0 = sp->h, x1 = -1, y1 = -1;
    for (int y = 0; y < sp->h; y++)
        for (int x = 0; x < sp->w; x++)
            if ((sh->sheet.px[(size_t)(sp->y + y) * (size_t)sh->sheet.w + (size_t)(sp->x + x)] >> 24) > 128) {
                if (x < x0) x0 = x;
                if (y < y0) y0 = y;
                if (x > x1) x1 = x;
                if (y > y1) y1 = y;
            }
    if (x1 >= x0 && y1 >= y0) {
        t.x = sp->x + x0;
        t.y = sp->y + y0;
        t.w = x1 - x0 + 1;
        t.h = y1 - y0 + 1;
    }
    return t;
}

/* The piece for sprite src of this kind at the layout's size, made on first use; NULL when
 * out of memory. */
static const piece *get_piece(iso_art *art, const sprites *sh, const view_layout *L, int src,
                              int kind)
{
    int size = kind == PIECE_BOX ? box_width(L) : L->cell_w;
    unsigned long from = sh ? sh->serial : 0;
    if (art->tile_w != L->cell_w || art->n >= ISO_PIECES_MAX) {
        clear_pieces(art);
        art->tile_w = L->cell_w;
    }
    for (int i = 0; i < art->n; i++)
        if (art->p[i].from == from && art->p[i].src == src && art->p[i].kind == kind) return &art->p[i];
    if (art->n == art->cap) {
        int cap = art->cap ? art->cap * 2 : 16;
        piece *p = realloc(art->p, sizeof *p * (size_t)cap);
        if (!p) return NULL;
        art->p = p;
        art->cap = cap;
    }
    piece *pc = &art->p[art->n];
    memset(pc, 0, sizeof *pc);
    pc->from = from;
    pc->src = src;
    pc->kind = kind;
    pc->size = size;
    texture tex = { 0 }, *tp = NULL;
    if (kind != PIECE_SHADOW && sh && sprites_get(sh, src)) {
        const sprite *sp = sprites_get(sh, src);
        tex = kind == PIECE_BOX ? opaque_part(sh, src)
                                : (texture){ &sh->sheet, sp->x, sp->y, sp->w, sp->h };
        tp = &tex;
    }
    int lift = kind == PIECE_WALL ? L->lift : kind == PIECE_WALL_LOW ? low_lift(L)
             : kind == PIECE_BOX ? size / 2 * BOX_LIFT / 8 : 0;
    if (kind != PIECE_SHADOW && !tp) return NULL;
    if (render_block(&pc->spr.sheet, tp, size, lift) != 0) return NULL;
    pc->spr.list = malloc(sizeof *pc->spr.list);
    if (!pc->spr.list) {
        image_free(&pc->spr.sheet);
        return NULL;
    }
    memset(pc->spr.list, 0, sizeof *pc->spr.list);
    snprintf(pc->spr.list->name, sizeof pc->spr.list->name, "iso");
    pc->spr.list->w = pc->spr.sheet.w;
    pc->spr.list->h = pc->spr.sheet.h;
    pc->spr.count = 1;
    art->n++;
    return pc;
}

/* }====== */

/* {====== drawing */

static int find_sprite(const sprites *sh, const char *base, const char *suffix)
{
    char name[2 * SPRITE_NAME_MAX + 16];
    snprintf(name, sizeof name, "%s%s", base, suffix);
    return sprites_find(sh, name);
}

static const char *tile_sprite(const tile_def *t) { return t->sprite[0] ? t->sprite : t->name; }

/* A flat colour diamond outline, thickness pixels, for marks and the hint. */
static void diamond_outline(const drawer *d, int x, int y, int w, int h, int thick, uint32_t c)
{
    for (int k = 0; k < thick; k++) {
        int hw = w / 2 - k, hh = h / 2 - k / 2;
        if (hw <= 0 || hh <= 0) break;
        draw_line(d, x - hw, y + h / 2, x, y + h / 2 - hh, c);
        draw_line(d, x, y + h / 2 - hh, x + hw, y + h / 2, c);
        draw_line(d, x + hw, y + h / 2, x, y + h / 2 + hh, c);
        draw_line(d, x, y + h / 2 + hh, x - hw, y + h / 2, c);
    }
}

/* A loud stand-in for a missing sprite, as the flat view draws one. */
static void draw_missing(const drawer *d, int x, int y, int w, int h)
{
    draw_fill_rect(d, x + w / 4, y + h / 4, w / 2, h / 2, 0xFFFF00FFu);
}

static void blit_piece(const drawer *d, const piece *p, int x, int y, int alpha)
{
    draw_sprite(d, &p->spr, 0, x, y, p->spr.sheet.w, p->spr.sheet.h, 0xFFFFFFFFu, alpha);
}

static int number_scale(int ncells, int w)
{
    char widest[16];
    int digits = 1, n = ncells > 1 ? ncells - 1 : 1, sx;
    while (n >= 10 && digits < 15) n /= 10, digits++;
    memset(widest, '0', (size_t)digits);
    widest[digits] = 0;
    sx = (w * 40 / 100) / text_width(widest, 1);
    return sx < 1 ? 1 : sx;
}

/* The object of cell c, drawn (ox, oy) pixels away from its cell (objects in motion). */
static void draw_object(const drawer *d, const sprites *sh, iso_art *art, const state *s,
                        const view_layout *L, const view_options *opt, int c, int active, int ox, int oy)
{
    const ruleset *r = s->rules;
    int id = s->obj[c], x, y, tw = L->cell_w, th = L->cell_h;
    corner(L, s->g, c, &x, &y);
    x += ox;
    y += oy;
    if (s->num) {
        /* Sliding tiles: blocks with the number on top, or in picture mode with their piece of
         * the picture on top and down the sides; the blank is a recessed slot (its piece once
         * the picture is whole). */
        int n = s->num[c], ncells = s->g->ncells;
        bool pic = opt->picture != NULL;
        if (n == 0 && !(pic && opt->picture_whole)) return;
        int piece_at = pic ? ncells + (n == 0 ? ncells - 1 : n - 1) : -1;   /* its "whole" sprite */
        const piece *p = pic && sprites_get(opt->picture, piece_at)
                             ? get_piece(art, opt->picture, L, piece_at, PIECE_BOX)
                             : get_piece(art, sh, L, sprites_find(sh, "tile"), PIECE_BOX);
        int bw = box_width(L), lift = box_lift(L);
        int top = y + th / 2 - bw / 4 - lift;
        if (p) blit_piece(d, p, x - bw / 2, top, 255);
        else draw_missing(d, x - tw / 2, y, tw, th);
        if (n == 0 || (pic && (!opt->picture_numbers || opt->picture_whole))) return;
        char num[16];
        int scale = number_scale(ncells, bw);
        if (pic) {                                      /* small, over the picture */
            int least = bw >= 96 ? 2 : 1;
            scale = scale / 3 > least ? scale / 3 : least;
        }
        snprintf(num, sizeof num, "%d", n);
        int nw = text_width(num, scale), nh = text_height(num, scale);
        int nx = x - nw / 2, ny = top + bw / 4 - nh / 2;
        if (pic) {
            int pad = scale * 2;
            draw_round_rect(d, nx - pad, ny - pad, nw + 2 * pad, nh + 2 * pad, pad, 0xA0000000u);
        }
        draw_text(d, nx, ny, num, scale, pic ? 0xFFFFFFFFu : NUMBER_INK);
        return;
    }
    if (!id || id >= r->ntiles) return;
    const tile_def *t = &r->tile[id];
    const char *name = tile_sprite(t);
    if (t->flags & TILE_PUSHABLE) {
        int idx = -1;
        if (state_box_on_goal(s, c)) idx = find_sprite(sh, name, "_on_goal");
        if (idx < 0) idx = sprites_find(sh, name);
        const piece *p = idx >= 0 ? get_piece(art, sh, L, idx, PIECE_BOX) : NULL;
        const piece *sh_p = get_piece(art, sh, L, -1, PIECE_SHADOW);
        int bw = box_width(L), lift = box_lift(L);
        if (sh_p) blit_piece(d, sh_p, x - tw / 2 + tw / 10, y + th / 10, 255);
        if (p) blit_piece(d, p, x - bw / 2, y + th / 2 - bw / 4 - lift, 255);
        else draw_missing(d, x - tw / 2, y - th / 2, tw, th);
        return;
    }
    /* Players and other objects stand upright on their cell, as in the flat view. */
    static const char *const face[] = { "_up", "_right", "_down", "_left" };
    int idx = -1, alpha = 255;
    if (t->flags & TILE_PLAYER) {
        if (c == active && s->facing >= 0 && s->facing < 4) idx = find_sprite(sh, name, face[s->facing]);
        else if (c != active && s->nplayers > 1) alpha = 150;
        if (idx < 0) idx = sprites_find(sh, name);
        if (idx < 0) idx = find_sprite(sh, name, "_down");
    } else {
        idx = sprites_find(sh, name);
    }
    const piece *sh_p = get_piece(art, sh, L, -1, PIECE_SHADOW);
    if (sh_p) blit_piece(d, sh_p, x - tw / 2 + tw / 8, y + th / 8, 200);
    int sw = tw * 80 / 100;
    if (idx >= 0) draw_sprite(d, sh, idx, x - sw / 2, y + th / 2 - sw * 88 / 100, sw, sw, 0xFFFFFFFFu, alpha);
    else draw_missing(d, x - sw / 2, y + th / 2 - sw, sw, sw);
}

void iso_draw_level(const drawer *d, const sprites *sh, const state *s, const view_layout *L,
                    const view_options *opt)
{
    const ruleset *r = s->rules;
    const grid *g = s->g;
    iso_art *art = opt->iso ? opt->iso : iso_art_new();
    int active = s->nplayers > 0 && s->active >= 0 && s->active < s->nplayers ? s->player[s->active] : -1;
    int tw = L->cell_w, th = L->cell_h, x, y;
    if (!art) return;
    if (!opt->no_background) view_draw_background(d);

    /* Floors first: diamonds never overlap each other. */
    for (int c = 0; c < g->ncells; c++) {
        int id = s->floor[c];
        uint32_t f = rules_flags(r, id);
        if (id == 0 || id >= r->ntiles || (f & (TILE_VOID | TILE_SOLID))) continue;
        corner(L, g, c, &x, &y);
        int idx = sprites_find(sh, tile_sprite(&r->tile[id]));
        if (s->num && s->num[c] == 0 && sprites_find(sh, "tile_blank") >= 0) idx = sprites_find(sh, "tile_blank");
        if (id != r->floor_id && idx >= 0 && sprites_transparent(sh, idx)) {
            /* A picture with transparent parts lies on the plain floor, when that one is
             * opaque (see view.c). */
            int plain = sprites_find(sh, tile_sprite(&r->tile[r->floor_id]));
            if (plain >= 0 && sprites_transparent(sh, plain)) plain = -1;
            const piece *under = plain >= 0 ? get_piece(art, sh, L, plain, PIECE_DIAMOND) : NULL;
            if (under) blit_piece(d, under, x - tw / 2, y, 255);
        }
        const piece *p = idx >= 0 ? get_piece(art, sh, L, idx, PIECE_DIAMOND) : NULL;
        if (p) blit_piece(d, p, x - tw / 2, y, 255);
        else draw_missing(d, x - tw / 2, y, tw, th);
    }
    /* Then back to front by diagonals (x + y): walls, boxes, players. An object in motion is
     * drawn with the front-most diagonal of its two cells, between them. */
    for (int k = 0; k <= g->w + g->h - 2; k++) {
        for (int cx = k - g->h + 1 > 0 ? k - g->h + 1 : 0; cx <= k && cx < g->w; cx++) {
            int c = (k - cx) * g->w + cx;
            if (is_wall(s, c)) {
                int idx = sprites_find(sh, tile_sprite(&r->tile[s->floor[c]]));
                int low = wall_is_low(s, c), lift = low ? low_lift(L) : L->lift;
                if (idx < 0) idx = sprites_find(sh, "wall");
                const piece *p = idx >= 0 ? get_piece(art, sh, L, idx, low ? PIECE_WALL_LOW : PIECE_WALL) : NULL;
                corner(L, g, c, &x, &y);
                if (p) blit_piece(d, p, x - tw / 2, y - lift, 255);
                else draw_missing(d, x - tw / 2, y - lift, tw, th);
            }
            int m = 0;
            while (m < opt->nslides && opt->slides[m].to != c) m++;
            if (!opt->slides || m >= opt->nslides) draw_object(d, sh, art, s, L, opt, c, active, 0, 0);
            if (opt->marks && opt->marks[c]) {
                corner(L, g, c, &x, &y);
                diamond_outline(d, x, y, tw, th, tw / 24 + 1, MARK_DEAD);
            }
        }
        for (int m = 0; opt->slides && m < opt->nslides; m++) {
            const view_slide *sl = &opt->slides[m];
            int fx, fy, tx, ty;
            float t = sl->t < 0 ? 0 : sl->t > 1 ? 1 : sl->t;
            if (sl->to < 0 || sl->to >= g->ncells || sl->from < 0 || sl->from >= g->ncells) continue;
            int kf = sl->from % g->w + sl->from / g->w, kt = sl->to % g->w + sl->to / g->w;
            if ((kf > kt ? kf : kt) != k) continue;
            corner(L, g, sl->from, &fx, &fy);
            corner(L, g, sl->to, &tx, &ty);
            draw_object(d, sh, art, s, L, opt, sl->to, active, (int)((float)(fx - tx) * (1 - t)),
                        (int)((float)(fy - ty) * (1 - t)));
        }
    }
    for (int c = 0; opt->labels && c < g->ncells; c++) {
        if (!opt->labels[c][0]) continue;
        corner(L, g, c, &x, &y);
        cell_label_draw(d, opt->labels[c], x - tw / 4, y, tw / 2, th, s->obj[c] != 0);
    }
    if (opt->cursor >= 0 && opt->cursor < g->ncells) {
        corner(L, g, opt->cursor, &x, &y);
        diamond_outline(d, x, y, tw, th, tw / 20 + 1, 0xFFFFFFFFu);
    }
    if (opt->highlight >= 0 && opt->highlight < g->ncells) {
        corner(L, g, opt->highlight, &x, &y);
        diamond_outline(d, x, y, tw, th, tw / 20 + 1, MARK_HINT);
    }
    if (art != opt->iso) iso_art_free(art);
}

/* }====== */
