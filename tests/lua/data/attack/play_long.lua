-- level:play of 30 million moves: the undo history they would log does not fit the pool.
local lv = assert(tessera.parse("sokoban", "#####\n#@  #\n#####\n"))
lv:play(("rl"):rep(15e6))
