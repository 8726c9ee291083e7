/* keynames.h: the names of keys as the window writes them (frontend/window.c), one table for
 * every place that reads a key name: --keys, and the keys = { ... } of a game's actions. */
#ifndef TESSERA_CORE_KEYNAMES_H
#define TESSERA_CORE_KEYNAMES_H

#include <stdbool.h>
#include <stddef.h>

/* Whether k names a key: a letter a-z, a digit, f1-f12 or one of the named keys (space,
 * return, ...), alone or after ctrl+ or ctrl+shift+. */
bool keyname_known(const char *k);

/* The names keyname_known accepts, for messages: "a-z, 0-9, f1-f12, up, down, ...". */
const char *keyname_list(char *out, size_t size);

#endif
