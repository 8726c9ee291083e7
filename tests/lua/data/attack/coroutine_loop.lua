-- coroutines catching the limit inside, resumed again and again.
while true do coroutine.resume(coroutine.create(function() while true do pcall(function() while true do end end) end end)) end
return loadfile("_common.lua")(select(2, ...)).game
