-- solved_empty.lua: a test game whose solved function holds on a level with no boxes (the
-- levels it is given are solved at their start: an error, not a free solve).
return tessera.game {
  name = "Solved empty",
  tiles = { ["#"] = { "wall", solid = true }, [" "] = { "floor" }, ["@"] = { "player", player = true } },
  solved = function(level) return #level:boxes() == 0 end,
}
