-- a sort comparator that loops.
local t = {} for i = 1, 100 do t[i] = i end table.sort(t, function() while true do end end)
return loadfile("_common.lua")(select(2, ...)).game
