-- level:solve(3600, true) on a hard 24-puzzle (Korf's first 24-puzzle instance, 95 moves, with
-- the blank last): the solve may run only as long as the call it is in has left, builds no
-- pattern database, and the call ends.
local lv = assert(tessera.parse("fifteen", "12 3 9 22 1 18 24 4 14 19 21 5 15 0 10 8 13 6 2 17 7 23 16 20 11\n"))
-- Out of time, the optimal search gives nothing, or the best solution it found on the way
-- (not called optimal): which one depends on how far the time left went (a loaded machine).
local solution, status = lv:solve(3600, true)
assert((not solution and status == "timeout") or (solution and type(status) == "table" and status.optimal == false),
       tostring(status))
while true do end
