/* cmd_solve.c: `tessera solve [--game G] FILE [--level N] [--timeout S] [--optimal] [--json]`:
 * solve each level (or board) of a file and report it, as text or as JSON lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/cli.h"
#include "app/session.h"
#include "script/solving.h"
#include "script/game.h"

typedef struct progress_line {
    int level, count;
} progress_line;

/* A line on stderr, rewritten in place, while a long search runs (terminals only). */
static void show_progress(void *ud, uint64_t nodes, double seconds, int bound)
{
    const progress_line *pl = ud;
    fprintf(stderr, "\rlevel %d/%d: %.1f s, %llu nodes, bound %d   ", pl->level, pl->count, seconds,
            (unsigned long long)nodes, bound);
    fflush(stderr);
}

static void print_json(const session *s, int n, const solve_result *r, solver_kind k)
{
    const char *title = session_level_title(s);
    bool sliding = k == SOLVER_SLIDING;
    printf("{\"level\":%d,\"title\":", n);
    cli_json_string(stdout, title ? title : "");
    printf(",\"status\":\"%s\",\"seconds\":%.3f,\"nodes\":%llu,\"solver\":\"%s\"", solve_status_name(r->status),
           r->seconds, (unsigned long long)r->nodes, solver_kind_name(k));
    if (r->status == SOLVE_SOLVED) {
        if (sliding) printf(",\"length\":%ld,\"optimal\":%s", r->length, r->optimal ? "true" : "false");
        else printf(",\"moves\":%ld,\"pushes\":%ld,\"optimal\":%s", r->moves, r->pushes, r->optimal ? "true" : "false");
        printf(",\"solution\":");
        cli_json_string(stdout, r->solution);
    }
    if (r->message[0]) {
        printf(",\"message\":");
        cli_json_string(stdout, r->message);
    }
    printf("}\n");
}

static void print_text(const session *s, int n, const solve_result *r, solver_kind k)
{
    bool sliding = k == SOLVER_SLIDING;
    const char *title = session_level_title(s);
    printf("level %d", n);
    if (title) {
        printf(" (");
        cli_text(stdout, title);
        printf(")");
    }
    printf(": %s in %.3f s (%llu node%s)", solve_status_name(r->status), r->seconds, (unsigned long long)r->nodes,
           r->nodes == 1 ? "" : "s");
    if (r->status == SOLVE_SOLVED) {
        if (sliding) printf(", %ld move%s%s", r->length, r->length == 1 ? "" : "s", r->optimal ? " (optimal)" : "");
        else if (session_has_actions(s)) printf(", %ld action%s%s", r->moves, r->moves == 1 ? "" : "s", r->optimal ? " (fewest)" : "");
        /* The push solver's optimum is in pushes; the generic search (a game with hooks) counts
         * its steps, the moves. */
        else printf(", %ld move%s, %ld push%s%s", r->moves, r->moves == 1 ? "" : "s", r->pushes, r->pushes == 1 ? "" : "es",
                    !r->optimal ? "" : k == SOLVER_PUSH ? " (push-optimal)" : " (fewest moves)");
        printf("\n  %s", r->solution);
    }
    if (r->message[0]) {
        printf("\n  ");
        cli_text(stdout, r->message);
    }
    printf("\n");
}

int cmd_solve(const app_paths *p, int argc, char **argv)
{
    const char *game_arg = NULL, *file = NULL;
    int level_no = 0, json = 0, optimal = 0, failed = 0;
    double timeout = 10.0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--game") || !strcmp(a, "--level") || !strcmp(a, "--timeout")) {
            if (cli_need_value("solve", argc, argv, i) != 0) return EXIT_BAD_INPUT;
            const char *v = argv[++i];
            if (!strcmp(a, "--game")) game_arg = v;
            if (!strcmp(a, "--level") && cli_int_arg("solve", a, v, 1, 1000000, &level_no) != 0) return EXIT_BAD_INPUT;
            if (!strcmp(a, "--timeout") && cli_seconds_arg("solve", a, v, false, 1e6, &timeout) != 0) return EXIT_BAD_INPUT;
        } else if (!strcmp(a, "--json")) {
            json = 1;
        } else if (!strcmp(a, "--optimal")) {
            optimal = 1;
        } else if (a[0] == '-' && a[1]) {
            cli_bad_option("solve", a);
            return EXIT_BAD_INPUT;
        } else if (!file) {
            file = a;
        } else {
            fprintf(stderr, "tessera solve: too many arguments ('%s')\n", a);
            return EXIT_BAD_INPUT;
        }
    }
    if (!file) {
        cli_usage("solve");
        return EXIT_BAD_INPUT;
    }
    error err;
    char buf[ERROR_TEXT_MAX + 300];
    session s;
    char gbuf[PATH_MAX_LEN];
    const char *gname = game_arg ? game_arg : app_game_of_file(p, file, gbuf, sizeof gbuf);
    if (session_open(&s, p, gname, file, level_no, &err) != 0) {
        if (!game_arg && gname != gbuf) app_note_guess(&err, gname);
        fprintf(stderr, "%s\n", error_format(&err, buf, sizeof buf));
        return EXIT_BAD_INPUT;
    }
    int first = level_no ? level_no - 1 : 0, last = level_no ? level_no - 1 : s.levels.count - 1;
    int solved = 0, total = 0;
    progress_line pl = { 0, s.levels.count };
    bool tty = isatty(STDERR_FILENO);
    for (int i = first; i <= last; i++) {
        session_goto(&s, i);
        solve_limits lim = solve_limits_default();
        lim.seconds = timeout;
        lim.optimal = optimal;
        pl.level = i + 1;
        if (tty) {
            lim.progress = show_progress;
            lim.progress_ud = &pl;
        }
        solve_result r;
        solver_kind k = solving_choose(s.game, &s.st);
        solving_run(k, s.game, &s.st, &lim, &r);
        if (tty) fprintf(stderr, "\r%60s\r", "");
        if (json) print_json(&s, i + 1, &r, k);
        else print_text(&s, i + 1, &r, k);
        fflush(stdout);
        solved += r.status == SOLVE_SOLVED;
        failed += r.status == SOLVE_ERROR;
        total++;
        solve_result_free(&r);
    }
    if (!json) printf("%d of %d solved\n", solved, total);
    session_close(&s);
    /* A hook that fails is a broken script, as check and verify say (exit 2). */
    return failed ? EXIT_BAD_INPUT : solved == total ? EXIT_OK : EXIT_UNSOLVED;
}
