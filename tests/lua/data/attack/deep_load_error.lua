-- An error 180,000 levels deep in a chunk made by load: the message handler looked down the
-- whole stack for a line of a script file, with lua_getstack (which walks from the top each
-- time): 30 s of CPU in C, past the call's 2 s.
local r = load("local function r(n) if n == 0 then error('deep down') end return 1 + r(n - 1) end return r")()
r(180000)
return loadfile("_common.lua")(select(2, ...)).game
