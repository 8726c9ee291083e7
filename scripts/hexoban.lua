-- hexoban.lua: Sokoban on hexagons. Six ways to walk and push instead of four; boxes still
-- cannot be pulled, and one push moves one box.
--
-- The grid is pointy-top hexagons in rows, odd rows shifted right by half a cell. Level files
-- use the Hexoban (.hsb) layout: each cell is written in every other column, the shifted rows
-- one column further right, so the text looks like the board (see levels/README.md). The C
-- engine and the push solver work from the grid's neighbour table, so nothing here is new
-- code: only the topology differs from sokoban.lua.

return tessera.game {
  name = "Hexoban",
  description = "Sokoban on a hexagonal grid: six directions",
  topology = "hex",
  rules = "push",

  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["-"] = { "floor" },
    ["_"] = { "floor" },
    ["."] = { "goal", goal = true },
    ["$"] = { "box", pushable = true },
    ["@"] = { "player", player = true },
    ["*"] = { "box", "goal" },
    ["+"] = { "player", "goal" },
    { "void", void = true },
  },

  levels = "hexoban/hexoban.hsb",
  solved = "boxes on goals",

  help = {
    "Push every box onto a goal, on hexagons: six directions.",
    "7 9: north-west / north-east   4 6 or Left Right: west / east",
    "1 3: south-west / south-east (number row or keypad)",
    "Up / Down: straight up or down the column, zig-zagging",
    "Click a cell to walk there; click a box next to you to push it.",
  },
}
