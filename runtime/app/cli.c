/* cli.c: the command line: sub-command dispatch, usage text and shared option helpers. */
#include "app/cli.h"
#include "app/mods.h"
#include "core/textsafe.h"
#include "script/solving.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef TESSERA_VERSION
#define TESSERA_VERSION "dev"
#endif

static const char usage_text[] =
    "usage: tessera [COMMAND] [ARGS]\n"
    "\n"
    "  tessera                                  window with the menu of bundled games\n"
    "  tessera play GAME [FILE] [--level N]     play; GAME is a bundled name or a .lua script\n"
    "        [--keys 'SEQ'] [--screenshot OUT.png] [--size WxH] [--seed N] [--resume]\n"
    "        [--view flat|iso] [--no-watch] [--image FILE]\n"
    "                                           --keys plays the tokens of SEQ (up down left\n"
    "                                           right z y r n p h ... click:COL,ROW wait:MS)\n"
    "                                           through the game loop, then prints the result;\n"
    "                                           edits to the script or level file reload live\n"
    "                                           (--no-watch turns that off)\n"
    "  tessera solve [--game G] FILE [--level N] [--timeout S] [--optimal] [--json]\n"
    "                                           solve each level (default 10 s each)\n"
    "  tessera verify FILE SOLUTIONS [--game G] [--json]\n"
    "                                           replay solutions, report each level\n"
    "  tessera check FILE...  [--game G]        validate level files, game scripts, mods, skins\n"
    "  tessera render GAME [FILE] [--level N] [--size WxH] [--view flat|iso]\n"
    "        [--image FILE] --out OUT.png\n"
    "                                           draw a level to a PNG without a window\n"
    "  tessera run SCRIPT.lua [ARGS...]         run a Lua script headless against the API\n"
    "  tessera bench [--quick] [--only NAME] [--data DIR]\n"
    "                                           the benchmark suite, figures as JSON lines\n"
    "\n"
    "\n"
    "Every command takes --mods DIR (repeatable): user mods, searched before the bundled games\n"
    "and levels, as are those in $XDG_DATA_HOME/tessera/mods.\n"
    "Exit status: 0 success, 1 some level not solved, 2 bad input.\n";

int cli_bad_option(const char *cmd, const char *opt)
{
    fprintf(stderr, "tessera %s: unknown option '%s' (see 'tessera --help')\n", cmd, opt);
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

int cli_main(int argc, char **argv)
{
    app_paths p;
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
                      strcmp(argv[1], "help") == 0)) {
        fputs(usage_text, stdout);
        return EXIT_OK;
    }
    if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
        printf("tessera %s\n", TESSERA_VERSION);
        return EXIT_OK;
    }
    if (paths_init(&p, argv[0]) != 0) {
        fprintf(stderr, "tessera: cannot find the game data (scripts/ and levels/ under '%s'); "
                        "set TESSERA_DATA to the folder that holds them\n", p.root);
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
    static const struct {
        const char *name;
        int (*run)(const app_paths *, int, char **);
    } commands[] = {
        { "bench", cmd_bench }, { "check", cmd_check }, { "play", cmd_play }, { "render", cmd_render },
        { "run", cmd_run },     { "solve", cmd_solve },   { "verify", cmd_verify },
    };
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (strcmp(argv[1], commands[i].name) == 0) return commands[i].run(&p, argc - 2, argv + 2);
    fprintf(stderr, "tessera: unknown command '%s'\n\n%s", argv[1], usage_text);
    return EXIT_BAD_INPUT;
}
