-- table.move over 2^40 slots (one call, no instructions).
table.move({}, 1, 2^40, 3)
return loadfile("_common.lua")(select(2, ...)).game
