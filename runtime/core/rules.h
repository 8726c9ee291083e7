/* rules.h: the declarative part of a game that the C engine runs: tiles with flags, glyph
 * legends for the level formats, and rule switches. A game script fills one of these. */
#ifndef TESSERA_CORE_RULES_H
#define TESSERA_CORE_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "core/grid.h"
#include "core/vars.h"

enum tile_flag {
    TILE_SOLID    = 1u << 0, /* nothing enters (walls) */
    TILE_GOAL     = 1u << 1, /* a box of the same colour (or any box, colour 0) belongs here */
    TILE_PUSHABLE = 1u << 2, /* an object the player pushes (boxes) */
    TILE_PLAYER   = 1u << 3, /* an object moved by input */
    TILE_SLIPPERY = 1u << 4, /* whatever enters keeps moving until blocked (ice) */
    TILE_HOLE     = 1u << 5, /* the player cannot enter; a box pushed in fills it */
    TILE_VOID     = 1u << 6, /* outside the level: blocks like a wall, drawn as nothing */
    TILE_NUMBERED = 1u << 7  /* a numbered sliding tile */
};

typedef enum tile_layer { LAYER_FLOOR, LAYER_OBJECT } tile_layer;

enum { TILES_MAX = 64, TILE_NAME_MAX = 32, NUMERIC_LEGEND_MAX = 64 };

typedef struct tile_def {
    char name[TILE_NAME_MAX];
    char sprite[TILE_NAME_MAX]; /* sprite sheet name; defaults to name */
    uint32_t flags;
    int colour;                 /* 0: none (matches any); 1.. a colour tag */
    tile_layer layer;
} tile_def;

/* What one glyph (or one integer of a numeric grid) stands for: a floor and an object.
 * floor 0 means "the default floor", object 0 means "no object". */
typedef struct glyph_def {
    uint8_t floor, object;
} glyph_def;

/* The three ways to move: the C push family, the C sliding family, and actions the game's
 * script defines (every input becomes one of its actions; its Lua function makes the changes). */
typedef enum rules_kind { RULES_PUSH, RULES_SLIDING, RULES_ACTIONS } rules_kind;

enum { ACTIONS_MAX = 16, ACTION_NAME_MAX = 24, ACTION_KEYS_MAX = 6, ACTION_KEY_MAX = 16, ACTION_HELP_MAX = 80 };

enum action_flag {
    ACTION_CLICK = 1u << 0,     /* takes a cell: a click on it, or the keyboard cursor's */
    ACTION_DIRS = 1u << 1       /* takes a direction: the arrow keys, WASD, the d-pad */
};

/* An action a game declares, and the input that makes it. */
typedef struct action_def {
    char name[ACTION_NAME_MAX]; /* [a-z][a-z0-9_]* */
    uint32_t flags;             /* action_flag */
    int nkeys;
    char keys[ACTION_KEYS_MAX][ACTION_KEY_MAX]; /* key names (as --keys writes them) */
    char help[ACTION_HELP_MAX]; /* what it does, for F1; may be empty */
} action_def;

typedef struct ruleset {
    rules_kind kind;
    topology topo;
    int max_chain;              /* boxes moved by one push: 1 classic, more for chain pushes */
    bool pull;                  /* reverse mode: the player pulls the box behind it */
    bool fill_goals;            /* solved also needs every goal to hold a box (holes can
                                   swallow boxes, so "every box on a goal" is not enough) */

    int ntiles;                 /* ids 1..ntiles-1 are used; id 0 is "nothing" */
    tile_def tile[TILES_MAX];
    bool has_glyph[256];
    glyph_def glyph[256];
    int nnumeric;               /* legend of numeric (comma-separated) level grids */
    int numeric_value[NUMERIC_LEGEND_MAX];
    glyph_def numeric[NUMERIC_LEGEND_MAX];

    uint8_t floor_id;           /* plain floor: under objects, and what a filled hole becomes */
    uint8_t void_id;            /* what unknown outside cells become (may equal a wall) */
    uint8_t tile_id;            /* the numbered object of sliding puzzles */

    int nvars;                  /* the level's own variables and their starting values */
    var_def vars[VARS_MAX];
    int nactions;               /* RULES_ACTIONS: the game's actions, by name */
    action_def action[ACTIONS_MAX];
    bool reacts;                /* the game's move hooks react only to the tiles in react_tiles */
    uint64_t react_tiles;       /* bit per tile id (TILES_MAX is 64) */
} ruleset;

/* An empty push ruleset on a square grid with only "nothing" defined. */
void rules_init(ruleset *r);
/* The standard XSB legend (# wall, space - _ floor, . goal, $ box, * box on goal,
 * @ player, + player on goal), used when no game script is named. */
void rules_sokoban(ruleset *r);
/* A sliding-tile ruleset (floor and a numbered tile). */
void rules_sliding(ruleset *r);

/* Adds a tile; returns its id, or -1 if the table is full or the name is taken. */
int rules_add_tile(ruleset *r, const char *name, tile_layer layer, uint32_t flags,
                   int colour, const char *sprite);
int rules_find_tile(const ruleset *r, const char *name); /* id or -1 */
void rules_set_glyph(ruleset *r, unsigned char glyph, int floor, int object);
int rules_add_numeric(ruleset *r, int value, int floor, int object); /* 0 ok, -1 full */
const glyph_def *rules_numeric(const ruleset *r, int value); /* NULL if not in the legend */
int rules_find_var(const ruleset *r, const char *name);    /* slot or -1 */
int rules_find_action(const ruleset *r, const char *name, size_t len); /* index or -1 */

static inline uint32_t rules_flags(const ruleset *r, int id)
{
    return r->tile[id].flags;
}

#endif
