# hexview.sh: hex keys and hex clicks through the game loop, the isometric view (--view, the
# V key, clicks on raised blocks) and the refusals that go with them.
# usage: hexview.sh TESSERA IMGDIFF OUTDIR   (run from the repository root)
set -u
tessera=$1
outdir=$3/hexview
mkdir -p "$outdir"
. "$(dirname "$0")/lib.sh"

# Hexoban level 1: the player at (5,3) on an odd row; a box west of it and one north-west.
# The keypad keys name the six directions: 4 pushes the west box, 1 walks south-west.
expect_status 0 "hex key 4" -- "$tessera" play hexoban --level 1 --keys "4"
expect_output '"moves":1,"pushes":1' "4 pushes the box to the west"
expect_status 0 "hex key 1" -- "$tessera" play hexoban --level 1 --keys "1 7"
expect_output '"moves":1,"pushes":0' "1 walks south-west, 7 back north-west is a box that cannot move"
expect_status 0 "hex key home" -- "$tessera" play hexoban --level 1 --keys "left"
expect_output '"moves":1,"pushes":1' "Left is west on hexagons"
# Up zig-zags up the column: from the odd row 3 north-west is the box at (5,2), which moves.
expect_status 0 "hex up" -- "$tessera" play hexoban --level 1 --keys "up"
expect_output '"moves":1,"pushes":1' "Up from an odd row is north-west"
# Z still undoes and X still solves on hex games.
expect_status 0 "hex undo" -- "$tessera" play hexoban --level 1 --keys "4 z"
expect_output '"moves":0' "Z undoes on a hex game"
expect_status 0 "hex solve" -- "$tessera" play hexoban --level 1 --keys "x"
expect_output '"solved":true' "X solves a hex level"

# Clicks on hexagons: a far cell walks there by the shortest path (6 steps, no push); a box
# next to the player is pushed away from it; a click on a wall does nothing.
expect_status 0 "hex click walk" -- "$tessera" play hexoban --level 1 --keys "click:1,1"
expect_output '"moves":6,"pushes":0' "click-walk on hexagons"
expect_status 0 "hex click push" -- "$tessera" play hexoban --level 1 --keys "click:4,3"
expect_output '"moves":1,"pushes":1' "clicking the box to the west pushes it"
expect_status 0 "hex click north-west box" -- "$tessera" play hexoban --level 1 --keys "click:5,2"
expect_output '"moves":1,"pushes":1' "clicking the box to the north-west pushes it"
expect_status 0 "hex click wall" -- "$tessera" play hexoban --level 1 --keys "click:0,0 click:6,3"
expect_output '"moves":0' "clicking walls does nothing"
# Clicks at other window sizes land on the same cells (the layout scales).
expect_status 0 "hex click small window" -- "$tessera" play hexoban --level 1 --size 400x300 --keys "click:1,1 click:1,4"
expect_output '"moves":10,"pushes":0' "click-walk at 400x300"

# The isometric view: the same clicks do the same things, blocks included.
expect_status 0 "iso click walk" -- "$tessera" play sokoban --level 3 --view iso --keys "click:1,1"
iso_out=$out
expect_status 0 "flat click walk" -- "$tessera" play sokoban --level 3 --keys "click:1,1"
[ "$out" = "$iso_out" ] && ok || fail "iso and flat click-walks differ: $iso_out vs $out"
expect_status 0 "iso click box" -- "$tessera" play sokoban --level 1 --view iso --keys "right click:2,2"
expect_output '"moves":2,"pushes":1' "clicking a raised box in iso pushes it"
expect_status 0 "iso solve by keys" -- "$tessera" play sokoban --level 1 --view iso --keys "right down left down right"
expect_output '"solved":true' "play in iso"
# V toggles the view; a hex game says it stays flat.
expect_status 0 "V toggles" -- "$tessera" play sokoban --level 1 --keys "v" --screenshot "$outdir/v.png"
expect_output 'Isometric view' "V switches to the iso view"
expect_status 0 "V toggles back" -- "$tessera" play sokoban --level 1 --view iso --keys "v"
expect_output 'Flat view' "V switches back"
expect_status 0 "V on hexagons" -- "$tessera" play hexoban --level 1 --keys "v"
expect_output 'drawn flat only' "hex games stay flat"
# Refusals: iso on a hex game, an unknown view.
expect_status 2 "render hex iso" -- "$tessera" render hexoban --view iso --out "$outdir/hex_iso.png"
expect_output 'square grids only' "iso refused for hexagons"
[ ! -e "$outdir/hex_iso.png" ] && ok || fail "a refused render left a file behind"
expect_status 2 "play hex iso" -- "$tessera" play hexoban --view iso --keys "d"
expect_output 'square grids only' "iso refused for hexagons in play"
expect_status 2 "render bad view" -- "$tessera" render sokoban --view cube --out "$outdir/x.png"
expect_output "unknown view 'cube'" "unknown view named"
expect_status 2 "play bad view" -- "$tessera" play sokoban --view cube --keys "d"
expect_output "unknown view 'cube'" "unknown view named in play"
# Every bundled square game in iso is compared with a golden in golden.sh; .hsb files are
# opened with Hexoban.
expect_status 0 "verify .hsb guesses hexoban" -- "$tessera" verify levels/hexoban/hexoban.hsb levels/hexoban/hexoban.sol
expect_output "8 of 8 levels solved" "hexoban solutions replayed"
finish
