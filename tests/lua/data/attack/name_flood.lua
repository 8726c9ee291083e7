-- A game's name is printed whole: check's "ok (game NAME)" twice, the JSON of every play.
-- One of 8 MB wrote 16 MB for one check (64 such scripts in a mod: gigabytes).
return tessera.game {
  name = ("N"):rep(8000000),
  tiles = { ["#"] = { "wall", solid = true }, [" "] = { "floor" }, ["@"] = { "player", player = true },
            ["$"] = { "box", pushable = true }, ["."] = { "goal", goal = true } },
}
