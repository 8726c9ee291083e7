-- level:reachable() in a loop on a 400 x 400 level: each call walks 160 000 cells in C.
local rows = { ("#"):rep(400) }
for y = 2, 399 do rows[y] = "#" .. (" "):rep(398) .. "#" end
rows[400] = ("#"):rep(400)
rows[2] = "#@" .. (" "):rep(397) .. "#"
local lv = assert(tessera.parse("sokoban", table.concat(rows, "\n") .. "\n"))
while true do lv:reachable() end
