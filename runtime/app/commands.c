/* commands.c: the command table (see commands.h) and the help texts printed from it. */
#include "app/commands.h"

#include <ctype.h>
#include <string.h>

#include "app/cli.h"
#include "core/spell.h"

const char cli_program_summary[] = "a Lua-scriptable grid puzzle runtime: Sokoban, sliding puzzles and more";

const char cli_program_description[] =
    "Tessera plays grid puzzles whose rules are short Lua scripts: Sokoban and its variants "
    "(colours, ice, holes, pulling, several players, hexagons), the 15-puzzle on any board, and "
    "any game a script defines. It gives every game undo and redo, replays, hints, a solver, "
    "saved progress and hot reload of edited scripts and levels.\n"
    "\n"
    "With no command it opens a window with the menu of games. The other commands work "
    "without a display: they solve, check, replay and draw levels, and run Lua scripts "
    "against the API.";

static const cli_option no_options[] = { { NULL, NULL, NULL } };

static const cli_option play_options[] = {
    { "--level", "N", "start at level N (1-based) of the set" },
    { "--keys", "SEQ", "play the tokens of SEQ through the game loop without a person, then print "
                       "the result as JSON. Tokens: key names (up, z, ctrl+c, ...), click:COL,ROW and "
                       "rclick:COL,ROW (a 0-based cell, left or right button), pad:BUTTON, wait:MS, "
                       "frame:N (N frames of 16 ms), reloaded:N (wait for N hot reloads), "
                       "clipboard:TEXT (| a line break), drop:PATH (a file dropped on the window)" },
    { "--screenshot", "OUT.png", "with --keys: write the last frame to OUT.png" },
    { "--resume", NULL, "with --keys: start from the saved position instead of the level's start" },
    { "--size", "WxH", "the window (or headless canvas) size in points, default 960x720" },
    { "--scale", "N", "draw at 1/N of the size and show it N times larger (1-8): crisp big pixels" },
    { "--seed", "N", "the seed of shuffles and of the script's math.random" },
    { "--view", "flat|iso", "the flat or the isometric view (square grids)" },
    { "--image", "FILE", "sliding puzzles: play with this PNG or JPEG's picture" },
    { "--skin", "NAME", "draw with the skin NAME (a folder with skin.lua and its picture)" },
    { "--no-watch", NULL, "do not reload the script and level file when they change on disk" },
    { "--export-solution", "FILE", "when play ends, write the moves made as 'N: LURD' to FILE (a comment when none were)" },
    { "--export-level", "FILE", "when play ends, write the level as XSB to FILE" },
    { NULL, NULL, NULL }
};

static const cli_option solve_options[] = {
    { "--game", "G", "the game whose rules apply (a bundled name or a .lua script); otherwise the "
                     "game its folder names (levels/GAME/), else guessed from the file" },
    { "--level", "N", "only level N" },
    { "--timeout", "S", "seconds per level or board (default 10)" },
    { "--optimal", NULL, "push-optimal (push puzzles) or move-optimal (sliding puzzles) solutions" },
    { "--json", NULL, "one JSON object per level: level, title, status, seconds, nodes, solution, ..." },
    { NULL, NULL, NULL }
};

static const cli_option verify_options[] = {
    { "--game", "G", "the game whose rules apply; otherwise the game the level file's folder names "
                     "(levels/GAME/), else guessed from the file" },
    { "--json", NULL, "one JSON object per level" },
    { NULL, NULL, NULL }
};

static const cli_option check_options[] = {
    { "--game", "G", "check level files for game G instead of the game their folder names" },
    { "--timeout", "S", "seconds the solver may spend on each level (default 0.5; 0 skips it)" },
    { "--budget", "S", "seconds the solver may spend over the whole check (default 20; 0: no overall limit); "
                       "levels left when it runs out are counted as not tried; replaying solution files, and "
                       "checking levels at their start, have as many seconds of CPU each" },
    { NULL, NULL, NULL }
};

static const cli_option render_options[] = {
    { "--out", "OUT.png", "the PNG file to write (required)" },
    { "--level", "N", "the level to draw (default 1)" },
    { "--size", "WxH", "the picture's size, default 960x720" },
    { "--view", "flat|iso", "the flat or the isometric view" },
    { "--image", "FILE", "sliding puzzles: the picture of picture mode" },
    { "--skin", "NAME", "draw with the skin NAME" },
    { NULL, NULL, NULL }
};

