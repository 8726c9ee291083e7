-- comparing two equal 8 MB strings, one instruction each time (stopped by the time limit).
local a, b = ('x'):rep(8e6), ('x'):rep(8e6 - 1) .. 'x' local n = 0 while true do if a == b then n = n + 1 end end
return loadfile("_common.lua")(select(2, ...)).game
