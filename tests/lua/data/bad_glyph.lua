-- bad_glyph.lua: a digit cannot be a glyph (digits are run lengths in XSB).
return tessera.game {
  name = "Digit glyph",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["@"] = { "player", player = true },
    ["3"] = { "box", pushable = true },
  },
}
