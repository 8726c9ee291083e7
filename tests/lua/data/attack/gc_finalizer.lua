-- a __gc finalizer that loops (Lua runs finalizers with hooks off).
setmetatable({}, { __gc = function() while true do end end }) collectgarbage()
return loadfile("_common.lua")(select(2, ...)).game
