-- teleport.lua: a test mod: stepping on a teleporter pad takes the player to the other pad.
-- Its hook reacts only to the pads, so a level without pads keeps the C push solver.
return tessera.extend("sokoban", {
  name = "Teleports",
  tiles = { ["T"] = { "teleport", sprite = "teleporter" } },
  reacts_to = { "teleport" },
  on_move = function(level, move)
    if level:floor(move.to) ~= "teleport" then return end
    local w, h = level:size()
    for c = 1, w * h do
      if c ~= move.to and level:floor(c) == "teleport" and not level:object(c) then
        level:move_object(move.to, c)
        return
      end
    end
  end,
})
