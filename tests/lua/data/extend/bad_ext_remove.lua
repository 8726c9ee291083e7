-- bad_ext_remove.lua: removing a tile the base's other glyphs still use.
return tessera.extend("sokoban", {
  name = "No boxes",
  tiles = {
    ["$"] = false,
    ["#"] = { "wall", solid = true, sprite = "wall" },
  },
  tiles_extra = 1,
})
