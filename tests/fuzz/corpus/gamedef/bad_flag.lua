-- bad_flag.lua: a misspelt flag.
return tessera.game {
  name = "Bad flag",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["$"] = { "box", pushabel = true },
    ["@"] = { "player", player = true },
  },
}
