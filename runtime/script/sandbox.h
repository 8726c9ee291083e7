/* sandbox.h: the pieces of the sandbox's libraries (sandbox_lib.c opens them all). */
#ifndef TESSERA_SCRIPT_SANDBOX_H
#define TESSERA_SCRIPT_SANDBOX_H

#include <lua.h>

/* io.open and io.lines in the io table on top of the stack; the methods of files;
 * loadfile, dofile and require as globals (sandbox_files.c). */
void sandbox_open_files(lua_State *L);
/* setmetatable, getmetatable and rawset as globals (sandbox_meta.c). */
void sandbox_open_meta(lua_State *L);

#endif
