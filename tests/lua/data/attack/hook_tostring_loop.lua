-- error objects made without end, each with a looping __tostring (garbage: allocation is work).
-- In an on_move hook: each move's hook may take about half a second of CPU (HOST_HOOK_SECONDS),
-- however the time is spent.
return tessera.game {
  name = "Hook attack",
  tiles = { ["#"] = { "wall", solid = true }, [" "] = { "floor" }, ["@"] = { "player", player = true } },
  on_move = function(level, move)
    while true do pcall(error, setmetatable({}, { __tostring = function() while true do end end })) end
  end,
}
