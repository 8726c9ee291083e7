-- test_attacks.lua: attacks on the game sandbox (tests/lua/data/attack/NAME.lua, each a game
-- whose loading makes one attack), each refused with its error within a time bound, with no
-- secret in what comes back. The games run as they would in play: in a state of their own
-- with the game limits (100 million instructions and 2 s of CPU a call, 64 MiB), started by
-- this script with tessera.load. Run: tessera run tests/lua/test_attacks.lua [NAME]
print("testing attacks on the sandbox")

local here = arg and arg[0] and arg[0]:match("^(.*)/") or "."
local dir = here .. "/data/attack/"
local only = arg and arg[1]
local SECRET = "TESSERA-SECRET"

local too_long = "script ran too long"
local outside = "outside the folders scripts may read"

-- { file, what the error says (a list: one of them; true: the game loads, the attack
-- answered), CPU seconds }
local attacks = {
  -- reading outside the sandbox
  { "import_outside", outside, 1 },
  { "extend_outside", outside, 1 },
  { "load_outside_game", outside, 1 },
  { "parse_outside_game", outside, 1 },
  { "load_outside_level", outside, 1 },
  { "secret_as_level", outside, 1 },
  { "io_outside", outside, 1 },
  { "error_column_oracle", "secret.txt:1: near 'TESSERA'", 1 },
  { "chunkname_file", "field 'name' must be a string", 1 },
  -- work that no limit stopped
  { "pcall_loop", too_long, 3 },
  { "xpcall_loop", too_long, 3 },
  { "coroutine_loop", too_long, 3 },
  { "wrap_loop", too_long, 3 },
  { "close_loop", too_long, 3 },
  { "tostring_loop", "(error object is a table value)", 3 },
  { "gc_finalizer", "finalizers (__gc) are not allowed", 1 },
  { "gc_later", "cannot get __gc afterwards", 1 },
  { "gc_file", "attempt to index a string value", 1 },
  { "deep_load_error", "deep down", 2 },
  { "error_many_quotes", "'x''x'", 2 },
  { "files_held", "too many files open", 1 },
  { "files_dropped", true, 1 },
  { "weak_keys", "weak keys", 1 },
  { "weak_keys_later", "cannot get __mode afterwards", 1 },
  { "pattern_backtrack", too_long, 3 },
  { "pattern_loop", too_long, 3 },
  { "pattern_set_scan", too_long, 3 },
  { "rep_huge", "not enough memory", 1 },
  { "rep_empty", true, 1 },
  { "table_move", too_long, 1 },
  { "concat_loop", too_long, 3 },
  { "string_compare", too_long, 3 },
  { "load_loop", too_long, 3 },
  { "load_quadratic", too_long, 3 },
  { "gc_loop", too_long, 3 },
  { "utf8_loop", too_long, 3 },
  { "gsub_function_loop", too_long, 3 },
  { "sort_comparator", too_long, 3 },
  { "sort_long_strings", too_long, 3 },
  { "sort_tail", too_long, 3 },
  { "unpack_huge", too_long, 1 },
  { "format_loop", too_long, 3 },
  { "spec_lines", too_long, 3 },
  { "name_flood", "name_flood.lua:4:3: field 'name' is 8000000 bytes long (at most 64)", 1 },
  { "reachable_loop", too_long, 3 },
  -- (one deadlocks() call on its 200 x 200 level runs to its end once the 2 s are spent:
  -- under AddressSanitizer that call, and freeing its tables, take more than a second)
  { "deadlocks_loop", too_long, 4 },
  { "solve_long", too_long, 3 },
  { "scramble_loop", too_long, 3 },
  { "hint_loop", too_long, 3 },
  { "play_long", "not enough memory", 3 },
  -- a level closed by a metamethod in the middle of one of its methods (a use after free)
  { "close_in_act", "name must be one of the game's actions", 1 },
  { "close_in_around", true, 1 },
  -- the undo history an owned level's act hook grows counts against the script that acts
  -- (stopped by the 64 MiB; under AddressSanitizer the act hook's half second may end first)
  { "act_history", { "not enough memory", "cannot create a Lua state (out of memory)", too_long }, 4 },
  -- one memory budget for a game and all it loads
  -- (the loads are work too: a slow build, ASan's, runs out of time first)
  { "many_loads", { "not enough memory", too_long }, 3 },
  -- the C memory of a level's "Key: value" lines counts against the script's cap
  { "level_meta", "not enough memory for these levels: their titles, 'Key: value' lines", 2 },
  -- and so does the table of lines the parser makes while it reads
  { "level_lines", "not enough memory to read these levels: the table of their lines takes", 2 },
}

local failed = 0
for _, a in ipairs(attacks) do
  local name, want, bound = a[1], a[2], a[3]
  if not only or only == name then
    local t0 = os.clock()
    local lv, msg = tessera.load(dir .. name .. ".lua")
    local took = os.clock() - t0
    local ok = true
    local why
    if want == true then
      ok, why = lv ~= nil, "did not load: " .. tostring(msg)
    elseif lv then
      ok, why = false, "loaded (the attack was not stopped)"
    else
      local found = false
      for _, w in ipairs(type(want) == "table" and want or { want }) do found = found or msg:find(w, 1, true) ~= nil end
      if not found then ok, why = false, "wrong error: " .. msg end
    end
    if ok and type(msg) == "string" and msg:find(SECRET, 1, true) then ok, why = false, "the secret is in the message: " .. msg end
    if ok and took > bound then ok, why = false, string.format("took %.2f s of CPU, more than %g s", took, bound) end
    print(string.format("  %-22s %5.2f s  %s", name, took, ok and "refused" or "FAILED: " .. why))
    if not ok then failed = failed + 1 end
    collectgarbage()
  end
end

-- Runaway on_move hooks (tests/lua/data/attack/hook_NAME.lua): each move's hook is stopped
-- within about half a second of CPU (HOST_HOOK_SECONDS), the error names the hook's line, the
-- move is refused with it, and the next move runs its hook again, stopped as fast.
local hook_bound = 1.0
for _, name in ipairs { "tostring_loop", "scramble_loop", "hint_loop", "string_compare", "sort_loop",
                        "pcall_loop", "coroutine_loop", "wrap_loop", "garbage_loop", "kept_coroutine" } do
  if not only or only == "hook_" .. name then
    local lv = assert(tessera.parse(dir .. "hook_" .. name .. ".lua", "#####\n#@  #\n#####\n"))
    for move = 1, 2 do
      local t0 = os.clock()
      local ok, msg = pcall(lv.move, lv, "right")
      local took = os.clock() - t0
      local fine = not ok and msg:find(too_long, 1, true) and msg:find("hook_" .. name .. ".lua:", 1, true)
          and took <= hook_bound and lv:moves() == 0
      print(string.format("  hook_%-17s %5.2f s  %s", name, took,
                          fine and "stopped" or "FAILED: " .. tostring(ok) .. " " .. tostring(msg)))
      if not fine then failed = failed + 1 end
    end
    collectgarbage()
  end
end

-- Hooks that grow the undo history without end (move_object, set_var): stopped by the memory
-- cap (or the time limit), the move refused with them, and the memory given back: ten such
-- moves stay in it.
for _, name in ipairs { "history_bomb", "var_bomb" } do
  if not only or only == "hook_" .. name then
    local lv = assert(tessera.parse(dir .. "hook_" .. name .. ".lua", "########\n#@ $ . #\n########\n"))
    local fine = true
    for _ = 1, 10 do
      local ok, msg = pcall(lv.move, lv, "right")
      -- (under AddressSanitizer the half second may run out before the memory does)
      fine = fine and not ok and (msg:find("not enough memory", 1, true) or msg:find(too_long, 1, true)) ~= nil
          and lv:moves() == 0
    end
    print(string.format("  hook_%-17s %s", name, fine and "stopped" or "FAILED"))
    if not fine then failed = failed + 1 end
    collectgarbage()
  end
end

-- The column oracle: no column is given for a file the sandbox never compiled.
local _, msg = tessera.load(dir .. "error_column_oracle.lua")
assert(not msg:find("secret.txt:1:%d"), "a column was looked up in a file outside: " .. msg)

assert(failed == 0, failed .. " attack(s) not refused")
print("OK")
