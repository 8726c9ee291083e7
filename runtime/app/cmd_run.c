/* cmd_run.c: `tessera run SCRIPT.lua [ARGS...]`: a Lua script run headless against the API. */
#include <stdio.h>

#include "app/cli.h"
#include "script/run.h"

int cmd_run(const app_paths *p, int argc, char **argv)
{
    if (argc < 1) {
        cli_usage("run");
        return EXIT_BAD_INPUT;
    }
    return script_run_file(p->script_path, p->level_path, argv[0], argc - 1, argv + 1);
}
