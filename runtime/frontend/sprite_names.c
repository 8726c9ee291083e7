/* sprite_names.c: the bundled sheet's pictures, one line each (see sprite_names.h). */
#include "frontend/sprite_names.h"

#include <stddef.h>

const sprite_doc sprite_catalogue[] = {
    { "floor", SPRITE_FLOOR, "Sandstone slab: the plain floor, under objects and transparent floors." },
    { "wall", SPRITE_FLOOR, "Brick wall; solid tiles without a picture of their own use it too." },
    { "goal", SPRITE_FLOOR, "Amber ring inlaid in the floor: where a box belongs." },
    { "box", SPRITE_OBJECT, "Wooden crate." },
    { "box_on_goal", SPRITE_OBJECT, "The crate on a goal it matches (drawn instead of box there), glowing." },
    { "ice", SPRITE_FLOOR, "Ice slab." },
    { "hole", SPRITE_FLOOR, "A pit in the floor." },
    { "hole_filled", SPRITE_FLOOR, "A pit with a crate sunk in it." },
    { "player", SPRITE_OBJECT, "The player, facing down; _up, _down, _left and _right face the way it last moved." },
    { "player_up", SPRITE_OBJECT, "The player seen from behind." },
    { "player_down", SPRITE_OBJECT, "The player facing down." },
    { "player_left", SPRITE_OBJECT, "The player facing left." },
    { "player_right", SPRITE_OBJECT, "The player facing right." },
    { "void", SPRITE_FLOOR, "Nothing (outside the level): fully transparent." },
    { "cursor", SPRITE_MARK, "The golden frame of a hint." },
    { "deadlock", SPRITE_MARK, "Red ring and cross over a box that can no longer reach a goal." },
    { "box_red", SPRITE_OBJECT, "Red crate (colour = \"red\")." },
    { "box_blue", SPRITE_OBJECT, "Blue crate." },
    { "box_green", SPRITE_OBJECT, "Green crate." },
    { "box_yellow", SPRITE_OBJECT, "Yellow crate." },
    { "goal_red", SPRITE_FLOOR, "Red goal inlay." },
    { "goal_blue", SPRITE_FLOOR, "Blue goal inlay." },
    { "goal_green", SPRITE_FLOOR, "Green goal inlay." },
    { "goal_yellow", SPRITE_FLOOR, "Yellow goal inlay." },
    { "hex_floor", SPRITE_FLOOR, "The plain floor on hexagons (hex_NAME is looked up first on hex grids)." },
    { "hex_wall", SPRITE_FLOOR, "Wall on hexagons." },
    { "hex_goal", SPRITE_FLOOR, "Goal on hexagons." },
    { "tile", SPRITE_OBJECT, "A numbered sliding tile (its number drawn on it)." },
    { "tile_blank", SPRITE_FLOOR, "The gap of a sliding board." },
    { "selected", SPRITE_MARK, "Golden ring under the player that input moves (levels with several)." },
    { "box_red_on_goal", SPRITE_OBJECT, "Red crate on its goal." },
    { "box_blue_on_goal", SPRITE_OBJECT, "Blue crate on its goal." },
    { "box_green_on_goal", SPRITE_OBJECT, "Green crate on its goal." },
    { "box_yellow_on_goal", SPRITE_OBJECT, "Yellow crate on its goal." },
    { "robot", SPRITE_OBJECT, "A small robot on treads, facing down (with _up, _down, _left, _right)." },
    { "robot_up", SPRITE_OBJECT, "The robot seen from behind." },
    { "robot_down", SPRITE_OBJECT, "The robot facing down." },
    { "robot_left", SPRITE_OBJECT, "The robot facing left." },
    { "robot_right", SPRITE_OBJECT, "The robot facing right." },
    { "light_on", SPRITE_FLOOR, "A lamp in a dark panel, lit (Lights Out)." },
    { "light_off", SPRITE_FLOOR, "The same lamp, dark." },
    { "key", SPRITE_FLOOR, "A golden key lying on the floor (transparent: drawn over the floor)." },
    { "door", SPRITE_FLOOR, "A closed wooden door in a brick frame." },
    { "arrow_up", SPRITE_FLOOR, "A one-way arrow painted on the floor, pointing up (transparent)." },
    { "arrow_right", SPRITE_FLOOR, "One-way arrow pointing right." },
    { "arrow_down", SPRITE_FLOOR, "One-way arrow pointing down." },
    { "arrow_left", SPRITE_FLOOR, "One-way arrow pointing left." },
    { "teleporter", SPRITE_FLOOR, "A round teleporter pad with a glowing swirl (transparent around it)." },
    { "target", SPRITE_FLOOR, "Red and white rings painted on the floor: a target to reach (transparent)." },
    { NULL, SPRITE_FLOOR, NULL }
};

const char *sprite_kind_name(sprite_kind k)
{
    return k == SPRITE_FLOOR ? "floor" : k == SPRITE_OBJECT ? "object" : "mark";
}
