/* run.h: `tessera run SCRIPT.lua [ARGS...]`: a Lua file run headless against the tessera API
 * (bots, batch jobs, the Lua tests). */
#ifndef TESSERA_SCRIPT_RUN_H
#define TESSERA_SCRIPT_RUN_H

/* Runs the file at path in the sandbox of host.h, with these differences: print and io.write
 * go to stdout (io has read, write, stdin, stdout and stderr only), the memory cap is
 * RUN_MEMORY_LIMIT instead of the game scripts' 64 MiB, and there is no instruction limit
 * (the user started this script; games it loads with tessera.load keep their own limits).
 * The script sees `arg` (arg[0] = path, arg[1..argc] = argv[0..argc-1]) and the same
 * values as `...`. tessera.load finds game names in scripts_dir and default level files in
 * levels_dir (either may be NULL); require looks in the script's folder, then scripts_dir.
 *
 * Returns the exit status: 0 when the script ends (or returns an integer status: that one;
 * false: 1), 1 on an error while it runs, which is printed to stderr as "file:line: message"
 * followed by the traceback; 2 (bad input) when the script cannot be read or compiled. */
int script_run_file(const char *scripts_dir, const char *levels_dir, const char *path, int argc, char **argv);

#define RUN_MEMORY_LIMIT ((size_t)512 << 20)  /* with what it loads: RSS stays under about 600 MB */

#endif
