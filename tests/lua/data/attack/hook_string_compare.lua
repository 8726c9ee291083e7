-- two equal 8 MB strings compared again and again: one VM instruction each time.
-- In an on_move hook: each move's hook may take about half a second of CPU (HOST_HOOK_SECONDS),
-- however the time is spent.
return tessera.game {
  name = "Hook attack",
  tiles = { ["#"] = { "wall", solid = true }, [" "] = { "floor" }, ["@"] = { "player", player = true } },
  on_move = function(level, move)
    local a, b = ('x'):rep(8e6), ('x'):rep(8e6 - 1) .. 'x'
    local n = 0
    while true do if a == b then n = n + 1 end end
  end,
}
