# hostile.sh: hostile files met by the CLI and the game loop (issue "Close the sandbox"): FIFOs
# never block, the progress file's writes never follow a planted symlink, a full disk leaves no
# empty picture or export and exits non-zero, odd bytes in titles and solution files never
# reach the terminal raw, big inputs are refused or bounded, and a mod's game script can load
# a game's default levels.
# usage: hostile.sh TESSERA IMGDIFF OUTDIR   (run from the repository root)
set -u
tessera=$1
imgdiff=$2
outdir=$3/hostile
. "$(dirname "$0")/lib.sh"
rm -rf "$outdir"
mkdir -p "$outdir"
export XDG_DATA_HOME="$outdir/xdg"
printf '#####\n#@$.#\n#####\n' > "$outdir/one.xsb"

# --- FIFOs: refused at once, wherever they are named ----------------------------------------
mkfifo "$outdir/pipe.xsb"
expect_status 2 "check of a FIFO level file" -- timeout 10 "$tessera" check "$outdir/pipe.xsb"
expect_output "not a regular file" "a FIFO is not read"
mod="$outdir/fifo_mod"
mkdir -p "$mod/scripts" "$mod/levels/fifo"
mkfifo "$mod/scripts/pipe.lua" "$mod/levels/fifo/pipe.xsb"
cat > "$mod/scripts/fifo.lua" <<EOF
local ok, msg = pcall(require, "pipe")
assert(not ok and msg:find("not a regular file", 1, true), msg)
local lv, err = tessera.load("sokoban", "$mod/levels/fifo/pipe.xsb")
assert(not lv and err:find("not a regular file", 1, true), err)
return tessera.game { name = "Fifo", tiles = { ["#"] = { "wall", solid = true }, [" "] = { "floor" },
  ["$"] = { "box", pushable = true }, ["."] = { "goal", goal = true }, ["@"] = { "player", player = true } } }
EOF
expect_status 0 "a mod's require and tessera.load of FIFOs return at once" -- timeout 10 "$tessera" check --mods "$mod" "$mod/scripts/fifo.lua"
"$tessera" play sokoban "$outdir/one.xsb" --keys right >/dev/null 2>&1
saved=$(ls "$XDG_DATA_HOME"/tessera/progress/sokoban-one-*.txt 2>/dev/null | head -1)
if [ -n "$saved" ]; then
    rm -f "$saved"
    mkfifo "$saved"
    expect_status 0 "play with a FIFO where the progress file is" -- timeout 20 "$tessera" play sokoban "$outdir/one.xsb" --keys right
    expect_output '"solved":true' "the game plays on"
else
    fail "no progress file written"
fi
rm -rf "$XDG_DATA_HOME"

# --- the progress file: a symlink there is replaced, never written through -----------------
expect_status 0 "a first save" -- "$tessera" play sokoban "$outdir/one.xsb" --keys right
saved=$(ls "$XDG_DATA_HOME"/tessera/progress/sokoban-one-*.txt 2>/dev/null | head -1)
if [ -n "$saved" ] && [ -f "$saved" ]; then ok; else fail "no progress file written"; fi
printf 'victim\n' > "$outdir/victim.txt"
rm -f "$saved"
ln -s "$outdir/victim.txt" "$saved"
expect_status 0 "save over a symlinked progress file" -- "$tessera" play sokoban "$outdir/one.xsb" --keys right
if [ "$(cat "$outdir/victim.txt")" = victim ]; then ok; else fail "the save was written through the symlink"; fi
if [ -f "$saved" ] && [ ! -L "$saved" ]; then ok; else fail "the progress file is still a symlink"; fi
if ls "$XDG_DATA_HOME"/tessera/progress/ | grep -q '\.tmp-'; then fail "a temporary file was left"; else ok; fi
rm -rf "$XDG_DATA_HOME"

