# window.sh: a real window under Xvfb with no window manager, driven by xdotool as a player
# would: the window fits a small display, F11 covers the whole display (without a window
# manager SDL's request alone left the window at its size and cut the picture) and comes back
# to where it was, a resize redraws at the new size (a level list keeps its selection in
# sight), a held key repeats only moves (Space held
# in a level list does not go on to shuffle the level), and SIGTERM (what a session's logout
# sends) quits with the position saved, as does the display going away.
# usage: window.sh TESSERA IMGDIFF OUTDIR   (run from the repository root)
set -u
tessera=$(realpath "$1")
outdir=$3/window
rm -rf "$outdir"
mkdir -p "$outdir"
. "$(dirname "$0")/lib.sh"
export XDG_DATA_HOME="$outdir/xdg" SDL_AUDIODRIVER=dummy
# Under AddressSanitizer, a real X11 window leaves blocks that libdbus and the X libraries
# never free (not ours, and without symbols to suppress by name): leak checks stay with the
# dummy-driver tests, this one checks behaviour.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
trap 'kill "$pid" 2>/dev/null; stop_xvfb' EXIT
pid=

if ! command -v xdotool >/dev/null 2>&1 || ! start_xvfb 1024x600; then
    echo "window: skipped (needs Xvfb and xdotool: apt-get install xvfb xdotool)"
    finish
    exit 0
fi

# geometry WID: sets X Y WIDTH HEIGHT of the window
geometry() { eval "$(xdotool getwindowgeometry --shell "$1")"; }

# png_size FILE: "W H" from the PNG header
png_size() { od -An -tu1 -j16 -N8 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4, $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }'; }

# wait_geometry WID W H: the window reaches that size (the X server applies it in its time)
wait_geometry() {
    for _ in $(seq 40); do
        geometry "$1"
        [ "$WIDTH" = "$2" ] && [ "$HEIGHT" = "$3" ] && return 0
        sleep 0.1
    done
    return 1
}

