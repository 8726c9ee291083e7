-- bad_key.lua: an action's key must be one the window can press (--keys calls it "space").
return tessera.game {
  name = "Bad key",
  rules = "actions",
  tiles = { ["O"] = { "lit" }, ["."] = { "dark" } },
  actions = {
    press = { click = true },
    clear = { keys = { "e", "spacebar" } },
  },
  act = function(level, a) end,
  solved = function(level) return level:count("lit") == 0 end,
}
