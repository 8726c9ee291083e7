# extras.sh: solutions and levels through the clipboard and files (LURD, XSB), screenshots
# (F12), fullscreen (F11), mute (M), gamepad tokens, skins (--skin, the setting, K).
# usage: extras.sh TESSERA IMGDIFF OUTDIR   (run from the repository root)
set -u
tessera=$1
imgdiff=$2
outdir=$3/extras
rm -rf "$outdir"
mkdir -p "$outdir"
. "$(dirname "$0")/lib.sh"
export XDG_DATA_HOME="$outdir/xdg"

# Ctrl+C copies the moves so far, Ctrl+V after a restart plays them again from the start.
expect_status 0 "copy and paste moves" -- "$tessera" play sokoban --level 1 --keys "right down ctrl+c r ctrl+v"
expect_output '"moves":2' "pasted moves replayed"
expect_output 'Pasted moves: 2 played' "paste reported"
# Copy tells how many moves; nothing to copy is said too.
expect_status 0 "copy reports" -- "$tessera" play sokoban --level 1 --keys "right ctrl+c"
expect_output 'Copied 1 move (LURD)' "copy reported"
expect_status 0 "copy nothing" -- "$tessera" play sokoban --level 1 --keys "ctrl+c"
expect_output 'No moves to copy yet' "empty copy reported"
# A pasted solution solves the level; a pasted walk is undoable back to where the player was.
sol=$(sed -n 's/^1: //p' levels/sokoban/tessera.sol)
expect_status 0 "paste a solution" -- "$tessera" play sokoban --level 1 --keys "clipboard:$sol ctrl+v"
expect_output '"solved":true' "pasted solution solves"
expect_status 0 "paste is undoable" -- "$tessera" play sokoban --level 1 --keys "right clipboard:d ctrl+v z z"
expect_output '"moves":1' "undo goes back through the paste to the move before"
# An illegal letter stops the paste and says which.
expect_status 0 "paste illegal moves" -- "$tessera" play sokoban --level 1 --keys "clipboard:uuu ctrl+v"
expect_output "Pasted moves: move 1 ('u') cannot be made there; 0 played" "illegal letter named"
# Ctrl+Shift+C copies the level as XSB; pasting it opens a one-level set at its start.
expect_status 0 "copy and paste a level" -- "$tessera" play sokoban --level 2 --keys "left ctrl+shift+c ctrl+v"
expect_output '"moves":0' "pasted level starts fresh"
expect_output 'Opened the pasted level' "pasted level reported"
expect_output '"title":"Corner Sense"' "pasted level keeps its title"
expect_status 0 "paste an RLE level" -- "$tessera" play sokoban --keys "clipboard:#####|#@\$.#|##### ctrl+v right"
expect_output '"solved":true' "pasted level played"
# Garbage gets a clear message and changes nothing.
expect_status 0 "paste garbage" -- "$tessera" play sokoban --level 1 --keys "right clipboard:hello,world ctrl+v"
expect_output 'neither moves (LURD) nor a level' "garbage explained"
expect_output '"moves":1' "garbage changes nothing"
expect_status 0 "paste empty" -- "$tessera" play sokoban --level 1 --keys "clipboard: ctrl+v"
expect_output 'The clipboard is empty' "empty clipboard explained"

