-- test_holes.lua: the Holes game's rules on hand-made positions: the player never enters a
-- hole, a box pushed in fills it (and the filled hole is floor), a box sliding on ice can
-- fall in, undo brings hole and box back, and no goal may be left empty.
-- Run: tessera run tests/lua/test_holes.lua
print("testing holes")

--   x 1234567
-- y 1 #######
--   2 #@$^ .#
--   3 #    $#
--   4 #######
local lv = assert(tessera.parse("holes", "#######\n#@$^ .#\n#    $#\n#######\n"))
local hole = lv:cell(4, 2)
assert(lv:floor(hole) == "hole")
assert(lv:path(lv:cell(5, 2)) == "drrru")                -- round the hole, never through it
assert(lv:move("right") == "push")                        -- the box falls in
assert(lv:floor(hole) == "floor" and lv:object(hole) == nil)
assert(#lv:boxes() == 1 and not lv:solved())
assert(lv:move("right") == "walk" and lv:player() == hole)   -- the filled hole is floor
assert(lv:undo() and lv:undo())
assert(lv:floor(hole) == "hole" and lv:object(lv:cell(3, 2)) == "box")
assert(lv:player() == lv:cell(2, 2))

-- The player cannot step into a hole.
lv = assert(tessera.parse("holes", "######\n#@^ .#\n#$   #\n######\n"))
assert(lv:move("right") == nil and lv:moves() == 0)

-- Every goal must hold a box: dropping the box meant for the goal into a hole loses.
lv = assert(tessera.parse("holes", "########\n#@$ ^ .#\n########\n"))
assert(lv:play("RR") and #lv:boxes() == 0)
assert(not lv:solved())
-- ...and a level with more boxes than goals and holes together is refused.
local bad, msg = tessera.parse("holes", "#######\n#@$$$.#\n#  ^  #\n#######\n")
assert(bad == nil and msg:find("more boxes than goals and holes", 1, true), msg)

-- The generic search solves a small level with a bridge to build.
lv = assert(tessera.parse("holes", "########\n#@$^$ .#\n########\n"))
local solution, info = lv:solve(10)
assert(solution == "RrRR", tostring(solution) .. " " .. tostring(info))
assert(lv:play(solution) and lv:solved())

local first, levels = assert(tessera.load("holes"))
assert(levels >= 8 and not first:solved())
print("holes ok")
