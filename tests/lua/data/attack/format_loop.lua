-- string.format copying a big string, in a loop.
local s = ('x'):rep(1e6) while true do local t = string.format('%s%s', s, s) end
return loadfile("_common.lua")(select(2, ...)).game
