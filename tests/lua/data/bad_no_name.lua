-- bad_no_name.lua: the required name is missing.

return tessera.game {
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["@"] = { "player", player = true },
  },
}
