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

#include "core/error.h"

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
} skin_desc;

/* Runs path (a skin.lua) in a sandbox and fills d. 0, or -1 with file:line in err. */
int skin_read(const char *path, skin_desc *d, error *err);

#endif
