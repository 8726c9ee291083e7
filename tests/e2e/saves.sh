# saves.sh: progress and position saved by scripted play, in a data folder of its own:
# solves recorded with their best solution, the position brought back with its undo, a
# damaged save set aside with a message while the game goes on.
# usage: saves.sh TESSERA IMGDIFF OUTDIR   (run from the repository root)
set -u
tessera=$1
outdir=$3/saves
. "$(dirname "$0")/lib.sh"
rm -rf "$outdir"
mkdir -p "$outdir"
export XDG_DATA_HOME="$outdir/data"
progress_dir="$XDG_DATA_HOME/tessera/progress"

expect_status 0 "solve level 1" -- "$tessera" play sokoban --level 1 --keys "down right up right down"
expect_output '"solved":true' "level 1 solved"
file=$(ls "$progress_dir"/sokoban-tessera-*.txt 2>/dev/null | head -1)
if [ -n "$file" ] && grep -q '^tessera-progress 1$' "$file" && grep -Eq '^solved 1 [0-9a-f]{8} 5 2 dRurD$' "$file"; then ok
else fail "progress file lacks level 1's solve: $(cat "$file" 2>/dev/null)"; fi

# A longer solve does not replace the best; the position is that of the last run.
expect_status 0 "solve level 1 again, longer" -- "$tessera" play sokoban --level 1 --keys "right left down right up right down"
if grep -Eq '^solved 1 [0-9a-f]{8} 5 2 dRurD$' "$file"; then ok; else fail "best solve replaced by a worse one: $(cat "$file")"; fi

# The position comes back with its undo and redo (scripted play asks with --resume).
expect_status 0 "leave level 2 half way" -- "$tessera" play sokoban --level 2 --keys "left left z"
expect_output '"moves":1' "two moves, one undone"
if grep -q '^position 2 ' "$file" && grep -q '^history l$' "$file" && grep -q '^redo l$' "$file"; then ok
else fail "position not saved: $(cat "$file")"; fi
expect_status 0 "resume" -- "$tessera" play sokoban --resume --keys ""
expect_output '"level":2' "resumed on level 2"
expect_output '"moves":1' "resumed with the moves"
expect_status 0 "resume, undo" -- "$tessera" play sokoban --resume --keys "z"
expect_output '"moves":0' "undo after resume"
expect_status 0 "resume, redo twice" -- "$tessera" play sokoban --resume --keys "y y"
expect_output '"moves":2' "redo after resume"
# Without --resume, scripted play starts where it is told.
expect_status 0 "no resume" -- "$tessera" play sokoban --keys ""
expect_output '"level":1' "starts at level 1"

# A damaged save: set aside, a message, a fresh progress, exit 0.
printf 'tessera-progress 1\ngame sokoban\nset sokoban/tessera.xsb\nsolved one\n' > "$file"
expect_status 0 "damaged save" -- "$tessera" play sokoban --level 1 --keys "down"
expect_output "damaged" "the player is told"
expect_output ":4:8:" "the message names line and column"
if ls "$file".corrupt-* >/dev/null 2>&1; then ok; else fail "damaged save not set aside"; fi
if grep -q '^tessera-progress 1$' "$file" && ! grep -q 'solved one' "$file"; then ok; else fail "no fresh save: $(cat "$file")"; fi

# Settings: the animation speed is kept.
expect_status 0 "speed down" -- "$tessera" play sokoban --level 1 --keys "minus minus"
if grep -q '^animation_speed 0$' "$XDG_DATA_HOME/tessera/settings.txt"; then ok; else fail "speed not saved"; fi
expect_status 0 "speed up" -- "$tessera" play sokoban --level 1 --keys "equals"
expect_output 'Animation: slow' "speed shown"

# Replay (L): the set's solution, or the player's best once there is one, plays to the solved
# state on the frame clock; Space pauses, Right and Left step; Esc puts the position back;
# watching is never recorded as a solve.
expect_status 0 "replay to the end" -- "$tessera" play sokoban --level 3 --keys "l frame:400"
expect_output '"solved":true' "the replay ends solved"
if grep -q '^solved 3 ' "$file"; then fail "a watched solution was recorded as solved"; else ok; fi
expect_status 0 "replay step" -- "$tessera" play sokoban --level 1 --keys "right l space right right"
expect_output '"moves":3' "one step played, paused, two steps forward"
expect_status 0 "replay step back" -- "$tessera" play sokoban --level 1 --keys "right l space right right left"
expect_output '"moves":2' "a step back"
expect_status 0 "replay stopped" -- "$tessera" play sokoban --level 1 --keys "right l frame:100 escape"
expect_output '"moves":1' "the player's position is back"
expect_output '"solved":false' "not solved after the replay"
expect_status 0 "replay from the level list" -- "$tessera" play sokoban --level 2 --keys "escape up l frame:100"
expect_output '"level":1' "the level chosen in the list"
expect_output '"solved":true' "the list's replay solves"
expect_status 0 "no solution to watch" -- "$tessera" play fifteen --seed 3 --keys "space l"
expect_output 'no saved solution to watch' "a shuffled board has none"

# The level select: solved levels ticked with their best, the level being played outlined.
expect_status 0 "solve level 1 once more" -- "$tessera" play sokoban --level 1 --keys "down right up right down"
expect_status 0 "solve level 2" -- "$tessera" play sokoban --level 2 --keys "$(sed -n 's/^2: *//p' levels/sokoban/tessera.sol | sed 's/[uU]/ up/g; s/[dD]/ down/g; s/[lL]/ left/g; s/[rR]/ right/g')"
expect_output '"solved":true' "level 2 solved"
expect_status 0 "leave level 4 half way" -- "$tessera" play sokoban --level 4 --keys "left"
expect_status 0 "level select" -- "$tessera" play sokoban --resume --size 640x480 --keys "escape down" --screenshot "$outdir/level_select.png"
if [ "${TESSERA_UPDATE_GOLDEN:-}" = 1 ]; then cp "$outdir/level_select.png" tests/golden/level_select.png; fi
if "$2" tests/golden/level_select.png "$outdir/level_select.png" 1.0 "$outdir/level_select.diff.png"; then ok
else fail "level select differs from tests/golden/level_select.png (see $outdir/level_select.diff.png)"; fi
finish
