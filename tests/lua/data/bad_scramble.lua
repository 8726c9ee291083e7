-- bad_scramble.lua: a sliding test game whose scramble breaks the rules.
return tessera.game {
  name = "Bad scramble",
  rules = "sliding",
  tiles = {
    [" "] = { "floor" },
    { "tile", numbered = true },
  },
  scramble = function(w, h)
    local board = tessera.sliding.goal(w, h)
    board[1], board[2] = board[2], board[1]   -- one swap: never solvable
    return board
  end,
}
