-- strict_read.lua: a test game that names an undeclared global (a typo for a string).
return tessera.extend("sokoban", {
  name = Teleport,
})
