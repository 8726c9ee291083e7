# nodisplay.sh: a machine with no display (ssh, a container): the window commands say so and
# exit 2 at once instead of running a window nobody sees; scripted play and the other
# commands keep working; a driver asked for by name is used; no audio device means silence
# and no ALSA noise.
# usage: nodisplay.sh TESSERA IMGDIFF OUTDIR   (run from the repository root)
set -u
tessera=$1
. "$(dirname "$0")/lib.sh"
bare() { env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER -u SDL_AUDIODRIVER "$@"; }
# SDL's X11 and offscreen drivers load D-Bus and EGL, which keep memory to the end that
# SDL 2.26 cannot hand back (LeakSanitizer reports it from those libraries, in sanitizer
# builds): leak reports are off for the runs below that start them. Our own code on these
# paths is leak-checked by the dummy-driver runs.
no_lib_leaks="ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0"

for args in "" "play sokoban" "play fifteen --level 2"; do
    start=$(date +%s%N)
    expect_status 2 "'tessera $args' without a display" -- bare timeout 5 "$tessera" $args
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    expect_output "no display is available" "'tessera $args' says there is no display"
    expect_output "tessera play GAME --keys" "'tessera $args' names the headless commands"
    [ "$ms" -lt 1000 ] && ok || fail "'tessera $args' took $ms ms to give up (want under 1 s)"
    case $out in *XDG_RUNTIME_DIR*|*ALSA*) fail "'tessera $args' printed library noise: $out" ;; *) ok ;; esac
done

# A display that is named but is not there: still refused, without hanging.
expect_status 2 "a DISPLAY nobody answers" -- bare env "$no_lib_leaks" DISPLAY=:987 timeout 5 "$tessera"
expect_output "no display is available" "a dead DISPLAY is no display"

# Scripted play needs no display: it runs headless, silent, without noise.
expect_status 0 "scripted play without a display" -- bare "$tessera" play sokoban --level 1 --keys "right"
expect_output '"moves":1' "scripted play moved"
case $out in *ALSA*|*XDG_RUNTIME_DIR*|*error*) fail "scripted play printed noise: $out" ;; *) ok ;; esac

# SDL_VIDEODRIVER set by the user is obeyed: the offscreen driver runs the window loop (it is
# still running when timeout stops it) and nothing is refused.
# The window opens its sound device: on a machine without one (no sound card, no sound
# server) that is silence, and nothing on stderr (SDL's ALSA back end would print a page).
expect_status 124 "an explicit offscreen driver is used" -- bare env "$no_lib_leaks" SDL_VIDEODRIVER=offscreen timeout 2 "$tessera"
case $out in *"no display"*) fail "an explicit SDL_VIDEODRIVER was refused: $out" ;; *) ok ;; esac
if ls /dev/snd/pcm* >/dev/null 2>&1 || [ -e "${XDG_RUNTIME_DIR:-/nonexistent}/pulse/native" ]; then
    echo "nodisplay.sh: this machine has a sound device: the silence check is skipped"
else
    [ -z "$out" ] && ok || fail "the window printed something with no sound device: $out"
fi
expect_status 0 "dummy driver scripted play" -- bare env SDL_VIDEODRIVER=dummy "$tessera" play sokoban --keys "left"
expect_output '"game":"Sokoban"' "dummy scripted play"
finish
