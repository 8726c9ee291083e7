-- _common.lua: what the attack games share (loadfile("_common.lua")(path) in each): where
-- the secret file outside the sandbox is, and a harmless game to return when an attack was
-- answered as it should be.
local path = ...
local c = {}
c.dir = path:match("^(.*)/") or "."
-- tests/outside, outside every root: as named from the working folder (tessera.load takes
-- names from there), and from this folder (io.open and tessera.import take them from the
-- script's folder).
c.outside = c.dir .. "/../../../outside"
c.secret = c.outside .. "/secret.txt"
c.outside_here = "../../../outside"
c.secret_here = c.outside_here .. "/secret.txt"
c.game = tessera.game {
  name = "Answered",
  levels = "sokoban/tessera.xsb",
  tiles = {
    ["#"] = { "wall", solid = true }, [" "] = { "floor" }, ["."] = { "goal", goal = true },
    ["$"] = { "box", pushable = true }, ["@"] = { "player", player = true },
    ["*"] = { "box", "goal" }, ["+"] = { "player", "goal" }, { "void", void = true },
  },
}
return c
