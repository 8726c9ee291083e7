-- tessera.game looks for the line of each tile, action and variable in the text of the chunk
-- that called it; here a load()ed chunk whose name (its "text") is 4 MB without those keys,
-- and a glyph table built in a loop: each of its 200 glyphs scanned all of it, in one C call.
local T = {
  ["#"] = { "wall", solid = true }, [" "] = { "floor" }, ["@"] = { "player", player = true },
  ["$"] = { "box", pushable = true }, ["."] = { "goal", goal = true },
}
local glyphs = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!\"%&'()*+,-/:;<=>?[]^_`{}~"
for i = 1, #glyphs do T[glyphs:sub(i, i)] = { "t" .. i } end
for b = 128, 255 do T[string.char(b)] = { "u" .. b } end
local define = load("local T = ... return tessera.game { name = 'x', tiles = T }", ("y"):rep(4000000))
define(T)
return loadfile("_common.lua")(select(2, ...)).game
