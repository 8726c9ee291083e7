-- bad_long_glyph.lua: a glyph is one character; the error is at the entry's own line.
return tessera.game {
  name = "Long glyph",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["@"] = { "player", player = true },
    ["oo"] = { "box", pushable = true },
  },
}
