-- bad_solved.lua: an unknown built-in solved rule.
return tessera.game {
  name = "Solved",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["@"] = { "player", player = true },
  },
  solved = "all boxes home",
}
