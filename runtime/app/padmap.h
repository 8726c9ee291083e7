/* padmap.h: gamepad buttons to the keys the game already understands, per screen, so a pad
 * does exactly what the keyboard does. Pure. */
#ifndef TESSERA_APP_PADMAP_H
#define TESSERA_APP_PADMAP_H

#include <stdbool.h>

/* The key that pad key name (window.h's "pad:a", "pad:dpup", ...) stands for on the play
 * screen (play true) or in a menu; NULL for a button with no job there. */
const char *padmap_key(const char *pad, bool play);
/* Whether name is a pad key the game knows ("pad:added"/"pad:removed" included). */
bool padmap_known(const char *pad);

#endif
