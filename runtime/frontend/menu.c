/* menu.c: the full-screen menus (the games, a game's levels): rows with one selection
 * marker, numbers in a column, marks, notes, level thumbnails, and the selected row's whole
 * description under the list. */
#include <stdio.h>
#include <string.h>

#include "core/level.h"
#include "core/rules.h"
#include "frontend/text.h"
#include "frontend/theme.h"
#include "frontend/view.h"

enum { DETAIL_LINES = 2 };

typedef struct menu_geom {
    int ui, title_y, list_x, list_w, list_y, row_h, rows, detail_y;
} menu_geom;

static void menu_geometry(int w, int h, menu_geom *m)
{
    int bottom, avail;
    m->ui = ui_scale(w, h);
    view_hud_margins(w, h, NULL, &bottom);
    m->title_y = 16 * m->ui;
    m->list_y = m->title_y + TEXT_CAP_HEIGHT * (m->ui + 1) + 16 * m->ui;
    m->row_h = 22 * m->ui;
    m->list_w = w - 32 * m->ui;
    if (m->list_w > 380 * m->ui) m->list_w = 380 * m->ui;
    if (m->list_w < 1) m->list_w = 1;
    m->list_x = (w - m->list_w) / 2;
    /* Under the list: the selected item's description, DETAIL_LINES lines. */
    int detail_h = DETAIL_LINES * TEXT_LINE_HEIGHT * m->ui + 8 * m->ui;
    avail = h - bottom - 10 * m->ui - detail_h - m->list_y;
    m->rows = avail / m->row_h;
    if (m->rows < 1) m->rows = 1;
    m->detail_y = m->list_y + m->rows * m->row_h + 10 * m->ui;
}

static int clamp_scroll(int scroll, int n, int rows)
{
    int max = n - rows;
    if (max < 0) max = 0;
    return scroll < 0 ? 0 : scroll > max ? max : scroll;
}

int view_menu_rows(int canvas_w, int canvas_h)
{
    menu_geom m;
    menu_geometry(canvas_w, canvas_h, &m);
    return m.rows;
}

int view_menu_item_at(int canvas_w, int canvas_h, int n, int scroll, int px, int py)
{
    menu_geom m;
    int row;
    menu_geometry(canvas_w, canvas_h, &m);
    scroll = clamp_scroll(scroll, n, m.rows);
    if (px < m.list_x || px >= m.list_x + m.list_w || py < m.list_y) return -1;
    row = (py - m.list_y) / m.row_h;
    if (row >= m.rows || scroll + row >= n) return -1;
    return scroll + row;
}

/* A small filled triangle pointing up or down, centred on cx: "more rows this way". */
static void draw_arrow(const drawer *d, int cx, int y, int size, bool up, uint32_t colour)
{
    for (int k = 0; k < size; k++) {
        int half = up ? k : size - 1 - k;
        draw_fill_rect(d, cx - half, y + k, 2 * half + 1, 1, colour);
    }
}

/* A thick stroke from (x0, y0) to (x1, y1): squares of side t stepped along it. */
static void stroke(const drawer *d, int x0, int y0, int x1, int y1, int t, uint32_t colour)
{
    int dx = x1 - x0, dy = y1 - y0, n = (dx < 0 ? -dx : dx) > (dy < 0 ? -dy : dy) ? (dx < 0 ? -dx : dx) : (dy < 0 ? -dy : dy);
    if (n == 0) n = 1;
    for (int k = 0; k <= n; k++)
        draw_fill_rect(d, x0 + dx * k / n - t / 2, y0 + dy * k / n - t / 2, t, t, colour);
}

static void check_stroke(const drawer *d, int x, int y, int size, int t, uint32_t ink)
{
    int ax = x + size * 26 / 100, ay = y + size * 52 / 100;
    int bx = x + size * 43 / 100, by = y + size * 70 / 100;
    int cx = x + size * 75 / 100, cy = y + size * 32 / 100;
    stroke(d, ax, ay, bx, by, t, ink);
    stroke(d, bx, by, cx, cy, t, ink);
}

void view_draw_check_helped(const drawer *d, int x, int y, int size)
{
    int t = size / 8 < 1 ? 1 : size / 8;
    draw_round_rect(d, x, y, size, size, size / 2, HELPED_RING);
    draw_round_rect(d, x + t, y + t, size - 2 * t, size - 2 * t, (size - 2 * t) / 2, HELPED_FILL);
    check_stroke(d, x, y, size, t + 1 > 2 ? t + 1 : 2, HELPED_RING);
}