# --- a full disk: no empty picture or export, an error and a non-zero exit ----------------
# A 64 KiB tmpfs in a private mount namespace (root, or a user namespace with unshare -r).
if [ "$(id -u)" = 0 ]; then ns=(unshare -m); else ns=(unshare -rm); fi
full="$outdir/full"
mkdir -p "$full"
if "${ns[@]}" sh -c "mount -t tmpfs -o size=64k none '$full'" 2>/dev/null; then
    in_full() {
        "${ns[@]}" sh -c "mount -t tmpfs -o size=64k none '$full' && head -c 60000 /dev/zero > '$full/fill' 2>/dev/null;
                          mkdir -p '$full/xdg'; XDG_DATA_HOME='$full/xdg' \"\$@\"; rc=\$?;
                          ls -A '$full' '$full/xdg/tessera/screenshots' 2>/dev/null | grep -v '^fill$\|^xdg$\|:$\|^$' | sed 's/^/LEFT: /';
                          exit \$rc" sh "$@"
    }
    expect_status 2 "render --out on a full disk" -- in_full "$tessera" render sokoban --level 1 --out "$full/r.png"
    expect_output "No space left on device" "render says why"
    case $out in *LEFT:*) fail "render left a file: $out" ;; *) ok ;; esac
    expect_status 2 "play --screenshot on a full disk" -- in_full "$tessera" play sokoban "$outdir/one.xsb" --keys right --screenshot "$full/s.png"
    expect_output "No space left on device" "the screenshot's error"
    case $out in *LEFT:*) fail "--screenshot left a file: $out" ;; *) ok ;; esac
    expect_status 2 "play --export-solution on a full disk" -- in_full "$tessera" play sokoban "$outdir/one.xsb" --keys right --export-solution "$full/e.sol"
    expect_output "No space left on device" "the export's error"
    case $out in *LEFT:*) fail "--export-solution left a file: $out" ;; *) ok ;; esac
    expect_status 0 "F12 on a full disk" -- in_full "$tessera" play sokoban "$outdir/one.xsb" --keys "right f12"
    expect_output "Screenshot failed" "F12 tells the player"
    case $out in *LEFT:*) fail "F12 left a file: $out" ;; *) ok ;; esac
else
    echo "hostile.sh: no private tmpfs here (unshare/mount refused): the full-disk checks are skipped"
fi

# --- output hygiene --------------------------------------------------------------------------
printf 'Title: \033[2J\033]0;pwned\007 \377\376 end\n#####\n#@$.#\n#####\n' > "$outdir/esc.xsb"
raw_esc() { printf '%s' "$out" | od -An -c | grep -q '033\|007\|377'; }
for cmd in "solve $outdir/esc.xsb" "solve $outdir/esc.xsb --json" "play sokoban $outdir/esc.xsb --keys right"; do
    # shellcheck disable=SC2086
    expect_status 0 "$cmd" -- "$tessera" $cmd
    if raw_esc; then fail "$cmd: control bytes or bad UTF-8 reached the output: $out"; else ok; fi
done
expect_status 0 "solve --json" -- "$tessera" solve "$outdir/esc.xsb" --json
if printf '%s' "$out" | iconv -f UTF-8 -t UTF-8 >/dev/null 2>&1; then ok; else fail "--json is not UTF-8"; fi
expect_output '"title":"\u001b[2J\u001b]0;pwned\u0007 \ufffd\ufffd end"' "the title escaped in JSON"
printf 'R\0 after the NUL\n' > "$outdir/one.sol"
expect_status 2 "a NUL in a solution file" -- "$tessera" verify "$outdir/one.xsb" "$outdir/one.sol"
expect_output "one.sol:1:2: '\\0' is not a move letter" "the NUL is named, the message whole"
expect_status 2 "a control character in --keys" -- "$tessera" play sokoban "$outdir/one.xsb" --keys "$(printf 'right \033[2J')"
expect_output "unknown key '\\e[2J'" "the key shown escaped"

# --- big inputs ------------------------------------------------------------------------------
head -c 1000001 /dev/zero | tr '\0' 'R' > "$outdir/long.sol"
cp "$outdir/one.xsb" "$outdir/long.xsb"
expect_status 2 "a solution of over 1 M moves" -- "$tessera" check "$outdir/long.sol"
expect_output "a solution of 1000001 moves: solutions may have at most 1000000" "the cap is named"
for i in $(seq 1 2000); do printf '#####\n#@$.#\n#####\n\n'; done > "$outdir/many.xsb"
expect_status 0 "check of 2000 levels within its solver budget (1 ms: far too little for 2000, on any machine)" -- timeout 60 "$tessera" check "$outdir/many.xsb" --budget 0.001
expect_output "the solver decided" "check says how many levels it decided"

# Run-length rows make levels of 1024 x 1024 in 12 KB each: 300 of them (2.4 MB) took 5.6 GB
# and 15 s of CPU to open. A level file holds at most 16 M cells in all, whoever reads it.
awk 'BEGIN { for (l = 0; l < 20; l++) { printf "1024#"; for (y = 1; y < 1023; y++) printf (y % 60 ? "|" : "\n") (y == 1022 ? "#@$.1019-#" : "#1022-#");
             printf "|1024#\n\n" } }' > "$outdir/huge.xsb"
