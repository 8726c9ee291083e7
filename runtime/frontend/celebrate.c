/* celebrate.c: the solved burst: from each goal a gold ring opens and eight sparks fly out,
 * fading as they go; a soft flash washes the screen at the start. */
#include "frontend/celebrate.h"

#include "core/rules.h"

static const uint32_t GOLD = 0xFFFFD45Eu, WHITE = 0xFFFFFFFFu;

static uint32_t faded(uint32_t colour, double alpha)
{
    if (alpha < 0) alpha = 0;
    if (alpha > 1) alpha = 1;
    return (colour & 0x00FFFFFFu) | ((uint32_t)(alpha * 255.0) << 24);
}

bool celebrate_draw(const drawer *d, const view_layout *L, const state *s, long elapsed_ms)
{
    if (elapsed_ms < 0 || elapsed_ms >= CELEBRATE_MS) return false;
    double t = (double)elapsed_ms / CELEBRATE_MS;          /* 0 .. 1 */
    double ease = 1.0 - (1.0 - t) * (1.0 - t);             /* fast out, slow in */
    if (t < 0.2) draw_fill_rect(d, 0, 0, d->w, d->h, faded(WHITE, 0.18 * (1.0 - t / 0.2)));
    /* Eight directions as integer offsets (a unit octagon, scaled by 1000). */
    static const int ox[8] = { 1000, 707, 0, -707, -1000, -707, 0, 707 };
    static const int oy[8] = { 0, 707, 1000, 707, 0, -707, -1000, -707 };
    for (int c = 0; c < s->g->ncells; c++) {
        if (!(rules_flags(s->rules, s->floor[c]) & TILE_GOAL) && !(s->num && s->num[c] > 0)) continue;
        if (s->num && c % 3 != 0) continue;                 /* sliding boards: every third tile */
        int x, y, w, h;
        view_cell_rect(L, s->g, c, &x, &y, &w, &h);
        int cx = x + w / 2, cy = y + h / 2, reach = w > h ? w : h;
        int r = (int)(ease * reach * 0.9) + 2;
        uint32_t ring = faded(GOLD, 1.0 - t);
        draw_outline_rect(d, cx - r, cy - r, 2 * r, 2 * r, 2, ring);
        for (int k = 0; k < 8; k++) {
            int dist = (int)(ease * reach * 1.3);
            int px = cx + ox[k] * dist / 1000, py = cy + oy[k] * dist / 1000 - (int)(t * h * 0.3);
            int size = 2 + (int)((1.0 - t) * w / 10);
            draw_fill_rect(d, px - size / 2, py - size / 2, size, size, faded(k % 2 ? WHITE : GOLD, 1.0 - t));
        }
    }
    return true;
}