void view_draw_check(const drawer *d, int x, int y, int size)
{
    int t = size / 6 < 2 ? 2 : size / 6;
    draw_round_rect(d, x, y, size, size, size / 2, CHECK_DISC);
    /* The short stroke down to the bottom point, then the long one up to the right. */
    int ax = x + size * 26 / 100, ay = y + size * 52 / 100;
    int bx = x + size * 43 / 100, by = y + size * 70 / 100;
    int cx = x + size * 75 / 100, cy = y + size * 32 / 100;
    stroke(d, ax + 1, ay + 1, bx + 1, by + 1, t, SHADOW);
    stroke(d, bx + 1, by + 1, cx + 1, cy + 1, t, SHADOW);
    stroke(d, ax, ay, bx, by, t, CHECK_INK);
    stroke(d, bx, by, cx, cy, t, CHECK_INK);
}

/* {====== thumbnails */

static const uint32_t TH_WALL = 0xFF8A5A3Cu, TH_FLOOR = 0xFF3A4660u, TH_GOAL = 0xFFE0B040u;
static const uint32_t TH_BOX = 0xFFC98A3Au, TH_BOX_HOME = 0xFF4FB85Au, TH_PLAYER = 0xFF5AB4F0u;
static const uint32_t TH_HOLE = 0xFF10141Cu, TH_ICE = 0xFFA8D8F0u, TH_TILE = 0xFFD8C8A8u;
static const uint32_t TH_FRAME = 0x40FFFFFFu;

/* The colours of a coloured tile (r g b y), else 0. */
static uint32_t tile_colour(int colour)
{
    static const uint32_t c[] = { 0, 0xFFE04848u, 0xFF48A0E8u, 0xFF58C060u, 0xFFF0D040u, 0xFFB070E0u, 0xFFF09040u };
    return colour > 0 && colour < (int)(sizeof c / sizeof *c) ? c[colour] : 0;
}

/* Each tile's flat colours: floor[id] and obj[id] (0: nothing drawn). Walls, holes, goals,
 * ice, boxes, players and the plain floor (drawn with the "floor" sprite) have fixed colours,
 * the same in every game. Any other floor (a key or a door of Doors, the lit and dark lights of
 * Lights Out: their meaning is in the script's rules) and any other object is its sprite's mean
 * colour, so that they stand out from the floor and from each other. */
static void thumb_colours(const ruleset *r, const sprites *sh, bool hex, uint32_t *floor, uint32_t *obj)
{
    floor[0] = obj[0] = 0;
    for (int id = 1; id < r->ntiles; id++) {
        const tile_def *t = &r->tile[id];
        const char *name = view_sprite_name(t);
        uint32_t f = t->flags;
        /* The sprite's colour, looked up only for the tiles that take it. */
        bool floor_art = t->layer == LAYER_FLOOR && !(f & (TILE_VOID | TILE_SOLID | TILE_HOLE | TILE_GOAL | TILE_SLIPPERY)) &&
                         strcmp(name, "floor") != 0;
        bool obj_art = t->layer == LAYER_OBJECT && !(f & (TILE_PLAYER | TILE_PUSHABLE | TILE_SOLID));
        uint32_t art = sh && (floor_art || obj_art) ? sprites_mean(sh, view_find_sprite(sh, name, hex)) : 0;
        if (f & TILE_VOID) floor[id] = 0;
        else if (f & TILE_SOLID) floor[id] = TH_WALL;
        else if (f & TILE_HOLE) floor[id] = TH_HOLE;
        else if (f & TILE_GOAL) floor[id] = tile_colour(t->colour) ? tile_colour(t->colour) : TH_GOAL;
        else if (f & TILE_SLIPPERY) floor[id] = TH_ICE;
        else floor[id] = floor_art && art ? art : TH_FLOOR;
        if (f & TILE_PLAYER) obj[id] = TH_PLAYER;
        else if (f & TILE_PUSHABLE) obj[id] = tile_colour(t->colour) ? tile_colour(t->colour) : TH_BOX;
        else if (f & TILE_SOLID) obj[id] = TH_WALL;
        else obj[id] = art;
    }
}

