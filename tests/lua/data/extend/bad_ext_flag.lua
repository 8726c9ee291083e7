-- bad_ext_flag.lua: a misspelt flag in the overrides.
return tessera.extend("sokoban", {
  name = "Bad ice",
  tiles = {
    ["~"] = { "ice", slipery = true },
  },
})
