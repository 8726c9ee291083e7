-- bad_ext_numeric.lua: extends Sokoban with a player of its own name; the numeric legend it
-- takes over from Sokoban still names 'player' (numeric = false would drop it).
return tessera.extend("sokoban", {
  name = "Crew",
  tiles = {
    ["@"] = { "worker", player = true, sprite = "player" },
    ["+"] = false,
  },
})
