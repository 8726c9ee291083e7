-- act_grow_game.lua (for act_history.lua): an actions game whose act grows its level's undo
-- history as far as the memory cap lets it.
return tessera.game {
  name = "Act grows",
  rules = "actions",
  actions = { press = { click = true } },
  vars = { k = 0 },
  tiles = { ["O"] = { "on" }, ["."] = { "off", goal = true }, { "void", void = true } },
  solved = function(level) return false end,
  act = function(level, a)
    for i = 1, 250000 do
      if not pcall(level.set_var, level, "k", i % 2) then break end
    end
    return true
  end,
}
