# busy.sh: a search that runs on the game loop's thread (the generic search drives the game's
# own Lua rules, which belong to that thread) leaves the window answering, under Xvfb: the
# status says it is solving and that any key stops it; a key stops it at once and is then
# played; SIGTERM (or closing the window) during it quits at once with the position saved.
# Before, the window froze for the search's whole budget (10 s for X): keys and the quit
# waited for it.
# usage: busy.sh TESSERA IMGDIFF OUTDIR   (run from the repository root)
set -u
tessera=$(realpath "$1")
outdir=$3/busy
rm -rf "$outdir"
mkdir -p "$outdir"
. "$(dirname "$0")/lib.sh"
export XDG_DATA_HOME="$outdir/xdg" SDL_AUDIODRIVER=dummy
# Under AddressSanitizer, a real X11 window leaves blocks that libdbus and the X libraries
# never free (see window.sh).
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
trap 'kill "$pid" 2>/dev/null; stop_xvfb' EXIT
pid=

if ! command -v xdotool >/dev/null 2>&1 || ! start_xvfb 1024x768; then
    echo "busy: skipped (needs Xvfb and xdotool: apt-get install xvfb xdotool)"
    finish
    exit 0
fi

# A game whose every move costs its hook some work, on a level with no solution: its search
# takes the whole budget (10 s for X) on any machine.
mod="$outdir/mod"
mkdir -p "$mod/scripts" "$mod/levels/slow"
cat > "$mod/scripts/slow.lua" <<'LUA'
return tessera.extend("sokoban", {
  name = "Slow",
  description = "Sokoban with a costly move hook",
  levels = "slow/slow.xsb",
  on_move = function(level, move)
    local x = 0
    for i = 1, 100000 do x = x + i end
  end,
})
LUA
printf 'Title: No Way Out\n##########\n#@     #.#\n#  $ $ #.#\n#      #.#\n#  $     #\n##########\n' \
    > "$mod/levels/slow/slow.xsb"

now() { date +%s%N | cut -c1-13; }      # ms
# wait_exit MS: waits up to MS for the game to end; status gets its exit status
wait_exit() {
    local until=$(($(now) + $1))
    while kill -0 "$pid" 2>/dev/null && [ "$(now)" -lt "$until" ]; do sleep 0.05; done
    status=0
    if kill -0 "$pid" 2>/dev/null; then status=timeout; kill -KILL "$pid"; fi
    wait "$pid" 2>/dev/null || [ "$status" = timeout ] || status=$?
    pid=
}

# start OUT: starts the game in a window (output to OUT); pid and wid are its
start() {
    "$tessera" play slow --mods "$mod" > "$1" 2>&1 &
    pid=$!
    wid=$(timeout 20 xdotool search --sync --pid "$pid" 2>/dev/null | head -1)
    sleep 0.5
}

# X, then a move a second later: the search stops at the key and the move is played.
start "$outdir/out.txt"
start=$(now)
xdotool key --window "$wid" x
sleep 1
xdotool key --window "$wid" Right
sleep 1
kill -TERM "$pid"
wait_exit 9000
spent=$(($(now) - start))
[ "$status" = 0 ] && ok || fail "X, a key, SIGTERM: exit $status: $(cat "$outdir/out.txt")"
[ "$spent" -lt 6000 ] && ok || fail "X then a key: the game took $spent ms to quit (the search's 10 s held the key and the quit)"
if grep -q '^history r$' "$XDG_DATA_HOME"/tessera/progress/slow-*.txt 2>/dev/null; then ok
else fail "the move made during the search was not played: $(cat "$XDG_DATA_HOME"/tessera/progress/slow-*.txt 2>/dev/null)"; fi

# X, then SIGTERM a second later (closing the window is the same quit event): it quits at once.
start "$outdir/out2.txt"
xdotool key --window "$wid" Down
xdotool key --window "$wid" x
sleep 1
start=$(now)
kill -TERM "$pid"
wait_exit 12000
spent=$(($(now) - start))
[ "$status" = 0 ] && ok || fail "X, SIGTERM: exit $status: $(cat "$outdir/out2.txt")"
[ "$spent" -lt 3000 ] && ok || fail "SIGTERM during the solver's search: the game took $spent ms to quit"
if grep -q '^history r d$' "$XDG_DATA_HOME"/tessera/progress/slow-*.txt 2>/dev/null; then ok
else fail "the position was not saved on the quit: $(cat "$XDG_DATA_HOME"/tessera/progress/slow-*.txt 2>/dev/null)"; fi
finish
