/* errpos.h: the column of a Lua error message, found in its source file. */
#ifndef TESSERA_SCRIPT_ERRPOS_H
#define TESSERA_SCRIPT_ERRPOS_H

/* The 1-based column on line `line` of the file at path that the message points at: the token
 * it names ("near 'x'", "(global 'x')", "field 'x'"), the end of the line for "near <eof>",
 * else the line's first non-blank character. 0 when the file or line cannot be read. */
int errpos_column(const char *path, int line, const char *msg);

#endif
