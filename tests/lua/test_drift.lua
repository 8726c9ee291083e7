-- test_drift.lua: Drift, a game with its own action on a level with several players: a
-- slide takes the robot at the action's cell all the way to what stops it (one undo step, the
-- robot's motion is one move_object), a slide that goes nowhere is refused, and the rover
-- (player 1, the first in reading order) is the one selected at the start.
-- Run: tessera run tests/lua/test_drift.lua
print("testing drift")

--   x 1234567
-- y 1 #######
--   2 #@   r#
--   3 #     #
--   4 #  .  #
--   5 #######
local lv = assert(tessera.parse("drift", "#######\n#@   r#\n#     #\n#  .  #\n#######\n"))
assert(#lv:players() == 2)
assert(lv:player() == lv:cell(2, 2))                   -- the rover: player 1, the first in reading order
assert(lv:object(lv:cell(2, 2)) == "rover" and lv:object(lv:cell(6, 2)) == "robot")
-- Sliding right: the rover stops against the robot.
assert(lv:act("slide(2,2,r)") and lv:object(lv:cell(5, 2)) == "rover" and lv:moves() == 1)
-- Against a robot already: nothing moves, nothing is recorded.
assert(lv:act("slide(5,2,right)") == false and lv:moves() == 1)
-- Down: to the wall (the target does not stop a slide); left, right: the robot as a stop.
assert(lv:act({ name = "slide", cell = lv:cell(5, 2), dir = "down" }) and lv:object(lv:cell(5, 4)) == "rover")
assert(not lv:solved())
assert(lv:act("slide(6,2,d)") and lv:object(lv:cell(6, 4)) == "robot")
assert(lv:act("slide(5,4,l)") and lv:object(lv:cell(2, 4)) == "rover")
assert(lv:act("slide(2,4,r)") and lv:object(lv:cell(5, 4)) == "rover")
-- Undo takes one slide back at a time, the whole way.
assert(lv:undo() and lv:object(lv:cell(2, 4)) == "rover")
assert(lv:undo() and lv:object(lv:cell(5, 4)) == "rover")
-- An empty cell slides nothing.
assert(lv:act("slide(3,3,u)") == false)

-- The solver finds the fewest slides (five: the robot must be parked as a stop).
lv = assert(tessera.parse("drift", "#######\n#@   r#\n#     #\n#  .  #\n#######\n"))
local solution, info = lv:solve(10)
assert(solution and info.moves == 5, solution)
assert(lv:play(solution) and lv:solved())
-- A board the rover can never finish on is proved so.
lv = assert(tessera.parse("drift", "#######\n#@    #\n#  .  #\n#     #\n#######\n"))
assert(lv:solvable(10) == false)

-- Every bundled level replays its kept solution (the fewest slides the solver finds).
local sols = {}
for line in io.lines("../../levels/drift/drift.sol") do
  local n, moves = line:match("^(%d+):%s*(.*)$")
  if n then sols[tonumber(n)] = moves end
end
local _, count = assert(tessera.load("drift"))
assert(count >= 8)
for i = 1, count do
  local level = assert(tessera.load("drift", nil, i))
  assert(level:play(sols[i]) and level:solved(), "level " .. i)
end
print("drift ok")
