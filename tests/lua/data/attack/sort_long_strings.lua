-- table.sort with no comparator of 5000 references to one 30 MB string: the library compares
-- the strings itself, each comparison scanning all 30 MB, out of reach of the instruction
-- count (90 s of CPU). Its strings' bytes are charged before it starts.
local s = ("x"):rep(30e6)
local t = {}
for i = 1, 5000 do t[i] = s end
table.sort(t)
return loadfile("_common.lua")(select(2, ...)).game
