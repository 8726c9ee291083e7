-- memory_bomb.lua: a test game that tries to eat all memory while loading.
local hoard, chunk = {}, string.rep("xxxxxxxx", 1 << 17)   -- a MiB, copied whole each step
for i = 1, math.maxinteger do
  hoard[i] = chunk .. i
end
return tessera.game { name = "never" }
