-- lights.lua: Lights Out. Pressing a light toggles it and the lights next to it (up, down,
-- left and right); turn every light off. There is no player: a click (or Space at the
-- keyboard cursor) presses a light.
--
-- Levels are grids of O (lit) and . (dark), one row per line; a space is no light at all, so
-- boards may have any shape. The game's own action, press, is all the rules there are: the C
-- host records what it changes, so undo, replay, hints and the solver come for free.

-- The solver's guide: how many presses a position still needs, found by linear algebra over
-- GF(2) (pressing twice is not pressing; the order of presses does not matter). For each
-- board shape, once: which presses clear each single light, and the presses that change
-- nothing; then a position needs the fewest presses among its solutions.
local shapes = {}

local function popcount(x)
  local n = 0
  while x ~= 0 do
    x = x & (x - 1)
    n = n + 1
  end
  return n
end

-- The board's lights (cells that are not void), numbered 0.., and their neighbours.
local function shape_of(level)
  local w, h = level:size()
  local key = {}
  local cells, index = {}, {}
  for c = 1, w * h do
    if level:floor(c) ~= "void" then
      cells[#cells + 1] = c
      index[c] = #cells - 1
      key[#key + 1] = c
    end
  end
  local id = w .. "x" .. h .. ":" .. table.concat(key, ",")
  local shape = shapes[id]
  if shape then return shape end
  local n = #cells
  assert(n <= 63, "the heuristic handles boards of at most 63 lights")
  -- Row i of the system: the presses (bit j) that toggle light i, with the identity beside it
  -- to track which combination of lights each row stands for.
  local rows, track = {}, {}
  for i, c in ipairs(cells) do
    local mask = 0
    for _, d in ipairs(level:around(c, { self = true })) do
      if index[d] then mask = mask | (1 << index[d]) end
    end
    rows[i], track[i] = mask, 1 << (i - 1)
  end
  -- Gauss-Jordan elimination: pivots give each light's clearing presses; the presses with
  -- no pivot span the moves that change nothing.
  local pivot_of, r = {}, 1
  for col = 0, n - 1 do
    local p = nil
    for i = r, n do
      if rows[i] & (1 << col) ~= 0 then p = i break end
    end
    if p then
      rows[r], rows[p] = rows[p], rows[r]
      track[r], track[p] = track[p], track[r]
      for i = 1, n do
        if i ~= r and rows[i] & (1 << col) ~= 0 then
          rows[i] = rows[i] ~ rows[r]
          track[i] = track[i] ~ track[r]
        end
      end
      pivot_of[col] = r
      r = r + 1
    end
  end
  -- clear[i]: the presses (as pivot columns) that a lit light i asks for.
  local clear = {}
  for i = 0, n - 1 do
    local presses = 0
    for col, row in pairs(pivot_of) do
      if track[row] & (1 << i) ~= 0 then presses = presses | (1 << col) end
    end
    clear[i] = presses
  end
  -- The null space: for each free column f, pressing f and the pivots its column needs.
  local null = {}
  for f = 0, n - 1 do
    if not pivot_of[f] then
      local v = 1 << f
      for col, row in pairs(pivot_of) do
        if rows[row] & (1 << f) ~= 0 then v = v | (1 << col) end
      end
      null[#null + 1] = v
    end
  end
  local combos = { 0 }
  for _, v in ipairs(null) do
    for k = 1, #combos do combos[#combos + 1] = combos[k] ~ v end
  end
  shape = { cells = cells, clear = clear, combos = combos }
  shapes[id] = shape
  return shape
end

local function presses_needed(level)
  local shape = shape_of(level)
  local x = 0
  for i, c in ipairs(shape.cells) do
    if level:floor(c) == "lit" then x = x ~ shape.clear[i - 1] end
  end
  local best = math.huge
  for _, z in ipairs(shape.combos) do
    local k = popcount(x ~ z)
    if k < best then best = k end
  end
  return best
end

-- The cells a press at cell toggles (itself first, then its neighbours), per board size:
-- found once, so that a press (the solver tries hundreds of thousands) makes no table. The
-- size is key enough: this script plays one game, and all of a game's levels have its
-- topology (square here; hex in a game extending this one, which gets its own copy).
local presses = {}

local function pressed_by(level, cell)
  local w, h = level:size()
  local key = w * 4096 + h
  local board = presses[key]
  if not board then
    board = {}
    presses[key] = board
  end
  local list = board[cell]
  if not list then
    list = level:around(cell, true)
    board[cell] = list
  end
  return list
end

return tessera.game {
  name = "Lights Out",
  description = "Press the lights until every one is off",
  rules = "actions",

  tiles = {
    ["O"] = { "lit", sprite = "light_on" },
    ["."] = { "dark", sprite = "light_off" },
    [" "] = { "void", void = true },          -- no light here: boards may have any shape
  },

  actions = {
    press = { click = true, help = "toggle a light and the lights next to it" },
  },

  -- One press: the light and its neighbours change. Everything set here is one undo step.
  act = function(level, action)
    local cell = action.cell
    if level:floor(cell) == "void" then return false end
    for _, c in ipairs(pressed_by(level, cell)) do  -- the light itself, then its neighbours
      local f = level:floor(c)
      if f == "lit" then level:set_floor(c, "dark")
      elseif f == "dark" then level:set_floor(c, "lit") end
    end
  end,

  solved = function(level) return level:count("lit") == 0 end,

  heuristic = presses_needed,

  levels = "lights/lights.txt",

  help = {
    "Turn every light off.",
    "Pressing a light toggles it and its neighbours above, below, left and right.",
    "Pressing the same light twice undoes the press; the order does not matter.",
    "Arrows move the cursor; Space or Return presses the light under it.",
  },
}
