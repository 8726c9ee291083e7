/* cmd_verify.c: `tessera verify FILE SOLUTIONS`: replay each level's solution through the
 * game's rules (hooks included) and report whether it ends solved. A hook that fails while a
 * solution plays is the script's fault, not the solution's: it is reported with its
 * file:line:col message, and the exit status is that of a broken script (2). */
#include <stdio.h>
#include <string.h>

#include "app/cli.h"
#include "app/session.h"
#include "core/lurd.h"
#include "core/solutions.h"
#include "script/game.h"

int cmd_verify(const app_paths *p, int argc, char **argv)
{
    const char *game_arg = NULL, *files[2] = { NULL, NULL };
    int nfiles = 0, json = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--game") == 0) {
            if (cli_need_value("verify", argc, argv, i) != 0) return EXIT_BAD_INPUT;
            game_arg = argv[++i];
        } else if (strcmp(argv[i], "--json") == 0) {
            json = 1;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            cli_bad_option("verify", argv[i]);
            return EXIT_BAD_INPUT;
        } else if (nfiles < 2) {
            files[nfiles++] = argv[i];
        } else {
            fprintf(stderr, "tessera verify: too many arguments ('%s')\n", argv[i]);
            return EXIT_BAD_INPUT;
        }
    }
    if (nfiles != 2) {
        cli_usage("verify");
        return EXIT_BAD_INPUT;
    }
    error err;
    char buf[ERROR_TEXT_MAX + 300];
    solution_list sols;
    if (solutions_load(&sols, files[1], &err) != 0) {
        fprintf(stderr, "%s\n", error_format(&err, buf, sizeof buf));
        return EXIT_BAD_INPUT;
    }
    session s;
    char gbuf[PATH_MAX_LEN];
    const char *gname = game_arg ? game_arg : app_game_of_file(p, files[0], gbuf, sizeof gbuf);
    if (session_open_quiet(&s, p, gname, files[0], 0, &err) != 0) {
        if (!game_arg && gname != gbuf) app_note_guess(&err, gname);
        fprintf(stderr, "%s\n", error_format(&err, buf, sizeof buf));
        solutions_free(&sols);
        return EXIT_BAD_INPUT;
    }
    for (int i = 0; i < sols.count; i++)
        if (sols.v[i].level > s.levels.count)
            fprintf(stderr, "%s:%d: warning: level %d does not exist (the file has %d)\n", files[1],
                    sols.v[i].line, sols.v[i].level, s.levels.count);
    int solved_count = 0, failed = 0;
    for (int n = 1; n <= s.levels.count; n++) {
        session_goto(&s, n - 1);
        const solution *sol = solutions_find(&sols, n);
        const char *title = session_level_title(&s);
        int bad = -1, played = 0;
        const char *status = "no solution";
        if (sol) {
            played = session_play_lurd(&s, sol->moves, &bad);
            status = bad >= 0 ? "illegal move" : s.solved ? "solved" : "not solved";
        }
        bool hook = sol && s.hook_failed;
        bool ok = sol && s.solved && bad < 0 && !hook;
        solved_count += ok;
        failed += hook;
        char msg[ERROR_TEXT_MAX + 300];
        if (hook) error_format(&s.hook_error, msg, sizeof msg);
        if (json) {
            printf("{\"level\":%d,\"title\":", n);
            cli_json_string(stdout, title ? title : "");
            printf(",\"status\":\"%s\",\"moves\":%ld,\"pushes\":%ld", hook ? "error" : ok ? "solved" : "unsolved",
                   s.st.moves, s.st.pushes);
            if (hook) {
                printf(",\"message\":");
                cli_json_string(stdout, msg);
                if (bad >= 0) printf(",\"error_at\":%d", lurd_move_number(&s.st, sol->moves, bad));
            } else if (bad >= 0) {
                printf(",\"illegal_at\":%d", lurd_move_number(&s.st, sol->moves, bad));
            }
            printf("}\n");
        } else if (hook) {
            printf("level %d", n);
            if (title) {
                printf(" (");
                cli_text(stdout, title);
                printf(")");
            }
            printf(": script error");
            if (bad >= 0) printf(" at move %d (%s:%d)", lurd_move_number(&s.st, sol->moves, bad), files[1], sol->line);
            printf(": ");
            cli_text(stdout, msg);
            printf("\n");
        } else {
            printf("level %d", n);
            if (title) {
                printf(" (");
                cli_text(stdout, title);
                printf(")");
            }
            printf(": %s", status);
            if (ok && session_has_actions(&s)) printf(", %ld action%s", s.st.moves, s.st.moves == 1 ? "" : "s");
            else if (ok) printf(", %ld move%s, %ld push%s", s.st.moves, s.st.moves == 1 ? "" : "s", s.st.pushes,
                                s.st.pushes == 1 ? "" : "es");
            /* Where the refused step is written: file:line:col, as check says it. */
            char where[PATH_MAX_LEN + 32] = "";
            if (bad >= 0) {
                int col = app_move_column(files[1], sol->line, bad);
                if (col > 0) snprintf(where, sizeof where, "%s:%d:%d", files[1], sol->line, col);
                else snprintf(where, sizeof where, "%s:%d", files[1], sol->line);
            }
            if (bad >= 0 && session_has_actions(&s)) {
                /* The token as written (a few letters of one that does not read) and why. */
                char step[ERROR_TEXT_MAX];
                int len = (int)strcspn(sol->moves + bad, ")") + 1;
                lurd_describe_bad(&s.st, sol->moves, bad, step, sizeof step);
                printf(" at %.*s%s (%s): %s", len > 24 ? 24 : len, sol->moves + bad, len > 24 ? "..." : "", where, step);
            } else if (bad >= 0) {
                char step[ERROR_TEXT_MAX];
                lurd_describe_bad(&s.st, sol->moves, bad, step, sizeof step);
                printf(" (%s): %s", where, step);
            }
            printf("\n");
        }
        (void)played;
    }
    if (!json) printf("%d of %d levels solved\n", solved_count, s.levels.count);
    int total = s.levels.count;
    session_close(&s);
    solutions_free(&sols);
    return failed ? EXIT_BAD_INPUT : solved_count == total ? EXIT_OK : EXIT_UNSOLVED;
}
