-- test_pull.lua: the Pull game (reverse Sokoban) on hand-made positions: walking away from a
-- box pulls it, pushing is impossible, the case of a letter says whether it pulls, undo and
-- restart, click paths that never pull by accident, and the generic search.
-- Run: tessera run tests/lua/test_pull.lua
print("testing pull")

--   x 12345678
-- y 1 ########
--   2 # . $@ #
--   3 #      #
--   4 ########
local lv = assert(tessera.parse("pull", "########\n# . $@ #\n#      #\n########\n"))
assert(lv:move("left") == nil)                            -- no pushing
assert(lv:move("right") == "push")                        -- stepping away pulls
assert(lv:object(lv:cell(6, 2)) == "box" and lv:player() == lv:cell(7, 2))
assert(lv:pushes() == 1)
assert(lv:move("right") == nil)                           -- a wall behind: no room to pull
assert(lv:undo() and lv:object(lv:cell(5, 2)) == "box")
lv:restart()

-- A sideways step leaves the box; 'l' written for a pulling step is illegal.
assert(lv:play("dllu"))                                   -- round below, between goal and box
assert(lv:player() == lv:cell(4, 2))
local ok, at = lv:play("l")
assert(not ok and at == 1)
-- A click path to the far side goes round below: it never steps away from the box.
local path = assert(lv:path(lv:cell(7, 2)))
assert(lv:play(path) and lv:pushes() == 0 and lv:object(lv:cell(5, 2)) == "box")
-- Back round, then two pulls bring the box home.
assert(lv:play("dllluLL") and lv:solved())
assert(lv:pushes() == 2)

-- A box in a corner is not lost: pulling takes it out.
lv = assert(tessera.parse("pull", "######\n#$@ .#\n#    #\n######\n"))
assert(lv:play("RR") and lv:object(lv:cell(4, 2)) == "box")

-- The generic search solves a small level (the solution pulls in upper case).
lv = assert(tessera.parse("pull", "########\n#@$  . #\n#      #\n########\n"))
local solution, info = lv:solve(10)
assert(solution, info)
assert(solution:find("%u"))
assert(lv:play(solution) and lv:solved())

local first, levels = assert(tessera.load("pull"))
assert(levels >= 8 and not first:solved())
print("pull ok")
