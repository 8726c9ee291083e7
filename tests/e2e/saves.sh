# saves.sh: progress and position saved by scripted play, in a data folder of its own:
# solves recorded with their best solution, the position brought back with its undo, a
# damaged save set aside with a message while the game goes on.
# usage: saves.sh TESSERA IMGDIFF OUTDIR   (run from the repository root)
set -u
tessera=$1
imgdiff=$2
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
# A game with its own actions: the piece that made the last action is the one the keys move
# when its position comes back (before, the first robot was: the rover had slid left, and after
# --resume the arrow slid the other robot).
expect_status 0 "drift: the rover slides left" -- "$tessera" play drift --level 3 --keys "click:5,2 left"
expect_status 0 "drift: resumed, the arrow moves the rover" -- "$tessera" play drift --level 3 --resume --keys "down"
drift_file=$(ls "$progress_dir"/drift-*.txt 2>/dev/null | head -1)
if grep -qx 'history slide(6,3,l) slide(4,3,d)' "$drift_file"; then ok
else fail "the rover did not move after --resume: $(cat "$drift_file")"; fi
# Without --resume, scripted play starts where it is told.
expect_status 0 "no resume" -- "$tessera" play sokoban --keys ""
expect_output '"level":1' "starts at level 1"

# A damaged save: set aside, a message, a fresh progress, exit 0.
printf 'tessera-progress 1\ngame sokoban\nset sokoban/tessera.xsb\nposition one\n' > "$file"
expect_status 0 "damaged save" -- "$tessera" play sokoban --level 1 --keys "down"
expect_output "damaged" "the player is told"
expect_output ":4:10:" "the message names line and column"
if ls "$file".corrupt-* >/dev/null 2>&1; then ok; else fail "damaged save not set aside"; fi
if grep -q '^tessera-progress 1$' "$file" && ! grep -q 'position one' "$file"; then ok; else fail "no fresh save: $(cat "$file")"; fi

# A file from a newer Tessera is left alone: not set aside, not written over; play goes on.
cp "$file" "$outdir/before-newer.txt"
printf 'tessera-progress 9\ngame sokoban\nset sokoban/tessera.xsb\nsomething new 1\n' > "$file"
aside_before=$(ls "$file".corrupt-* 2>/dev/null | wc -l)
expect_status 0 "newer save" -- "$tessera" play sokoban --level 1 --keys "down right up right down"
expect_output "written by a newer Tessera" "the player is told"
if [ "$(head -1 "$file")" = "tessera-progress 9" ] && [ "$(ls "$file".corrupt-* 2>/dev/null | wc -l)" = "$aside_before" ]; then ok
else fail "a newer save was touched: $(cat "$file")"; fi
cp "$outdir/before-newer.txt" "$file"
# A render never touches the saves, even a damaged one.
printf 'garbage\n' > "$file"
expect_status 0 "render with a damaged save" -- "$tessera" render sokoban --level 1 --out "$outdir/r.png"
if [ "$(cat "$file")" = garbage ]; then ok; else fail "render touched the save: $(cat "$file")"; fi
cp "$outdir/before-newer.txt" "$file"

# Settings: the animation speed is kept.
expect_status 0 "speed down" -- "$tessera" play sokoban --level 1 --keys "minus minus"
if grep -q '^animation_speed 0$' "$XDG_DATA_HOME/tessera/settings.txt"; then ok; else fail "speed not saved"; fi
expect_status 0 "speed up" -- "$tessera" play sokoban --level 1 --keys "equals"
expect_output 'Animation: slow' "speed shown"
# A newer Tessera's settings are left as they are, like its progress: not set aside as damaged
# and reset (they were), nor written over by a change here.
settings_file="$XDG_DATA_HOME/tessera/settings.txt"
cp "$settings_file" "$outdir/settings.before"
printf 'tessera-settings 9\nanimation_speed 0\nfuture_thing 7\n' > "$settings_file"
expect_status 0 "speed change over a newer settings file" -- "$tessera" play sokoban --level 1 --keys "minus"
expect_output "written by a newer Tessera" "the newer settings file named"
if [ "$(cat "$settings_file")" = "$(printf 'tessera-settings 9\nanimation_speed 0\nfuture_thing 7')" ] &&
   [ -z "$(ls "$settings_file".* 2>/dev/null)" ]; then ok
else fail "a newer settings file was touched: $(ls "$XDG_DATA_HOME/tessera"; cat "$settings_file")"; fi
cp "$outdir/settings.before" "$settings_file"
# A settings file that cannot be read is not written over either: a change of speed wrote the
# defaults over it (the player's skin, sound and speed lost). Too big to read (a sparse file,
# so as not to fill the disk), and, where not root, one with no read permission.
truncate -s 65M "$settings_file"
expect_status 0 "speed change over a settings file too big to read" -- "$tessera" play sokoban --level 1 --keys "minus"
expect_output "settings.txt: file is larger than" "the unread settings file named"
expect_output "could not be read, so it is not written over" "the change is said not to be saved"
if [ "$(stat -c %s "$settings_file")" = $((65 << 20)) ]; then ok; else fail "an unread settings file was written over: $(head -c 300 "$settings_file")"; fi
if [ "$(id -u)" != 0 ]; then
    cp "$outdir/settings.before" "$settings_file"
    chmod 000 "$settings_file"
    expect_status 0 "speed change over an unreadable settings file" -- "$tessera" play sokoban --level 1 --keys "minus"
    expect_output "Permission denied" "the unreadable settings file named"
    chmod 644 "$settings_file"
    if cmp -s "$outdir/settings.before" "$settings_file"; then ok; else fail "an unreadable settings file was written over: $(cat "$settings_file")"; fi
fi
cp "$outdir/settings.before" "$settings_file"
# Two runs at once: a setting changed in one is kept when the other changes another (the
# second wrote every setting as it had read them at its start: the speed set in the first
# came back as it was when sound was turned off in the second).
"$tessera" play sokoban --level 1 --keys "wait:3000 m" >/dev/null 2>&1 &
first=$!
sleep 1
expect_status 0 "speed down while another run is open" -- "$tessera" play sokoban --level 1 --keys "minus"
wait "$first"
if grep -q '^animation_speed 0$' "$settings_file" && grep -q '^muted 1$' "$settings_file"; then ok
else fail "a setting changed by another run at the same time was set back: $(cat "$settings_file")"; fi
cp "$outdir/settings.before" "$settings_file"

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
# A set's solution that does not fit says which step, why, and where it is written (before:
# only "The solution does not fit this level (step 2)").
printf '#######\n#@ $ .#\n#######\n' > "$outdir/unfit.xsb"
printf '; a solution with a step that is no move\n1: rR q\n' > "$outdir/unfit.sol"
expect_status 0 "a set's solution that does not fit" -- "$tessera" play sokoban "$outdir/unfit.xsb" --keys "l frame:100"
expect_output "unfit.sol:2:7" "the step's file:line:col"
expect_output "'q'" "the step that is refused, and why"
expect_status 0 "no solution to watch" -- "$tessera" play fifteen --seed 3 --keys "space l"
expect_output 'no saved solution to watch' "a shuffled board has none"

