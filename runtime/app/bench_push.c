/* bench_push.c: the push-solver benchmarks (see bench_push.h). The rotated and mirrored copies
 * are made here from the parsed levels, so the solver sees nothing but a different board. */
#define _POSIX_C_SOURCE 200809L
#include "app/bench_push.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/cli.h"
#include "app/session.h"
#include "core/engine.h"
#include "core/path.h"
#include "solve/push_solve.h"

static const char *const symmetry_names[BENCH_SYMMETRIES] = {
    "id", "rot90", "rot180", "rot270", "mirror", "mirror_rot90", "mirror_rot180", "mirror_rot270",
};

const char *bench_symmetry_name(int k)
{
    return k >= 0 && k < BENCH_SYMMETRIES ? symmetry_names[k] : "?";
}

int bench_symmetry_parse(const char *name)
{
    if (!strcmp(name, "all")) return BENCH_ALL_SYMMETRIES;
    for (int k = 0; k < BENCH_SYMMETRIES; k++)
        if (!strcmp(name, symmetry_names[k])) return k;
    char *end;
    long k = strtol(name, &end, 10);
    return *name && !*end && k >= 0 && k < BENCH_SYMMETRIES ? (int)k : -2;
}

/* ===== rotated and mirrored levels ======================================================= */

/* Where cell (x, y) of a w x h board goes under symmetry k: mirrored left to right when
 * k & 4, then turned (k & 3) quarter turns clockwise. */
static void map_cell(int k, int w, int h, int x, int y, int *ox, int *oy)
{
    if (k & 4) x = w - 1 - x;
    for (int t = 0; t < (k & 3); t++) {
        int nx = h - 1 - y, ny = x;
        x = nx, y = ny;
        int sw = w;
        w = h, h = sw;
    }
    *ox = x, *oy = y;
}

/* Replaces lv's board by its image under symmetry k (square grids only; 0 when done). */
static int transform_level(level *lv, int k)
{
    const grid *g = &lv->g;
    if (k == 0) return 0;
    if (g->topo != TOPO_SQUARE || lv->num) return -1;
    int w = g->w, h = g->h, nw = (k & 1) ? h : w, nh = (k & 1) ? w : h;
    grid ng;
    if (grid_init(&ng, TOPO_SQUARE, nw, nh) != 0) return -1;
    uint8_t *floor = malloc((size_t)ng.ncells), *obj = malloc((size_t)ng.ncells);
    if (!floor || !obj) {
        free(floor), free(obj);
        grid_free(&ng);
        return -1;
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int ox, oy;
            map_cell(k, w, h, x, y, &ox, &oy);
            floor[oy * nw + ox] = lv->floor[y * w + x];
            obj[oy * nw + ox] = lv->obj[y * w + x];
        }
    grid_free(&lv->g);
    free(lv->floor), free(lv->obj);
    lv->g = ng;
    lv->floor = floor;
    lv->obj = obj;
    return 0;
}

/* ===== measuring ========================================================================= */

/* The process's peak resident set since the last reset (Linux: VmHWM, reset by writing 5 to
 * clear_refs), in bytes; 0 when the system does not say. */
static void reset_peak_rss(void)
{
    FILE *f = fopen("/proc/self/clear_refs", "w");
    if (!f) return;
    fputs("5", f);
    fclose(f);
}

static size_t peak_rss(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return 0;
    char line[256];
    size_t kb = 0;
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "VmHWM:", 6)) kb = (size_t)strtoull(line + 6, NULL, 10);
    fclose(f);
    return kb * 1024;
}

/* CPU seconds of this process: the machine is shared, so wall-clock figures are read beside
 * what the solver really got. */
static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static bool replays_to_solved(const state *st, const char *lurd)
{
    state check;
    int bad = -1;
    if (!lurd || state_copy(&check, st) != 0) return false;
    check.hist.disabled = true;
    engine_play_lurd(&check, lurd, &bad);
    bool ok = bad < 0 && state_solved(&check);
    state_free(&check);
    return ok;
}

/* What --diagnose found about a timed-out level's furthest position. */
typedef struct furthest {
    const char *verdict;          /* "dead", "alive", "unknown" or "no position" */
    double seconds;               /* the second solve's */
    char note[160];               /* why it stopped */
    char *moves;                  /* LURD from the level's start to the position (NULL: none) */
    int home, goals;              /* boxes on goals there, and goals */
} furthest;

