# mods.sh: user mods (tests/mods) found through --mods and through the XDG mods folder: a new
# game, a bundled game replaced, level sets added; `tessera check` on good and bad mods.
# usage: mods.sh TESSERA IMGDIFF OUTDIR   (run from the repository root)
set -u
tessera=$1
imgdiff=$2
outdir=$3/mods
. "$(dirname "$0")/lib.sh"
rm -rf "$outdir"
mkdir -p "$outdir"

# A good mod folder checks clean: scripts, sprites, level sets, each level solvable.
expect_status 0 "check good mods" -- "$tessera" check tests/mods
expect_output "tests/mods/pairs_mod/scripts/pairs.lua: ok (game \"Pairs\")" "check names the mod's game"
expect_output "tests/mods/pairs_mod/levels/pairs/pairs.xsb: ok (2 levels for Pairs)" "check reads the mod's levels"
expect_output "tests/mods/pairs_mod/levels/sokoban/extra.xsb: ok (1 level for Sokoban (modded))" \
    "a level set for a bundled game is read with the mod's override"
expect_status 0 "check one mod" -- "$tessera" check tests/mods/pairs_mod
expect_output "tests/mods/pairs_mod/levels/pairs/pairs.sol: ok (2 solutions replayed" "check replays the mod's solutions"
# The game's default levels lie in the mod's levels/pairs/, which the check walks: they are read
# and given to the solver once, there (before, the script's check did it too, as
# scripts/../levels/pairs/pairs.xsb, spending the solver's budget twice).
n=$(printf '%s\n' "$out" | grep -c 'pairs\.xsb: ')
[ "$n" -eq 1 ] && ok || fail "the mod's level file is checked $n times: $out"

# --mods: the mod's game plays, its solutions verify, it renders; a bundled game is replaced.
expect_status 0 "play a mod's game" -- "$tessera" play pairs --mods tests/mods --keys "right right right"
expect_output '"game":"Pairs","level":1,"title":"Two in a row","moves":3,"pushes":3,"solved":true' "pairs solved"
expect_status 0 "verify a mod's levels" -- "$tessera" verify --mods tests/mods --game pairs \
    tests/mods/pairs_mod/levels/pairs/pairs.xsb tests/mods/pairs_mod/levels/pairs/pairs.sol
expect_status 0 "render a mod's game" -- "$tessera" render --mods tests/mods pairs --level 2 --size 480x360 --out "$outdir/pairs.png"
golden mod_pairs "$outdir/pairs.png"
expect_status 0 "an override replaces the bundled game" -- "$tessera" play sokoban --mods tests/mods --keys "right"
expect_output '"game":"Sokoban (modded)"' "the mod's sokoban is the one played"
expect_status 2 "without the mods, pairs is unknown" -- "$tessera" play pairs --keys right
expect_output "unknown game 'pairs'" "unknown game"
expect_status 2 "--mods needs a folder" -- "$tessera" play sokoban --mods "$outdir/none" --keys right
expect_output "no such folder" "missing mods folder"

# The menu lists what mods add: from the game, Esc twice reaches the game list, where the
# mod's level set for Sokoban sits right under it.
expect_status 0 "menu entry of a mod's level set" -- "$tessera" play sokoban --mods tests/mods \
    --keys "escape escape down return return right"
expect_output '"title":"A level set a mod adds to the bundled game","moves":1,"pushes":1,"solved":true' \
    "the mod's level set played from the menu"

# The user's mods folder ($XDG_DATA_HOME/tessera/mods) is searched without --mods.
export XDG_DATA_HOME="$outdir/xdg"
mkdir -p "$XDG_DATA_HOME/tessera/mods"
cp -r tests/mods/pairs_mod "$XDG_DATA_HOME/tessera/mods/"
expect_status 0 "play from the XDG mods folder" -- "$tessera" play pairs --level 2 --keys "right right right right"
expect_output '"game":"Pairs","level":2,"title":"Four steps","moves":4,"pushes":4,"solved":true' "xdg mod solved"
# A ':' in a folder's name (a clone in "tessera:dev", a data folder "a:b") is a name like any
# other: before, the search paths were ':' lists, and such a folder was skipped without a word
# (the user's mods) or refused (--mods), or no bundled game was found at all.
export XDG_DATA_HOME="$outdir/x:dg"
mkdir -p "$XDG_DATA_HOME/tessera/mods"
cp -r tests/mods/pairs_mod "$XDG_DATA_HOME/tessera/mods/"
expect_status 0 "play from a mods folder with ':' in its path" -- "$tessera" play pairs --level 2 --keys "right right right right"
expect_output '"game":"Pairs","level":2,"title":"Four steps","moves":4,"pushes":4,"solved":true' "mod under ':' solved"
unset XDG_DATA_HOME
mkdir -p "$outdir/with:colon"
cp -r tests/mods/pairs_mod "$outdir/with:colon/"
expect_status 0 "--mods with ':' in its path" -- "$tessera" play pairs --mods "$outdir/with:colon" --keys "right right right"
expect_output '"game":"Pairs","level":1,"title":"Two in a row","moves":3,"pushes":3,"solved":true' "--mods under ':' solved"
mkdir -p "$outdir/data:dir"
cp -r scripts levels assets "$outdir/data:dir/"
expect_status 0 "a data folder with ':' in its path" -- env TESSERA_DATA_DIR="$outdir/data:dir" "$tessera" play sokoban --keys "left"
expect_output '"game":"Sokoban"' "the bundled game is found under ':'"

