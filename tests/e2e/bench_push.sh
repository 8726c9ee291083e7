# bench_push.sh: the push-solver benchmark's own options on a small set made here (so the
# shared data is not needed): a record per level, the eight rotated and mirrored copies solved
# alike (the moves turn with the board), the solver's attempts started from each turn, a range
# of levels, CPU-time and work budgets, what --diagnose says of a level that times out, bad
# values.
# usage: bench_push.sh TESSERA IMGDIFF OUTDIR   (run from the repository root)
set -u
tessera=$1
outdir=$3/bench_push
mkdir -p "$outdir/data/sokoban"
. "$(dirname "$0")/lib.sh"

# Two levels; the first is solved by pushing right once.
printf '; 1\n#####\n#@$.#\n#####\n\n; 2\n######\n#    #\n# #@ #\n# $* #\n# .* #\n#    #\n######\n' \
    > "$outdir/data/sokoban/microban.xsb"

expect_status 0 "per-level records" -- "$tessera" bench --only microban --data "$outdir/data" --per-level --limit 2
expect_output '"bench":"microban","symmetry":"id","level":1' "a record for level 1"
expect_output '"solved":true' "records say solved"
expect_output '"method":' "records name the search"
expect_output '"peak_bytes":' "records give the memory"
expect_output '"stopped":"solved"' "records say why the search stopped"
expect_output '"solution":"R"' "level 1's solution is one push right"
expect_output '"solved":2,"total":2' "the set's line"

expect_status 0 "every symmetry" -- "$tessera" bench --only microban --data "$outdir/data" --per-level --symmetry all --limit 2 --cpu-clock
count=$(printf '%s\n' "$out" | grep -c '"solved":2,"total":2')
if [ "$count" -eq 8 ]; then ok; else fail "8 symmetries solve both levels: $count lines; output: $out"; fi
expect_output '"symmetry":"rot90","level":1,"title":"1","status":"solved","solved":true' "rot90 solved"
# Level 1 turned a quarter clockwise: the push goes down; mirrored: left; turned back: up.
expect_output '"symmetry":"rot90","level":1' "rot90 record"
for want in rot90:D rot180:L rot270:U mirror:L mirror_rot90:U mirror_rot180:R mirror_rot270:D; do
    case "$out" in
        *"\"symmetry\":\"${want%%:*}\",\"level\":1,"*"\"solution\":\"${want##*:}\""*) ok ;;
        *) fail "${want%%:*}: level 1 is one push ${want##*:}; output: $out" ;;
    esac
done
expect_output '"clock":"cpu"' "CPU-time budgets said"

# The solver's attempts started from each of the eight turns of the levels: a line per turn,
# the turn named in it (and in each record), the solutions in the level's own terms.
expect_status 0 "every turn" -- "$tessera" bench --only microban --data "$outdir/data" --turn all --limit 2 --cpu-clock
count=$(printf '%s\n' "$out" | grep -c '"solved":2,"total":2')
if [ "$count" -eq 8 ]; then ok; else fail "8 turns solve both levels: $count lines; output: $out"; fi
expect_output '"bench":"microban","turn":7,"solved":2' "turn 7's line"
expect_status 0 "one turn" -- "$tessera" bench --only microban --data "$outdir/data" --per-level --turn 3 --limit 2
expect_output '"symmetry":"id","turn":3,"level":1,' "the record names the turn"
expect_output '"solution":"R"' "the solution is the level's own"
count=$(printf '%s\n' "$out" | grep -c '"turn":3')
if [ "$count" -eq 3 ]; then ok; else fail "two records and the set's line name turn 3: $count; output: $out"; fi

expect_status 0 "a range of levels" -- "$tessera" bench --only microban --data "$outdir/data" --per-level --levels 2-2 --limit 2
expect_output '"solved":1,"total":1' "only level 2"

# A level the solver needs a few tenths of a second for (22 goals, 16 boxes), given a fiftieth:
# --diagnose says what became of the furthest position and gives the moves to it.
mkdir -p "$outdir/hard/sokoban"
printf '; 1\n####################\n#@     #           #\n# $ $ $ $ $ $ $ $  #\n#  #      #     #  #\n# $ $ $ $ $ $ $ $  #\n#     #        #   #\n#   ###########  ###\n#   #..........#   #\n#   ..........     #\n#   #..        #   #\n####################\n' \
    > "$outdir/hard/sokoban/microban.xsb"
