# idle.sh: the window loop sleeps when nothing moves. `tessera` (the menu) and `tessera play`
# on an untouched level are measured over a few seconds (utime + stime from /proc) under Xvfb
# when it is installed (else SDL's dummy driver, whose event wait polls); each must stay under
# a generous bound, and the figures are printed. With xdotool, a key still wakes the loop.
# usage: idle.sh TESSERA IMGDIFF OUTDIR   (run from the repository root)
set -u
tessera=$(realpath "$1")
outdir=$3/idle
rm -rf "$outdir"
mkdir -p "$outdir"
. "$(dirname "$0")/lib.sh"
export XDG_DATA_HOME="$outdir/xdg" SDL_AUDIODRIVER=dummy
seconds=${TESSERA_IDLE_SECONDS:-5}
bound=10   # percent of one core; the target is under 2 (see README), measured without load
trap stop_xvfb EXIT

driver=dummy
if start_xvfb 1280x800; then driver=x11; fi
[ "$driver" = dummy ] && export SDL_VIDEODRIVER=dummy

cpu_ticks() { awk '{ sub(/.*\) /, ""); print $12 + $13 }' "/proc/$1/stat"; }

# measure NAME ARGS...: runs tessera ARGS, lets it settle, reports its CPU over $seconds.
measure() {
    local name=$1
    shift
    "$tessera" "$@" > "$outdir/$name.out" 2>&1 &
    local pid=$! hz
    hz=$(getconf CLK_TCK)
    sleep "${settle:-1.5}"
    if ! kill -0 "$pid" 2>/dev/null; then fail "$name: tessera $* exited: $(cat "$outdir/$name.out")"; return; fi
    local t0 t1
    t0=$(cpu_ticks "$pid")
    sleep "$seconds"
    t1=$(cpu_ticks "$pid")
    pct=$(awk -v a="$t0" -v b="$t1" -v hz="$hz" -v s="$seconds" 'BEGIN { printf "%.2f", (b - a) * 100 / hz / s }')
    echo "idle: $name uses $pct% of a core over ${seconds} s ($driver)"
    if awk -v p="$pct" -v b="$bound" 'BEGIN { exit !(p < b) }'; then ok; else fail "$name idles at $pct% of a core (bound $bound%)"; fi
    if [ -n "${2:-}" ] && [ "$1" = play ] && [ "$driver" = x11 ] && command -v xdotool >/dev/null 2>&1; then
        # The sleeping loop still wakes for a key: F12 writes a screenshot at once.
        xdotool search --sync --pid "$pid" >/dev/null 2>&1 || true
        xdotool key F12
        local shot=
        for _ in $(seq 30); do shot=$(ls "$XDG_DATA_HOME"/tessera/screenshots/*.png 2>/dev/null | head -1); [ -n "$shot" ] && break; sleep 0.1; done
        if [ -n "$shot" ]; then ok; else fail "$name: F12 did not wake the idle loop"; fi
    fi
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
}

measure menu
measure level play sokoban --level 3
# A colour crate on its matching goal blinks a few times, then stands still (it redrew every
# frame forever: 30-40% of a core).
printf '#######\n#@d rR#\n#######\n' > "$outdir/blink.xsb"
settle=3.5 measure blink play colour "$outdir/blink.xsb"
finish
