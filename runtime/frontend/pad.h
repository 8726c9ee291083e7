/* pad.h: gamepad direction handling that SDL leaves to us: the left stick read as a d-pad
 * (a dead zone with hysteresis) and key-like repeat for a held direction. Pure, no SDL. */
#ifndef TESSERA_FRONTEND_PAD_H
#define TESSERA_FRONTEND_PAD_H

#include <stdint.h>

enum {
    PAD_DIR_NONE = -1, PAD_DIR_UP, PAD_DIR_DOWN, PAD_DIR_LEFT, PAD_DIR_RIGHT,
    PAD_STICK_PRESS = 16000,    /* of 32767: a stick this far out is a direction */
    PAD_STICK_RELEASE = 9000,   /* and stays one until it comes back inside this */
    PAD_REPEAT_DELAY_MS = 280,  /* a held direction repeats after this... */
    PAD_REPEAT_MS = 110         /* ...then this often */
};

typedef struct pad_repeat {
    int held;                   /* PAD_DIR_*, the direction held now */
    uint64_t next_ms;           /* when it repeats next */
} pad_repeat;

/* "dpup" "dpdown" "dpleft" "dpright" for a direction, NULL for none. */
const char *pad_dir_name(int dir);
/* The direction a stick at (x, y) (SDL axis values, y down) points, given the direction it
 * pointed before: the larger axis wins; the release threshold keeps a held direction. */
int pad_stick_dir(int x, int y, int before);
/* A direction is pressed (dir) or released (PAD_DIR_NONE) at now_ms. Returns 1 when the
 * pressed direction is new and should act at once. */
int pad_hold(pad_repeat *r, int dir, uint64_t now_ms);
/* 1 when the held direction repeats at now_ms (and schedules the next repeat). */
int pad_repeat_due(pad_repeat *r, uint64_t now_ms);

#endif
