-- bad_topology.lua: no such topology.
return tessera.game {
  name = "Triangles",
  topology = "triangle",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["@"] = { "player", player = true },
  },
}
