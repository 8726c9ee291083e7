# golden.sh: `tessera render` and `tessera play --screenshot` compared with committed images.
# usage: golden.sh TESSERA IMGDIFF OUTDIR   (run from the repository root)
# To accept new images after a deliberate change: TESSERA_UPDATE_GOLDEN=1 ctest -R golden
set -u
tessera=$1
imgdiff=$2
outdir=$3/golden
mkdir -p "$outdir"
. "$(dirname "$0")/lib.sh"

compare() { golden "$1" "$outdir/$1.png"; }

expect_status 0 "render sokoban 1" -- "$tessera" render sokoban --level 1 --out "$outdir/sokoban_1.png"
compare sokoban_1
expect_status 0 "render fifteen 3" -- "$tessera" render fifteen --level 3 --out "$outdir/fifteen_3.png"
compare fifteen_3
expect_status 0 "play screenshot" -- "$tessera" play sokoban --level 2 --keys "f1" --screenshot "$outdir/help_overlay.png"
compare help_overlay
# The help in the smallest window (320x240): it fits, long texts cut with "..." (it ran off
# every edge before).
expect_status 0 "help in a small window" -- "$tessera" play sokoban --level 2 --size 320x240 --keys "f1" --screenshot "$outdir/help_small.png"
compare help_small
# Moves in motion (scripted play runs 16 ms per frame): "down right" queues a walk and a push;
# frame:6 lands in the middle of the push, frame:10 on its last frame before the rest.
expect_status 0 "push in motion" -- "$tessera" play sokoban --level 1 --size 480x360 --keys "down right frame:6" --screenshot "$outdir/motion_push.png"
compare motion_push
expect_status 0 "push, last frame" -- "$tessera" play sokoban --level 1 --size 480x360 --keys "down right frame:10" --screenshot "$outdir/motion_last_frame.png"
compare motion_last_frame
# The isometric view: blocks, floor diamonds and the player, drawn back to front.
expect_status 0 "render sokoban 3 iso" -- "$tessera" render sokoban --level 3 --view iso --size 480x360 --out "$outdir/iso_sokoban_3.png"
compare iso_sokoban_3
# Walls in front of a floor are cut down, so nothing hides behind them (level 13 after one
# Down once hid the player, a goal and a box behind full-height walls); the room's back walls
# stand full.
expect_status 0 "iso walls cut down" -- "$tessera" play sokoban --level 13 --view iso --size 480x360 --keys "down" --screenshot "$outdir/iso_walls_cut.png"
compare iso_walls_cut
# The comparison itself must catch a real mistake: the player one cell to the right and
# "Moves 1" in the HUD is not level 1's start (a mean over the picture once let it pass).
expect_status 0 "one move" -- "$tessera" play sokoban --level 1 --keys "right" --screenshot "$outdir/sokoban_1_moved.png"
if "$imgdiff" tests/golden/sokoban_1.png "$outdir/sokoban_1_moved.png" > "$outdir/moved.txt"; then
    fail "a shifted player passed as sokoban_1: $(cat "$outdir/moved.txt")"; else ok; fi
# ... and a change of the HUD alone (the move counter) is caught too.
expect_status 0 "a blocked key" -- "$tessera" play sokoban --level 1 --keys "left" --screenshot "$outdir/sokoban_1_blocked.png"
golden sokoban_1 "$outdir/sokoban_1_blocked.png"
expect_status 0 "one move and back" -- "$tessera" play sokoban --level 1 --keys "right left" --screenshot "$outdir/sokoban_1_back.png"
differ_picture tests/golden/sokoban_1.png "$outdir/sokoban_1_back.png" "'Moves 2' in the HUD went unnoticed" 10
# Every square-grid game in the isometric view (hexoban is drawn flat only).
for g in sokoban colour fifteen picture multiban ice holes pull robot; do
    expect_status 0 "render $g iso" -- "$tessera" render "$g" --level 1 --view iso --size 480x360 --out "$outdir/iso_$g.png"
    compare "iso_$g"
done
# A status line too long for a small window wraps onto a second line instead of being cut:
# the replay's keys at 640x480 (was "Left/Right step +..." before).
expect_status 0 "replay status wraps" -- env XDG_DATA_HOME="$outdir/xdg" "$tessera" play sokoban --level 3 --size 640x480 --keys "l frame:40" --screenshot "$outdir/replay_status_640.png"
compare replay_status_640
# The text font: DejaVu Sans when fonts-dejavu-core is installed; the built-in bitmap font
# when it is not (TESSERA_FONT naming a file that is not there stands in for that).
expect_status 0 "render without the font" -- env TESSERA_FONT=/nonexistent/DejaVuSans.ttf "$tessera" render sokoban --level 1 --out "$outdir/sokoban_1_bitmap_font.png"
expect_output "does not load" "the missing font is said"
compare sokoban_1_bitmap_font
differ_picture "$outdir/sokoban_1.png" "$outdir/sokoban_1_bitmap_font.png" "the fallback font draws like the TrueType one" 100
# Games with their own rules: lights on and off (and no light where the board has a hole),
# a key picked up (its count labels the player; the door and the key lie over the floor), a
# robot selected by Tab (its frame; the target drawn over the floor), and F1 naming actions.
expect_status 0 "render lights 10" -- "$tessera" render lights --level 10 --size 480x360 --out "$outdir/scripted_lights_10.png"
compare scripted_lights_10
expect_status 0 "doors, a key taken" -- "$tessera" play doors --level 4 --size 480x360 --keys "left" --screenshot "$outdir/scripted_doors_key.png"
compare scripted_doors_key
expect_status 0 "drift, the robot first in reading order selected" -- "$tessera" play drift --level 3 --size 480x360 --keys "" --screenshot "$outdir/scripted_drift_select.png"
compare scripted_drift_select
expect_status 0 "lights F1" -- "$tessera" play lights --level 2 --size 480x360 --keys "f1" --screenshot "$outdir/help_lights.png"
compare help_lights
# A render that fails must not leave a broken image behind or crash.
expect_status 2 "render to a missing folder" -- "$tessera" render sokoban --out /nonexistent/dir/x.png
finish
