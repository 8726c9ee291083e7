-- tessera.extend of a game outside the sandbox.
local c = loadfile("_common.lua")(select(2, ...))
return tessera.extend(c.outside_here .. "/outside.lua", { name = "stolen" })
