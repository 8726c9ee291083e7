/* cmd_bench.c: `tessera bench [--quick] [--data DIR] [--only NAME]`: the benchmark suite, one
 * JSON line per benchmark. Speed is measured here, never in tests. Reference data (Microban,
 * Korf's 100) is read from DIR (default: ../shared/data beside the data root, or
 * $TESSERA_BENCH_DATA); a benchmark whose data is absent prints a "skipped" line saying so. */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/bench_push.h"
#include "app/bench_view.h"
#include "app/cli.h"
#include "app/session.h"
#include "core/engine.h"
#include "core/level.h"
#include "core/path.h"
#include "core/textfile.h"
#include "script/run.h"
#include "script/search.h"
#include "script/solving.h"
#include "solve/pdb.h"
#include "solve/push_solve.h"
#include "solve/sliding_solve.h"

typedef struct bench_opts {
    int quick;
    const char *only;
    int matched;                  /* how many benchmarks --only named */
    char data[PATH_MAX_LEN];
    bench_push_opts push;         /* the Sokoban sets' own options */
} bench_opts;

static int wanted(bench_opts *o, const char *name)
{
    if (o->only && strcmp(o->only, name) != 0) return 0;
    o->matched++;
    return 1;
}

static void skipped(const char *name, const char *why)
{
    printf("{\"bench\":\"%s\",\"skipped\":", name);
    cli_json_string(stdout, why);
    printf("}\n");
    fflush(stdout);
}

/* ===== the C move primitive ============================================================== */

/* Pushes a box along a long corridor, again and again: every push goes through the engine
 * with its history record and hash upkeep. */
static void bench_moves_c(const bench_opts *o)
{
    enum { CORRIDOR = 1000 };
    char text[CORRIDOR + 64];
    int k = 0;
    text[k++] = '#';
    text[k++] = '@';
    text[k++] = '$';
    for (int i = 0; i < CORRIDOR; i++) text[k++] = i == CORRIDOR - 1 ? '.' : ' ';
    text[k++] = '#';
    text[k++] = '\n';
    ruleset r;
    rules_sokoban(&r);
    levelset set;
    error err;
    state s;
    if (levelset_parse(&set, "corridor", text, (size_t)k, FORMAT_XSB, &r, &err) != 0 ||
        state_init(&s, &set.levels[0], &r) != 0) {
        skipped("moves_c", "could not build the corridor level");
        return;
    }
    long rounds = o->quick ? 20000 : 100000, pushes = 0;
    double t0 = solve_clock();
    for (long i = 0; i < rounds; i++) {
        for (int j = 0; j < CORRIDOR - 1; j++) pushes += engine_move(&s, DIR_RIGHT) == MOVE_PUSH;
        state_reset(&s);
    }
    double secs = solve_clock() - t0;
    int ok = s.hash == state_hash_full(&s);
    printf("{\"bench\":\"moves_c\",\"pushes\":%ld,\"seconds\":%.3f,\"per_second\":%.0f,\"hash_ok\":%s}\n",
           pushes, secs, pushes / secs, ok ? "true" : "false");
    fflush(stdout);
    state_free(&s);
    levelset_free(&set);
}

/* ===== the generic search: games whose rules run in Lua ================================== */

/* Every level of the bundled games with Lua move hooks (ice, holes), solved by the generic
 * search that calls the game's own hooks; shipped data, so never skipped. */
static void bench_hooked(const app_paths *p, const bench_opts *o)
{
    static const char *const games[] = { "ice", "holes" };
    int solved = 0, total = 0;
    double secs = 0;
    unsigned long long nodes = 0;
    for (size_t k = 0; k < sizeof games / sizeof *games; k++) {
        error err;
        session s;
        if (session_open(&s, p, games[k], NULL, 0, &err) != 0) {
            skipped("hooked", err.msg);
            return;
        }
        int n = s.levels.count;
        if (o->quick && n > 3) n = 3;
        for (int i = 0; i < n; i++) {
            session_goto(&s, i);
            solve_limits lim = solve_limits_default();
            lim.seconds = 10.0;
            solve_result r;
            solving_run(SOLVER_GENERIC, s.game, &s.st, &lim, &r);
            /* A solution counts only if it replays to solved through the game's own hooks. */
            int bad = -1;
            if (r.status == SOLVE_SOLVED && r.solution) session_play_lurd(&s, r.solution, &bad);
            solved += r.status == SOLVE_SOLVED && r.solution && bad < 0 && s.solved;
            secs += r.seconds;
            nodes += r.nodes;
            total++;
            solve_result_free(&r);
        }
        session_close(&s);
    }
    printf("{\"bench\":\"hooked\",\"games\":\"ice,holes\",\"solved\":%d,\"total\":%d,"
           "\"seconds\":%.3f,\"nodes\":%llu,\"per_second\":%.0f%s}\n",
           solved, total, secs, nodes, secs > 0 ? (double)nodes / secs : 0.0,
           o->quick ? ",\"quick\":true" : "");
    fflush(stdout);
}

