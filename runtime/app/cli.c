/* cli.c: the command line: sub-command dispatch, usage text and shared option helpers. */
#define _DEFAULT_SOURCE
#include "app/cli.h"
#include "app/commands.h"
#include "app/mods.h"
#include "core/textsafe.h"
#include "script/game.h"
#include "script/solving.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef TESSERA_VERSION
#define TESSERA_VERSION "dev"
#endif

int cli_bad_option(const char *cmd, const char *opt)
{
    const char *near = cli_suggest_option(cli_find_command(cmd), opt);
    fprintf(stderr, "tessera %s: unknown option '%s'", cmd, opt);
    if (near) fprintf(stderr, " (did you mean '%s'?)", near);
    fprintf(stderr, "; see 'tessera %s --help'\n", cmd);
    return -1;
}

int cli_usage(const char *cmd)
{
    const cli_command *c = cli_find_command(cmd);
    fprintf(stderr, "tessera %s: usage: ", cmd);
    if (c) cli_print_synopsis(stderr, c);
    fprintf(stderr, "\n(see 'tessera %s --help')\n", cmd);
    return -1;
}

int cli_need_value(const char *cmd, int argc, char **argv, int i)
{
    if (i + 1 < argc) return 0;
    fprintf(stderr, "tessera %s: option '%s' needs a value\n", cmd, argv[i]);
    return -1;
}

int cli_int_arg(const char *cmd, const char *opt, const char *value, int min, int max, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(value, &end, 10);
    if (errno || end == value || *end || v < min || v > max) {
        fprintf(stderr, "tessera %s: %s expects a whole number from %d to %d, not '%s'\n", cmd, opt,
                min, max, value);
        return -1;
    }
    *out = (int)v;
    return 0;
}

int cli_seconds_arg(const char *cmd, const char *opt, const char *value, bool zero_ok, double max, double *out)
{
    char *end;
    double v = strtod(value, &end);
    if (end == value || *end || !(zero_ok ? v >= 0 : v > 0) || !(v <= max)) {
        fprintf(stderr, "tessera %s: %s expects seconds (%s, at most %.0f), not '%s'\n", cmd, opt,
                zero_ok ? "0 or more" : "more than 0", max, value);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_size_arg(const char *cmd, const char *opt, const char *value, int *w, int *h)
{
    int a, b;
    char tail;
    if (sscanf(value, "%dx%d%c", &a, &b, &tail) != 2 || a < 64 || b < 64 || a > 8192 || b > 8192) {
        fprintf(stderr, "tessera %s: %s expects WxH between 64x64 and 8192x8192, not '%s'\n", cmd,
                opt, value);
        return -1;
    }
    *w = a;
    *h = b;
    return 0;
}

void cli_json_string(void *file, const char *s)
{
    FILE *f = file;
    size_t len = s ? strlen(s) : 0;
    fputc('"', f);
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)s[i];
        unsigned cp;
        int n = textsafe_utf8(s + i, len - i, &cp);
        if (n == 0) {
            fputs("\\ufffd", f);          /* not UTF-8: the replacement character */
            i++;
            continue;
        }
        i += (size_t)n;
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c == '\n') fputs("\\n", f);
        else if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) || (cp >= 0x202A && cp <= 0x202E) ||
                 (cp >= 0x2066 && cp <= 0x2069))
            fprintf(f, "\\u%04x", cp);    /* controls and bidi overrides, visible */
        else fwrite(s + i - (size_t)n, 1, (size_t)n, f);
    }
    fputc('"', f);
}

void cli_text(void *file, const char *s)
{
    if (s) textsafe_write(file, s, strlen(s), 0);
}

/* `tessera help games`: the games `play` can start, from the scripts folders on the search
 * path (each mod's, then the bundled one), without loading them; one name per line. */
/* A name one can type after `play`: no spaces, quotes or control characters (a mod's file
 * named with terminal escapes must not reach the terminal). */
static bool plain_name(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c <= ' ' || c == 0x7f || c == '"' || c == '\'' || c == '\\') return false;
    }
    return textsafe_clean(s, n, 0);     /* and no C1 control, bidi override or broken UTF-8 */
}

static int compare_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void list_games(const app_paths *p)
{
    enum { MAX_GAMES = 512 };
    char *names[MAX_GAMES];
    int n = 0;
    for (const char *dir = p->script_path; dir && *dir;) {
        const char *sep = strchr(dir, GAME_SEARCH_SEP);
        char folder[PATH_MAX_LEN];
        snprintf(folder, sizeof folder, "%.*s", (int)(sep ? (size_t)(sep - dir) : strlen(dir)), dir);
        dir = sep ? sep + 1 : NULL;
        DIR *d = opendir(folder);
        if (!d) continue;
        for (struct dirent *e; n < MAX_GAMES && (e = readdir(d));) {
            size_t len = strlen(e->d_name);
            if (len < 5 || e->d_name[0] == '_' || e->d_name[0] == '.' || strcmp(e->d_name + len - 4, ".lua") != 0 ||
                !plain_name(e->d_name, len - 4))
                continue;
            char *name = strndup(e->d_name, len - 4);
            if (!name) break;
            if (!game_name_ok(name)) {      /* not startable by name: the menu leaves it out too */
                free(name);
                continue;
            }
            int dup = 0;
            for (int i = 0; i < n && !dup; i++) dup = strcmp(names[i], name) == 0;
            if (dup) free(name);    /* a mod's game of the same name replaces the bundled one */
            else names[n++] = name;
        }
        closedir(d);
    }
    if (n > 1) qsort(names, (size_t)n, sizeof *names, compare_names);
    for (int i = 0; i < n; i++) {
        printf("%s\n", names[i]);
        free(names[i]);
    }
}

