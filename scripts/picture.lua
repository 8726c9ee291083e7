-- picture.lua: the sliding puzzle with a picture. Fifteen's rules, sizes and solvable
-- scramble, but each tile is a piece of an image: put the picture back together. The
-- blank is a gap until the picture is whole, then its piece fills in.
--
-- The image is the bundled assets/picture.png (drawn by assets/gen/gen_sprites.c); a player
-- names another with `tessera play picture --image FILE` (PNG or JPEG).

return tessera.extend("fifteen", {
  name = "Picture",
  description = "Slide the pieces until the picture is whole",
  image = "picture.png",                      -- beside this script, else in assets/
  levels = "picture/boards.txt",

  on_solved = function(level)
    return "The picture is whole!"
  end,

  help = {
    "Put the picture back together: each tile is a piece of it.",
    "Arrow keys move a piece into the gap.",
    "Click a piece in the gap's row or column to slide it (and those between).",
    "T: show or hide the small numbers (1 belongs top left, then reading order).",
    "Space: a new shuffle.  --image FILE: play with your own PNG or JPEG.",
  },
})
