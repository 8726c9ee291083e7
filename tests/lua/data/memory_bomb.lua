-- memory_bomb.lua: a test game that tries to eat all memory while loading.
local hoard = {}
for i = 1, math.maxinteger do
  hoard[i] = string.rep("x", 4096) .. i
end
return tessera.game { name = "never" }
