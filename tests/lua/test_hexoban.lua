-- test_hexoban.lua: scripts/hexoban.lua on hand-made positions: the Hexoban (.hsb) layout in
-- both row parities, the six neighbours of a cell on even and odd rows, pushes in every
-- direction, what blocks a push, and the bundled levels. Run: tessera run tests/lua/test_hexoban.lua
print("testing hexoban")

local function checkerror(msg, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error")
  assert(string.find(err, msg, 1, true), "wrong error: " .. tostring(err))
end

-- The .hsb layout: cells in every other column, the odd rows one column further right.
local even_first = "# # # # # #\n # @ $ .   #\n# # # # # #\n"
local lv = assert(tessera.parse("hexoban", even_first))
assert(lv:topology() == "hex")
local w, h = lv:size()
assert(w == 6 and h == 3, "size " .. w .. "x" .. h)
assert(lv:player() == lv:cell(2, 2) and lv:object(lv:cell(3, 2)) == "box")
assert(lv:floor(lv:cell(4, 2)) == "goal" and lv:floor(lv:cell(5, 2)) == "floor")
assert(tostring(lv) == even_first, "written back as read: " .. tostring(lv))
assert(lv:move("east") == "push" and lv:solved())
assert(tostring(lv) == "# # # # # #\n #   @ *   #\n# # # # # #\n")

-- A file whose first row is the shifted one gets a blank row on top, so that odd grid rows
-- stay the shifted ones; it is written back without it.
local odd_first = " # # # # # #\n# @ $ .   #\n # # # # # #\n"
lv = assert(tessera.parse("hexoban", odd_first))
w, h = lv:size()
assert(w == 6 and h == 4, "size " .. w .. "x" .. h)
assert(lv:player() == lv:cell(2, 3))
assert(tostring(lv) == odd_first, "written back as read: " .. tostring(lv))
assert(lv:play("D") and lv:solved())

-- One character per cell (no filler columns) still reads as a compact hex level.
lv = assert(tessera.parse("hexoban", "######\n#@$. #\n######\n"))
w, h = lv:size()
assert(w == 6 and h == 3 and lv:play("D") and lv:solved())

-- A stray glyph in an .hsb row is reported where it is.
local bad, msg = tessera.parse("hexoban", "# # # # #\n # @ $ . x\n# # # # #\n")
assert(bad == nil and msg:find(":2:10:", 1, true) and msg:find("'x'", 1, true), msg)

-- The six neighbours, on an odd row and on an even row (odd rows are shifted right).
local room = {
  "# # # # # # # # #",
  " #   $ .         #",
  "#               #",
  " #       @       #",
  "#               #",
  " #               #",
  "# # # # # # # # #",
}
lv = assert(tessera.parse("hexoban", table.concat(room, "\n")))
local start = lv:cell(5, 4)
assert(lv:player() == start)
local expect_odd = {
  east = { 6, 4 }, southeast = { 6, 5 }, southwest = { 5, 5 },
  west = { 4, 4 }, northwest = { 5, 3 }, northeast = { 6, 3 },
}
for dir, xy in pairs(expect_odd) do
  assert(lv:move(dir) == "walk", dir)
  local x, y = lv:xy(lv:player())
  assert(x == xy[1] and y == xy[2], dir .. " from an odd row went to " .. x .. "," .. y)
  assert(lv:undo() and lv:player() == start)
end
assert(lv:move("northwest") == "walk")        -- now on row 3, an even row
local even = lv:player()
local expect_even = {
  east = { 6, 3 }, southeast = { 5, 4 }, southwest = { 4, 4 },
  west = { 4, 3 }, northwest = { 4, 2 }, northeast = { 5, 2 },
}
for dir, xy in pairs(expect_even) do
  assert(lv:move(dir) == "walk", dir)
  local x, y = lv:xy(lv:player())
  assert(x == xy[1] and y == xy[2], dir .. " from an even row went to " .. x .. "," .. y)
  assert(lv:undo() and lv:player() == even)
end
assert(lv:undo() and lv:player() == start)

-- A push in each of the six directions moves the box one cell on, and undoes.
local offsets = {   -- [row parity (0-based)][dir] = dx, dy
  [0] = { east = { 1, 0 }, southeast = { 0, 1 }, southwest = { -1, 1 },
          west = { -1, 0 }, northwest = { -1, -1 }, northeast = { 0, -1 } },
  [1] = { east = { 1, 0 }, southeast = { 1, 1 }, southwest = { 0, 1 },
          west = { -1, 0 }, northwest = { 0, -1 }, northeast = { 1, -1 } },
}
local function step(cell, dir)
  local x, y = lv:xy(cell)
  local d = offsets[(y - 1) % 2][dir]
  return lv:cell(x + d[1], y + d[2])
end
for _, dir in ipairs(tessera.dirs("hex")) do
  assert(lv:move(dir) == "walk")
  local next_cell = lv:player()
  assert(lv:undo())
  lv:set_object(next_cell, "box")
  local pushes = lv:pushes()
  assert(lv:move(dir) == "push", dir)
  assert(lv:player() == next_cell and lv:object(next_cell) == "player")
  assert(lv:pushes() == pushes + 1)
  assert(next_cell == step(start, dir))
  assert(lv:object(step(next_cell, dir)) == "box", dir .. ": the box went one cell on")
  assert(lv:undo() and lv:player() == start)
  assert(lv:object(next_cell) == "box")
  lv:set_object(next_cell, nil)
end

-- Two boxes in a row, or a box against a wall, do not move.
lv = assert(tessera.parse("hexoban", "# # # # # # #\n # @ $ $ . . #\n# # # # # # #\n"))
assert(lv:move("east") == nil and lv:moves() == 0)
lv = assert(tessera.parse("hexoban", "# # # # #\n # . @ $ #\n# # # # #\n"))
assert(lv:move("east") == nil)
checkerror("unknown hex direction 'up'", lv.move, lv, "up")

-- The bundled levels load, play their known solutions to solved, and the solver solves one.
local first, count = assert(tessera.load("hexoban"))
assert(count >= 8, "at least 8 levels, found " .. tostring(count))
assert(first:topology() == "hex" and first:title() ~= nil)
local sol = first:solve(10)
assert(sol, "the push solver solves a hex level")
assert(first:play(sol) and first:solved())

print("OK")
