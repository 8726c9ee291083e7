/* cell_marks.c: labels and the keyboard cursor drawn on cells (see cell_marks.h). */
#include "frontend/cell_marks.h"

#include <string.h>

#include "frontend/text.h"

static const uint32_t LABEL_INK = 0xFF1E2230u, LABEL_PLATE = 0xD8FFF8E8u, LABEL_EDGE = 0x60000000u;
static const uint32_t CURSOR = 0xFFFFFFFFu, CURSOR_SHADOW = 0x90000000u, CURSOR_GLOW = 0x30FFE68Au;

void cell_label_draw(const drawer *d, const char *text, int x, int y, int w, int h, int badge)
{
    if (!text || !text[0] || w < 4 || h < 4) return;
    int width1 = text_width(text, 1), height1 = text_height(text, 1);
    if (width1 < 1 || height1 < 1) return;
    /* The largest whole scale that fits in most of the cell, and not more than a third of its
     * height per line: a number reads as a label, not as the tile. */
    int share = badge ? 45 : 70, rows = badge ? 4 : 3;
    int scale = (w * share / 100) / width1, sy = (h / rows) / TEXT_CAP_HEIGHT;
    if (sy < scale) scale = sy;
    if (scale < 1) scale = 1;
    int tw = text_width(text, scale), th = text_height(text, scale), pad = scale + 1;
    int tx = x + (w - tw) / 2, ty = y + (h - th) / 2;
    if (badge) {
        tx = x + w - tw - 2 * pad;
        ty = y + 2 * pad;
    }
    draw_round_rect(d, tx - pad - 1, ty - pad - 1, tw + 2 * pad + 2, th + 2 * pad + 2, pad + 1, LABEL_EDGE);
    draw_round_rect(d, tx - pad, ty - pad, tw + 2 * pad, th + 2 * pad, pad, LABEL_PLATE);
    draw_text(d, tx, ty, text, scale, LABEL_INK);
}

void cell_cursor_draw(const drawer *d, int x, int y, int w, int h)
{
    int t = w / 16 + 1, r = w / 6 + 1;
    draw_round_rect(d, x - t, y - t, w + 2 * t, h + 2 * t, r + t, CURSOR_GLOW);
    draw_outline_rect(d, x + 1, y + 1, w, h, t, CURSOR_SHADOW);
    draw_outline_rect(d, x, y, w, h, t, CURSOR);
}
