-- bad_labels.lua: a labels hook that fails on every call (labels runs on every frame of play,
-- so the levels are checked with it when they are opened).
return tessera.game {
  name = "Labels",
  tiles = {
    ["#"] = { "wall", solid = true }, [" "] = { "floor" }, ["@"] = { "player", player = true },
    ["$"] = { "box", pushable = true }, ["."] = { "goal", goal = true },
  },
  labels = function(level)
    return { [level:player()] = level:var("count") + 1 }
  end,
  levels = "small.xsb",
}
