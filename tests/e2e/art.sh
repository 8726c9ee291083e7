# art.sh: a game's own pictures (its `art` field): drawn over the player's skin, validated by
# `tessera check`, a broken or missing art file said and the game still played, and an edit
# to the art picked up while the game runs.
# usage: art.sh TESSERA IMGDIFF OUTDIR   (run from the repository root)
# To accept a new image after a deliberate change: TESSERA_UPDATE_GOLDEN=1 ctest -R e2e_art
set -u
tessera=$1
imgdiff=$2
outdir=$3/art
. "$(dirname "$0")/lib.sh"
rm -rf "$outdir"
mkdir -p "$outdir"

# A mod whose game brings art: the flat box of the minimal skin's sheet over the default skin.
mod=$outdir/mod
mkdir -p "$mod/scripts/crates"
cp assets/skins/minimal/sheet.png "$mod/scripts/crates/sheet.png"
cat > "$mod/scripts/crates/art.lua" <<'LUA'
skin { name = "Crates", image = "sheet.png", tile_size = 32 }
tile("box", 3, 0)
tile("box_on_goal", 4, 0)
LUA
cat > "$mod/scripts/crates.lua" <<'LUA'
return tessera.extend("sokoban", {
  name = "Crates",
  art = "crates/art.lua",
})
LUA
# The same game without art, for comparison (same name, so the header is the same).
mkdir -p "$outdir/plain/scripts"
printf 'return tessera.extend("sokoban", { name = "Crates" })\n' > "$outdir/plain/scripts/crates.lua"

expect_status 0 "render with art" -- "$tessera" render crates --mods "$mod" --level 1 --out "$outdir/art.png"
expect_status 0 "render without art" -- "$tessera" render crates --mods "$outdir/plain" --level 1 --out "$outdir/plain.png"
golden game_art "$outdir/art.png"
# The art changes the picture (the boxes), not a lot of it (the rest is the default skin:
# level 1's two boxes are at most two cells' worth of pixels).
differ_picture "$outdir/plain.png" "$outdir/art.png" "the art made no difference to the picture"
if "$imgdiff" --max-pixels 40000 "$outdir/plain.png" "$outdir/art.png" > /dev/null; then ok
else fail "the art changed more than the boxes"; fi
# Over another skin too: the game's box, the minimal skin's walls.
expect_status 0 "art over --skin minimal" -- "$tessera" render crates --mods "$mod" --skin minimal --level 1 --out "$outdir/art_min.png"
expect_status 0 "minimal alone" -- "$tessera" render crates --mods "$outdir/plain" --skin minimal --level 1 --out "$outdir/min.png"
same_picture "$outdir/min.png" "$outdir/art_min.png" "art taken from the minimal sheet should look like the minimal skin"

# check validates the art with the game.
expect_status 0 "check a game with art" -- "$tessera" check "$mod/scripts/crates.lua"
expect_output "crates.lua: ok (game \"Crates\")" "check passes the art"

# A picture nothing draws (a typo of a tile's sprite): an error at art.lua's line, with the
# name meant; the facings and on-goal pictures of the game's tiles are drawn, so they pass.
typo=$outdir/typo
cp -r "$mod" "$typo"
printf 'skin { name = "Typo", image = "sheet.png", tile_size = 32 }\ntile("box", 3, 0)\ntile("hex_box_on_goal", 4, 0)\ntile("player_left", 1, 0)\ntile("boxx", 4, 0)\n' \
    > "$typo/scripts/crates/art.lua"
expect_status 2 "check a game whose art names no tile" -- "$tessera" check "$typo/scripts/crates.lua"
expect_output "crates/art.lua:5:1: 'boxx' is not a sprite of any tile of this game nor a picture of the default sheet, so nothing draws it; did you mean 'box'?" \
    "a typo in the art named at its line"
case "$out" in *"'hex_box_on_goal'"*|*"'player_left'"*|*"'box' is"*) fail "a picture the game draws was called unused: $out" ;; *) ok ;; esac

