-- A coroutine made by the first move's hook (which then loops forever itself) and resumed by
-- the next, where it loops forever under pcall. It was made in a call without the count hook
-- (a quick call: host.h), so it has none of its own: the CPU-time timer must reach it in the
-- call that resumes it.
local co
return tessera.game {
  name = "Hook attack",
  tiles = { ["#"] = { "wall", solid = true }, [" "] = { "floor" }, ["@"] = { "player", player = true } },
  on_move = function(level, move)
    if not co then
      co = coroutine.create(function()
        coroutine.yield()
        while true do pcall(function() while true do end end) end
      end)
      coroutine.resume(co)
      while true do end
    end
    coroutine.resume(co)
    error("the kept coroutine returned")
  end,
}
