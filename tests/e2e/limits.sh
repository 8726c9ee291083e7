# limits.sh: the sandbox's limits during play, through the real game loop: a hook that never
# returns and a hook that eats memory are stopped with a clear error, and the game goes on
# (the next keys still play); a runaway loop saved into a running game is refused by hot
# reload while the old rules keep running.
# usage: limits.sh TESSERA IMGDIFF OUTDIR   (run from the repository root)
set -u
tessera=$1
outdir=$3/limits
rm -rf "$outdir"
mkdir -p "$outdir"
. "$(dirname "$0")/lib.sh"

# (a box and its goal at the far end: a level solved at its start would be refused)
printf '########\n#@   $.#\n########\n' > "$outdir/corridor.xsb"

# A hook with `while true do end`: each move's hook is stopped and the move refused with it;
# the game answers every key (each one's hook runs, and is stopped, again).
expect_status 0 "runaway hook during play" -- "$tessera" play tests/lua/data/loop_hook.lua "$outdir/corridor.xsb" --keys "right right"
expect_output "loop_hook.lua:12:7: script ran too long (" "runaway hook named with file:line"
expect_output '"moves":0' "the moves went with their hooks"
[ "$(printf '%s\n' "$out" | grep -c 'loop_hook.lua:12:7: script ran too long')" -ge 2 ] && ok || fail "the second key's hook did not run: $out"

# A hook that allocates without end: the memory cap stops it, every time.
expect_status 0 "memory bomb in a hook during play" -- "$tessera" play tests/lua/data/memory_bomb_hook.lua "$outdir/corridor.xsb" --keys "right right right"
expect_output "memory_bomb_hook.lua:12:7: not enough memory (scripts may use 64 MiB)" "memory bomb named with file:line"
expect_output '"moves":0' "the moves went with their hooks"
[ "$(printf '%s\n' "$out" | grep -c 'memory_bomb_hook.lua:[0-9]*:[0-9]*: not enough memory')" -ge 3 ] && ok || fail "a key's hook did not run: $out"

# The same while loading: refused with the reason, exit 2.
expect_status 2 "memory bomb while loading" -- "$tessera" play tests/lua/data/memory_bomb.lua "$outdir/corridor.xsb" --keys "right"
expect_output "memory_bomb.lua:4:3: not enough memory" "load-time memory bomb named"
expect_status 2 "runaway loop while loading" -- "$tessera" play tests/lua/data/loop_load.lua "$outdir/corridor.xsb" --keys "right"
expect_output "loop_load.lua:3:1: script ran too long (instruction limit)" "load-time loop named"

# A runaway loop saved into a running game: refused, the old rules keep running.
game=$outdir/game.lua
cat > "$game" <<'LUA'
print("loaded")
return tessera.game {
  name = "Calm",
  tiles = { ["#"] = { "wall", solid = true }, [" "] = { "floor" }, ["@"] = { "player", player = true },
            ["$"] = { "box", pushable = true }, ["."] = { "goal", goal = true } },
}
LUA
: > "$outdir/err.txt"
"$tessera" play "$game" "$outdir/corridor.xsb" --keys "right reloaded:1 right" > "$outdir/out.json" 2> "$outdir/err.txt" &
pid=$!
i=0
while ! grep -q loaded "$outdir/err.txt" 2>/dev/null && [ $i -lt 600 ]; do sleep 0.05; i=$((i + 1)); done
sleep 0.3
printf 'local n = 0\nwhile true do n = n + 1 end\n' > "$game"
wait $pid
out=$(cat "$outdir/out.json" "$outdir/err.txt")
expect_output "reload: error $game:2: script ran too long (instruction limit)" "runaway reload refused with file:line"
expect_output "\"reload_error\":\"$game:2:1: script ran too long" "the summary's reload error has the column"
expect_output '"game":"Calm"' "the old rules keep running"
expect_output '"moves":2' "the game went on after the refused reload"

finish
