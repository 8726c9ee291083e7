/* window.c: the SDL2 window, renderer and event translation. */
#define SDL_MAIN_HANDLED /* the app owns main() */
#define _POSIX_C_SOURCE 200809L
#include "frontend/window.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <SDL.h>

#include "frontend/pad.h"
#include "frontend/present.h"

enum { MAX_PADS = 4 };

struct window {
    SDL_Window *win;
    SDL_Renderer *ren;
    SDL_Texture *tex;
    int tex_w, tex_h;
    int scale;                  /* canvas pixel scale (present.h) */
    bool pads_on;               /* the game controller subsystem started */
    SDL_GameController *pads[MAX_PADS];
    int dpad_dir, stick_dir;    /* PAD_DIR_* held on the d-pad and on the left stick */
    pad_repeat rep;
    int pad_event;              /* a hot-plug to report: 1 added, -1 removed, 0 none */
    SDL_Rect windowed;          /* where the window was before fullscreen */
    bool have_windowed;
};

static bool env_set(const char *name)
{
    const char *v = getenv(name);
    return v && *v;
}

/* True, with err set, when no display can be there: no X11 or Wayland display named and no
 * video driver asked for, and no DRM device for SDL's console driver. Decided before SDL
 * starts, which would otherwise print the Wayland library's complaints and then fall back
 * to a driver that shows nothing. */
static bool display_missing(error *err)
{
    if (env_set("SDL_VIDEODRIVER")) return false;
    bool x11 = env_set("DISPLAY"), wayland = env_set("WAYLAND_DISPLAY");
    /* Only the drivers a display is named for: SDL would otherwise try Wayland too, whose
     * library complains on stderr when it finds no compositor. */
    if (x11 || wayland) {
        SDL_SetHint(SDL_HINT_VIDEODRIVER, x11 && wayland ? "wayland,x11" : x11 ? "x11" : "wayland");
        return false;
    }
    if (access("/dev/dri/card0", R_OK | W_OK) == 0) {
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "kmsdrm");   /* a console with a graphics device */
        return false;
    }
    error_set(err, NULL, 0, 0, "neither DISPLAY nor WAYLAND_DISPLAY is set");
    return true;
}

/* Stops the video subsystem, and SDL itself once nothing else of it runs: only SDL_Quit
 * lets go of what SDL started on the side (its D-Bus connection, for one). */
static void quit_video(void)
{
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
    if (SDL_WasInit(SDL_INIT_EVERYTHING) == 0) SDL_Quit();
}

/* A window asked bigger than the display's usable area (a 1366x768 laptop less its panel
 * cannot show 960x720 and a title bar) is made smaller, keeping its shape, so that it shows
 * whole with room for the window manager's frame. The dummy and offscreen drivers have no
 * real display: scripted play keeps the size asked for, so screenshots stay the same. */
static void fit_display(int *w, int *h)
{
    enum { FRAME_W = 16, FRAME_H = 64, MIN_W = 320, MIN_H = 240 };
    SDL_Rect r;
    if (SDL_GetDisplayUsableBounds(0, &r) != 0 || r.w <= MIN_W || r.h <= MIN_H) return;
    int room_w = r.w - FRAME_W, room_h = r.h - FRAME_H;
    if (*w <= room_w && *h <= room_h) return;
    /* the tighter side decides; both shrink by the same factor */
    long nw = room_w, nh = (long)*h * room_w / *w;
    if (nh > room_h) nh = room_h, nw = (long)*w * room_h / *h;
    *w = nw < MIN_W ? MIN_W : (int)nw;
    *h = nh < MIN_H ? MIN_H : (int)nh;
}

