-- deep_hook.lua: a test game whose on_move hook recurses without end.
return tessera.game {
  name = "Deep hook",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["@"] = { "player", player = true },
  },
  on_move = function(level, move)
    local function f(n) return f(n + 1) + 1 end
    return f(1)
  end,
}
