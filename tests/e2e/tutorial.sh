# tutorial.sh: every file in scripts/TUTORIAL.md is real. The fenced blocks tagged with a file
# name (```lua crumble.lua, ```text crumble.xsb) are extracted in order; each step's game is
# checked and played, and the last versions must equal tests/tutorial/ (the game the tutorial
# builds), whose levels replay to solved.
# usage: tutorial.sh TESSERA IMGDIFF OUTDIR   (run from the repository root)
set -u
tessera=$1
outdir=$3/tutorial
. "$(dirname "$0")/lib.sh"
rm -rf "$outdir"
mkdir -p "$outdir/blocks" "$outdir/mygames"

# Block k (1-based, in page order) goes to blocks/k.NAME.
awk -v dir="$outdir/blocks" '
    /^```[a-z]+ [A-Za-z_.]+$/ { n++; file = dir "/" n "." $2; inside = 1; next }
    /^```/ && inside { inside = 0; close(file); next }
    inside { print > file }
' scripts/TUTORIAL.md
blocks=$(ls "$outdir/blocks" | sort -n)
[ "$(echo "$blocks" | wc -l)" -eq 6 ] && ok || fail "expected 6 file blocks in the tutorial, found: $blocks"
block() { cp "$outdir/blocks/$1" "$outdir/mygames/$2"; }
game="$outdir/mygames/crumble.lua"

# Step 1: three lines make a game (Sokoban's levels).
block 1.crumble.lua crumble.lua
expect_status 0 "step 1 checks" -- "$tessera" check "$game"
expect_output 'crumble.lua: ok (game "Crumble")' "step 1 is a game"
expect_status 0 "step 1 plays" -- "$tessera" play "$game" --keys "right"

# Steps 2 and 3: the new tiles and the first level file.
block 2.crumble.lua crumble.lua
block 3.crumble.xsb crumble.xsb
expect_status 0 "step 3 checks" -- "$tessera" check "$game"
expect_status 0 "step 3 plays its own level" -- "$tessera" play "$game" --keys "right right right"
expect_output '"title":"Mind the gap","moves":3,"pushes":2,"solved":true' "step 3 level solved"
sed 's/^#@:\$ \.#$/#@:$?.#/' "$outdir/mygames/crumble.xsb" > "$outdir/typo.xsb"
expect_status 2 "the typo the tutorial shows" -- "$tessera" check --game "$game" "$outdir/typo.xsb"
expect_output "typo.xsb:3:5: '?' is not a tile of this game" "typo reported as the tutorial says"

# Step 4: the finished game is the one kept in tests/tutorial.
block 4.crumble.lua crumble.lua
block 5.crumble.xsb crumble.xsb
block 6.crumble.sol crumble.sol
for f in crumble.lua crumble.xsb crumble.sol; do
    if cmp -s "$outdir/mygames/$f" "tests/tutorial/$f"; then ok; else fail "the tutorial's $f differs from tests/tutorial/$f"; fi
done
expect_status 0 "final game checks" -- "$tessera" check "$game"
expect_status 0 "final levels verify" -- "$tessera" verify --game "$game" "$outdir/mygames/crumble.xsb" "$outdir/mygames/crumble.sol"
expect_output "4 of 4 levels solved" "all tutorial levels solved"
# The hook: stepping off the crack leaves a hole, so walking back is blocked; undo restores it.
expect_status 0 "crack caves in" -- "$tessera" play "$game" --keys "right right left"
expect_output '"moves":2,"pushes":1,"solved":false' "the hole blocks the way back"
expect_status 0 "solve as the tutorial says" -- "$tessera" solve --game "$game" "$outdir/mygames/crumble.xsb" --level 1 --json
expect_output '"status":"solved"' "solver solves level 1"

# Step 8: as a mod.
mods="$outdir/xdg/tessera/mods/crumble"
mkdir -p "$mods/scripts" "$mods/levels"
cp "$outdir/mygames/crumble.lua" "$mods/scripts/"
cp "$outdir/mygames/crumble.xsb" "$outdir/mygames/crumble.sol" "$mods/levels/"
expect_status 0 "the mod checks" -- "$tessera" check "$mods"
XDG_DATA_HOME="$outdir/xdg" expect_status 0 "the mod plays by name" -- "$tessera" play crumble --keys "right right right"
expect_output '"game":"Crumble","level":1,"title":"Mind the gap","moves":3,"pushes":2,"solved":true' "mod solved"

finish
