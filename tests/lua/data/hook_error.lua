-- hook_error.lua: a test game whose on_move hook fails.
return tessera.game {
  name = "Hook error",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["@"] = { "player", player = true },
  },
  on_move = function(level, move)
    error("the hook failed on purpose")
  end,
}
