-- Levels of an actions game made one after another, each acted on once, and kept: each act
-- grows that level's undo history inside the child's hook, which level:act did not count
-- against this script's memory (60 of them held 1 GB). Now the cap stops it.
local dir = (select(2, ...) or ""):match("^(.*)/") or "."
local keep = {}
for _ = 1, 100 do
  local lv = assert(tessera.parse(dir .. "/act_grow_game.lua", "OO\nOO\n"))
  lv:act("press(1,1)")
  keep[#keep + 1] = lv
end
return loadfile("_common.lua")(select(2, ...)).game
