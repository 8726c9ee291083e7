-- robot.lua: the numeric Sokoban of the pygame tutorial. Its maps are grids of numbers:
-- 0 floor, 1 wall, 2 goal, 3 box, 4 robot, 5 box on a goal, 6 robot on a goal. This mod only
-- declares that legend (and draws the player as a robot); the rules are Sokoban's.

return tessera.extend("sokoban", {
  name = "Robot",
  description = "Numeric Sokoban: the robot's warehouse",
  numeric = {
    [0] = "floor",
    [1] = "wall",
    [2] = "goal",
    [3] = "box",
    [4] = "player",
    [5] = { "box", "goal" },
    [6] = { "player", "goal" },
    [-1] = false, [-2] = false, [-3] = false,   -- Sokoban's own numbers mean nothing here
  },
  tiles = { player = { sprite = "robot" } },
  levels = "robot/warehouse.csv",
})
