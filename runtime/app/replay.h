/* replay.h: watching a solution play back on the level: the player's own best (from the
 * saved progress) or the level set's solution file (NAME.sol beside the levels), with pause,
 * step forward and back, and speed (the animation speed). The player's position is put back
 * when the replay ends; what is watched is never recorded as the player's solve. */
#ifndef TESSERA_APP_REPLAY_H
#define TESSERA_APP_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "app/paths.h"

struct app;

typedef struct replay {
    bool active, paused;
    char *moves;                /* LURD with player digits, or actions */
    int len, pos;               /* characters in moves, characters played */
    int step, steps;            /* steps played, of how many (a digit and its letter: one) */
    int32_t base;               /* history position where the replay began */
    char source[48];            /* "your best", "set's solution" */
    char file[PATH_MAX_LEN + 8];  /* the set's solution file, and the line of this level's */
    int line;                   /* solution in it (0: the player's best, from no file) */
    uint64_t due;               /* ms clock of the next step */
    /* The player's position, put back afterwards. */
    int index;
    char *history, *redo;
} replay;

/* Starts a replay of the level being played (L). Returns false (with a note) when there is
 * no solution to watch. */
bool replay_start(struct app *a);
/* Ends it; restore puts the player's position back. */
void replay_stop(struct app *a, bool restore);
/* Keys during a replay: Space/P pause, Right/. step, Left/, step back, +/- speed, Esc/L stop.
 * Returns true when the key was the replay's. */
bool replay_key(struct app *a, const char *key);
/* Plays the next letter when its time has come and the last one has finished moving. */
void replay_tick(struct app *a, uint64_t now_ms);
/* The status line while a replay is on. */
void replay_status(const struct app *a, char *out, size_t size);
void replay_free(replay *r);

#endif