/* ===== games with their own rules ======================================================== */

static double cpu_seconds(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* The generic search on games whose rules are Lua: the rate of positions on Lights Out 5x5
 * all lit with no heuristic (breadth first: every position is an act call, a hash and a
 * dedup), every bundled level of the scripted games (lights, doors, drift) under 2 s each,
 * and Lights Out 5x5 all lit solved with the game's own heuristic. */
static void bench_scripted(const app_paths *p, const bench_opts *o)
{
    error err;
    session s;
    if (session_open(&s, p, "lights", NULL, 0, &err) != 0) {
        skipped("scripted", err.msg);
        return;
    }
    int all_lit = -1;
    for (int i = 0; i < s.levels.count; i++)
        if (s.levels.levels[i].title && !strcmp(s.levels.levels[i].title, "All lit")) all_lit = i;
    if (all_lit < 0) {
        session_close(&s);
        skipped("scripted", "lights.txt has no level 'All lit'");
        return;
    }
    session_goto(&s, all_lit);
    solve_limits lim = solve_limits_default();
    lim.seconds = o->quick ? 0.5 : 3.0;
    solve_result rate;
    double c0 = cpu_seconds();
    game_search_breadth_first(s.game, &s.st, &lim, &rate);
    double rate_cpu = cpu_seconds() - c0;
    lim.seconds = 10.0;
    solve_result five;
    game_search(s.game, &s.st, &lim, &five);
    session_close(&s);

    static const char *const games[] = { "lights", "doors", "drift" };
    int solved = 0, total = 0;
    double secs = 0, slowest = 0;
    unsigned long long nodes = 0;
    for (size_t k = 0; k < sizeof games / sizeof *games; k++) {
        if (session_open(&s, p, games[k], NULL, 0, &err) != 0) {
            skipped("scripted", err.msg);
            return;
        }
        int n = s.levels.count;
        if (o->quick && n > 4) n = 4;
        for (int i = 0; i < n; i++) {
            session_goto(&s, i);
            solve_limits each = solve_limits_default();
            each.seconds = 2.0;
            solve_result r;
            solving_run(solving_choose(s.game, &s.st), s.game, &s.st, &each, &r);
            /* A solution counts only if it replays to solved through the game's own rules. */
            int bad = -1;
            if (r.status == SOLVE_SOLVED && r.solution) session_play_lurd(&s, r.solution, &bad);
            solved += r.status == SOLVE_SOLVED && r.solution && bad < 0 && s.solved;
            secs += r.seconds;
            if (r.seconds > slowest) slowest = r.seconds;
            nodes += r.nodes;
            total++;
            solve_result_free(&r);
        }
        session_close(&s);
    }
    printf("{\"bench\":\"scripted\",\"rate_level\":\"lights 5x5 all lit, breadth first\",\"rate_nodes\":%llu,"
           "\"rate_seconds\":%.3f,\"per_second\":%.0f,\"per_cpu_second\":%.0f,"
           "\"games\":\"lights,doors,drift\",\"solved\":%d,\"total\":%d,\"limit\":2,\"seconds\":%.3f,"
           "\"slowest\":%.3f,\"nodes\":%llu,\"lights_5x5\":{\"status\":\"%s\",\"presses\":%ld,\"seconds\":%.4f,"
           "\"nodes\":%llu}%s}\n",
           (unsigned long long)rate.nodes, rate.seconds, rate.seconds > 0 ? (double)rate.nodes / rate.seconds : 0.0,
           rate_cpu > 0 ? (double)rate.nodes / rate_cpu : 0.0, solved, total, secs, slowest, nodes,
           solve_status_name(five.status), five.moves, five.seconds, (unsigned long long)five.nodes,
           o->quick ? ",\"quick\":true" : "");
    fflush(stdout);
    solve_result_free(&rate);
    solve_result_free(&five);
}

/* ===== Korf's 100 ======================================================================== */

/* Does sol (the letters u d l r naming where the blank moves) take board t (w x h, 0 the
 * blank) to 1 2 ... w*h-1 then the blank? */
static bool sliding_replays(const int *t, int w, int h, const char *sol)
{
    int b[64], n = w * h, blank = -1;
    if (n > 64) return false;
    for (int i = 0; i < n; i++)
        if ((b[i] = t[i]) == 0) blank = i;
    if (blank < 0) return false;
    for (const char *c = sol; *c; c++) {
        int x = blank % w, y = blank / w, to;
        switch (*c) {
        case 'u': to = y > 0 ? blank - w : -1; break;
        case 'd': to = y < h - 1 ? blank + w : -1; break;
        case 'l': to = x > 0 ? blank - 1 : -1; break;
        case 'r': to = x < w - 1 ? blank + 1 : -1; break;
        default: return false;
        }
        if (to < 0) return false;
        b[blank] = b[to];
        b[to] = 0;
        blank = to;
    }
    for (int i = 0; i < n; i++)
        if (b[i] != (i == n - 1 ? 0 : i + 1)) return false;
    return true;
}

/* A line of Korf's instance files: up to max tile numbers into t (returned: how many), then
 * "# N", the optimal length, into *opt (-1 when missing). */
static int board_line(const char *line, int *t, int max, int *opt)
{
    int n = 0;
    const char *q = line;
    while (n < max) {
        char *e;
        long v = strtol(q, &e, 10);
        if (e == q) break;
        t[n++] = (int)v;
        q = e;
    }
    const char *hash = strchr(q, '#');
    *opt = hash ? atoi(hash + 1) : -1;
    return n;
}

static void bench_korf(const app_paths *p, const bench_opts *o)
{
    char path[PATH_MAX_LEN], msg[256];
    path_join(path, sizeof path, o->data, "sliding/korf100_std.txt");
    error err;
    size_t len;
    char *text = path_exists(path) ? textfile_read(path, &len, &err) : NULL;
    if (!text) {
        char why[PATH_MAX_LEN + 32];
        snprintf(why, sizeof why, "%s not found", path);
        skipped("korf100", why);
        return;
    }
    double t0 = solve_clock();
    int rc = pdb_prepare(p->cache_home, msg, sizeof msg);
    printf("{\"bench\":\"pdb_prepare\",\"seconds\":%.2f,\"ok\":%s,\"note\":", solve_clock() - t0,
           rc == 0 ? "true" : "false");
    cli_json_string(stdout, msg);
    printf("}\n");
    fflush(stdout);
    int count = 0, solved = 0, optimal = 0, limit = o->quick ? 10 : 100;
    unsigned long long nodes = 0;
    double secs = 0;
    for (char *line = text; line && *line && count < limit;) {
        char *end = strchr(line, '\n');
        if (end) *end = '\0';
        int t[16], opt, n = board_line(line, t, 16, &opt);
        if (n == 16) {
            solve_limits lim = solve_limits_default();
            lim.seconds = 60;
            lim.optimal = true;
            solve_result r;
            sliding_solve(t, 4, 4, &lim, p->cache_home, &r);
            count++;
            /* Counted only when the solution replays to the goal, with the length it claims. */
            bool ok = r.status == SOLVE_SOLVED && r.solution && (long)strlen(r.solution) == (long)r.length &&
                      sliding_replays(t, 4, 4, r.solution);
            solved += ok;
            optimal += ok && r.length == opt;
            nodes += r.nodes;
            secs += r.seconds;
            solve_result_free(&r);
        }
        line = end ? end + 1 : NULL;
    }
    free(text);
    printf("{\"bench\":\"korf100\",\"solved\":%d,\"optimal\":%d,\"total\":%d,\"seconds\":%.2f,\"nodes\":%llu%s}\n",
           solved, optimal, count, secs, nodes, o->quick ? ",\"quick\":true" : "");
    fflush(stdout);
}

/* Korf and Felner's 50 random 5 x 5 boards: each solved in optimal mode within the limit (an
 * optimal search that runs out of time hands back the best solution it found) and in the
 * default mode; reports the mean and worst length over the optimum and how many came back
 * empty-handed. */
static void bench_korf24(const bench_opts *o)
{
    char path[PATH_MAX_LEN];
    path_join(path, sizeof path, o->data, "sliding/korf24_std.txt");
    error err;
    size_t len;
    char *text = path_exists(path) ? textfile_read(path, &len, &err) : NULL;
    if (!text) {
        char why[PATH_MAX_LEN + 32];
        snprintf(why, sizeof why, "%s not found", path);
        skipped("korf24", why);
        return;
    }
    solve_clock_use_cpu(o->push.cpu_clock);
    double limit = o->quick && o->push.limit > 2 ? 2 : o->push.limit;
    int count = 0, solved = 0, optimal = 0, empty = 0, most = o->quick ? 5 : 50;
    double ratio = 0, worst = 0, fast_ratio = 0, fast_worst = 0, secs = 0, fast_secs = 0;
    unsigned long long nodes = 0;
    for (char *line = text; line && *line && count < most;) {
        char *end = strchr(line, '\n');
        if (end) *end = '\0';
        int t[25], opt, n = board_line(line, t, 25, &opt);
        line = end ? end + 1 : NULL;
        if (n != 25 || opt <= 0) continue;
        count++;
        for (int mode = 0; mode < 2; mode++) {
            solve_limits lim = solve_limits_default();
            lim.seconds = limit;
            lim.optimal = mode == 0;
            solve_result r;
            sliding_solve(t, 5, 5, &lim, NULL, &r);
            bool ok = r.status == SOLVE_SOLVED && r.solution && (long)strlen(r.solution) == (long)r.length &&
                      sliding_replays(t, 5, 5, r.solution);
            double x = ok ? (double)r.length / opt : 0;
            if (mode == 0) {
                solved += ok;
                empty += !ok;
                optimal += ok && r.length == opt;
                ratio += x;
                if (x > worst) worst = x;
                nodes += r.nodes;
                secs += r.seconds;
            } else {
                fast_ratio += x;
                if (x > fast_worst) fast_worst = x;
                fast_secs += r.seconds;
            }
            solve_result_free(&r);
        }
    }
    free(text);
    printf("{\"bench\":\"korf24\",\"solved\":%d,\"empty_handed\":%d,\"optimal\":%d,\"total\":%d,"
           "\"mean_ratio\":%.3f,\"worst_ratio\":%.3f,\"seconds\":%.2f,\"nodes\":%llu,\"limit\":%g,"
           "\"clock\":\"%s\",\"default_mode_mean_ratio\":%.3f,\"default_mode_worst_ratio\":%.3f,"
           "\"default_mode_seconds\":%.2f%s}\n",
           solved, empty, optimal, count, solved ? ratio / solved : 0, worst, secs, nodes, limit,
           o->push.cpu_clock ? "cpu" : "wall", count ? fast_ratio / count : 0, fast_worst, fast_secs,
           o->quick ? ",\"quick\":true" : "");
    fflush(stdout);
}

/* ===== through Lua ======================================================================= */

static void bench_lua(const app_paths *p, const bench_opts *o)
{
    char path[PATH_MAX_LEN];
    path_join(path, sizeof path, p->root, "tests/bench/primitives.lua");
    if (!path_exists(path)) {
        skipped("moves_lua", "tests/bench/primitives.lua not found beside the data");
        return;
    }
    char *args[2] = { o->quick ? "quick" : "full", NULL };
    fflush(stdout);
    script_run_file(p->scripts, p->levels, path, 1, args);
    fflush(stdout);
}

/* The options of the solver benchmarks: --per-level, --cpu-clock, --limit S, --work N,
 * --symmetry K|all, --turn K|all, --levels A-B, --diagnose S. Returns how many arguments it
 * took (0: not one of them), or -1 after printing what is wrong. */
static int solver_option(bench_opts *o, int argc, char **argv, int i)
{
    const char *a = argv[i];
    if (!strcmp(a, "--per-level") || !strcmp(a, "--cpu-clock")) {
        if (a[2] == 'p') o->push.per_level = true;
        else o->push.cpu_clock = true;
        return 1;
    }
    if (strcmp(a, "--limit") && strcmp(a, "--work") && strcmp(a, "--symmetry") && strcmp(a, "--turn") &&
        strcmp(a, "--levels") && strcmp(a, "--diagnose"))
        return 0;
    if (cli_need_value("bench", argc, argv, i) != 0) return -1;
    const char *v = argv[i + 1];
    if (!strcmp(a, "--symmetry")) {
        o->push.symmetry = bench_symmetry_parse(v);
        if (o->push.symmetry == -2) {
            fprintf(stderr, "tessera bench: --symmetry expects 0..7, a name (id, rot90, mirror, ...) or all, not '%s'\n", v);
            return -1;
        }
        return 2;
    }
    if (!strcmp(a, "--turn")) {
        int turn = 0, n = 0;
        if (!strcmp(v, "all")) o->push.turn = BENCH_ALL_TURNS;
        else if (sscanf(v, "%d%n", &turn, &n) == 1 && !v[n] && turn >= 0 && turn < BENCH_TURNS) o->push.turn = turn;
        else {
            fprintf(stderr, "tessera bench: --turn expects 0..7 or all, not '%s'\n", v);
            return -1;
        }
        return 2;
    }
    if (!strcmp(a, "--work")) {
        /* A count, with k (thousands) or M (millions) after it if wanted: 2M, 400k. */
        unsigned long long work = 0;
        int n = 0;
        char unit = 0;
        bool read = v[0] >= '0' && v[0] <= '9' && sscanf(v, "%llu%n", &work, &n) == 1;
        if (read && v[n]) unit = v[n++];
        unsigned long long scale = unit == 'k' ? 1000ULL : unit == 'M' ? 1000000ULL : 1;
        if (!read || v[n] || (unit && scale == 1) || work == 0 || work > 1000000000000ULL / scale) {
            fprintf(stderr, "tessera bench: --work expects a count above 0 (such as 2000000, 400k or 2M), not '%s'\n",
                    v);
            return -1;
        }
        o->push.work = work * scale;
        return 2;
    }
    if (!strcmp(a, "--levels")) {
        int first = 0, last = 0, n = 0;
        if (sscanf(v, "%d-%d%n", &first, &last, &n) == 2 && !v[n] && first >= 1 && last >= first) {
            o->push.first = first, o->push.last = last;
            return 2;
        }
        if (sscanf(v, "%d%n", &first, &n) == 1 && !v[n] && first >= 1) {
            o->push.first = o->push.last = first;
            return 2;
        }
        fprintf(stderr, "tessera bench: --levels expects N or A-B (1-based), not '%s'\n", v);
        return -1;
    }
    double secs;
    if (cli_seconds_arg("bench", a, v, false, 1e6, &secs) != 0) return -1;
    if (!strcmp(a, "--limit")) o->push.limit = secs;
    else o->push.diagnose = secs;
    return 2;
}

int cmd_bench(const app_paths *p, int argc, char **argv)
{
    bench_opts o;
    memset(&o, 0, sizeof o);
    const char *env = getenv("TESSERA_BENCH_DATA");
    if (env && *env) snprintf(o.data, sizeof o.data, "%s", env);
    else path_join(o.data, sizeof o.data, p->root, "../shared/data");
    o.push.limit = 10.0;
    for (int i = 0; i < argc; i++) {
        int took = solver_option(&o, argc, argv, i);
        if (took < 0) return EXIT_BAD_INPUT;
        if (took > 0) {
            i += took - 1;
            continue;
        }
        if (!strcmp(argv[i], "--quick")) o.quick = 1;
        else if (!strcmp(argv[i], "--data") || !strcmp(argv[i], "--only")) {
            if (cli_need_value("bench", argc, argv, i) != 0) return EXIT_BAD_INPUT;
            if (!strcmp(argv[i], "--data")) snprintf(o.data, sizeof o.data, "%s", argv[++i]);
            else o.only = argv[++i];
        } else {
            cli_bad_option("bench", argv[i]);
            return EXIT_BAD_INPUT;
        }
    }
    if (wanted(&o, "moves_c")) bench_moves_c(&o);
    if (wanted(&o, "lua")) bench_lua(p, &o);
    if (wanted(&o, "korf100")) bench_korf(p, &o);
    if (wanted(&o, "korf24")) bench_korf24(&o);
    o.push.data = o.data;
    o.push.quick = o.quick;
    if (wanted(&o, "microban")) bench_push_set(p, &o.push, "microban", "microban.xsb", 30);
    if (wanted(&o, "xsokoban90")) bench_push_set(p, &o.push, "xsokoban90", "xsokoban90.xsb", 3);
    if (wanted(&o, "sasquatch")) bench_push_set(p, &o.push, "sasquatch", "sasquatch.xsb", 2);
    if (wanted(&o, "hooked")) bench_hooked(p, &o);
    if (wanted(&o, "scripted")) bench_scripted(p, &o);
    if (wanted(&o, "frame_100x100")) bench_frame_100x100(p, o.quick);
    if (wanted(&o, "startup")) bench_startup(o.quick);
    if (wanted(&o, "idle_cpu")) bench_idle_cpu(o.quick);
    if (o.only && !o.matched) {
        fprintf(stderr, "tessera bench: no benchmark named '%s'\n", o.only);
        return EXIT_BAD_INPUT;
    }
    return EXIT_OK;
}
