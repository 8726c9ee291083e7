-- bad_colour.lua: a colour that is not in the palette.
return tessera.game {
  name = "Colour",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["@"] = { "player", player = true },
    ["r"] = { "red box", pushable = true,
              colour = "crimson" },
  },
}
