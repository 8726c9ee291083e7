# play_levels.sh: every bundled level played to solved through `tessera play --keys`, the
# real game loop (SDL dummy video driver), from the solutions kept beside the levels.
# usage: play_levels.sh TESSERA IMGDIFF OUTDIR [GAMES]   (run from the repository root)
# GAMES, a comma-separated list, limits the run to those games (ctest runs one game a test,
# so they run in parallel and each has its own time limit); without it every game is played.
set -u
tessera=$1
only=${4:-}
wanted() { [ -z "$only" ] || [[ ",$only," == *",$1,"* ]]; }
. "$(dirname "$0")/lib.sh"

# LURD letters to key names: u/U -> up, and so on.
to_keys() {
    local moves=$1 keys="" i c
    for ((i = 0; i < ${#moves}; i++)); do
        c=${moves:i:1}
        case "$c" in
            u|U) keys+=" up" ;; d|D) keys+=" down" ;; l|L) keys+=" left" ;; r|R) keys+=" right" ;;
            [1-9]) keys+=" $c" ;;   # several players: the digit key selects that player
        esac
    done
    echo "$keys"
}
# Sliding solutions name where the blank goes; the arrow keys name where a tile goes.
to_tile_keys() {
    local moves=$1 keys="" i c
    for ((i = 0; i < ${#moves}; i++)); do
        c=${moves:i:1}
        case "$c" in
            u|U) keys+=" down" ;; d|D) keys+=" up" ;; l|L) keys+=" right" ;; r|R) keys+=" left" ;;
        esac
    done
    echo "$keys"
}

# Hex letters (d c z a q e: east, south-east, south-west, west, north-west, north-east) to
# the keypad keys that move that way on hexagons.
to_hex_keys() {
    local moves=$1 keys="" i c
    for ((i = 0; i < ${#moves}; i++)); do
        c=${moves:i:1}
        case "$c" in
            d|D) keys+=" 6" ;; c|C) keys+=" 3" ;; z|Z) keys+=" 1" ;;
            a|A) keys+=" 4" ;; q|Q) keys+=" 7" ;; e|E) keys+=" 9" ;;
        esac
    done
    echo "$keys"
}

# Actions to input, as a person plays them: press(X,Y) is a click on that cell (1-based in
# the notation, 0-based in click:); slide(X,Y,D) a click that selects the robot there, then
# the arrow key.
to_clicks() {
    local keys="" tok x y d
    for tok in $(echo "$1" | sed 's/)/) /g'); do
        tok=${tok%)}
        IFS=, read -r x y d <<< "${tok#*(}"
        keys+=" click:$((x - 1)),$((y - 1))"
        case "$d" in u) keys+=" up" ;; d) keys+=" down" ;; l) keys+=" left" ;; r) keys+=" right" ;; esac
    done
    echo "$keys"
}

play_file() {
    local game=$1 levels=$2 sols=$3 convert=$4
    wanted "$game" || return 0
    while IFS= read -r line; do
        case "$line" in ''|';'*|'#'*) continue ;; esac
        local n=${line%%:*} moves=${line#*:}
        moves=${moves// /}
        expect_status 0 "$game $levels level $n" -- "$tessera" play "$game" "$levels" --level "$n" --keys "$($convert "$moves")"
        expect_output '"solved":true' "$game $levels level $n solved through the game loop"
    done < "$sols"
}

play_file sokoban levels/sokoban/tessera.xsb levels/sokoban/tessera.sol to_keys
play_file sokoban levels/sokoban/numeric.csv levels/sokoban/numeric.sol to_keys
play_file fifteen levels/fifteen/boards.txt levels/fifteen/boards.sol to_tile_keys
play_file picture levels/picture/boards.txt levels/picture/boards.sol to_tile_keys
play_file colour levels/colour/colour.xsb levels/colour/colour.sol to_keys
play_file hexoban levels/hexoban/hexoban.hsb levels/hexoban/hexoban.sol to_hex_keys
play_file robot levels/robot/warehouse.csv levels/robot/warehouse.sol to_keys
play_file multiban levels/multiban/multiban.xsb levels/multiban/multiban.sol to_keys
play_file ice levels/ice/ice.xsb levels/ice/ice.sol to_keys
play_file holes levels/holes/holes.xsb levels/holes/holes.sol to_keys
play_file pull levels/pull/pull.xsb levels/pull/pull.sol to_keys
play_file lights levels/lights/lights.txt levels/lights/lights.sol to_clicks
play_file doors levels/doors/doors.xsb levels/doors/doors.sol to_keys
play_file drift levels/drift/drift.xsb levels/drift/drift.sol to_clicks

if wanted multiban; then
    # Multiban with the mouse: a click on a player selects it (level 1: players at (5,2), (6,3)).
    expect_status 0 "multiban level 1 by clicks" -- "$tessera" play multiban --level 1 --keys \
        "click:6,3 right right up up left click:5,2 left down left left left up up right down"
    expect_output '"solved":true' "multiban level 1 solved with players chosen by clicks"
    # ... and Tab cycles to the next player.
    expect_status 0 "multiban level 1 by Tab" -- "$tessera" play multiban --level 1 --keys \
        "tab right right up up left tab left down left left left up up right down"
    expect_output '"solved":true' "multiban level 1 solved with players chosen by Tab"
fi
# A game name that matches nothing must not pass quietly.
[ "$passed" -gt 0 ] || { echo "play_levels: no levels played for '$only'"; exit 1; }
finish