int window_open(window **out, const char *title, int w, int h, error *err)
{
    window *win;
    *out = NULL;
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "nearest"); /* whole-number enlargement: crisp */
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0");
    if (display_missing(err)) return -1;
    if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
        error_set(err, NULL, 0, 0, "SDL: %s", SDL_GetError());
        quit_video();
        return -1;
    }
    /* SDL 2.26 falls back to drivers that show nothing: refuse them unless asked for. */
    const char *driver = SDL_GetCurrentVideoDriver();
    if (!env_set("SDL_VIDEODRIVER") && driver && (!strcmp(driver, "offscreen") || !strcmp(driver, "dummy"))) {
        error_set(err, NULL, 0, 0, "SDL found only its '%s' driver", driver);
        quit_video();
        return -1;
    }
    win = calloc(1, sizeof *win);
    if (!win) {
        quit_video();
        return error_set(err, NULL, 0, 0, "out of memory");
    }
    if (driver && strcmp(driver, "offscreen") != 0 && strcmp(driver, "dummy") != 0) fit_display(&w, &h);
    win->win = SDL_CreateWindow(title ? title : "Tessera", SDL_WINDOWPOS_CENTERED,
                                SDL_WINDOWPOS_CENTERED, w, h,
                                SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!win->win) {
        error_set(err, NULL, 0, 0, "cannot open a window (SDL: %s)", SDL_GetError());
        window_close(win);
        return -1;
    }
    win->ren = SDL_CreateRenderer(win->win, -1,
                                  SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    /* No GPU (a VM, a dummy or remote display): the software renderer still works. */
    if (!win->ren) win->ren = SDL_CreateRenderer(win->win, -1, SDL_RENDERER_SOFTWARE);
    if (!win->ren) {
        error_set(err, NULL, 0, 0, "cannot create a renderer (SDL: %s)", SDL_GetError());
        window_close(win);
        return -1;
    }
    SDL_SetWindowMinimumSize(win->win, 320, 240);
    SDL_EventState(SDL_DROPFILE, SDL_ENABLE); /* a level file dropped on the window opens */
    win->scale = 1;
    win->dpad_dir = win->stick_dir = PAD_DIR_NONE;
    win->rep.held = PAD_DIR_NONE;
    /* Gamepads are optional: without the subsystem the keyboard still plays. Pads already
     * plugged in arrive as SDL_CONTROLLERDEVICEADDED events like hot-plugged ones. */
    win->pads_on = SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) == 0;
    *out = win;
    return 0;
}

void window_close(window *win)
{
    if (!win) return;
    for (int i = 0; i < MAX_PADS; i++)
        if (win->pads[i]) SDL_GameControllerClose(win->pads[i]);
    if (win->pads_on) SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER);
    if (win->tex) SDL_DestroyTexture(win->tex);
    if (win->ren) SDL_DestroyRenderer(win->ren);
    if (win->win) SDL_DestroyWindow(win->win);
    free(win);
    quit_video();
}

void window_set_title(window *win, const char *title)
{
    if (win) SDL_SetWindowTitle(win->win, title ? title : "");
}

/* The window's size in pixels (more than in points on HiDPI screens). */
static void drawable_size(const window *win, int *w, int *h)
{
    int pw = 0, ph = 0;
    if (SDL_GetRendererOutputSize(win->ren, &pw, &ph) != 0 || pw <= 0 || ph <= 0)
        SDL_GetWindowSize(win->win, &pw, &ph);
    *w = pw > 0 ? pw : 1;
    *h = ph > 0 ? ph : 1;
}

void window_canvas_size(const window *win, int *w, int *h)
{
    int dw, dh;
    drawable_size(win, &dw, &dh);
    present_canvas_size(dw, dh, win->scale, w, h);
}

void window_set_scale(window *win, int scale)
{
    win->scale = scale < 1 ? 1 : scale > PRESENT_MAX_SCALE ? PRESENT_MAX_SCALE : scale;
}

int window_present(window *win, const canvas *c)
{
    if (!c || !c->px) return -1;
    if (!win->tex || win->tex_w != c->w || win->tex_h != c->h) {
        if (win->tex) SDL_DestroyTexture(win->tex);
        win->tex = SDL_CreateTexture(win->ren, SDL_PIXELFORMAT_ARGB8888,
                                     SDL_TEXTUREACCESS_STREAMING, c->w, c->h);
        if (!win->tex) return -1;
        win->tex_w = c->w;
        win->tex_h = c->h;
    }
    /* The canvas is already ARGB8888: the upload is a straight copy. */
    if (SDL_UpdateTexture(win->tex, NULL, c->px, c->w * (int)sizeof *c->px) != 0) return -1;
    int dw, dh;
    present_fit f;
    drawable_size(win, &dw, &dh);
    present_fit_compute(&f, dw, dh, c->w, c->h);
    SDL_Rect dst = { f.x, f.y, f.w, f.h };
    SDL_SetRenderDrawColor(win->ren, 0, 0, 0, 255);
    SDL_RenderClear(win->ren);
    SDL_RenderCopy(win->ren, win->tex, NULL, &dst);
    SDL_RenderPresent(win->ren);
    return 0;
}

