-- test_strict.lua: globals in game scripts are strict: a global is declared by assigning it
-- at the top level of a script; reading one never declared, or assigning a new one inside a
-- function, is an error at its file:line:col, when the script loads and inside hooks.
-- Run: tessera run tests/lua/test_strict.lua
print("testing strict globals")

local data = (arg and arg[0] and arg[0]:match("^(.*)/") or ".") .. "/data/"

local function checkerror(msg, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error")
  assert(string.find(err, msg, 1, true), "wrong error: " .. tostring(err))
end

-- `name = Teleport` (a typo for "Teleport") no longer loads as a game named after its base.
local lv, err = tessera.load(data .. "strict_read.lua", "sokoban/tessera.xsb")
assert(lv == nil, "the game loaded")
assert(err:find("strict_read.lua:3:10: undeclared global 'Teleport'", 1, true), err)

-- In hooks: a declared global may change; assigning or reading an undeclared one raises at
-- its line and column, and the move is refused with it (the hook's error is the caller's to
-- report).
lv = assert(tessera.parse(data .. "strict_hook.lua", "######\n#    #\n# @$.#\n######\n"))
assert(lv:move("right") == "push")
checkerror("strict_hook.lua:10:7: undeclared global 'total' assigned in a function", lv.move, lv, "left")
assert(lv:moves() == 1)
checkerror("strict_hook.lua:12:14: undeclared global 'undefined_helper'", lv.move, lv, "up")

-- The bundled games all load under the rule.
for _, name in ipairs({ "sokoban", "fifteen", "picture", "colour", "hexoban", "robot", "multiban", "ice", "holes",
                        "pull", "lights", "doors", "drift" }) do
  assert(tessera.load(name))
end

-- A solved function that raises is an error, never a solve.
lv = assert(tessera.parse(data .. "solved_raises.lua", "#####\n#@$.#\n#####\n"))
assert(lv:solved() == false)
assert(lv:move("right") == "push")
checkerror("solved_raises.lua:5:5: the rule broke", lv.solved, lv)
print("strict ok")
