-- bad_unknown_tile.lua: a glyph combines a tile nobody defined.
return tessera.game {
  name = "Unknown tile",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["."] = { "goal", goal = true },
    ["$"] = { "box", pushable = true },
    ["@"] = { "player", player = true },
    ["*"] = { "box", "gaol" },
  },
}
