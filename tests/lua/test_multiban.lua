-- test_multiban.lua: several players on one level: selecting, moving each, players blocking
-- each other, digits in solutions, undo across switches, and the push solver's answer.
-- Run: tessera run tests/lua/test_multiban.lua
print("testing multiban")

--   x 1234567
-- y 1 #######
--   2 #@$ . #
--   3 #  #  #
--   4 #@$ . #
--   5 #######
local lv = assert(tessera.parse("multiban", "#######\n#@$ . #\n#  #  #\n#@$ . #\n#######\n"))
local players = lv:players()
assert(#players == 2 and players[1] == lv:cell(2, 2) and players[2] == lv:cell(2, 4))
assert(lv:player() == lv:cell(2, 2))                     -- the first in reading order moves

-- Each player pushes its own box; a digit selects the player in a solution.
assert(lv:play("RR") and lv:object(lv:cell(5, 2)) == "box")
assert(lv:play("2RR") and lv:solved())
assert(lv:player() == lv:cell(4, 4))
assert(lv:moves() == 4 and lv:pushes() == 4)
assert(lv:undo() and lv:player() == lv:cell(3, 4))
assert(lv:undo() and lv:undo())                           -- the move, then the switch
assert(lv:player() == lv:cell(4, 2))
lv:restart()

-- Players block each other and cannot push one another.
assert(lv:select(2))
assert(lv:move("up") == "walk" and lv:player() == lv:cell(2, 3))
assert(lv:move("up") == nil)                              -- the first player stands there
assert(lv:select(1) and lv:move("down") == nil)
assert(not lv:select(3))

-- A digit naming no player is an illegal move.
lv:restart()
local ok, at = lv:play("R3R")
assert(not ok and at == 2)

-- The push solver works with several players and writes the digits (two rooms, one each).
lv = assert(tessera.parse("multiban", "#######\n#@ $ .#\n#######\n#. $ @#\n#######\n"))
local solution, info = lv:solve(10)
assert(solution, info)
assert(solution:find("[12]"), solution)
assert(lv:play(solution) and lv:solved())

-- Player tiles of different glyphs: still numbered in reading order, and player 1 moves first
-- (it was the first of the tile with the lowest id: '&' before '@', wherever it stood).
local here = arg and arg[0] and arg[0]:match("^(.*)/") or "tests/lua"
local two = here .. "/data/two_glyphs.lua"
for _, t in ipairs { "#######\n#@$.  #\n#  #  #\n#&$.  #\n#######\n", "#######\n#&$.  #\n#  #  #\n#@$.  #\n#######\n" } do
  lv = assert(tessera.parse(two, t))
  assert(lv:players()[1] == lv:cell(2, 2) and lv:players()[2] == lv:cell(2, 4))
  assert(lv:player() == lv:cell(2, 2), t)                 -- player 1, the first in reading order
  assert(lv:play("R2R") and lv:solved(), t)               -- letters before a digit move player 1
  lv:restart()
  assert(lv:player() == lv:cell(2, 2), t)                 -- and again after a restart
  solution = assert(lv:solve(10))
  assert(lv:play(solution) and lv:solved(), solution)
end
-- The solver's answer says which player moves first in the same way.
lv = assert(tessera.parse(two, "#######\n#@ $ .#\n#######\n#. $ &#\n#######\n"))
solution = assert(lv:solve(10))
assert(solution:sub(1, 1) ~= "2" and lv:play(solution) and lv:solved(), solution)
lv = assert(tessera.parse(two, "#######\n#& $ .#\n#######\n#. $ @#\n#######\n"))
assert(lv:play("rRR2lLL") and lv:solved())

-- The bundled set: 8 levels, each with at least two players.
local first, count = assert(tessera.load("multiban"))
assert(count >= 8)
for n = 1, count do
  local l = assert(tessera.load("multiban", nil, n))
  assert(#l:players() >= 2, "level " .. n)
end
print("multiban ok")