static int key_name(SDL_Keycode k, char *out, size_t size)
{
    static const struct {
        SDL_Keycode code;
        const char *name;
    } named[] = {
        {SDLK_UP, "up"}, {SDLK_DOWN, "down"}, {SDLK_LEFT, "left"}, {SDLK_RIGHT, "right"},
        {SDLK_ESCAPE, "escape"}, {SDLK_RETURN, "return"}, {SDLK_KP_ENTER, "return"},
        {SDLK_RETURN2, "return"}, {SDLK_SPACE, "space"}, {SDLK_TAB, "tab"},
        {SDLK_BACKSPACE, "backspace"}, {SDLK_DELETE, "delete"}, {SDLK_PAGEUP, "pageup"},
        {SDLK_PAGEDOWN, "pagedown"}, {SDLK_HOME, "home"}, {SDLK_END, "end"},
        {SDLK_MINUS, "minus"}, {SDLK_KP_MINUS, "minus"}, {SDLK_EQUALS, "equals"},
        {SDLK_PLUS, "equals"}, {SDLK_KP_PLUS, "equals"}, {SDLK_COMMA, "comma"},
        {SDLK_PERIOD, "period"}, {SDLK_SLASH, "slash"},
        {SDLK_KP_0, "0"}, {SDLK_KP_1, "1"}, {SDLK_KP_2, "2"}, {SDLK_KP_3, "3"},
        {SDLK_KP_4, "4"}, {SDLK_KP_5, "5"}, {SDLK_KP_6, "6"}, {SDLK_KP_7, "7"},
        {SDLK_KP_8, "8"}, {SDLK_KP_9, "9"},
    };
    size_t i;
    if ((k >= SDLK_a && k <= SDLK_z) || (k >= SDLK_0 && k <= SDLK_9)) {
        snprintf(out, size, "%c", (char)k);
        return 1;
    }
    if (k >= SDLK_F1 && k <= SDLK_F12) {
        snprintf(out, size, "f%d", (int)(k - SDLK_F1) + 1);
        return 1;
    }
    for (i = 0; i < sizeof named / sizeof named[0]; i++)
        if (named[i].code == k) {
            snprintf(out, size, "%s", named[i].name);
            return 1;
        }
    return 0;
}

static int mods_of(Uint16 m)
{
    return (m & KMOD_SHIFT ? INPUT_MOD_SHIFT : 0) | (m & KMOD_CTRL ? INPUT_MOD_CTRL : 0) |
           (m & KMOD_ALT ? INPUT_MOD_ALT : 0);
}

/* Mouse positions come in window points; the canvas is in pixels (HiDPI: more of them),
 * maybe enlarged and letterboxed. */
static void to_canvas(const window *win, int px, int py, int *x, int *y)
{
    int ww = 0, wh = 0, dw, dh, cw, ch;
    SDL_GetWindowSize(win->win, &ww, &wh);
    drawable_size(win, &dw, &dh);
    cw = win->tex ? win->tex_w : dw;
    ch = win->tex ? win->tex_h : dh;
    present_fit f;
    present_fit_compute(&f, dw, dh, cw, ch);
    present_to_canvas(&f, ww, wh, dw, dh, cw, ch, px, py, x, y);
}

/* ===== gamepads ========================================================================== */

static void pad_added(window *win, int device)
{
    if (!SDL_IsGameController(device)) return;
    for (int i = 0; i < MAX_PADS; i++)
        if (!win->pads[i]) {
            win->pads[i] = SDL_GameControllerOpen(device);
            if (win->pads[i]) win->pad_event = 1;
            return;
        }
}

static void pad_removed(window *win, SDL_JoystickID id)
{
    for (int i = 0; i < MAX_PADS; i++)
        if (win->pads[i] && SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(win->pads[i])) == id) {
            SDL_GameControllerClose(win->pads[i]);
            win->pads[i] = NULL;
            win->pad_event = -1;
        }
    /* A direction held on a pad that went away must not repeat for ever. */
    win->dpad_dir = win->stick_dir = PAD_DIR_NONE;
    pad_hold(&win->rep, PAD_DIR_NONE, SDL_GetTicks64());
}

/* The d-pad wins over the stick; either one feeds the repeat. Returns 1 when a new direction
 * was pressed and *ev is its key. */
static int pad_direction(window *win, input_event *ev)
{
    int dir = win->dpad_dir != PAD_DIR_NONE ? win->dpad_dir : win->stick_dir;
    if (!pad_hold(&win->rep, dir, SDL_GetTicks64())) return 0;
    ev->type = INPUT_KEY;
    snprintf(ev->key, sizeof ev->key, "pad:%s", pad_dir_name(dir));
    return 1;
}

