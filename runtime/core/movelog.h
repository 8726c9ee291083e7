/* movelog.h: the LURD letters of the moves a player made, kept in step with the history so
 * undo, redo and restart are followed. History records hold changes, not letters (a click
 * that walks ten cells is one record), so the letters are logged beside them: the caller
 * notes each letter as it plays it and commits once the outermost action has finished. */
#ifndef TESSERA_CORE_MOVELOG_H
#define TESSERA_CORE_MOVELOG_H

#include <stddef.h>
#include <stdint.h>

#include "core/state.h"

typedef struct movelog {
    char *text;                 /* the letters of every record, the redo branch included */
    size_t len, cap;
    int32_t *end;               /* end[i]: length of text at the end of record i */
    int32_t cap_end;
    char *pending;              /* letters of the action under way */
    size_t npending, cap_pending;
} movelog;

void movelog_init(movelog *ml);
void movelog_free(movelog *ml);
/* Forgets everything (a new level, a cleared history). */
void movelog_reset(movelog *ml);
/* Notes one letter of the action under way: a move letter (upper case for a push) or a
 * player digit. Returns 0, or -1 out of memory. */
int movelog_note(movelog *ml, char c);
/* Ends an action that started when the history's pos was pos_before. If it committed a new
 * record, the pending letters become that record's (replacing any redo branch); otherwise
 * they are dropped. Does nothing while a history_begin is still open, so nested actions (a
 * walk made of moves) commit once, at the outside. */
void movelog_commit(movelog *ml, const state *s, int32_t pos_before);
/* The letters from the last restart up to the current history position, as a malloc'd
 * string (NULL out of memory). */
char *movelog_lurd(const movelog *ml, const state *s);

/* Reads text as a LURD solution for the topology: whitespace is skipped, every other
 * character must be a move letter (either case) or, when digits is true, a player digit
 * 1-9. Returns a malloc'd string of the letters, or NULL when text is not such a solution
 * or holds no letter at all. */
char *lurd_from_text(const char *text, topology topo, int digits);

#endif
