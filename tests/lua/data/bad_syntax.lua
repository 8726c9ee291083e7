-- bad_syntax.lua: not even Lua.
return tessera.game {
  name = "Syntax",
  tiles = {
    ["#"] = { "wall" solid = true },
  },
}
