/* gen_skin_minimal.c: draws the "minimal" skin, flat shapes in a calm palette at 32 x 32
 * pixels a tile, and writes DIR/skins/minimal/sheet.png with its description skin.lua.
 * Shapes are anti-aliased by 4 x 4 supersampling of their coverage.
 * usage: gen_skin_minimal ASSETS_DIR */
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { T = 32, COLS = 8, SS = 4 };

typedef struct rgba { double r, g, b, a; } rgba;

static const char *const names[] = {
    "floor", "wall", "goal", "box", "box_on_goal", "ice", "hole", "hole_filled",
    "player", "player_up", "player_down", "player_left", "player_right", "void", "cursor", "deadlock",
    "box_red", "box_blue", "box_green", "box_yellow", "goal_red", "goal_blue", "goal_green", "goal_yellow",
    "box_red_on_goal", "box_blue_on_goal", "box_green_on_goal", "box_yellow_on_goal",
    "hex_floor", "hex_wall", "hex_goal", "tile", "tile_blank", "selected",
    "robot", "robot_up", "robot_down", "robot_left", "robot_right",
};
enum { NTILES = sizeof names / sizeof names[0], ROWS = (NTILES + COLS - 1) / COLS };

static uint8_t sheet[ROWS * T][COLS * T][4];
static int cur_x, cur_y; /* top-left of the tile being drawn */

static rgba hex(unsigned v, double a) { return (rgba){ (v >> 16 & 255) / 255.0, (v >> 8 & 255) / 255.0, (v & 255) / 255.0, a }; }

/* Palette: warm paper floor, slate walls, amber goals, terracotta boxes, a blue player. */
static const unsigned FLOOR = 0xECE7DC, FLOOR_LINE = 0xDCD5C6, WALL = 0x3B4354, WALL_TOP = 0x4A5367,
                      GOAL = 0xE0A33A, BOX = 0xD0764A, BOX_EDGE = 0xA85A36, DONE = 0x5BAA72,
                      DONE_EDGE = 0x3F8656, PLAYER = 0x3D73C9, VOID = 0x262A33;
static const unsigned COLOURS[4] = { 0xD9544F, 0x4A7FD6, 0x4FAE62, 0xE6C03A };

/* Blends colour c over pixel (x, y) of the current tile with coverage k (0..1). */
static void plot(int x, int y, rgba c, double k)
{
    if (x < 0 || y < 0 || x >= T || y >= T || k <= 0) return;
    uint8_t *p = sheet[cur_y + y][cur_x + x];
    double a = c.a * (k > 1 ? 1 : k), da = p[3] / 255.0, oa = a + da * (1 - a);
    double ch[3] = { c.r, c.g, c.b };
    for (int i = 0; i < 3; i++) {
        double d = p[i] / 255.0;
        double v = oa > 0 ? (ch[i] * a + d * da * (1 - a)) / oa : 0;
        p[i] = (uint8_t)lrint(v * 255);
    }
    p[3] = (uint8_t)lrint(oa * 255);
}

typedef int (*inside_fn)(double x, double y, const double *arg);

/* Fills the shape given by inside(), sampling SS x SS points per pixel. */
static void shape(inside_fn inside, const double *arg, rgba c)
{
    for (int y = 0; y < T; y++)
        for (int x = 0; x < T; x++) {
            int hits = 0;
            for (int sy = 0; sy < SS; sy++)
                for (int sx = 0; sx < SS; sx++) hits += inside(x + (sx + 0.5) / SS, y + (sy + 0.5) / SS, arg);
            plot(x, y, c, (double)hits / (SS * SS));
        }
}