expect_status 0 "diagnose" -- "$tessera" bench --only microban --data "$outdir/hard" --per-level --limit 0.02 --diagnose 0.05
expect_output '"status":"timeout"' "the level times out"
expect_output '"furthest":"' "the furthest position's verdict"
expect_output '"furthest_goals":22,' "the goals counted"
# (The budget is kept, so a slow build may not have pushed a box by then: the furthest position
# is then the start, with no moves to it; a box home there needs pushes to get it there.)
if printf '%s\n' "$out" | grep -Eq '"furthest_home":([0-9]|1[0-6]),"furthest_goals":22,"furthest_moves":"[udlrUDLR]*"' &&
   ! printf '%s\n' "$out" | grep -Eq '"furthest_home":([1-9]|1[0-6]),"furthest_goals":22,"furthest_moves":""'; then ok
else fail "boxes home at the furthest position (0-16) and the moves to it; output: $out"; fi

# The turn reaches the solver: from turn 1 the same level goes another way (the searches' work
# decides, not the clock, so each turn's count of positions is the same on any machine).
expect_status 0 "turn 0 on a larger level" -- "$tessera" bench --only microban --data "$outdir/hard" --per-level --limit 60 --cpu-clock
nodes0=$(printf '%s\n' "$out" | grep -o '"status":"solved".*"nodes":[0-9]*' | grep -o '"nodes":[0-9]*' | head -1)
expect_status 0 "turn 1 on a larger level" -- "$tessera" bench --only microban --data "$outdir/hard" --per-level --limit 60 --cpu-clock --turn 1
nodes1=$(printf '%s\n' "$out" | grep -o '"status":"solved".*"nodes":[0-9]*' | grep -o '"nodes":[0-9]*' | head -1)
if [ -n "$nodes0" ] && [ -n "$nodes1" ] && [ "$nodes0" != "$nodes1" ]; then ok
else fail "turns 0 and 1 both solve the level, with other searches: $nodes0 / $nodes1"; fi

# A work budget stops the level at the same place every time, and the records say so.
nodes_w=""
for run in 1 2; do
    expect_status 0 "a work budget ($run)" -- "$tessera" bench --only microban --data "$outdir/hard" --per-level --limit 60 --work 1k
    expect_output '"status":"timeout"' "stopped before it is solved ($run)"
    expect_output '"stopped":"work budget used up"' "the work, not the time, ran out ($run)"
    expect_output '"work_limit":1000,' "the set's line gives the budget ($run)"
    nodes_w="$nodes_w $(printf '%s\n' "$out" | grep -o '"nodes":[0-9]*,"work":[0-9]*' | head -1)"
done
set -- $nodes_w
if [ $# -eq 2 ] && [ "$1" = "$2" ]; then ok; else fail "two runs stopped by work made the same positions: $nodes_w"; fi
# --diagnose gives the furthest position its seconds whatever --work says: solved from there.
expect_status 0 "a work budget and diagnose" -- "$tessera" bench --only microban --data "$outdir/hard" --per-level --limit 60 --work 1k --diagnose 30
expect_output '"furthest":"alive"' "the furthest position is solved in its own time"
expect_status 0 "work to spare" -- "$tessera" bench --only microban --data "$outdir/hard" --per-level --limit 60 --work 2M
expect_output '"status":"solved"' "solved within its work"

# A budget used up before anything was set up is said to be time, not memory.
expect_status 1 "no time at all" -- "$tessera" solve "$outdir/hard/sokoban/microban.xsb" --timeout 0.000000001 --json
expect_output '"message":"time budget used up"' "the time, not the memory, ran out"

expect_status 2 "bad symmetry" -- "$tessera" bench --only microban --symmetry sideways
expect_output "--symmetry expects" "bad symmetry explained"
expect_status 2 "bad turn" -- "$tessera" bench --only microban --turn 8
expect_output "--turn expects" "bad turn explained"
expect_status 2 "bad work" -- "$tessera" bench --only microban --work 2G
expect_output "--work expects a count" "bad work explained"
expect_status 2 "bad range" -- "$tessera" bench --only microban --levels 3-1
expect_output "--levels expects" "bad range explained"
expect_status 2 "bad limit" -- "$tessera" bench --only microban --limit 0
expect_output "--limit expects seconds" "bad limit explained"

finish
