-- A chunk named like a file outside ("@/path"): tessera.game reads its caller's source to
-- place errors; a chunk cannot make it read another file.
local c = loadfile("_common.lua")(select(2, ...))
local f = assert(load("return tessera.game { name = 42 }", "@" .. c.secret))
return f()
