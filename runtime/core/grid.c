/* grid.c: topologies reduced to a neighbour table. */
#include "core/grid.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char square_letters[4] = { 'u', 'r', 'd', 'l' };
static const char *const square_names[4] = { "up", "right", "down", "left" };
static const char hex_letters[6] = { 'd', 'c', 'z', 'a', 'q', 'e' };
static const char *const hex_names[6] = {
    "east", "southeast", "southwest", "west", "northwest", "northeast"
};

/* Offsets for pointy-top hex rows where odd rows are shifted right by half a cell:
 * [row parity][dir] = {dx, dy}. */
static const int hex_offsets[2][6][2] = {
    { { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { -1, -1 }, { 0, -1 } },
    { { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 0 }, { 0, -1 }, { 1, -1 } },
};
static const int square_offsets[4][2] = { { 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 } };

void grid_offset(topology topo, int y, int dir, int *dx, int *dy)
{
    const int *off = topo == TOPO_HEX ? hex_offsets[y & 1][dir] : square_offsets[dir];
    *dx = off[0];
    *dy = off[1];
}

int grid_init(grid *g, topology topo, int w, int h)
{
    memset(g, 0, sizeof *g);
    if (w < 1 || h < 1 || w > GRID_MAX_SIDE || h > GRID_MAX_SIDE) return -1;
    g->topo = topo;
    g->w = w;
    g->h = h;
    g->ncells = w * h;
    g->ndirs = topo == TOPO_HEX ? 6 : 4;
    g->nbr = malloc(sizeof *g->nbr * (size_t)g->ncells * (size_t)g->ndirs);
    if (!g->nbr) return -1;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int cell = y * w + x;
            for (int d = 0; d < g->ndirs; d++) {
                int dx, dy;
                grid_offset(topo, y, d, &dx, &dy);
                g->nbr[cell * g->ndirs + d] = grid_cell(g, x + dx, y + dy);
            }
        }
    return 0;
}

void grid_free(grid *g)
{
    free(g->nbr);
    g->nbr = NULL;
}

int grid_copy(grid *dst, const grid *src)
{
    return grid_init(dst, src->topo, src->w, src->h);
}

int grid_opposite(const grid *g, int dir)
{
    return (dir + g->ndirs / 2) % g->ndirs;
}

char grid_dir_letter(topology topo, int dir)
{
    if (topo == TOPO_HEX) return (dir >= 0 && dir < 6) ? hex_letters[dir] : '?';
    return (dir >= 0 && dir < 4) ? square_letters[dir] : '?';
}

int grid_dir_from_letter(topology topo, char c)
{
    const char *letters = topo == TOPO_HEX ? hex_letters : square_letters;
    int n = topo == TOPO_HEX ? 6 : 4;
    c = (char)tolower((unsigned char)c);
    for (int d = 0; d < n; d++)
        if (letters[d] == c) return d;
    return -1;
}

const char *grid_dir_name(topology topo, int dir)
{
    if (topo == TOPO_HEX) return (dir >= 0 && dir < 6) ? hex_names[dir] : "?";
    return (dir >= 0 && dir < 4) ? square_names[dir] : "?";
}

int grid_dir_from_name(topology topo, const char *name)
{
    const char *const *names = topo == TOPO_HEX ? hex_names : square_names;
    int n = topo == TOPO_HEX ? 6 : 4;
    for (int d = 0; d < n; d++)
        if (strcmp(names[d], name) == 0) return d;
    if (name[0] && !name[1]) return grid_dir_from_letter(topo, name[0]);
    return -1;
}

const char *topology_name(topology topo)
{
    return topo == TOPO_HEX ? "hex" : "square";
}

int topology_from_name(const char *name, topology *out)
{
    if (strcmp(name, "square") == 0) *out = TOPO_SQUARE;
    else if (strcmp(name, "hex") == 0) *out = TOPO_HEX;
    else return -1;
    return 0;
}