static int dpad_of(Uint8 button)
{
    switch (button) {
    case SDL_CONTROLLER_BUTTON_DPAD_UP: return PAD_DIR_UP;
    case SDL_CONTROLLER_BUTTON_DPAD_DOWN: return PAD_DIR_DOWN;
    case SDL_CONTROLLER_BUTTON_DPAD_LEFT: return PAD_DIR_LEFT;
    case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: return PAD_DIR_RIGHT;
    default: return PAD_DIR_NONE;
    }
}

/* Translates one controller event; 1 when *ev was filled. */
static int pad_event(window *win, const SDL_Event *e, input_event *ev)
{
    switch (e->type) {
    case SDL_CONTROLLERDEVICEADDED: pad_added(win, e->cdevice.which); break;
    case SDL_CONTROLLERDEVICEREMOVED: pad_removed(win, e->cdevice.which); break;
    case SDL_CONTROLLERBUTTONDOWN: {
        int dir = dpad_of(e->cbutton.button);
        if (dir != PAD_DIR_NONE) {
            win->dpad_dir = dir;
            return pad_direction(win, ev);
        }
        const char *name = SDL_GameControllerGetStringForButton((SDL_GameControllerButton)e->cbutton.button);
        if (!name) return 0;
        ev->type = INPUT_KEY;
        snprintf(ev->key, sizeof ev->key, "pad:%s", name);
        return 1;
    }
    case SDL_CONTROLLERBUTTONUP:
        if (dpad_of(e->cbutton.button) == win->dpad_dir && win->dpad_dir != PAD_DIR_NONE) {
            win->dpad_dir = PAD_DIR_NONE;
            return pad_direction(win, ev);
        }
        break;
    case SDL_CONTROLLERAXISMOTION:
        if (e->caxis.axis == SDL_CONTROLLER_AXIS_LEFTX || e->caxis.axis == SDL_CONTROLLER_AXIS_LEFTY) {
            SDL_GameController *gc = SDL_GameControllerFromInstanceID(e->caxis.which);
            if (!gc) break;
            int x = SDL_GameControllerGetAxis(gc, SDL_CONTROLLER_AXIS_LEFTX);
            int y = SDL_GameControllerGetAxis(gc, SDL_CONTROLLER_AXIS_LEFTY);
            win->stick_dir = pad_stick_dir(x, y, win->stick_dir);
            return pad_direction(win, ev);
        }
        break;
    default: break;
    }
    return 0;
}

int window_poll(window *win, input_event *ev)
{
    SDL_Event e;
    memset(ev, 0, sizeof *ev);
    if (pad_repeat_due(&win->rep, SDL_GetTicks64())) {
        ev->type = INPUT_KEY;
        ev->repeat = 1;
        snprintf(ev->key, sizeof ev->key, "pad:%s", pad_dir_name(win->rep.held));
        return 1;
    }
    while (SDL_PollEvent(&e)) {
        memset(ev, 0, sizeof *ev);
        if (pad_event(win, &e, ev)) return 1;
        if (win->pad_event) {
            ev->type = INPUT_KEY;
            snprintf(ev->key, sizeof ev->key, "%s", win->pad_event > 0 ? "pad:added" : "pad:removed");
            win->pad_event = 0;
            return 1;
        }
        switch (e.type) {
        case SDL_QUIT:
            ev->type = INPUT_QUIT;
            return 1;
        case SDL_WINDOWEVENT:
            if (e.window.event == SDL_WINDOWEVENT_SIZE_CHANGED ||
                e.window.event == SDL_WINDOWEVENT_DISPLAY_CHANGED ||
                e.window.event == SDL_WINDOWEVENT_EXPOSED || e.window.event == SDL_WINDOWEVENT_RESTORED) {
                ev->type = INPUT_RESIZE;
                window_canvas_size(win, &ev->x, &ev->y);
                return 1;
            }
            if (e.window.event == SDL_WINDOWEVENT_CLOSE) {
                ev->type = INPUT_QUIT;
                return 1;
            }
            break;
        case SDL_KEYDOWN:
            if (!key_name(e.key.keysym.sym, ev->key, sizeof ev->key)) break;
            ev->type = INPUT_KEY;
            ev->mods = mods_of(e.key.keysym.mod);
            ev->repeat = e.key.repeat != 0;
            return 1;
        case SDL_MOUSEBUTTONDOWN:
            ev->type = INPUT_CLICK;
            ev->button = e.button.button == SDL_BUTTON_LEFT     ? 1
                         : e.button.button == SDL_BUTTON_MIDDLE ? 2
                         : e.button.button == SDL_BUTTON_RIGHT  ? 3
                                                                : e.button.button;
            ev->mods = mods_of((Uint16)SDL_GetModState());
            to_canvas(win, e.button.x, e.button.y, &ev->x, &ev->y);
            return 1;
        case SDL_DROPFILE: {
            /* SDL hands over the path; one file per event (several dropped: several events) */
            size_t n = e.drop.file ? strlen(e.drop.file) : 0;
            if (n == 0) {
                SDL_free(e.drop.file);
                break;
            }
            ev->type = INPUT_DROP;
            ev->button = n >= sizeof ev->path;
            snprintf(ev->path, sizeof ev->path, "%s", e.drop.file);
            SDL_free(e.drop.file);
            return 1;
        }
        case SDL_MOUSEWHEEL: {
            int mx, my, dy = e.wheel.y;
            if (e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED) dy = -dy;
            if (dy == 0) break;
            SDL_GetMouseState(&mx, &my);
            ev->type = INPUT_WHEEL;
            ev->wheel = dy;
            to_canvas(win, mx, my, &ev->x, &ev->y);
            return 1;
        }
        default:
            break;
        }
    }
    memset(ev, 0, sizeof *ev);
    return 0;
}

