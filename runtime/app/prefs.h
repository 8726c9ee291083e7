/* prefs.h: the player's settings file, $XDG_DATA_HOME/tessera/settings.txt (format:
 * app/save_format.h). Names in use: animation_speed (0 off .. 4), muted (0 or 1, the M key),
 * skin (a skin's name, app/skins.h). */
#ifndef TESSERA_APP_PREFS_H
#define TESSERA_APP_PREFS_H

#include <stddef.h>

#include "app/paths.h"
#include "app/save_format.h"

/* Loads the settings (none yet: empty). A damaged file is set aside; a newer Tessera's file is
 * left as it is and never written over (st->newer; the defaults are used), as is one that cannot
 * be read (st->unread). note gets a message for each. */
void prefs_load(settings *st, const app_paths *p, char *note, size_t note_size);
/* Writes them atomically; 0, or -1 with a message on stderr. With name (the setting just
 * changed), the file's other settings stay as they are there now (another run's changes kept). */
int prefs_save(const settings *st, const app_paths *p, const char *name);

#endif
