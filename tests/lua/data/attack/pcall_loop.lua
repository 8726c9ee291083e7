-- pcall catching the instruction limit, again and again.
while true do pcall(function() while true do end end) end
return loadfile("_common.lua")(select(2, ...)).game
