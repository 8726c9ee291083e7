/* cli.h: the sub-commands of the tessera executable and the option helpers they share.
 * Exit status everywhere: 0 success (every level solved), 1 some level not solved or a check
 * failed, 2 bad input (unknown option, unreadable file, malformed level or script). */
#ifndef TESSERA_APP_CLI_H
#define TESSERA_APP_CLI_H

#include <stdbool.h>

#include "app/paths.h"

enum { EXIT_OK = 0, EXIT_UNSOLVED = 1, EXIT_BAD_INPUT = 2 };

int cli_main(int argc, char **argv);

int cmd_check(const app_paths *p, int argc, char **argv);
int cmd_verify(const app_paths *p, int argc, char **argv);
int cmd_render(const app_paths *p, int argc, char **argv);
int cmd_run(const app_paths *p, int argc, char **argv);
int cmd_solve(const app_paths *p, int argc, char **argv);
int cmd_bench(const app_paths *p, int argc, char **argv);
int cmd_play(const app_paths *p, int argc, char **argv);
int cmd_menu(const app_paths *p, int argc, char **argv);

/* Option helpers: each prints "tessera CMD: ..." on misuse and returns -1. */
int cli_int_arg(const char *cmd, const char *opt, const char *value, int min, int max, int *out);
/* Seconds: a number above 0 (or from 0, zero_ok) and at most max; the message says the range. */
int cli_seconds_arg(const char *cmd, const char *opt, const char *value, bool zero_ok, double max, double *out);
int cli_size_arg(const char *cmd, const char *opt, const char *value, int *w, int *h);
int cli_need_value(const char *cmd, int argc, char **argv, int i);
int cli_bad_option(const char *cmd, const char *opt);
/* "tessera CMD: usage: ..." from the command table, for missing arguments. */
int cli_usage(const char *cmd);
/* Writes s as a JSON string literal (with quotes) to f: valid UTF-8 always (bytes that are
 * not UTF-8 become U+FFFD), control characters and bidi overrides as \u escapes. */
void cli_json_string(void *file, const char *s);
/* Writes text from a file or a script (a title, a name) to f in its safe form
 * (core/textsafe.h): nothing in it reaches the terminal as a control sequence. */
void cli_text(void *file, const char *s);

#endif
