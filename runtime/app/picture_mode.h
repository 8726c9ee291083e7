/* picture_mode.h: the picture of a sliding puzzle (the game's `image` field or --image):
 * found, loaded once, cut for the board as drawn, and its numbers toggled with T. */
#ifndef TESSERA_APP_PICTURE_MODE_H
#define TESSERA_APP_PICTURE_MODE_H

#include "app/app.h"

/* --image FILE: the picture of every sliding game played from now on, over the game's own.
 * 0, or -1 with err (naming the file) when the game is not a sliding puzzle or the file is
 * not a loadable picture; the board then keeps its numbered tiles. */
int picture_mode_set_image(app *a, const char *path, error *err);
/* Loads the picture the session's game asks for when it changed (a new game, a hot reload);
 * a picture that fails is said on the status line once and the tiles stay numbered. */
void picture_mode_refresh(app *a);
/* Sets opt's picture fields for the board laid out as L, flat or isometric (nothing when
 * there is no picture). */
void picture_mode_options(app *a, const view_layout *L, view_options *opt);
/* T: the tiles' numbers on or off. */
void picture_mode_toggle_numbers(app *a);
/* The picture to make, small, in the margin beside the board (when there is room). */
void picture_mode_draw_target(app *a, const view_layout *L);

#endif
