-- multiban.lua: Sokoban with several players on one level. Only one moves at a time: Tab
-- switches to the next, a click on a player selects it, and the one that moves stands on a
-- golden ring. Players block each other like walls; none can push another.
--
-- Several players are part of the engine's own rules, so the push solver answers hints;
-- in a solution a digit 1-9 selects the player (in reading order) that the letters move.

return tessera.extend("sokoban", {
  name = "Multiban",
  description = "Several players share the work",
  levels = "multiban/multiban.xsb",
  help = {
    "Push every box onto a goal, with several players.",
    "Tab: the next player moves. Click a player to choose it.",
    "The player that moves stands on a golden ring.",
    "Players cannot push or pass each other.",
  },
})
