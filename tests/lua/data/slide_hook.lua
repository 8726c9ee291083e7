-- slide_hook.lua: a test sliding game with an on_move hook, so that level:play on its levels
-- takes the hooked path; the hook refuses moves of the blank upward, to show that it ran.
return tessera.game {
  name = "Slide hook",
  rules = "sliding",
  tiles = {
    [" "] = { "floor" },
    { "tile", numbered = true },
  },
  on_move = function(level, move)
    if move.dir == "up" then error("no slides up") end
  end,
}
