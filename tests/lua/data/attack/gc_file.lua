-- __gc of the files io.open makes: the metatable getmetatable gave out was the real one, and
-- a finalizer replaced there ran with hooks off, past every limit (the game hung).
local f = assert(io.open("_common.lua"))
local mt = getmetatable(f)
mt.__gc = function() while true do end end
f = nil
collectgarbage()
return loadfile("_common.lua")(select(2, ...)).game
