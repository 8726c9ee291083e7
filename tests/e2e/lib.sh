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

finish() {
    echo "$(basename "$0" .sh): $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
