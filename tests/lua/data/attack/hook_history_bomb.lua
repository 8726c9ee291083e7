-- An on_move that moves an object back and forth without end: each move_object is two
-- entries of the undo history, C memory that the memory cap counts like the script's own.
return tessera.game {
  name = "History bomb",
  tiles = { ["#"] = { "wall", solid = true }, [" "] = { "floor" }, ["@"] = { "player", player = true },
            ["$"] = { "box", pushable = true }, ["."] = { "goal", goal = true } },
  on_move = function(level, move)
    local b = level:boxes()[1]
    local a, c = b, b + 1
    while true do level:move_object(a, c); a, c = c, a end
  end,
}