static const cli_option bench_options[] = {
    { "--quick", NULL, "a reduced set of each benchmark" },
    { "--only", "NAME", "only the benchmark NAME (moves_c, lua, korf100, korf24, microban, xsokoban90, "
                        "sasquatch, hooked, scripted, frame_100x100, startup)" },
    { "--data", "DIR", "the reference data (default ../shared/data beside the data folder, or "
                       "$TESSERA_BENCH_DATA)" },
    { "--per-level", NULL, "solver benchmarks: one JSON record per level (status, seconds, CPU "
                           "seconds, expansions, nodes/s, peak bytes, winning search, why it stopped)" },
    { "--limit", "S", "solver benchmarks: seconds per level or 5 x 5 board (default 10)" },
    { "--work", "N", "push-solver benchmarks: each level also stops after N units of the solver's work "
                     "(expansions; 400k or 2M for short; looked at between the solver's turns, a few "
                     "thousand apart). The solver goes by its work, so such a run goes the same way on "
                     "any machine and under any load: give --limit room to spare (a record stopped by "
                     "the clock says \"time budget used up\")" },
    { "--cpu-clock", NULL, "solver benchmarks: the per-level budget counts CPU time, not wall time "
                           "(fair on a loaded machine)" },
    { "--levels", "N|A-B", "solver benchmarks: only level N, or levels A to B (1-based)" },
    { "--symmetry", "K|all", "solver benchmarks: solve the rotated or mirrored copy K (0-7, or id, "
                             "rot90, rot180, rot270, mirror, ...), or all eight" },
    { "--turn", "K|all", "solver benchmarks: the solver's first attempt takes turn K of the level (0-7; 0 as "
                         "the solver does), the others the turns after it; all: each of the eight. A "
                         "change that gains levels on most turns is a gain, not a reshuffle" },
    { "--diagnose", "S", "solver benchmarks: give a timed-out level's best position (the feature-space "
                         "search's best score) S seconds more to tell a missed deadlock (dead) from bad "
                         "guidance (alive); the record gives its boxes on goals and the moves to it" },
    { NULL, NULL, NULL }
};

const cli_option cli_global_options[] = {
    { "--mods", "DIR", "load user mods from DIR (repeatable; one mod or a folder of mods), searched "
                       "before the bundled games and levels, like those in $XDG_DATA_HOME/tessera/mods" },
    { "--help", NULL, "print help (after a command: that command's) and exit" },
    { "--version", NULL, "print the version and exit" },
    { NULL, NULL, NULL }
};

