-- test_bad_game.lua: broken game scripts are refused with a message that names the file and
-- the line of the mistake. Run: tessera run tests/lua/test_bad_game.lua
print("testing bad games")

local here = arg and arg[0] and arg[0]:match("^(.*)/") or "."
local data = here .. "/data/"

-- file, expected "file:line:column: message" fragment
local cases = {
  { "bad_flag.lua",         "bad_flag.lua:7:22: glyph '$': unknown flag 'pushabel' (did you mean 'pushable'?)" },
  { "bad_field.lua",        "bad_field.lua:9:3: unknown field 'on_moves' (did you mean 'on_move'?)" },
  { "bad_no_name.lua",      "bad_no_name.lua:3:1: missing field 'name'" },
  { "bad_unknown_tile.lua", "bad_unknown_tile.lua:10:23: glyph '*': unknown tile 'gaol' (did you mean 'goal'? else define it in the tiles table)" },
  { "bad_two_floors.lua",   "bad_two_floors.lua:9:24: glyph '%': 'wall' and 'goal' are both floors" },
  { "bad_glyph.lua",        "bad_glyph.lua:8:7: glyph '3' cannot be used" },
  { "bad_long_glyph.lua",   "bad_long_glyph.lua:8:7: glyph 'oo' must be one character of one byte (ASCII" },
  { "bad_redefined.lua",    "bad_redefined.lua:8:16: glyph 'W': tile 'wall' is defined again with other flags (first at line 5)" },
  { "bad_topology.lua",     "bad_topology.lua:4:15: unknown topology 'triangle'" },
  { "bad_hook_type.lua",    "bad_hook_type.lua:9:3: field 'on_solved' must be a function, got a string" },
  { "bad_numeric.lua",      "bad_numeric.lua:12:24: numeric[2]: unknown tile 'goal' (define it in the tiles table)" },
  { "bad_no_player.lua",    "bad_no_player.lua:4:3: push rules need a tile with player = true" },
  { "bad_solved.lua",       "bad_solved.lua:9:13: unknown solved rule 'all boxes home'" },
  { "bad_syntax.lua",       "bad_syntax.lua:5:22: '}' expected" },
  { "bad_runtime.lua",      "bad_runtime.lua:3:14: attempt to index a nil value (local 'tiles')" },
  { "bad_return.lua",       "bad_return.lua: the script must return tessera.game { ... } (it returned a table)" },
  { "bad_require.lua",      "bad_require.lua:2:26: module 'no_such_helpers' not found" },
  { "bad_size.lua",         "bad_size.lua:5:3: field 'size' must be { width, height }" },
  { "bad_colour.lua",       "bad_colour.lua:9:25: glyph 'r': unknown colour 'crimson'" },
  { "bad_key.lua",          "bad_key.lua:8:30: actions.clear.keys: unknown key 'spacebar' (key names: a-z, 0-9, f1-f12, up," },
  { "bad_two_dirs.lua",     "bad_two_dirs.lua:10:14: actions.turn.dirs: the arrow keys already make actions.slide" },
  { "bad_same_key.lua",     "bad_same_key.lua:8:30: actions.erase.keys: 'e' already makes actions.clear" },
  { "no_such_game.lua",     "no_such_game.lua: cannot read script" },
  -- The way out is said: before, only "cannot read script: outside the folders scripts may read".
  { "bad_extend_outside.lua", "bad_extend_outside.lua:2:24: cannot read script '../../tutorial/pegs.lua': outside the folders scripts may read (a game builds on games in its own folder or below it, in a mod's scripts/ or the bundled scripts/: move the base there, or make both a mod and give --mods DIR)" },
}

for _, case in ipairs(cases) do
  local file, expected = case[1], case[2]
  local lv, msg = tessera.load(data .. file)
  assert(lv == nil, file .. " loaded")
  assert(type(msg) == "string")
  assert(msg:find(expected, 1, true), file .. ": got '" .. msg .. "', want '" .. expected .. "'")
  assert(msg:find(data .. file, 1, true) == 1, "message should start with the path: " .. msg)
end

-- tessera.game is also checked where it is called, so mistakes show in a script's own tests.
local ok, msg = pcall(tessera.game, { name = "x", tiles = {} })
assert(not ok and msg:find("test_bad_game.lua:47: no plain floor tile", 1, true), msg)
ok, msg = pcall(tessera.game, { name = 5 })
assert(not ok and msg:find("field 'name' must be a string, got a number", 1, true), msg)
ok, msg = pcall(tessera.game, { name = "x", tiles = { [" "] = { "floor" }, ["@"] = { "player", player = true } },
                                art = 5 })
assert(not ok and msg:find("field 'art' must be a string, got a number", 1, true), msg)
ok, msg = pcall(tessera.game, "sokoban")
assert(not ok and msg:find("table expected", 1, true), msg)

-- A good game loads the same way.
assert(tessera.parse("sokoban", "#####\n#@$.#\n#####\n"))

print("OK")
