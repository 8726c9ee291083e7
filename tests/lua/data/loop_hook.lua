-- loop_hook.lua: a test game whose on_move hook never returns.
return tessera.game {
  name = "Loop in a hook",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["@"] = { "player", player = true }, ["$"] = { "box", pushable = true }, ["."] = { "goal", goal = true },
  },
  on_move = function(level, move)
    local n = 0
    while true do
      n = n + 1
    end
  end,
}
