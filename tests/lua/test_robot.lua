-- test_robot.lua: the Robot mod reads the pygame tutorial's numeric maps (0 floor, 1 wall,
-- 2 goal, 3 box, 4 robot, 5 box on goal, 6 robot on goal) and plays them by Sokoban's rules.
-- Run: tessera run tests/lua/test_robot.lua
print("testing robot")

local map = table.concat({
  "1,1,1,1,1,1,1",
  "1,4,0,3,0,2,1",
  "1,0,3,0,5,0,1",
  "1,6,0,0,0,0,1",
  "1,1,1,1,1,1,1",
}, "\n") .. "\n"

-- A map may hold more than one robot (4 and 6 here): each is a player.
local lv = assert(tessera.parse("robot", map, 1, "csv"))
assert(lv:floor(lv:cell(1, 1)) == "wall")
assert(lv:floor(lv:cell(3, 2)) == "floor" and lv:object(lv:cell(2, 2)) == "player")
assert(lv:object(lv:cell(4, 2)) == "box" and lv:floor(lv:cell(6, 2)) == "goal")
assert(lv:object(lv:cell(5, 3)) == "box" and lv:floor(lv:cell(5, 3)) == "goal")
assert(lv:object(lv:cell(2, 4)) == "player" and lv:floor(lv:cell(2, 4)) == "goal")
assert(#lv:players() == 2)

-- The robot pushes like Sokoban's player: one box, never two, never pulled.
lv = assert(tessera.parse("robot", "1,1,1,1,1,1\n1,4,3,0,2,1\n1,0,3,0,2,1\n1,1,1,1,1,1\n", 1, "csv"))
assert(lv:move("left") == nil)
assert(lv:play("RR") and lv:object(lv:cell(5, 2)) == "box")
assert(lv:play("lldR"))                                  -- walk round, push the second box
assert(not lv:play("L"))                                 -- stepping back does not pull
assert(lv:play("R") and lv:solved())
assert(lv:moves() == 7 and lv:pushes() == 4)

-- Sokoban's own numbers mean nothing in this legend; a bad number is named with its place.
local bad, msg = tessera.parse("robot", "1,1,1\n1,4,-1\n1,1,1\n", 1, "csv")
assert(bad == nil and msg:find("[string]:2:5", 1, true), msg)
bad, msg = tessera.parse("robot", "1,1,1\n1,4,7\n1,1,1\n", 1, "csv")
assert(bad == nil and msg:find("[string]:2:5", 1, true), msg)

-- The bundled warehouse: 8 levels, each with one robot, solvable by the push solver.
local first, count = assert(tessera.load("robot"))
assert(count >= 8 and #first:players() == 1 and not first:solved())
local solution = assert(first:solve(10))
assert(first:play(solution) and first:solved())
print("robot ok")
