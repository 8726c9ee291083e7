-- an error object whose __tostring loops, raised again and again, then out of the load.
local e = setmetatable({}, { __tostring = function() while true do end end }) for i = 1, 1e5 do pcall(error, e) end error(e)
return loadfile("_common.lua")(select(2, ...)).game
