-- tessera.load of a game script outside the sandbox.
local c = loadfile("_common.lua")(select(2, ...))
local lv, msg = tessera.load(c.outside .. "/outside.lua")
assert(not lv, "an outside game was loaded")
error(msg, 0)
