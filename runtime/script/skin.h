/* skin.h: reading a skin's description, skin.lua, a small Lua script run in the sandbox:
 *
 *     skin { name = "Minimal", image = "sheet.png", tile_size = 32 }
 *     tile("floor", 0, 0)              -- the tile_size cell at column 0, row 0
 *     rect("player", 64, 32, 32, 32)   -- any rectangle, in pixels: x, y, w, h
 *
 * skin{} comes first and once; image is relative to the skin's folder. Each tile name may
 * be given once. Mistakes are reported as skin.lua:line: message. */
#ifndef TESSERA_SCRIPT_SKIN_H
#define TESSERA_SCRIPT_SKIN_H

#include <stddef.h>

#include "core/error.h"
#include "script/game.h"

enum { SKIN_NAME_MAX = 32, SKIN_MAX_TILES = 256 };

typedef struct skin_tile {
    char name[SKIN_NAME_MAX];
    int x, y, w, h;
    int line;                   /* where skin.lua gave it, for later messages */
} skin_tile;

typedef struct skin_desc {
    char name[64];
    char image[1024];           /* the sheet's path (the folder joined) */
    int tile_size;
    int count;
    skin_tile tiles[SKIN_MAX_TILES];
    unsigned char *picture;     /* the sheet's bytes, read beneath the skin's roots (malloc'd) */
    size_t picture_size;
} skin_desc;

/* Runs path (a skin.lua) in a sandbox and fills d, the sheet's bytes included (free them with
 * skin_desc_free). For a game's art, pass the game: skin.lua and its sheet are then read as
 * the game's own script may read (beneath its roots), and the skin runs on its budget; for a
 * skin the player chose, NULL: the skin's folder is its only root. 0, or -1 with file:line in
 * err. */
int skin_read(const char *path, const game *owner, skin_desc *d, error *err);
void skin_desc_free(skin_desc *d);

#endif
