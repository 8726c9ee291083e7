# cli.sh: the CLI contract: exit codes, error messages naming file:line:col, headless modes.
# usage: cli.sh TESSERA IMGDIFF OUTDIR   (run from the repository root)
set -u
tessera=$1
outdir=$3/cli
mkdir -p "$outdir"
. "$(dirname "$0")/lib.sh"

expect_status 0 "help" -- "$tessera" --help
expect_output "tessera play GAME" "help lists play"
expect_status 2 "unknown command" -- "$tessera" frobnicate
expect_output "unknown command 'frobnicate'" "unknown command named"
expect_status 2 "unknown option" -- "$tessera" play sokoban --bogus
expect_output "unknown option '--bogus'" "unknown option named"
expect_status 2 "bad level number" -- "$tessera" play sokoban --level zero --keys up
expect_output "--level expects a whole number" "bad --level explained"
expect_status 2 "level out of range" -- "$tessera" play sokoban --level 9999 --keys up
expect_output "no level 9999" "level range explained"

# check: good files pass, a malformed level names file:line:col.
expect_status 0 "check bundled" -- "$tessera" check levels/sokoban/tessera.xsb levels/sokoban/numeric.csv levels/fifteen/boards.txt scripts/sokoban.lua scripts/fifteen.lua
expect_output "levels/sokoban/tessera.xsb: ok" "check reports ok"
printf '#####\n#@$.#\n#####\n\n#####\n#@$x.#\n######\n' > "$outdir/bad.xsb"
expect_status 2 "check malformed" -- "$tessera" check "$outdir/bad.xsb"
expect_output "bad.xsb:6:4: 'x' is not a tile of this game" "malformed level position"
# verify and solve of a file no --game or folder names say the game was a guess, as check does.
printf '1: R\n' > "$outdir/bad.sol"
expect_status 2 "verify a guessed game's file" -- "$tessera" verify "$outdir/bad.xsb" "$outdir/bad.sol"
expect_output "bad.xsb:6:4: 'x' is not a tile of this game (read by sokoban's rules, a guess: give --game GAME" "verify says it guessed"
expect_status 2 "solve a guessed game's file" -- "$tessera" solve "$outdir/bad.xsb"
expect_output "bad.xsb:6:4: 'x' is not a tile of this game (read by sokoban's rules, a guess: give --game GAME" "solve says it guessed"
expect_status 2 "verify with --game" -- "$tessera" verify --game sokoban "$outdir/bad.xsb" "$outdir/bad.sol"
case "$out" in *"a guess"*) fail "verify --game should not say it guessed: $out" ;; *) ok ;; esac
# check names every malformed level of a file, not just the first; play and render stop at the
# first, naming it.
printf '#####\n#@$x#\n#####\n\n#####\n#@$.#\n#####\n\n#####\n# $.#\n#####\n\n#####\n#@y.#\n#####\n' > "$outdir/bad3.xsb"
expect_status 2 "check three malformed levels" -- "$tessera" check --game sokoban "$outdir/bad3.xsb"
expect_output "bad3.xsb:2:4: 'x' is not a tile of this game" "the first malformed level"
expect_output "bad3.xsb:9:1: level has no player" "the second"
expect_output "bad3.xsb:14:3: 'y' is not a tile of this game" "the third"
expect_status 2 "play a malformed file" -- "$tessera" play sokoban "$outdir/bad3.xsb" --keys up
expect_output "bad3.xsb:2:4: 'x' is not a tile of this game" "play names the first problem"
expect_status 2 "render a malformed file" -- "$tessera" render sokoban "$outdir/bad3.xsb" --out "$outdir/bad3.png"
expect_output "bad3.xsb:2:4: 'x' is not a tile of this game" "render names the first problem"
printf '######\n#@$$.#\n######\n' > "$outdir/boxes.xsb"
expect_status 2 "check more boxes than goals" -- "$tessera" check "$outdir/boxes.xsb"
expect_output "boxes.xsb:1:1: level has more boxes than goals" "boxes vs goals"
printf '#####\n# $.#\n#####\n' > "$outdir/noplayer.xsb"
expect_status 2 "check no player" -- "$tessera" check "$outdir/noplayer.xsb"
expect_output "level has no player" "no player"
printf '1 2 3\n4 5 6\n7 8 8\n' > "$outdir/badboard.txt"
expect_status 2 "check bad board" -- "$tessera" check --game fifteen "$outdir/badboard.txt"
expect_output "badboard.txt:1:1: 3 numbers do not make a square board" "bad board explained"
# A level past the push solver's limits (390 boxes): refused by the solver at the level's line.
awk 'BEGIN { w = 60; s = "#"; for (x = 0; x < w + 1; x++) s = s "#"; print s
  for (y = 0; y < 26; y++) { r = "#"; for (x = 0; x < w; x++) r = r (x % 2 ? " " : (y % 2 ? "." : "$")); print r "#" }
  r = "#@"; for (x = 1; x < w; x++) r = r " "; print r "#"; print s }' > "$outdir/many.xsb"