expect_status 2 "check of 20 run-length levels of a million cells each" -- "$tessera" check "$outdir/huge.xsb"
expect_output "the levels are too large: more than 16777216 cells in all" "check names the cap"
expect_status 2 "play of the same" -- "$tessera" play sokoban "$outdir/huge.xsb" --keys right
expect_output "huge.xsb: the levels are too large: more than 16777216 cells in all" "play names the cap"
# Many tiny levels are inside that cap: a million of 3 x 5 (19 MB) took 495 MB and 1.3 s to
# open. A level file holds at most 100,000 levels.
awk 'BEGIN { for (l = 0; l < 100001; l++) printf "#####\n#@$.#\n#####\n\n" }' > "$outdir/many_levels.xsb"
expect_status 2 "check of 100,001 levels" -- "$tessera" check "$outdir/many_levels.xsb"
expect_output "too many levels: a file may hold at most 100000" "check names the cap"
expect_status 2 "play of the same" -- "$tessera" play sokoban "$outdir/many_levels.xsb" --keys right
expect_output "many_levels.xsb: too many levels: a file may hold at most 100000" "play names the cap"
awk 'BEGIN { for (l = 0; l < 100000; l++) printf "#####\n#@$.#\n#####\n\n" }' > "$outdir/many_levels.xsb"
expect_status 0 "play of 100,000 levels, the most a file holds" -- "$tessera" play sokoban "$outdir/many_levels.xsb" --level 100000 --keys right
expect_output "\"level\":100000,\"title\":\"\",\"moves\":1,\"pushes\":1,\"solved\":true" "its last level is played"
rm -f "$outdir/many_levels.xsb"
# What levels hold beside their cells: a "Chain: 2" line gives a level rules of its own (13 KB),
# so a 3 MB file of 100,000 such levels took 1.3 GB to open; a "a:" line is two allocations
# (a 12 MB file of them: 426 MB). Titles, "Key: value" lines and own rules: at most 128 MiB.
awk 'BEGIN { for (l = 0; l < 100000; l++) printf "Chain: 2\n###\n#@#\n#$#\n#.#\n###\n\n" }' > "$outdir/chains.xsb"
expect_status 2 "check of 100,000 levels with rules of their own" -- "$tessera" check "$outdir/chains.xsb"
expect_output "chains.xsb:72017:1: the levels' titles, 'Key: value' lines and own rules take more than 134217728 bytes" "check names the cap and the line"
expect_status 2 "play of the same" -- "$tessera" play sokoban "$outdir/chains.xsb" --keys down
expect_output "chains.xsb:72017:1: the levels' titles, 'Key: value' lines and own rules take more than 134217728 bytes" "play names the cap"
awk 'BEGIN { for (l = 0; l < 2000; l++) printf "Chain: 2\nTitle: %d\n###\n#@#\n#$#\n#.#\n###\n\n", l }' > "$outdir/chains.xsb"
expect_status 0 "play of 2000 levels with rules of their own" -- "$tessera" play sokoban "$outdir/chains.xsb" --level 2000 --keys down
expect_output '"level":2000,"title":"1999","moves":1,"pushes":1,"solved":true' "its last level is played"
rm -f "$outdir/chains.xsb"

# --- a mod's game loads a game's default levels (the bundled folder, the mod's own) ---------
mod="$outdir/loader_mod"
mkdir -p "$mod/scripts" "$mod/levels/pairs2"
printf '#####\n#@$.#\n#####\n' > "$mod/levels/pairs2/pairs2.xsb"
cat > "$mod/scripts/pairs2.lua" <<'EOF'
return tessera.game { name = "Pairs2", levels = "pairs2/pairs2.xsb", tiles = { ["#"] = { "wall", solid = true },
  [" "] = { "floor" }, ["$"] = { "box", pushable = true }, ["."] = { "goal", goal = true }, ["@"] = { "player", player = true } } }
EOF
cat > "$mod/scripts/loader.lua" <<'EOF'
local function both()
  local lv, n = tessera.load("sokoban")
  assert(lv and n > 1, "the bundled levels: " .. tostring(n))
  lv, n = tessera.load("pairs2")
  assert(lv and n == 1, "the mod's own levels: " .. tostring(n))
end
both()
return tessera.game { name = "Loader", tiles = { ["#"] = { "wall", solid = true }, [" "] = { "floor" },
  ["$"] = { "box", pushable = true }, ["."] = { "goal", goal = true }, ["@"] = { "player", player = true } },
  on_move = function() both() end }
EOF
expect_status 0 "check a mod whose game loads default levels" -- "$tessera" check "$mod"
expect_output 'loader.lua: ok (game "Loader")' "the loader mod checks"
expect_status 0 "the same loads in an on_move hook" -- "$tessera" play loader --mods "$mod" "$outdir/one.xsb" --keys right
expect_output '"solved":true' "played"
case $out in *"outside the folders"*|*status*) fail "the hook's loads failed: $out" ;; *) ok ;; esac

# --- One file named many ways: the names kept in C are bounded -------------------------------
# Each spelling of a path a script compiled ("./x.lua", "././x.lua", "a/../x.lua") was kept for
# the process's life, uncounted by the memory cap: 20,000 names of 4 KB grew the process by
# 140 MB (a hook doing it grew the game 2.6 MB a move). The growth is measured against one name.
if [ -x /usr/bin/time ]; then
    mkdir -p "$outdir/spell"
    echo 'return 1' > "$outdir/spell/tiny.lua"
    cat > "$outdir/spell/spell.lua" <<'EOF'
