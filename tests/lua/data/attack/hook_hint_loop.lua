-- level:hint in a loop on a small level: many short searches, each clearing its tables.
-- In an on_move hook: each move's hook may take about half a second of CPU (HOST_HOOK_SECONDS),
-- however the time is spent.
return tessera.game {
  name = "Hook attack",
  tiles = { ["#"] = { "wall", solid = true }, [" "] = { "floor" }, ["@"] = { "player", player = true } },
  on_move = function(level, move)
    local lv = assert(tessera.parse("sokoban", "##########\n#@ $  $ .#\n#  $ ## .#\n#     # .#\n##########\n"))
    while true do lv:hint(5) end
  end,
}
