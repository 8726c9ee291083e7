-- bad_can_move.lua: a test game whose can_move changes the level (it may only look).
return tessera.extend("sokoban", {
  name = "Bad can_move",
  vars = { asked = 0 },
  can_move = function(level, move)
    level:set_var("asked", level:var("asked") + 1)
    return true
  end,
})
