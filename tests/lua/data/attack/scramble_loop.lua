-- tessera.scramble of 200 x 200 boards in a loop, keeping them: each call starts the game's Lua
-- state and scrambles 40 000 tiles (the solvability test was n^2 / 2 comparisons: 0.6 s a call,
-- uncounted), and a spent budget met while a scramble compiled its game aborted the process.
local keep = {}
for i = 1, 1e6 do keep[i] = tessera.scramble("fifteen", 200, 200, i) end
