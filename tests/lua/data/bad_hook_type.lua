-- bad_hook_type.lua: a hook that is not a function.
return tessera.game {
  name = "Hook type",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["@"] = { "player", player = true },
  },
  on_solved = "Well done!",
}
