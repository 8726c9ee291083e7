-- fifteen.lua: the 15-puzzle and its N x M relatives. Slide the numbered tiles into
-- reading order, 1 2 3 ... with the blank last.
--
-- Boards come from level files (one board per line: the numbers in reading order, 0 for the
-- blank) or from scramble below. The C engine slides the tiles; this file says how to
-- shuffle and what to say at the end.

-- Whether board (a flat list) is the goal: 1, 2, ..., n-1, then the blank.
local function in_order(board)
  local n = #board
  for i = 1, n - 1 do
    if board[i] ~= i then return false end
  end
  return board[n] == 0
end

-- A random board that sliding can solve. Half of all arrangements cannot be reached, so a
-- random permutation whose parity is wrong gets two of its tiles swapped, which flips it.
local function scramble(w, h)
  local n = w * h
  local board = tessera.sliding.goal(w, h)
  if n <= 2 then
    board[1], board[n] = board[n], board[1]   -- the only other reachable board
    return board
  end

  if w == 1 or h == 1 then
    -- On a single row or column the blank can only shift: the tiles stay in order.
    local blank = math.random(1, n - 1)       -- never the last cell: that is the goal
    local shifted, k = {}, 1
    for i = 1, n do
      if i == blank then shifted[i] = 0 else shifted[i], k = k, k + 1 end
    end
    return shifted
  end

  repeat
    for i = n, 2, -1 do                       -- Fisher-Yates shuffle
      local j = math.random(1, i)
      board[i], board[j] = board[j], board[i]
    end
    if not tessera.sliding.solvable(board, w, h) then
      local a = board[1] ~= 0 and 1 or 2      -- two tiles that are not the blank
      local b = (board[a + 1] ~= 0) and a + 1 or a + 2
      board[a], board[b] = board[b], board[a]
    end
  until not in_order(board)
  return board
end

return tessera.game {
  name = "Fifteen",
  description = "Slide the numbered tiles into order",
  rules = "sliding",
  size = { 4, 4 },

  tiles = {
    [" "] = { "floor" },                      -- the board under the tiles
    { "tile", numbered = true },              -- a numbered tile (the number is on the board)
  },

  levels = "fifteen/boards.txt",
  solved = "tiles in order",

  scramble = scramble,

  on_solved = function(level)
    return "Well done!"
  end,

  help = {
    "Put the tiles in order: 1, 2, 3, ... with the gap last.",
    "Arrow keys move a tile into the gap.",
    "Click a tile in the gap's row or column to slide it (and those between).",
    "Space: a new shuffle.",
  },
}
