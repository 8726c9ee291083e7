-- level:hint in a loop on a small level: many short searches, each clearing its tables; their
-- time is work of the call (stopped by the count, not only by the clock).
local lv = assert(tessera.parse("sokoban", "##########\n#@ $  $ .#\n#  $ ## .#\n#     # .#\n##########\n"))
while true do lv:hint(5) end
