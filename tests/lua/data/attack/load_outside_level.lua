-- tessera.load(game, FILE) with a file outside the sandbox: refused, and in the same words
-- whether that file exists or not (the answer must not tell).
local c = loadfile("_common.lua")(select(2, ...))
local lv, there = tessera.load("sokoban", c.secret)
assert(not lv, "an outside file was read as a level")
local missing = c.outside .. "/no-such-file.txt"
local lv2, absent = tessera.load("sokoban", missing)
assert(not lv2)
local a = there:gsub(c.secret:gsub("%p", "%%%0"), "NAME")
local b = absent:gsub(missing:gsub("%p", "%%%0"), "NAME")
assert(a == b, "the answers differ: '" .. there .. "' and '" .. absent .. "'")
local lv3, shadow = tessera.load("sokoban", "/etc/shadow")
assert(not lv3 and shadow:find("outside the folders scripts may read", 1, true), shadow)
error(there, 0)
