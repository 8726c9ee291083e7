-- table.unpack asking for a billion results.
local result = table.unpack({}, 1, 1e9)
return loadfile("_common.lua")(select(2, ...)).game