expect_status 2 "check a level of 390 boxes" -- "$tessera" check "$outdir/many.xsb"
expect_output "many.xsb:1:1: level 1: push solver: more than 250 boxes are not supported" "the refusal at the level's line"
# A level file no folder and no --game name is read by Sokoban's rules: an error says it guessed.
printf '#####\n#@>.#\n#####\n' > "$outdir/arrows.xsb"
expect_status 2 "check another game's level file" -- "$tessera" check "$outdir/arrows.xsb"
expect_output "arrows.xsb:2:3: '>' is not a tile of this game (read by sokoban's rules, a guess: give --game GAME for another game)" "the guess said"
expect_status 2 "check missing file" -- "$tessera" check "$outdir/nonexistent.xsb"
expect_output "nonexistent.xsb: cannot open" "missing file named"
# A labels hook runs on every frame of play: check runs it on each level's start, and a failing
# one is an error at its line, as a failing solved hook is.
expect_status 2 "check a failing labels hook" -- "$tessera" check tests/lua/data/bad_labels.lua
expect_output "bad_labels.lua:10:44: bad argument #1 to 'var' (unknown variable 'count'" "the labels hook's error at its line"
expect_output "(checking level 1 of " "and the level it failed on"
# ... said once for the levels it fails on the same way, as a hook failing in the solver is
# (Sokoban's 25 levels printed the same line 25 times).
printf '#####\n#@$.#\n#####\n\n######\n#@ $.#\n######\n\n######\n#@$ .#\n######\n' > "$outdir/three.xsb"
expect_status 2 "a labels hook failing on three levels" -- "$tessera" check --timeout 0 --game tests/lua/data/bad_labels.lua "$outdir/three.xsb"
expect_output "(checking level 1 of " "the first level named"
expect_output "(the same on 2 more levels)" "the others counted"
[ "$(printf '%s\n' "$out" | grep -c "unknown variable 'count'")" -eq 2 ] && ok || fail "the labels error said more than once: $out"

# solve and verify take a level file's game from its folder (levels/GAME/), as check does:
# a pull level solved by Sokoban's rules was "unsolvable", other games' tiles were errors.
expect_status 0 "solve a pull level by its folder" -- "$tessera" solve levels/pull/pull.xsb --level 1 --timeout 5
expect_output "1 of 1 solved" "pull level solved by the pull rules"
expect_status 0 "solve a colour level by its folder" -- "$tessera" solve levels/colour/colour.xsb --level 1 --timeout 5
expect_output "1 of 1 solved" "colour level solved"
# A game whose levels = "..." names no file: play and render say so at the script's line, as
# check does (they named a path in the bundled levels/ folder the author never used).
mkdir -p "$outdir/lost"
printf 'return tessera.extend("sokoban", {\n  name = "Lost",\n  levels = "lostt.xsb",\n})\n' > "$outdir/lost/lost.lua"
for cmd in play render check; do
    expect_status 2 "$cmd of a game whose levels file is missing" -- "$tessera" $cmd "$outdir/lost/lost.lua" \
        $([ $cmd = play ] && echo "--keys right") $([ $cmd = render ] && echo "--out $outdir/lost/x.png")
    expect_output 'lost.lua:3:12: levels = "lostt.xsb": no such file beside the script' "$cmd names the script's line"
done

# --optimal says what is fewest: pushes from the push solver, moves from the search over a
# game's own steps (a game with hooks: its result was labelled push-optimal).
expect_status 0 "solve --optimal by the push solver" -- "$tessera" solve levels/sokoban/tessera.xsb --level 1 --optimal
expect_output "5 moves, 2 pushes (push-optimal)" "the push solver's optimum"
expect_status 0 "solve --optimal a game with hooks" -- "$tessera" solve levels/ice/ice.xsb --level 1 --optimal
expect_output "2 pushes (fewest moves)" "the generic search's optimum"
expect_status 0 "verify by the folder's game" -- "$tessera" verify levels/doors/doors.xsb levels/doors/doors.sol
expect_output "10 of 10 levels solved" "doors solutions replayed with the doors rules"

