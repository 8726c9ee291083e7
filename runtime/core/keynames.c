/* keynames.c: see keynames.h. */
#include "core/keynames.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The keys with a name of more than one character, besides f1-f12. */
static const char *const named[] = {
    "up", "down", "left", "right", "escape", "return", "space", "tab", "backspace",
    "pageup", "pagedown", "home", "end", "delete", "minus", "equals", "comma", "period",
    "slash", NULL
};

bool keyname_known(const char *k)
{
    if (!strncmp(k, "ctrl+shift+", 11)) k += 11;
    else if (!strncmp(k, "ctrl+", 5)) k += 5;
    if ((k[0] >= 'a' && k[0] <= 'z' && !k[1]) || (k[0] >= '0' && k[0] <= '9' && !k[1])) return true;
    if (k[0] == 'f' && k[1] >= '1' && k[1] <= '9') {
        int n = atoi(k + 1);
        return n >= 1 && n <= 12 && (k[2] == '\0' || (k[2] >= '0' && k[2] <= '2' && !k[3]));
    }
    for (int i = 0; named[i]; i++)
        if (!strcmp(k, named[i])) return true;
    return false;
}

const char *keyname_list(char *out, size_t size)
{
    size_t n = (size_t)snprintf(out, size, "a-z, 0-9, f1-f12");
    for (int i = 0; named[i] && n < size; i++) n += (size_t)snprintf(out + n, size - n, ", %s", named[i]);
    return out;
}
