-- level:deadlocks() in a loop on a 200 x 200 level with 100 goals: each call builds a table
-- per goal over every cell.
local rows = { ("#"):rep(200) }
for y = 2, 199 do rows[y] = "#" .. (" "):rep(198) .. "#" end
rows[200] = ("#"):rep(200)
rows[2] = "#@" .. (" "):rep(197) .. "#"
for i = 1, 100 do
  local y = 3 + (i % 50) * 3
  local row = rows[y]
  local x = 10 + (i // 50) * 40
  rows[y] = row:sub(1, x - 1) .. "$ ." .. row:sub(x + 3)
end
local lv = assert(tessera.parse("sokoban", table.concat(rows, "\n") .. "\n"))
while true do lv:deadlocks() end
