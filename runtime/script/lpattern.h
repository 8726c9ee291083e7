/* lpattern.h: string.find, string.match, string.gmatch and string.gsub for the sandbox, on a
 * matcher of our own that counts its steps against the budget (budget.h). Lua patterns can
 * backtrack for a time that grows exponentially with their length
 * (('a'):rep(25):find(('a*'):rep(25) .. 'b')), and the library's matcher runs as one
 * uncounted call; this one charges every step, so such a search stops with "script ran too
 * long" like any loop. Same patterns, same results, same error messages as Lua 5.4's. */
#ifndef TESSERA_SCRIPT_LPATTERN_H
#define TESSERA_SCRIPT_LPATTERN_H

#include <lua.h>

/* Sets find, match, gmatch and gsub in the string table on top of the stack. */
void lpattern_open(lua_State *L);

#endif
