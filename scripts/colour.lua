-- colour.lua: Sokoban with coloured crates. A crate counts only on a goal of its own colour;
-- plain crates and plain goals work as in Sokoban (a plain goal takes a crate of any colour,
-- a coloured goal only its own). A crate on its matching goal blinks.
--
-- Everything here is tile flags (colour = ...), so the C engine moves the crates and the push
-- solver answers hints with no Lua in the hot path.

return tessera.extend("sokoban", {
  name = "Colour",
  description = "Each crate onto a goal of its own colour",

  tiles = {
    -- crates: lower case; goals: upper case (r red, g green, b blue, y yellow)
    ["r"] = { "red box", pushable = true, colour = "red", sprite = "box_red" },
    ["g"] = { "green box", pushable = true, colour = "green", sprite = "box_green" },
    ["b"] = { "blue box", pushable = true, colour = "blue", sprite = "box_blue" },
    ["y"] = { "yellow box", pushable = true, colour = "yellow", sprite = "box_yellow" },
    ["R"] = { "red goal", goal = true, colour = "red", sprite = "goal_red" },
    ["G"] = { "green goal", goal = true, colour = "green", sprite = "goal_green" },
    ["B"] = { "blue goal", goal = true, colour = "blue", sprite = "goal_blue" },
    ["Y"] = { "yellow goal", goal = true, colour = "yellow", sprite = "goal_yellow" },

    -- a crate on the goal of its colour (the last letter of the colour's name)
    ["d"] = { "red box", "red goal" },
    ["n"] = { "green box", "green goal" },
    ["e"] = { "blue box", "blue goal" },
    ["w"] = { "yellow box", "yellow goal" },
    -- the player on a coloured goal
    ["D"] = { "player", "red goal" },
    ["N"] = { "player", "green goal" },
    ["E"] = { "player", "blue goal" },
    ["W"] = { "player", "yellow goal" },
  },

  numeric = false,                    -- Sokoban's numeric legend has no colours: not offered
  levels = "colour/colour.xsb",

  help = {
    "Push each crate onto a goal of its own colour.",
    "A plain (wooden) crate fits any goal; a plain goal takes any crate.",
    "A crate on the goal of its colour blinks.",
    "Click a crate next to you to push it.",
  },
})
