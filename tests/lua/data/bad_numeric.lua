-- bad_numeric.lua: the numeric legend names a tile that does not exist.
return tessera.game {
  name = "Numeric",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["@"] = { "player", player = true },
  },
  numeric = {
    [0] = "floor",
    [1] = "wall",
    [2] = { "player", "goal" },
  },
}
