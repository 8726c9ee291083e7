/* audio.c: the sound effects' loader and mixer (SDL audio). */
#define _DEFAULT_SOURCE
#include "frontend/audio.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <SDL.h>

enum { AUDIO_RATE = 22050, AUDIO_VOICES = 8, AUDIO_BUFFER = 512 };

typedef struct clip {
    Sint16 *data;               /* mono, AUDIO_RATE, native-endian */
    int len;                    /* samples */
} clip;

typedef struct voice {
    const clip *c;
    int pos;
} voice;

struct audio {
    SDL_AudioDeviceID dev;
    clip clips[SOUND_COUNT];
    voice voices[AUDIO_VOICES];
    int loaded;
    bool muted;
};

static const char *const names[SOUND_COUNT] = { NULL, "step", "push", "goal", "solved", "undo" };

const char *sound_name(sound_id id)
{
    return id > SOUND_NONE && id < SOUND_COUNT ? names[id] : NULL;
}

/* Runs on SDL's audio thread: sums the voices, clipped to 16 bits. */
static void mix(void *ud, Uint8 *stream, int bytes)
{
    audio *au = ud;
    Sint16 *out = (Sint16 *)stream;
    int n = bytes / (int)sizeof *out;
    for (int i = 0; i < n; i++) {
        int sum = 0;
        for (int v = 0; v < AUDIO_VOICES; v++) {
            voice *vo = &au->voices[v];
            if (!vo->c) continue;
            sum += vo->c->data[vo->pos++];
            if (vo->pos >= vo->c->len) vo->c = NULL;
        }
        out[i] = (Sint16)(sum > 32767 ? 32767 : sum < -32768 ? -32768 : sum);
    }
}

/* Loads a WAV and converts it to the mixer's format. */
static int load_clip(clip *c, const char *path)
{
    SDL_AudioSpec spec;
    Uint8 *buf = NULL;
    Uint32 len = 0;
    if (!SDL_LoadWAV(path, &spec, &buf, &len)) return -1;
    SDL_AudioCVT cvt;
    if (SDL_BuildAudioCVT(&cvt, spec.format, spec.channels, spec.freq, AUDIO_S16SYS, 1, AUDIO_RATE) < 0) {
        SDL_FreeWAV(buf);
        return -1;
    }
    cvt.len = (int)len;
    cvt.buf = SDL_malloc((size_t)len * (size_t)(cvt.len_mult > 0 ? cvt.len_mult : 1));
    if (!cvt.buf) {
        SDL_FreeWAV(buf);
        return -1;
    }
    memcpy(cvt.buf, buf, len);
    SDL_FreeWAV(buf);
    if (cvt.needed && SDL_ConvertAudio(&cvt) != 0) {
        SDL_free(cvt.buf);
        return -1;
    }
    int bytes = cvt.needed ? cvt.len_cvt : cvt.len;
    c->len = bytes / (int)sizeof(Sint16);
    c->data = (Sint16 *)cvt.buf;
    if (c->len <= 0) {
        SDL_free(cvt.buf);
        c->data = NULL;
        return -1;
    }
    return 0;
}

static bool path_there(const char *dir, const char *name)
{
    char path[1024];
    if (!dir || !*dir) return false;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return access(path, F_OK) == 0;
}

/* Whether a sound server or a sound card can be there at all. Without one, SDL's ALSA back
 * end prints a page of alsa-lib errors before it gives up, so such a machine is silent
 * without asking. An audio driver named in SDL_AUDIODRIVER is always tried. */
static bool audio_possible(void)
{
    const char *driver = getenv("SDL_AUDIODRIVER"), *runtime = getenv("XDG_RUNTIME_DIR");
    const char *pulse = getenv("PULSE_SERVER");
    if ((driver && *driver) || (pulse && *pulse)) return true;
    if (path_there(runtime, "pulse/native") || path_there(runtime, "pipewire-0")) return true;
    DIR *d = opendir("/dev/snd");
    if (!d) return false;
    bool pcm = false;
    for (struct dirent *e; !pcm && (e = readdir(d));) pcm = strncmp(e->d_name, "pcm", 3) == 0;
    closedir(d);
    return pcm;
}

audio *audio_open(const char *dir)
{
    if (!audio_possible() || SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) return NULL;
    audio *au = calloc(1, sizeof *au);
    if (!au) {
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        return NULL;
    }
    SDL_AudioSpec want, have;
    SDL_zero(want);
    want.freq = AUDIO_RATE;
    want.format = AUDIO_S16SYS;
    want.channels = 1;
    want.samples = AUDIO_BUFFER; /* about 23 ms: a push sounds when the box moves */
    want.callback = mix;
    want.userdata = au;
    au->dev = SDL_OpenAudioDevice(NULL, 0, &want, &have, 0);
    if (au->dev == 0) {
        free(au);
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        return NULL;
    }
    for (int i = 1; i < SOUND_COUNT; i++) {
        char path[1200];
        snprintf(path, sizeof path, "%s/%s.wav", dir, names[i]);
        if (load_clip(&au->clips[i], path) == 0) au->loaded++;
        else fprintf(stderr, "tessera: %s: cannot load the sound (%s); it stays silent\n", path, SDL_GetError());
    }
    SDL_PauseAudioDevice(au->dev, 0);
    return au;
}

void audio_close(audio *au)
{
    if (!au) return;
    SDL_CloseAudioDevice(au->dev);
    for (int i = 0; i < SOUND_COUNT; i++) SDL_free(au->clips[i].data);
    free(au);
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
}

void audio_play(audio *au, sound_id id)
{
    if (!au || au->muted || id <= SOUND_NONE || id >= SOUND_COUNT || !au->clips[id].data) return;
    SDL_LockAudioDevice(au->dev);
    /* A free voice, else the one nearest its end. */
    int best = 0, best_left = 1 << 30;
    for (int v = 0; v < AUDIO_VOICES; v++) {
        voice *vo = &au->voices[v];
        int left = vo->c ? vo->c->len - vo->pos : -1;
        if (left < best_left) {
            best_left = left;
            best = v;
        }
    }
    au->voices[best].c = &au->clips[id];
    au->voices[best].pos = 0;
    SDL_UnlockAudioDevice(au->dev);
}

void audio_set_muted(audio *au, bool muted)
{
    if (!au) return;
    SDL_LockAudioDevice(au->dev);
    au->muted = muted;
    if (muted)
        for (int v = 0; v < AUDIO_VOICES; v++) au->voices[v].c = NULL;
    SDL_UnlockAudioDevice(au->dev);
}

int audio_loaded(const audio *au) { return au ? au->loaded : 0; }
