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
[ "$(echo "$blocks" | wc -l)" -eq 11 ] && ok || fail "expected 11 file blocks in the tutorial, found: $blocks"
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

# Part two, step 9 and 10: a game of its own rules from an empty file, one level.
block 7.pegs.lua pegs.lua
block 8.pegs.txt pegs.txt
pegs="$outdir/mygames/pegs.lua"
expect_status 0 "pegs step 1 checks" -- "$tessera" check "$pegs"
expect_output 'pegs.lua: ok (game "Pegs")' "step 1 is a game"
expect_output 'pegs.txt: 1 level, 1 solved' "its level given to the solver"
expect_status 0 "pegs step 1 plays" -- "$tessera" play "$pegs" --keys "right"
expect_output '"game":"Pegs","level":1,"title":"One jump","moves":1,"pushes":0,"solved":true' "one jump solves it"
expect_status 0 "a jump that cannot be made" -- "$tessera" play "$pegs" --keys "left z"
expect_output '"moves":0' "refused, and nothing to undo"

# Steps 11 and 12: the finished game is the one kept in tests/tutorial.
block 9.pegs.lua pegs.lua
block 10.pegs.txt pegs.txt
block 11.pegs.sol pegs.sol
for f in pegs.lua pegs.txt pegs.sol; do
    if cmp -s "$outdir/mygames/$f" "tests/tutorial/$f"; then ok; else fail "the tutorial's $f differs from tests/tutorial/$f"; fi
done
expect_status 0 "pegs checks" -- "$tessera" check "$pegs"
expect_output 'pegs.txt: 4 levels, 4 solved' "every level solved by check"
expect_status 0 "pegs verify" -- "$tessera" verify --game "$pegs" "$outdir/mygames/pegs.txt" "$outdir/mygames/pegs.sol"
expect_output "4 of 4 levels solved" "the tutorial's solutions"
expect_status 0 "pegs solve" -- "$tessera" solve --game "$pegs" "$outdir/mygames/pegs.txt" --level 4 --json
expect_output '"status":"solved"' "the solver solves the cross"
expect_output '"moves":7' "in seven jumps"
expect_status 0 "pegs as the tutorial plays it" -- "$tessera" play "$pegs" --level 2 --keys "click:0,2 up right"
expect_output '"title":"Corner","moves":2,"pushes":0,"solved":true' "choose, jump, jump"
expect_status 0 "what came for free: undo" -- "$tessera" play "$pegs" --level 2 --keys "click:0,2 up z"
expect_output '"moves":0' "Z takes the jump back"

# Step 8: as a mod.
mods="$outdir/xdg/tessera/mods/crumble"
mkdir -p "$mods/scripts" "$mods/levels"
cp "$outdir/mygames/crumble.lua" "$mods/scripts/"
cp "$outdir/mygames/crumble.xsb" "$outdir/mygames/crumble.sol" "$mods/levels/"
expect_status 0 "the mod checks" -- "$tessera" check "$mods"
expect_output "crumble.sol: ok (4 solutions replayed" "check replays the mod's solutions"
# A wrong solution in the mod fails its check, at the move that cannot be made.
sed -i 's/^4: rRurDurrdLdL$/4: rRurDurrdLdR/' "$mods/levels/crumble.sol"
expect_status 1 "a mod with a wrong solution" -- "$tessera" check "$mods"
expect_output "levels/crumble.sol:4:15: level 4: move 12 ('R') cannot be made there" "the wrong move at its place"
cp "$outdir/mygames/crumble.sol" "$mods/levels/"
XDG_DATA_HOME="$outdir/xdg" expect_status 0 "the mod plays by name" -- "$tessera" play crumble --keys "right right right"
expect_output '"game":"Crumble","level":1,"title":"Mind the gap","moves":3,"pushes":2,"solved":true' "mod solved"

finish
