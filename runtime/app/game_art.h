/* game_art.h: a game's own pictures (its `art` field, a skin.lua beside the script) laid
 * over the player's skin while that game is played; its files are watched with the game's
 * other files (app/reload.c), so an edit is drawn at once. */
#ifndef TESSERA_APP_GAME_ART_H
#define TESSERA_APP_GAME_ART_H

#include "app/app.h"
#include "script/game.h"

/* Loads the art the session's game asks for when the game or the skin changed, or the hot
 * reload watcher saw its files change (game_art_forget). Art that fails to load is said on
 * the status line and in *failed (on stderr when failed is NULL), and the skin is used alone
 * until then: -1; else 0. */
int game_art_refresh(app *a, error *failed);
/* The sheet to draw with: the game's art over the skin, else the skin; NULL if neither. */
const sprites *game_art_sheet(const app *a);
/* Drops the art (the skin under it or its files changed); the next refresh builds it again. */
void game_art_forget(app *a);
/* Where the game's art file is (beside its script): out, or "" when it has none. */
void game_art_path(const game *g, char *out, size_t size);
/* Frees what the app holds for the art. */
void game_art_free(app *a);

#endif
