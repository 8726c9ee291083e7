-- ice.lua: Sokoban on ice. Whatever moves onto ice keeps sliding the same way until
-- something stops it: a wall, a box, the player, or a cell that is not ice. That holds for the
-- player and for a pushed box alike, so one push can send a box across a whole frozen floor.
--
-- Sliding is a tile flag (slippery), so the C engine does it; hints and the solver use the
-- generic search over these rules.

return tessera.extend("sokoban", {
  name = "Ice",
  description = "Sokoban on slippery ice: what moves keeps sliding",
  tiles = {
    ["~"] = { "ice", slippery = true },
    ["="] = { "box", "ice" },            -- a box standing on ice
    ["&"] = { "player", "ice" },         -- the player standing on ice
  },
  levels = "ice/ice.xsb",
  help = {
    "Push every box onto a goal.",
    "Ice (~) is slippery: you, and any box you push onto it,",
    "slide on until a wall, a box or plain floor stops the slide.",
    "A click walks only to cells where you can stop.",
  },
})
