-- A game with one floor tile per character reading a secret file as its level: a parse error
-- would print the file's characters. The file is never read.
local c = loadfile("_common.lua")(select(2, ...))
local lv, msg = tessera.load(c.dir .. "/glyph_game.lua", c.secret)
assert(not lv, "the secret was read as a level")
error(msg, 0)
