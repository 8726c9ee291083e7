/* idle.h: when the window loop may sleep. A frame is drawn only when something on screen
 * changed or is moving; between them the loop waits for input (or the next timed thing: a
 * hot reload poll, a save) instead of redrawing every 16 ms. */
#ifndef TESSERA_APP_IDLE_H
#define TESSERA_APP_IDLE_H

#include <stdbool.h>
#include <stdint.h>

struct app;

/* Something moves on screen or needs the clock now: a move in motion, a solution being played
 * or computed, a replay running, the burst after a solve, a coloured crate blinking. */
bool app_animating(const struct app *a);
/* Whether the colour game's blink is running: a few periods after the position last changed
 * (app_blink_tick keeps the time), then the crates stand still and the loop sleeps. */
bool app_blink_running(const struct app *a);
void app_blink_tick(struct app *a);
/* A summary of everything the next frame would show: two equal stamps draw the same picture. */
uint64_t app_frame_stamp(const struct app *a);
/* How long the loop may wait for input when nothing moves (ms). */
int app_idle_wait_ms(const struct app *a);

#endif
