-- bad_two_floors.lua: a glyph puts a floor on a floor.
return tessera.game {
  name = "Two floors",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["."] = { "goal", goal = true },
    ["@"] = { "player", player = true },
    ["%"] = { "wall", "goal" },
  },
}