# Never lose a position through the level list (issue 13 item 1): choosing the level being
# played, or one left part-way, brings its moves back with their undo.
keys_of() { sed 's/[uU]/ up/g; s/[dD]/ down/g; s/[lL]/ left/g; s/[rR]/ right/g'; }
expect_status 0 "list, same level" -- "$tessera" play sokoban --level 3 --keys "left down down escape return"
expect_output '"level":3' "still level 3"
expect_output '"moves":2' "Enter on the level being played keeps its moves"
expect_status 0 "list, same level, undo" -- "$tessera" play sokoban --level 3 --keys "left down down escape return z"
expect_output '"moves":1' "and Z undoes them"
expect_status 0 "list, another level and back" -- "$tessera" play sokoban --level 3 --keys "down down escape down return right escape up return"
expect_output '"level":3' "back on level 3"
expect_output '"moves":2' "level 3's moves came back"
expect_output 'Back where you left level 3' "the player is told"
expect_status 0 "N and P keep positions" -- "$tessera" play sokoban --level 3 --keys "down down n p z"
expect_output '"moves":1' "P brings level 3 back with its undo"
expect_status 0 "game menu and back" -- "$tessera" play sokoban --level 3 --keys "down down escape escape return return"
expect_output '"moves":2' "the game menu and the list keep the position"
expect_status 0 "R stays undoable" -- "$tessera" play sokoban --level 3 --keys "down down r z"
expect_output '"moves":2' "R restarts, Z brings the moves back"
# After a restart of Tessera: the saved position, through the game menu and the level list.
expect_status 0 "leave level 3" -- "$tessera" play sokoban --level 3 --keys "down down"
expect_status 0 "menu, Enter, Enter after a restart" -- "$tessera" play sokoban --resume --keys "escape escape return return"
expect_output '"level":3' "resumed level 3"
expect_output '"moves":2' "Enter, Enter resumes its moves"
if grep -q '^history d d$' "$file"; then ok; else fail "the saved history was overwritten: $(cat "$file")"; fi
expect_status 0 "after a restart, undo" -- "$tessera" play sokoban --resume --keys "escape return z z"
expect_output '"moves":0' "the resumed moves undo"
# A level left part-way for another keeps its moves in the file, and comes back after a restart.
expect_status 0 "leave 3 for 4" -- "$tessera" play sokoban --level 3 --keys "down down n right"
if grep -q '^position 4 ' "$file" && grep -q '^position 3 ' "$file" && [ "$(grep '^position' "$file" | head -1 | cut -d' ' -f2)" = 4 ]; then ok
else fail "both positions should be saved, level 4 first: $(cat "$file")"; fi
expect_status 0 "choose level 3 after a restart" -- "$tessera" play sokoban --resume --keys "escape up return"
expect_output '"level":3' "level 3 chosen"
expect_output '"moves":2' "level 3's saved moves came back"
expect_status 0 "and level 4 again" -- "$tessera" play sokoban --resume --keys "n"
expect_output '"level":4' "level 4"
expect_output '"moves":1' "level 4's saved move came back"
# A level saved solved comes back at its start, the solve one undo away.
sol5=$(sed -n 's/^5: *//p' levels/sokoban/tessera.sol | keys_of)
expect_status 0 "solve 5, go on" -- "$tessera" play sokoban --level 5 --keys "$sol5 escape escape up return"
expect_output '"level":4' "went to level 4"
expect_status 0 "back to the solved level" -- "$tessera" play sokoban --resume --keys "escape down return"
expect_output '"moves":0' "a solved level comes back at its start"
expect_status 0 "back to the solved level, undo" -- "$tessera" play sokoban --resume --keys "z"
expect_output '"solved":true' "Z brings the solve back"
# A scripted run that does not resume leaves a saved position it does not play alone.
expect_status 0 "scripted visit" -- "$tessera" play sokoban --level 2 --keys "n escape"
if grep -q '^history d d$' "$file"; then ok; else fail "a scripted visit overwrote level 3's moves: $(cat "$file")"; fi