void view_draw_thumbnail(const drawer *d, const level *lv, const ruleset *r, const sprites *sh, int x, int y, int w,
                         int h)
{
    const grid *g = &lv->g;
    if (g->w <= 0 || g->h <= 0 || w <= 0 || h <= 0) return;
    int cell = w / g->w < h / g->h ? w / g->w : h / g->h;
    if (cell < 1) cell = 1;
    int bw = cell * g->w, bh = cell * g->h, ox = x + (w - bw) / 2, oy = y + (h - bh) / 2;
    bool hex = g->topo == TOPO_HEX;
    uint32_t floor[TILES_MAX], obj[TILES_MAX];
    thumb_colours(r, sh, hex, floor, obj);
    for (int c = 0; c < g->ncells; c++) {
        int col = c % g->w, row = c / g->w;
        int fx = ox + col * cell + (hex && (row & 1) ? cell / 2 : 0), fy = oy + row * cell;
        int fid = lv->floor[c] < r->ntiles ? lv->floor[c] : 0, oid = lv->obj[c] < r->ntiles ? lv->obj[c] : 0;
        const tile_def *ft = fid ? &r->tile[fid] : NULL;
        uint32_t fc = floor[fid];
        if (lv->num) fc = lv->num[c] ? TH_TILE : TH_HOLE;
        if (fc) draw_fill_rect(d, fx, fy, cell, cell, fc);
        if (!oid || lv->num) continue;
        uint32_t oc = obj[oid];
        /* A box at home on a goal that takes it. */
        if ((r->tile[oid].flags & TILE_PUSHABLE) && ft && (ft->flags & TILE_GOAL) &&
            (!ft->colour || ft->colour == r->tile[oid].colour))
            oc = TH_BOX_HOME;
        if (!oc) continue;
        int inset = cell >= 4 ? cell / 5 : 0;
        draw_fill_rect(d, fx + inset, fy + inset, cell - 2 * inset, cell - 2 * inset, oc);
    }
    draw_outline_rect(d, ox - 1, oy - 1, bw + 2, bh + 2, 1, TH_FRAME);
}

/* }====== */

/* Wraps text into at most max_lines lines of width max_w at scale (the last ellipsized). */
static int wrap(const char *text, int scale, int max_w, char lines[][256], int max_lines)
{
    int n = 0;
    const char *p = text ? text : "";
    while (*p && n < max_lines) {
        size_t len = strlen(p), best = 0, k;
        char buf[256];
        for (k = 1; k <= len && k < sizeof buf; k++) {
            memcpy(buf, p, k);
            buf[k] = 0;
            if (text_width(buf, scale) > max_w) break;
            if (k == len || p[k] == ' ') best = k;
        }
        if (best == 0) best = k > 1 ? k - 1 : 1;
        if (n == max_lines - 1 && best < len) {
            text_ellipsize(p, scale, max_w, lines[n++], sizeof lines[0]);
            break;
        }
        snprintf(lines[n++], sizeof lines[0], "%.*s", (int)best, p);
        p += best;
        while (*p == ' ') p++;
    }
    return n;
}

