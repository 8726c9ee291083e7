-- crumble.lua: Sokoban on crumbling ground. Cracked floor gives way once you step off it and
-- leaves a hole; a box pushed into a hole fills it, and the floor is whole again.

-- Where a step in each direction goes, to find the cell the player just left.
local steps = { up = { 0, -1 }, right = { 1, 0 }, down = { 0, 1 }, left = { -1, 0 } }

return tessera.extend("sokoban", {
  name = "Crumble",
  description = "Cracked floor gives way behind you",

  tiles = {
    [":"] = { "crack", sprite = "ice" },   -- a floor of its own, drawn with the ice picture
    ["^"] = { "hole", hole = true },       -- the engine knows holes: boxes fill them
  },

  levels = "crumble.xsb",                  -- beside this script

  -- After each move: if the player just left a cracked cell, it caves in.
  on_move = function(level, move)
    local step = steps[move.dir]
    if not step or not move.to then return end
    local x, y = level:xy(move.to)
    local left = level:cell(x - step[1], y - step[2])
    if left and level:floor(left) == "crack" then
      level:set_floor(left, "hole")
    end
  end,

  help = {
    "Push every box onto a goal.",
    "Cracked floor gives way once you step off it.",
    "Push a box into a hole to fill it.",
  },
})
