-- bad_runtime.lua: fails while it runs.
local tiles = nil
local wall = tiles.wall
return tessera.game { name = "Runtime" }
