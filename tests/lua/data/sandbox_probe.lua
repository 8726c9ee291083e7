-- sandbox_probe.lua: a test game that loads only if its sandbox lacks every dangerous door.
local function absent(v, what) assert(v == nil, what .. " should not be reachable from a game") end

absent(io, "io")
absent(debug, "debug")
absent(package, "package")
absent(dofile, "dofile")
absent(loadfile, "loadfile")
absent(os.execute, "os.execute")
absent(os.remove, "os.remove")
absent(os.rename, "os.rename")
absent(os.getenv, "os.getenv")
absent(os.exit, "os.exit")
absent(string.dump, "string.dump")
absent(require("os").execute, "require('os').execute")
assert(not pcall(require, "io"), "require 'io' should fail")
assert(not pcall(require, "../scripts/sokoban"), "require of a path should fail")
local f, msg = load("\27Lua binary chunk")
assert(f == nil and msg:find("binary"), "binary chunks should be refused")
assert(not pcall(collectgarbage, "stop"), "collectgarbage('stop') should be refused")
assert(type(os.time()) == "number" and type(os.clock()) == "number" and type(os.date("%Y")) == "string")

return tessera.game {
  name = "Probe",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["@"] = { "player", player = true },
  },
}
