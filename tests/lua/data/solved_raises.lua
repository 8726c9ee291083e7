-- solved_raises.lua: a test game whose solved function fails once a move is made.
return tessera.extend("sokoban", {
  name = "Solved raises",
  solved = function(level)
    if level:moves() > 0 then error("the rule broke") end
    return false
  end,
})
