/* test_window_pad.c: a gamepad through SDL's own event path. A virtual game controller
 * (SDL_JoystickAttachVirtual) is plugged in, pressed, tilted and pulled out under the dummy
 * video driver, and window_poll must turn what SDL reports into the keys the game reads:
 * "pad:added", the d-pad and the left stick as "pad:dp*" (the stick with its dead zone), the
 * face buttons by name, and "pad:removed". The scripted-input tests (`--keys pad:...`) start
 * after this translation; this one checks the translation itself. */
#include <SDL.h>

#include "check.h"
#include "frontend/window.h"

/* Polls (pumping SDL's joystick updates) until a key event or about 2 s; the key or "". */
static const char *next_key(window *win, input_event *ev)
{
    for (int i = 0; i < 200; i++) {
        while (window_poll(win, ev))
            if (ev->type == INPUT_KEY) return ev->key;
        SDL_Delay(10);
    }
    return "";
}

/* Polls for about 0.05 s, dropping what comes: SDL applies a virtual pad's new state on a
 * later pump than the call that sets it. */
static void settle(window *win, input_event *ev)
{
    for (int i = 0; i < 5; i++) {
        while (window_poll(win, ev)) {}
        SDL_Delay(10);
    }
}

/* Polls for about 0.1 s and says whether any key came. */
static bool quiet(window *win, input_event *ev)
{
    for (int i = 0; i < 10; i++) {
        while (window_poll(win, ev))
            if (ev->type == INPUT_KEY) return false;
        SDL_Delay(10);
    }
    return true;
}

int main(void)
{
    SDL_setenv("SDL_VIDEODRIVER", "dummy", 1);
    /* The dummy driver's window never has the focus, and SDL drops a pad's input for an
     * application in the background (as it should in a desktop session). */
    SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1");
    window *win = NULL;
    error err = { 0 };
    CHECK(window_open(&win, "pad test", 640, 480, &err) == 0);
    if (!win) return check_summary("test_window_pad");
    input_event ev;
    while (window_poll(win, &ev)) {}

    /* A controller with the standard layout: 6 axes, 15 buttons (SDL maps a virtual joystick
     * of type GAMECONTROLLER to the standard buttons in SDL_GameControllerButton order). */
    int device = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, SDL_CONTROLLER_AXIS_MAX,
                                           SDL_CONTROLLER_BUTTON_MAX, 0);
    if (device < 0) {
        printf("test_window_pad: skipped (SDL cannot attach a virtual joystick: %s)\n", SDL_GetError());
        window_close(win);
        return check_summary("test_window_pad");
    }
    CHECK(SDL_IsGameController(device));
    CHECK_STR_HAS(next_key(win, &ev), "pad:added");
    SDL_Joystick *joy = SDL_JoystickOpen(device);
    CHECK(joy != NULL);
    if (!joy) {
        window_close(win);
        return check_summary("test_window_pad");
    }

    /* The d-pad: a press is a key, a release is not, and a held direction repeats. */
    SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_DPAD_RIGHT, 1);
    CHECK_STR_HAS(next_key(win, &ev), "pad:dpright");
    CHECK_EQ_INT(ev.repeat, 0);
    CHECK(window_pad_held(win));
    const char *again = next_key(win, &ev);
    CHECK(strcmp(again, "pad:dpright") == 0);
    CHECK_EQ_INT(ev.repeat, 1);
    SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_DPAD_RIGHT, 0);
    settle(win, &ev);
    CHECK(!window_pad_held(win));
    CHECK(quiet(win, &ev));

    /* Face buttons by SDL's names. */
    SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_A, 1);
    CHECK(strcmp(next_key(win, &ev), "pad:a") == 0);
    SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_A, 0);
    SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_B, 1);
    CHECK(strcmp(next_key(win, &ev), "pad:b") == 0);
    SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_B, 0);
    SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_START, 1);
    CHECK(strcmp(next_key(win, &ev), "pad:start") == 0);
    SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_START, 0);
    settle(win, &ev);

    /* The left stick: a small tilt is inside the dead zone, a full one up is a direction. */
    SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_LEFTY, -3000);
    CHECK(quiet(win, &ev));
    SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_LEFTY, -32000);
    CHECK(strcmp(next_key(win, &ev), "pad:dpup") == 0);
    SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_LEFTY, 0);
    settle(win, &ev);
    CHECK(!window_pad_held(win));

    /* Pulled out while a direction is held: it must not go on repeating. */
    SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_DPAD_LEFT, 1);
    CHECK(strcmp(next_key(win, &ev), "pad:dpleft") == 0);
    SDL_JoystickClose(joy);
    CHECK(SDL_JoystickDetachVirtual(device) == 0);
    const char *k = next_key(win, &ev);
    while (strcmp(k, "pad:dpleft") == 0) k = next_key(win, &ev); /* repeats already due */
    CHECK(strcmp(k, "pad:removed") == 0);
    CHECK(!window_pad_held(win));
    CHECK(quiet(win, &ev));

    window_close(win);
    return check_summary("test_window_pad");
}