# Ctrl+S writes the level and the moves; `tessera verify` accepts the pair.
expect_status 0 "export files" -- "$tessera" play sokoban --level 1 --keys "clipboard:$sol ctrl+v ctrl+s"
expect_output "Saved $XDG_DATA_HOME/tessera/export/sokoban-tessera-1-" "export path shown"
base=$(ls "$XDG_DATA_HOME"/tessera/export/*.xsb 2>/dev/null | head -1)
base=${base%.xsb}
if [ -n "$base" ] && [ -f "$base.sol" ]; then ok; else fail "export wrote no .xsb/.sol pair"; fi
expect_status 0 "exported pair verifies" -- "$tessera" verify "$base.xsb" "$base.sol"
# A hex level is exported as .hsb (read as hex, which .xsb is not), and the status line gives
# the game the replay needs (the level file cannot tell it).
export_dir="$XDG_DATA_HOME/tessera/export"
expect_status 0 "export a hex level" -- "$tessera" play hexoban --level 1 --keys "clipboard:AAzQeeddZcAAqZcA ctrl+v ctrl+s"
expect_output "(replay: tessera verify them --game hexoban)" "the replay's game shown"
hex=$(ls "$export_dir"/hexoban-*.hsb 2>/dev/null | head -1)
if [ -n "$hex" ] && [ -f "${hex%.hsb}.sol" ]; then ok; else fail "hex export wrote no .hsb/.sol pair: $(ls "$export_dir")"; fi
expect_status 0 "exported hex pair verifies" -- "$tessera" verify "$hex" "${hex%.hsb}.sol" --game hexoban
# Ctrl+S before any move: the .sol says there are none (a comment), no empty "1:" line.
expect_status 0 "export files with no moves" -- "$tessera" play sokoban --level 2 --keys "ctrl+s"
none=$(ls "$XDG_DATA_HOME"/tessera/export/sokoban-tessera-2-*.sol 2>/dev/null | head -1)
if [ -n "$none" ] && grep -qx '; level 1: no moves were made' "$none" && ! grep -qE '^ *[0-9]+ *:' "$none"; then ok
else fail "export with no moves wrote: $(cat "$none" 2>/dev/null)"; fi
# --export-solution / --export-level write what was played when play ends.
expect_status 0 "export options" -- "$tessera" play sokoban --level 1 --keys "clipboard:$sol ctrl+v" \
    --export-solution "$outdir/one.sol" --export-level "$outdir/one.xsb"
if [ "$(cat "$outdir/one.sol")" = "1: $sol" ]; then ok; else fail "--export-solution wrote '$(cat "$outdir/one.sol")'"; fi
expect_status 0 "exported level verifies" -- "$tessera" verify "$outdir/one.xsb" "$outdir/one.sol"
expect_status 2 "export to a missing folder" -- "$tessera" play sokoban --keys right --export-solution /nonexistent/x.sol
expect_output "/nonexistent/x.sol: cannot write" "export failure named"
# A level's key lines are exported with it, in their order, above or under its rows where they
# stood: a Chain: that its solution needs, a script's own keys (level:meta), its title (here from
# a comment). Without them the exported level had other rules and refused its own solution.
printf '; Two in a row\nChain: 2\nAuthor: me: myself\n#######\n#@$$..#\n#######\nNote:   under the rows\n' > "$outdir/keys.xsb"
keys_want='Title: Two in a row
Chain: 2
Author: me: myself
#######
#@$$..#
#######
Note: under the rows'
expect_status 0 "export a level with keys" -- "$tessera" play sokoban "$outdir/keys.xsb" --keys "clipboard:RR ctrl+v ctrl+s" \
    --export-level "$outdir/keys-out.xsb" --export-solution "$outdir/keys-out.sol"
keyed=$(ls "$export_dir"/sokoban-keys-1-*.xsb 2>/dev/null | head -1)
for f in "$outdir/keys-out.xsb" "$keyed"; do
    if [ -n "$f" ] && [ "$(cat "$f")" = "$keys_want" ]; then ok; else fail "exported level ${f:-(none)} lost keys: $(cat "$f" 2>/dev/null)"; fi
done
expect_status 0 "the level exported with its keys verifies" -- "$tessera" verify "$outdir/keys-out.xsb" "$outdir/keys-out.sol"
expect_status 0 "the Ctrl+S pair with keys verifies" -- "$tessera" verify "$keyed" "${keyed%.xsb}.sol"
printf 'Title: Hex pair\nChain: 2\nHint: east\n# # # # # # # #\n # @ $ $ . . #\n# # # # # # # #\n' > "$outdir/keys.hsb"
expect_status 0 "export a hex level with keys" -- "$tessera" play hexoban "$outdir/keys.hsb" --keys "clipboard:DD ctrl+v ctrl+s" \
    --export-level "$outdir/keys-out.hsb" --export-solution "$outdir/keys-hex.sol"
keyed=$(ls "$export_dir"/hexoban-keys-1-*.hsb 2>/dev/null | head -1)
for f in "$outdir/keys-out.hsb" "$keyed"; do
    if [ -n "$f" ] && cmp -s "$f" "$outdir/keys.hsb"; then ok; else fail "exported hex level ${f:-(none)} differs: $(cat "$f" 2>/dev/null)"; fi
done
expect_status 0 "the hex level exported with its keys verifies" -- "$tessera" verify "$outdir/keys-out.hsb" "$outdir/keys-hex.sol" --game hexoban
# Several players: a player switch is a digit in the LURD.
printf '#######\n#@ $ .#\n#     #\n#@ $ .#\n#######\n' > "$outdir/two.xsb"
expect_status 0 "player digits" -- "$tessera" play sokoban "$outdir/two.xsb" --keys "right tab right right" \
    --export-solution "$outdir/two.sol"
if [ "$(cat "$outdir/two.sol")" = "1: r2rR" ]; then ok; else fail "player digits: wrote '$(cat "$outdir/two.sol")'"; fi
expect_status 0 "paste player digits" -- "$tessera" play sokoban "$outdir/two.xsb" --keys "right tab right right ctrl+c r ctrl+v"
expect_output '"moves":3,"pushes":1' "digits select the player when pasted"

# F12 writes a screenshot into the data folder and says where.
expect_status 0 "screenshot" -- "$tessera" play sokoban --level 1 --keys "right f12"
expect_output "Screenshot saved: $XDG_DATA_HOME/tessera/screenshots/tessera-" "screenshot path shown"
shot=$(ls "$XDG_DATA_HOME"/tessera/screenshots/*.png 2>/dev/null | head -1)
if [ -n "$shot" ] && [ "$(head -c 8 "$shot" | od -An -c | tr -d ' ')" = '211PNG\r\n032\n' ]; then ok; else fail "no PNG screenshot ($shot)"; fi
# F11 on the dummy driver: it says exactly what happened, never a failure; a second F11 undoes
# what the first did.
expect_status 0 "fullscreen" -- "$tessera" play sokoban --level 1 --keys "f11"
case "$out" in
    *'"status":"Fullscreen (F11: back to a window)."}'*) back='"status":"Windowed (F11: fullscreen)."}' ;;
    *'"status":"Fullscreen is not available here."}'*) back='"status":"Fullscreen is not available here."}' ;;
    *) back=; fail "F11 said neither 'Fullscreen (F11: back to a window).' nor 'Fullscreen is not available here.': $out" ;;
esac
if [ -n "$back" ]; then
    expect_status 0 "fullscreen and back" -- "$tessera" play sokoban --level 1 --keys "f11 f11"
    expect_output "$back" "a second F11 goes back"
fi
# The sound of each action (played silently on the dummy audio driver).
expect_status 0 "step sound" -- "$tessera" play sokoban --level 1 --keys "right"
expect_output '"sound":"step"' "a walk steps"
expect_status 0 "push sound" -- "$tessera" play sokoban --level 1 --keys "right down down"
expect_output '"sound":"push"' "a push sounds"
expect_status 0 "solved sound" -- "$tessera" play sokoban --level 1 --keys "right down down left down right right"
expect_output '"sound":"solved"' "a solve sounds"
expect_status 0 "undo sound" -- "$tessera" play sokoban --level 1 --keys "right z"
expect_output '"sound":"undo"' "undo sounds"
expect_status 0 "redo sound" -- "$tessera" play sokoban --level 1 --keys "right down down z y"
expect_output '"sound":"push"' "a redone push sounds as a push, not as an undo"
# Gamepad buttons do what the keys do: d-pad moves, B undoes, X redoes, Y restarts,
# A goes on after a solve, shoulders change level, Start opens the level list.
expect_status 0 "pad solves" -- "$tessera" play sokoban --level 1 --keys "pad:dpright pad:dpdown pad:dpdown pad:dpleft pad:dpdown pad:dpright pad:dpright"
expect_output '"solved":true' "d-pad plays"
expect_status 0 "pad next level" -- "$tessera" play sokoban --level 1 --keys "pad:dpright pad:dpdown pad:dpdown pad:dpleft pad:dpdown pad:dpright pad:dpright pad:a"
expect_output '"level":2' "A goes on after a solve"
expect_status 0 "pad undo redo restart" -- "$tessera" play sokoban --level 1 --keys "pad:dpright pad:dpdown pad:b pad:b pad:x"
expect_output '"moves":1' "B undoes, X redoes"
expect_status 0 "pad restart" -- "$tessera" play sokoban --level 1 --keys "pad:dpright pad:y"
expect_output '"moves":0' "Y restarts"
expect_status 0 "pad shoulders" -- "$tessera" play sokoban --level 3 --keys "pad:rightshoulder pad:rightshoulder pad:leftshoulder"
expect_output '"level":4' "shoulders change level"
expect_status 0 "pad menu" -- "$tessera" play sokoban --level 1 --keys "pad:start pad:dpdown pad:dpdown pad:a"
expect_output '"level":3' "Start opens the level list, A chooses"
# The help over the level list: the first key only closes it (before, Down Down Return moved
# the list behind it and opened level 3).
expect_status 0 "help over the level list" -- "$tessera" play sokoban --level 1 --keys "escape f1 down down return"
expect_output '"level":2,' "the first key closed the help"
expect_status 0 "pad plugged" -- "$tessera" play sokoban --keys "pad:added"
expect_output 'Gamepad connected' "hot-plug reported"
expect_status 2 "unknown pad button" -- "$tessera" play sokoban --keys "pad:bogus"
expect_output "unknown key 'pad:bogus'" "unknown pad button named"

# --scale 2 draws a half-size canvas that the window shows doubled.
expect_status 0 "pixel scale" -- "$tessera" play sokoban --scale 2 --size 640x480 --keys "right" --screenshot "$outdir/scale2.png"
if [ "$(od -An -tu1 -j16 -N8 "$outdir/scale2.png" | tr -s ' ')" = " 0 0 1 64 0 0 0 240" ]; then ok; else fail "--scale 2 canvas is not 320x240"; fi
expect_status 2 "bad scale" -- "$tessera" play sokoban --scale 0 --keys right

# Skins: the bundled "minimal" skin draws (golden image); a bad user skin is reported at
# skin.lua:line and the default draws instead.
expect_status 0 "render with the minimal skin" -- "$tessera" render sokoban --level 2 --skin minimal --out "$outdir/skin_minimal.png"
golden skin_minimal "$outdir/skin_minimal.png"
# Colour's crates and goals carry their colour's symbol in the minimal skin too (a circle, a
# square, a triangle, a plus): it drew them in colour alone, red and green told apart by hue.
expect_status 0 "Colour with the minimal skin" -- "$tessera" render colour --level 4 --skin minimal --out "$outdir/skin_minimal_colour.png"
golden skin_minimal_colour "$outdir/skin_minimal_colour.png"
expect_status 0 "render with the default skin" -- "$tessera" render sokoban --level 2 --out "$outdir/skin_default.png"
differ_picture "$outdir/skin_default.png" "$outdir/skin_minimal.png" "the minimal skin draws the same as the default" 5000
mkdir -p "$XDG_DATA_HOME/tessera/skins/broken"
cp assets/skins/minimal/sheet.png "$XDG_DATA_HOME/tessera/skins/broken/"
printf 'skin { image = "sheet.png", tile_size = 32 }
tile("floor", 0, 0)
tile("wall", 40, 0)
' > "$XDG_DATA_HOME/tessera/skins/broken/skin.lua"
expect_status 0 "bad skin falls back" -- "$tessera" render sokoban --level 2 --skin broken --out "$outdir/skin_broken.png"
expect_output "skins/broken/skin.lua:3:1: tile 'wall'" "bad skin named at file:line"
expect_output "drawing with the default skin" "fallback said"
same_picture "$outdir/skin_default.png" "$outdir/skin_broken.png" "a broken skin did not fall back to the default"
# check reads skins too: a skin.lua or its folder.
expect_status 0 "check the minimal skin" -- "$tessera" check assets/skins/minimal
expect_output "assets/skins/minimal/skin.lua: ok (skin \"Minimal\", 39 pictures)" "skin checked"
expect_status 2 "check a broken skin" -- "$tessera" check "$XDG_DATA_HOME/tessera/skins/broken/skin.lua"
expect_output "skins/broken/skin.lua:3:1: tile 'wall'" "check names the broken line"
mkdir -p "$outdir/typo_skin"
cp assets/skins/minimal/sheet.png "$outdir/typo_skin/"
printf 'skin { name = "Typo", image = "sheet.png", tile_size = 32 }\ntile("plyer", 0, 0)\n' > "$outdir/typo_skin/skin.lua"
expect_status 0 "check a skin with an unknown name" -- "$tessera" check "$outdir/typo_skin"
expect_output "typo_skin/skin.lua:2:1: 'plyer' is not a picture of the default sheet" "unknown name noted"
expect_status 0 "play with a missing skin" -- "$tessera" play sokoban --skin nosuch --keys right
expect_output "no skin 'nosuch'" "missing skin named"
expect_output '"moves":1' "play goes on without the skin"

# M mutes and unmutes.
expect_status 0 "mute" -- "$tessera" play sokoban --level 1 --keys "m"
expect_output "Sound off" "mute reported"
# The choice is saved: the next M turns the sound back on.
expect_status 0 "mute saved" -- "$tessera" play sokoban --level 1 --keys "m"
expect_output "Sound on" "mute remembered"
# The skin setting is used when no --skin is given.
printf 'tessera-settings 1\nskin nosuch\n' > "$XDG_DATA_HOME/tessera/settings.txt"
expect_status 0 "skin setting" -- "$tessera" play sokoban --level 1 --keys "right"
expect_output "no skin 'nosuch'" "the skin setting is read"
rm -f "$XDG_DATA_HOME/tessera/settings.txt"

# K: the next skin (default, then the user's and the bundled ones by name); one that fails
# to load is passed over and said; the choice is saved and used by the next game.
expect_status 0 "K: next skin" -- "$tessera" play sokoban --level 2 --keys "k"
expect_output "skipping skin 'broken'" "a broken skin passed over"
expect_output '"status":"Skin: minimal (K: next)"' "K chose the minimal skin"
grep -q "^skin minimal$" "$XDG_DATA_HOME/tessera/settings.txt" && ok || fail "K did not save the skin"
expect_status 0 "the saved skin" -- "$tessera" play sokoban --level 2 --keys "frame:1" --screenshot "$outdir/k_saved.png"
expect_status 0 "--skin minimal" -- "$tessera" play sokoban --level 2 --skin minimal --keys "frame:1" --screenshot "$outdir/k_minimal.png"
same_picture "$outdir/k_minimal.png" "$outdir/k_saved.png" "the skin chosen with K is not the one drawn next time"
# In the isometric view too: blocks made from the old skin's pictures are not reused.
rm -f "$XDG_DATA_HOME/tessera/settings.txt"
expect_status 0 "K in the iso view" -- "$tessera" play sokoban --level 2 --view iso --keys "frame:1 k frame:1 tab" \
    --screenshot "$outdir/k_iso.png"
expect_status 0 "iso with --skin minimal" -- "$tessera" play sokoban --level 2 --view iso --skin minimal --keys "frame:1" \
    --screenshot "$outdir/k_iso_minimal.png"
# (Tab, which does nothing here, clears K's note so that both status lines are the same.)
same_picture "$outdir/k_iso_minimal.png" "$outdir/k_iso.png" "after K the iso view still draws the old skin's blocks"
expect_status 0 "K again: back to the default" -- "$tessera" play sokoban --level 2 --keys "k"
expect_output '"status":"Skin: default (K: next)"' "K wraps around"
rm -f "$XDG_DATA_HOME/tessera/settings.txt"

# A file dropped on the window (SDL_DROPFILE; drop:PATH queues the same event through the
# dummy driver) opens as a level set: for the game played when it reads it, else a fitting one.
drops="$outdir/drops"
mkdir -p "$drops"
printf '#####\n#@$.#\n#####\n\n######\n#@$ .#\n######\n' > "$drops/two.xsb"
printf '####\n#@$.#\n#XX#\n' > "$drops/bad.xsb"
printf '1 2 3 4 5 6 7 0 8\n' > "$drops/board.txt"
expect_status 0 "drop a level file on Sokoban" -- "$tessera" play sokoban --level 2 --keys "drop:$drops/two.xsb right"
expect_output '"game":"Sokoban","level":1' "the dropped set is played from its first level"
expect_output '"solved":true' "the dropped level is the one played"
expect_status 0 "drop said" -- "$tessera" play sokoban --level 2 --keys "drop:$drops/two.xsb"
expect_output 'Opened two.xsb: 2 levels of Sokoban (N: next).' "the drop is said"
expect_status 0 "drop an .xsb while playing Fifteen" -- "$tessera" play fifteen --keys "drop:$drops/two.xsb"
expect_output '"game":"Sokoban"' "an .xsb file opens for a push game, not the sliding one"
expect_status 0 "drop a board while playing Sokoban" -- "$tessera" play sokoban --keys "drop:$drops/board.txt left"
expect_output '"game":"Fifteen"' "a board of numbers opens for the sliding game"
expect_output '"solved":true' "the dropped board is the one played"
# A broken file says where, and what was being played goes on with its moves.
expect_status 0 "drop a broken file" -- "$tessera" play sokoban --level 1 --keys "right left right drop:$drops/bad.xsb"
expect_output '"level":1,"title":"First Push","moves":3' "the level played keeps its moves"
expect_output "Not opened: $drops/bad.xsb:3:2: 'X' is not a tile of this game" "the error names file:line:col"
expect_status 0 "drop a missing file" -- "$tessera" play sokoban --level 1 --keys "drop:$drops/none.xsb"
expect_output 'none.xsb: cannot open' "a missing file is said"
# From the game menu too; the position left for the drop is saved and resumes.
expect_status 0 "drop on the game menu" -- "$tessera" play sokoban --level 3 --keys "down escape escape drop:$drops/two.xsb"
expect_output 'Opened two.xsb' "a drop on the menu opens the set"
expect_status 0 "the position before the drop" -- "$tessera" play sokoban --resume --keys "escape return"
expect_output '"level":3,"title":"Side by Side","moves":1' "the level left for the drop resumes with its move"
# A game script dropped opens as a game with its own levels.
expect_status 0 "drop a game script" -- "$tessera" play sokoban --keys "drop:scripts/pull.lua"
expect_output '"game":"Pull"' "a dropped .lua opens as a game"

finish