# A mistake in the art: check names art.lua's line; play says it and draws the skin's boxes.
bad=$outdir/bad
mkdir -p "$bad/scripts/crates"
cp "$mod/scripts/crates.lua" "$bad/scripts/"
cp assets/skins/minimal/sheet.png "$bad/scripts/crates/sheet.png"
printf 'skin { name = "Bad", image = "sheet.png", tile_size = 32 }\ntile("box", 3, 0)\ntile("box_on_goal", 40, 0)\n' \
    > "$bad/scripts/crates/art.lua"
expect_status 2 "check a game with broken art" -- "$tessera" check "$bad/scripts/crates.lua"
expect_output "crates/art.lua:3:1: tile 'box_on_goal'" "the broken line named"
# Broken art is the one error: the pictures only it has are not called missing as well.
mkdir -p "$outdir/badcrate/scripts/crates"
cp assets/skins/minimal/sheet.png "$outdir/badcrate/scripts/crates/sheet.png"
printf 'return tessera.extend("sokoban", {\n  name = "Crates",\n  art = "crates/art.lua",\n  tiles = { box = { sprite = "crate" } },\n})\n' \
    > "$outdir/badcrate/scripts/crates.lua"
printf 'skin { name = "Bad", image = "sheet.png", tile_size = 32 }\ntile("crate", 3, 0)\ntile("crate_on_goal", 40, 0)\n' \
    > "$outdir/badcrate/scripts/crates/art.lua"
expect_status 2 "check a game with broken art of its own sprites" -- "$tessera" check "$outdir/badcrate/scripts/crates.lua"
expect_output "crates/art.lua:3:1: tile 'crate_on_goal'" "the broken line named"
case "$out" in *"has no sprite"*) fail "follow-on errors of the broken art: $out" ;; *) ok ;; esac
expect_status 0 "play with broken art" -- "$tessera" play crates --mods "$bad" --level 1 --keys "frame:1 down"
expect_output "(drawing with the skin's pictures)" "broken art said"
expect_output '"game":"Crates"' "the game still plays"
# A missing art file: check points at the field; play goes on.
rm "$bad/scripts/crates/art.lua"
expect_status 2 "check a game with missing art" -- "$tessera" check "$bad/scripts/crates.lua"
expect_output "crates.lua:3:9: art = \"crates/art.lua\": no such file beside the script" "missing art at its field"
expect_status 0 "play with missing art" -- "$tessera" play crates --mods "$bad" --level 1 --keys "frame:1 down"
expect_output "crates/art.lua: cannot" "the missing file named"

# Edited while the game runs: the hot reload watcher sees the art's files like the script's;
# a broken edit is refused (the skin draws), the next good one is drawn.
live=$outdir/live
cp -r "$mod" "$live"
"$tessera" play crates --mods "$live" --level 1 --keys "frame:1 reloaded:2 frame:1" \
    > "$outdir/live.json" 2> "$outdir/live.err" &
pid=$!
sleep 0.7
printf 'skin { name = "Edited", image = "sheet.png", tile_size = 32 }\ntile("box", 99, 0)\n' \
    > "$live/scripts/crates/art.lua.tmp"
mv "$live/scripts/crates/art.lua.tmp" "$live/scripts/crates/art.lua"
sleep 0.7
cp "$mod/scripts/crates/art.lua" "$live/scripts/crates/art.lua.tmp"
mv "$live/scripts/crates/art.lua.tmp" "$live/scripts/crates/art.lua"
wait $pid
out=$(cat "$outdir/live.json" "$outdir/live.err")
expect_output "reload: error $live/scripts/crates/art.lua:2: tile 'box'" "the broken edit refused while the game ran"
expect_output "reload: ok $live/scripts/crates/art.lua" "the repaired art read again"
expect_output '"game":"Crates"' "the game went on"
expect_output '"status":"Reloaded art.lua"' "the status line says the art was read again, not the broken edit's error"
finish
