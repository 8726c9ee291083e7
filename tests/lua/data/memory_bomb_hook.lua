-- memory_bomb_hook.lua: a test game whose on_move hook tries to eat all memory on every move.
return tessera.game {
  name = "Memory bomb in a hook",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["@"] = { "player", player = true }, ["$"] = { "box", pushable = true }, ["."] = { "goal", goal = true },
  },
  on_move = function(level, move)
    local hoard, chunk = {}, string.rep("xxxxxxxx", 1 << 17)   -- a MiB, copied whole each step
    for i = 1, math.maxinteger do
      hoard[i] = chunk .. i
    end
  end,
}
