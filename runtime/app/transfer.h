/* transfer.h: solutions and levels in and out of the game. Ctrl+C copies the moves made so
 * far as LURD, Ctrl+Shift+C the level as XSB, Ctrl+V pastes either (moves are played from
 * the level's start, undoably; a level opens as a new one-level set), Ctrl+S writes both to
 * files in the data folder's export/ directory. */
#ifndef TESSERA_APP_TRANSFER_H
#define TESSERA_APP_TRANSFER_H

#include <stddef.h>

#include "app/app.h"

/* Handles "ctrl+c", "ctrl+shift+c", "ctrl+v" and "ctrl+s" on the play screen; 1 when the
 * key was one of them. The outcome is told on the status line. */
int transfer_key(app *a, const char *key);

/* The level as text a level file holds (level_to_file_text: its key lines, Title: and all,
 * above its XSB rows, or a boards line for sliding puzzles); malloc'd, NULL out of memory.
 * Copy, Ctrl+S and --export-level all write this. */
char *transfer_level_text(const session *s);
/* Plays pasted text: LURD moves from the level's start, or a level (set) to open. Returns 1
 * when it was used, 0 when it was neither (the status line says why). */
int transfer_paste(app *a, const char *text);
/* "hsb" for a hex game's level, else "xsb": the extension its exported level file gets. */
const char *transfer_level_ext(const session *s);
/* Writes the current level and the moves so far to DIR/NAME.xsb (.hsb on hex) and DIR/NAME.sol
 * (in the solutions format `tessera verify` reads); base_out gets DIR/NAME. 0, or -1 with err. */
int transfer_export(app *a, const char *dir, char *base_out, size_t size, error *err);
/* Writes "N: LURD" (N the level's number) of the moves so far to path; with no moves, a
 * comment saying so (no empty "N:" line). 0, 1 when it wrote that comment, or -1 with err. */
int transfer_write_solution(const session *s, const char *path, error *err);
/* Writes the level text (transfer_level_text) to path. 0, or -1 with err. */
int transfer_write_level(const session *s, const char *path, error *err);

#endif
