/* pad.c: stick directions and repeat for gamepads. */
#include "frontend/pad.h"

#include <stdlib.h>

const char *pad_dir_name(int dir)
{
    static const char *const names[] = { "dpup", "dpdown", "dpleft", "dpright" };
    return dir >= 0 && dir < 4 ? names[dir] : NULL;
}

int pad_stick_dir(int x, int y, int before)
{
    int ax = abs(x), ay = abs(y);
    int big = ax > ay ? ax : ay;
    if (before != PAD_DIR_NONE && big >= PAD_STICK_RELEASE) {
        /* Keep the direction while the stick stays out that way. */
        int along = before == PAD_DIR_UP ? -y : before == PAD_DIR_DOWN ? y : before == PAD_DIR_LEFT ? -x : x;
        int across = before == PAD_DIR_UP || before == PAD_DIR_DOWN ? ax : ay;
        if (along >= PAD_STICK_RELEASE && along >= across / 2) return before;
    }
    if (big < PAD_STICK_PRESS) return PAD_DIR_NONE;
    if (ax > ay) return x < 0 ? PAD_DIR_LEFT : PAD_DIR_RIGHT;
    return y < 0 ? PAD_DIR_UP : PAD_DIR_DOWN;
}

int pad_hold(pad_repeat *r, int dir, uint64_t now_ms)
{
    if (dir == r->held) return 0;
    r->held = dir;
    if (dir == PAD_DIR_NONE) return 0;
    r->next_ms = now_ms + PAD_REPEAT_DELAY_MS;
    return 1;
}

int pad_repeat_due(pad_repeat *r, uint64_t now_ms)
{
    if (r->held == PAD_DIR_NONE || now_ms < r->next_ms) return 0;
    r->next_ms += PAD_REPEAT_MS;
    if (r->next_ms <= now_ms) r->next_ms = now_ms + PAD_REPEAT_MS; /* after a stall, no burst */
    return 1;
}
