-- unseen.lua (bad test mod): a tile the sprite sheet has no picture for.
return tessera.extend("sokoban", {
  name = "Unseen",
  tiles = {
    ["x"] = { "mystery_floor" },
  },
})
