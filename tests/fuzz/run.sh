#!/usr/bin/env bash
# tests/fuzz/run.sh BUILD_DIR [SECONDS] [TARGET...]: builds the libFuzzer targets with clang
# (-DTESSERA_FUZZ=ON) in BUILD_DIR and runs each for SECONDS (default 60), starting from the
# seed corpus in tests/fuzz/corpus/TARGET. New inputs collect in BUILD_DIR/corpus-TARGET, so
# later runs go on where earlier ones stopped; the repo's corpus is never written.
# A crash, leak, sanitizer report or timeout stops the run with status 1 and names the input
# (BUILD_DIR/artifacts/...). Turn it into a regression test by copying it to
# tests/fuzz/corpus/TARGET/ (the fuzz_replay_TARGET ctest replays it in every build).
set -euo pipefail
cd "$(dirname "$0")/../.."

build=${1:?usage: tests/fuzz/run.sh BUILD_DIR [SECONDS] [TARGET...]}
seconds=${2:-60}
shift $(( $# >= 2 ? 2 : 1 ))
targets=${*:-levels lurd gamedef image save bindings}

if ! command -v clang > /dev/null; then
    echo "fuzz: clang is not installed (apt-get install clang libclang-rt-14-dev)" >&2
    exit 2
fi
cmake -S . -B "$build" -DCMAKE_C_COMPILER=clang -DTESSERA_FUZZ=ON -DTESSERA_WERROR=ON \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo > /dev/null
cmake --build "$build" -j"$(nproc 2>/dev/null || echo 2)" $(printf -- '--target fuzz_%s ' $targets) > /dev/null

mkdir -p "$build/artifacts"
status=0
for t in $targets; do
    corpus="$build/corpus-$t"
    mkdir -p "$corpus"
    rm -f "$build/artifacts/$t-"*
    log="$build/fuzz-$t.log"
    dict=""
    [ -f "tests/fuzz/$t.dict" ] && dict="-dict=tests/fuzz/$t.dict"
    echo "fuzz_$t: $seconds s from $(ls tests/fuzz/corpus/$t | wc -l) seeds"
    # -timeout: one input taking over 10 s is a hang; -rss_limit_mb: a leak or a bomb.
    # UBSan must stop on its first report (it would print and go on), so that libFuzzer
    # records the input like any crash.
    if UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 "$build/fuzz_$t" -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
            -print_final_stats=1 -artifact_prefix="$build/artifacts/$t-" $dict \
            "$corpus" "tests/fuzz/corpus/$t" > "$log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
        echo "fuzz_$t: ok, ${runs:-?} inputs run, $cov, corpus $(ls "$corpus" | wc -l) files"
    else
        status=1
        echo "fuzz_$t: FAILED; the report:" >&2
        grep -A40 -m1 -E '^==[0-9]+==ERROR|runtime error|^==[0-9]+== ERROR|ALARM|out-of-memory' "$log" >&2 || tail -n 40 "$log" >&2
        for f in "$build/artifacts/$t-"*; do
            [ -e "$f" ] || continue
            echo "fuzz_$t: input $f (base64: $(base64 -w0 < "$f"))" >&2
        done
    fi
done
exit $status
