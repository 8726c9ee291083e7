/* theme.h: the colours and sizes the views share (view.c, menu.c): one look everywhere. */
#ifndef TESSERA_FRONTEND_THEME_H
#define TESSERA_FRONTEND_THEME_H

#include <stdint.h>

#include "frontend/text.h"

static const uint32_t BG_TOP = 0xFF33415Eu, BG_BOTTOM = 0xFF121826u;
static const uint32_t BAR = 0xC80B0F18u, BAR_EDGE = 0x26FFFFFFu;
static const uint32_t INK = 0xFFF2F4F8u, INK_SOFT = 0xFFD3D9E4u, INK_DIM = 0xFF9AA5BAu;
static const uint32_t ACCENT = 0xFFFFC857u, SHADOW = 0xB0000000u;
static const uint32_t DIM_SCREEN = 0x99000000u, PANEL = 0xF41C2436u, PANEL_EDGE = 0xFF5A6D93u;
static const uint32_t ROW_SELECTED = 0xFF35507Fu, ROW_STRIPE = 0x0DFFFFFFu;
static const uint32_t MISSING = 0xFFFF00FFu, MISSING_DARK = 0xFF80007Cu;
static const uint32_t HIGHLIGHT = 0xFFFFDC5Eu, DEADLOCK = 0xFFE53B30u;
static const uint32_t NUMBER_INK = 0xFF3B2A20u;
static const uint32_t BANNER = 0xF0801C1Cu, BANNER_EDGE = 0xFFE53B30u;
static const uint32_t CHECK_DISC = 0xFF3FA34Du, CHECK_INK = 0xFFFFFFFFu;
static const uint32_t RECESS = 0xFF4B3B2Eu, RECESS_SHADOW = 0x50000000u, RECESS_LIP = 0x30FFFFFFu;
static const uint32_t HELPED_RING = 0xFF8C9AB4u, HELPED_FILL = 0xFF27324Au;

/* Text and spacing grow with the canvas, so a HiDPI window reads like a normal one. */
static inline int ui_scale(int w, int h)
{
    int s = (w / 560 < h / 400 ? w / 560 : h / 400) + 1;
    return s < 1 ? 1 : s > 4 ? 4 : s;
}

static inline int bar_height(int ui) { return (TEXT_CAP_HEIGHT + TEXT_DESCENT + 8) * ui; }


#endif