bool window_pad_held(const window *win) { return win && win->rep.held != PAD_DIR_NONE; }

int window_push_drop(window *win, const char *path)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_DROPFILE;
    e.drop.windowID = win && win->win ? SDL_GetWindowID(win->win) : 0;
    e.drop.file = SDL_strdup(path);
    if (!e.drop.file) return -1;
    if (SDL_PushEvent(&e) != 1) {
        SDL_free(e.drop.file);
        return -1;
    }
    return 0;
}

int window_wait_event(window *win, int timeout_ms)
{
    (void)win;
    return SDL_WaitEventTimeout(NULL, timeout_ms) == 1;
}

int window_clipboard_set(window *win, const char *text)
{
    (void)win;
    return SDL_SetClipboardText(text) == 0 ? 0 : -1;
}

char *window_clipboard_get(window *win)
{
    (void)win;
    char *text = SDL_GetClipboardText(); /* "" when empty or on failure */
    if (!text) return NULL;
    char *copy = strdup(text);
    SDL_free(text);
    return copy;
}

/* Fullscreen covers the display the window is on. SDL asks the window manager for it
 * (_NET_WM_STATE_FULLSCREEN on X11); with no window manager that request goes unanswered and
 * the window keeps its size while SDL draws for the whole display, so the picture is cut.
 * So the window is also made borderless and moved and sized over the display first, which
 * X11 does at once when nobody manages the window; with a manager, its own fullscreen wins.
 * Leaving puts back the border, size and place the window had. */
int window_toggle_fullscreen(window *win)
{
    Uint32 now = SDL_GetWindowFlags(win->win) & SDL_WINDOW_FULLSCREEN_DESKTOP;
    if (!now) {
        SDL_Rect r;
        int d = SDL_GetWindowDisplayIndex(win->win);
        SDL_GetWindowPosition(win->win, &win->windowed.x, &win->windowed.y);
        SDL_GetWindowSize(win->win, &win->windowed.w, &win->windowed.h);
        /* SDL places the frame where the client was asked to go: keep the frame's offset */
        int top = 0, left = 0;
        if (SDL_GetWindowBordersSize(win->win, &top, &left, NULL, NULL) == 0) {
            win->windowed.x -= left;
            win->windowed.y -= top;
        }
        win->have_windowed = true;
        if (d >= 0 && SDL_GetDisplayBounds(d, &r) == 0) {
            SDL_SetWindowBordered(win->win, SDL_FALSE);
            SDL_SetWindowPosition(win->win, r.x, r.y);
            SDL_SetWindowSize(win->win, r.w, r.h);
        }
        if (SDL_SetWindowFullscreen(win->win, SDL_WINDOW_FULLSCREEN_DESKTOP) != 0) {
            SDL_SetWindowBordered(win->win, SDL_TRUE);
            SDL_SetWindowSize(win->win, win->windowed.w, win->windowed.h);
            SDL_SetWindowPosition(win->win, win->windowed.x, win->windowed.y);
            return -1;
        }
        return 1;
    }
    if (SDL_SetWindowFullscreen(win->win, 0) != 0) return -1;
    SDL_SetWindowBordered(win->win, SDL_TRUE);
    if (win->have_windowed) {
        SDL_SetWindowSize(win->win, win->windowed.w, win->windowed.h);
        SDL_SetWindowPosition(win->win, win->windowed.x, win->windowed.y);
    }
    return 0;
}

void window_wait_ms(uint32_t ms) { SDL_Delay(ms); }

uint64_t window_ticks_ms(void) { return SDL_GetTicks64(); }
