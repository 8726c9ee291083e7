/* bench_view.c: frame time of a large level, time to the first frame, CPU used while idle. */
#define _POSIX_C_SOURCE 200809L
#include "app/bench_view.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "app/app.h"
#include "app/cli.h"
#include "solve/solver.h"

extern char **environ;

enum { BIG_SIDE = 100, FRAME_W = 960, FRAME_H = 720 };

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A 100 x 100 room: a wall border, a few inner walls, and a box on every fifth cell of
 * every fourth row with as many goals, so every kind of sprite is drawn. */
static char *big_level_text(void)
{
    size_t size = (size_t)(BIG_SIDE + 1) * BIG_SIDE + 1;
    char *t = malloc(size);
    if (!t) return NULL;
    size_t k = 0;
    for (int y = 0; y < BIG_SIDE; y++) {
        for (int x = 0; x < BIG_SIDE; x++) {
            char c = ' ';
            if (x == 0 || y == 0 || x == BIG_SIDE - 1 || y == BIG_SIDE - 1) c = '#';
            else if (x == 1 && y == 1) c = '@';
            else if (y % 4 == 2 && x % 5 == 2) c = '$';
            else if (y % 4 == 2 && x % 5 == 3) c = '.';
            else if (y % 8 == 0 && x % 10 < 6) c = '#';
            t[k++] = c;
        }
        t[k++] = '\n';
    }
    t[k] = '\0';
    return t;
}

void bench_frame_100x100(const app_paths *p, int quick)
{
    char path[] = "/tmp/tessera-bench-XXXXXX";
    int fd = mkstemp(path);
    char *text = big_level_text();
    if (fd < 0 || !text) {
        printf("{\"bench\":\"frame_100x100\",\"skipped\":\"cannot write the level to /tmp\"}\n");
        free(text);
        if (fd >= 0) close(fd);
        return;
    }
    size_t len = strlen(text);
    int wrote = write(fd, text, len) == (ssize_t)len;
    close(fd);
    free(text);
    app a;
    error err;
    if (!wrote || app_init(&a, p, FRAME_W, FRAME_H, &err) != 0 ||
        app_play(&a, "sokoban", path, 1, &err) != 0) {
        printf("{\"bench\":\"frame_100x100\",\"skipped\":");
        cli_json_string(stdout, wrote ? err.msg : "cannot write the level");
        printf("}\n");
        if (wrote) app_free(&a);
        unlink(path);
        return;
    }
    app_draw(&a); /* the first frame fills the scaled-sprite cache */
    int frames = quick ? 100 : 500;
    double t0 = solve_clock(), c0 = cpu_seconds();
    for (int i = 0; i < frames; i++) app_draw(&a);
    double ms = (solve_clock() - t0) * 1000.0 / frames;
    double cpu_ms = (cpu_seconds() - c0) * 1000.0 / frames;
    printf("{\"bench\":\"frame_100x100\",\"ms\":%.3f,\"cpu_ms\":%.3f,\"frames\":%d,\"canvas\":\"%dx%d\"}\n",
           ms, cpu_ms, frames, a.cv.w, a.cv.h);
    fflush(stdout);
    app_free(&a);
    unlink(path);
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

void bench_startup(int quick)
{
    enum { MAX_RUNS = 9 };
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        printf("{\"bench\":\"startup\",\"skipped\":\"cannot find this executable\"}\n");
        return;
    }
    exe[n] = '\0';
    int runs = quick ? 3 : MAX_RUNS;
    double times[MAX_RUNS];
    char *argv[] = { exe, "play", "sokoban", "--keys", "", NULL };
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    fflush(stdout);
    for (int i = 0; i < runs; i++) {
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
        pid_t pid;
        double t0 = solve_clock();
        int rc = posix_spawn(&pid, exe, &fa, NULL, argv, environ);
        posix_spawn_file_actions_destroy(&fa);
        int status = 0;
        if (rc != 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            printf("{\"bench\":\"startup\",\"skipped\":\"'tessera play --keys' did not run cleanly\"}\n");
            fflush(stdout);
            return;
        }
        times[i] = (solve_clock() - t0) * 1000.0;
    }
    qsort(times, (size_t)runs, sizeof *times, cmp_double);
    printf("{\"bench\":\"startup\",\"ms\":%.1f,\"min_ms\":%.1f,\"runs\":%d}\n", times[runs / 2], times[0], runs);
    fflush(stdout);
}

/* The CPU time (user + system, seconds) of process pid, from /proc; -1 when unreadable. */
static double proc_cpu_seconds(pid_t pid)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    /* Fields after the command name (in parentheses, which may hold spaces): utime is the
     * 14th field of the line, stime the 15th. */
    char *p = strrchr(buf, ')');
    unsigned long long ut, st;
    if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &ut, &st) != 2) return -1;
    return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
}

static void nap_ms(long ms)
{
    struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };
    while (nanosleep(&t, &t) != 0) {}
}

void bench_idle_cpu(int quick)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        printf("{\"bench\":\"idle_cpu\",\"skipped\":\"cannot find this executable\"}\n");
        return;
    }
    exe[n] = '\0';
    /* A real display when there is one (Xvfb will do); else SDL's dummy driver, whose event
     * wait polls, so its figure is an upper bound. */
    const char *display = getenv("DISPLAY");
    const char *driver = display && display[0] ? "x11" : "dummy";
    if (!strcmp(driver, "dummy")) setenv("SDL_VIDEODRIVER", "dummy", 1);
    else unsetenv("SDL_VIDEODRIVER");
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    char *argv[] = { exe, "play", "sokoban", "--level", "3", NULL };
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid;
    fflush(stdout);
    int rc = posix_spawn(&pid, exe, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) {
        printf("{\"bench\":\"idle_cpu\",\"skipped\":\"cannot start 'tessera play'\"}\n");
        return;
    }
    long settle_ms = 1500, window_ms = quick ? 3000 : 10000;
    nap_ms(settle_ms);
    double c0 = proc_cpu_seconds(pid), t0 = solve_clock();
    nap_ms(window_ms);
    double c1 = proc_cpu_seconds(pid), t1 = solve_clock();
    kill(pid, SIGTERM);
    int status = 0;
    waitpid(pid, &status, 0);
    if (c0 < 0 || c1 < 0) {
        printf("{\"bench\":\"idle_cpu\",\"skipped\":\"'tessera play' did not keep running\"}\n");
        return;
    }
    printf("{\"bench\":\"idle_cpu\",\"percent\":%.2f,\"seconds\":%.1f,\"driver\":\"%s\"}\n",
           (c1 - c0) * 100.0 / (t1 - t0), t1 - t0, driver);
    fflush(stdout);
}
