-- doors.lua: Sokoban with keys and doors. Walking onto a key picks it up; a closed door lets
-- through only a player who carries a key, and opens for good, using the key up. Boxes never
-- pass a closed door. How many keys you carry is a variable of the level, so undo, restart
-- and replays count them right.
--
-- Built on Sokoban: the C engine still moves and pushes; can_move refuses a step into a
-- closed door before it is made, on_move picks keys up and opens doors after. The hooks react
-- only to keys and doors (reacts_to), so a level without either is solved by the push solver.

-- Fewest moves a position could still need: every box must be pushed to some goal, one cell
-- a push (the solver's guide; it never says more than the truth).
local function pushes_left(level)
  local goals, left = level:goals(), 0
  local w = level:size()
  for _, b in ipairs(level:boxes()) do
    local bx, by = (b - 1) % w, (b - 1) // w
    local best = math.huge
    for _, g in ipairs(goals) do
      local d = math.abs((g - 1) % w - bx) + math.abs((g - 1) // w - by)
      if d < best then best = d end
    end
    left = left + best
  end
  return left
end

return tessera.extend("sokoban", {
  name = "Doors",
  description = "Keys open doors, one each; then push the boxes home",

  tiles = {
    ["k"] = { "key" },        -- floors: a key lying there, a door still closed
    ["D"] = { "door" },
  },

  vars = { keys = 0 },                    -- the keys the player carries
  reacts_to = { "key", "door" },

  -- Before a move: a closed door stops boxes, and the player unless a key is at hand.
  can_move = function(level, move)
    if move.box_to and level:floor(move.box_to) == "door" then return false end
    if level:floor(move.to) == "door" then return level:var("keys") > 0 end
    return true
  end,

  -- After it: pick up the key underfoot, or open the door just entered.
  on_move = function(level, move)
    local here = level:floor(move.to)
    if here == "key" then
      level:set_floor(move.to, "floor")
      level:set_var("keys", level:var("keys") + 1)
    elseif here == "door" then
      level:set_floor(move.to, "floor")
      level:set_var("keys", level:var("keys") - 1)
    end
  end,

  -- The number of keys carried, on the player.
  labels = function(level)
    local n, p = level:var("keys"), level:player()
    if n > 0 and p then return { [p] = n } end
  end,

  heuristic = pushes_left,

  levels = "doors/doors.xsb",

  help = {
    "Push every box onto a goal.",
    "Walk onto a key to pick it up (the number on you counts your keys).",
    "A closed door opens for a player with a key, and uses it up.",
    "Boxes cannot pass a closed door. Choose which doors to open.",
  },
})
