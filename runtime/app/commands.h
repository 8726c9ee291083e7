/* commands.h: the one table of the command line. The usage text, `tessera help COMMAND`,
 * `tessera COMMAND --help`, the man page (tools/gen_clidoc.c) and the bash completion are all
 * written from it, so none of them can drift from the others. */
#ifndef TESSERA_APP_COMMANDS_H
#define TESSERA_APP_COMMANDS_H

#include <stdio.h>

#include "app/paths.h"

typedef struct cli_option {
    const char *name;           /* "--level" */
    const char *value;          /* what follows it ("N"), or NULL for a flag */
    const char *help;           /* one sentence */
} cli_option;

typedef struct cli_command {
    const char *name;           /* "play"; "" is `tessera` with no command */
    const char *args;           /* the positional arguments: "GAME [FILE]" */
    const char *summary;        /* one line, lower case, no full stop */
    const char *description;    /* paragraphs separated by blank lines */
    const cli_option *options;  /* ends with a { NULL } entry */
    int (*run)(const app_paths *p, int argc, char **argv);
} cli_command;

/* A titled paragraph of the man page beyond the commands (environment, files, ...). */
typedef struct cli_topic {
    const char *title;          /* "ENVIRONMENT" */
    const char *const *items;   /* "NAME\tdescription" pairs (or plain paragraphs); NULL ends */
} cli_topic;

extern const cli_command cli_commands[];    /* ends with a { NULL } entry */
extern const cli_option cli_global_options[];
extern const cli_topic cli_topics[];         /* ends with a { NULL } entry */
extern const char cli_program_summary[];
extern const char cli_program_description[];

/* The command named name ("" for none), or NULL. */
const cli_command *cli_find_command(const char *name);
/* The option of c called name, or NULL. */
const cli_option *cli_find_option(const cli_command *c, const char *name);
/* The documented option closest to name (a likely typo), or NULL when none is close. */
const char *cli_suggest_option(const cli_command *c, const char *name);

/* The command closest to name (a likely typo), or NULL. */
const char *cli_suggest_command(const char *name);

/* `tessera --help`: every command with its summary. */
void cli_print_usage(FILE *f);
/* `tessera help COMMAND`: synopsis, description and options of one command. */
void cli_print_command_help(FILE *f, const cli_command *c);
/* "tessera play GAME [FILE] [--level N] ..." on one line, the way usage errors print it. */
void cli_print_synopsis(FILE *f, const cli_command *c);

#endif
