-- exponential backtracking in one pattern match.
local result = ('a'):rep(25):find(('a*'):rep(25) .. 'b')
return loadfile("_common.lua")(select(2, ...)).game
