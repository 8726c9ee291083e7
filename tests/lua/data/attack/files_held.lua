-- Files kept open: each holds a descriptor and a stdio buffer outside the memory cap. A game
-- that kept 20,000 (the process's limit here) left the app unable to open its level file,
-- saves or other games. A game may keep 64 open.
local held = {}
for i = 1, 1000 do
  held[i] = assert(io.open("_common.lua"))
  held[i]:read(1)
end
return loadfile("_common.lua")(select(2, ...)).game
