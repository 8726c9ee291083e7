-- moves_record.lua: a test game whose hooks write down what they are told about each move
-- (in variables, so undo takes the notes back with the move) and refuse moves onto "stop".
return tessera.extend("sokoban", {
  name = "Move record",
  tiles = { ["s"] = { "stop" }, ["~"] = { "ice", slippery = true } },
  vars = { seen = "", flag = false, ratio = 0.5 },
  can_move = function(level, move)
    return level:floor(move.to) ~= "stop" and (not move.box_to or level:floor(move.box_to) ~= "stop")
  end,
  on_move = function(level, move)
    local note = string.format("%s %d>%d %s>%s p%d", move.dir, move.from, move.to, tostring(move.box_from),
                               tostring(move.box_to), move.player)
    level:set_var("seen", note)
    level:set_var("flag", move.pushed)
    level:set_var("ratio", level:var("ratio") * 2)
  end,
})
