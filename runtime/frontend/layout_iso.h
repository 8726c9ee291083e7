/* layout_iso.h: the isometric view of square grids: where cells are (floor diamonds, 2:1),
 * which cell a pixel shows (raised blocks hide what is behind them), and drawing, with walls
 * and boxes as blocks built from the flat sprites and drawn back to front. */
#ifndef TESSERA_FRONTEND_LAYOUT_ISO_H
#define TESSERA_FRONTEND_LAYOUT_ISO_H

#include "core/grid.h"
#include "core/state.h"
#include "frontend/draw.h"
#include "frontend/sprites.h"
#include "frontend/view.h"

/* Blocks and diamonds made from a sprite sheet at one tile size, kept between frames:
 * making them filters every pixel, drawing them is a plain copy. */
typedef struct iso_art iso_art;

iso_art *iso_art_new(void);
void iso_art_free(iso_art *art);

/* Fits the diamonds of g into the canvas between the margins, pad pixels at the sides, the
 * diamond at most max_w wide. */
void iso_layout_compute(view_layout *L, const grid *g, int canvas_w, int canvas_h, int top,
                        int bottom, int pad, int max_w);
/* The cell whose floor diamond holds pixel (px, py), or -1. */
int iso_cell_at(const view_layout *L, const grid *g, int px, int py);
/* The box around a cell's floor diamond. */
void iso_cell_rect(const view_layout *L, const grid *g, int cell, int *x, int *y, int *w, int *h);
/* What a click at (px, py) lands on: the front-most block or floor drawn there, or -1. */
int iso_pick(const view_layout *L, const state *s, int px, int py);
/* A pixel that iso_pick maps to cell (its floor centre, or its top when it is raised, else
 * any visible point); the floor centre when nothing of it shows. 0, or -1 off the grid. */
int iso_click_point(const view_layout *L, const state *s, int cell, int *px, int *py);

/* Draws the level as view_draw_level does, in the iso view (opt is not NULL). */
void iso_draw_level(const drawer *d, const sprites *sh, const state *s, const view_layout *L,
                    const view_options *opt);

#endif
