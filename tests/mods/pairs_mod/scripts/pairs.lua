-- pairs.lua (test mod): Sokoban where one push may move two boxes in a row.
return tessera.extend("sokoban", {
  name = "Pairs",
  description = "Push two boxes at once",
  chain = 2,
  levels = "pairs/pairs.xsb",
  help = { "One push moves up to two boxes in a row." },
})
