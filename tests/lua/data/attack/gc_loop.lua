-- full collections of a full heap, in a loop.
local keep = {} for i = 1, 2e5 do keep[i] = { i } end while true do collectgarbage() end
return loadfile("_common.lua")(select(2, ...)).game
