-- test_overrides.lua: per-level overrides in XSB files (Legend:, Chain:, Pull:, Intro:, and
-- any other "Key: value" line read back with level:meta), and bad overrides reported at
-- file:line:col. Run: tessera run tests/lua/test_overrides.lua
print("testing level overrides")

local function parse(text, n) return tessera.parse("sokoban", text, n or 1) end

-- Legend: a glyph this level adds (one tile, or an object on a floor); before the rows.
local lv = assert(parse([[
Legend: ~ = goal, X = box goal
#######
#@$ ~X#
#######
]]))
assert(lv:floor(lv:cell(5, 2)) == "goal" and lv:object(lv:cell(6, 2)) == "box")
assert(tostring(lv) == "#######\n#@$ .*#\n#######\n", "written back with the game's own glyphs")
-- a glyph the legend maps to a pair the game has no glyph for is written with the legend's
lv = assert(tessera.parse("sokoban", "Legend: P = player goal, Q = box\n#####\n#P$.#\n#####\n"))
assert(lv:object(lv:cell(3, 2)) == "box")

-- Chain: two boxes in one push; only for the level that says so.
local text = [[
; Chained
Chain: 2
#######
#@$$ .#
#    .#
#######

; Plain
#######
#@$$ .#
#    .#
#######
]]
lv = assert(parse(text, 1))
assert(lv:move("right") == "push" and tostring(lv):find("# @$$.#", 1, true))
lv = assert(parse(text, 2))
assert(lv:move("right") == nil, "level 2 keeps the game's rule")

-- Pull: after the rows works too (like Title:), and yes/no/true/false are understood.
lv = assert(parse("#######\n#. @$ #\n#######\nPull: yes\nIntro: Pull it home.\n"))
assert(lv:move("left") == "push" and tostring(lv) == "#######\n#.@$  #\n#######\n", tostring(lv))
assert(lv:meta("intro") == "Pull it home." and lv:meta("INTRO") == "Pull it home.")
assert(lv:meta("Author") == nil)
lv = assert(parse("Pull: no\nAuthor: someone\n#####\n#@$.#\n#####\n"))
assert(lv:move("right") == "push" and lv:meta("author") == "someone")

-- Plain XSB metadata is left alone.
assert(parse("Title: A\nAuthor: B\nComment: anything at all: really\n#####\n#@$.#\n#####\n"))

-- Bad overrides: file:line:col of the faulty part.
local cases = {
  { "Chain: two\n#####\n#@$.#\n#####\n",            "[string]:1:8: Chain: expected a number of boxes 1..64, got 'two'" },
  { "Chain: 0\n#####\n#@$.#\n#####\n",              "[string]:1:8: Chain: expected a number of boxes 1..64" },
  { "; x\n\nPull: maybe\n#####\n#@$.#\n#####\n",    "[string]:3:7: Pull: expected yes or no, got 'maybe'" },
  { "Legend: X = crate\n#####\n#@X.#\n#####\n",     "[string]:1:13: Legend: unknown tile 'crate'" },
  { "Legend: X = box\n#####\n#@Y.#\n#####\n",       "[string]:3:3: 'Y' is not a tile of this game" },
  { "Legend: 3 = box\n#####\n#@$.#\n#####\n",       "[string]:1:9: Legend: '3' cannot be a glyph" },
  { "Legend: X box\n#####\n#@$.#\n#####\n",         "[string]:1:11: Legend: expected '=' after the glyph 'X'" },
  { "Legend: X = wall goal\n#####\n#@$.#\n#####\n", "[string]:1:18: Legend: 'X' names two floors" },
  { "Legend: X = \n#####\n#@$.#\n#####\n",          "Legend: 'X' names no tile" },
  { "#####\n#@$.#\n#####\nLegend: X = box\n",       "[string]:4:1: Legend: must come before the level's rows" },
}
for _, case in ipairs(cases) do
  local bad, msg = parse(case[1])
  assert(bad == nil, "accepted: " .. case[1])
  assert(msg:find(case[2], 1, true), "got '" .. msg .. "', want '" .. case[2] .. "'")
end

print("OK")