void view_draw_menu_items(const drawer *d, const view_menu *mn)
{
    menu_geom m;
    char buf[256];
    menu_geometry(d->w, d->h, &m);
    int ui = m.ui, n = mn->items ? mn->n : 0;
    int scroll = clamp_scroll(mn->scroll, n, m.rows);
    draw_gradient(d, 0, 0, d->w, d->h, BG_TOP, BG_BOTTOM);
    if (mn->title) {
        text_ellipsize(mn->title, ui + 1, d->w - 16 * ui, buf, sizeof buf);
        draw_text_shadowed(d, (d->w - text_width(buf, ui + 1)) / 2, m.title_y, buf, ui + 1, ACCENT, SHADOW);
    }
    if (n == 0)
        draw_text_shadowed(d, m.list_x + 14 * ui, m.list_y + (m.row_h - TEXT_CAP_HEIGHT * ui) / 2, "(nothing here)", ui,
                           INK_DIM, SHADOW);
    /* The number column is as wide as the widest number. */
    int num_w = 0;
    for (int i = 0; i < n; i++)
        if (mn->items[i].number > 0) {
            snprintf(buf, sizeof buf, "%d", mn->items[i].number);
            int w = text_width(buf, ui);
            if (w > num_w) num_w = w;
        }
    bool marks = false, thumbs = false;
    for (int i = 0; i < n; i++) {
        marks = marks || mn->items[i].mark;
        thumbs = thumbs || (mn->items[i].thumb && mn->rules);
    }
    int ty = (m.row_h - TEXT_CAP_HEIGHT * ui) / 2;
    for (int i = 0; i < m.rows && scroll + i < n; i++) {
        int idx = scroll + i, ry = m.list_y + i * m.row_h, right = m.list_x + m.list_w - 10 * ui;
        int x = m.list_x + 10 * ui;
        const view_menu_item *it = &mn->items[idx];
        bool sel = idx == mn->selected;
        /* One marker for the selection: the row's fill. */
        if (sel) draw_round_rect(d, m.list_x, ry + ui, m.list_w, m.row_h - 2 * ui, 6 * ui, ROW_SELECTED);
        else if (i & 1) draw_round_rect(d, m.list_x, ry + ui, m.list_w, m.row_h - 2 * ui, 6 * ui, ROW_STRIPE);
        if (num_w) {
            snprintf(buf, sizeof buf, "%d", it->number);
            if (it->number > 0)
                draw_text_shadowed(d, x + num_w - text_width(buf, ui), ry + ty, buf, ui, it->current ? ACCENT : INK_DIM, SHADOW);
            x += num_w + 8 * ui;
        }
        if (marks) {
            int box = m.row_h - 8 * ui;
            if (it->mark == VIEW_MARK_HELPED) view_draw_check_helped(d, x, ry + 4 * ui, box);
            else if (it->mark) view_draw_check(d, x, ry + 4 * ui, box);
            x += box + 6 * ui;
        }
        if (thumbs) {
            int tw = m.row_h * 7 / 4, th = m.row_h - 4 * ui;
            if (it->thumb) view_draw_thumbnail(d, it->thumb, mn->rules, mn->sheet, x, ry + 2 * ui, tw, th);
            x += tw + 8 * ui;
        }
        if (it->note && it->note[0]) {
            /* The label comes first: the note gets what it leaves (at least a quarter). */
            int label_w = text_width(it->label ? it->label : "", ui), budget = right - x - label_w - 12 * ui;
            if (budget < m.list_w / 4) budget = m.list_w / 4;
            text_ellipsize(it->note, ui, budget, buf, sizeof buf);
            right -= text_width(buf, ui);
            draw_text_shadowed(d, right, ry + ty, buf, ui, it->current ? ACCENT : sel ? INK_SOFT : INK_DIM, SHADOW);
            right -= 12 * ui;
        }
        text_ellipsize(it->label ? it->label : "", ui, right - x, buf, sizeof buf);
        draw_text_shadowed(d, x, ry + ty, buf, ui, sel ? INK : INK_SOFT, SHADOW);
    }
    if (scroll > 0) draw_arrow(d, d->w / 2, m.list_y - 9 * ui, 4 * ui, true, INK_DIM);
    if (scroll + m.rows < n) draw_arrow(d, d->w / 2, m.list_y + m.rows * m.row_h + ui, 4 * ui, false, INK_DIM);
    /* The selected item's description, whole (wrapped), under the list. */
    const char *detail = n > 0 && mn->selected >= 0 && mn->selected < n ? mn->items[mn->selected].detail : NULL;
    if (detail && detail[0]) {
        char lines[DETAIL_LINES][256];
        int k = wrap(detail, ui, m.list_w - 8 * ui, lines, DETAIL_LINES);
        for (int j = 0; j < k; j++)
            draw_text_shadowed(d, (d->w - text_width(lines[j], ui)) / 2, m.detail_y + j * TEXT_LINE_HEIGHT * ui, lines[j], ui,
                               INK_SOFT, SHADOW);
    }
}

void view_draw_menu(const drawer *d, const char *title, const char *const *items, const char *const *notes, int n,
                    int selected, int scroll)
{
    view_menu_item list[256];
    if (n > 256) n = 256;
    for (int i = 0; i < n; i++)
        list[i] = (view_menu_item){ .label = items ? items[i] : NULL, .note = notes ? notes[i] : NULL };
    view_menu mn = { title, items ? list : NULL, items ? n : 0, selected, scroll, NULL, NULL };
    view_draw_menu_items(d, &mn);
}
