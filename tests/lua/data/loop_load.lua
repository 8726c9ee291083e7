-- loop_load.lua: a test game that never finishes loading.
local n = 0
while true do n = n + 1 end
return tessera.game { name = "never" }
