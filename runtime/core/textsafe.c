/* textsafe.c: visible escapes for control characters and broken UTF-8 (see textsafe.h). */
#include "core/textsafe.h"

#include <string.h>

int textsafe_utf8(const char *s, size_t len, unsigned *cp)
{
    const unsigned char *u = (const unsigned char *)s;
    if (len == 0) return 0;
    unsigned c = u[0];
    int n;
    unsigned min;
    if (c < 0x80) {
        *cp = c;
        return 1;
    } else if (c >= 0xC2 && c <= 0xDF) {
        n = 2, min = 0x80, c &= 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3, min = 0x800, c &= 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4, min = 0x10000, c &= 0x07;
    } else {
        return 0;
    }
    if ((size_t)n > len) return 0;
    for (int i = 1; i < n; i++) {
        if ((u[i] & 0xC0) != 0x80) return 0;
        c = c << 6 | (u[i] & 0x3F);
    }
    if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return 0;
    *cp = c;
    return n;
}

static bool hidden(unsigned cp)
{
    return (cp >= 0x80 && cp <= 0x9F) || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

/* The escape for what starts at s (at most len bytes) into esc, or "" when it is shown as it
 * is; *used gets the bytes it covers. */
static void escape_one(const char *s, size_t len, unsigned flags, char esc[16], size_t *used)
{
    static const char hex[] = "0123456789abcdef";
    unsigned char c = (unsigned char)s[0];
    unsigned cp;
    int n = textsafe_utf8(s, len, &cp);
    esc[0] = '\0';
    *used = n > 0 ? (size_t)n : 1;
    if (n == 0) {
        esc[0] = '\\', esc[1] = 'x', esc[2] = hex[c >> 4], esc[3] = hex[c & 15], esc[4] = '\0';
        return;
    }
    if (n == 1) {
        if (c >= 0x20 && c != 0x7F) return;
        if ((c == '\n' || c == '\t') && (flags & TEXTSAFE_LINES)) return;
        const char *named = c == '\n' ? "\\n" : c == '\t' ? "\\t" : c == '\r' ? "\\r" : c == 0 ? "\\0"
                          : c == 0x1B ? "\\e" : NULL;
        if (named) {
            strcpy(esc, named);
            return;
        }
        esc[0] = '\\', esc[1] = 'x', esc[2] = hex[c >> 4], esc[3] = hex[c & 15], esc[4] = '\0';
        return;
    }
    if (!hidden(cp)) return;
    esc[0] = '\\', esc[1] = 'u', esc[2] = '{';
    esc[3] = hex[(cp >> 12) & 15], esc[4] = hex[(cp >> 8) & 15], esc[5] = hex[(cp >> 4) & 15], esc[6] = hex[cp & 15];
    esc[7] = '}', esc[8] = '\0';
}

size_t textsafe_escape(char *out, size_t size, const char *s, size_t len, unsigned flags)
{
    size_t need = 0, n = 0;
    bool full = size == 0;
    for (size_t i = 0; i < len;) {
        char esc[16];
        size_t used;
        escape_one(s + i, len - i, flags, esc, &used);
        const char *piece = esc[0] ? esc : s + i;
        size_t plen = esc[0] ? strlen(esc) : used;
        need += plen;
        if (!full && n + plen < size) {
            memcpy(out + n, piece, plen);
            n += plen;
        } else {
            full = true;
        }
        i += used;
    }
    if (size) out[n] = '\0';
    return need;
}

void textsafe_fix(char *buf, size_t size, unsigned flags)
{
    size_t len = strlen(buf);
    if (textsafe_clean(buf, len, flags)) return;
    char copy[4096];
    if (len >= sizeof copy) len = sizeof copy - 1;
    memcpy(copy, buf, len);
    textsafe_escape(buf, size, copy, len, flags);
}

/* The index of the first thing from `from` on that needs an escape (its escape in esc, the
 * bytes it covers in *used), or len when there is none. */
static size_t next_escape(const char *s, size_t len, size_t from, unsigned flags, char esc[16], size_t *used)
{
    for (size_t i = from; i < len;) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7F) {
            i++;
            continue;
        }
        escape_one(s + i, len - i, flags, esc, used);
        if (esc[0]) return i;
        i += *used;
    }
    return len;
}

bool textsafe_clean(const char *s, size_t len, unsigned flags)
{
    char esc[16];
    size_t used;
    return next_escape(s, len, 0, flags, esc, &used) == len;
}

void textsafe_write(FILE *f, const char *s, size_t len, unsigned flags)
{
    char esc[16];
    size_t used;
    for (size_t start = 0; start < len;) {
        size_t at = next_escape(s, len, start, flags, esc, &used);
        fwrite(s + start, 1, at - start, f);
        if (at == len) break;
        fputs(esc, f);
        start = at + used;
    }
}
