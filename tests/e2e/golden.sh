# golden.sh: `tessera render` and `tessera play --screenshot` compared with committed images.
# usage: golden.sh TESSERA IMGDIFF OUTDIR   (run from the repository root)
# To accept new images after a deliberate change: TESSERA_UPDATE_GOLDEN=1 ctest -R golden
set -u
tessera=$1
imgdiff=$2
outdir=$3/golden
mkdir -p "$outdir"
. "$(dirname "$0")/lib.sh"

compare() {
    local name=$1
    if [ "${TESSERA_UPDATE_GOLDEN:-}" = 1 ]; then cp "$outdir/$name.png" "tests/golden/$name.png"; fi
    if [ ! -f "tests/golden/$name.png" ]; then fail "no golden image tests/golden/$name.png"; return; fi
    if "$imgdiff" "tests/golden/$name.png" "$outdir/$name.png" 1.0 "$outdir/$name.diff.png"; then ok
    else fail "$name differs from tests/golden/$name.png (see $outdir/$name.diff.png)"; fi
}

expect_status 0 "render sokoban 1" -- "$tessera" render sokoban --level 1 --out "$outdir/sokoban_1.png"
compare sokoban_1
expect_status 0 "render fifteen 3" -- "$tessera" render fifteen --level 3 --out "$outdir/fifteen_3.png"
compare fifteen_3
expect_status 0 "play screenshot" -- "$tessera" play sokoban --level 2 --keys "f1" --screenshot "$outdir/help_overlay.png"
compare help_overlay
# Moves in motion (scripted play runs 16 ms per frame): "down right" queues a walk and a push;
# frame:6 lands in the middle of the push, frame:10 on its last frame before the rest.
expect_status 0 "push in motion" -- "$tessera" play sokoban --level 1 --size 480x360 --keys "down right frame:6" --screenshot "$outdir/motion_push.png"
compare motion_push
expect_status 0 "push, last frame" -- "$tessera" play sokoban --level 1 --size 480x360 --keys "down right frame:10" --screenshot "$outdir/motion_last_frame.png"
compare motion_last_frame
# The isometric view: blocks, floor diamonds and the player, drawn back to front.
expect_status 0 "render sokoban 3 iso" -- "$tessera" render sokoban --level 3 --view iso --size 480x360 --out "$outdir/iso_sokoban_3.png"
compare iso_sokoban_3
# A render that fails must not leave a broken image behind or crash.
expect_status 2 "render to a missing folder" -- "$tessera" render sokoban --out /nonexistent/dir/x.png
finish