/* The command's own arguments end where `run SCRIPT`'s arguments for the script begin. */
static int own_args(const cli_command *c, int argc, char **argv)
{
    if (strcmp(c->name, "run") != 0) return argc;
    for (int i = 0; i < argc; i++)
        if (argv[i][0] != '-') return i;
    return argc;
}

static int is_help_flag(const char *a) { return strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0; }

/* `tessera help [COMMAND]`. */
static int help_command(const app_paths *p, int argc, char **argv)
{
    if (argc == 0) {
        cli_print_usage(stdout);
        return EXIT_OK;
    }
    if (strcmp(argv[0], "games") == 0) {
        list_games(p);
        return EXIT_OK;
    }
    const cli_command *c = cli_find_command(is_help_flag(argv[0]) ? "help" : argv[0]);
    if (!c || !c->name[0]) {
        fprintf(stderr, "tessera help: no command '%s' (see 'tessera --help')\n", argv[0]);
        return EXIT_BAD_INPUT;
    }
    cli_print_command_help(stdout, c);
    return EXIT_OK;
}

int cli_main(int argc, char **argv)
{
    app_paths p;
    if (argc >= 2 && (is_help_flag(argv[1]) || (strcmp(argv[1], "help") == 0 && argc == 2))) {
        cli_print_usage(stdout);
        bool found = paths_init(&p, argv[0]) == 0;
        printf("\nBundled games and levels: %s%s\nYour progress, settings and mods: %s\n", p.root,
               found ? "" : " (not found: set TESSERA_DATA_DIR)", p.data_home);
        return EXIT_OK;
    }
    if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
        printf("tessera %s\n", TESSERA_VERSION);
        return EXIT_OK;
    }
    /* COMMAND --help (or -h) anywhere among the command's own arguments. */
    const cli_command *cmd = argc >= 2 ? cli_find_command(argv[1]) : NULL;
    if (cmd && cmd->run) {
        int own = own_args(cmd, argc - 2, argv + 2);
        for (int i = 0; i < own; i++) {
            if (is_help_flag(argv[2 + i])) {
                cli_print_command_help(stdout, cmd);
                return EXIT_OK;
            }
            const cli_option *o = cli_find_option(cmd, argv[2 + i]);
            if (o && o->value) i++;              /* its value may be anything, "--help" too */
        }
    }
    if (argc >= 3 && strcmp(argv[1], "help") == 0 && strcmp(argv[2], "games") != 0)
        return help_command(NULL, argc - 2, argv + 2);
    if (paths_init(&p, argv[0]) != 0) {
        fprintf(stderr, "tessera: cannot find the game data (scripts/ and levels/ under '%s'); "
                        "set TESSERA_DATA_DIR to the folder that holds them\n", p.root);
        return EXIT_BAD_INPUT;
    }
    solving_set_cache_dir(p.cache_home);
    /* --mods DIR, anywhere on the line and on every command: taken out before dispatch
     * (except among the arguments of `run SCRIPT ARGS...`, which are the script's own). */
    const char *extra[MODS_MAX];
    int nextra = 0, kept = 1, positional = 0;
    bool is_run = false;
    for (int i = 1; i < argc; i++) {
        bool script_args = is_run && positional >= 2;
        if (!script_args && strcmp(argv[i], "--mods") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "tessera: --mods needs a folder\n");
                return EXIT_BAD_INPUT;
            }
            if (nextra < MODS_MAX) extra[nextra++] = argv[i + 1];
            i++;
            continue;
        }
        if (argv[i][0] != '-' && positional++ == 0) is_run = strcmp(argv[i], "run") == 0;
        argv[kept++] = argv[i];
    }
    argc = kept;
    argv[argc] = NULL;
    if (mods_init(&p, extra, nextra) != 0) return EXIT_BAD_INPUT;
    if (argc < 2) return cmd_menu(&p, argc - 1, argv + 1);
    if (strcmp(argv[1], "help") == 0) return help_command(&p, argc - 2, argv + 2);
    cmd = cli_find_command(argv[1]);
    if (cmd && cmd->run && cmd->name[0]) return cmd->run(&p, argc - 2, argv + 2);
    if (argv[1][0] == '-') fprintf(stderr, "tessera: unknown option '%s'; see 'tessera --help'\n", argv[1]);
    else if (cli_suggest_command(argv[1]))
        fprintf(stderr, "tessera: unknown command '%s' (did you mean '%s'?); see 'tessera --help'\n", argv[1],
                cli_suggest_command(argv[1]));
    else fprintf(stderr, "tessera: unknown command '%s'; see 'tessera --help'\n", argv[1]);
    return EXIT_BAD_INPUT;
}