# check on solution files: each replayed on the level file of the same name beside it.
expect_status 0 "check a whole bundled folder" -- "$tessera" check levels/sokoban/*
expect_output "levels/sokoban/tessera.sol: ok (25 solutions replayed on levels/sokoban/tessera.xsb, all solved)" "solutions replayed"
expect_output "levels/sokoban/tessera.sol:3: level 1 (First Push): solved" "each level reported"
cp levels/sokoban/tessera.xsb "$outdir/pair.xsb"
printf '; a wrong one\n1: rr u\n2: zz\n' > "$outdir/pair.sol"
expect_status 1 "check a failing solution file" -- "$tessera" check "$outdir/pair.sol"
expect_output "pair.sol:2:7: level 1: move 3 ('u') cannot be made there" "the refused move at its line and column"
# Why a step is refused: a walk's letter for a push and the other way round, a letter that is
# no move of the board, a player the level lacks; moves are counted without player digits.
printf '1: rd\n2: lx\n' > "$outdir/why.sol"
cp levels/sokoban/tessera.xsb "$outdir/why.xsb"
expect_status 1 "verify: refused steps explained" -- "$tessera" verify "$outdir/why.xsb" "$outdir/why.sol"
expect_output "level 1 (First Push): illegal move ($outdir/why.sol:1:5): move 2 ('d') cannot be made there: it moves a box, so it is a push, written 'D'" \
    "a walk written for a push"
expect_output "move 2 ('x') is not a move on a square board (the moves are u r d l; a capital letter pushes)" \
    "a letter that is no move"
printf '1: R\n' > "$outdir/why.sol"
expect_status 1 "verify: a push written for a walk" -- "$tessera" verify "$outdir/why.xsb" "$outdir/why.sol"
expect_output "move 1 ('R') cannot be made there: it moves no box, so it is a walk, written 'r'" "a push written for a walk"
cp levels/multiban/multiban.xsb "$outdir/two.xsb"
printf '1: 2rr3l\n' > "$outdir/two.sol"
expect_status 1 "verify: a player the level lacks" -- "$tessera" verify "$outdir/two.xsb" "$outdir/two.sol"
expect_output "illegal move ($outdir/two.sol:1:7): '3' before move 3: there is no player 3 (this level has 2)" "no player 3"
expect_status 1 "verify --json: a player the level lacks" -- "$tessera" verify --json "$outdir/two.xsb" "$outdir/two.sol"
expect_output '"illegal_at":3' "illegal_at counts moves, not player digits"
printf '1: r\n' > "$outdir/lonely.sol"
expect_status 2 "check a solution file with no level file" -- "$tessera" check "$outdir/lonely.sol"
expect_output "lonely.sol: no level file beside it" "the missing level file explained"

# A broken game script: the error names the script and line.
printf 'return tessera.game {\n  name = "Broken",\n  tiles = { ["#"] = { "wall", solidd = true } },\n}\n' > "$outdir/broken.lua"
expect_status 2 "check broken script" -- "$tessera" check "$outdir/broken.lua"
expect_output "broken.lua:" "broken script named"
expect_output "solidd" "broken field named"

# verify: a wrong solution is reported, exit 1.
printf '1: rrr\n' > "$outdir/wrong.sol"
expect_status 1 "verify wrong solution" -- "$tessera" verify levels/sokoban/tessera.xsb "$outdir/wrong.sol"
expect_output "level 1" "verify names the level"
expect_status 2 "bench unknown name" -- "$tessera" bench --only nosuch
expect_output "no benchmark named 'nosuch'" "bench names the unknown benchmark"

# Several players: digits in the solution select the player; the solver writes them too.
printf '#########\n#@$.#.$@#\n#########\n' > "$outdir/two.xsb"
printf '1: R2L\n' > "$outdir/two.sol"
expect_status 0 "verify player digits" -- "$tessera" verify "$outdir/two.xsb" "$outdir/two.sol"
printf '1: R3L\n' > "$outdir/three.sol"
expect_status 1 "verify missing player" -- "$tessera" verify "$outdir/two.xsb" "$outdir/three.sol"
expect_status 0 "solve two players" -- "$tessera" solve --json "$outdir/two.xsb"
expect_output '"solution":"R2L"' "solver writes the player digit"
expect_status 0 "solve key with two players" -- "$tessera" play sokoban "$outdir/two.xsb" --keys "x"
expect_output '"solved":true' "X plays a solution that switches players"
# A solution that starts with another player's digit: the hint names that player, X plays it.
printf '########\n#@#.$@ #\n########\n' > "$outdir/second.xsb"
expect_status 0 "hint for another player" -- "$tessera" play sokoban "$outdir/second.xsb" --keys "h"
expect_output '"status":"Hint: player 2, push left"' "the hint reads the leading player digit"
expect_status 0 "solve key starting with a digit" -- "$tessera" play sokoban "$outdir/second.xsb" --keys "x"
expect_output '"moves":1,"pushes":1,"solved":true' "X selects player 2, then pushes"
# Sliding boards have no players: a digit in their solution is an illegal move.
printf '3x3: 1 2 3 4 5 6 7 0 8\n' > "$outdir/slide.txt"
printf '1: r\n' > "$outdir/slide.sol"
expect_status 0 "verify sliding solution" -- "$tessera" verify "$outdir/slide.txt" "$outdir/slide.sol"
printf '1: 1r\n' > "$outdir/slide_digit.sol"
expect_status 1 "verify digit on a sliding board" -- "$tessera" verify "$outdir/slide.txt" "$outdir/slide_digit.sol"
expect_output "illegal move ($outdir/slide_digit.sol:1:4): '1' before move 1 is not a move: a sliding board has no players" \
    "a player digit is illegal without players"
# A hook that fails while a solution plays is the script's error, not an illegal move: verify
# and check of the .sol name the hook's file:line:col and exit 2, as for a broken script.
cat > "$outdir/boom.lua" <<'LUA'
return tessera.extend("sokoban", {
  name = "Boom",
  vars = { n = 0 },
  on_move = function(level, move)
    level:set_var("n", level:var("n") + 1)
    if level:var("n") == 3 then error("boom on move 3") end
  end,
})
LUA
printf '#######\n#@  $.#\n#######\n' > "$outdir/boom.xsb"
printf '1: rrR\n' > "$outdir/boom.sol"
expect_status 2 "verify: a hook fails" -- "$tessera" verify --game "$outdir/boom.lua" "$outdir/boom.xsb" "$outdir/boom.sol"
expect_output "level 1: script error at move 3 ($outdir/boom.sol:1): $outdir/boom.lua:6:5: boom on move 3" \
    "verify names the hook's error"
expect_status 2 "verify --json: a hook fails" -- "$tessera" verify --game "$outdir/boom.lua" "$outdir/boom.xsb" "$outdir/boom.sol" --json
expect_output "\"status\":\"error\",\"moves\":2,\"pushes\":0,\"message\":\"$outdir/boom.lua:6:5: boom on move 3\",\"error_at\":3}" \
    "verify --json gives the error and its message"
expect_status 2 "check .sol: a hook fails" -- "$tessera" check --game "$outdir/boom.lua" "$outdir/boom.sol"
expect_output "$outdir/boom.lua:6:5: boom on move 3 (while replaying level 1 of $outdir/boom.xsb, $outdir/boom.sol:1)" \
    "check of the .sol names the hook's error"
# A script whose path is longer than Lua's 60 characters of a chunk's name (a mod under
# /home/NAME/.local/share/tessera/mods/) gets its errors at their line and column too (they
# came as "FILE:1:1: FILE:3: unknown field ...") and whole (the hook's one was cut short).
long="$outdir/a-folder-whose-name-makes-the-path-longer-than-lua-keeps"
mkdir -p "$long"
printf 'return tessera.extend("sokoban", {\n  name = "Long",\n  on_moves = function(level, move) end,\n})\n' > "$long/typo.lua"
expect_status 2 "a misspelt field, long path" -- "$tessera" check "$long/typo.lua"
expect_output "$long/typo.lua:3:3: unknown field 'on_moves' (did you mean 'on_move'?)" "at its line and column"
printf 'return tessera.extend("sokoban", {\n  name = "Long",\n  on_move = function(level, move)\n    local x = cnt\n  end,\n})\n' > "$long/global.lua"
expect_status 2 "an undeclared global in a hook, long path" -- "$tessera" check --timeout 0.2 "$long/global.lua"
expect_output "$long/global.lua:4:15: undeclared global 'cnt' (make it a local, or assign it at the top of the script) (while solving level 1" \
    "at its line and column, whole"
# ... once: the bare message no longer goes to stderr too, as the window's play puts it there.
for cmd in "verify --game $outdir/boom.lua $outdir/boom.xsb $outdir/boom.sol" \
           "verify --json --game $outdir/boom.lua $outdir/boom.xsb $outdir/boom.sol" \
           "check --game $outdir/boom.lua $outdir/boom.sol"; do
    errs=$("$tessera" $cmd 2>&1 >/dev/null)
    [ -z "$errs" ] && ok || fail "$cmd: the hook's error said on stderr too: $errs"
done
expect_status 2 "solve: a hook fails" -- "$tessera" solve --game "$outdir/boom.lua" "$outdir/boom.xsb" --json
expect_output "\"status\":\"error\"" "solve says the script failed (exit 2, as check and verify)"

# Scripted play prints its JSON line, and a walk that solves nothing says solved:false.
expect_status 0 "scripted play" -- "$tessera" play sokoban --level 1 --keys "left right"
expect_output '"game":"Sokoban","level":1' "play JSON"
expect_output '"solved":false' "play JSON solved flag"
expect_status 2 "scripted play bad key" -- "$tessera" play sokoban --keys "up jump"
expect_output "unknown key 'jump'" "bad key named"

# Undo/redo through the keys: a move and its undo leave zero moves.
expect_status 0 "undo via keys" -- "$tessera" play sokoban --level 1 --keys "left right up down z z z z"
expect_output '"moves":0' "undo brings moves back to 0"

# Finishing a level shows its panel; Enter goes on to the next level (seed 001's flow).
expect_status 0 "solve then next" -- "$tessera" play sokoban --level 1 --keys "down right up right down"
expect_output '"level":1' "still on level 1 while the panel is up"
expect_output '"solved":true' "level 1 solved by its solution"
expect_status 0 "solve then next" -- "$tessera" play sokoban --level 1 --keys "down right up right down return"
expect_output '"level":2' "Enter on the panel opens level 2"
expect_output '"solved":false' "level 2 starts unsolved"
# Click-to-walk: a click on a far floor cell walks there by the shortest path, pushing nothing.
expect_status 0 "click walk" -- "$tessera" play sokoban --level 1 --keys "click:3,3"
expect_output '"moves":4,"pushes":0' "walked around the box in 4 moves"
expect_status 0 "click walk undo" -- "$tessera" play sokoban --level 1 --keys "click:3,3 z"
expect_output '"moves":0' "a click-walk undoes as one step"

# Hints, solving and deadlock marks in the game (the solvers behind H and X).
expect_status 0 "hint key" -- "$tessera" play sokoban --level 3 --keys "h"
expect_output '"status":"Hint: move down"' "H shows the next move of a solution"
expect_output '"moves":0' "a hint makes no move"
# Sliding puzzles: the hint names the tile and the arrow key that slides it, and that key
# slides that tile (the gap the other way, as the solution says).
for lv in 1 2 3; do
    expect_status 0 "fifteen hint $lv" -- "$tessera" play fifteen --level $lv --keys "h"
    hint=$(printf '%s' "$out" | sed -n 's/.*"status":"Hint: slide tile \([0-9]*\) \([a-z]*\) (the \([A-Za-z]*\) key)".*/\1 \2 \3/p')
    set -- $hint
    if [ $# -eq 3 ] && [ "$2" = "$(printf '%s' "$3" | tr 'A-Z' 'a-z')" ]; then ok; else fail "fifteen $lv: hint '$out' names no tile and arrow"; continue; fi
    key=$2
    expect_status 0 "fifteen $lv: the hinted key" -- "$tessera" play fifteen --level $lv --keys "h $key" --export-solution "$outdir/hint$lv.sol"
    expect_output '"moves":1' "the hinted key slides a tile"
    blank=$(sed -n 's/^[0-9]*: //p' "$outdir/hint$lv.sol")
    case "$key$blank" in up*d|down*u|left*r|right*l) ok ;; *) fail "fifteen $lv: $key moved the gap '$blank'" ;; esac
    expect_status 0 "fifteen $lv: hint then solve" -- "$tessera" play fifteen --level $lv --keys "h $key x"
    expect_output '"solved":true' "the hinted move is on a way to the solution"
