# reload.sh: hot reload through the real game loop. `tessera play` runs in the background on a
# key sequence that keeps the loop running (reloaded:N, wait:MS) while this script edits the
# game's script and level file; each edit is made once the previous reload line has appeared
# on stderr, so nothing depends on timing.
# usage: reload.sh TESSERA IMGDIFF OUTDIR   (run from the repository root)
set -u
tessera=$1
outdir=$3/reload
rm -rf "$outdir"
mkdir -p "$outdir"
. "$(dirname "$0")/lib.sh"

game=$outdir/game.lua
levels=$outdir/levels.xsb

# write_game NAME ON_RELOAD_BODY [SED]: a small push game whose on_reload prints a marker
# (SED edits it before it is saved).
write_game() {
    cat > "$game.tmp" <<EOF
-- a game edited while it runs
print("loaded $1")
return tessera.game {
  name = "$1",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["."] = { "goal", goal = true },
    ["\$"] = { "box", pushable = true },
    ["@"] = { "player", player = true },
    ["*"] = { "box", "goal" },
  },
  on_reload = function(level) $2 end,
}
EOF
    [ -n "${3:-}" ] && sed -i "$3" "$game.tmp"
    mv "$game.tmp" "$game"     # saved by rename, as many editors do
}

# wait_for FILE TEXT COUNT: waits (up to 60 s) until FILE holds TEXT at least COUNT times.
wait_for() {
    local i=0
    while [ "$(grep -c -F -- "$2" "$1" 2>/dev/null)" -lt "$3" ]; do
        i=$((i + 1))
        if [ $i -gt 1200 ]; then
            fail "timed out waiting for '$2' (x$3) in $(basename "$1"): $(cat "$1")"
            return 1
        fi
        sleep 0.05
    done
    ok
}

# first_edit NAME: the first edit, made once the game has loaded, and made again (a new save)
# until a reload line shows the game is watching its files.
first_edit() {
    wait_for "$outdir/err.txt" "loaded" 1 || return 1
    local i=0
    while ! grep -q "^reload: ok $game" "$outdir/err.txt"; do
        i=$((i + 1))
        if [ $i -gt 60 ]; then
            fail "no reload after 60 saves: $(cat "$outdir/err.txt")"
            return 1
        fi
        write_game "$1" 'print("on_reload ran")'
        sleep 1
    done
    ok
}

# The level: walking right twice from the start.
printf '########\n#@  $ .#\n#      #\n########\n' > "$levels"
write_game "Before" 'print("on_reload ran")'

# run_play ENV KEYS: starts the game in the background; its pid in $pid.
# err.txt is emptied here, not only by the child's redirection: the background child may
# open it after the first wait_for has already read the last run's "loaded" line.
run_play() {
    : > "$outdir/err.txt"
    : > "$outdir/out.json"
    env $1 "$tessera" play "$game" "$levels" --keys "$2" > "$outdir/out.json" 2> "$outdir/err.txt" &
    pid=$!
}

# ---- inotify (the default): good edit, broken edits, repair, level edits
run_play "" "right right reloaded:9"

# 1. A good edit: the rules are swapped in, the position kept, on_reload runs.
first_edit "After"
wait_for "$outdir/err.txt" "on_reload ran" 1
before=$(grep -c '^reload: ' "$outdir/err.txt")

# 2. A syntax error: reported with file:line, the old rules keep running.
printf 'return tessera.game {\n  name = "Broken"\n  tiles = {}\n}\n' > "$game"
wait_for "$outdir/err.txt" "reload: error $game:3:" 1

# 3. An invalid game table (a misspelt flag), saved by rename.
write_game "Still broken" 'print("never")' 's/solid = true/solidd = true/'
wait_for "$outdir/err.txt" "reload: error $game:" 2
grep -q "solidd" "$outdir/err.txt" && ok || fail "invalid table error names the field: $(cat "$outdir/err.txt")"

# 4. A runtime error in on_reload: the new script is refused as a whole.
write_game "Hook fails" 'error("on_reload exploded")'
wait_for "$outdir/err.txt" "on_reload exploded" 1
grep -q "reload: error $game:[0-9]*: .*on_reload exploded" "$outdir/err.txt" && ok ||
    fail "hook error line: $(cat "$outdir/err.txt")"

# 5. The repair clears the error.
write_game "Repaired" 'print("on_reload ran")'
wait_for "$outdir/err.txt" "reload: ok $game" 2

# 6. A level edit that keeps the walked path: the history is replayed in full.
printf '########\n#@  $ .#\n#      #\n#  $ . #\n########\n' > "$levels"
wait_for "$outdir/err.txt" "reload: ok $levels" 1

