-- hook_error_values.lua: a test game whose on_move raises an error that carries no position
-- of its own, a different one for each direction: the host names the line it was raised at.
return tessera.game {
  name = "Errors without a position",
  tiles = { ["#"] = { "wall", solid = true }, [" "] = { "floor" }, ["@"] = { "player", player = true },
            ["$"] = { "box", pushable = true }, ["."] = { "goal", goal = true } },
  on_move = function(level, move)
    if move.dir == "right" then error(nil)
    elseif move.dir == "left" then error("plain text", 0)
    elseif move.dir == "up" then error(42)
    else error("/etc/passwd:1:1: a position in another file", 0) end
  end,
}
