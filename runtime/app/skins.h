/* skins.h: choosing the sprite sheet by name. "default" is the bundled assets/sprites.png
 * with assets/sprites.txt; any other NAME is a folder holding skin.lua (script/skin.h) and
 * its picture, looked up in $XDG_DATA_HOME/tessera/skins/NAME, then assets/skins/NAME; a
 * NAME with a '/' is the folder itself. Sprites a skin lacks come from the default sheet. */
#ifndef TESSERA_APP_SKINS_H
#define TESSERA_APP_SKINS_H

#include <stddef.h>

#include "app/app.h"
#include "script/skin.h"

/* The skin.lua of name into out: 0, or -1 with err saying where it looked. */
int skins_find(const app_paths *p, const char *name, char *out, size_t size, error *err);
/* Loads skin name into sh (empty on failure). 0, or -1 with err (file:line for mistakes in
 * skin.lua). */
int skins_load(const app_paths *p, const char *name, sprites *sh, error *err);
/* Loads the skin.lua at path over fallback (its sprites fill the names the skin leaves out;
 * NULL: none) into sh. 0, or -1 with err (file:line for mistakes in skin.lua). The picture
 * skin.lua names goes to image_out (if not NULL) as soon as it is known. owner: the game
 * whose art this is (skin.lua and its picture are then read only where that game's script
 * may read), or NULL for a skin the player chose. */
int skins_load_file(const char *path, const struct game *owner, const sprites *fallback, sprites *sh,
                    char *image_out, size_t image_size, error *err);
enum { SKINS_LIST_MAX = 64 };
/* The skins there are: "default", then the folders holding skin.lua under
 * $XDG_DATA_HOME/tessera/skins and assets/skins, by name (a user's skin hides a bundled one
 * of the same name). Returns how many (at most max). */
int skins_list(const app_paths *p, char (*names)[SKIN_NAME_MAX], int max);
/* K: the next skin of skins_list after the app's (skins that fail are passed over, said on
 * stderr). 0, or -1 with err when no other skin loads. */
int app_next_skin(app *a, error *err);
/* Switches the app to skin name. On failure keeps the sheet it had and returns -1 with err. */
int app_set_skin(app *a, const char *name, error *err);

#endif
