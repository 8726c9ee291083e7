-- A game that loads games without end, keeping them: one memory budget for it and all it
-- loads (each load made a state with 64 MiB of its own: 24 loads reached 753 MB).
local keep = {}
for i = 1, 100000 do keep[i] = assert(tessera.load("sokoban")) end
