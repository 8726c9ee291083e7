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
assert(io.open == nil and io.popen == nil and io.lines == nil and io.input == nil and io.output == nil)
assert(io.write and io.read and io.stdout and io.stderr)  -- tests and bots may print
assert(package == nil and debug == nil and dofile == nil and loadfile == nil)
assert(string.dump == nil)
assert(require("os").execute == nil)         -- require hands out only the trimmed tables
assert(require("io").open == nil and require("io").popen == nil)
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

-- The game sandbox has the same closed doors (the probe game asserts them as it loads).
local lv, err = tessera.parse(data .. "sandbox_probe.lua", "####\n#@ #\n####\n")
assert(lv, err)

-- A script that never finishes is stopped by the instruction limit ...
lv, err = tessera.load(data .. "loop_load.lua")
assert(lv == nil and err:find("loop_load.lua:3: script ran too long (instruction limit)", 1, true), err)

-- ... also inside a hook, and the level stays usable.
lv = assert(tessera.parse(data .. "loop_hook.lua", "####\n#@ #\n####\n"))
checkerror("loop_hook.lua:12: script ran too long (instruction limit)", lv.move, lv, "right")
assert(lv:moves() == 1 and lv:undo() and lv:player() == 6)

-- A memory bomb is stopped by the memory cap.
lv, err = tessera.load(data .. "memory_bomb.lua")
assert(lv == nil and err:find("not enough memory", 1, true), err)
assert(err:find("memory_bomb.lua:4:", 1, true), err)

print("OK")