done
set -- "$tessera"
# A right click undoes (as in JSoko); in the level list it goes back.
expect_status 0 "right click undoes" -- "$tessera" play sokoban --level 1 --keys "right down rclick:1,1"
expect_output '"moves":1' "right click took one move back"
expect_status 0 "hint then follow" -- "$tessera" play sokoban --level 1 --keys "h down h"
expect_output '"status":"Hint: ' "a second hint from the new position"
expect_status 0 "solve key" -- "$tessera" play sokoban --level 5 --keys "x"
expect_output '"solved":true' "X plays a solution to the end"
expect_status 0 "solve is undoable" -- "$tessera" play sokoban --level 5 --keys "right x z"
expect_output '"solved":false' "Z takes back the last move of the played solution"
expect_status 0 "fifteen solve key" -- "$tessera" play fifteen --level 3 --keys "x"
expect_output '"solved":true' "X solves a 15-puzzle board"
expect_status 0 "deadlock mark" -- "$tessera" play sokoban --level 1 --keys "down down right up"
expect_output '"deadlocked":1' "a box pushed against the top wall is marked"
expect_status 0 "deadlock cleared by undo" -- "$tessera" play sokoban --level 1 --keys "down down right up z"
case "$out" in *deadlocked*) fail "undo should clear the deadlock mark: $out" ;; *) ok ;; esac

