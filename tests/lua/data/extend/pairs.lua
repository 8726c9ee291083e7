-- pairs.lua: boxes may be pushed two at a time; the player may not stand on goals ('+' gone).
return tessera.extend("sokoban", {
  name = "Pairs test",
  chain = 2,
  tiles = { ["+"] = false },
})
