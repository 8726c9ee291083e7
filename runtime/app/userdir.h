/* userdir.h: folders under the user's data folder ($XDG_DATA_HOME/tessera), made on demand,
 * and time-stamped file names for what the game writes there (exports, screenshots). */
#ifndef TESSERA_APP_USERDIR_H
#define TESSERA_APP_USERDIR_H

#include <stddef.h>

#include "app/paths.h"
#include "core/error.h"

/* Makes data_home/sub (and its parents) and writes its path to out. 0, or -1 with err. */
int userdir_make(const app_paths *p, const char *sub, char *out, size_t size, error *err);
/* "YYYYmmdd-HHMMSS" of the local time now. */
void userdir_timestamp(char *out, size_t size);

#endif
