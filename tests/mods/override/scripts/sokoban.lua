-- sokoban.lua (test mod): replaces the bundled Sokoban by extending it (the search skips
-- this file, so "sokoban" here is the next one on the path: the bundled game).
return tessera.extend("sokoban", {
  name = "Sokoban (modded)",
  description = "The classic, from a mod",
})
