-- table.sort of 100 000 numbers again and again, with and without a comparator.
-- In an on_move hook: each move's hook may take about half a second of CPU (HOST_HOOK_SECONDS),
-- however the time is spent.
return tessera.game {
  name = "Hook attack",
  tiles = { ["#"] = { "wall", solid = true }, [" "] = { "floor" }, ["@"] = { "player", player = true } },
  on_move = function(level, move)
    local t = {}
    for i = 1, 100000 do t[i] = (i * 7919) % 1000003 end
    while true do table.sort(t); table.sort(t, function(a, b) return a > b end) end
  end,
}
