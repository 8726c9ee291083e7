-- doors.lua: a test game with a rule the C solvers cannot see: stepping on a button opens
-- every door. Only the generic search, which runs this hook, can solve its levels.
return tessera.game {
  name = "Doors",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["."] = { "goal", goal = true },
    ["$"] = { "box", pushable = true },
    ["@"] = { "player", player = true },
    ["*"] = { "box", "goal" },
    ["D"] = { "door", solid = true },
    ["b"] = { "button" },
  },
  on_move = function(level, move)
    if level:floor(move.to) ~= "button" then return end
    local w, h = level:size()
    for c = 1, w * h do
      if level:floor(c) == "door" then level:set_floor(c, "floor") end
    end
  end,
}
