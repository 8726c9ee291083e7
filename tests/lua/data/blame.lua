-- blame.lua: a test game whose on_move raises an error naming a line of another file its host
-- compiled (blame_helper.lua), as though it were raised there. The report must name blame.lua.
local helper = require "blame_helper"
local _, here = pcall(function() error("x") end)
local dir = here:match("^(.-)blame%.lua:%d+: x$")
return tessera.game {
  name = "Blame " .. helper.name,
  tiles = { ["#"] = { "wall", solid = true }, [" "] = { "floor" }, ["@"] = { "player", player = true } },
  on_move = function(level, move)
    error(dir .. "blame_helper.lua:2: attempt to index a nil value", 0)
  end,
}
