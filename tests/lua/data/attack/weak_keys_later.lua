-- __mode = "k" given to a metatable after setmetatable, raw or through a metaclass.
local meta = setmetatable({}, { __newindex = function(t, k, v) rawset(t, k, v) end }) setmetatable({}, meta) if not pcall(rawset, meta, "__mode", "k") then meta.__mode = "k" end
return loadfile("_common.lua")(select(2, ...)).game
