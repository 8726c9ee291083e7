-- test_extend.lua: tessera.extend and tessera.import: games built on other games, the merge
-- rules (scripts/README.md, "Building on another game") and mistakes reported at the line of
-- the derived script. Run: tessera run tests/lua/test_extend.lua
print("testing extend")

local here = arg and arg[0] and arg[0]:match("^(.*)/") or "."
local data = here .. "/data/extend/"

local function checkerror(msg, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error")
  assert(string.find(err, msg, 1, true), "wrong error: " .. tostring(err) .. "\nwant: " .. msg)
end

-- A derived game adds a tile: ice slides the box on, the rest is Sokoban.
local lv = assert(tessera.parse(data .. "ice.lua", "#######\n#@$~~ #\n#  . .#\n#######\n"))
assert(lv:move("right") == "push")
assert(tostring(lv) == "#######\n# @~~$#\n#  . .#\n#######\n", tostring(lv))
assert(lv:floor(lv:cell(4, 2)) == "ice")

-- chain = 2 pushes two boxes; a removed glyph is no longer part of the level format.
lv = assert(tessera.parse(data .. "pairs.lua", "#######\n#@$$ .#\n#    .#\n#######\n"))
assert(lv:move("right") == "push")
assert(tostring(lv) == "#######\n# @$$.#\n#    .#\n#######\n", tostring(lv))
local bad, msg = tessera.parse(data .. "pairs.lua", "#####\n#+$.#\n#####\n")
assert(bad == nil and msg:find("'+'", 1, true), msg)
-- while plain Sokoban still refuses a chain
lv = assert(tessera.parse("sokoban", "#######\n#@$$ .#\n#    .#\n#######\n"))
assert(lv:move("right") == nil)

-- Hooks replace; a derived hook calls the base's own (tessera.import) to chain them.
lv = assert(tessera.parse(data .. "counter.lua", "######\n#@bD #\n######\n"))
assert(lv:move("right") == "walk")
assert(lv:floor(lv:cell(4, 2)) == "floor", "the base hook opened the door")
assert(lv:floor(lv:cell(3, 2)) == "trail", "the derived hook ran too")

-- The merge, seen on the tables extend returns.
local sokoban = tessera.import("sokoban")
assert(sokoban.name == "Sokoban" and rawequal(sokoban, tessera.import("sokoban")), "imported once")
local g = tessera.extend("sokoban", {
  name = "Crates",
  description = false,                        -- false removes a field
  tiles = {
    ["$"] = { colour = "red" },                -- flags only: patches the base's entry
    ["#"] = { "brick", solid = true },         -- names: replaces it
    ["+"] = false,                             -- removes a glyph
    floor = { sprite = "sand" },               -- a tile name: patches each entry defining it
    { "void", void = true, sprite = "dark" },  -- no glyph: replaces the base's "void" entry
  },
  help = { "one line" },
})
assert(g.name == "Crates" and g.description == nil and g.author == nil)
assert(g.tiles["$"][1] == "box" and g.tiles["$"].pushable and g.tiles["$"].colour == "red")
assert(sokoban.tiles["$"].colour == nil, "the base is not changed")
assert(g.tiles["#"][1] == "brick" and g.tiles["+"] == nil and g.tiles["*"][1] == "box")
assert(g.tiles[" "].sprite == "sand" and g.tiles["-"].sprite == "sand" and g.tiles["."].sprite == nil)
assert(#g.tiles == 1 and g.tiles[1].sprite == "dark")
assert(#g.help == 1 and g.levels == "sokoban/tessera.xsb" and g.solved == "boxes on goals")
assert(g.numeric[3] == "box")
local n = tessera.extend(g, { numeric = { [3] = false, [7] = "box" } })   -- a game table as base
assert(n.numeric[3] == nil and n.numeric[7] == "box" and n.numeric[1] == "floor" and n.name == "Crates")
g = tessera.extend("sokoban", { tiles = { box = false } , numeric = { [3] = false, [-3] = false } })
assert(g.tiles["$"] == nil and g.tiles["*"] == nil and g.tiles["."] ~= nil)

-- Mistakes name the derived script's file and line.
local cases = {
  { "bad_ext_flag.lua",   "bad_ext_flag.lua:5:22: glyph '~': unknown flag 'slipery' (did you mean 'slippery'?)" },
  -- a legend taken over from the base says so, and how to drop it
  { "bad_ext_numeric.lua", "numeric[-2]: unknown tile 'player': this numeric legend comes from the game this one extends (give numeric = false to drop it" },
  { "bad_ext_base.lua",   "bad_ext_base.lua:3:24: unknown game 'no_such_base'" },
  { "bad_ext_loop_a.lua", "games extend each other in a loop" },
  { "bad_ext_remove.lua", "bad_ext_remove.lua:8:3: unknown field 'tiles_extra'" },
  { "bad_ext_name.lua",   "bad_ext_name.lua:2:1: tiles.crate: the base game has no tile 'crate' to change" },
}
for _, case in ipairs(cases) do
  local bad, msg = tessera.load(data .. case[1])
  assert(bad == nil, case[1] .. " loaded")
  assert(msg:find(case[2], 1, true), case[1] .. ": got '" .. msg .. "', want '" .. case[2] .. "'")
end
-- removing a tile that other glyphs still name is caught by the usual checks
checkerror("glyph '*': unknown tile 'box'", tessera.extend, "sokoban", { tiles = { ["$"] = false } })
checkerror("bad argument #1 to 'tessera.extend' (not a game", tessera.extend, {}, {})
checkerror("bad argument #2 to 'tessera.extend' (table expected", tessera.extend, "sokoban", 3)
checkerror("field 'tiles' must be a table", tessera.extend, "sokoban", { tiles = 3 })

print("OK")