# "Game complete" only when every level is solved (item 2); X is a solve with help (item 3).
printf '; two levels\n#####\n#@$.#\n#####\n\n######\n#@$ .#\n######\n' > "$outdir/two.xsb"
expect_status 0 "the last level solved alone" -- "$tessera" play sokoban "$outdir/two.xsb" --level 2 --keys "right right"
expect_output '"solved":true' "level 2 solved"
expect_output '1 of 2 levels solved.' "not complete: 1 of 2"
expect_output 'Enter: level 1, the first unsolved' "the first unsolved is offered"
case "$out" in *"Game complete"*) fail "game complete with 1 of 2 solved: $out" ;; *) ok ;; esac
# The last level finished by the solver (X) is not counted as solved by the panel, as the line
# above it and the level list say ("1 of 3 levels solved." with none solved alone, before).
printf '#####\n#@$.#\n#####\n\n######\n#@$ .#\n######\n\n#######\n#@$  .#\n#######\n' > "$outdir/three.xsb"
expect_status 0 "the last level solved by X" -- "$tessera" play sokoban "$outdir/three.xsb" --level 3 --keys "x"
expect_output '0 of 3 levels solved, 1 more with help.' "the solver's solve counted apart"
expect_status 0 "Enter goes to the first unsolved" -- "$tessera" play sokoban "$outdir/two.xsb" --level 2 --keys "right right return"
expect_output '"level":1' "Enter opened level 1"
expect_status 0 "X on level 1" -- "$tessera" play sokoban "$outdir/two.xsb" --level 1 --keys "x"
expect_output '"solved":true' "X solved level 1"
expect_output 'Solved with the solver (X)' "the panel says it was the solver"
two=$(ls "$progress_dir"/sokoban-two-*.txt 2>/dev/null | head -1)
if [ -n "$two" ] && grep -Eq '^assisted 1 [0-9a-f]{8}$' "$two" && ! grep -q '^solved 1 ' "$two"; then ok
else fail "X should mark level 1 assisted, not solved: $(cat "$two" 2>/dev/null)"; fi
expect_status 0 "every level solved, one with help" -- "$tessera" play sokoban "$outdir/two.xsb" --level 2 --keys "right right"
expect_output "Every level is solved, 1 with the solver's help." "help is said at the end"
case "$out" in *"Game complete"*) fail "game complete claimed with a solver's solve: $out" ;; *) ok ;; esac
expect_status 0 "no 'your best' from X" -- "$tessera" play sokoban "$outdir/two.xsb" --level 1 --keys "l"
expect_output 'No solution to watch' "a solver's solve is not the player's best"
expect_status 0 "level 1 solved alone" -- "$tessera" play sokoban "$outdir/two.xsb" --level 1 --keys "right"
if grep -Eq '^solved 1 [0-9a-f]{8} 1 1 R$' "$two" && ! grep -q '^assisted 1 ' "$two"; then ok
else fail "the player's own solve should replace the mark: $(cat "$two")"; fi
expect_status 0 "now complete" -- "$tessera" play sokoban "$outdir/two.xsb" --level 2 --keys "right right"
expect_output 'Game complete: every level is solved!' "complete once every level is solved"
# Undoing the solver's moves and solving alone is a solve of one's own.
printf '#######\n#@$  .#\n#######\n' > "$outdir/one.xsb"
expect_status 0 "X, undo, solve alone" -- "$tessera" play sokoban "$outdir/one.xsb" --keys "x z z z right right right"
one=$(ls "$progress_dir"/sokoban-one-*.txt 2>/dev/null | head -1)
if grep -Eq '^solved 1 ' "$one" && ! grep -q '^assisted' "$one"; then ok; else fail "own solve after undoing X: $(cat "$one")"; fi
# The solver's steps stay its own across a restart: the history marks them '+' (before, a
# restart lost the mark, and one Z, or the rest played by hand, made it the player's solve).
printf '########\n#@$   .#\n########\n' > "$outdir/helped.xsb"
expect_status 0 "X to the end" -- "$tessera" play sokoban "$outdir/helped.xsb" --keys "x"
helped=$(ls "$progress_dir"/sokoban-helped-*.txt 2>/dev/null | head -1)
if [ -n "$helped" ] && grep -q '^tessera-progress 3$' "$helped" && grep -q '^history +R +R +R +R$' "$helped"; then ok
else fail "the solver's steps should be saved as +R, in version 3: $(cat "$helped" 2>/dev/null)"; fi
expect_status 0 "after a restart, Z back to the solve" -- "$tessera" play sokoban "$outdir/helped.xsb" --resume --keys "z"
expect_output '"solved":true' "the solve is one Z away"
expect_output 'Solved with the solver (X)' "still the solver's solve"
if grep -Eq '^assisted 1 ' "$helped" && ! grep -q '^solved 1 ' "$helped"; then ok
else fail "a solve of the solver's became the player's after a restart: $(cat "$helped")"; fi
# X stopped part-way, the rest played by hand after a restart: still with help.
sed -i '/^assisted /d; s/^history .*/history +R +R/' "$helped"
expect_status 0 "finish by hand what X began" -- "$tessera" play sokoban "$outdir/helped.xsb" --resume --keys "right right"
expect_output '"solved":true' "solved"
if grep -Eq '^assisted 1 ' "$helped" && ! grep -q '^solved 1 ' "$helped"; then ok
else fail "a solve the solver began became the player's after a restart: $(cat "$helped")"; fi

