-- pcall catching the limit, again and again.
-- In an on_move hook, which runs without the count hook (a quick call: host.h): the CPU-time
-- timer alone must stop it, within about half a second of CPU (HOST_HOOK_SECONDS) each move.
return tessera.game {
  name = "Hook attack",
  tiles = { ["#"] = { "wall", solid = true }, [" "] = { "floor" }, ["@"] = { "player", player = true } },
  on_move = function(level, move)
    while true do pcall(function() while true do end end) end
  end,
}
