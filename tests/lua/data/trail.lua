-- trail.lua: a test game with hooks: every move leaves a trail under the player, and the
-- level counts as solved once a level kept from an earlier call was refused as stale.
local previous                  -- the level of the previous on_move call, kept on purpose
local stale_refused = false

return tessera.game {
  name = "Trail",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["."] = { "goal", goal = true },
    ["$"] = { "box", pushable = true },
    ["@"] = { "player", player = true },
    ["*"] = { "box", "goal" },
    ["~"] = { "trail" },
  },
  on_move = function(level, move)
    if previous then
      local ok, err = pcall(previous.size, previous)
      stale_refused = not ok and err:find("no longer valid", 1, true) ~= nil
    end
    previous = level
    assert(move.dir == "up" or move.dir == "down" or move.dir == "left" or move.dir == "right")
    assert(type(move.pushed) == "boolean")
    level:set_floor(move.to, "trail")
  end,
  solved = function(level)
    return stale_refused
  end,
  on_solved = function(level)
    return "Trail done"
  end,
}
