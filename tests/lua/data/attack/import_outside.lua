-- tessera.import of a Lua file outside the sandbox (it ran any file on the system).
local c = loadfile("_common.lua")(select(2, ...))
tessera.import(c.outside_here .. "/outside.lua")
return c.game
