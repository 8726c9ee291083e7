# picture.sh: the picture sliding puzzle: its own picture and one named with --image drawn
# and compared with golden images, bad images refused with their file named, a board played
# to solved, the T key, and the menu entry.
# usage: picture.sh TESSERA IMGDIFF OUTDIR   (run from the repository root)
# To accept new images after a deliberate change: TESSERA_UPDATE_GOLDEN=1 ctest -R picture
set -u
tessera=$1
imgdiff=$2
outdir=$3/picture
mkdir -p "$outdir"
. "$(dirname "$0")/lib.sh"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

compare() { golden "$1" "$outdir/$1.png"; }

# The bundled picture on a 4x4 board, numbers in the corners, the blank a gap.
expect_status 0 "render picture 5" -- "$tessera" render picture --level 5 --size 480x360 --out "$outdir/picture_5.png"
compare picture_5
# The same board with its numbers hidden (T), and the finished picture (blank filled in).
expect_status 0 "picture: T hides the numbers" -- "$tessera" play picture --level 5 --size 480x360 --keys "t" \
    --screenshot "$outdir/picture_5_plain.png"
expect_output '"status":"Numbers hidden (T: show them)"' "T says what it did"
compare picture_5_plain
differ_picture "$outdir/picture_5.png" "$outdir/picture_5_plain.png" "T hid no numbers" 50
expect_status 0 "picture 1 solved" -- "$tessera" play picture --level 1 --size 480x360 \
    --keys "up right down down left up left down right right up left left up escape" \
    --screenshot "$outdir/picture_1_whole.png"
expect_output '"solved":true' "picture level 1 solved through the game loop"
compare picture_1_whole
# The isometric view: each tile a block with its piece of the picture on top and down the
# sides, its number small on top; T hides the numbers there too.
expect_status 0 "picture 5 in the iso view" -- "$tessera" render picture --level 5 --view iso --size 480x360 \
    --out "$outdir/picture_5_iso.png"
compare picture_5_iso
expect_status 0 "iso: T hides the numbers" -- "$tessera" play picture --level 5 --view iso --size 480x360 --keys "t" \
    --screenshot "$outdir/picture_5_iso_plain.png"
differ_picture "$outdir/picture_5_iso.png" "$outdir/picture_5_iso_plain.png" "T changed nothing in the iso view" 50

# --image: a small PNG made here (a render of a Sokoban level) cut into a 4x3 board.
expect_status 0 "small image" -- "$tessera" render sokoban --level 1 --size 160x120 --out "$outdir/small.png"
expect_status 0 "render --image" -- "$tessera" render picture --level 3 --size 480x360 --image "$outdir/small.png" \
    --out "$outdir/picture_image.png"
compare picture_image
expect_status 0 "play --image to solved" -- "$tessera" play picture --level 3 --image "$outdir/small.png" \
    --keys "down right right up left down left left up up right down left up right right right down left left up left"
expect_output '"solved":true' "a board with the player's picture played to solved"
# fifteen takes a picture too; Sokoban is not a sliding puzzle.
expect_status 0 "fifteen --image" -- "$tessera" render fifteen --level 1 --image assets/picture.png --size 480x360 --out "$outdir/fifteen_picture.png"
compare fifteen_picture
expect_status 2 "--image on sokoban" -- "$tessera" render sokoban --image assets/picture.png --out "$outdir/x.png"
expect_output "--image is for sliding puzzles" "--image refused for a push game"

# Bad images: the file named, the reason given, exit 2, no crash.
echo "not a picture" > "$outdir/text.png"
head -c 300 assets/picture.png > "$outdir/truncated.png"
: > "$outdir/empty.png"
printf '\211PNG\r\n\032\n\000\000\000\015IHDR\000\001\206\240\000\001\206\240\010\006\000\000\000\000\000\000\000' \
    > "$outdir/huge.png"
bad() {
    local file=$1 msg=$2
    expect_status 2 "render --image $file" -- "$tessera" render picture --image "$file" --out "$outdir/x.png"
    expect_output "$file: $msg" "message for $file"
    expect_status 2 "play --image $file" -- "$tessera" play picture --image "$file" --keys "up"
    expect_output "$file: $msg" "play message for $file"
}
bad "$outdir/missing.png" "cannot open image"
bad "$outdir/text.png" "not a valid PNG, JPEG or BMP image"
bad "$outdir/truncated.png" "not a valid PNG, JPEG or BMP image"
bad "$outdir/empty.png" "the image file is empty"
bad "$outdir/huge.png" "image dimensions are too large"

# A game whose own image is bad still plays, with numbered tiles and the reason shown.
cat > "$outdir/badpic.lua" <<'LUA'
return tessera.extend("picture", { name = "Bad Picture", image = "no-such-picture.png" })
LUA
expect_status 0 "a game with a missing picture" -- "$tessera" play "$outdir/badpic.lua" --level 1 --keys "frame:1"
expect_output "Picture not loaded" "the missing picture is said"
expect_output "no-such-picture.png: cannot open image" "the missing picture is named"

# The menu lists the game: from Pull, Esc twice reaches the game list; Picture sits above.
expect_status 0 "picture in the menu" -- "$tessera" play pull --keys "escape escape up return return"
expect_output '"game":"Picture"' "the menu opens Picture"
finish