# 7. A level edit that walls the second step off: the replay stops before it.
printf '########\n#@ #$ .#\n#      #\n#  $ . #\n########\n' > "$levels.tmp"
mv "$levels.tmp" "$levels"
wait_for "$outdir/err.txt" "reload: ok $levels" 2

# 8. A broken level file: reported as PATH:LINE: message (the window adds the column), the level stays.
printf '########\n#@ #$ x#\n########\n' > "$levels"
wait_for "$outdir/err.txt" "reload: error $levels:2: 'x' is not a tile" 1
printf '########\n#@ #$ .#\n#      #\n#  $ . #\n########\n' > "$levels"
wait_for "$outdir/err.txt" "reload: ok $levels" 3

wait $pid
status=$?
out=$(cat "$outdir/out.json")
[ $status -eq 0 ] && ok || fail "play exited $status: $(cat "$outdir/err.txt")"
expect_output '"game":"Repaired"' "the repaired script's rules run"
expect_output '"moves":1' "the history replayed up to the walled-off step"
case "$out" in *reload_error*) fail "no reload error is left: $out" ;; *) ok ;; esac
n=$(grep -c '^reload: ' "$outdir/err.txt")
[ "$n" -eq $((before + 8)) ] && ok || fail "one line per reload ($((before + 8)) expected, $n): $(cat "$outdir/err.txt")"

# ---- the polling fallback, and a broken edit left in place (shown in the JSON)
write_game "Polled" 'print("on_reload ran")'
printf '########\n#@  $ .#\n#      #\n########\n' > "$levels"
run_play "TESSERA_WATCH=poll" "right right reloaded:3 left"
first_edit "Polled again"
printf '########\n#@  $ .#\n#      #\n#      #\n########\n' > "$levels.tmp"
mv "$levels.tmp" "$levels"
wait_for "$outdir/err.txt" "reload: ok $levels" 1
printf 'return tessera.game {\n  name = 42,\n}\n' > "$game"
wait_for "$outdir/err.txt" "reload: error $game:" 1
wait $pid
out=$(cat "$outdir/out.json")
expect_output '"game":"Polled again"' "polling: the good edit is live, the broken one refused"
expect_output '"moves":3' "polling: the moves kept across reloads, then one more"
expect_output '"reload_error":"' "a pending reload error is reported"