const cli_command cli_commands[] = {
    { "", "", "open the window with the menu of games",
      "Opens a window listing the bundled games and those of your mods; choose a game, then a "
      "level. Without a display it says so and names the commands that need none.",
      no_options, cmd_menu },
    { "play", "GAME [FILE]", "play a game in a window, or scripted with --keys",
      "GAME is a bundled game's name (sokoban, fifteen, ...) or the path of a .lua script; FILE "
      "is a level file, by default the game's own levels. In a window, play comes back to the "
      "level and position you left.\n"
      "\n"
      "With --keys the real game loop runs on the given tokens, one per frame, and prints one "
      "JSON line with the game, level, moves, pushes and whether it is solved. That needs no "
      "display (SDL_VIDEODRIVER=dummy, or none at all).",
      play_options, cmd_play },
    { "solve", "FILE", "solve each level or board of a file",
      "Solves every level of FILE (or one, with --level) and prints the solution: LURD for push "
      "puzzles (lower case a move, upper case a push, a digit where another player takes over), "
      "the letters u d l r for where the gap moves in sliding puzzles. Exit status 0 when every "
      "level was solved, 1 when some were not, 2 when the game's script failed (a hook's error, "
      "printed with its FILE:LINE:COL).",
      solve_options, cmd_solve },
    { "verify", "FILE SOLUTIONS", "replay solutions and report each level solved or not",
      "Replays each line 'N: MOVES' of SOLUTIONS on level N of FILE through the game's own "
      "rules, hooks included, and reports whether it ends solved, or the first illegal move. A "
      "hook of the game that fails while a solution plays is reported with its FILE:LINE:COL "
      "message, and the exit status is then 2.",
      verify_options, cmd_verify },
    { "check", "FILE|DIR...", "validate level files, solutions, game scripts, mods and skins",
      "Reads each file the way the game would and prints every problem as FILE:LINE:COL: "
      "message. A level file is parsed for its game (the folder it sits in, --game, or a guess "
      "from its format), each malformed level of it reported, and each level is given to the "
      "solver briefly; a solution file (.sol) is replayed on the level file of the same name "
      "beside it; a .lua file is loaded as a game; a "
      "folder is a mod, a folder of mods, or a skin, and a mod's solution files (beside a level "
      "file of levels/GAME/ or beside a script's default levels) are replayed too. Exit status 0 when all is well, 1 when a "
      "level is unsolvable or a solution fails, 2 when a file is malformed.",
      check_options, cmd_check },
    { "render", "GAME [FILE]", "draw a level to a PNG file without a window",
      "Draws the play screen of a level exactly as the window would show it and writes it as a "
      "PNG file.",
      render_options, cmd_render },
    { "run", "SCRIPT.lua [ARGS...]", "run a Lua script headless against the API",
      "Runs SCRIPT.lua in the sandbox with the tessera module (bots, tests, batch jobs); ARGS "
      "are the script's, in the global table arg. print writes to standard output. Exit status: "
      "what the script returns (an integer, or false: 1), 1 when it fails, 2 when it cannot be "
      "read or compiled.",
      no_options, cmd_run },
    { "bench", "", "run the benchmark suite, figures as JSON lines",
      "Measures the move primitives, the solvers on reference level sets, drawing and startup, "
      "and prints one JSON line per benchmark. A benchmark whose data is missing says it was "
      "skipped.",
      bench_options, cmd_bench },
    { "help", "[COMMAND]", "print the help of a command",
      "Prints what COMMAND does and its options; with no COMMAND, the list of commands. "
      "'tessera help games' lists the games that play can start, the bundled ones and those of "
      "your mods.",
      no_options, NULL },
    { NULL, NULL, NULL, NULL, NULL, NULL }
};

static const char *const environment_items[] = {
    "TESSERA_DATA_DIR\tthe folder of the bundled scripts/, levels/ and assets/ (by default the "
    "installed share/tessera beside the executable's prefix)",
    "XDG_DATA_HOME\tsaved progress, settings, screenshots, exports, skins and mods go under "
    "$XDG_DATA_HOME/tessera (default ~/.local/share/tessera)",
    "XDG_CACHE_HOME\tthe sliding puzzles' pattern databases are cached under $XDG_CACHE_HOME/tessera "
    "(default ~/.cache/tessera)",
    "SDL_VIDEODRIVER\tthe video driver; dummy draws nowhere (scripted play and tests)",
    "SDL_AUDIODRIVER\tthe audio driver; dummy plays silence",
    "TESSERA_WATCH\tpoll makes hot reload poll files every 50 ms instead of using inotify",
    NULL
};

static const char *const files_items[] = {
    "$XDG_DATA_HOME/tessera/progress/\tsolved levels, best solutions and the position being "
    "played, one plain text file per game and level set",
    "$XDG_DATA_HOME/tessera/settings.txt\tanimation speed, sound, skin",
    "$XDG_DATA_HOME/tessera/mods/\tmods: folders with scripts/NAME.lua and levels/GAME/FILE",
    "$XDG_DATA_HOME/tessera/skins/\tskins: folders with skin.lua and a picture",
    NULL
};

static const char *const exit_items[] = {
    "0\tsuccess: everything asked for succeeded (every level solved)",
    "1\tsome level was not solved, or a check found an unsolvable level",
    "2\tbad input: an unknown option, an unreadable file, a malformed level or script, or no "
    "display for a window",
    NULL
};

const cli_topic cli_topics[] = {
    { "ENVIRONMENT", environment_items },
    { "FILES", files_items },
    { "EXIT STATUS", exit_items },
    { NULL, NULL }
};

const cli_command *cli_find_command(const char *name)
{
    for (const cli_command *c = cli_commands; c->name; c++)
        if (strcmp(c->name, name) == 0) return c;
    return NULL;
}

const cli_option *cli_find_option(const cli_command *c, const char *name)
{
    for (const cli_option *o = c->options; o->name; o++)
        if (strcmp(o->name, name) == 0) return o;
    for (const cli_option *o = cli_global_options; o->name; o++)
        if (strcmp(o->name, name) == 0) return o;
    return NULL;
}

