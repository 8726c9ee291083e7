-- bad_same_key.lua: one key listed by two actions makes only the first (by name).
return tessera.game {
  name = "Same key",
  rules = "actions",
  tiles = { ["O"] = { "lit" }, ["."] = { "dark" } },
  actions = {
    clear = { keys = { "e" } },
    erase = { keys = { "q", "e" } },
  },
  act = function(level, a) end,
  solved = function(level) return level:count("lit") == 0 end,
}
