-- ice.lua: Sokoban with slippery floor, built on the bundled game.
return tessera.extend("sokoban", {
  name = "Ice test",
  tiles = { ["~"] = { "ice", slippery = true } },
})