/* For a level that timed out: plays the moves to the position the solver got furthest with (the
 * feature-space search's best score: push_options.keep_best; the same budgets as the level's
 * solve, so the same position) and solves that for o->diagnose seconds. "dead" only when a
 * complete search proves it. The moves are kept, so that the position can be replayed and
 * looked at. */
static void diagnose(const state *st, const bench_push_opts *o, int turn, furthest *fu)
{
    solve_limits lim = solve_limits_default();
    lim.seconds = o->limit;
    lim.work = o->work;
    push_options opt = push_options_default();
    opt.keep_best = true;
    opt.turn = turn;
    solve_result r;
    push_solve_with(st, &lim, &opt, &r);
    memset(fu, 0, sizeof *fu);
    fu->verdict = "no position";
    state at;
    if (r.status == SOLVE_TIMEOUT && r.solution && state_copy(&at, st) == 0) {
        at.hist.disabled = true;
        int bad = -1;
        engine_play_lurd(&at, r.solution, &bad);
        if (bad < 0) {
            for (int c = 0; c < at.g->ncells; c++) {
                fu->home += state_box_on_goal(&at, c);
                fu->goals += (at.tflags[at.floor[c]] & TILE_GOAL) != 0;
            }
            fu->moves = r.solution;
            r.solution = NULL;
            solve_result d;
            lim.seconds = o->diagnose;
            lim.work = 0;                         /* the furthest position has S seconds, whatever --work says */
            push_solve(&at, &lim, &d);
            fu->verdict = d.status == SOLVE_SOLVED ? "alive" : d.status == SOLVE_UNSOLVABLE ? "dead" : "unknown";
            fu->seconds = d.seconds;
            snprintf(fu->note, sizeof fu->note, "%.*s", (int)sizeof fu->note - 1, d.message);   /* cut to fit */
            solve_result_free(&d);
        }
        state_free(&at);
    }
    solve_result_free(&r);
}

/* One record per level: {"bench":NAME,"symmetry":..,["turn":T,]"level":N,"status":..,...}
 * (the turn only when it is not the solver's own, 0). */
static void print_record(const char *name, int k, int turn, int level_no, const char *title, const solve_result *r,
                         bool replayed, size_t rss, double cpu)
{
    printf("{\"bench\":\"%s\",\"symmetry\":\"%s\",", name, bench_symmetry_name(k));
    if (turn) printf("\"turn\":%d,", turn);
    printf("\"level\":%d,\"title\":", level_no);
    cli_json_string(stdout, title ? title : "");
    printf(",\"status\":\"%s\",\"solved\":%s,\"seconds\":%.3f,\"cpu_seconds\":%.3f,\"nodes\":%llu,\"work\":%llu,"
           "\"nodes_per_second\":%.0f,\"peak_bytes\":%zu,\"rss_bytes\":%zu,\"method\":\"%s\"",
           solve_status_name(r->status), replayed ? "true" : "false", r->seconds, cpu, (unsigned long long)r->nodes,
           (unsigned long long)r->work, r->seconds > 0 ? (double)r->nodes / r->seconds : 0.0, r->peak_bytes, rss,
           r->method ? r->method : "");
    if (r->status == SOLVE_SOLVED) {
        printf(",\"moves\":%ld,\"pushes\":%ld,\"solution\":", r->moves, r->pushes);
        cli_json_string(stdout, r->solution);
    }
    printf(",\"stopped\":");
    cli_json_string(stdout, r->status == SOLVE_SOLVED ? (replayed ? "solved" : "solution does not replay")
                            : r->message[0] ? r->message : solve_status_name(r->status));
}