for n = 1, tonumber(arg[1]) do
  local k, parts = n, {}
  for _ = 1, 15 do parts[#parts + 1] = k % 2 == 1 and "./" or "../spell/"; k = k // 2 end
  assert(loadfile(table.concat(parts) .. ("./"):rep(1950) .. "tiny.lua"))
end
EOF
    # (Under AddressSanitizer its quarantine keeps up to 256 MB of freed blocks: off here, so
    # that what is measured is what the process keeps.)
    peak() { (cd "$outdir/spell" && ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0" \
                  /usr/bin/time -f '%M' "$tessera" run spell.lua "$1" 2>&1 >/dev/null | tail -1); }
    one=$(peak 1)
    many=$(peak 20000)
    if [ $((many - one)) -lt 60000 ]; then ok; else fail "20,000 names of one file grew the process by $((many - one)) KB"; fi
fi

# --- print: at most 64 KiB to stderr a call --------------------------------------------------
# Time a write waits for the terminal is no CPU time: a move whose hook printed a 16 MB string
# 25 times wrote 420 MB and froze the game 35 s behind a slow reader. Here each move's hook
# prints 10 MB and 100,000 empty lines.
mod="$outdir/spew_mod"
mkdir -p "$mod/scripts"
cat > "$mod/scripts/spew.lua" <<'EOF'
local big = ("A"):rep(1024 * 1024)
print("loaded")
return tessera.game { name = "Spew", tiles = { ["#"] = { "wall", solid = true }, [" "] = { "floor" },
  ["$"] = { "box", pushable = true }, ["."] = { "goal", goal = true }, ["@"] = { "player", player = true } },
  on_move = function() for _ = 1, 10 do print(big) end for _ = 1, 100000 do print() end end }
EOF
printf '########\n#@ $ .#\n########\n' > "$mod/spew.xsb"
"$tessera" play spew --mods "$mod" "$mod/spew.xsb" --keys "right left" 2> "$outdir/spew.err" >/dev/null
bytes=$(wc -c < "$outdir/spew.err")
if [ "$bytes" -lt 300000 ]; then ok; else fail "two moves printed $bytes bytes to stderr"; fi
if grep -q '^\[spew\] loaded$' "$outdir/spew.err" && grep -q '(print: 64 KiB in one call; the rest of it is left out)' "$outdir/spew.err"
then ok; else fail "print's output or its cut note is missing: $(head -c 300 "$outdir/spew.err")"; fi

# --- Scripts that take long to compile: bounded by size and by CPU time ------------------------
# A 150,000-branch elseif chain compiles in quadratic time (31 s): as a mod's game script it is
# stopped after 2 s of CPU, and the bundled games still start beside it; a 3 GB (sparse)
# script is refused by its size before a byte is read.
mod="$outdir/slow_mod"
mkdir -p "$mod/scripts"
awk 'BEGIN { printf "local a if a then "; for (i = 0; i < 150000; i++) printf "elseif a then "; print "end"; print "return nil" }' > "$mod/scripts/slow.lua"
started=$(date +%s)
expect_status 2 "a script that compiles in quadratic time" -- timeout 60 "$tessera" check "$mod"
expect_output "slow.lua: script took too long to compile (more than 2 s of CPU)" "stopped while compiling"
[ $(( $(date +%s) - started )) -le 20 ] && ok || fail "check of the slow script took $(( $(date +%s) - started )) s"
expect_status 0 "the bundled games start beside it" -- timeout 60 "$tessera" play sokoban --mods "$mod" --level 1 --keys right
expect_output '"moves":1' "played"
# Listing the mods for the menu runs their scripts: four such scripts (with a level set) share
# one budget of 3 s, and what is left is named, not run (8 took 16 s on every start before).
for i in 2 3 4; do cp "$mod/scripts/slow.lua" "$mod/scripts/slow$i.lua"; done
mkdir -p "$mod/levels/sokoban"
printf '#####\n#@$.#\n#####\n' > "$mod/levels/sokoban/mine.xsb"
expect_status 0 "the bundled games start beside four slow scripts" -- timeout 60 "$tessera" play sokoban --mods "$mod" --level 1 --keys right
expect_output "tessera: mod script not listed: $mod/scripts/slow" "a slow script named"
expect_output "tessera: Mods: listing them took more than 3 s of CPU; not looked at: 2 scripts and 1 level set (uncounted)" \
    "the rest not run"
rm -rf "$mod/scripts/slow"?.lua "$mod/levels"
rm -f "$mod/scripts/slow.lua"
truncate -s 3G "$mod/scripts/big.lua"
expect_status 2 "a 3 GB script" -- timeout 20 "$tessera" check "$mod"
expect_output "big.lua: a script is at most 16 MiB (this one is 3072 MiB)" "refused by its size"
rm -f "$mod/scripts/big.lua"

# --- A mod whose folders are links out of it: check names them and lists nothing in them ------
mod="$outdir/link_mod"
mkdir -p "$mod/levels"
ln -s /etc "$mod/levels/etc"
ln -s /etc "$mod/scripts"
expect_status 2 "check a mod of links" -- "$tessera" check "$mod"
expect_output "link_mod/levels/etc: a link that leads out of the mod: not read" "the levels link named"
expect_output "link_mod/scripts: a link that leads out of the mod: not read" "the scripts link named"
case $out in *passwd*|*hostname*) fail "names of files outside were listed: $out" ;; *) ok ;; esac

# --- The menu's listing reads only where the mod's game may read -------------------------------
# A mod's level set that is a link to a file outside, and a script whose levels = "/abs/path"
# leads outside, are listed uncounted: the menu is the same as when that file does not exist
# (the listing used to open and parse it: "0 of 7" told how many levels a user's file holds).
outside="$outdir/outside"
mkdir -p "$outside"
for i in 1 2 3 4 5 6 7; do printf 'Title: private %d\n#####\n#@$.#\n#####\n\n' $i; done > "$outside/secret.xsb"
for which in secret missing; do
    mod="$outdir/peek_$which/m"
    mkdir -p "$mod/levels/sokoban" "$mod/scripts"
    ln -s "$(realpath "$outside")/$which.xsb" "$mod/levels/sokoban/leak.xsb"
    printf 'return tessera.extend("sokoban", { name = "Abs", levels = "%s" })\n' "$(realpath "$outside")/$which.xsb" > "$mod/scripts/abs.lua"
    expect_status 0 "the menu beside a mod that points outside ($which)" -- "$tessera" play sokoban --mods "$mod" \
        --size 640x480 --keys "escape escape down" --screenshot "$outdir/peek_$which.png"
done
if "$imgdiff" "$outdir/peek_missing.png" "$outdir/peek_secret.png" > /dev/null; then ok
else fail "the menu counted a level file outside the mod (see $outdir/peek_secret.png)"; fi

# A mod's level file of 64 MiB (2.9 million levels), named by six scripts and put in the mod's
# levels/sokoban/: the listing counts a set only up to 4 MiB, so every start took 6 s and
# 1.7 GB a script (37 s for ten, outside the 3 s budget) and now lists them uncounted at once.
mod="$outdir/big_mod"
mkdir -p "$mod/scripts" "$mod/levels/sokoban"
awk 'BEGIN { for (i = 0; i < 2900000; i++) printf "#####\n#@$.#\n#####\n\n" }' > "$mod/scripts/big.xsb"
ln "$mod/scripts/big.xsb" "$mod/levels/sokoban/big.xsb"
for i in 1 2 3 4 5 6; do
    printf 'return tessera.extend("sokoban", { name = "Big %d", levels = "big.xsb" })\n' $i > "$mod/scripts/big$i.lua"
done
started=$(date +%s)
expect_status 0 "the bundled games start beside six scripts naming a 64 MiB level file" -- \
    timeout 120 "$tessera" play sokoban --mods "$mod" --level 1 --keys right
expect_output '"moves":1' "played"
[ $(( $(date +%s) - started )) -le 15 ] && ok || fail "the start took $(( $(date +%s) - started )) s"
rm -rf "$mod"

# One mod with 64 scripts took the menu's 64 places, and the bundled games were gone from it:
# they keep their places, and what is left out is counted.
mod="$outdir/filler_mod"
mkdir -p "$mod/scripts"
for i in $(seq -w 1 64); do
    printf 'return tessera.game { name = "Filler %s", tiles = { [" "] = { "floor" }, ["@"] = { "player", player = true } } }\n' $i \
        > "$mod/scripts/f$i.lua"
done
expect_status 0 "the menu beside a mod of 64 games" -- "$tessera" play lights --mods "$mod" --level 1 --keys "escape escape home return"
expect_output '"game":"Sokoban","level":1' "Sokoban is still first on the menu"
expect_output "tessera: Mods: the menu holds 64 games; 13 mod entries left out" "the rest counted"
rm -rf "$mod"

# A mod's error is one line: a newline in its message forged lines of their own on stderr
# ("tessera: other/mod.lua:12:3: ..."). And a mod folder's name with terminal escapes, left out
# past the 32nd mod, reached the terminal raw.
mod="$outdir/forger"
mkdir -p "$mod/scripts"
echo 'error("boom\ntessera: /elsewhere/good.lua:12:3: FORGED", 0)' > "$mod/scripts/forge.lua"
expect_status 0 "a mod whose error has a newline" -- "$tessera" play sokoban --mods "$mod" --level 1 --keys right
expect_output 'forge.lua:1:1: boom\ntessera: /elsewhere/good.lua:12:3: FORGED' "the newline shown as \\n"
case $out in *"
tessera: /elsewhere"*) fail "a forged line: $out" ;; *) ok ;; esac
export XDG_DATA_HOME="$outdir/many_mods"
for i in $(seq -w 1 32); do mkdir -p "$XDG_DATA_HOME/tessera/mods/m$i/levels"; done
mkdir -p "$XDG_DATA_HOME/tessera/mods/$(printf 'z\033]0;PWNED\007')/levels"
expect_status 0 "33 mods, the last named with escapes" -- "$tessera" play sokoban --level 1 --keys right
expect_output "mods/z\\e]0;PWNED\\x07' is left out" "its name escaped"
case $out in *"$(printf '\033')"*) fail "an escape reached the terminal: $out" ;; *) ok ;; esac
unset XDG_DATA_HOME
rm -rf "$mod" "$outdir/many_mods"

