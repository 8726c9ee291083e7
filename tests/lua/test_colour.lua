-- test_colour.lua: the Colour game's rules on hand-made positions: a crate counts only on a
-- goal of its colour, plain crates and goals still work, the push solver handles colours.
-- Run: tessera run tests/lua/test_colour.lua
print("testing colour")

-- Tile names and colours as the script declares them.
local lv = assert(tessera.parse("colour", "#########\n#@r  R B#\n#########\n"))
assert(lv:object(lv:cell(3, 2)) == "red box")
assert(lv:floor(lv:cell(6, 2)) == "red goal" and lv:floor(lv:cell(8, 2)) == "blue goal")
assert(not lv:solved())

-- The red crate passes over the red goal onto the blue one: it no longer counts.
assert(lv:move("right") == "push" and lv:move("right") == "push" and lv:move("right") == "push")
assert(lv:object(lv:cell(6, 2)) == "red box" and lv:solved())
assert(lv:move("right") == "push" and lv:move("right") == "push")
assert(lv:object(lv:cell(8, 2)) == "red box" and not lv:solved())
lv:undo(); lv:undo()
assert(lv:solved())

-- A plain goal takes a crate of any colour; a coloured goal refuses a plain crate.
lv = assert(tessera.parse("colour", "#######\n#@g  .#\n#  $ G#\n#######\n"))
assert(lv:play("RRR") and not lv:solved())             -- green crate on the plain goal: counts
assert(lv:floor(lv:cell(6, 2)) == "goal" and lv:object(lv:cell(6, 2)) == "green box")
assert(lv:play("lldRR") and not lv:solved())            -- plain crate on the green goal: no
assert(lv:object(lv:cell(6, 3)) == "box")
local count = 0
for _, c in ipairs(lv:boxes()) do count = count + 1 end
assert(count == 2)

-- Glyphs for crates standing on their goals, and the player on a coloured goal.
lv = assert(tessera.parse("colour", "######\n#dnew#\n#DNEW#\n######\n"))
assert(lv:solved())
assert(lv:object(lv:cell(2, 2)) == "red box" and lv:floor(lv:cell(2, 2)) == "red goal")
assert(lv:object(lv:cell(5, 2)) == "yellow box" and lv:floor(lv:cell(5, 2)) == "yellow goal")
assert(#lv:players() == 4 and lv:floor(lv:cell(4, 3)) == "blue goal")

-- Swapped colours: the crates must change sides, which the push solver works out.
lv = assert(tessera.parse("colour", "#######\n#  @  #\n# b r #\n#     #\n# R B #\n#######\n"))
local solution, info = lv:solve(10)
assert(solution, info)
assert(lv:play(solution) and lv:solved())
lv:restart()
assert(not lv:solved() and lv:moves() == 0)

-- A crate pushed where no goal of its colour can be reached is a deadlock for that colour only.
lv = assert(tessera.parse("colour", "#######\n#@ r B#\n#     #\n#   R #\n#######\n"))
assert(lv:play("rRR"))
local dead, n = lv:deadlocks()
assert(n == 1 and dead[lv:cell(6, 2)])

-- The bundled levels load and the first is not solved at the start.
local first, levels = assert(tessera.load("colour"))
assert(levels >= 8 and not first:solved())
print("colour ok")
