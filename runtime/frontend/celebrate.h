/* celebrate.h: the short burst drawn over a level the moment it is solved: a ring and sparks
 * rising from every goal, gone after CELEBRATE_MS. Pure drawing: the caller passes the time. */
#ifndef TESSERA_FRONTEND_CELEBRATE_H
#define TESSERA_FRONTEND_CELEBRATE_H

#include "core/state.h"
#include "frontend/draw.h"
#include "frontend/view.h"

enum { CELEBRATE_MS = 900 };

/* Draws the burst elapsed_ms after the solve; returns false once it is over (nothing drawn). */
bool celebrate_draw(const drawer *d, const view_layout *L, const state *s, long elapsed_ms);

#endif
