-- bad_field.lua: a misspelt hook name.
return tessera.game {
  name = "Bad field",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["@"] = { "player", player = true },
  },
  on_moves = function(level, move) end,
}