# screenshot: F12, then the newest screenshot's size in $shot_size
shots=0
screenshot() {
    xdotool key --window "$wid" F12
    shots=$((shots + 1))
    for _ in $(seq 40); do
        [ "$(ls "$XDG_DATA_HOME"/tessera/screenshots/*.png 2>/dev/null | wc -l)" -ge "$shots" ] && break
        sleep 0.1
    done
    sleep 0.2
    local f
    f=$(ls -t "$XDG_DATA_HOME"/tessera/screenshots/*.png 2>/dev/null | head -1)
    shot_size=$([ -n "$f" ] && png_size "$f")
}

# start_game OUT ARGS...: tessera ARGS in the background (output to OUT); sets pid and wid
# (empty when no window came up).
start_game() {
    local out=$1
    shift
    "$tessera" "$@" > "$out" 2>&1 &
    pid=$!
    # The window that has the game's title: SDL may replace the first window it makes (for
    # its renderer), and the loop sets the title once it runs.
    wid=
    for _ in $(seq 200); do
        wid=$(xdotool search --all --pid "$pid" --name Tessera 2>/dev/null | head -1)
        [ -n "$wid" ] && break
        sleep 0.1
    done
    [ -n "$wid" ] || echo "window: no window came up for tessera $*: $(cat "$out")" >&2
    sleep 0.5
}

# quit_game: SIGTERM, as a logout sends, and the game's end waited for.
quit_game() {
    kill -TERM "$pid"
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    wait "$pid" 2>/dev/null
    pid=
}

# hold KEY: the key held down long enough for the keyboard's auto-repeat, then let go.
hold() {
    xdotool keydown --window "$wid" "$1"
    sleep 1.2
    xdotool keyup --window "$wid" "$1"
    sleep 0.5
}

"$tessera" play sokoban --level 5 > "$outdir/out.txt" 2>&1 &
pid=$!
wid=$(timeout 20 xdotool search --sync --pid "$pid" 2>/dev/null | head -1)
if [ -z "$wid" ]; then
    fail "no window appeared: $(cat "$outdir/out.txt")"
    finish
    exit 1
fi
sleep 0.5

# 960x720 does not fit 1024x600 with a frame: the window is made smaller, keeping 4:3.
geometry "$wid"
x0=$X y0=$Y w0=$WIDTH h0=$HEIGHT
echo "window: opened at ${w0}x${h0}+${x0}+${y0} on a 1024x600 display"
if [ "$h0" -le 536 ] && [ "$w0" -le 1008 ] && [ $((w0 * 3 / 4 - h0)) -ge -2 ] && [ $((w0 * 3 / 4 - h0)) -le 2 ]; then ok
else fail "the window ${w0}x${h0} does not fit the display with room for a frame, as 4:3"; fi

# F11: the whole display, and the picture drawn for it (F12 saves the canvas shown).
xdotool key --window "$wid" F11
if wait_geometry "$wid" 1024 600 && [ "$X" = 0 ] && [ "$Y" = 0 ]; then ok
else fail "F11 without a window manager: the window is ${WIDTH}x${HEIGHT}+$X+$Y, not the display's 1024x600+0+0"; fi
screenshot
[ "$shot_size" = "1024 600" ] && ok || fail "fullscreen draws a ${shot_size:-missing} picture, not 1024 600"

# F11 again: back to the window's size and place.
xdotool key --window "$wid" F11
if wait_geometry "$wid" "$w0" "$h0" && [ "$X" = "$x0" ] && [ "$Y" = "$y0" ]; then ok
else fail "leaving fullscreen: ${WIDTH}x${HEIGHT}+$X+$Y, not ${w0}x${h0}+${x0}+${y0}"; fi

# A resize redraws at the new size.
xdotool windowsize "$wid" 700 500
wait_geometry "$wid" 700 500 || fail "the window did not take 700x500"
sleep 0.3
screenshot
[ "$shot_size" = "700 500" ] && ok || fail "after a resize to 700x500 the picture is ${shot_size:-missing}"

# Two moves, then SIGTERM: the game quits cleanly and the position is saved.
xdotool key --window "$wid" Down
xdotool key --window "$wid" Down
sleep 0.5
kill -TERM "$pid"
status=0
for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
wait "$pid" || status=$?
pid=
[ "$status" = 0 ] && ok || fail "SIGTERM: exit $status: $(cat "$outdir/out.txt")"
if grep -q '^history d d$' "$XDG_DATA_HOME"/tessera/progress/sokoban-*.txt 2>/dev/null; then ok
else fail "the two moves were not saved: $(cat "$XDG_DATA_HOME"/tessera/progress/sokoban-*.txt 2>/dev/null)"; fi

# A key held down acts once when it opens or makes something (the keyboard's auto-repeat):
# Space held in Fifteen's level list opens the level, and its repeats went on to shuffle it,
# the level's moves given up for a new board (Z does not bring them back). Arrows still repeat.
# (One game for the checks that follow: each start of a game is a chance for Xvfb to refuse.)
start_game "$outdir/out3.txt" play fifteen --level 4
xdotool key --window "$wid" Right
xdotool key --window "$wid" Right
xdotool key --window "$wid" Escape
sleep 0.3
hold space
title=$(xdotool getwindowname "$wid")
case "$title" in
    "Fifteen, level 4:"*) ok ;;
    *) fail "Space held in the level list: the window shows '$title', not level 4 as it was left" ;;
esac
hold Left

# Right held in the games menu opens the game's level list once: it chooses there, as Return
# does, and its repeats went on to play the level and walk on it. Esc then goes back to the menu.
xdotool key --window "$wid" Escape
xdotool key --window "$wid" Escape
sleep 0.3
hold Right
xdotool key --window "$wid" Escape
sleep 0.3
title=$(xdotool getwindowname "$wid")
[ "$title" = "Tessera" ] && ok || fail "Right held in the menu, then Esc: the window shows '$title', not the games menu"

# A level list keeps its selection in sight when the window gets smaller: it stayed scrolled
# where it was, the selected level below its end, and a click on its first row played another
# than the rows shown (with the last of 8 selected and 4 rows shown, the first row is 5).
xdotool key --window "$wid" Return
xdotool key --window "$wid" End
xdotool windowsize "$wid" 640 400
wait_geometry "$wid" 640 400 || fail "the window did not take 640x400"
sleep 0.3
xdotool mousemove --window "$wid" 320 107 click 1
sleep 0.5
title=$(xdotool getwindowname "$wid")
case "$title" in
    "Fifteen, level 5:"*) ok ;;
    *) fail "the level list after the window shrank: its first row played '$title', not level 5" ;;
esac
quit_game
if grep -q '^history l l r r$' "$XDG_DATA_HOME"/tessera/progress/fifteen-*.txt 2>/dev/null &&
    ! grep -q '^board' "$XDG_DATA_HOME"/tessera/progress/fifteen-*.txt; then ok
else fail "Space held, then Left held: level 4's moves were not kept and repeated: $(cat "$XDG_DATA_HOME"/tessera/progress/fifteen-*.txt 2>/dev/null)"; fi

# The display goes away (the X server stops, as when an ssh -X connection drops): Xlib ends
# the process with exit 1, and the moves made since the last save are saved on the way out.
start_game "$outdir/out2.txt" play sokoban --level 5
xdotool key --window "$wid" Up
xdotool key --window "$wid" Down
sleep 0.5
stop_xvfb
for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "the game still runs after its display went away"
wait "$pid" 2>/dev/null
pid=
if grep -q '^history d d u d$' "$XDG_DATA_HOME"/tessera/progress/sokoban-*.txt 2>/dev/null; then ok
else fail "the moves made before the display went away were not saved: $(cat "$outdir/out2.txt" "$XDG_DATA_HOME"/tessera/progress/sokoban-*.txt 2>/dev/null)"; fi
finish
