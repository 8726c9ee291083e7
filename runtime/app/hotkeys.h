/* hotkeys.h: keys that do the same on every screen: F11 fullscreen, F12 screenshot, M mute. */
#ifndef TESSERA_APP_HOTKEYS_H
#define TESSERA_APP_HOTKEYS_H

#include <stddef.h>

#include "app/app.h"

/* 1 when key was a hot key (and was handled), else 0. */
int hotkey(app *a, const char *key);
/* Writes the canvas as it is shown now to the data folder's screenshots/ directory, named
 * by the time; path gets the file. 0, or -1 with err. */
int hotkey_screenshot(app *a, char *path, size_t size, error *err);

#endif
