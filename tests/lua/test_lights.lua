-- test_lights.lua: Lights Out, a game with its own actions and no player: a press is one undo
-- step made of the changes act records; a refused press records nothing; actions as text
-- (NAME(X,Y)) play, solve and hint; the bundled levels replay their solutions.
-- Run: tessera run tests/lua/test_lights.lua
print("testing lights")

local function checkerror(msg, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error")
  assert(string.find(err, msg, 1, true), "wrong error: " .. tostring(err))
end

-- A 3x3 board: the centre and its neighbours lit. One press in the middle clears it.
local lv = assert(tessera.parse("lights", ".O.\nOOO\n.O.\n"))
assert(lv:count("lit") == 5 and not lv:solved())
assert(lv:player() == nil and #lv:players() == 0)              -- no player at all
local start = lv:hash()
assert(lv:act("press(2,2)") == true)
assert(lv:count("lit") == 0 and lv:solved() and lv:moves() == 1)
local solved_hash = lv:hash()
assert(solved_hash ~= start)
-- Undo takes the whole press back (five changes, one step); redo brings it again.
assert(lv:undo() and lv:count("lit") == 5 and lv:moves() == 0 and lv:hash() == start)
assert(not lv:undo())
assert(lv:redo() and lv:solved() and lv:hash() == solved_hash)
assert(not lv:redo())

-- A press as a table, as act receives it: a corner toggles three lights.
lv = assert(tessera.parse("lights", "...\n...\n...\n"))
assert(lv:act({ name = "press", x = 1, y = 1 }))
assert(tostring(lv) == "OO.\nO..\n...\n", tostring(lv))
assert(lv:act({ name = "press", cell = 1 }))               -- again: back to dark
-- press takes no direction (no dirs = true): given one, as text or table, it is refused.
local ok, msg = pcall(lv.act, lv, "press(2,2,u)")
assert(not ok and msg:find("action 'press' takes no direction", 1, true), msg)
ok, msg = pcall(lv.act, lv, { name = "press", cell = 5, dir = "up" })
assert(not ok and msg:find("this action takes no direction", 1, true), msg)
assert(lv:count("lit") == 0 and lv:moves() == 2)
assert(lv:restart() and lv:moves() == 0)
assert(lv:undo() and lv:moves() == 2)                        -- restart is undoable too

-- Order does not matter: two presses either way give the same position and hash.
local a = assert(tessera.parse("lights", "....\n....\n....\n"))
local b = assert(tessera.parse("lights", "....\n....\n....\n"))
assert(a:play("press(1,1) press(3,2)") and b:play("press(3,2)press(1,1)"))
assert(a:hash() == b:hash() and tostring(a) == tostring(b))

-- A board with holes: pressing where there is no light is refused and records nothing.
lv = assert(tessera.parse("lights", "O O\nOOO\nO O\n"))
assert(lv:floor(lv:cell(2, 1)) == "void")
assert(lv:act("press(2,1)") == false and lv:moves() == 0 and not lv:undo())
-- ... and a press next to a hole leaves the hole alone.
assert(lv:act("press(2,2)") and lv:floor(lv:cell(2, 1)) == "void" and lv:floor(lv:cell(2, 3)) == "void")

-- Bad action text is an argument error that says why.
checkerror("not an action of this game", lv.act, lv, "push(1,1)")
checkerror("off the board", lv.act, lv, "press(9,9)")
checkerror("one action only", lv.act, lv, "press(1,1) press(2,2)")
checkerror("name must be one of the game's actions", lv.act, lv, { name = "pull", cell = 1 })
-- level:play stops at the first step that cannot be played and says where (1-based).
lv = assert(tessera.parse("lights", "O.O\n.O.\nO.O\n"))
local ok, at = lv:play("press(1,1) press(5,5)")
assert(not ok and at == 12 and lv:moves() == 1, tostring(at))

-- The solver plays the game's own rules; its heuristic makes the first solution shortest.
lv = assert(tessera.parse("lights", "OOOOO\nOOOOO\nOOOOO\nOOOOO\nOOOOO\n"))
local solution, info = lv:solve(10)
assert(solution, info)
assert(info.solver == "generic" and info.moves == 15, info.moves)  -- all lit 5x5: 15 presses
assert(lv:moves() == 0 and lv:count("lit") == 25)             -- the position is not changed
assert(lv:play(solution) and lv:solved() and lv:moves() == 15)
-- The hint is the first action of a solution, as text and as a table.
lv = assert(tessera.parse("lights", "O..\nO.O\n...\n"))
local text, act = lv:hint(5)
assert(type(text) == "string" and text:match("^press%(%d,%d%)$"), tostring(text))
assert(act.name == "press" and act.cell == lv:cell(act.x, act.y))
assert(lv:act(act))
-- An unsolvable 4x4 pattern (4x4 Lights Out has patterns no presses clear) is proved so.
lv = assert(tessera.parse("lights", "O.O.\n.O.O\nO.O.\n.O.O\n"))
assert(lv:solvable(10) == false)

-- Every bundled level replays its kept solution to solved, and none starts solved.
local sols = {}
for line in io.lines("../../levels/lights/lights.sol") do     -- relative to this script's folder
  local n, moves = line:match("^(%d+):%s*(.*)$")
  if n then sols[tonumber(n)] = moves end
end
local first, count = assert(tessera.load("lights"))
assert(count >= 8)
for i = 1, count do
  local level = assert(tessera.load("lights", nil, i))
  assert(not level:solved(), "level " .. i .. " starts solved")
  assert(sols[i], "no solution for level " .. i)
  assert(level:play(sols[i]) and level:solved(), "level " .. i .. " is not solved by its solution")
end
print("lights ok")

-- Numbers change by actions too: a game of numbered pieces turned in blocks (the boards
-- format, "tiles in order"), each turn one undo step, the numbers in the hash.
print("testing numbered pieces")
local data = (arg and arg[0] and arg[0]:match("^(.*)/") or ".") .. "/data/"
local rot = assert(tessera.parse(data .. "rotate.lua", "3x2: 4 1 3 5 2 0\n"))
assert(rot:number(1) == 4 and not rot:solved())
local h0 = rot:hash()
assert(rot:act("turn(1,1)"))                    -- 4 1 / 5 2 turns to 5 4 / 2 1
assert(rot:number(1) == 5 and rot:number(2) == 4 and rot:number(5) == 1 and rot:number(4) == 2)
assert(rot:act("turn(1,1)") and rot:act("turn(1,1)"))
assert(rot:number(1) == 1 and rot:number(2) == 2 and rot:number(4) == 4 and rot:number(5) == 5)
assert(rot:solved() and rot:moves() == 3)
assert(rot:undo() and not rot:solved() and rot:undo() and rot:undo() and rot:hash() == h0)
assert(rot:act("turn(3,1)") == false)           -- no block to the right of the last column
local sol = assert(rot:solve(5))
assert(rot:play(sol) and rot:solved())
print("numbered pieces ok")
