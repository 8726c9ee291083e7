-- level:around reads opts.self; the options' __index closes the level in the middle of the
-- call. Read raw, the __index never runs: the cells come back as for a plain table, and the
-- level is still open afterwards.
local lv = assert(tessera.parse("sokoban", "#####\n#@$.#\n#####\n"))
local ran = false
local opts = setmetatable({}, { __index = function()
  ran = true
  do local c <close> = lv end
  collectgarbage()
  return true
end })
local cells = lv:around(7, opts)
assert(not ran and #cells == 4 and lv:player() == 7, "around ran the options' __index")
assert(not pcall(lv.around, lv, 7, "yes"), "around took a string for its options")
return loadfile("_common.lua")(select(2, ...)).game
