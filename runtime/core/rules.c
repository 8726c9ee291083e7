/* rules.c: the tile registry and glyph legends of a ruleset. */
#include "core/rules.h"

#include <stdio.h>
#include <string.h>

void rules_init(ruleset *r)
{
    memset(r, 0, sizeof *r);
    r->kind = RULES_PUSH;
    r->topo = TOPO_SQUARE;
    r->max_chain = 1;
    r->ntiles = 1;
    snprintf(r->tile[0].name, TILE_NAME_MAX, "%s", "nothing");
}

int rules_add_tile(ruleset *r, const char *name, tile_layer layer, uint32_t flags,
                   int colour, const char *sprite)
{
    if (r->ntiles >= TILES_MAX || rules_find_tile(r, name) >= 0) return -1;
    if (strlen(name) >= TILE_NAME_MAX) return -1;
    tile_def *t = &r->tile[r->ntiles];
    snprintf(t->name, sizeof t->name, "%s", name);
    snprintf(t->sprite, sizeof t->sprite, "%s", sprite && *sprite ? sprite : name);
    t->flags = flags;
    t->colour = colour;
    t->layer = layer;
    return r->ntiles++;
}

int rules_find_tile(const ruleset *r, const char *name)
{
    for (int i = 1; i < r->ntiles; i++)
        if (strcmp(r->tile[i].name, name) == 0) return i;
    return -1;
}

void rules_set_glyph(ruleset *r, unsigned char glyph, int floor, int object)
{
    r->has_glyph[glyph] = true;
    r->glyph[glyph].floor = (uint8_t)floor;
    r->glyph[glyph].object = (uint8_t)object;
}

int rules_add_numeric(ruleset *r, int value, int floor, int object)
{
    for (int i = 0; i < r->nnumeric; i++)
        if (r->numeric_value[i] == value) {
            r->numeric[i].floor = (uint8_t)floor;
            r->numeric[i].object = (uint8_t)object;
            return 0;
        }
    if (r->nnumeric >= NUMERIC_LEGEND_MAX) return -1;
    r->numeric_value[r->nnumeric] = value;
    r->numeric[r->nnumeric].floor = (uint8_t)floor;
    r->numeric[r->nnumeric].object = (uint8_t)object;
    r->nnumeric++;
    return 0;
}

const glyph_def *rules_numeric(const ruleset *r, int value)
{
    for (int i = 0; i < r->nnumeric; i++)
        if (r->numeric_value[i] == value) return &r->numeric[i];
    return NULL;
}

void rules_sokoban(ruleset *r)
{
    rules_init(r);
    int wall = rules_add_tile(r, "wall", LAYER_FLOOR, TILE_SOLID, 0, NULL);
    int floor = rules_add_tile(r, "floor", LAYER_FLOOR, 0, 0, NULL);
    int goal = rules_add_tile(r, "goal", LAYER_FLOOR, TILE_GOAL, 0, NULL);
    int box = rules_add_tile(r, "box", LAYER_OBJECT, TILE_PUSHABLE, 0, NULL);
    int player = rules_add_tile(r, "player", LAYER_OBJECT, TILE_PLAYER, 0, NULL);
    int vd = rules_add_tile(r, "void", LAYER_FLOOR, TILE_VOID | TILE_SOLID, 0, NULL);
    rules_set_glyph(r, '#', wall, 0);
    rules_set_glyph(r, ' ', floor, 0);
    rules_set_glyph(r, '-', floor, 0);
    rules_set_glyph(r, '_', floor, 0);
    rules_set_glyph(r, '.', goal, 0);
    rules_set_glyph(r, '$', floor, box);
    rules_set_glyph(r, '*', goal, box);
    rules_set_glyph(r, '@', floor, player);
    rules_set_glyph(r, '+', goal, player);
    rules_add_numeric(r, -1, vd, 0);
    rules_add_numeric(r, 0, goal, 0);
    rules_add_numeric(r, 1, floor, 0);
    rules_add_numeric(r, 2, floor, player);
    rules_add_numeric(r, 3, floor, box);
    rules_add_numeric(r, -2, goal, player);
    rules_add_numeric(r, -3, goal, box);
    r->floor_id = (uint8_t)floor;
    r->void_id = (uint8_t)vd;
}

void rules_sliding(ruleset *r)
{
    rules_init(r);
    r->kind = RULES_SLIDING;
    int floor = rules_add_tile(r, "floor", LAYER_FLOOR, 0, 0, NULL);
    int tile = rules_add_tile(r, "tile", LAYER_OBJECT, TILE_NUMBERED, 0, NULL);
    r->floor_id = (uint8_t)floor;
    r->void_id = (uint8_t)floor;
    r->tile_id = (uint8_t)tile;
}

int rules_find_var(const ruleset *r, const char *name)
{
    for (int i = 0; i < r->nvars; i++)
        if (strcmp(r->vars[i].name, name) == 0) return i;
    return -1;
}

int rules_find_action(const ruleset *r, const char *name, size_t len)
{
    for (int i = 0; i < r->nactions; i++)
        if (strlen(r->action[i].name) == len && memcmp(r->action[i].name, name, len) == 0) return i;
    return -1;
}
