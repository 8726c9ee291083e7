-- io.open, io.lines, loadfile and dofile of a file outside: climbing out with "..", and by
-- the absolute name when the test runs with one.
local c = loadfile("_common.lua")(select(2, ...))
local f, msg = io.open(c.secret_here)
assert(not f, "io.open read the secret")
for _, name in ipairs { c.secret_here, c.secret:sub(1, 1) == "/" and c.secret or nil } do
  local g, why = io.open(name)
  assert(not g and why:find("outside the folders scripts may read", 1, true), why)
  assert(not pcall(io.lines, name))
  assert(not loadfile(name))
  assert(not pcall(dofile, name))
end
error(msg, 0)