/* The set's levels in symmetry k, the solver's first attempt in turn `turn`. */
static void bench_symmetry(const app_paths *p, const bench_push_opts *o, const char *name, const char *path,
                           int quick, int k, int turn)
{
    error err;
    session s;
    if (session_open(&s, p, "sokoban", path, 0, &err) != 0) {
        printf("{\"bench\":\"%s\",\"skipped\":", name);
        cli_json_string(stdout, err.msg);
        printf("}\n");
        return;
    }
    int total = s.levels.count, first = o->first > 0 ? o->first - 1 : 0, last = total - 1;
    if (o->quick && quick < total) last = quick - 1;
    if (o->last > 0 && o->last - 1 < last) last = o->last - 1;
    int solved = 0, count = 0;
    double secs = 0, solved_secs = 0, cpu_total = 0;
    unsigned long long nodes = 0, work = 0;
    size_t most_rss = 0, most_bytes = 0;
    for (int i = first; i <= last; i++) {
        if (transform_level(&s.levels.levels[i], k) != 0) continue;
        session_goto(&s, i);
        solve_limits lim = solve_limits_default();
        lim.seconds = o->limit;
        lim.work = o->work;
        push_options opt = push_options_default();
        opt.turn = turn;
        solve_result r;
        reset_peak_rss();
        double cpu0 = cpu_seconds();
        push_solve_with(&s.st, &lim, &opt, &r);
        double cpu = cpu_seconds() - cpu0;
        size_t rss = peak_rss();
        bool ok = r.status == SOLVE_SOLVED && replays_to_solved(&s.st, r.solution);
        count++;
        solved += ok;
        if (ok) solved_secs += r.seconds;
        secs += r.seconds;
        cpu_total += cpu;
        nodes += r.nodes;
        work += r.work;
        if (rss > most_rss) most_rss = rss;
        if (r.peak_bytes > most_bytes) most_bytes = r.peak_bytes;
        if (o->per_level) {
            print_record(name, k, turn, i + 1, session_level_title(&s), &r, ok, rss, cpu);
            if (o->diagnose > 0 && r.status == SOLVE_TIMEOUT) {
                furthest fu;
                diagnose(&s.st, o, turn, &fu);
                printf(",\"furthest\":\"%s\",\"furthest_seconds\":%.1f,\"furthest_note\":", fu.verdict, fu.seconds);
                cli_json_string(stdout, fu.note);
                if (fu.moves) {
                    printf(",\"furthest_home\":%d,\"furthest_goals\":%d,\"furthest_moves\":", fu.home, fu.goals);
                    cli_json_string(stdout, fu.moves);
                    free(fu.moves);
                }
            }
            printf("}\n");
            fflush(stdout);
        }
        solve_result_free(&r);
    }
    printf("{\"bench\":\"%s\",", name);
    if (k) printf("\"symmetry\":\"%s\",", bench_symmetry_name(k));
    if (turn) printf("\"turn\":%d,", turn);
    printf("\"solved\":%d,\"total\":%d,\"seconds\":%.2f,\"solved_seconds\":%.2f,\"cpu_seconds\":%.2f,"
           "\"nodes\":%llu,\"work\":%llu,\"limit\":%g,",
           solved, count, secs, solved_secs, cpu_total, nodes, work, o->limit);
    if (o->work) printf("\"work_limit\":%llu,", o->work);
    printf("\"clock\":\"%s\",\"peak_bytes\":%zu,\"rss_bytes\":%zu%s}\n", o->cpu_clock ? "cpu" : "wall", most_bytes,
           most_rss, o->quick ? ",\"quick\":true" : "");
    fflush(stdout);
    session_close(&s);
}

void bench_push_set(const app_paths *p, const bench_push_opts *o, const char *name, const char *file, int quick)
{
    char path[PATH_MAX_LEN], rel[64];
    snprintf(rel, sizeof rel, "sokoban/%s", file);
    path_join(path, sizeof path, o->data, rel);
    if (!path_exists(path)) {
        printf("{\"bench\":\"%s\",\"skipped\":", name);
        char why[PATH_MAX_LEN + 32];
        snprintf(why, sizeof why, "%s not found", path);
        cli_json_string(stdout, why);
        printf("}\n");
        fflush(stdout);
        return;
    }
    solve_clock_use_cpu(o->cpu_clock);
    bool every_k = o->symmetry == BENCH_ALL_SYMMETRIES, every_t = o->turn == BENCH_ALL_TURNS;
    int k0 = every_k ? 0 : o->symmetry, k1 = every_k ? BENCH_SYMMETRIES - 1 : k0;
    int t0 = every_t ? 0 : o->turn, t1 = every_t ? BENCH_TURNS - 1 : t0;
    for (int k = k0; k <= k1; k++)
        for (int t = t0; t <= t1; t++) bench_symmetry(p, o, name, path, quick, k, t);
    solve_clock_use_cpu(false);
}
