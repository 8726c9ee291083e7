-- bad_size.lua: a board size that is not { width, height }.
return tessera.game {
  name = "Size",
  rules = "sliding",
  size = { 4 },
  tiles = {
    [" "] = { "floor" },
    { "tile", numbered = true },
  },
}
