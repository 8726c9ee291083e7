-- rotate.lua: a test game of numbered pieces moved by the game's own action: a click turns the
-- 2x2 block whose top-left cell it names a quarter turn clockwise. Boards are read like the
-- sliding puzzles' (a numbered tile makes an action game read them); 0 is the last piece.
return tessera.game {
  name = "Rotate",
  rules = "actions",
  tiles = { [" "] = { "floor" }, { "tile", numbered = true } },
  actions = { turn = { click = true } },
  act = function(level, action)
    local w, h = level:size()
    if action.x >= w or action.y >= h then return false end
    local a, b = action.cell, action.cell + 1
    local d, c = a + w, a + w + 1
    local na, nb, nc, nd = level:number(a), level:number(b), level:number(c), level:number(d)
    level:set_number(b, na)
    level:set_number(c, nb)
    level:set_number(d, nc)
    level:set_number(a, nd)
  end,
  solved = "tiles in order",
}
