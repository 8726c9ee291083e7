-- test_ice.lua: the Ice game's rules on hand-made positions: the player and pushed boxes
-- slide over ice until blocked, undo takes a whole slide back, click paths stop only where
-- the player can stop, and the generic search solves a small level.
-- Run: tessera run tests/lua/test_ice.lua
print("testing ice")

--   x 123456789
-- y 1 #########
--   2 #@ ~~~ .#
--   3 #  $~~~ #
--   4 #########
local lv = assert(tessera.parse("ice", "#########\n#@ ~~~ .#\n#  $~~~ #\n#########\n"))
assert(lv:floor(lv:cell(4, 2)) == "ice")
assert(lv:move("right") == "walk" and lv:player() == lv:cell(3, 2))
assert(lv:move("right") == "walk" and lv:player() == lv:cell(7, 2))   -- one move, a long slide
assert(lv:moves() == 2)
assert(lv:undo() and lv:player() == lv:cell(3, 2))
assert(lv:redo() and lv:player() == lv:cell(7, 2))
lv:restart()

-- A box pushed onto ice slides to the first cell that is not ice; the player stays behind.
assert(lv:play("drR"))
assert(lv:object(lv:cell(8, 3)) == "box" and lv:player() == lv:cell(4, 3))
-- Walking onto the ice now, the player slides up to the box.
assert(lv:move("right") == "walk" and lv:player() == lv:cell(7, 3))
assert(lv:undo() and lv:undo() and lv:object(lv:cell(4, 3)) == "box")

-- Ice ends at a wall: the slide stops on the ice itself, and a push from there works.
lv = assert(tessera.parse("ice", "#######\n#@~~~$#\n#   . #\n#######\n"))
assert(lv:move("right") == "walk" and lv:player() == lv:cell(5, 2))
assert(lv:floor(lv:player()) == "ice")

-- Click paths: the middle of a slide is not a place to stop, its end is.
lv = assert(tessera.parse("ice", "########\n#@~~~ ##\n# ## ~ #\n#    $.#\n########\n"))
assert(lv:path(lv:cell(4, 2)) == nil)
assert(lv:path(lv:cell(6, 2)) == "r")
local region, count = lv:reachable()
assert(not region[lv:cell(3, 2)] and region[lv:cell(6, 2)] and region[lv:cell(2, 4)])

-- A box on ice (glyph '=') and the player on ice ('&') parse.
lv = assert(tessera.parse("ice", "######\n#&=. #\n######\n"))
assert(lv:floor(lv:cell(2, 2)) == "ice" and lv:object(lv:cell(3, 2)) == "box")

-- The generic search plays these rules: a level whose only way is a long slide.
lv = assert(tessera.parse("ice", "########\n#  @   #\n#.~~~$ #\n#      #\n########\n"))
local solution, info = lv:solve(10)
assert(solution, info)
assert(lv:play(solution) and lv:solved() and lv:pushes() == 1)

local first, levels = assert(tessera.load("ice"))
assert(levels >= 8 and not first:solved())
print("ice ok")
