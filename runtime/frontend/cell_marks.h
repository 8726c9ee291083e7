/* cell_marks.h: what the view draws on top of cells for games with their own rules: text a
 * game writes on its cells (labels) and the keyboard cursor of games played by clicks. */
#ifndef TESSERA_FRONTEND_CELL_MARKS_H
#define TESSERA_FRONTEND_CELL_MARKS_H

#include "frontend/draw.h"

/* Text in the box (x, y, w, h), dark on a light plate so it reads over any sprite: centred
 * and as large as fits (at most a third of the box's height), or, on a cell where an object
 * stands (badge), small in its top-right corner so the object stays in view. */
void cell_label_draw(const drawer *d, const char *text, int x, int y, int w, int h, int badge);
/* The keyboard cursor around the box (x, y, w, h): a bright rounded frame. */
void cell_cursor_draw(const drawer *d, int x, int y, int w, int h);

#endif
