-- builds on a game outside the folders this one may read (tests/tutorial)
return tessera.extend("../../tutorial/pegs.lua", { name = "Outside" })
