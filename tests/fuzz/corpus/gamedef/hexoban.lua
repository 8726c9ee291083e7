-- hexoban.lua: a test game: Sokoban on hexagons (odd rows shifted right by half a cell).
return tessera.game {
  name = "Hexoban",
  topology = "hex",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["."] = { "goal", goal = true },
    ["$"] = { "box", pushable = true },
    ["@"] = { "player", player = true },
    ["*"] = { "box", "goal" },
    ["+"] = { "player", "goal" },
  },
}