# The level select: solved levels ticked with their best, the level being played outlined.
expect_status 0 "solve level 1 once more" -- "$tessera" play sokoban --level 1 --keys "down right up right down"
expect_status 0 "solve level 2" -- "$tessera" play sokoban --level 2 --keys "$(sed -n 's/^2: *//p' levels/sokoban/tessera.sol | sed 's/[uU]/ up/g; s/[dD]/ down/g; s/[lL]/ left/g; s/[rR]/ right/g')"
expect_output '"solved":true' "level 2 solved"
expect_status 0 "leave level 4 half way" -- "$tessera" play sokoban --level 4 --keys "left"
expect_status 0 "level select" -- "$tessera" play sokoban --resume --size 640x480 --keys "escape down" --screenshot "$outdir/level_select.png"
golden level_select "$outdir/level_select.png"
# The level file edited between runs: a level that moved keeps its solve and its position
# (before, a solve of the level that took its number wrote over its solve, and its position
# was "for a level that has changed").
export XDG_DATA_HOME="$outdir/moved"
set_file="$outdir/moved.xsb"
A='Title: A\n#####\n#@$.#\n#####\n'; B='Title: B\n######\n#@ $.#\n######\n'; C='Title: C\n#######\n#@  $.#\n#######\n'
printf "$A\n$B\n$C" > "$set_file"
expect_status 0 "solve A" -- "$tessera" play sokoban "$set_file" --level 1 --keys "right"
printf "$B\n$A\n$C" > "$set_file"          # A and B swapped
expect_status 0 "solve B, now first" -- "$tessera" play sokoban "$set_file" --level 1 --keys "right right"
out=$(cat "$XDG_DATA_HOME"/tessera/progress/*)
expect_output "solved 1 " "B's solve"
expect_output "solved 2 " "A's solve, under its new number"
n=$(printf '%s\n' "$out" | grep -c '^solved ')
[ "$n" -eq 2 ] && ok || fail "two solves expected, $n: $out"
expect_status 0 "a move on C" -- "$tessera" play sokoban "$set_file" --level 3 --keys "right"
printf "$B\n$A\n$A\n$C" > "$set_file"      # one more level above C: it is fourth
expect_status 0 "resume on C" -- "$tessera" play sokoban "$set_file" --resume --keys ""
expect_output '"level":4,"title":"C","moves":1' "C's move, on its new number"

# A level opened by its number comes back as it was left (--resume stands for the window,
# which does the same): before, --level N started it afresh, and the next move wrote over it.
export XDG_DATA_HOME="$outdir/bylevel"
expect_status 0 "a move on level 4" -- "$tessera" play sokoban "$set_file" --level 4 --keys "right"
expect_status 0 "level 1, then away" -- "$tessera" play sokoban "$set_file" --level 1 --keys "right"
expect_status 0 "level 4 by its number" -- "$tessera" play sokoban "$set_file" --level 4 --resume --keys ""
expect_output '"level":4,"title":"C","moves":1' "its move back"

# A level given its own rules (Pull: yes) is another level: its solve by pushing no longer
# counts (before, the set was "complete" with a level the solver proves lost).
export XDG_DATA_HOME="$outdir/rules"
printf 'Title: One\n#####\n#@$.#\n#####\n\nTitle: Two\n######\n#@ $.#\n######\n' > "$outdir/rules.xsb"
expect_status 0 "solve One" -- "$tessera" play sokoban "$outdir/rules.xsb" --keys "right"
printf 'Title: One\nPull: yes\n#####\n#@$.#\n#####\n\nTitle: Two\n######\n#@ $.#\n######\n' > "$outdir/rules.xsb"
expect_status 0 "solve Two" -- "$tessera" play sokoban "$outdir/rules.xsb" --level 2 --keys "right right"
expect_output "1 of 2 levels solved" "One is unsolved under its new rules"

# A mod's game under a bundled game's name keeps its progress apart: its rules may be anything
# (here any move solves), and its solves went into the bundled Sokoban's file ("25 of 25"
# without the mod, and one-move bests no real solve could beat).
export XDG_DATA_HOME="$outdir/override"
progress_dir="$XDG_DATA_HOME/tessera/progress"
mkdir -p "$outdir/override_mod/scripts"
echo 'return tessera.extend("sokoban", { name = "Sokoban", solved = function(level) return level:moves() > 0 end })' \
    > "$outdir/override_mod/scripts/sokoban.lua"
expect_status 0 "the replaced game solves level 1 in one move" -- "$tessera" play sokoban --mods "$outdir/override_mod" --level 1 --keys "right"
expect_output '"solved":true' "solved by the mod's rules"
expect_status 0 "the bundled game beside it" -- "$tessera" play sokoban --level 1 --keys "right"
if grep -l '^game sokoban$' "$progress_dir"/*.txt >/dev/null 2>&1 && ! grep -q '^solved' $(grep -l '^game sokoban$' "$progress_dir"/*.txt); then ok
else fail "the mod's solve is in the bundled game's progress: $(grep -H '' "$progress_dir"/*.txt)"; fi
if grep -q '^solved 1 ' $(grep -l "^game sokoban@.*override_mod/scripts/sokoban.lua$" "$progress_dir"/*.txt) 2>/dev/null; then ok
else fail "the mod's own progress lacks its solve: $(grep -H '' "$progress_dir"/*.txt)"; fi

# A bundled game played by its script's path is the same game: one progress (it was kept apart,
# so a player's solves seemed lost when the game was started the other way). Progress kept
# under the path before is taken up when the game has none of its own, and left as it is.
export XDG_DATA_HOME="$outdir/bypath"
progress_dir="$XDG_DATA_HOME/tessera/progress"
expect_status 0 "solve level 1 by name" -- "$tessera" play sokoban --level 1 --keys "down right up right down"
expect_status 0 "level 2 by the script's path" -- "$tessera" play scripts/sokoban.lua --level 2 --keys "left"
if [ "$(ls "$progress_dir" | wc -l)" -eq 1 ] && grep -q '^solved 1 ' "$progress_dir"/sokoban-tessera-*.txt && grep -q '^position 2 ' "$progress_dir"/sokoban-tessera-*.txt; then ok
else fail "the game by name and by path keep apart progress: $(grep -H '' "$progress_dir"/*.txt)"; fi
fnv_key() {   # the progress file's hash of a game key and a set key (FNV-1a, as progress.c)
    local h=2166136261 b
    for b in $(printf '%s\0%s' "$1" "$2" | od -An -v -tu1); do h=$(( ((h ^ b) * 16777619) & 0xFFFFFFFF )); done
    printf '%08x' "$h"
}
export XDG_DATA_HOME="$outdir/legacy"
progress_dir="$XDG_DATA_HOME/tessera/progress"
mkdir -p "$progress_dir"
script=$(realpath scripts/sokoban.lua)
legacy="$progress_dir/sokoban-tessera-$(fnv_key "$script" sokoban/tessera.xsb).txt"
printf 'tessera-progress 1\ngame %s\nset sokoban/tessera.xsb\nsolved 1 0c209a8a 5 2 dRurD\n' "$script" > "$legacy"
cp "$legacy" "$outdir/legacy.before"
expect_status 0 "level 2 by name, progress kept under the path before" -- "$tessera" play sokoban --level 2 --keys "left"
own="$progress_dir/sokoban-tessera-$(fnv_key sokoban sokoban/tessera.xsb).txt"
if grep -q '^game sokoban$' "$own" 2>/dev/null && grep -q '^solved 1 0c209a8a 5 2 dRurD$' "$own" && cmp -s "$legacy" "$outdir/legacy.before"; then ok
else fail "the solve kept under the script's path was not taken up: $(grep -H '' "$progress_dir"/*.txt)"; fi

# A file under the progress file's name whose `game`/`set` lines are another game's (its name's
# 32-bit hash made to collide: a mod folder's name chosen for it) is neither used nor written
# over: the game keeps its progress under another name, and the menu counts that one.
export XDG_DATA_HOME="$outdir/collide"
progress_dir="$XDG_DATA_HOME/tessera/progress"
mkdir -p "$progress_dir"
planted="$progress_dir/sokoban-tessera-$(fnv_key sokoban sokoban/tessera.xsb).txt"
printf 'tessera-progress 1\ngame sokoban@/x/mods/y4f3acx8/scripts/sokoban.lua\nset sokoban/tessera.xsb\nsolved 1 0c209a8a 1 0 R\nsolved 2 36807c8c 1 0 R\n' > "$planted"
cp "$planted" "$outdir/planted.before"
expect_status 0 "menu beside another game's file" -- "$tessera" play sokoban --keys "escape escape" --screenshot "$outdir/menu-collide.png"
expect_status 0 "menu with no progress" -- env XDG_DATA_HOME="$outdir/nocollide" "$tessera" play sokoban --keys "escape escape" --screenshot "$outdir/menu-clean.png"
cmp -s "$outdir/menu-collide.png" "$outdir/menu-clean.png" && ok || fail "the menu counts another game's solves (see $outdir/menu-collide.png)"
expect_status 0 "solve level 1 beside another game's file" -- "$tessera" play sokoban --level 1 --keys "down right up right down"
cmp -s "$planted" "$outdir/planted.before" && ok || fail "another game's progress was written over: $(cat "$planted")"
mine=$(grep -l '^game sokoban$' "$progress_dir"/*.txt 2>/dev/null)
if [ -n "$mine" ] && [ "$mine" != "$planted" ] && grep -q '^solved 1 0c209a8a 5 2 dRurD$' "$mine" && ! grep -q '^solved 2 ' "$mine"; then ok
else fail "the game's own progress is not kept apart: $(grep -H '' "$progress_dir"/*.txt)"; fi
expect_status 0 "resume beside another game's file" -- "$tessera" play sokoban --level 2 --resume --keys "left"
expect_output '"moves":1' "level 2 not taken as solved"
expect_status 0 "solve level 1, no collision" -- env XDG_DATA_HOME="$outdir/nocollide" "$tessera" play sokoban --level 1 --keys "down right up right down"
expect_status 0 "menu, one solved" -- env XDG_DATA_HOME="$outdir/nocollide" "$tessera" play sokoban --level 1 --keys "escape escape" --screenshot "$outdir/menu-clean1.png"
expect_status 0 "menu beside another game's file, one solved" -- "$tessera" play sokoban --level 1 --keys "escape escape" --screenshot "$outdir/menu-collide1.png"
cmp -s "$outdir/menu-collide1.png" "$outdir/menu-clean1.png" && ok || fail "the menu does not count the game's own file (see $outdir/menu-collide1.png)"

# Progress that cannot be read (here `progress` is a file, or a folder stands where the file
# should be) is never written over, and the player is told on screen at every save, a solve
# included: the note at the start is gone at the first move, and stderr alone went unseen.
export XDG_DATA_HOME="$outdir/unreadable"
mkdir -p "$XDG_DATA_HOME/tessera"
: > "$XDG_DATA_HOME/tessera/progress"
expect_status 0 "solve with 'progress' a file" -- "$tessera" play sokoban --level 1 --keys "down right up right down"
case "$out" in *'"status":"Progress not saved: the saved progress cannot be read'*) ok ;;
    *) fail "a solve that cannot be saved is not shown: $out" ;; esac
export XDG_DATA_HOME="$outdir/unreadable2"
mkdir -p "$XDG_DATA_HOME/tessera/progress/sokoban-tessera-$(fnv_key sokoban sokoban/tessera.xsb).txt"
expect_status 0 "a move with a folder for the file" -- "$tessera" play sokoban --level 2 --keys "left"
expect_output "progress not saved: the saved progress cannot be read" "quitting says nothing was saved"

# SIGHUP (the terminal closed) quits like SIGTERM: the position is saved and the exit is 0
# (it was killed with 129, before the periodic save).
export XDG_DATA_HOME="$outdir/hangup"
SDL_VIDEODRIVER=dummy "$tessera" play sokoban --level 3 >"$outdir/hangup.out" 2>&1 &
hpid=$!
sleep 1.5
kill -HUP "$hpid"
hstatus=0
wait "$hpid" || hstatus=$?
[ "$hstatus" = 0 ] && ok || fail "SIGHUP: exit $hstatus: $(cat "$outdir/hangup.out")"
if grep -q '^position 3 ' "$XDG_DATA_HOME"/tessera/progress/sokoban-*.txt 2>/dev/null; then ok
else fail "SIGHUP: the position was not saved"; fi
# Scripted play with no display has no SDL to catch SIGTERM: it quits the same way, its
# position saved and its result printed (it was killed, 143). The periodic save comes first,
# so that the signal surely finds the game in its wait.
export XDG_DATA_HOME="$outdir/headless"
env -u SDL_VIDEODRIVER -u DISPLAY -u WAYLAND_DISPLAY "$tessera" play sokoban --level 2 --keys "left up wait:60000" \
    >"$outdir/headless.out" 2>&1 &
hpid=$!
for _ in $(seq 300); do grep -q '^history l u$' "$XDG_DATA_HOME"/tessera/progress/sokoban-*.txt 2>/dev/null && break; sleep 0.1; done
kill -TERM "$hpid"
hstatus=0
wait "$hpid" || hstatus=$?
[ "$hstatus" = 0 ] && ok || fail "SIGTERM with no display: exit $hstatus: $(cat "$outdir/headless.out")"
grep -q '"level":2,"title":"Corner Sense","moves":2' "$outdir/headless.out" && ok ||
    fail "SIGTERM with no display: no result printed: $(cat "$outdir/headless.out")"

# Temporary files a kill -9 mid-save left are removed when the folder is opened, once they
# are old enough not to be another running Tessera's save in progress.
export XDG_DATA_HOME="$outdir/temps"
mkdir -p "$XDG_DATA_HOME/tessera/progress"
stale="$XDG_DATA_HOME/tessera/progress/sokoban-tessera-1ebc6042.txt.tmp-0123456789ab"
young="$XDG_DATA_HOME/tessera/progress/sokoban-tessera-1ebc6042.txt.tmp-ba9876543210"
echo half > "$stale"; touch -d '1 hour ago' "$stale"; echo half > "$young"
expect_status 0 "open the folder with temporaries" -- "$tessera" play sokoban --level 1 --keys "left"
[ ! -e "$stale" ] && [ -e "$young" ] && ok || fail "stale temporary kept, or a young one removed: $(ls "$XDG_DATA_HOME/tessera/progress")"


# A shuffled board (Space, sliding games) is saved as the position of the level it replaced,
# board and moves: it comes back after quitting, through the level list, N and P, with its
# undo and redo (it came back as the file's board, its moves gone). Its solve is not the
# level's: the file's board is another puzzle.
export XDG_DATA_HOME="$outdir/shuffle"
progress_dir="$XDG_DATA_HOME/tessera/progress"
expect_status 0 "shuffle and play" -- "$tessera" play fifteen --seed 3 --keys "space left down right z" --export-level "$outdir/shuffled.txt"
expect_output '"title":"Shuffled","moves":2' "two moves on the shuffled board, one undone"
shuffled=$(cat "$outdir/shuffled.txt")
fifteen=$(ls "$progress_dir"/fifteen-boards-*.txt 2>/dev/null | head -1)
if [ -n "$fifteen" ] && grep -q '^tessera-progress 4$' "$fifteen" && grep -qx "board $shuffled" "$fifteen" &&
   grep -q '^history r u$' "$fifteen" && grep -q '^redo l$' "$fifteen"; then ok
else fail "the shuffled board and its moves should be saved (version 4): $(cat "$fifteen" 2>/dev/null)"; fi
expect_status 0 "resume the shuffle" -- "$tessera" play fifteen --resume --keys "" --export-level "$outdir/resumed.txt"
expect_output '"title":"Shuffled","moves":2' "the shuffled board with its moves"
[ "$(cat "$outdir/resumed.txt")" = "$shuffled" ] && ok || fail "another board came back: $(cat "$outdir/resumed.txt"), not $shuffled"
expect_status 0 "resume, redo" -- "$tessera" play fifteen --resume --keys "y"
expect_output '"moves":3' "redo brings the undone move back"
expect_status 0 "resume, undo all" -- "$tessera" play fifteen --resume --keys "z z z"
expect_output '"moves":0' "the moves undo to the shuffle's start"
expect_status 0 "resume, redo all" -- "$tessera" play fifteen --resume --keys "y y y"
expect_output '"moves":3' "and redo again"
expect_status 0 "list and back" -- "$tessera" play fifteen --seed 3 --keys "space left down escape return"
expect_output '"title":"Shuffled","moves":2' "Enter on its level keeps the shuffle"
expect_status 0 "another level and back" -- "$tessera" play fifteen --seed 3 --keys "space left down escape down return escape up return z"
expect_output '"title":"Shuffled","moves":1' "the shuffle came back with its undo"
expect_status 0 "N and P" -- "$tessera" play fifteen --seed 3 --keys "space left down n p" --export-level "$outdir/np.txt"
expect_output '"title":"Shuffled","moves":2' "P brings the shuffle back"
[ "$(cat "$outdir/np.txt")" = "$shuffled" ] && ok || fail "N and P gave another board: $(cat "$outdir/np.txt")"
expect_status 0 "Ctrl+S of a resumed shuffle" -- "$tessera" play fifteen --resume --keys "ctrl+s"
xsb=$(ls "$XDG_DATA_HOME"/tessera/export/fifteen-*.xsb 2>/dev/null | head -1)
if [ -n "$xsb" ] && [ "$(cat "$xsb")" = "$shuffled" ]; then ok; else fail "Ctrl+S exported another board: $(cat "$xsb" 2>/dev/null)"; fi
expect_status 1 "verify the export" -- "$tessera" verify "$xsb" "${xsb%.xsb}.sol" --game fifteen --json
expect_output '"status":"unsolved","moves":2' "the export replays the moves on the shuffled board"
# Solved: not the level's solve, and back at its start with the solve one Z away.
"$tessera" solve --game fifteen "$outdir/shuffled.txt" --json > "$outdir/shuffled.json"
blank=$(sed -n 's/.*"solution":"\([udlr]*\)".*/\1/p' "$outdir/shuffled.json")
# The solver names where the blank goes; a key names where a tile goes.
solve_keys=$(printf '%s' "$blank" | sed 's/./& /g; s/u/D/g; s/d/U/g; s/l/R/g; s/r/L/g; s/D/down/g; s/U/up/g; s/R/right/g; s/L/left/g')
expect_status 0 "solve the shuffle" -- "$tessera" play fifteen --seed 3 --keys "space $solve_keys"
expect_output '"title":"Shuffled"' "on the shuffle"
expect_output '"solved":true' "solved"
if ! grep -Eq '^(solved|assisted) ' "$fifteen"; then ok; else fail "a shuffle's solve counted as level 1's: $(cat "$fifteen")"; fi
expect_status 0 "the solved shuffle after a restart" -- "$tessera" play fifteen --resume --keys "z" --export-level "$outdir/solved.txt"
expect_output '"solved":true' "one Z away"
[ "$(cat "$outdir/solved.txt")" = "$shuffled" ] && ok || fail "the solved shuffle did not come back: $(cat "$outdir/solved.txt")"
# Space on a board with moves asks first: one press (or one too many) gave up the level's
# moves for a new board, with no way back. Space again shuffles; any other key keeps them.
export XDG_DATA_HOME="$outdir/shuffle_ask"
expect_status 0 "one Space on a board with moves" -- "$tessera" play fifteen --keys "left up space"
expect_output '"title":"Warm Up (3x3, 10)","moves":1' "one Space keeps the level's moves"
expect_output '"status":"Space again: a new shuffle' "and says what a second one does"
expect_status 0 "Space, another key, Space" -- "$tessera" play fifteen --resume --keys "space left space"
expect_output '"title":"Warm Up (3x3, 10)","moves":2' "a key between lets the question go"
expect_status 0 "Space twice" -- "$tessera" play fifteen --resume --keys "space space"
expect_output '"title":"Shuffled","moves":0' "Space twice shuffles"
expect_status 0 "Space on a fresh shuffle" -- "$tessera" play fifteen --resume --keys "space"
case "$out" in *'"title":"Shuffled","moves":0'*) case "$out" in *"Space again"*) fail "a board with no moves asked: $out" ;; *) ok ;; esac ;;
    *) fail "a board with no moves should shuffle at once: $out" ;; esac
