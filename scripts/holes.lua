-- holes.lua: Sokoban with holes in the floor. The player cannot step into a hole; a box pushed
-- into one falls in and fills it, and both become plain floor. A level may hold one more box
-- than goals for each hole, so some boxes are there to make bridges.
--
-- Holes are a tile flag, so the C engine fills them; hints use the generic search.

return tessera.extend("sokoban", {
  name = "Holes",
  description = "Fill the holes with boxes to make a way",
  tiles = {
    ["^"] = { "hole", hole = true },
  },
  levels = "holes/holes.xsb",
  solved = "every goal holds a box",     -- boxes in holes are gone: no goal may be left empty
  help = {
    "Push every box that is left onto a goal.",
    "You cannot walk into a hole (^); a box pushed into one fills it,",
    "and the filled hole is floor you can walk and push over.",
    "Choose which boxes become bridges: there are just enough.",
  },
})
