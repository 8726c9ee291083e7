-- primitives.lua: the move and reachability primitives timed from Lua, run by `tessera bench`.
-- Each figure is set beside the same work written in pure Lua in the same process, so the
-- comparison says what the C host is worth to a script: a per-move call costs about what a
-- small Lua function costs, while a primitive that does real work per call wins by far.
-- Prints one JSON line per benchmark.  Run: tessera run tests/bench/primitives.lua [quick]

local quick = arg and arg[1] == "quick"
local CORRIDOR = 1000
local ROUNDS = quick and 200 or 1000

local function report(name, count, seconds, extra)
  print(string.format('{"bench":"%s","count":%d,"seconds":%.3f,"per_second":%.0f%s}',
    name, count, seconds, count / seconds, extra or ""))
end

-- A box pushed along a long corridor, the same level the C benchmark uses.
local corridor = "#@$" .. string.rep(" ", CORRIDOR - 1) .. ".#\n"

-- {=== through the binding: one level:move call per push ===================================
do
  local pushes, seconds = 0, 0
  for _ = 1, ROUNDS do
    local level = assert(tessera.parse("sokoban", corridor))
    local t0 = os.clock()
    for _ = 1, CORRIDOR - 1 do
      if level:move("right") == "push" then pushes = pushes + 1 end
    end
    seconds = seconds + (os.clock() - t0)
  end
  report("moves_lua", pushes, seconds)
end

-- {=== the same push rule in pure Lua: grid, history records and an incremental hash ========
do
  local WALL, FLOOR, GOAL = 1, 2, 3
  local n = #corridor - 1
  local keys_box, keys_player = {}, {}
  for c = 1, n do keys_box[c], keys_player[c] = math.random(1 << 62), math.random(1 << 62) end
  local function new_level()
    local floor, obj = {}, {}
    for c = 1, n do
      local ch = corridor:sub(c, c)
      floor[c] = ch == "#" and WALL or ch == "." and GOAL or FLOOR
      obj[c] = ch == "$" and "box" or ch == "@" and "player" or false
    end
    local hash = 0
    for c = 1, n do
      if obj[c] == "box" then hash = hash ~ keys_box[c] elseif obj[c] == "player" then hash = hash ~ keys_player[c] end
    end
    return { floor = floor, obj = obj, player = 2, hash = hash, history = {}, moves = 0, pushes = 0 }
  end
  local function move(lv, step)
    local p = lv.player
    local to = p + step
    local floor, obj = lv.floor, lv.obj
    if floor[to] == WALL then return nil end
    if obj[to] == "box" then
      local beyond = to + step
      if floor[beyond] == WALL or obj[beyond] then return nil end
      obj[beyond], obj[to], obj[p] = "box", "player", false
      lv.hash = lv.hash ~ keys_box[to] ~ keys_box[beyond] ~ keys_player[p] ~ keys_player[to]
      lv.player, lv.moves, lv.pushes = to, lv.moves + 1, lv.pushes + 1
      lv.history[#lv.history + 1] = { p, to, beyond }
      return "push"
    end
    if obj[to] then return nil end
    obj[to], obj[p] = "player", false
    lv.hash = lv.hash ~ keys_player[p] ~ keys_player[to]
    lv.player, lv.moves = to, lv.moves + 1
    lv.history[#lv.history + 1] = { p, to }
    return "walk"
  end
  local pushes, seconds = 0, 0
  for _ = 1, ROUNDS do
    local level = new_level()
    local t0 = os.clock()
    for _ = 1, CORRIDOR - 1 do
      if move(level, 1) == "push" then pushes = pushes + 1 end
    end
    seconds = seconds + (os.clock() - t0)
  end
  report("moves_pure_lua", pushes, seconds)
end

-- {=== the player's reachable region: one binding call against a pure-Lua flood fill ========
do
  local W, H = 48, 48
  local rows = {}
  for y = 1, H do
    local row = {}
    for x = 1, W do
      local edge = x == 1 or y == 1 or x == W or y == H
      row[x] = edge and "#" or (x % 7 == 0 and y % 5 == 0) and "$" or (x % 7 == 0 and y % 5 == 1) and "." or " "
    end
    rows[y] = table.concat(row)
  end
  rows[2] = "#@" .. rows[2]:sub(3)
  local level = assert(tessera.parse("sokoban", table.concat(rows, "\n") .. "\n"))
  local calls = quick and 2000 or 10000

  local t0 = os.clock()
  local count
  for _ = 1, calls do _, count = level:reachable() end
  report("reach_lua", calls, os.clock() - t0, string.format(',"cells":%d', count))

  -- Pure Lua: the same flood fill over the same grid, read once through the bulk accessors.
  local floors, objects = level:floors(), level:objects()
  local open = {}
  for c = 1, W * H do open[c] = floors[c] ~= "wall" and not objects[c] end
  local start = level:player()
  local steps = { -W, 1, W, -1 }
  local function flood()
    local seen, queue, head, tail = { [start] = true }, { start }, 1, 1
    while head <= tail do
      local c = queue[head]
      head = head + 1
      for i = 1, 4 do
        local m = c + steps[i]
        if open[m] and not seen[m] then
          seen[m] = true
          tail = tail + 1
          queue[tail] = m
        end
      end
    end
    return seen, tail
  end
  local t1 = os.clock()
  local pure_count
  for _ = 1, calls do _, pure_count = flood() end
  assert(pure_count == count, "the two flood fills disagree")
  report("reach_pure_lua", calls, os.clock() - t1, string.format(',"cells":%d', pure_count))
end
