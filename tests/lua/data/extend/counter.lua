-- counter.lua: a hook that chains to the base's hook; the base is a path relative to this file.
local base = tessera.import("../doors.lua")
return tessera.extend(base, {
  name = "Trail of doors",
  tiles = { ["t"] = { "trail" } },
  on_move = function(level, move)
    base.on_move(level, move)               -- the doors open as before
    level:set_floor(move.to, "trail")       -- and the player leaves a trail
  end,
})
