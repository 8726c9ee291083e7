-- two_glyphs.lua: a Sokoban with two player tiles of different glyphs ('@' and '&', '&' lower
-- in ASCII) for test_multiban.lua: player 1 is the first in reading order whatever its glyph.
return tessera.game {
  name = "Two glyphs",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["."] = { "goal", goal = true },
    ["$"] = { "box", pushable = true },
    ["*"] = { "box", "goal" },
    ["@"] = { "alpha", player = true, sprite = "player" },
    ["&"] = { "beta", player = true, sprite = "robot" },
  },
}
