-- A bracket set of 25 MB: each test of one subject byte scans the whole set. It was one matcher
-- step (18 s of CPU for one find); the set's bytes are charged like any bytes scanned.
local pat = "[" .. ("a"):rep(25e6) .. "z]*y"
string.find(("z"):rep(1000), pat)
return loadfile("_common.lua")(select(2, ...)).game
