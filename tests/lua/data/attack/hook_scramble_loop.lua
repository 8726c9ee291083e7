-- tessera.scramble of 200 x 200 boards in a loop (each starts a game's Lua state).
-- In an on_move hook: each move's hook may take about half a second of CPU (HOST_HOOK_SECONDS),
-- however the time is spent.
return tessera.game {
  name = "Hook attack",
  tiles = { ["#"] = { "wall", solid = true }, [" "] = { "floor" }, ["@"] = { "player", player = true } },
  on_move = function(level, move)
    local keep = {}
    for i = 1, 1e6 do keep[i] = tessera.scramble("fifteen", 200, 200, i) end
  end,
}
