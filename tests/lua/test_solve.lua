-- test_solve.lua: the solvers seen from Lua: solve, hint, solvable and deadlocks, on the push
-- solver, the sliding solver and the generic search that runs a game's own hooks.
-- Run: tessera run tests/lua/test_solve.lua
print("testing solve")

local here = arg and arg[0] and arg[0]:match("^(.*)/") or "."
local data = here .. "/data/"

local function replays(level, solution)
  assert(level:play(solution), "solution does not replay: " .. solution)
  return level:solved()
end

-- Push puzzles: the C solver.
local text = "#######\n#@ $ .#\n#  $ .#\n#######\n"
local lv = assert(tessera.parse("sokoban", text))
local solution, info = lv:solve(5)
assert(solution and info.status == "solved" and info.pushes == 4, tostring(solution))
assert(info.moves == #solution and info.nodes >= 1)
assert(lv:moves() == 0, "solve works on a copy")
assert(replays(lv, solution))

lv = assert(tessera.parse("sokoban", text))
local dir, pushes, who = lv:hint()
assert(dir == "right" and pushes == false and who == 1, tostring(dir))
assert(lv:move(dir) == "walk")
dir, pushes = lv:hint()
assert(dir and pushes ~= nil)

-- Several players: the hint names the one whose move it is (here only player 2 can push).
lv = assert(tessera.parse("multiban", "########\n#@#.$@ #\n########\n"))
dir, pushes, who = lv:hint()
assert(dir == "left" and pushes == true and who == 2, tostring(dir) .. " " .. tostring(pushes) .. " " .. tostring(who))

-- Push-optimal mode reports optimality.
lv = assert(tessera.parse("sokoban", text))
solution, info = lv:solve(5, true)
assert(solution and info.optimal and info.pushes == 4)

-- A box in a corner: unsolvable, and marked as a deadlock.
lv = assert(tessera.parse("sokoban", "#######\n#$@  .#\n#######\n"))
assert(lv:solvable(5) == false)
local stuck, count = lv:deadlocks()
assert(count == 1 and stuck[lv:cell(2, 2)] and not stuck[lv:cell(3, 2)])
local none, status = lv:solve(5)
assert(none == nil and status == "unsolvable")
assert(lv:hint() == nil)

-- Deadlocks appear as the player makes them.
lv = assert(tessera.parse("sokoban", "######\n#    #\n# $@ #\n#   .#\n######\n"))
assert(select(2, lv:deadlocks()) == 0 and lv:solvable(5) == true)
assert(lv:move("left") == "push")             -- against the left wall: the goal is not on it
local marks, n = lv:deadlocks()
assert(n == 1 and marks[lv:cell(2, 3)], "a box on a wall with no goal is stuck")
assert(lv:solvable(5) == false)
lv:undo()
assert(select(2, lv:deadlocks()) == 0)

-- Sliding boards: optimal lengths against a known one.
lv = assert(tessera.parse("fifteen", "1 2 3 4 5 6 0 7 8\n"))
solution, info = lv:solve(5, true)
assert(solution == "rr" and info.length == 2 and info.optimal)
lv = assert(tessera.parse("fifteen", "2 1 3 4 5 6 7 8 0\n"))
assert(lv:solvable(5) == false)
lv = assert(tessera.parse("fifteen", "4x4: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n"))
assert(lv:hint() == "right")

-- A game whose hook opens doors: only the generic search sees it.
lv = assert(tessera.parse(data .. "doors.lua", "#########\n#b @$ D.#\n#########\n"))
solution, info = lv:solve(10)
assert(solution == "llrrRRR", tostring(solution) .. " " .. tostring(info and info.status))
assert(info.optimal)
assert(replays(lv, solution))
-- Without the button the door stays shut: the search proves it.
lv = assert(tessera.parse(data .. "doors.lua", "#######\n#@$ D.#\n#######\n"))
assert(lv:solvable(10) == false)

-- Several players: a digit in LURD selects the player; the push solver and the generic search
-- both write one where the player changes, and both solutions replay.
lv = assert(tessera.parse("sokoban", "#########\n#@$.#.$@#\n#########\n"))
assert(lv:play("R2L") and lv:solved(), "digits select the player")
lv = assert(tessera.parse("sokoban", "#########\n#@$.#.$@#\n#########\n"))
local ok, bad = lv:play("R3L")
assert(ok == false and bad == 2, "no third player: the digit is refused")
lv = assert(tessera.parse("sokoban", "########\n#@$ @ .#\n#### ###\n   ###\n"))
solution, info = lv:solve(5)
assert(solution and solution:find("2", 1, true) and info.pushes == 4, tostring(solution))
assert(replays(lv, solution))
-- The same level under a hook (doors.lua has one): the generic search moves both players.
lv = assert(tessera.parse(data .. "doors.lua", "########\n#@$ @ .#\n#### ###\n   ###\n"))
solution, info = lv:solve(10)
assert(solution and info.optimal and solution:find("2", 1, true), tostring(solution))
assert(info.pushes == 4)
assert(replays(lv, solution))

-- Argument checks.
local ok, err = pcall(lv.solve, lv, -1)
assert(not ok and err:find("seconds", 1, true))

print("OK")
