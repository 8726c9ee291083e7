-- bad_two_dirs.lua: two actions both taking directions: the arrows make only the first (by
-- name), so the second could never be made at the keyboard.
return tessera.game {
  name = "Two dirs",
  rules = "actions",
  tiles = { ["O"] = { "lit" }, ["."] = { "dark" } },
  actions = {
    slide = { dirs = true },
    turn = { click = true,
             dirs = true },
  },
  act = function(level, a) end,
  solved = function(level) return level:count("lit") == 0 end,
}
