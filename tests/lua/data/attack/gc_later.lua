-- __gc added to a metatable after setmetatable.
local mt = {} setmetatable({}, mt) mt.__gc = function() while true do end end
return loadfile("_common.lua")(select(2, ...)).game
