/* game_art.h: a game's own pictures (its `art` field, a skin.lua beside the script) laid
 * over the player's skin while that game is played, reloaded when its files change. */
#ifndef TESSERA_APP_GAME_ART_H
#define TESSERA_APP_GAME_ART_H

#include "app/app.h"
#include "script/game.h"

/* Loads the art the session's game asks for, when the game, the skin or the art's files
 * changed since the last call. Art that fails to load is said once (stderr and the status
 * line) and the skin is used alone until a file changes again. */
void game_art_refresh(app *a);
/* The sheet to draw with: the game's art over the skin, else the skin; NULL if neither. */
const sprites *game_art_sheet(const app *a);
/* Drops the art (the skin under it changed); the next refresh builds it again. */
void game_art_forget(app *a);
/* Where the game's art file is (beside its script): out, or "" when it has none. */
void game_art_path(const game *g, char *out, size_t size);
/* Frees what the app holds for the art. */
void game_art_free(app *a);

#endif
