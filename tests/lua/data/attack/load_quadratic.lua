-- load() of one chunk that compiles in quadratic time (each elseif walks the jump list so far):
-- 150,000 branches took 31 s of CPU inside the one C call. The text is compiled in pieces, and
-- the call's time limit is looked at between them.
local f = load("local a if a then " .. ("elseif a then "):rep(150000) .. "end")
return loadfile("_common.lua")(select(2, ...)).game
