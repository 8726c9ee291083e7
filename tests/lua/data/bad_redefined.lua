-- bad_redefined.lua: one tile defined twice with different flags.
return tessera.game {
  name = "Redefined",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["@"] = { "player", player = true },
    ["W"] = { "wall", solid = true, slippery = true },
  },
}
