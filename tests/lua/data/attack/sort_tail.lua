-- table.sort with no comparator, its long strings at the end: a cost that looked at the first
-- 65,536 elements only took 13 s of CPU for this. Every element is looked at now.
local t = {}
for i = 1, 65536 do t[i] = "a" end
local big = ("b"):rep(16 << 20)
for _ = 1, 2000 do t[#t + 1] = big end
table.sort(t)
return loadfile("_common.lua")(select(2, ...)).game