# --- A game whose hooks are slow: the generic search keeps its deadline ------------------------
# Each hook spins 0.2 s of CPU, inside its own 0.5 s. The search looked at its clock once in 256
# positions, so `solve --timeout 1` ran ~100 s and the H hint (3 s) ~170 s on the game loop's
# thread; now the clock is read after every hook call, and the end is "timeout", never
# "unsolvable".
mod="$outdir/slow_hooks"
mkdir -p "$mod"
cat > "$mod/slowhooks.lua" <<'EOF'
local function spin(s) local t = os.clock() while os.clock() - t < s do end end
return tessera.game { name = "SlowHooks", rules = "actions", actions = { press = { click = true } },
  tiles = { ["O"] = { "light_on" }, ["."] = { "light_off", goal = true } },
  solved = function(level) spin(0.2) return level:count("light_on") == 0 end,
  heuristic = function(level) spin(0.2) return level:count("light_on") end,
  candidates = function(level)
    spin(0.2)
    local t = {}
    for i = 1, 4096 do t[i] = { name = "press", cell = 1 } end
    return t
  end,
  act = function(level, a)
    spin(0.2)
    level:set_floor(a.cell, level:floor(a.cell) == "light_on" and "light_off" or "light_on")
  end }
EOF
printf 'OO.\n...\n' > "$mod/lv.txt"
started=$(date +%s)
expect_status 1 "solve --timeout 1 of a game whose hooks are slow" -- timeout 60 "$tessera" solve --game "$mod/slowhooks.lua" "$mod/lv.txt" --timeout 1
expect_output "level 1: timeout" "out of time, not unsolvable"
[ $(( $(date +%s) - started )) -le 15 ] && ok || fail "solve --timeout 1 took $(( $(date +%s) - started )) s"
started=$(date +%s)
expect_status 0 "the H hint in that game" -- timeout 60 "$tessera" play "$mod/slowhooks.lua" "$mod/lv.txt" --keys h
expect_output "No solution found in" "the hint gives up"
[ $(( $(date +%s) - started )) -le 20 ] && ok || fail "the 3 s hint took $(( $(date +%s) - started )) s"
rm -rf "$mod"

