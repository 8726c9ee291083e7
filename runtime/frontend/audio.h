/* audio.h: short sound effects through SDL audio: a few WAVs loaded once and a small mixer
 * that plays them over each other. The game never fails for want of sound: with no device
 * (or SDL_AUDIODRIVER=dummy, or missing files) everything here is silent. */
#ifndef TESSERA_FRONTEND_AUDIO_H
#define TESSERA_FRONTEND_AUDIO_H

#include <stdbool.h>

typedef enum sound_id {
    SOUND_NONE,
    SOUND_STEP,                 /* the player walks */
    SOUND_PUSH,                 /* a box is pushed (or pulled) */
    SOUND_GOAL,                 /* a box lands on a goal */
    SOUND_SOLVED,               /* the level is solved */
    SOUND_UNDO,                 /* a move is taken back */
    SOUND_COUNT
} sound_id;

typedef struct audio audio;

/* The file stem of a sound ("step" for SOUND_STEP), or NULL for SOUND_NONE. */
const char *sound_name(sound_id id);

/* Opens the default output device and loads DIR/<name>.wav for every sound. Returns NULL
 * when no device opens (the caller plays silently); a sound whose file is missing or bad is
 * skipped, with one line on stderr. */
audio *audio_open(const char *dir);
void audio_close(audio *au);
/* Starts a sound over whatever plays; NULL au, SOUND_NONE or a muted mixer do nothing. */
void audio_play(audio *au, sound_id id);
void audio_set_muted(audio *au, bool muted);
/* How many sounds loaded (0 for NULL). */
int audio_loaded(const audio *au);

#endif