/* arg: cx, cy, r_outer, r_inner */
static int in_ring(double x, double y, const double *a)
{
    double d = hypot(x - a[0], y - a[1]);
    return d <= a[2] && d >= a[3];
}
/* arg: x0, y0, x1, y1, radius */
static int in_round_rect(double x, double y, const double *a)
{
    if (x < a[0] || y < a[1] || x > a[2] || y > a[3]) return 0;
    double r = a[4], cx = x < a[0] + r ? a[0] + r : x > a[2] - r ? a[2] - r : x;
    double cy = y < a[1] + r ? a[1] + r : y > a[3] - r ? a[3] - r : y;
    return hypot(x - cx, y - cy) <= r;
}
/* arg: cx, cy, r: a pointy-top hexagon */
static int in_hex(double x, double y, const double *a)
{
    double dx = fabs(x - a[0]) / a[2], dy = fabs(y - a[1]) / a[2];
    return dx <= 0.866 && dy <= 1 - dx * 0.577;
}
/* arg: x0, y0, x1, y1, half width: a thick line */
static int in_line(double x, double y, const double *a)
{
    double vx = a[2] - a[0], vy = a[3] - a[1], t = ((x - a[0]) * vx + (y - a[1]) * vy) / (vx * vx + vy * vy);
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return hypot(x - a[0] - t * vx, y - a[1] - t * vy) <= a[4];
}

static void fill(unsigned c) { shape(in_round_rect, (double[]){ 0, 0, T, T, 0 }, hex(c, 1)); }
static void disc(double cx, double cy, double r, rgba c) { shape(in_ring, (double[]){ cx, cy, r, 0 }, c); }
static void ring(double cx, double cy, double r, double w, rgba c) { shape(in_ring, (double[]){ cx, cy, r, r - w }, c); }
static void rrect(double x0, double y0, double x1, double y1, double r, rgba c)
{
    shape(in_round_rect, (double[]){ x0, y0, x1, y1, r }, c);
}
static void line(double x0, double y0, double x1, double y1, double w, rgba c)
{
    shape(in_line, (double[]){ x0, y0, x1, y1, w / 2 }, c);
}

static void floor_tile(void)
{
    fill(FLOOR);
    line(0, T - 0.5, T, T - 0.5, 1, hex(FLOOR_LINE, 1));
    line(T - 0.5, 0, T - 0.5, T, 1, hex(FLOOR_LINE, 1));
}

static void crate(unsigned body, unsigned edge, int mark)
{
    rrect(4, 4, T - 4, T - 4, 4, hex(edge, 1));
    rrect(6, 6, T - 6, T - 6, 3, hex(body, 1));
    if (mark) disc(T / 2.0, T / 2.0, 3.2, hex(0xFFFFFF, 0.9)); /* on its goal */
}

/* Colour i's own symbol (red a circle, blue a square, green a triangle, yellow a plus), as the
 * default sheet marks them, so crates and goals are told apart without seeing colour. */
static void symbol(int i, double cx, double cy, double r, double w, rgba c)
{
    double h = r * 0.8;
    switch (i) {
    case 0: ring(cx, cy, r, w, c); break;
    case 1:
        line(cx - h, cy - h, cx + h, cy - h, w, c), line(cx + h, cy - h, cx + h, cy + h, w, c);
        line(cx + h, cy + h, cx - h, cy + h, w, c), line(cx - h, cy + h, cx - h, cy - h, w, c);
        break;
    case 2:
        line(cx, cy - r, cx + r, cy + r * 0.75, w, c), line(cx + r, cy + r * 0.75, cx - r, cy + r * 0.75, w, c);
        line(cx - r, cy + r * 0.75, cx, cy - r, w, c);
        break;
    default: line(cx - r, cy, cx + r, cy, w, c), line(cx, cy - r, cx, cy + r, w, c); break;
    }
}

static void colour_crate(int i, unsigned body, unsigned edge, int on_goal)
{
    crate(body, edge, 0);
    symbol(i, T / 2.0, T / 2.0, 5.5, 2, hex(0xFFFFFF, 0.95));
    if (on_goal) { /* on its goal: a white frame inside the edge */
        rgba m = hex(0xFFFFFF, 0.9);
        line(7.5, 7.5, T - 7.5, 7.5, 1.2, m), line(T - 7.5, 7.5, T - 7.5, T - 7.5, 1.2, m);
        line(T - 7.5, T - 7.5, 7.5, T - 7.5, 1.2, m), line(7.5, T - 7.5, 7.5, 7.5, 1.2, m);
    }
}

