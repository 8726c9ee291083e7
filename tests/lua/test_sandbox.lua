-- test_sandbox.lua: what scripts cannot do. The runner's own sandbox is checked directly;
-- the game sandbox (stricter: a memory cap and an instruction limit) through test games in
-- data/. Run: tessera run tests/lua/test_sandbox.lua
print("testing sandbox")

local here = arg and arg[0] and arg[0]:match("^(.*)/") or "."
local data = here .. "/data/"

local function checkerror(msg, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error")
  assert(string.find(err, msg, 1, true), "wrong error: " .. tostring(err))
end

-- No way out to the system.
assert(os.execute == nil and os.remove == nil and os.rename == nil and os.exit == nil)
assert(os.getenv == nil and os.tmpname == nil and os.setlocale == nil)
assert(type(os.time()) == "number" and type(os.clock()) == "number" and type(os.date()) == "string")
assert(io.popen == nil and io.input == nil and io.output == nil and io.close == nil and io.tmpfile == nil)
assert(io.write and io.read and io.stdout and io.stderr)  -- tests and bots may print
assert(package == nil and debug == nil)
assert(string.dump == nil)
assert(require("os").execute == nil)         -- require hands out only the trimmed tables
assert(require("io").popen == nil and require("io").open == io.open)
checkerror("module 'debug' not found", require, "debug")
checkerror("bad module name", require, "../scripts/sokoban")
checkerror("bad module name", require, "/etc/passwd")
checkerror("module 'no_such_module' not found", require, "no_such_module")
assert(require "sokoban" == require "sokoban") -- a module loads once

-- load compiles text only.
local f, msg = load("\27Lua\84\0binary")
assert(f == nil and msg:find("binary", 1, true))
f, msg = load(function() return nil end, "=empty", "b")  -- asking for binary mode is ignored
assert(f and f() == nil)
assert(load("return 1 + 1")() == 2)
local env = { x = 5 }
assert(load("return x", "=env", "t", env)() == 5)
assert(load("x = 7", "=env", "t", env) and env.x == 5)
checkerror("option 'stop' is not allowed", collectgarbage, "stop")
checkerror("option 'generational' is not allowed", collectgarbage, "generational")
assert(collectgarbage("count") > 0 and collectgarbage() == 0)

-- Reading files: only under the script's own folder (here tests/lua), the scripts and levels
-- folders and the mods folders, with every path resolved (no "..", no symlink out). Each
-- escape is tried and must be refused:
local function refused(f, msg, ...)
  assert(f == nil, "expected a refusal")
  assert(msg:find("outside the folders scripts may read", 1, true) or msg:find("not allowed", 1, true)
         or msg:find("no such file", 1, true), msg)
end
local outside = "outside the folders scripts may read"
--  1. writing, in every mode that writes
for _, mode in ipairs { "w", "a", "r+", "w+", "a+", "wb" } do
  local f, msg = io.open(data .. "small.xsb", mode)
  assert(f == nil and msg:find("mode '" .. mode .. "' is not allowed", 1, true), msg)
end
--  2. an absolute path elsewhere
local f, msg = io.open("/etc/passwd")
assert(f == nil and msg:find(outside, 1, true), msg)
--  3. climbing out with ".." (relative to the script's folder, and inside an absolute path)
f, msg = io.open("../../README.md")
assert(f == nil and msg:find(outside, 1, true), msg)
f, msg = io.open(data .. "../../../README.md")
assert(f == nil and msg:find(outside, 1, true), msg)
--  4. a symlink to a file outside, and a symlinked folder leading outside
f, msg = io.open(data .. "escape_link")
assert(f == nil and msg:find(outside, 1, true), msg)
f, msg = io.open(data .. "escape_dir/app/main.c")
assert(f == nil and msg:find(outside, 1, true), msg)
f, msg = io.open(data .. "outside_mod.lua")
assert(f == nil and msg:find(outside, 1, true), msg)
--  5. io.lines, loadfile and dofile go through the same check
checkerror(outside, io.lines, "/etc/passwd")
checkerror(outside, io.lines, data .. "escape_link")
f, msg = loadfile(data .. "outside_mod.lua")
assert(f == nil and msg:find(outside, 1, true), msg)
f, msg = loadfile("/etc/passwd")
assert(f == nil and msg:find(outside, 1, true), msg)
checkerror(outside, dofile, data .. "escape_dir/app/main.c")
--  6. require through a symlinked module file
checkerror("is outside the folders scripts may read", require, "data.outside_mod")
--  7. a binary chunk from a file
f, msg = loadfile(data .. "binary.luac")
assert(f == nil and msg:find("binary", 1, true), msg)
--  8. a file that does not exist says so
f, msg = io.open(data .. "no_such_file.txt")
assert(f == nil and msg:find("no such file", 1, true), msg)
-- What is allowed: reading files under the script's own folder, by absolute or relative
-- name, through a symlink that stays inside, with io.open, io.lines, loadfile and dofile.
f = assert(io.open(data .. "small.xsb"))
local first = f:read("l")
assert(type(first) == "string")
assert(f:write("x") == nil)                  -- a read-only handle
f:close()
f = assert(io.open("data/inside_link.xsb", "rb"))
assert(f:read("l") == first)
f:close()
local n = 0
for line in io.lines(data .. "small.xsb") do n = n + 1 end
assert(n > 3)
assert(loadfile(data .. "data_chunk.lua")().answer == 42)
assert(loadfile(data .. "data_chunk.lua", "t", {})().answer == 42)
assert(dofile(data .. "data_chunk.lua").answer == 42)
assert(io.type(io.stdout) == "file")

-- The game sandbox has the same closed doors (the probe game asserts them as it loads).
local lv, err = tessera.parse(data .. "sandbox_probe.lua", "####\n#@ #\n####\n")
assert(lv, err)

-- A script that never finishes is stopped by the instruction limit ...
lv, err = tessera.load(data .. "loop_load.lua")
assert(lv == nil and err:find("loop_load.lua:3:1: script ran too long (instruction limit)", 1, true), err)

-- ... also inside a hook, and the level stays usable.
lv = assert(tessera.parse(data .. "loop_hook.lua", "####\n#@ #\n####\n"))
checkerror("loop_hook.lua:12:7: script ran too long (", lv.move, lv, "right")
assert(lv:moves() == 0 and not lv:undo() and lv:player() == 6)   -- the move went with its hook

-- A runaway recursion in a hook, again and again: each time the stack overflows at the
-- hook's line. (The traceback of a 250,000-level stack used to be walked to its bottom dozens
-- of times per error: from the second move on, the call ran out of time, reported with no
-- line, after a second and more.)
lv = assert(tessera.parse(data .. "deep_hook.lua", "#####\n#@  #\n#####\n"))
for i = 1, 6 do
  local ok, e = pcall(lv.move, lv, "right")
  assert(not ok and e:find("deep_hook.lua:10:", 1, true) and e:find("stack overflow", 1, true), i .. ": " .. tostring(e))
end
assert(lv:moves() == 0)

-- An error that carries no position of its own (a nil, a number, a text raised at level 0,
-- a text naming another file) is reported at the script's line that raised it.
lv = assert(tessera.parse(data .. "hook_error_values.lua", "#####\n#   #\n# @ #\n#   #\n#$. #\n#####\n"))
checkerror("hook_error_values.lua:8:5: (error object is a nil value)", lv.move, lv, "right")
checkerror("hook_error_values.lua:9:5: plain text", lv.move, lv, "left")
checkerror("hook_error_values.lua:10:5: 42", lv.move, lv, "up")
checkerror("hook_error_values.lua:11:5: /etc/passwd:1:1: a position in another file", lv.move, lv, "down")
-- ... and so does one that names a line of another file the game loaded (a module, or the game
-- it extends): it was raised here, and a mod could blame another game's script for its errors.
lv = assert(tessera.parse(data .. "blame.lua", "####\n#@ #\n####\n"))
local ok, e = pcall(lv.move, lv, "right")
assert(not ok and e:find("blame.lua:10:5: ", 1, true) and e:find("blame_helper.lua:2: attempt to index", 1, true), e)
assert(e:find("blame.lua:10:5: ", 1, true) < e:find("blame_helper.lua:2:", 1, true), e)

-- A chunk made by load cannot pose as a file in messages: "@NAME" and "=NAME" show as
-- "load:NAME", and the message says which script line ran it.
local ok, msg = pcall(load("error('x')", "@scripts/sokoban.lua"))
assert(not ok and msg:find("load:scripts/sokoban.lua:1: x", 1, true) == 1, msg)

-- A memory bomb is stopped by the memory cap.
lv, err = tessera.load(data .. "memory_bomb.lua")
assert(lv == nil and err:find("not enough memory", 1, true), err)
assert(err:find("memory_bomb.lua:4:", 1, true), err)

print("OK")