# ---- the level file changes around the level being played: the player stays on their level
# (it moved down when a level was put above it; before, its moves were played on the level that
# took its number, and saved under the other level's name), and the saved progress follows.
export XDG_DATA_HOME=$outdir/xdg
write_game "Shifted" 'print("on_reload ran")'
two='; Level A\n##########\n#    @ $.#\n##########\n\n; Level B\n#########\n#   @ $.#\n#########\n'
printf "$two" > "$levels"
: > "$outdir/err.txt"
"$tessera" play "$game" "$levels" --level 2 --keys "left left reloaded:1 frame:5" > "$outdir/out.json" 2> "$outdir/err.txt" &
pid=$!
# save_levels_until_reload TEXT: once the game has loaded, saves TEXT (printf format) as the
# level file, again each second, until the watcher has reloaded it.
save_levels_until_reload() {
    wait_for "$outdir/err.txt" "loaded" 1 || return 1
    local i=0
    while ! grep -q "^reload: ok $levels" "$outdir/err.txt"; do
        i=$((i + 1))
        [ $i -gt 60 ] && { fail "no level reload after 60 saves: $(cat "$outdir/err.txt")"; return 1; }
        printf "$1" > "$levels.tmp"
        mv "$levels.tmp" "$levels"
        sleep 1
    done
    ok
}
level_x='; Level X\n#########\n#@     .#\n#  $    #\n#########\n\n'
save_levels_until_reload "$level_x$two"
wait $pid
out=$(cat "$outdir/out.json")
expect_output '"level":3,"title":"Level B","moves":2' "on level B, now the third, with its two moves"
expect_output 'your level (2) is level 3 now' "the move is said"
out=$(cat "$XDG_DATA_HOME"/tessera/progress/*)
expect_output "position 3 " "the position saved under its new number"
expect_output "history l l" "with its moves"
# Level B taken out: the player is put on a level that is left, from its saved position.
: > "$outdir/err.txt"
"$tessera" play "$game" "$levels" --level 2 --keys "right n reloaded:1 frame:5" > "$outdir/out.json" 2> "$outdir/err.txt" &
pid=$!
save_levels_until_reload "$level_x"'; Level A\n##########\n#    @ $.#\n##########\n'
wait $pid
out=$(cat "$outdir/out.json")
expect_output '"level":2,"title":"Level A","moves":1' "level A as it was left"
expect_output 'the level you were on (3) is no longer in the file; on level 2 as you left it' "the player is told"
out=$(cat "$XDG_DATA_HOME"/tessera/progress/*)
expect_output "history l l" "level B's moves are still saved"
# A solve by the solver (X) stays the solver's across a reload of its level file: the history
# replayed after it keeps its steps marked (before, the replay made them the player's: one Z
# and the last push by hand, and the level was saved as solved by the player, with a "your
# best" replay).
write_game "Helped" 'print("on_reload ran")'
kept_levels=$levels
levels=$outdir/helped.xsb
printf '#######\n#@$  .#\n#######\n' > "$levels"
: > "$outdir/err.txt"
"$tessera" play "$game" "$levels" --keys "x reloaded:1 z right frame:5" > "$outdir/out.json" 2> "$outdir/err.txt" &
pid=$!
save_levels_until_reload '#######\n#@$  .#\n#######\n\n#######\n#@ $ .#\n#######\n'
wait $pid
levels=$kept_levels
out=$(cat "$outdir/out.json")
expect_output '"level":1,"title":"","moves":3,"pushes":3,"solved":true' "the solver's solve replayed after the reload, then Z and a push"
helped=$(ls "$XDG_DATA_HOME"/tessera/progress/*helped* 2>/dev/null | head -1)
if [ -n "$helped" ] && grep -q '^assisted 1 ' "$helped" && ! grep -q '^solved 1 ' "$helped"; then ok
else fail "a solve with X became the player's after a reload: $(cat "$helped" 2>/dev/null)"; fi
unset XDG_DATA_HOME

# A shuffled board (Space) stays through a reload of the level file, with its moves, and stays
# the position of the level it replaced, which moved down (before, the reload put the file's
# board back and the shuffle's moves were gone).
export XDG_DATA_HOME=$outdir/xdg-shuffle
slide=$outdir/slide.lua
printf 'print("loaded Slide")\nreturn tessera.extend("fifteen", { name = "Slide" })\n' > "$slide"
boards=$outdir/boards.txt
printf '1 3 6 7 4 8 0 2 5\n' > "$boards"
: > "$outdir/err.txt"
"$tessera" play "$slide" "$boards" --seed 3 --keys "space left down reloaded:1 frame:5" --export-level "$outdir/slide.txt" \
    > "$outdir/out.json" 2> "$outdir/err.txt" &
pid=$!
kept_levels=$levels
levels=$boards
save_levels_until_reload '2 1 3 4 5 6 7 8 0\n1 3 6 7 4 8 0 2 5\n'
levels=$kept_levels
wait $pid
out=$(cat "$outdir/out.json")
expect_output '"level":2,"title":"Shuffled","moves":2' "the shuffle and its moves, in the place of its level, now the second"
out=$(cat "$XDG_DATA_HOME"/tessera/progress/*)
expect_output "position 2 " "saved as the position of its level, under its new number"
expect_output "board $(cat "$outdir/slide.txt")" "with the shuffled board"
expect_output "history r u" "and its moves"
unset XDG_DATA_HOME

# A game with its own actions keeps the piece the keys move across a reload of its level file
# (before, the replay left the first piece selected, and the next arrow moved another robot).
export XDG_DATA_HOME=$outdir/xdg-select
drifted=$outdir/drifted.lua
printf 'print("loaded Drifted")\nreturn tessera.extend("drift", { name = "Drifted" })\n' > "$drifted"
kept_levels=$levels
levels=$outdir/drifted.xsb
robots='; Robots\n#######\n#@   .#\n#     #\n#r    #\n#######\n'
printf "$robots" > "$levels"
: > "$outdir/err.txt"
"$tessera" play "$drifted" "$levels" --keys "click:1,3 right reloaded:1 up frame:5" > "$outdir/out.json" 2> "$outdir/err.txt" &
pid=$!
save_levels_until_reload "$robots"'\n; More\n#####\n#@ .#\n#####\n'
levels=$kept_levels
wait $pid
out=$(cat "$outdir/out.json")
expect_output '"moves":2' "the robot chosen before the reload slides after it"
unset XDG_DATA_HOME

# ---- --no-watch: an edit changes nothing
write_game "Unwatched" 'print("on_reload ran")'
: > "$outdir/err.txt"
"$tessera" play "$game" "$levels" --no-watch --keys "right wait:1500" > "$outdir/out.json" 2> "$outdir/err.txt" &
pid=$!
wait_for "$outdir/err.txt" "loaded" 1
write_game "Edited anyway" 'print("on_reload ran")'
wait $pid
out=$(cat "$outdir/out.json")$(cat "$outdir/err.txt")
expect_output '"game":"Unwatched"' "--no-watch keeps the script as loaded"
case "$out" in *"reload:"*) fail "--no-watch printed a reload line: $out" ;; *) ok ;; esac

finish
