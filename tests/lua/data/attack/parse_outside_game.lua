-- tessera.parse and tessera.scramble with a game script outside the sandbox.
local c = loadfile("_common.lua")(select(2, ...))
local lv, msg = tessera.parse(c.outside .. "/outside.lua", "###\n#@#\n###\n")
assert(not lv, "an outside game parsed a level")
local board, msg2 = tessera.scramble(c.outside .. "/outside.lua", 3, 3)
assert(not board and msg2:find("outside the folders scripts may read", 1, true), msg2)
error(msg, 0)
