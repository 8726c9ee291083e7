/* hotkeys.c: fullscreen, screenshots, skins and mute, on every screen. */
#include "app/hotkeys.h"

#include <stdio.h>
#include <string.h>

#include "app/skins.h"
#include "app/userdir.h"
#include "frontend/audio.h"
#include "frontend/window.h"

/* Tells the player: on the status line while playing, on the menu's note line otherwise. */
static void tell(app *a, const char *text)
{
    if (a->scr == SCREEN_PLAY && a->have_session) session_note(&a->s, "%s", text);
    else snprintf(a->note, sizeof a->note, "%s", text);
}

int hotkey_screenshot(app *a, char *path, size_t size, error *err)
{
    char dir[PATH_MAX_LEN], stamp[32], name[64];
    if (userdir_make(a->paths, "screenshots", dir, sizeof dir, err) != 0) return -1;
    userdir_timestamp(stamp, sizeof stamp);
    /* Two shots in one second get a counter rather than overwrite each other. */
    for (int n = 0; n < 100; n++) {
        if (n == 0) snprintf(name, sizeof name, "tessera-%s.png", stamp);
        else snprintf(name, sizeof name, "tessera-%s-%d.png", stamp, n + 1);
        path_join(path, size, dir, name);
        if (!path_exists(path)) break;
    }
    return canvas_write_png(&a->cv, path, err);
}

int hotkey(app *a, const char *key)
{
    char text[ERROR_TEXT_MAX + PATH_MAX_LEN + 64];
    if (!strcmp(key, "f12")) {
        char path[PATH_MAX_LEN], msg[ERROR_TEXT_MAX + 300];
        error err;
        if (hotkey_screenshot(a, path, sizeof path, &err) == 0) snprintf(text, sizeof text, "Screenshot saved: %s", path);
        else snprintf(text, sizeof text, "Screenshot failed: %s", error_format(&err, msg, sizeof msg));
        tell(a, text);
        return 1;
    }
    if (!strcmp(key, "f11")) {
        int rc = a->win ? window_toggle_fullscreen(a->win) : -1;
        if (rc < 0) tell(a, a->win ? "Fullscreen is not available here." : "No window to make fullscreen.");
        else tell(a, rc ? "Fullscreen (F11: back to a window)." : "Windowed (F11: fullscreen).");
        return 1;
    }
    if (!strcmp(key, "k")) {
        char msg[ERROR_TEXT_MAX + 300];
        error err;
        if (app_next_skin(a, &err) != 0) {
            snprintf(text, sizeof text, "Skin not changed: %s", error_format(&err, msg, sizeof msg));
        } else {
            settings_set(&a->prefs, "skin", a->skin_name);
            prefs_save(&a->prefs, a->paths, "skin");
            snprintf(text, sizeof text, "Skin: %s (K: next)", a->skin_name);
        }
        tell(a, text);
        return 1;
    }
    if (!strcmp(key, "m")) {
        a->muted = !a->muted;
        audio_set_muted(a->audio, a->muted);
        settings_set_int(&a->prefs, "muted", a->muted);
        prefs_save(&a->prefs, a->paths, "muted");
        tell(a, a->muted ? "Sound off (M: on)." : "Sound on (M: off).");
        return 1;
    }
    return 0;
}
