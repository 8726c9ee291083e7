-- typo.lua (bad test mod): a misspelt flag in a derived game.
return tessera.extend("sokoban", {
  name = "Typo",
  tiles = {
    ["~"] = { "ice", slipery = true },
  },
})