/* Edit distance of two short strings (insertions, deletions, substitutions). */
const char *cli_suggest_option(const cli_command *c, const char *name)
{
    spell sp = spell_start(name);
    const cli_option *lists[2] = { c ? c->options : no_options, cli_global_options };
    for (int l = 0; l < 2; l++)
        for (const cli_option *o = lists[l]; o->name; o++) spell_offer(&sp, o->name);
    return sp.best;
}

void cli_print_synopsis(FILE *f, const cli_command *c)
{
    enum { WIDTH = 78, INDENT = 8 };
    int col = fprintf(f, "tessera%s%s", c->name[0] ? " " : "", c->name);
    if (c->args[0]) col += fprintf(f, " %s", c->args);
    for (const cli_option *o = c->options; o->name; o++) {
        char part[96];
        int n = o->value ? snprintf(part, sizeof part, "[%s %s]", o->name, o->value)
                         : snprintf(part, sizeof part, "[%s]", o->name);
        if (col + 1 + n > WIDTH) col = fprintf(f, "\n%*s", INDENT, "") - 1;
        else col += fprintf(f, " ");
        col += fprintf(f, "%s", part);
    }
}

const char *cli_suggest_command(const char *name)
{
    spell sp = spell_start(name);
    for (const cli_command *c = cli_commands; c->name; c++)
        if (c->name[0]) spell_offer(&sp, c->name);
    return sp.best;
}

/* Prints text wrapped to width columns, each line starting with indent spaces. */
static void print_wrapped(FILE *f, const char *text, int indent, int width)
{
    const char *p = text;
    while (*p) {
        if (*p == '\n') {        /* a paragraph break */
            fputc('\n', f);
            p++;
            continue;
        }
        fprintf(f, "%*s", indent, "");
        int col = indent;
        while (*p && *p != '\n') {
            const char *w = p;
            while (*p && *p != ' ' && *p != '\n') p++;
            int len = (int)(p - w);
            if (col > indent && col + 1 + len > width) {
                fprintf(f, "\n%*s", indent, "");
                col = indent;
            } else if (col > indent) {
                fputc(' ', f);
                col++;
            }
            fwrite(w, 1, (size_t)len, f);
            col += len;
            while (*p == ' ') p++;
        }
        fputc('\n', f);
        if (*p == '\n') p++;
    }
}

void cli_print_usage(FILE *f)
{
    fprintf(f, "usage: tessera [COMMAND] [ARGS] [--mods DIR]\n\nTessera: %s.\n\n", cli_program_summary);
    for (const cli_command *c = cli_commands; c->name; c++) {
        char left[64];
        snprintf(left, sizeof left, "tessera%s%s%s%s", c->name[0] ? " " : "", c->name,
                 c->args[0] ? " " : "", c->args);
        fprintf(f, "  %-36s %s\n", left, c->summary);
    }
    fputs("\nOptions for every command:\n", f);
    for (const cli_option *o = cli_global_options; o->name; o++) {
        fprintf(f, "  %s%s%s\n", o->name, o->value ? " " : "", o->value ? o->value : "");
        print_wrapped(f, o->help, 6, 78);
    }
    fputs("\n'tessera help COMMAND' (or 'tessera COMMAND --help') tells more of each; 'man tessera'\n"
          "has it all. Exit status: 0 success, 1 some level not solved, 2 bad input.\n", f);
}

void cli_print_command_help(FILE *f, const cli_command *c)
{
    fputs("usage: ", f);
    cli_print_synopsis(f, c);
    fprintf(f, "\n\n%c%s.\n\n", toupper((unsigned char)c->summary[0]), c->summary + 1);
    print_wrapped(f, c->description, 2, 78);
    if (c->options[0].name) {
        fputs("\nOptions:\n", f);
        for (const cli_option *o = c->options; o->name; o++) {
            char left[64];
            snprintf(left, sizeof left, "%s%s%s", o->name, o->value ? " " : "", o->value ? o->value : "");
            fprintf(f, "  %s\n", left);
            print_wrapped(f, o->help, 6, 78);
        }
    }
    fputs("\nEvery command also takes --mods DIR (see 'tessera --help').\n", f);
}