# --- A set of many levels whose solved and labels hooks are slow: the game still starts ---------
# Starting a game (and every hot reload of its levels) calls solved and labels for each level of
# the set; each call keeps its 0.5 s, and 300 levels at 0.2 s a hook took 2 minutes before the
# first frame. The sweep has 3 s of CPU: the rest is checked when opened, and that is said once.
mod="$outdir/slow_sweep"
mkdir -p "$mod/scripts" "$mod/levels/slowsweep"
cat > "$mod/scripts/slowsweep.lua" <<'EOF'
local function spin(s) local t = os.clock() while os.clock() - t < s do end end
return tessera.extend("sokoban", { name = "SlowSweep", levels = "slowsweep/many.xsb",
  solved = function(level) spin(0.2) return false end,
  labels = function(level) spin(0.2) return {} end })
EOF
for i in $(seq 1 300); do printf '#####\n#@$.#\n#####\n\n'; done > "$mod/levels/slowsweep/many.xsb"
started=$(date +%s)
expect_status 0 "a game of 300 levels with slow hooks starts" -- timeout -k 5 60 "$tessera" play slowsweep --mods "$mod" --keys right
expect_output '"moves":1' "played"
expect_output "many.xsb: checking the levels took more than 3 s of CPU: levels " "the unchecked levels named"
[ "$(printf '%s\n' "$out" | grep -c 'checking the levels took')" = 1 ] && ok || fail "said more than once: $out"
[ $(( $(date +%s) - started )) -le 20 ] && ok || fail "the start took $(( $(date +%s) - started )) s"
started=$(date +%s)
expect_status 0 "check of that mod" -- timeout -k 5 60 "$tessera" check "$mod" --timeout 0
expect_output "are checked only when opened (note)" "check says so"
[ $(( $(date +%s) - started )) -le 30 ] && ok || fail "check took $(( $(date +%s) - started )) s"
rm -rf "$mod"

