-- test_doors.lua: Doors (Sokoban with keys and doors, built on tessera.extend): can_move
-- refuses a step before it is made and nothing is recorded; the key count is a variable that
-- undo, redo, restart and the hash follow; the move record's fields; reacts_to leaves levels
-- without keys and doors to the C push solver, under Doors and under a teleport mod.
-- Run: tessera run tests/lua/test_doors.lua
print("testing doors")

local data = (arg and arg[0] and arg[0]:match("^(.*)/") or ".") .. "/data/"

local function checkerror(msg, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error")
  assert(string.find(err, msg, 1, true), "wrong error: " .. tostring(err))
end

--   x 1234567
-- y 1 #######
--   2 #@ k D.#   a key, then a door before the goal
--   3 #  $   #
--   4 ########
local text = "########\n#@ k D.#\n#  $   #\n########\n"
local lv = assert(tessera.parse("doors", text))
local start = lv:hash()
assert(lv:var("keys") == 0)
-- Without a key the door refuses: the move is not made and leaves no undo step.
lv = assert(tessera.parse("doors", "#######\n#@D  .#\n# $   #\n#######\n"))
assert(lv:move("right") == nil and lv:player() == lv:cell(2, 2))
assert(lv:moves() == 0 and not lv:undo())
assert(lv:floor(lv:cell(3, 2)) == "door")

-- With a key: picked up by walking onto it, used up by the door, which opens for good.
lv = assert(tessera.parse("doors", text))
assert(lv:play("rr") and lv:var("keys") == 1 and lv:floor(lv:cell(4, 2)) == "floor")
local with_key = lv:hash()
assert(with_key ~= start)
assert(lv:play("rr") and lv:var("keys") == 0 and lv:floor(lv:cell(6, 2)) == "floor")
assert(lv:player() == lv:cell(6, 2))
-- Undo brings the door back and the key into the pocket; again, and the key is on the floor.
assert(lv:undo() and lv:var("keys") == 1 and lv:floor(lv:cell(6, 2)) == "door")
assert(lv:undo() and lv:undo() and lv:var("keys") == 0 and lv:floor(lv:cell(4, 2)) == "key")
assert(lv:redo() and lv:var("keys") == 1 and lv:hash() == with_key)   -- the key picked up again
assert(lv:redo() and lv:redo() and lv:var("keys") == 0 and not lv:redo())
assert(lv:restart() and lv:var("keys") == 0 and lv:hash() == start)
assert(lv:undo() and lv:var("keys") == 0 and lv:floor(lv:cell(6, 2)) == "floor")  -- the restart undoes

-- A box is never pushed into a closed door, key or not.
lv = assert(tessera.parse("doors", "########\n#@k$D .#\n########\n"))
assert(lv:move("right") == "walk" and lv:var("keys") == 1)
assert(lv:move("right") == nil and lv:moves() == 1)

-- The hash holds the variable: the same cells with another key count hash differently, and
-- two routes to the same position (and count) hash alike.
local a = assert(tessera.parse("doors", "#######\n#k @ k#\n# $  .#\n#######\n"))
local b = assert(tessera.parse("doors", "#######\n#k @ k#\n# $  .#\n#######\n"))
assert(a:play("rr") and b:play("rr"))
assert(a:hash() == b:hash())
assert(a:play("llll") and a:var("keys") == 2)
assert(b:play("llllrr") and b:var("keys") == 2 and b:player() ~= a:player())
assert(b:play("ll") and a:hash() == b:hash())

-- The move record on_move and can_move see (a test game notes it in its variables).
lv = assert(tessera.parse(data .. "moves_record.lua", "########\n#@$  .s#\n#~~~  $#\n#  .   #\n########\n"))
assert(lv:move("right") == "push")
assert(lv:var("seen") == "right 10>11 11>12 p1", lv:var("seen"))
assert(lv:var("flag") == true and lv:var("ratio") == 1)
assert(math.type(lv:var("ratio")) == "integer")         -- whole numbers are kept as integers
assert(lv:move("down") == "walk" and lv:var("seen") == "down 11>27 nil>nil p1" and lv:var("flag") == false) -- over the ice
assert(lv:var("ratio") == 2)
assert(lv:undo() and lv:var("seen") == "right 10>11 11>12 p1" and lv:var("ratio") == 1)
assert(lv:undo() and lv:var("seen") == "" and lv:var("ratio") == 0.5)
-- On ice the player ends where the slide stops: that is move.to.
lv = assert(tessera.parse(data .. "moves_record.lua", "#######\n#@~~~ #\n#$  . #\n#######\n"))
assert(lv:move("right") == "walk" and lv:var("seen") == "right 9>13 nil>nil p1", lv:var("seen"))
-- can_move refuses a push whose box would land on "stop", and the player walking onto it.
lv = assert(tessera.parse(data .. "moves_record.lua", "#######\n#@$s.$#\n#    .#\n#######\n"))
assert(lv:move("right") == nil and lv:moves() == 0 and lv:var("seen") == "")
-- Variables are checked: unknown names, wrong types and long strings are errors.
checkerror("unknown variable 'nope'", lv.var, lv, "nope")
checkerror("a boolean, a number or a string", lv.set_var, lv, "seen", {})
checkerror("at most 63 bytes", lv.set_var, lv, "seen", string.rep("x", 64))
-- A variable keeps the kind of value it was declared with.
checkerror("variable 'ratio' holds a number, not a string", lv.set_var, lv, "ratio", "many")
checkerror("variable 'flag' holds a boolean, not a number", lv.set_var, lv, "flag", 1)
checkerror("variable 'seen' holds a string, not a boolean", lv.set_var, lv, "seen", false)
lv:set_var("ratio", 2.5)
assert(lv:var("ratio") == 2.5 and lv:undo())
-- Outside a hook a change to a variable is an undo step of its own.
lv:set_var("flag", true)
assert(lv:var("flag") == true and lv:undo() and lv:var("flag") == false)

-- A can_move that changes the level is stopped at its line; the move is refused.
lv = assert(tessera.parse(data .. "bad_can_move.lua", "#####\n#@$.#\n#####\n"))
checkerror("bad_can_move.lua:5:3: can_move changed the level", lv.move, lv, "right")
assert(lv:moves() == 0 and lv:var("asked") == 0)

-- reacts_to: a level without keys or doors is the C push solver's, with them the search's.
lv = assert(tessera.parse("doors", "#######\n#@ $ .#\n#######\n"))
local solution, info = lv:solve(5)
assert(solution and info.solver == "push", info.solver)
lv = assert(tessera.load("doors", nil, 1))
solution, info = lv:solve(5)
assert(solution and info.solver == "generic" and info.optimal == false, info.solver)
assert(lv:play(solution) and lv:solved())

-- The same for a mod whose hook only reacts to teleporter pads: Sokoban's level 9 has none,
-- so the push solver takes it (as fast as under Sokoban itself).
lv = assert(tessera.load(data .. "teleport.lua", "sokoban/tessera.xsb", 9))
solution, info = lv:solve(10)
assert(solution and info.solver == "push", tostring(info.solver))
assert(lv:play(solution) and lv:solved())
-- With pads, the search plays the hook: through the pad is the only way to the goal.
lv = assert(tessera.parse(data .. "teleport.lua", "#######\n#@T#T$.#\n#######\n"))
solution, info = lv:solve(5)
assert(solution == "rR" and info.solver == "generic", solution)   -- the pad carries the player past the wall
assert(lv:play(solution) and lv:solved())

-- Every bundled level replays its kept solution, and needs its doors.
local sols = {}
for line in io.lines("../../levels/doors/doors.sol") do
  local n, moves = line:match("^(%d+):%s*(.*)$")
  if n then sols[tonumber(n)] = moves end
end
local _, count = assert(tessera.load("doors"))
assert(count >= 8)
for i = 1, count do
  local level = assert(tessera.load("doors", nil, i))
  assert(level:play(sols[i]) and level:solved(), "level " .. i)
  assert(level:count("key") == 0 or level:var("keys") >= 0)
end
print("doors ok")
