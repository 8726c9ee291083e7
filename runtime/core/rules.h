/* rules.h: the declarative part of a game that the C engine runs: tiles with flags, glyph
 * legends for the level formats, and rule switches. A game script fills one of these. */
#ifndef TESSERA_CORE_RULES_H
#define TESSERA_CORE_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "core/grid.h"

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

typedef enum rules_kind { RULES_PUSH, RULES_SLIDING } rules_kind;

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

static inline uint32_t rules_flags(const ruleset *r, int id)
{
    return r->tile[id].flags;
}

#endif