# --- A labels hook returning one shared string of megabytes for every cell: moves stay quick ----
# The string is built once and each cell refers to it, so the hook is cheap; the host copied each
# label with snprintf("%s"), which walked the whole string per cell (a 40x25 level: over a minute
# a move). It copies at most the 15 bytes a label keeps.
mod="$outdir/big_labels"
mkdir -p "$mod"
cat > "$mod/biglabels.lua" <<'EOF'
local s = ("W\u{e9}x"):rep(1 << 20)
return tessera.extend("sokoban", { name = "BigLabels", levels = false,
  labels = function(level)
    local w, h = level:size()
    local t = {}
    for c = 1, w * h do t[c] = s end
    return t
  end })
EOF
{ printf '%040d\n' 0 | tr 0 '#'; for i in $(seq 1 23); do printf '#%038s#\n' '' ; done; printf '%040d\n' 0 | tr 0 '#'; } > "$mod/big.xsb"
sed -i '2s/^# /#@$./' "$mod/big.xsb"
started=$(date +%s)
expect_status 0 "a move with 4 MiB labels on 1000 cells" -- timeout -k 5 60 "$tessera" play "$mod/biglabels.lua" "$mod/big.xsb" --keys right
expect_output '"moves":1' "played"
[ $(( $(date +%s) - started )) -le 15 ] && ok || fail "one move took $(( $(date +%s) - started )) s"
rm -rf "$mod"

# --- A game's help of 64 lines of 20 KB: F1 draws it at once ------------------------------------
# Each frame of the panel measured every line whole, and cut each with "..." by measuring every
# shorter start again (quadratic): 13 s of CPU for F1 and three frames. The panel keeps 256
# bytes of a game's line and cuts in one pass.
mod="$outdir/long_help"
mkdir -p "$mod"
cat > "$mod/longhelp.lua" <<'EOF'
local help = {}
for i = 1, 64 do help[i] = ("h"):rep(20000) .. i end
return tessera.extend("sokoban", { name = "LongHelp", levels = false, help = help })
EOF
started=$(date +%s)
expect_status 0 "F1 on a game of 64 help lines of 20 KB" -- timeout -k 5 60 "$tessera" play "$mod/longhelp.lua" "$outdir/one.xsb" --keys "f1 frame:3 escape right"
expect_output '"moves":1' "played"
[ $(( $(date +%s) - started )) -le 6 ] && ok || fail "F1 took $(( $(date +%s) - started )) s"
rm -rf "$mod"

# --- Level titles of a megabyte: the level list draws at once ------------------------------------
# Each row of the list measured its title whole, every frame: 20 titles of 1 MB took 4 s of CPU
# (Debug) for two frames of the list, and a 64 MiB file of them froze it for minutes. A line is
# measured only as far as a canvas can be wide.
mod="$outdir/long_titles"
mkdir -p "$mod"
title=$(head -c 1000000 /dev/zero | tr '\0' T)
for i in $(seq 1 20); do printf 'Title: %s%d\n#####\n#@$.#\n#####\n\n' "$title" "$i"; done > "$mod/titles.xsb"
started=$(date +%s)
expect_status 0 "the level list of 20 titles of 1 MB" -- timeout -k 5 60 "$tessera" play sokoban "$mod/titles.xsb" --keys "escape frame:3 down frame:3 down frame:3 return right"
expect_output '"moves":1' "played"
[ $(( $(date +%s) - started )) -le 4 ] && ok || fail "the list took $(( $(date +%s) - started )) s"
rm -rf "$mod"

# --- A mod's solution file of 4000 moves on a game whose on_move is slow: check keeps its budget -
# Each move of a replay runs the hooks, each call within its 0.5 s, but nothing bounded their
# number: check replayed this one for 80 s (a million moves, which a solution may have: days).
# The replays of a check share --budget seconds of CPU, as the solver does; the rest is a note.
mod="$outdir/slow_replay"
mkdir -p "$mod/scripts" "$mod/levels/slowreplay"
cat > "$mod/scripts/slowreplay.lua" <<'EOF'
local function spin(s) local t = os.clock() while os.clock() - t < s do end end
return tessera.extend("sokoban", { name = "SlowReplay", levels = "slowreplay/a.xsb",
  on_move = function(level, move) spin(0.02) end })
EOF
printf '#######\n#@ $ .#\n#######\n' > "$mod/levels/slowreplay/a.xsb"
printf '1: %s\n' "$(for i in $(seq 1 2000); do printf rl; done)rRr" > "$mod/levels/slowreplay/a.sol"
started=$(date +%s)
expect_status 0 "check of a mod whose solution replays slowly" -- timeout -k 5 60 "$tessera" check "$mod" --timeout 0 --budget 1
expect_output "a.sol: 1 solution not replayed in full: the check's 1 s of CPU for replays ran out (note)" "the replay stopped, said as a note"
[ $(( $(date +%s) - started )) -le 15 ] && ok || fail "check took $(( $(date +%s) - started )) s"
rm -rf "$mod"