/* eyes looking toward (dx, dy) */
static void face(double cx, double cy, double dx, double dy)
{
    for (int s = -1; s <= 1; s += 2) {
        double ex = cx + s * 4 + dx * 2, ey = cy - 2 + dy * 2;
        disc(ex, ey, 2.6, hex(0xFFFFFF, 1));
        disc(ex + dx * 1.2, ey + dy * 1.2, 1.2, hex(0x1E2533, 1));
    }
}

static void player(double dx, double dy)
{
    disc(T / 2.0, T / 2.0 + 1, 11, hex(0x2B558F, 0.35)); /* soft shadow */
    disc(T / 2.0, T / 2.0, 10.5, hex(PLAYER, 1));
    face(T / 2.0, T / 2.0, dx, dy);
}

static void robot(double dx, double dy)
{
    line(T / 2.0, 3, T / 2.0, 8, 1.5, hex(0x6B7385, 1));
    disc(T / 2.0, 3.5, 2, hex(0xE0A33A, 1));
    rrect(6, 8, T - 6, T - 5, 5, hex(0x8B93A5, 1));
    face(T / 2.0, T / 2.0 + 2, dx, dy);
}

static void draw(const char *n)
{
    static const char *const cn[4] = { "red", "blue", "green", "yellow" };
    for (int i = 0; i < 4; i++) {
        char b[40], g[40], bg[40];
        snprintf(b, sizeof b, "box_%s", cn[i]);
        snprintf(g, sizeof g, "goal_%s", cn[i]);
        snprintf(bg, sizeof bg, "box_%s_on_goal", cn[i]);
        unsigned c = COLOURS[i], e = (c >> 1) & 0x7F7F7F;
        if (!strcmp(n, b)) return colour_crate(i, c, e + 0x202020, 0);
        if (!strcmp(n, bg)) return colour_crate(i, c, e + 0x202020, 1);
        if (!strcmp(n, g)) {
            floor_tile(); /* goals are floor tiles: drawn instead of the floor */
            ring(T / 2.0, T / 2.0, 8, 2.5, hex(c, 1));
            return symbol(i, T / 2.0, T / 2.0, 3, 1.4, hex(c, 1));
        }
    }
    if (!strcmp(n, "floor")) return floor_tile();
    if (!strcmp(n, "wall")) {
        fill(WALL);
        rrect(0, 0, T, 4, 0, hex(WALL_TOP, 1));
        return;
    }
    if (!strcmp(n, "goal")) {
        floor_tile();
        return ring(T / 2.0, T / 2.0, 8, 2.5, hex(GOAL, 1));
    }
    if (!strcmp(n, "box")) return crate(BOX, BOX_EDGE, 0);
    if (!strcmp(n, "box_on_goal")) return crate(DONE, DONE_EDGE, 1);
    if (!strcmp(n, "ice")) {
        fill(0xC9E6F2);
        line(6, 22, 14, 14, 1.5, hex(0xFFFFFF, 0.8));
        line(16, 26, 26, 16, 1.5, hex(0xFFFFFF, 0.6));
        return;
    }
    if (!strcmp(n, "hole")) {
        floor_tile();
        return disc(T / 2.0, T / 2.0, 11, hex(0x2A2622, 1));
    }
    if (!strcmp(n, "hole_filled")) {
        floor_tile();
        disc(T / 2.0, T / 2.0, 11, hex(0x8F7355, 1));
        return ring(T / 2.0, T / 2.0, 11, 1.5, hex(0x6E563E, 1));
    }
    if (!strcmp(n, "player")) return player(0, 0.6);
    if (!strcmp(n, "player_up")) return player(0, -1);
    if (!strcmp(n, "player_down")) return player(0, 1);
    if (!strcmp(n, "player_left")) return player(-1, 0);
    if (!strcmp(n, "player_right")) return player(1, 0);
    if (!strcmp(n, "robot")) return robot(0, 0.6);
    if (!strcmp(n, "robot_up")) return robot(0, -1);
    if (!strcmp(n, "robot_down")) return robot(0, 1);
    if (!strcmp(n, "robot_left")) return robot(-1, 0);
    if (!strcmp(n, "robot_right")) return robot(1, 0);
    if (!strcmp(n, "void")) return fill(VOID);
    if (!strcmp(n, "cursor")) {
        rrect(1, 1, T - 1, T - 1, 5, hex(0xFFD54A, 1));
        rrect(3.5, 3.5, T - 3.5, T - 3.5, 3, hex(0, 0)); /* keeps the inside see-through */
        for (int y = 4; y < T - 4; y++)
            for (int x = 4; x < T - 4; x++) memset(sheet[cur_y + y][cur_x + x], 0, 4);
        return;
    }
    if (!strcmp(n, "deadlock")) {
        line(9, 9, T - 9, T - 9, 3.5, hex(0xD93A3A, 0.9));
        return line(T - 9, 9, 9, T - 9, 3.5, hex(0xD93A3A, 0.9));
    }
    if (!strcmp(n, "selected")) return ring(T / 2.0, T / 2.0, 14.5, 2, hex(0xFFFFFF, 0.85));
    if (!strcmp(n, "hex_floor")) return shape(in_hex, (double[]){ T / 2.0, T / 2.0, T / 2.0 }, hex(FLOOR, 1));
    if (!strcmp(n, "hex_wall")) return shape(in_hex, (double[]){ T / 2.0, T / 2.0, T / 2.0 }, hex(WALL, 1));
    if (!strcmp(n, "hex_goal")) {
        shape(in_hex, (double[]){ T / 2.0, T / 2.0, T / 2.0 }, hex(FLOOR, 1));
        return ring(T / 2.0, T / 2.0, 8, 2.5, hex(GOAL, 1));
    }
    if (!strcmp(n, "tile")) return rrect(1.5, 1.5, T - 1.5, T - 1.5, 4, hex(0xE9B949, 1));
    if (!strcmp(n, "tile_blank")) return rrect(1.5, 1.5, T - 1.5, T - 1.5, 4, hex(0x2F3440, 1));
    fprintf(stderr, "gen_skin_minimal: nothing draws '%s'\n", n);
    exit(1);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: gen_skin_minimal ASSETS_DIR\n");
        return 2;
    }
    char path[1024];
    for (int i = 0; i < NTILES; i++) {
        cur_x = i % COLS * T;
        cur_y = i / COLS * T;
        draw(names[i]);
    }
    snprintf(path, sizeof path, "%s/skins/minimal/sheet.png", argv[1]);
    if (!stbi_write_png(path, COLS * T, ROWS * T, 4, sheet, COLS * T * 4)) {
        fprintf(stderr, "gen_skin_minimal: cannot write %s\n", path);
        return 1;
    }
    snprintf(path, sizeof path, "%s/skins/minimal/skin.lua", argv[1]);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "gen_skin_minimal: cannot write %s\n", path);
        return 1;
    }
    fprintf(f, "-- The \"minimal\" skin: flat shapes, drawn by assets/gen/gen_skin_minimal.c.\n"
               "-- tile(name, column, row) takes the tile_size cell at that place of the sheet.\n"
               "skin { name = \"Minimal\", image = \"sheet.png\", tile_size = %d }\n\n"
               "local names = {\n",
            T);
    for (int i = 0; i < NTILES; i++) fprintf(f, "%s\"%s\",%s", i % 4 == 0 ? "  " : " ", names[i], i % 4 == 3 || i == NTILES - 1 ? "\n" : "");
    fprintf(f, "}\n\nfor i, name in ipairs(names) do\n  tile(name, (i - 1) %% %d, (i - 1) // %d)\nend\n", COLS, COLS);
    fclose(f);
    printf("%s: %d tiles\n", path, NTILES);
    return 0;
}
