# lib.sh: helpers for the end-to-end shell tests. Source it; call `finish` at the end.
passed=0
failed=0

ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }

# expect_status WANT DESCRIPTION -- COMMAND...: runs COMMAND, output in $out, status in $status.
expect_status() {
    local want=$1 what=$2
    shift 3
    out=$("$@" 2>&1)
    status=$?
    if [ "$status" -eq "$want" ]; then ok; else fail "$what: exit $status, expected $want; output: $out"; fi
}

# expect_output SUBSTRING DESCRIPTION: checks the last command's output.
expect_output() {
    case "$out" in
        *"$1"*) ok ;;
        *) fail "$2: output lacks '$1'; output: $out" ;;
    esac
}

# Pictures (the scripts set imgdiff to tests/tools/imgdiff; see its header for the rules).
# golden NAME FILE: FILE matches tests/golden/NAME.png pixel by pixel; a difference image is
# written beside FILE when it does not. TESSERA_UPDATE_GOLDEN=1 takes FILE as the new golden
# (look at it first).
golden() {
    local name=$1 file=$2
    if [ "${TESSERA_UPDATE_GOLDEN:-}" = 1 ]; then cp "$file" "tests/golden/$name.png"; fi
    if [ ! -f "tests/golden/$name.png" ]; then fail "no golden image tests/golden/$name.png"; return; fi
    local res
    if res=$("$imgdiff" "tests/golden/$name.png" "$file" "${file%.png}.diff.png"); then ok
    else fail "$name differs from tests/golden/$name.png: $res"; fi
}
# same_picture A B WHAT: the two match (as golden does). differ_picture A B WHAT [N]: more than
# N pixels differ (default 200: a change a player would see, not a stray pixel).
same_picture() {
    local res
    if res=$("$imgdiff" "$1" "$2" "${2%.png}.diff.png"); then ok; else fail "$3: $res"; fi
}
differ_picture() {
    local res
    if res=$("$imgdiff" --max-pixels "${4:-200}" "$1" "$2"); then fail "$3: $res"; else ok; fi
}

finish() {
    echo "$(basename "$0" .sh): $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}

# start_xvfb WxH: starts Xvfb on a free display of that size (no window manager) and exports
# DISPLAY; xvfb_pid is its pid (killed by stop_xvfb). Returns 1 when Xvfb is not installed
# or does not start.
xvfb_pid=
start_xvfb() {
    command -v Xvfb >/dev/null 2>&1 || return 1
    local n
    for n in $(seq $((100 + $$ % 300)) $((120 + $$ % 300))); do
        [ -e "/tmp/.X$n-lock" ] && continue
        Xvfb ":$n" -screen 0 "$1x24" -nolisten tcp >/dev/null 2>&1 &
        xvfb_pid=$!
        for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$n" ] && break; sleep 0.1; done
        if kill -0 "$xvfb_pid" 2>/dev/null && [ -e "/tmp/.X11-unix/X$n" ]; then
            export DISPLAY=":$n"
            unset SDL_VIDEODRIVER
            return 0
        fi
        xvfb_pid=
    done
    return 1
}
stop_xvfb() { [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null; xvfb_pid=; }
