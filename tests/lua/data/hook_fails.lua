-- hook_fails.lua: a test game whose on_move hook fails on every move (its levels have boxes and
-- goals, so they are played: check must report the failure, not call them "ok").
return tessera.extend("sokoban", {
  name = "Hook fails",
  on_move = function(level, move)
    error("no move is allowed to succeed")
  end,
})