export XDG_DATA_HOME="$outdir/shuffle"
# SIGTERM keeps it too (the periodic save has written it once: the kill comes after).
rm -f "$fifteen"
SDL_VIDEODRIVER=dummy "$tessera" play fifteen --seed 5 --keys "space left wait:60000" >"$outdir/term.out" 2>&1 &
tpid=$!
for _ in $(seq 300); do grep -q '^history r$' "$fifteen" 2>/dev/null && break; sleep 0.1; done
kill -TERM "$tpid"
tstatus=0
wait "$tpid" || tstatus=$?
[ "$tstatus" = 0 ] && ok || fail "SIGTERM: exit $tstatus: $(cat "$outdir/term.out")"
if grep -q '^position 1 ' "$fifteen" && [ "$(grep -c '^board ' "$fifteen")" = 1 ] && grep -q '^history r$' "$fifteen"; then ok
else fail "SIGTERM: the shuffle was not kept: $(cat "$fifteen")"; fi


# A `solved` line's solution is as many moves as the line says (a letter or an action a move,
# a digit, a player's selection, none), whatever the play: undo, restart, the solver's steps
# undone, players switched, actions, sliding tiles.
export XDG_DATA_HOME="$outdir/written"
printf '#######\n#@$  .#\n#######\n' > "$outdir/w-push.xsb"
expect_status 0 "push, undo, restart" -- "$tessera" play sokoban "$outdir/w-push.xsb" --keys "right right z r z right right"
printf '########\n#@$   .#\n########\n' > "$outdir/w-solver.xsb"
expect_status 0 "the solver's steps undone" -- "$tessera" play sokoban "$outdir/w-solver.xsb" --keys "x z z z z right right right right"
printf '#########\n#@ $. @ #\n#########\n' > "$outdir/w-multi.xsb"
expect_status 0 "two players" -- "$tessera" play multiban "$outdir/w-multi.xsb" --keys "tab left tab right z right right"
printf '.O.\nOOO\n.O.\n' > "$outdir/w-lights.txt"
expect_status 0 "an action, undone, again" -- "$tessera" play lights "$outdir/w-lights.txt" --keys "click:0,0 z click:1,1"
printf '1 2 3 4 5 6 7 0 8\n' > "$outdir/w-slide.txt"
expect_status 0 "a slide, undone, again" -- "$tessera" play fifteen "$outdir/w-slide.txt" --keys "left z left"
expect_output '"solved":true' "solved"
written=$(cat "$XDG_DATA_HOME"/tessera/progress/*.txt)
n=$(printf '%s\n' "$written" | grep -c '^solved [0-9]* [0-9a-f]* [0-9]* [0-9]* [^ ]*$')
[ "$n" = 5 ] && ok || fail "five solves with their solutions expected, $n: $written"
bad=$(printf '%s\n' "$written" | awk '$1 == "solved" && NF == 6 {
    s = $6; n = index(s, "(") ? gsub(/\)/, "", s) : gsub(/[^0-9]/, "", s); if (n != $4) print }')
[ -z "$bad" ] && ok || fail "solved lines whose solution is not their move count: $bad"

# A `solved` line cut short (a crash of another program, an edit by hand) is dropped, and the
# rest of the file kept: it is not set aside as damaged (before, the level counted as solved
# with a broken best to watch).
export XDG_DATA_HOME="$outdir/cut"
progress_dir="$XDG_DATA_HOME/tessera/progress"
cut_set="$outdir/cut.xsb"
printf 'Title: A\n#####\n#@$.#\n#####\n\nTitle: B\n#######\n#@$  .#\n#######\n\nTitle: C\n######\n#@ $.#\n######\n' > "$cut_set"
expect_status 0 "solve A" -- "$tessera" play sokoban "$cut_set" --level 1 --keys "right"
expect_status 0 "solve B" -- "$tessera" play sokoban "$cut_set" --level 2 --keys "right right right"
expect_status 0 "a move on C" -- "$tessera" play sokoban "$cut_set" --level 3 --keys "right"
cutf=$(ls "$progress_dir"/sokoban-cut-*.txt 2>/dev/null | head -1)
if [ -n "$cutf" ] && grep -q '^solved 2 [0-9a-f]* 3 3 RRR$' "$cutf"; then ok; else fail "B's solve: $(cat "$cutf" 2>/dev/null)"; fi
sed -i 's/^\(solved 2 [0-9a-f]* 3 3 R\)RR$/\1/' "$cutf"       # B's solution cut after one move
expect_status 0 "play on with a cut solve" -- "$tessera" play sokoban "$cut_set" --resume --keys "escape" --screenshot "$outdir/cut.png"
expect_output "$(basename "$cutf"):6:23: " "the dropped line is named"
expect_output "the solution holds 1 move, the line says 3" "and why"
case "$out" in *damaged*" kept as "*) fail "a cut solve set the file aside: $out" ;; *) ok ;; esac
if ! ls "$cutf".corrupt-* >/dev/null 2>&1 && grep -q '^solved 1 ' "$cutf" && ! grep -q '^solved 2 ' "$cutf" &&
   grep -q '^position 3 ' "$cutf" && grep -q '^history r$' "$cutf"; then ok
else fail "the cut line should go, the rest stay: $(ls "$progress_dir"; cat "$cutf")"; fi
expect_status 0 "C as it was left" -- "$tessera" play sokoban "$cut_set" --resume --keys ""
expect_output '"level":3,"title":"C","moves":1' "the position kept"
expect_status 0 "B unsolved, its best gone" -- "$tessera" play sokoban "$cut_set" --level 2 --keys "l"
expect_output "No solution to watch" "no broken best to watch"
# The last line cut mid-number, with no newline: the same.
printf 'tessera-progress 1\ngame sokoban\nset %s\nsolved 1 %s 1 1 R\nsolved 2 %s 3' "$(sed -n 's/^set //p' "$cutf")" \
    "$(sed -n 's/^solved 1 \([0-9a-f]*\).*/\1/p' "$cutf")" "$(sed -n 's/^solved 1 \([0-9a-f]*\).*/\1/p' "$cutf")" > "$cutf"
expect_status 0 "a file cut mid-line" -- "$tessera" play sokoban "$cut_set" --level 1 --keys "escape"
expect_output "$(basename "$cutf"):5:20: expected a push count" "the dropped line is named"
if ! ls "$cutf".corrupt-* >/dev/null 2>&1 && grep -q '^solved 1 ' "$cutf" && ! grep -q '^solved 2 ' "$cutf"; then ok
else fail "a file cut mid-line lost its good solve or was set aside: $(ls "$progress_dir"; cat "$cutf")"; fi

# A level file renamed keeps its progress: it was another set by its path, and the player found
# levels they had solved fresh, with no word of why. A copy (the old file still there) and a
# set of other levels start fresh as before.
export XDG_DATA_HOME="$outdir/renamed"
progress_dir="$XDG_DATA_HOME/tessera/progress"
printf 'Title: A\n#####\n#@$.#\n#####\n\nTitle: B\n#######\n#@$  .#\n#######\n' > "$outdir/before.xsb"
expect_status 0 "solve A of a set" -- "$tessera" play sokoban "$outdir/before.xsb" --level 1 --keys "right"
expect_status 0 "a move on B" -- "$tessera" play sokoban "$outdir/before.xsb" --level 2 --keys "right"
cp "$outdir/before.xsb" "$outdir/copy.xsb"
expect_status 0 "a copy starts fresh" -- "$tessera" play sokoban "$outdir/copy.xsb" --resume --keys ""
expect_output '"level":1,"title":"A","moves":0' "the copy's own start"
mv "$outdir/before.xsb" "$outdir/after.xsb"
expect_status 0 "the set renamed" -- "$tessera" play sokoban "$outdir/after.xsb" --resume --keys ""
expect_output '"level":2,"title":"B","moves":1' "the renamed set comes back where it was left"
expect_output "renamed or moved" "and says why"
renf=$(ls "$progress_dir"/sokoban-after-*.txt 2>/dev/null | head -1)
if [ -n "$renf" ] && grep -q '^solved 1 [0-9a-f]* 1 1 R$' "$renf" && grep -q '^history R$' "$renf" &&
   ls "$progress_dir"/sokoban-before-*.txt >/dev/null 2>&1; then ok
else fail "the renamed set's progress: $(ls "$progress_dir"; cat "$renf" 2>/dev/null)"; fi
printf 'Title: C\n######\n#@ $.#\n######\n' > "$outdir/other.xsb"
mv "$outdir/after.xsb" "$outdir/gone.xsb.bak"
expect_status 0 "another set" -- "$tessera" play sokoban "$outdir/other.xsb" --resume --keys ""
case "$out" in *"renamed or moved"*) fail "a set of other levels took up a gone set's progress: $out" ;; *) ok ;; esac

