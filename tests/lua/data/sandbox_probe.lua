-- sandbox_probe.lua: a test game that loads only if its sandbox lacks every dangerous door.
local function absent(v, what) assert(v == nil, what .. " should not be reachable from a game") end

-- Globals are strict in games (reading an undeclared one raises), so look without the check.
absent(rawget(_G, "debug"), "debug")
absent(rawget(_G, "package"), "package")
absent(io.popen, "io.popen")
absent(io.close, "io.close")       -- would close the game's standard output
absent(io.read, "io.read")
absent(io.write, "io.write")
absent(io.input, "io.input")
absent(io.output, "io.output")
absent(io.stdout, "io.stdout")
assert(select(2, io.open("/etc/passwd")):find("outside the folders", 1, true), "reading outside should fail")
assert(select(2, io.open("probe.txt", "w")):find("not allowed", 1, true), "writing should fail")
assert(not pcall(io.lines), "io.lines() (standard input) should fail in a game")
assert(not pcall(dofile), "dofile() (standard input) should fail")
assert(loadfile("/etc/passwd") == nil, "loadfile outside should fail")
local own = assert(io.open("small.xsb"), "a game reads files in its own folder")
own:close()
absent(os.execute, "os.execute")
absent(os.remove, "os.remove")
absent(os.rename, "os.rename")
absent(os.getenv, "os.getenv")
absent(os.exit, "os.exit")
absent(string.dump, "string.dump")
absent(require("os").execute, "require('os').execute")
assert(require("io") == io, "require 'io' gives the trimmed table")
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
