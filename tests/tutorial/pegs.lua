-- pegs.lua: peg solitaire. Jump a peg over its neighbour into an empty hole: the peg jumped
-- over is taken off the board. Finish with a single peg.

return tessera.game {
  name = "Pegs",
  description = "Jump and take pegs until one is left",
  rules = "actions",                             -- the game's own actions move everything

  tiles = {
    ["."] = { "hole", sprite = "hole" },         -- an empty hole: the board's floor
    ["o"] = { "peg", player = true, sprite = "tile" },
    [" "] = { "void", void = true },             -- no hole here: boards take any shape
  },

  actions = {
    jump = { dirs = true, help = "the selected peg jumps over its neighbour" },
  },

  -- One jump. Returning false refuses it: nothing changes and no undo step is made.
  act = function(level, action)
    local over = level:neighbour(action.cell, action.dir)
    local to = over and level:neighbour(over, action.dir)
    if not to or level:object(over) ~= "peg" or level:floor(to) ~= "hole" or level:object(to) then
      return false
    end
    level:move_object(action.cell, to)           -- drawn in motion
    level:set_object(over, nil)                  -- taken off
  end,

  solved = function(level) return #level:players() == 1 end,

  -- Each jump takes one peg, so the pegs left, less one, is exactly the jumps to come.
  heuristic = function(level) return #level:players() - 1 end,

  levels = "pegs.txt",

  help = {
    "Jump a peg over its neighbour into an empty hole; the peg jumped over is taken.",
    "Finish with one peg. Click a peg (or Tab) to choose it, then an arrow key.",
  },
}