# The fifteen puzzle: a board one move from solved is solved by one arrow key.
printf '3x3: 1 2 3 4 5 6 7 0 8\n' > "$outdir/onemove.txt"
expect_status 0 "fifteen one move" -- "$tessera" play fifteen "$outdir/onemove.txt" --keys "left"
expect_output '"solved":true' "the tile slides into the blank"
expect_status 0 "fifteen click" -- "$tessera" play fifteen "$outdir/onemove.txt" --keys "click:2,2"
expect_output '"solved":true' "clicking the tile slides it"

# No display and no sub-command: a clear message naming the headless sub-commands.
expect_status 2 "no display" -- env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=x11 "$tessera"
expect_output "no display" "no display message"
expect_output "tessera render" "headless commands listed"

# run: a script that cannot be read or compiled is bad input (2); one that fails while it runs, 1.
expect_status 2 "run a missing script" -- "$tessera" run "$outdir/no_such_script.lua"
expect_output "no_such_script.lua: cannot read script" "the missing script named"
printf 'return 1 +\n' > "$outdir/syntax.lua"
expect_status 2 "run a script that does not compile" -- "$tessera" run "$outdir/syntax.lua"
expect_output "syntax.lua:2:" "its line"
printf 'error("boom")\n' > "$outdir/fails.lua"
expect_status 1 "run a script that fails" -- "$tessera" run "$outdir/fails.lua"
expect_output "fails.lua:1:1: boom" "its error"

