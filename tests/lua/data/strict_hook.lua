-- strict_hook.lua: a test game whose hooks touch globals: one declared at the top (fine),
-- one assigned inside a hook (an error), one read that nobody declared (an error).
steps = 0                                   -- declared: assigned by the main chunk

return tessera.extend("sokoban", {
  name = "Strict hooks",
  on_move = function(level, move)
    steps = steps + 1                       -- a declared global may change
    if move.dir == "left" then
      total = steps                         -- never declared: an error here
    elseif move.dir == "up" then
      return undefined_helper(level)        -- never declared: an error here too
    end
  end,
})
