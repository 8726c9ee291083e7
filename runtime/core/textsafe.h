/* textsafe.h: text that came from files or scripts (titles, messages, names, what a mod
 * prints), made safe to show. Control characters, bytes that are not UTF-8, C1 controls
 * (U+0080..U+009F, which some terminals obey like ESC [) and the bidirectional overrides
 * (U+202A..U+202E, U+2066..U+2069, which reorder what is shown) are written as visible escapes,
 * so such text cannot clear the terminal, move its cursor, retitle its window or hide what
 * follows, and every output stays valid UTF-8. A NUL inside the text is shown as \0 and does
 * not end it. */
#ifndef TESSERA_CORE_TEXTSAFE_H
#define TESSERA_CORE_TEXTSAFE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Keep '\n' and '\t' as they are (multi-line messages, tracebacks). */
#define TEXTSAFE_LINES 1u

/* Writes the safe form of s (len bytes) into out (size bytes, NUL-terminated, cut to fit at
 * a character boundary); returns the length the whole safe form needs. Escapes: \n \t \r \0
 * \e as such, other bytes as \xHH, the code points above as \u{HHHH}. */
size_t textsafe_escape(char *out, size_t size, const char *s, size_t len, unsigned flags);
/* The same, in place over a NUL-terminated buffer of size bytes (cut to fit). */
void textsafe_fix(char *buf, size_t size, unsigned flags);
/* Writes s (len bytes) in its safe form to f. */
void textsafe_write(FILE *f, const char *s, size_t len, unsigned flags);
/* Whether s (len bytes) needs no escape at all. */
bool textsafe_clean(const char *s, size_t len, unsigned flags);

/* The length (1..4) of the well-formed UTF-8 character at s (at most len bytes), its code
 * point in *cp; 0 when the bytes there are not UTF-8 (overlong forms and surrogates
 * included). */
int textsafe_utf8(const char *s, size_t len, unsigned *cp);

#endif
