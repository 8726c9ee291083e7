-- bad_ext_name.lua: a name key for a tile the base does not have.
return tessera.extend("sokoban", {
  name = "Crates",
  tiles = {
    crate = { colour = "red" },
  },
})
