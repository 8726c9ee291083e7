/* gen_sounds.c: synthesises the game's sound effects and writes them as WAV files (16-bit
 * mono, 22050 Hz) into DIR/sounds/: step, push, goal, solved, undo. Plain additive synthesis:
 * sines with pitch sweeps, filtered noise, soft attacks and exponential decays, kept quiet
 * (peaks near a third of full scale) so several can play at once without clipping.
 * usage: gen_sounds ASSETS_DIR */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RATE = 22050 };

static const double TAU = 6.283185307179586;

typedef struct sound {
    int n;
    double *s;
} sound;

static sound make(double seconds)
{
    sound snd;
    snd.n = (int)(seconds * RATE);
    snd.s = calloc((size_t)snd.n, sizeof *snd.s);
    if (!snd.s) {
        fprintf(stderr, "gen_sounds: out of memory\n");
        exit(1);
    }
    return snd;
}

/* A deterministic noise source, so the files are the same on every run. */
static uint32_t noise_state = 0x12345678u;
static double noise(void)
{
    noise_state = noise_state * 1664525u + 1013904223u;
    return (double)(noise_state >> 8) / (double)(1u << 23) - 1.0;
}

/* Attack (linear, seconds) then exponential decay with the given time constant. */
static double envelope(double t, double attack, double decay)
{
    if (t < attack) return t / attack;
    return exp(-(t - attack) / decay);
}

/* Adds a tone starting at start seconds whose pitch glides from f0 to f1 over its length,
 * with a little of its second and third harmonics for warmth. */
static void tone(sound *snd, double start, double length, double f0, double f1, double amp,
                 double attack, double decay, double h2, double h3)
{
    double phase = 0;
    int first = (int)(start * RATE), count = (int)(length * RATE);
    for (int i = 0; i < count && first + i < snd->n; i++) {
        double t = (double)i / RATE, k = t / length;
        double f = f0 * pow(f1 / f0, k); /* exponential glide sounds even to the ear */
        phase += TAU * f / RATE;
        double v = sin(phase) + h2 * sin(2 * phase) + h3 * sin(3 * phase);
        /* A short fade at the very end keeps the tail click-free. */
        double tail = count - i < 64 ? (double)(count - i) / 64.0 : 1.0;
        snd->s[first + i] += amp * envelope(t, attack, decay) * tail * v;
    }
}

/* Adds noise through a one-pole low-pass (cutoff in Hz): a soft scuff, not a hiss. */
static void scuff(sound *snd, double start, double length, double cutoff, double amp,
                  double attack, double decay)
{
    double a = 1.0 - exp(-TAU * cutoff / RATE), y = 0;
    int first = (int)(start * RATE), count = (int)(length * RATE);
    for (int i = 0; i < count && first + i < snd->n; i++) {
        double t = (double)i / RATE;
        y += a * (noise() - y);
        double tail = count - i < 64 ? (double)(count - i) / 64.0 : 1.0;
        snd->s[first + i] += amp * envelope(t, attack, decay) * tail * y;
    }
}

static void put16(FILE *f, unsigned v) { fputc((int)(v & 255), f), fputc((int)(v >> 8 & 255), f); }
static void put32(FILE *f, uint32_t v) { put16(f, v & 0xFFFF), put16(f, v >> 16); }

static int write_wav(const char *dir, const char *name, sound *snd)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/sounds/%s.wav", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f) {
        fprintf(stderr, "gen_sounds: cannot write %s\n", path);
        return -1;
    }
    uint32_t bytes = (uint32_t)snd->n * 2;
    fwrite("RIFF", 1, 4, f), put32(f, 36 + bytes), fwrite("WAVE", 1, 4, f);
    fwrite("fmt ", 1, 4, f), put32(f, 16), put16(f, 1), put16(f, 1);
    put32(f, RATE), put32(f, RATE * 2), put16(f, 2), put16(f, 16);
    fwrite("data", 1, 4, f), put32(f, bytes);
    for (int i = 0; i < snd->n; i++) {
        double v = snd->s[i];
        v = v > 1 ? 1 : v < -1 ? -1 : v;
        put16(f, (unsigned)(uint16_t)(int16_t)lrint(v * 32767.0));
    }
    int ok = fclose(f) == 0;
    free(snd->s);
    printf("%s: %.0f ms\n", path, 1000.0 * snd->n / RATE);
    return ok ? 0 : -1;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: gen_sounds ASSETS_DIR\n");
        return 2;
    }
    const char *dir = argv[1];
    int rc = 0;

    /* step: a soft footfall, a low tap with a hint of scuff. */
    sound step = make(0.07);
    tone(&step, 0, 0.07, 220, 140, 0.22, 0.002, 0.018, 0.2, 0.0);
    scuff(&step, 0, 0.05, 1800, 0.10, 0.001, 0.012);
    rc |= write_wav(dir, "step", &step);

    /* push: a wooden box dragged a step, a low thud under a short filtered scrape. */
    sound push = make(0.16);
    tone(&push, 0, 0.16, 120, 80, 0.30, 0.004, 0.05, 0.35, 0.12);
    scuff(&push, 0.005, 0.13, 900, 0.22, 0.02, 0.045);
    rc |= write_wav(dir, "push", &push);

    /* goal: a box finds its place, a two-note chime a fifth apart. */
    sound goal = make(0.45);
    tone(&goal, 0, 0.45, 659.3, 659.3, 0.16, 0.005, 0.14, 0.25, 0.05);
    tone(&goal, 0.07, 0.38, 987.8, 987.8, 0.14, 0.005, 0.16, 0.2, 0.0);
    rc |= write_wav(dir, "goal", &goal);

    /* solved: a rising major arpeggio ending on a held octave, bell-like. */
    sound solved = make(1.2);
    const double notes[] = { 523.3, 659.3, 784.0, 1046.5 };
    for (int i = 0; i < 4; i++)
        tone(&solved, 0.09 * i, 1.2 - 0.09 * i, notes[i], notes[i], i == 3 ? 0.15 : 0.12, 0.006,
             i == 3 ? 0.35 : 0.18, 0.3, 0.08);
    tone(&solved, 0.27, 0.93, 523.3, 523.3, 0.07, 0.02, 0.4, 0.0, 0.0);
    rc |= write_wav(dir, "solved", &solved);

    /* undo: a short soft glide downwards, the move taken back. */
    sound undo = make(0.11);
    tone(&undo, 0, 0.11, 520, 300, 0.16, 0.008, 0.05, 0.15, 0.0);
    rc |= write_wav(dir, "undo", &undo);

    return rc ? 1 : 0;
}
