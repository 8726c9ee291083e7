-- pull.lua: reverse Sokoban. The player cannot push; walking away from a box that stands right
-- behind pulls it along one cell. Every step away from a box pulls it, so think before you
-- turn your back on one. A box in a corner is not lost here, but a box against a wall can
-- only be pulled along that wall or away from it.

return tessera.extend("sokoban", {
  name = "Pull",
  description = "Reverse Sokoban: pull the boxes onto the goals",
  pull = true,
  levels = "pull/pull.xsb",
  help = {
    "Pull every box onto a goal: you cannot push.",
    "Stepping away from a box right behind you pulls it along.",
    "Walk sideways past a box to leave it where it is.",
    "Click a box next to you to step back and pull it.",
  },
})
