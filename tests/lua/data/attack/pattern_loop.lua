-- a moderate backtracking match, repeated.
local s = ('a'):rep(18) while true do s:find(('a*'):rep(12) .. 'b') end
return loadfile("_common.lua")(select(2, ...)).game