# Option values: seconds out of range say the range; an empty output name is named as such.
expect_status 2 "solve --timeout too long" -- "$tessera" solve levels/sokoban/tessera.xsb --timeout 1e10
expect_output "--timeout expects seconds (more than 0, at most 1000000), not '1e10'" "the range said"
expect_status 2 "render to an empty name" -- "$tessera" render sokoban --out ""
expect_output "no file name to write to (the name given is empty)" "the empty name said"

# An .xsb file whose first row is run-length encoded (digits first) is Sokoban's, not a board.
printf '5#|#@$.#|5#\n' > "$outdir/rle.xsb"
expect_status 0 "check a run-length .xsb" -- "$tessera" check "$outdir/rle.xsb"
expect_output "rle.xsb: ok (1 level for Sokoban)" "read as Sokoban"

# Solution files: a level past the end is not "ok"; a level number too large says so; one move
# is "1 move".
printf '#####\n#@$.#\n#####\n' > "$outdir/one.xsb"
printf '1: R\n2: R\n' > "$outdir/one.sol"
expect_status 2 "a solution past the end" -- "$tessera" check "$outdir/one.sol"
case "$out" in *": ok ("*) fail "said ok beside an error: $out" ;; *) ok ;; esac
expect_output "one.sol:1: level 1: solved, 1 move, 1 push" "singular"
printf '99999999999999999999: R\n' > "$outdir/big.sol"
expect_status 2 "a level number too large" -- "$tessera" verify "$outdir/one.xsb" "$outdir/big.sol"
expect_output "big.sol:1:1: level number too large (at most 1000000)" "said as such"

finish
