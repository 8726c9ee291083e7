-- An on_move that changes a variable without end: each change is an entry of the undo history.
return tessera.game {
  name = "Variable bomb",
  tiles = { ["#"] = { "wall", solid = true }, [" "] = { "floor" }, ["@"] = { "player", player = true },
            ["$"] = { "box", pushable = true }, ["."] = { "goal", goal = true } },
  vars = { flip = false },
  on_move = function(level, move)
    while true do level:set_var("flip", not level:var("flip")) end
  end,
}
