/* loop.h: running the app: the interactive window loop and the scripted --keys loop. */
#ifndef TESSERA_APP_LOOP_H
#define TESSERA_APP_LOOP_H

#include "app/app.h"

struct window;

/* Frames until the player quits. */
int loop_window(app *a, struct window *win);
/* Feeds the tokens of seq one per frame (keys by name, click:COL,ROW, wait:MS, reloaded:N),
 * presenting
 * each frame to win when it is not NULL. Returns 0, or -1 with a message on a bad token. */
int loop_keys(app *a, struct window *win, const char *seq);

#endif
