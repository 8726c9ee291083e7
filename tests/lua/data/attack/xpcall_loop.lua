-- xpcall with a message handler that loops (Lua runs it with hooks off after a hook's error).
while true do xpcall(function() while true do end end, function() while true do end end) end
return loadfile("_common.lua")(select(2, ...)).game