# Bad mods: every problem reported with its place, exit 2 (malformed) over 1 (unsolvable).
expect_status 2 "check bad mods" -- "$tessera" check tests/bad_mods
expect_output "tests/bad_mods/broken/scripts/typo.lua:5:22: glyph '~': unknown flag 'slipery'" "bad flag at its line"
expect_output "tests/bad_mods/broken/scripts/unseen.lua:5:15: tile 'mystery_floor' has no sprite 'mystery_floor'" \
    "missing sprite at its line and column"
expect_output "tests/bad_mods/broken/levels/sokoban/typo.xsb:4:2: '?' is not a tile of this game" "bad level at line:col"
expect_output "tests/bad_mods/broken/levels/sokoban/stuck.xsb:7:1: level 2 'A box in a corner' cannot be solved" \
    "unsolvable level"
expect_output "tests/bad_mods/broken/levels/no_such_game/orphan.xsb: no game 'no_such_game'" "level set without a game"
expect_output "tests/bad_mods/broken/levels/sokoban/stuck.sol:2:4: level 1: move 1 ('L') cannot be made there" \
    "a mod's wrong solution at its line and column"
case "$out" in *typo.sol*) fail "a solution of an unreadable level file was replayed: $out" ;; *) ok ;; esac
case "$out" in *_helpers*) fail "helper modules are not games: $out" ;; *) ok ;; esac
# Playing with the broken mod: the bundled games start, and the mod's scripts that did not load
# are named with their error (on stderr and on the menu), helper modules ('_' names) are not.
expect_status 0 "play beside a broken mod" -- "$tessera" play sokoban --mods tests/bad_mods/broken --level 1 --keys right
expect_output "tessera: mod script not listed: tests/bad_mods/broken/scripts/typo.lua:5:22: glyph '~': unknown flag 'slipery'" \
    "a broken mod script is named"
case "$out" in *_helpers*) fail "a helper module was named: $out" ;; *) ok ;; esac
# A mod whose game does not load says the script's error once: its level sets (levels/GAME/)
# are not read, and say so pointing at it (each of them repeated the script's error, before).
mkdir -p "$outdir/noload/scripts" "$outdir/noload/levels/noload"
printf 'return tessera.extend("sokoban", {\n  name = "No load",\n  tiles = { ["~"] = { "ice", slipery = true } },\n})\n' \
    > "$outdir/noload/scripts/noload.lua"
printf '#####\n#@$.#\n#####\n' > "$outdir/noload/levels/noload/one.xsb"
printf '#####\n#@$.#\n#####\n' > "$outdir/noload/levels/noload/two.xsb"
expect_status 2 "a mod whose game does not load" -- "$tessera" check "$outdir/noload"
expect_output "noload/scripts/noload.lua:3:30: glyph '~': unknown flag 'slipery'" "the script's error"
[ "$(printf '%s\n' "$out" | grep -c "unknown flag 'slipery'")" -eq 1 ] && ok || fail "the script's error said more than once: $out"
expect_output "noload/levels/noload/one.xsb: not read: its game 'noload' does not load (the error above)" "a level set says why"
expect_output "noload/levels/noload/two.xsb: not read: its game 'noload' does not load (the error above)" "each of them"
expect_status 1 "an unsolvable level alone exits 1" -- "$tessera" check tests/bad_mods/broken/levels/sokoban/stuck.xsb
expect_status 0 "--timeout 0 skips the solver" -- "$tessera" check --timeout 0 tests/bad_mods/broken/levels/sokoban/stuck.xsb
expect_status 2 "bad --timeout" -- "$tessera" check --timeout soon tests/mods
expect_status 2 "not a mod" -- "$tessera" check tests/e2e
expect_output "not a mod" "a folder without scripts/ or levels/"

finish
