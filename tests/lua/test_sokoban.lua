-- test_sokoban.lua: the push rules, history and paths through the tessera.level API, on
-- scripts/sokoban.lua. Run: tessera run tests/lua/test_sokoban.lua
print("testing sokoban")

local here = arg and arg[0] and arg[0]:match("^(.*)/") or "."
local data = here .. "/data/"

local function checkerror(msg, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error")
  assert(string.find(err, msg, 1, true), "wrong error: " .. tostring(err))
end

-- Loading: a file of the repository, an inline level, a numeric (.csv) level.
local lv, count = tessera.load("sokoban", data .. "small.xsb", 1)
assert(lv and count == 3)
assert(lv:title() == "One push")
assert(lv:topology() == "square")
local w, h = lv:size()
assert(w == 5 and h == 3)
assert(lv:cell(2, 2) == 7 and lv:cell(0, 1) == nil and lv:cell(6, 1) == nil)
local x, y = lv:xy(7)
assert(x == 2 and y == 2)
assert(lv:player() == 7)
assert(lv:floor(1) == "wall" and lv:floor(9) == "goal" and lv:object(8) == "box")
assert(lv:object(9) == nil and lv:object(7) == "player")
assert(#lv:goals() == 1 and lv:goals()[1] == 9)
assert(#lv:boxes() == 1 and lv:boxes()[1] == 8)
assert(lv:number(7) == nil and lv:numbers() == nil)
assert(tostring(lv) == "#####\n#@$.#\n#####\n")
assert(not lv:solved())
assert(lv:move("right") == "push")
assert(lv:solved() and lv:moves() == 1 and lv:pushes() == 1)
assert(tostring(lv) == "#####\n# @*#\n#####\n")

local bad, msg = tessera.load("sokoban", data .. "small.xsb", 4)
assert(bad == nil and msg:find("no level 4", 1, true))
-- The number asked for, whole: math.mininteger was said as "no level 0" (cut to an int).
bad, msg = tessera.load("sokoban", data .. "small.xsb", math.mininteger)
assert(bad == nil and msg:find("no level " .. math.mininteger .. " ", 1, true), msg)
bad, msg = tessera.load("sokoban", data .. "small.xsb", 2^40)
assert(bad == nil and msg:find("no level 1099511627776 ", 1, true), msg)
bad, msg = tessera.load("sokoban", data .. "no_such_file.xsb")
assert(bad == nil and msg:find("no_such_file.xsb", 1, true))
bad, msg = tessera.load("no_such_game")
assert(bad == nil and msg:find("unknown game 'no_such_game'", 1, true))
bad, msg = tessera.parse("sokoban", "#####\n#@$Q#\n#####\n")
assert(bad == nil and msg:find("[string]:2:4:", 1, true), msg)
bad, msg = tessera.parse("sokoban", "#####\n#@$$.#\n######\n")
assert(bad == nil and msg:find("more boxes than goals", 1, true), msg)

local csv = assert(tessera.load("sokoban", data .. "small.csv"))
assert(csv:floor(1) == "void" and csv:object(12) == "player" and csv:object(13) == "box")
assert(csv:floor(14) == "goal")
assert(csv:move("R") == "push" and csv:solved())

-- Arguments are checked.
checkerror("cell out of range", lv.floor, lv, 0)
checkerror("cell out of range", lv.floor, lv, 16)
checkerror("unknown square direction 'north'", lv.move, lv, "north")
checkerror("unknown tile 'lava'", lv.set_floor, lv, 1, "lava")
checkerror("'box' is not a floor tile", lv.set_floor, lv, 1, "box")
checkerror("'wall' is not an object", lv.set_object, lv, 1, "wall")
checkerror("tessera.level expected", lv.size, {})

-- The push rules on a room: walls block, two boxes in a row block, a box goes where pushed.
--   x 123456789
-- y 1  #######
--   2  #     #
--   3 ##  $$ ##
--   4 #@   .. #
--   5 ##      #
--   6  ########
local solution = "rururDldRRluurD"
lv = assert(tessera.load("sokoban", data .. "small.xsb", 2))
w, h = lv:size()
assert(w == 9 and h == 6)
assert(lv:title() == "Room")
local start_hash = lv:hash()
assert(math.type(start_hash) == "integer")
assert(lv:player() == lv:cell(2, 4))
assert(lv:floor(1) == "void")                 -- outside the walls
assert(lv:move("left") == nil)                -- walls block
assert(lv:move("up") == nil and lv:move("down") == nil)
assert(lv:moves() == 0 and lv:hash() == start_hash)
assert(lv:move("r") == "walk" and lv:move("u") == "walk" and lv:move("R") == "walk")
assert(lv:player() == lv:cell(4, 3))
assert(lv:move("right") == nil)               -- two boxes in a row are too heavy
assert(lv:object(lv:cell(5, 3)) == "box" and lv:object(lv:cell(6, 3)) == "box")
assert(lv:move("up") == "walk" and lv:move("right") == "walk")
assert(lv:move("down") == "push")             -- a box moves one cell, the player follows
assert(lv:object(lv:cell(5, 4)) == "box" and lv:player() == lv:cell(5, 3))
assert(lv:moves() == 6 and lv:pushes() == 1)

-- Undo and redo retrace every position exactly (the Zobrist hash says so).
lv = assert(tessera.load("sokoban", data .. "small.xsb", 2))
local hashes = { [0] = lv:hash() }
for i = 1, #solution do
  assert(lv:play(solution:sub(i, i)))
  hashes[i] = lv:hash()
  assert(hashes[i] ~= hashes[i - 1])
end
assert(lv:solved() and lv:moves() == #solution and lv:pushes() == 4)
for i = #solution - 1, 0, -1 do
  assert(lv:undo())
  assert(lv:hash() == hashes[i])
end
assert(not lv:undo())                        -- nothing left to undo
assert(lv:moves() == 0 and lv:pushes() == 0 and not lv:solved())
for i = 1, #solution do
  assert(lv:redo())
  assert(lv:hash() == hashes[i])
end
assert(not lv:redo() and lv:solved())

-- Restart is one undoable step.
assert(lv:restart())
assert(lv:hash() == hashes[0] and lv:moves() == 0 and lv:pushes() == 0)
assert(lv:player() == lv:cell(2, 4))
assert(lv:undo())
assert(lv:hash() == hashes[#solution] and lv:moves() == #solution and lv:solved())
assert(lv:redo() and lv:hash() == hashes[0])
assert(lv:restart() == false)                -- already at the start: nothing to record

-- play: stops at the first illegal letter; case says push (upper) or walk (lower).
lv = assert(tessera.load("sokoban", data .. "small.xsb", 2))
local ok, at = lv:play("R")                  -- a walk written as a push
assert(ok == false and at == 1 and lv:moves() == 0 and lv:hash() == start_hash)
ok, at = lv:play("rrx")
assert(ok == false and at == 3 and lv:moves() == 2)
ok, at = lv:play("l" .. "l" .. "l")
assert(ok == false and at == 3)              -- back to the start, then the wall
assert(lv:play(""))
assert(lv:restart() and lv:play(solution) and lv:solved())

-- reachable: one flood fill in C, returned as a region (a set of cells); the player's own
-- cell counts as reached.
lv = assert(tessera.load("sokoban", data .. "small.xsb", 2))
local set, n = lv:reachable()
assert(n == 21 and #set == 21)
local cells = set:cells()
assert(#cells == n)
for i, cell in ipairs(cells) do
  assert(math.type(cell) == "integer" and set[cell] == true)
  if i > 1 then assert(cell > cells[i - 1]) end          -- reading order
end
assert(set[0] == false and set[lv:size() * 100] == false)  -- outside the grid: not in it
assert(tostring(set):find("21 of", 1, true))
assert(set[lv:player()] and set[lv:cell(7, 3)] and set[lv:cell(3, 2)])
assert(not set[lv:cell(5, 3)] and not set[lv:cell(1, 4)] and not set[1])
set, n = lv:reachable(lv:cell(7, 3))         -- from elsewhere, the player is in the way
assert(n == 20 and not set[lv:player()])

-- path: the shortest walk as letters, nil where the player cannot walk.
local p = lv:path(lv:cell(7, 2))
assert(p and #p == 7 and p:match("^[urdl]+$"), p)
assert(lv:path(lv:player()) == "")
assert(lv:path(lv:cell(5, 3)) == nil)         -- a box
assert(lv:path(lv:cell(1, 4)) == nil)         -- a wall
assert(lv:play(p) and lv:player() == lv:cell(7, 2) and lv:pushes() == 0)
assert(lv:path(lv:cell(2, 4), lv:cell(7, 2)) == lv:path(lv:cell(2, 4)))

-- A pocket behind walls: unreachable cells, no path.
lv = assert(tessera.load("sokoban", data .. "small.xsb", 3))
set, n = lv:reachable()
assert(n == 3 and set[lv:cell(2, 2)] and set[lv:cell(3, 2)] and set[lv:cell(2, 3)])
assert(lv:path(lv:cell(6, 2)) == nil and lv:path(lv:cell(2, 3)) == "d")

-- Bulk readers and script edits (each edit one undoable step).
lv = assert(tessera.parse("sokoban", "#####\n#@$.#\n#####\n"))
local floors, objects = lv:floors(), lv:objects()
assert(#floors == 15 and #objects == 15)
assert(floors[1] == "wall" and floors[7] == "floor" and floors[9] == "goal")
assert(objects[7] == "player" and objects[8] == "box" and objects[9] == false)
local players = lv:players()
assert(#players == 1 and players[1] == 7)
assert(lv:select(1) and not lv:select(2) and not lv:select(0))
local h0 = lv:hash()
lv:set_object(8, nil)
assert(#lv:boxes() == 0 and lv:hash() ~= h0)
lv:set_floor(9, "floor")
assert(#lv:goals() == 0)
lv:set_object(9, "box")
assert(lv:object(9) == "box")
assert(lv:undo() and lv:undo() and lv:undo())
assert(lv:hash() == h0 and lv:object(8) == "box" and lv:floor(9) == "goal")
lv:set_object(7, nil)
assert(lv:player() == nil and #lv:players() == 0)
checkerror("no active player", lv.reachable, lv)
assert(lv:undo() and lv:player() == 7)

-- Closing an owned level frees it; using it afterwards is a clean error.
do
  local closing <close> = assert(tessera.parse("sokoban", "#####\n#@$.#\n#####\n"))
  lv = closing
end
checkerror("level is closed", lv.size, lv)
assert(tostring(lv) == "tessera.level (invalid)")

-- Hooks run on owned levels: on_move's edits join the move's undo record, a level kept
-- from an earlier call is refused, and the game's solved function decides.
lv = assert(tessera.parse(data .. "trail.lua", "#####\n#@  #\n#####\n"))
assert(lv:move("right") == "walk")
assert(lv:floor(8) == "trail" and lv:floor(7) == "floor")
assert(not lv:solved())                      -- no stale level seen yet
assert(lv:undo())                            -- one step takes back the move and the trail
assert(lv:floor(8) == "floor" and lv:player() == 7 and lv:moves() == 0)
assert(lv:redo() and lv:floor(8) == "trail")
assert(lv:play("r") and lv:floor(9) == "trail")
assert(lv:solved())                          -- the hook found its old level invalid

lv = assert(tessera.parse(data .. "hook_error.lua", "####\n#@ #\n####\n"))
checkerror("hook_error.lua:10:5: the hook failed on purpose", lv.move, lv, "right")
assert(lv:moves() == 0 and lv:player() == 6)  -- the move is refused with its failed hook
assert(not lv:undo())                         -- nothing of it to undo
checkerror("hook_error.lua:10:5: the hook failed on purpose", lv.play, lv, "rl")
assert(lv:moves() == 0 and lv:player() == 6)  -- the replay stopped at the refused move

-- play on hooked levels reads player digits as on plain ones: each selects the player the
-- following letters move (the hook runs for each move); a digit naming no player, or any
-- digit on a sliding board, is the illegal letter.
lv = assert(tessera.parse(data .. "trail.lua", "#######\n#@  @ #\n#######\n"))
assert(lv:play("r2r") and lv:player() == lv:cell(6, 2))
assert(lv:floor(lv:cell(3, 2)) == "trail" and lv:floor(lv:cell(6, 2)) == "trail")
ok, at = lv:play("l3l")
assert(ok == false and at == 2 and lv:player() == lv:cell(5, 2) and lv:moves() == 3)
ok, at = lv:play("1R")                       -- player 1 has no box to push
assert(ok == false and at == 2 and lv:player() == lv:cell(3, 2))
lv = assert(tessera.parse(data .. "slide_hook.lua", "3x2: 1 2 3 4 0 5"))
ok, at = lv:play("1r")
assert(ok == false and at == 1 and lv:moves() == 0)
ok, at = lv:play("rL1")
assert(ok == false and at == 3 and lv:moves() == 2)
checkerror("no slides up", lv.play, lv, "ru")
assert(lv:moves() == 3)                      -- the slide up went with its failed hook, as with move()

-- The same rules on hexagons: six directions, named or lettered (d c z a q e).
assert(table.concat(tessera.dirs(), " ") == "up right down left")
assert(table.concat(tessera.dirs("hex"), " ") == "east southeast southwest west northwest northeast")
checkerror("unknown topology 'cube'", tessera.dirs, "cube")
lv = assert(tessera.parse(data .. "hexoban.lua", "######\n#@$. #\n#    #\n######\n"))
assert(lv:topology() == "hex")
checkerror("unknown hex direction 'up'", lv.move, lv, "up")
assert(lv:move("west") == nil)
assert(lv:move("east") == "push" and lv:solved())
assert(lv:undo() and lv:move("southeast") == "walk" and lv:player() == lv:cell(3, 3))
assert(lv:move("q") == "walk" and lv:player() == lv:cell(2, 2)) -- back north-west
assert(lv:play("D") and lv:solved())

print("OK")
