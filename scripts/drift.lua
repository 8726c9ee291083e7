-- drift.lua: robots on a slippery floor. A robot set moving slides until something stops it:
-- a wall, or another robot. Bring the red rover onto the target; the grey robots are there
-- to be stopped against. There is no pushing: robots only block each other.
--
-- The game's own action, slide, takes the selected robot and a direction (the arrow keys);
-- Tab, a digit or a click chooses the robot. What slide changes is one undo step, and the
-- robot's motion is drawn from it.

local function blocked(level, c)
  if not c or level:object(c) then return true end
  local f = level:floor(c)
  return f == "wall" or f == "void"
end

-- Where a robot at from stops sliding in dir.
local function slide_end(level, from, dir)
  local at = from
  while not blocked(level, level:neighbour(at, dir)) do at = level:neighbour(at, dir) end
  return at
end

-- The solver's guide: how many slides the rover needs at least, if it could stop anywhere
-- (straight runs between walls, robots ignored), from a breadth-first search back from the
-- targets. It never says more than the truth, so solutions stay shortest.
local dirs = tessera.dirs("square")
local function open_cell(level, c)
  if not c then return false end
  local f = level:floor(c)
  return f ~= "wall" and f ~= "void"
end

-- The distances depend only on the board's floors, which slides never change: found once
-- per board and kept.
local maps = {}

local function distance_map(level)
  local w, h = level:size()
  local key = w .. "x" .. h .. ":" .. table.concat(level:floors(), ",")
  local dist = maps[key]
  if dist then return dist end
  dist = {}
  local queue, head = {}, 1
  for _, t in ipairs(level:goals()) do
    dist[t] = 0
    queue[#queue + 1] = t
  end
  while head <= #queue do
    local c = queue[head]
    head = head + 1
    for _, d in ipairs(dirs) do
      local n = level:neighbour(c, d)
      while open_cell(level, n) do
        if not dist[n] then
          dist[n] = dist[c] + 1
          queue[#queue + 1] = n
        end
        n = level:neighbour(n, d)
      end
    end
  end
  maps[key] = dist
  return dist
end

local function slides_left(level)
  local dist = distance_map(level)
  for _, p in ipairs(level:players()) do
    if level:object(p) == "rover" then return dist[p] or 0 end
  end
  return 0
end

return tessera.game {
  name = "Drift",
  description = "Robots slide until they hit something: bring the rover home",
  rules = "actions",

  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["."] = { "target", goal = true },
    ["@"] = { "rover", player = true, sprite = "player" },
    ["+"] = { "rover", "target" },
    ["r"] = { "robot", player = true },
    ["R"] = { "robot", "target" },
    { "void", void = true },
  },

  actions = {
    slide = { dirs = true, help = "the selected robot slides until something stops it" },
  },

  act = function(level, action)
    local from = action.cell
    if not from or not level:object(from) then return false end
    local to = slide_end(level, from, action.dir)
    if to == from then return false end       -- against a wall already: nothing happens
    level:move_object(from, to)
  end,

  solved = function(level)
    for _, t in ipairs(level:goals()) do
      if level:object(t) == "rover" then return true end
    end
    return false
  end,

  heuristic = slides_left,

  levels = "drift/drift.xsb",

  help = {
    "Bring the red rover onto the target.",
    "A robot slides until a wall or another robot stops it.",
    "The grey robots can be moved too: park them where the rover must stop.",
    "Tab, a digit or a click selects a robot; the arrow keys set it sliding.",
  },
}