# --- A mod of six level files for a game whose solved hook is slow: check keeps its budget -------
# Each file's levels are checked as play starts them, with 3 s of CPU for the file; six files took
# that six times (a thousand: an hour). The checks of a whole check share --budget seconds.
mod="$outdir/slow_sets"
mkdir -p "$mod/scripts" "$mod/levels/slowsets"
cat > "$mod/scripts/slowsets.lua" <<'EOF'
local function spin(s) local t = os.clock() while os.clock() - t < s do end end
return tessera.extend("sokoban", { name = "SlowSets", levels = false,
  solved = function(level) spin(0.1) return false end })
EOF
for f in 1 2 3 4 5 6; do for i in $(seq 1 40); do printf '#####\n#@$.#\n#####\n\n'; done > "$mod/levels/slowsets/f$f.xsb"; done
expect_status 0 "check of a mod of six slow level sets" -- timeout -k 5 100 "$tessera" check "$mod" --timeout 0 --budget 1
expect_output "f6.xsb: the check's 1 s of CPU for checking levels at their start ran out: levels 1 to 40 are checked only when opened (note)" "the later sets named, as a note"
[ "$(printf '%s\n' "$out" | grep -c 'for checking levels at their start ran out')" -ge 4 ] && ok || fail "the sets were checked: $out"
rm -rf "$mod"

# --- A mod of six level files for a game whose script spins as it loads: loaded once -----------
# Each level file was checked with the game loaded anew: its start-up (up to the load's 2 s of
# CPU) ran once a file, with no bound over the check (a thousand files: half an hour).
mod="$outdir/slow_load"
mkdir -p "$mod/scripts" "$mod/levels/slowload"
cat > "$mod/scripts/slowload.lua" <<'EOF'
local t = os.clock() while os.clock() - t < 0.8 do end
return tessera.extend("sokoban", { name = "SlowLoad", levels = false })
EOF
for f in 1 2 3 4 5 6; do printf '#####\n#@$.#\n#####\n' > "$mod/levels/slowload/f$f.xsb"; done
cpu_start=$(awk '{ print $14 + $15 + $16 + $17 }' /proc/$$/stat)
expect_status 0 "check of a mod of six level files for a game slow to load" -- timeout -k 5 100 "$tessera" check "$mod" --timeout 0
expect_output "f6.xsb: ok (1 level for SlowLoad)" "every file checked"
cpu=$(( $(awk '{ print $14 + $15 + $16 + $17 }' /proc/$$/stat) - cpu_start ))
ticks=$(getconf CLK_TCK)
# The script is loaded for itself and once for its six files: about 1.6 s; six loads were 5.6 s.
[ "$cpu" -lt $((ticks * 4)) ] && ok || fail "check of six files took $((cpu * 100 / ticks)) cs of CPU: the game was loaded for each"

# ... and as many solution files: each opened the game and its levels anew, outside the replays'
# --budget; their openings count as replaying.
for f in 1 2 3 4 5 6 7 8; do printf '#####\n#@$.#\n#####\n' > "$mod/levels/slowload/f$f.xsb"; echo R > "$mod/levels/slowload/f$f.sol"; done
cpu_start=$(awk '{ print $14 + $15 + $16 + $17 }' /proc/$$/stat)
expect_status 0 "check of a mod of eight solution files for a game slow to load" -- timeout -k 5 100 "$tessera" check "$mod" --timeout 0 --budget 1
expect_output "f8.sol: not replayed: the check's 1 s of CPU for replays ran out (note)" "the files left named, as a note"
cpu=$(( $(awk '{ print $14 + $15 + $16 + $17 }' /proc/$$/stat) - cpu_start ))
# The script loaded for itself, for the level files, and for two solution files: about 3.2 s; each
# solution file opening it was 8 s.
[ "$cpu" -lt $((ticks * 5)) ] && ok || fail "check of eight solution files took $((cpu * 100 / ticks)) cs of CPU"
rm -rf "$mod"

# --- A mod script whose name has a dot: not startable by that name, so not listed --------------
mod="$outdir/dot_mod"
mkdir -p "$mod/scripts"
echo 'return tessera.extend("sokoban", { name = "Dotted" })' > "$mod/scripts/sokoban.6gq3aca8.lua"
expect_status 0 "help games beside it" -- "$tessera" help games --mods "$mod"
case $out in *sokoban.6gq3aca8*) fail "listed though it cannot start: $out" ;; *) ok ;; esac
expect_status 0 "the menu beside it" -- "$tessera" play sokoban --mods "$mod" --level 1 --keys right
expect_output "sokoban.6gq3aca8.lua: a game's file name may hold only letters, digits, '_' and '-'" "named once, why"
rm -rf "$mod"

finish
