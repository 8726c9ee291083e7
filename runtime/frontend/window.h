/* window.h: the desktop window: shows the canvas and turns SDL events into input events. The
 * only frontend part that touches SDL; nothing above it needs SDL.h. */
#ifndef TESSERA_FRONTEND_WINDOW_H
#define TESSERA_FRONTEND_WINDOW_H

#include <stdbool.h>
#include <stdint.h>

#include "core/error.h"
#include "frontend/canvas.h"

typedef struct window window;

typedef enum input_type {
    INPUT_NONE,
    INPUT_KEY,                  /* key: lower-case name, see window_poll */
    INPUT_CLICK,                /* x, y: canvas pixels; button: 1 left, 2 middle, 3 right */
    INPUT_RESIZE,               /* x, y: the new canvas size (also after a DPI change, and when
                                   the window was uncovered and must be drawn again) */
    INPUT_QUIT,                 /* the window was closed */
    INPUT_WHEEL,                /* x, y: canvas pixels; wheel: +1 per notch up, -1 down */
    INPUT_DROP                  /* a file dropped on the window: path (button 1: the path was
                                   too long for path and is cut; nothing should open it) */
} input_type;

enum { INPUT_PATH_MAX = 4096 };

enum { INPUT_MOD_SHIFT = 1, INPUT_MOD_CTRL = 2, INPUT_MOD_ALT = 4 };

typedef struct input_event {
    input_type type;
    char key[24];
    int x, y, button;
    int mods;                   /* INPUT_MOD_* held during a key or click */
    int repeat;                 /* a key held down, repeating */
    int wheel;
    char path[INPUT_PATH_MAX];  /* INPUT_DROP */
} input_event;

/* Opens a resizable, HiDPI-aware window of w x h points. Fails with a message saying no
 * display is available when SDL video cannot start. */
int window_open(window **out, const char *title, int w, int h, error *err);
void window_close(window *win);
void window_set_title(window *win, const char *title);
/* Size of the canvas to draw: the window in pixels (which HiDPI screens make larger than the
 * size in points) divided by the pixel scale. */
void window_canvas_size(const window *win, int *w, int *h);
/* Draws the canvas at the window's pixel size divided by scale (1..8) and shows it enlarged
 * that many times, nearest-neighbour: chunky, crisp pixels. Default 1. */
void window_set_scale(window *win, int scale);
/* Shows the canvas enlarged by the largest whole factor that fits, centred on black. 0, or
 * -1 on a renderer error. */
int window_present(window *win, const canvas *c);
/* Takes the next event: 1 with *ev filled, 0 once the queue is empty. Keys are named
 * "up" "down" "left" "right" "a".."z" "0".."9" (keypad digits too) "escape" "return" "space"
 * "tab" "backspace" "delete" "f1".."f12" "pageup" "pagedown" "home" "end" "minus" "equals"
 * "comma" "period" "slash"; other keys are skipped. Gamepads (SDL game controllers, hot-plugged)
 * give keys "pad:" + SDL's button name ("pad:a", "pad:b", "pad:x", "pad:y", "pad:start",
 * "pad:back", "pad:leftshoulder", ...); the d-pad and the left stick give "pad:dpup"
 * "pad:dpdown" "pad:dpleft" "pad:dpright", repeating while held; "pad:added" and
 * "pad:removed" report hot-plugging. */
int window_poll(window *win, input_event *ev);
/* Queues a file drop as if the file had been dropped on the window (scripted play and tests
 * take the same path as a real drop). 0, or -1 when SDL cannot queue it. */
int window_push_drop(window *win, const char *path);
/* Blocks until an event arrives or timeout_ms passes; 1 if one is waiting. */
int window_wait_event(window *win, int timeout_ms);
/* A gamepad direction is held (it repeats: the loop must keep polling). */
bool window_pad_held(const window *win);

/* The system clipboard (SDL keeps its own when the video driver has none). set: 0 or -1;
 * get: a malloc'd copy, "" when empty, NULL on failure. */
int window_clipboard_set(window *win, const char *text);
char *window_clipboard_get(window *win);
/* Switches between a window and desktop fullscreen; returns 1 when now fullscreen, 0 when
 * windowed, -1 when the switch failed. */
int window_toggle_fullscreen(window *win);

void window_wait_ms(uint32_t ms);
uint64_t window_ticks_ms(void);

#endif
