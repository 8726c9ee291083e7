-- test_fifteen.lua: scripts/fifteen.lua's scramble, sliding moves, solved detection, and
-- tessera.sliding.solvable against a brute-force search. Run: tessera run tests/lua/test_fifteen.lua
print("testing fifteen")

local function checkerror(msg, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error")
  assert(string.find(err, msg, 1, true), "wrong error: " .. tostring(err))
end

local fifteen = require "fifteen"             -- the game table, hooks included
local solvable, goal = tessera.sliding.solvable, tessera.sliding.goal

local function is_permutation(board, n)
  if #board ~= n then return false end
  local seen = {}
  for _, v in ipairs(board) do
    if math.type(v) ~= "integer" or v < 0 or v >= n or seen[v] then return false end
    seen[v] = true
  end
  return true
end

local function same(a, b)
  if #a ~= #b then return false end
  for i = 1, #a do if a[i] ~= b[i] then return false end end
  return true
end

local function board_text(w, h, board)
  return string.format("%dx%d: %s", w, h, table.concat(board, " "))
end

assert(same(goal(3, 2), { 1, 2, 3, 4, 5, 0 }))
assert(same(goal(1, 1), { 0 }))

-- Scramble: always a solvable permutation that is not already the goal, for every shape,
-- both when the script is called directly and through the host (seeded, checked in C).
local sizes = { { 2, 2 }, { 3, 3 }, { 4, 4 }, { 5, 5 }, { 6, 5 }, { 1, 5 }, { 5, 1 }, { 2, 7 } }
for _, size in ipairs(sizes) do
  local w, h = size[1], size[2]
  local n = w * h
  local seen = {}
  for seed = 1, 40 do
    math.randomseed(seed)
    for _, board in ipairs { fifteen.scramble(w, h), assert(tessera.scramble("fifteen", w, h, seed)) } do
      assert(is_permutation(board, n), board_text(w, h, board))
      assert(solvable(board, w, h), board_text(w, h, board))
      assert(not same(board, goal(w, h)), board_text(w, h, board))
      if w == 1 or h == 1 then               -- a line: only the blank moves, tiles in order
        local k = 1
        for _, v in ipairs(board) do
          if v ~= 0 then assert(v == k); k = k + 1 end
        end
      end
      seen[table.concat(board, ",")] = true
    end
  end
  local different = 0
  for _ in pairs(seen) do different = different + 1 end
  assert(different > 1, "scramble gives the same board every time")
end
-- The same seed gives the same board.
assert(same(tessera.scramble("fifteen", 4, 4, 7), tessera.scramble("fifteen", 4, 4, 7)))
-- A game without scramble gets the built-in one; a broken scramble is reported.
local b = assert(tessera.scramble("sokoban", 3, 3, 1))
assert(is_permutation(b, 9) and solvable(b, 3, 3))
local here = arg and arg[0] and arg[0]:match("^(.*)/") or "."
local none, msg = tessera.scramble(here .. "/data/bad_scramble.lua", 3, 3, 1)
assert(none == nil and msg:find("bad_scramble.lua:9:3: scramble returned an unsolvable 3x3 board", 1, true), msg)

-- Sliding: the blank moves (move) or a tile in the blank's row or column slides (slide).
local lv = assert(tessera.parse("fifteen", "3x3: 1 2 3 4 5 6 7 0 8"))
assert(lv:topology() == "square" and select(1, lv:size()) == 3)
assert(lv:number(8) == 0 and lv:number(9) == 8 and lv:object(9) == "tile" and lv:object(8) == nil)
assert(not lv:solved())
assert(lv:slide(1) == 0)                     -- not in the blank's row or column
assert(lv:slide(9) == 1)                     -- tile 8 slides left into the gap
assert(lv:solved() and lv:moves() == 1)
assert(same(lv:numbers(), goal(3, 3)))
assert(lv:undo() and not lv:solved())
assert(lv:move("right") == "walk" and lv:solved()) -- the blank moves right: the same slide
assert(lv:move("right") == nil)              -- the blank is at the edge

lv = assert(tessera.parse("fifteen", "4x4: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0"))
assert(lv:solved())
local start = lv:hash()
assert(lv:slide(13) == 3)                    -- three tiles move right at once
assert(same(lv:numbers(), { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 13, 14, 15 }))
assert(lv:moves() == 3 and not lv:solved())
assert(lv:slide(1) == 3)                     -- and three down
assert(lv:number(1) == 0 and lv:number(5) == 1)
assert(lv:undo() and lv:undo() and lv:hash() == start and lv:solved())
assert(lv:play("ulul") and not lv:solved())
assert(lv:play("rdrd") and lv:solved())
local ok, at = lv:play("dd")
assert(ok == false and at == 1)
assert(tostring(lv) == "4x4: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n")
-- the text reads back as the same board
lv:play("lu")
local copy = assert(tessera.parse("fifteen", tostring(lv)))
assert(same(copy:numbers(), lv:numbers()) and copy:hash() == lv:hash())

-- The hooks of the script.
assert(fifteen.on_solved(lv) == "Well done!")
assert(fifteen.name == "Fifteen" and fifteen.rules == "sliding")

-- solvable() agrees with a brute-force search from the goal on small boards.
local function reachable_from_goal(w, h)
  local n, dirs = w * h, { { 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 } }
  local start = goal(w, h)
  local seen, queue, head = { [table.concat(start, ",")] = true }, { start }, 1
  while head <= #queue do
    local board = queue[head]; head = head + 1
    local blank
    for i = 1, n do if board[i] == 0 then blank = i end end
    local bx, by = (blank - 1) % w, (blank - 1) // w
    for _, d in ipairs(dirs) do
      local x, y = bx + d[1], by + d[2]
      if x >= 0 and y >= 0 and x < w and y < h then
        local next = table.move(board, 1, n, 1, {})
        local c = y * w + x + 1
        next[blank], next[c] = next[c], 0
        local key = table.concat(next, ",")
        if not seen[key] then seen[key] = true; queue[#queue + 1] = next end
      end
    end
  end
  return seen, #queue
end

local function permutations(n, f)
  local a = {}
  for i = 1, n do a[i] = i - 1 end
  local function permute(k)
    if k == 0 then return f(a) end
    for i = 1, k do
      a[i], a[k] = a[k], a[i]
      permute(k - 1)
      a[i], a[k] = a[k], a[i]
    end
  end
  permute(n)
end

for _, size in ipairs { { 2, 2 }, { 2, 3 }, { 3, 2 }, { 1, 4 }, { 4, 1 } } do
  local w, h = size[1], size[2]
  local seen, count = reachable_from_goal(w, h)
  local total, yes = 0, 0
  permutations(w * h, function(board)
    total = total + 1
    local s = solvable(board, w, h)
    assert(s == (seen[table.concat(board, ",")] == true), board_text(w, h, board))
    if s then yes = yes + 1 end
  end)
  assert(yes == count)
  if w > 1 and h > 1 then assert(yes * 2 == total) end
end

checkerror("not a permutation", solvable, { 1, 1, 2, 0 }, 2, 2)
checkerror("board size does not match", solvable, { 1, 2, 3, 0, 4 }, 2, 2)
checkerror("board side out of range", goal, 0, 3)

print("OK")
