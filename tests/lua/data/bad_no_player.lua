-- bad_no_player.lua: push rules without a player tile.
return tessera.game {
  name = "Nobody",
  tiles = {
    ["#"] = { "wall", solid = true },
    [" "] = { "floor" },
    ["$"] = { "box", pushable = true },
  },
}
