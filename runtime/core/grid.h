/* grid.h: a W x H board on a topology, reduced once to a neighbour table. */
#ifndef TESSERA_CORE_GRID_H
#define TESSERA_CORE_GRID_H

#include <stdint.h>

typedef enum topology { TOPO_SQUARE, TOPO_HEX } topology;

enum { GRID_MAX_DIRS = 6, GRID_MAX_SIDE = 1024 };

/* Square directions, in LURD order of the solution letters u r d l. */
enum { DIR_UP, DIR_RIGHT, DIR_DOWN, DIR_LEFT };
/* Hex directions (pointy-top rows, odd rows shifted right by half a cell).
 * Opposite of d is (d + 3) % 6 for hex and (d + 2) % 4 for square. */
enum { HEX_EAST, HEX_SOUTHEAST, HEX_SOUTHWEST, HEX_WEST, HEX_NORTHWEST, HEX_NORTHEAST };

typedef struct grid {
    topology topo;
    int w, h, ncells, ndirs;
    int32_t *nbr; /* nbr[cell * ndirs + dir]: the neighbouring cell, or -1 off the grid */
} grid;

/* 0 on success, -1 when out of memory or the size is out of range. */
int grid_init(grid *g, topology topo, int w, int h);
void grid_free(grid *g);
int grid_copy(grid *dst, const grid *src);

static inline int grid_step(const grid *g, int cell, int dir)
{
    return g->nbr[cell * g->ndirs + dir];
}
static inline int grid_cell(const grid *g, int x, int y)
{
    return (x < 0 || y < 0 || x >= g->w || y >= g->h) ? -1 : y * g->w + x;
}
int grid_opposite(const grid *g, int dir);
/* The step (dx, dy) of direction dir from a cell on row y (hex rows alternate). */
void grid_offset(topology topo, int y, int dir, int *dx, int *dy);

/* Solution letters: square u r d l; hex d c z a q e (keyboard layout around S:
 * D east, C south-east, Z south-west, A west, Q north-west, E north-east). */
char grid_dir_letter(topology topo, int dir);
int grid_dir_from_letter(topology topo, char c); /* either case; -1 if none */
const char *grid_dir_name(topology topo, int dir); /* "up", "east", ... */
int grid_dir_from_name(topology topo, const char *name); /* -1 if none */
const char *topology_name(topology topo);
int topology_from_name(const char *name, topology *out); /* 0 ok, -1 unknown */

#endif
