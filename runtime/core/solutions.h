/* solutions.h: reading solution files: "N: LURD" lines (or bare LURD lines, taken in order). */
#ifndef TESSERA_CORE_SOLUTIONS_H
#define TESSERA_CORE_SOLUTIONS_H

#include <stddef.h>

#include "core/error.h"

typedef struct solution {
    int level;                  /* 1-based */
    int line;                   /* line in the file */
    char *moves;
} solution;

typedef struct solution_list {
    int count, cap;
    solution *v;
} solution_list;

/* Limits (documented in the README): a solution file of at most SOLUTIONS_FILE_MAX bytes, a
 * solution of at most SOLUTION_MAX_MOVES letters. Replaying a move keeps about 60 bytes of
 * undo history, so the longest solution replays in about 60 MB; longer ones are refused with
 * the line they start on. (The longest known Sokoban solutions are tens of thousands of moves.) */
#define SOLUTIONS_FILE_MAX ((size_t)16 << 20)
#define SOLUTION_MAX_MOVES 1000000

int solutions_parse(solution_list *out, const char *name, const char *text, size_t len, error *err);
int solutions_load(solution_list *out, const char *path, error *err);
const solution *solutions_find(const solution_list *l, int level); /* NULL if none */
void solutions_free(solution_list *l);

#endif
