-- The "minimal" skin: flat shapes, drawn by assets/gen/gen_skin_minimal.c.
-- tile(name, column, row) takes the tile_size cell at that place of the sheet.
skin { name = "Minimal", image = "sheet.png", tile_size = 32 }

local names = {
  "floor", "wall", "goal", "box",
  "box_on_goal", "ice", "hole", "hole_filled",
  "player", "player_up", "player_down", "player_left",
  "player_right", "void", "cursor", "deadlock",
  "box_red", "box_blue", "box_green", "box_yellow",
  "goal_red", "goal_blue", "goal_green", "goal_yellow",
  "box_red_on_goal", "box_blue_on_goal", "box_green_on_goal", "box_yellow_on_goal",
  "hex_floor", "hex_wall", "hex_goal", "tile",
  "tile_blank", "selected", "robot", "robot_up",
  "robot_down", "robot_left", "robot_right",
}

for i, name in ipairs(names) do
  tile(name, (i - 1) % 8, (i - 1) // 8)
end