# --- the data folder when the environment does not name it, or names it relatively -----------
# A relative XDG_DATA_HOME (which the XDG spec says to ignore) or an unset HOME put the
# progress under the folder the game was started from: started from another, it was gone.
mkdir -p "$outdir/home" "$outdir/cwd"
expect_status 0 "play with a relative XDG_DATA_HOME" -- \
    sh -c "cd '$outdir/cwd' && HOME='$outdir/home' XDG_DATA_HOME=rel exec '$tessera' play sokoban --level 1 --keys 'down right up right down'"
if [ ! -e "$outdir/cwd/rel" ] && grep -q '^solved 1 ' "$outdir"/home/.local/share/tessera/progress/sokoban-tessera-*.txt 2>/dev/null
then ok; else fail "a relative XDG_DATA_HOME was used: $(ls -R "$outdir/cwd" "$outdir/home" 2>&1)"; fi
pw_home=$(getent passwd "$(id -u)" 2>/dev/null | cut -d: -f6)
case $pw_home in
/*) expect_status 0 "--help with HOME unset" -- sh -c "cd '$outdir/cwd' && exec env -u HOME -u XDG_DATA_HOME '$tessera' --help"
    expect_output "Your progress, settings and mods: ${pw_home%/}/.local/share/tessera" "HOME unset: the home of the password database" ;;
*) echo "saves.sh: no home in the password database for uid $(id -u): the unset-HOME check is skipped" ;;
esac

# --- two runs at once on a set that holds a level twice ----------------------------------------
# The first run's save on quitting took the other's solve of the second copy for its own solve
# moved to another number, and dropped it.
printf '#####\n#@$.#\n#####\n\n#####\n#@$.#\n#####\n' > "$outdir/twice.xsb"
"$tessera" play sokoban "$outdir/twice.xsb" --level 1 --keys "right wait:3000" >/dev/null 2>&1 &
first=$!
sleep 1
expect_status 0 "the second copy solved while the first run plays on" -- "$tessera" play sokoban "$outdir/twice.xsb" --level 2 --keys right
wait "$first"
twice=$(ls "$progress_dir"/sokoban-twice-*.txt 2>/dev/null | head -1)
if [ -n "$twice" ] && grep -q '^solved 1 ' "$twice" && grep -q '^solved 2 ' "$twice"; then ok
else fail "a solve of a level the set holds twice was lost: $(cat "$twice" 2>/dev/null)"; fi

# --- two runs at once: a level one played while the other only had it -----------------------------
# A run that had read level 1's old moves and never played it wrote them back when it quit, over
# the moves the other run had made there meanwhile (two windows: the position of the one closed
# first was lost). Now a position a run has not changed yields to the file's newer one: for a
# level it did not play, and for the one it came back to and left as it was.
printf 'Title: A\n#######\n#@ $ .#\n#     #\n#######\n\nTitle: B\n#######\n#@  $.#\n#     #\n#######\n' > "$outdir/both.xsb"
expect_status 0 "level 1 of both.xsb part-way" -- "$tessera" play sokoban "$outdir/both.xsb" --level 1 --keys down
"$tessera" play sokoban "$outdir/both.xsb" --level 2 --keys "down wait:3000" >/dev/null 2>&1 &
first=$!
sleep 1
expect_status 0 "level 1 played on by a second run" -- "$tessera" play sokoban "$outdir/both.xsb" --level 1 --resume --keys right
wait "$first"
both=$(ls "$progress_dir"/sokoban-both-*.txt 2>/dev/null | head -1)
if [ -n "$both" ] && grep -q '^history d r$' "$both" && grep -q '^history d$' "$both"; then ok
else fail "level 1's moves of the run that quit first were lost (level 2's run had only read them): $(cat "$both" 2>/dev/null)"; fi
"$tessera" play sokoban "$outdir/both.xsb" --level 1 --resume --keys "wait:3000" >/dev/null 2>&1 &
first=$!
sleep 1
expect_status 0 "level 1 played on while another run has it untouched" -- "$tessera" play sokoban "$outdir/both.xsb" --level 1 --resume --keys right
wait "$first"
if grep -q '^history d r r$' "$both"; then ok
else fail "level 1's moves were lost to a run that came back to it and left it as it was: $(cat "$both")"; fi

# --- many runs saving the same file at once -----------------------------------------------------
# Each save reads the file, merges and writes it: two at once both read it before either
# wrote, and the later write dropped the other's solve (of 8 runs solving 8 levels at once,
# 4 to 7 solves were kept). Three rounds, every solve kept in each.
for i in 1 2 3 4 5 6 7 8; do
    wall=$(printf '%*s' $((5 + i)) '' | tr ' ' '#')
    printf '%s\n#@$.%*s#\n%s\n\n' "$wall" "$i" '' "$wall"
done > "$outdir/eight.xsb"   # eight levels, each a box a step from its goal, of widths 6 to 13
for round in 1 2 3; do
    rm -f "$progress_dir"/sokoban-eight-*.txt
    for i in 1 2 3 4 5 6 7 8; do "$tessera" play sokoban "$outdir/eight.xsb" --level $i --keys right >/dev/null 2>&1 & done
    wait
    n=$(grep -c '^solved' "$progress_dir"/sokoban-eight-*.txt 2>/dev/null)
    if [ "$n" = 8 ]; then ok; else fail "round $round: $n of 8 solves saved at once were kept: $(cat "$progress_dir"/sokoban-eight-*.txt 2>/dev/null)"; fi
done

# --- a data folder too long for its files' names ------------------------------------------------
# Their names were cut short to fit: the progress of every game and set went to one file (the
# second set's refused as "another game's progress"). Now nothing is read or written there, and
# the player is told why.
long="$outdir/long"
while [ ${#long} -lt 985 ]; do long="$long/$(printf 'x%.0s' $(seq 1 20))"; done   # its progress file's name: over 1023
expect_status 0 "play with a data folder of ${#long} bytes" -- env XDG_DATA_HOME="$long" "$tessera" play sokoban --level 1 --keys "down right up right down"
expect_output "the data folder's name is too long" "the long data folder is named"
if [ -e "$outdir/long" ] && [ -n "$(find "$outdir/long" -type f)" ]; then
    fail "files written under a data folder too long: $(find "$outdir/long" -type f | sed 's,/x\{20\},/X,g')"
else ok; fi

finish
