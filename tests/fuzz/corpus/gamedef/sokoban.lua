-- sokoban.lua: classic Sokoban. Push every box onto a goal; boxes cannot be pulled.
--
-- The tiles table maps each character of a level file to tiles. An entry with one name and
-- flags defines a tile; two names put an object on a floor. The C engine does the moving:
-- this file only says what the tiles are.

return tessera.game {
  name = "Sokoban",
  description = "Push every box onto a goal",
  topology = "square",
  rules = "push",

  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["-"] = { "floor" },                -- '-' and '_' also mean floor in XSB files
    ["_"] = { "floor" },
    ["."] = { "goal", goal = true },
    ["$"] = { "box", pushable = true },
    ["@"] = { "player", player = true },
    ["*"] = { "box", "goal" },          -- a box standing on a goal
    ["+"] = { "player", "goal" },       -- the player standing on a goal
    { "void", void = true },            -- outside the walls: no glyph, the loader fills it in
  },

  -- Levels written as comma-separated numbers (.csv), as in the Unity tutorial:
  -- -1 outside, 0 goal, 1 floor, 2 hero, 3 ball, -2 hero on goal, -3 ball on goal.
  numeric = {
    [-1] = "void",
    [0]  = "goal",
    [1]  = "floor",
    [2]  = "player",
    [3]  = "box",
    [-2] = { "player", "goal" },
    [-3] = { "box", "goal" },
  },

  levels = "sokoban/tessera.xsb",
  solved = "boxes on goals",

  help = {
    "Push every box onto a goal.",
    "Arrow keys walk; walking into a box pushes it.",
    "You cannot pull a box, and you cannot push two at once.",
    "Click a box next to you to push it.",
  },
}
