/*
 * gen_sprites.c - draws Tessera's art: the sprite sheet, its atlas and the
 * picture used by the sliding puzzle's "picture mode".
 *
 *   usage: gen_sprites ASSETS_DIR
 *   writes ASSETS_DIR/sprites.png   sheet of 64x64 RGBA cells, 8 per row
 *          ASSETS_DIR/sprites.txt   atlas: "# ..." header, then "name x y w h" lines
 *          ASSETS_DIR/picture.png   512x512 procedural landscape
 *
 * Everything is drawn procedurally here, no imported art. Each sprite is a
 * "shader": a function from a point in its cell to a premultiplied colour.
 * A pixel averages SUPERSAMPLE x SUPERSAMPLE samples, and shapes are signed
 * distance functions, so edges are anti-aliased and bevels come for free from
 * the distance to an edge. Light comes from the top-left everywhere. Noise is
 * integer-hash value noise, so the output is deterministic; floor-like tiles
 * use noise that repeats every TILE pixels, which keeps them seamless.
 */
/* stb defines two helpers without a prior prototype; that is stb's business. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-prototypes"
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
#pragma GCC diagnostic pop

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum {
    TILE = 64,            /* sprite cell size, px */
    SHEET_COLUMNS = 8,    /* cells per sheet row */
    SUPERSAMPLE = 4,      /* samples per pixel along each axis */
    PICTURE_SIZE = 512,   /* picture-mode image, px */
    NO_WRAP = 1 << 20     /* noise period for noise that need not tile */
};

static const float HALF_TILE = TILE / 2.0f;
static const float EDGE_SOFTNESS = 0.6f;  /* px over which one sample's edge ramps */
/* Unit vector from a surface towards the light (screen y grows downwards). */
static const float LIGHT_X = -0.70710678f;
static const float LIGHT_Y = -0.70710678f;

/* ------------------------------------------------------------------------ */
/* Colour                                                                   */
/* ------------------------------------------------------------------------ */

/* Premultiplied RGBA, components 0..1. */
typedef struct { float r, g, b, a; } Rgba;

#define HEX(h) { (float)(((h) >> 16) & 255) / 255.0f, (float)(((h) >> 8) & 255) / 255.0f, \
                 (float)((h) & 255) / 255.0f, 1.0f }

static const Rgba CLEAR = { 0, 0, 0, 0 };
static const Rgba WHITE = HEX(0xffffff);
static const Rgba HIGHLIGHT = HEX(0xfff4de);     /* warm light */
static const Rgba SHADE = HEX(0x3b2418);         /* warm dark used for shading */
static const Rgba CAST_SHADOW = HEX(0x2a170e);   /* drop shadows */

/* Floor and walls. */
static const Rgba FLOOR_LIGHT = HEX(0xeddcbc);
static const Rgba FLOOR_DARK = HEX(0xcdb28a);
static const Rgba GROUT = HEX(0xa88b68);
static const Rgba BRICK_LIGHT = HEX(0xcc6a45);
static const Rgba BRICK_DARK = HEX(0x9c4630);
static const Rgba MORTAR = HEX(0x6b4536);
static const Rgba PIT_WALL = HEX(0x6a4a36);
static const Rgba PIT_DEEP = HEX(0x1d120d);
static const Rgba ICE_LIGHT = HEX(0xeaf9fd);
static const Rgba ICE_DEEP = HEX(0x9dd2e6);
static const Rgba ICE_GROUT = HEX(0x7fb4cc);

/* Inlays and paint. */
static const Rgba AMBER = HEX(0xf2a93b);
static const Rgba PAINT_RED = HEX(0xe0483c);
static const Rgba PAINT_BLUE = HEX(0x3f82d6);
static const Rgba PAINT_GREEN = HEX(0x4fb35c);
static const Rgba PAINT_YELLOW = HEX(0xf2c230);
static const Rgba DONE_GLOW = HEX(0x9cf06a);

/* Characters, puzzle tiles and overlays. */
static const Rgba BODY_LIGHT = HEX(0xff8a6e);
static const Rgba BODY_DARK = HEX(0xc8433f);
static const Rgba BODY_OUTLINE = HEX(0x7a2a2a);
static const Rgba BELLY = HEX(0xffe0c2);
static const Rgba PUPIL = HEX(0x2b1d1a);
static const Rgba CHEEK = HEX(0xff5f7a);
static const Rgba LEAF = HEX(0x6cc04a);
static const Rgba TILE_TOP = HEX(0xfcf2dc);
static const Rgba TILE_BOTTOM = HEX(0xf0d9ae);
static const Rgba SLOT = HEX(0x6e5746);
static const Rgba CURSOR_GOLD = HEX(0xffdc5e);
static const Rgba DEADLOCK_RED = HEX(0xe53b30);

static float clampf(float v, float lo, float hi) { return v < lo ? lo : (v > hi ? hi : v); }
static float saturate(float v) { return clampf(v, 0.0f, 1.0f); }
static float lerpf(float a, float b, float t) { return a + (b - a) * t; }
static float fractf(float v) { return v - floorf(v); }

static float smoothstep(float e0, float e1, float v)
{
    float t = saturate((v - e0) / (e1 - e0));
    return t * t * (3.0f - 2.0f * t);
}

static Rgba mix(Rgba a, Rgba b, float t)
{
    return (Rgba){ lerpf(a.r, b.r, t), lerpf(a.g, b.g, t), lerpf(a.b, b.b, t), lerpf(a.a, b.a, t) };
}

/* Scales a premultiplied colour's opacity. */
static Rgba fade(Rgba c, float alpha)
{
    return (Rgba){ c.r * alpha, c.g * alpha, c.b * alpha, c.a * alpha };
}

static Rgba over(Rgba top, Rgba below)
{
    float k = 1.0f - top.a;
    return (Rgba){ top.r + below.r * k, top.g + below.g * k, top.b + below.b * k, top.a + below.a * k };
}

/* Paints `colour` over `below` with the given coverage (0..1). */
static Rgba paint(Rgba below, Rgba colour, float coverage)
{
    return over(fade(colour, saturate(coverage)), below);
}

/* Lightens (amount > 0) towards warm light or darkens (< 0) towards warm shade. */
static Rgba lit(Rgba c, float amount)
{
    if (amount >= 0.0f)
        return mix(c, fade(HIGHLIGHT, c.a), saturate(amount));
    return mix(c, fade(SHADE, c.a), saturate(-amount));
}

/* ------------------------------------------------------------------------ */
/* Noise                                                                    */
/* ------------------------------------------------------------------------ */

static uint32_t hash2(int x, int y, uint32_t seed)
{
    uint32_t h = (uint32_t)x * 0x8da6b343u ^ (uint32_t)y * 0xd8163841u ^ seed * 0xcb1ab31fu;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    return h;
}

/* Uniform 0..1 from a lattice point. */
static float hash01(int x, int y, uint32_t seed)
{
    return (float)(hash2(x, y, seed) & 0xffffffu) / (float)0xffffffu;
}

static int wrap(int i, int period)
{
    int m = i % period;
    return m < 0 ? m + period : m;
}

/* Smooth value noise (0..1) on a unit lattice that repeats every `period` cells. */
static float value_noise(float x, float y, int period, uint32_t seed)
{
    int ix = (int)floorf(x), iy = (int)floorf(y);
    float fx = x - (float)ix, fy = y - (float)iy;
    int xa = wrap(ix, period), xb = wrap(ix + 1, period);
    int ya = wrap(iy, period), yb = wrap(iy + 1, period);
    float sx = fx * fx * (3.0f - 2.0f * fx), sy = fy * fy * (3.0f - 2.0f * fy);
    float top = lerpf(hash01(xa, ya, seed), hash01(xb, ya, seed), sx);
    float bottom = lerpf(hash01(xa, yb, seed), hash01(xb, yb, seed), sx);
    return lerpf(top, bottom, sy);
}

/* Fractal noise (0..1). `cell` is the coarsest feature size in the units of
 * x/y; the result repeats every `period` units when period/cell is a power of
 * two multiple of 2^(octaves-1), e.g. cell 16 with period TILE. */
static float fbm(float x, float y, float cell, int period, int octaves, uint32_t seed)
{
    float sum = 0.0f, amp = 1.0f, norm = 0.0f;
    for (int i = 0; i < octaves; i++) {
        int lattice = (int)((float)period / cell + 0.5f);
        sum += amp * value_noise(x / cell, y / cell, lattice, seed + (uint32_t)i * 7919u);
        norm += amp;
        amp *= 0.5f;
        cell *= 0.5f;
    }
    return sum / norm;
}

/* ------------------------------------------------------------------------ */
/* Signed distance shapes                                                   */
/* ------------------------------------------------------------------------ */

/* Signed distance in px (negative inside) and the unit outward normal of the
 * nearest edge, which is what the bevel lighting needs. */
typedef struct { float d, nx, ny; } Dist;

static Dist sd_circle(float px, float py, float cx, float cy, float r)
{
    float dx = px - cx, dy = py - cy, len = sqrtf(dx * dx + dy * dy);
    Dist s = { len - r, 0.0f, -1.0f };
    if (len > 1e-5f) {
        s.nx = dx / len;
        s.ny = dy / len;
    }
    return s;
}

/* Ellipse, using the usual first-order distance approximation. */
static Dist sd_ellipse(float px, float py, float cx, float cy, float rx, float ry)
{
    float dx = px - cx, dy = py - cy;
    float k0 = sqrtf((dx / rx) * (dx / rx) + (dy / ry) * (dy / ry));
    float gx = dx / (rx * rx), gy = dy / (ry * ry);
    float k1 = sqrtf(gx * gx + gy * gy);
    Dist s = { -fminf(rx, ry), 0.0f, -1.0f };
    if (k1 > 1e-6f) {
        s.d = k0 * (k0 - 1.0f) / k1;
        s.nx = gx / k1;
        s.ny = gy / k1;
    }
    return s;
}

/* Rectangle centred at (cx, cy) with half extents hw, hh and corner radius r. */
static Dist sd_round_rect(float px, float py, float cx, float cy, float hw, float hh, float r)
{
    float dx = px - cx, dy = py - cy;
    float sx = dx < 0.0f ? -1.0f : 1.0f, sy = dy < 0.0f ? -1.0f : 1.0f;
    float qx = fabsf(dx) - (hw - r), qy = fabsf(dy) - (hh - r);
    Dist s;
    if (qx > 0.0f && qy > 0.0f) {
        float len = sqrtf(qx * qx + qy * qy);
        s = (Dist){ len - r, sx * qx / len, sy * qy / len };
    } else if (qx > qy) {
        s = (Dist){ qx - r, sx, 0.0f };
    } else {
        s = (Dist){ qy - r, 0.0f, sy };
    }
    return s;
}

/* Convex polygon given by n vertices in order. */
static Dist sd_convex_polygon(float px, float py, const float (*v)[2], int n)
{
    float best = 1e30f, cx = px, cy = py, enx = 0.0f, eny = -1.0f, first_side = 0.0f;
    int inside = 1;
    for (int i = 0; i < n; i++) {
        float ax = v[i][0], ay = v[i][1];
        float ex = v[(i + 1) % n][0] - ax, ey = v[(i + 1) % n][1] - ay;
        float wx = px - ax, wy = py - ay;
        float t = saturate((wx * ex + wy * ey) / (ex * ex + ey * ey));
        float qx = ax + ex * t, qy = ay + ey * t;
        float d2 = (px - qx) * (px - qx) + (py - qy) * (py - qy);
        float side = ex * wy - ey * wx;
        if (i == 0)
            first_side = side;
        else if (side * first_side < 0.0f)
            inside = 0;
        if (d2 < best) {
            float elen = sqrtf(ex * ex + ey * ey);
            best = d2;
            cx = qx;
            cy = qy;
            enx = ey / elen;   /* edge perpendicular; sign fixed below */
            eny = -ex / elen;
        }
    }
    float d = sqrtf(best);
    Dist s = { inside ? -d : d, enx, eny };
    if (d > 1e-4f) {
        float k = inside ? -1.0f / d : 1.0f / d;
        s.nx = (px - cx) * k;
        s.ny = (py - cy) * k;
    }
    return s;
}

/* Distance to a line segment of half-thickness `half_width`. */
static float sd_segment(float px, float py, float ax, float ay, float bx, float by, float half_width)
{
    float ex = bx - ax, ey = by - ay, wx = px - ax, wy = py - ay;
    float t = saturate((wx * ex + wy * ey) / (ex * ex + ey * ey));
    float dx = wx - ex * t, dy = wy - ey * t;
    return sqrtf(dx * dx + dy * dy) - half_width;
}

/* Turns a shape into a band of the given half-width around its edge. */
static Dist sd_outline(Dist s, float centre_offset, float half_width)
{
    float off = s.d + centre_offset;
    Dist r = { fabsf(off) - half_width, s.nx, s.ny };
    if (off < 0.0f) {
        r.nx = -s.nx;
        r.ny = -s.ny;
    }
    return r;
}

/* Diamond (square rotated 45 degrees) with half diagonal `r`. */
static Dist sd_diamond(float px, float py, float cx, float cy, float r)
{
    float dx = px - cx, dy = py - cy;
    const float inv_sqrt2 = 0.70710678f;
    Dist s = { (fabsf(dx) + fabsf(dy) - r) * inv_sqrt2,
               (dx < 0.0f ? -inv_sqrt2 : inv_sqrt2), (dy < 0.0f ? -inv_sqrt2 : inv_sqrt2) };
    return s;
}

/* Coverage (0..1) of a sample at signed distance d. */
static float cover(float d)
{
    return saturate(0.5f - d / EDGE_SOFTNESS);
}

/* Soft mask for blurred things (shadows, glows): 1 well inside, 0 well outside. */
static float soft(float d, float blur)
{
    return 1.0f - smoothstep(-blur, blur, d);
}

/* How much an edge with outward normal n faces the light: -1..1. */
static float facing(float nx, float ny)
{
    return nx * LIGHT_X + ny * LIGHT_Y;
}

/* Light on a raised bevel `width` px wide along the inside of s: -1..1,
 * positive on the edges that face the top-left light. Negate for recesses. */
static float bevel(Dist s, float width)
{
    float depth = fmaxf(-s.d, 0.0f);
    float slope = 1.0f - smoothstep(width * 0.55f, width, depth);
    return facing(s.nx, s.ny) * slope;
}

/* Overall sheen across a cell: + at top-left, - at bottom-right. */
static float sheen(float x, float y, float size)
{
    return 0.5f - (x + y) / (2.0f * size);
}

/* ------------------------------------------------------------------------ */
/* Floor-like tiles                                                         */
/* ------------------------------------------------------------------------ */

enum { SEED_FLOOR = 11, SEED_WALL = 23, SEED_ICE = 37, SEED_WOOD = 51, SEED_PICTURE = 73 };

static const float GROUT_HALF = 1.25f;   /* half of the grout line between slabs */
static const float SLAB_RADIUS = 4.0f;
static const float SLAB_BEVEL = 3.0f;

/* Sandstone: mottled, with a few dark specks. Tiles every TILE px. */
static Rgba stone_texture(float x, float y, uint32_t seed)
{
    const float speck_size = 2.0f;
    float n = fbm(x, y, 16.0f, TILE, 4, seed);
    float fine = fbm(x, y, 4.0f, TILE, 2, seed + 5);
    float speck = smoothstep(0.72f, 0.82f, value_noise(x / speck_size, y / speck_size, (int)(TILE / speck_size), seed + 9));
    Rgba stone = mix(FLOOR_DARK, FLOOR_LIGHT, saturate(0.25f + 0.9f * n + 0.25f * (fine - 0.5f)));
    return lit(stone, -0.12f * speck);
}

/* The stone floor: one slab per cell with grout at the cell border. */
static Rgba floor_color(float x, float y)
{
    float n = fbm(x, y, 16.0f, TILE, 4, SEED_FLOOR);
    Rgba stone = stone_texture(x, y, SEED_FLOOR);
    Dist slab = sd_round_rect(x, y, HALF_TILE, HALF_TILE, HALF_TILE - GROUT_HALF,
                              HALF_TILE - GROUT_HALF, SLAB_RADIUS);
    stone = lit(stone, 0.35f * bevel(slab, SLAB_BEVEL) + 0.10f * sheen(x, y, TILE));
    Rgba grout = lit(GROUT, -0.25f * n);
    return paint(grout, stone, cover(slab.d));
}

/* Brick courses: BRICK_H tall, BRICK_W wide, every other course shifted by half. */
static const float BRICK_W = 32.0f;
static const float BRICK_H = 16.0f;
static const float MORTAR_HALF = 1.4f;
static const float BRICK_RADIUS = 2.5f;
static const float BRICK_BEVEL = 3.0f;

static Rgba wall_color(float x, float y)
{
    int course = (int)floorf(y / BRICK_H);
    float shift = (course & 1) ? BRICK_W * 0.5f : 0.0f;
    float bx = x + shift;
    int index = wrap((int)floorf(bx / BRICK_W), (int)(TILE / BRICK_W));
    float lx = fmodf(bx, BRICK_W), ly = y - (float)course * BRICK_H;
    Dist brick = sd_round_rect(lx, ly, BRICK_W * 0.5f, BRICK_H * 0.5f, BRICK_W * 0.5f - MORTAR_HALF,
                               BRICK_H * 0.5f - MORTAR_HALF, BRICK_RADIUS);

    float tone = hash01(index, wrap(course, (int)(TILE / BRICK_H)), SEED_WALL);
    float n = fbm(x, y, 8.0f, TILE, 3, SEED_WALL + 1);
    Rgba clay = mix(BRICK_DARK, BRICK_LIGHT, saturate(0.35f + 0.45f * tone + 0.5f * (n - 0.5f)));
    clay = lit(clay, 0.45f * bevel(brick, BRICK_BEVEL) + 0.08f * (0.5f - ly / BRICK_H));
    Rgba mortar = lit(MORTAR, -0.3f * n);
    return paint(mortar, clay, cover(brick.d));
}

/* The target marking of a goal: a bevelled ring around a diamond, inlaid. */
static const float GOAL_RING_RADIUS = 17.0f;
static const float GOAL_RING_HALF = 3.2f;
static const float GOAL_DIAMOND = 8.0f;

static Rgba goal_inlay(Rgba base, float x, float y, float cx, float cy, Rgba colour)
{
    /* A shallow round recess in the stone holds the inlay. */
    Dist recess = sd_circle(x, y, cx, cy, GOAL_RING_RADIUS + GOAL_RING_HALF + 2.5f);
    base = lit(base, -0.10f * cover(recess.d) - 0.35f * bevel(recess, 2.0f) * cover(recess.d));

    Dist ring = sd_outline(sd_circle(x, y, cx, cy, GOAL_RING_RADIUS), 0.0f, GOAL_RING_HALF);
    Rgba gem = lit(colour, 0.55f * bevel(ring, 2.2f) + 0.15f * sheen(x - cx + HALF_TILE, y - cy + HALF_TILE, TILE));
    base = paint(base, fade(CAST_SHADOW, 0.3f), cover(ring.d - 0.8f) * (1.0f - cover(ring.d)));
    base = paint(base, gem, cover(ring.d));

    Dist diamond = sd_diamond(x, y, cx, cy, GOAL_DIAMOND);
    Rgba stone = lit(colour, 0.55f * bevel(diamond, 2.5f));
    return paint(base, stone, cover(diamond.d));
}

static Rgba goal_color(float x, float y, Rgba colour)
{
    return goal_inlay(floor_color(x, y), x, y, HALF_TILE, HALF_TILE, colour);
}

static Rgba ice_color(float x, float y)
{
    float n = fbm(x, y, 16.0f, TILE, 4, SEED_ICE);
    Rgba ice = mix(ICE_DEEP, ICE_LIGHT, saturate(0.2f + 0.9f * n));
    /* Diagonal glints; (x + y) / 32 shifts by a whole number across a cell, so they tile. */
    float band = fractf((x + y) / 32.0f);
    float glint = smoothstep(0.00f, 0.04f, band) * (1.0f - smoothstep(0.08f, 0.16f, band));
    ice = mix(ice, WHITE, 0.45f * glint);
    /* Hairline cracks along a noise contour. */
    float crack = fabsf(fbm(x, y, 32.0f, TILE, 3, SEED_ICE + 3) - 0.5f);
    ice = mix(ice, WHITE, 0.6f * (1.0f - smoothstep(0.006f, 0.02f, crack)));

    Dist slab = sd_round_rect(x, y, HALF_TILE, HALF_TILE, HALF_TILE - GROUT_HALF,
                              HALF_TILE - GROUT_HALF, SLAB_RADIUS);
    ice = lit(ice, 0.45f * bevel(slab, SLAB_BEVEL) + 0.12f * sheen(x, y, TILE));
    return paint(ICE_GROUT, ice, cover(slab.d));
}

/* ------------------------------------------------------------------------ */
/* Crates                                                                   */
/* ------------------------------------------------------------------------ */

typedef struct {
    Rgba light, dark;   /* wood or paint tones */
    float grain;        /* 0..1 how strongly the wood grain shows */
    int done;           /* 1: tinted and glowing, the crate sits on its goal */
} CrateStyle;

/* Crate geometry in design units; a full-size crate has half size CRATE_HALF px. */
static const float CRATE_HALF = 26.0f;
static const float CRATE_RADIUS = 5.0f;
static const float CRATE_FRAME = 7.0f;     /* width of the frame around the panel */
static const float CRATE_BRACE_HALF = 4.5f;
static const float CRATE_NAIL_R = 1.6f;

static Rgba wood(float along, float across, uint32_t piece, const CrateStyle *st)
{
    float warp = fbm(along, across, 9.0f, NO_WRAP, 2, SEED_WOOD + piece);
    float grain = fbm(along * 0.08f, across * 0.9f + warp * 3.0f, 1.0f, NO_WRAP, 3, SEED_WOOD + 17 + piece);
    float tone = hash01((int)piece, 3, SEED_WOOD) - 0.5f;
    float t = 0.55f + st->grain * 1.3f * (grain - 0.5f) + 0.25f * tone;
    return mix(st->dark, st->light, saturate(t));
}

/* The crate, centred at (cx, cy) with half size `half`: colour with coverage. */
static Rgba crate_color(float x, float y, float cx, float cy, float half, const CrateStyle *st)
{
    float k = half / CRATE_HALF;              /* px per design unit */
    float u = (x - cx) / k, v = (y - cy) / k; /* design units, centred */
    float inner = CRATE_HALF - CRATE_FRAME;

    Dist outer = sd_round_rect(u, v, 0, 0, CRATE_HALF, CRATE_HALF, CRATE_RADIUS);
    Dist panel = sd_round_rect(u, v, 0, 0, inner, inner, 2.0f);

    /* Frame: top and bottom boards span the width, the side posts sit between. */
    int horizontal = fabsf(v) > inner;
    uint32_t piece = horizontal ? (v < 0 ? 1u : 2u) : (u < 0 ? 3u : 4u);
    Rgba c = horizontal ? wood(u, v, piece, st) : wood(v, u, piece, st);
    /* Dark joint where a side post meets the top and bottom boards. */
    float seam = fabsf(fabsf(v) - inner);
    if (fabsf(u) > inner)
        c = lit(c, -0.45f * (1.0f - smoothstep(0.3f, 0.9f, seam)));
    /* Frame's inner rim drops towards the panel: lit where it faces the light. */
    float rim = 1.0f - smoothstep(0.0f, 2.0f, panel.d);
    c = lit(c, 0.35f * facing(-panel.nx, -panel.ny) * rim);
    c = lit(c, 0.5f * bevel(outer, 2.8f));

    /* Panel: three horizontal planks, recessed. */
    float plank_h = 2.0f * inner / 3.0f;
    float pv = v + inner;
    int plank = (int)floorf(pv / plank_h);
    float gap = fminf(fractf(pv / plank_h), 1.0f - fractf(pv / plank_h)) * plank_h;
    Rgba p = wood(u, v, 10u + (uint32_t)plank, st);
    p = lit(p, -0.12f - 0.5f * (1.0f - smoothstep(0.4f, 1.1f, gap)));
    p = lit(p, -0.55f * bevel(panel, 3.5f));

    /* Diagonal brace from bottom-left to top-right, raised, casting a shadow. */
    float b0 = -inner + 2.0f, b1 = inner - 2.0f;
    float brace = sd_segment(u, v, b0, b1, b1, b0, CRATE_BRACE_HALF);
    float brace_shadow = sd_segment(u - 1.2f, v - 1.8f, b0, b1, b1, b0, CRATE_BRACE_HALF);
    p = paint(p, fade(CAST_SHADOW, 0.45f), soft(brace_shadow, 1.2f));
    {
        /* Brace normal: perpendicular to the diagonal, pointing away from its axis. */
        const float inv_sqrt2 = 0.70710678f;
        float side = (u + v) < 0.0f ? -1.0f : 1.0f;
        Dist bd = { brace, side * inv_sqrt2, side * inv_sqrt2 };
        Rgba b = wood((u - v) * inv_sqrt2, (u + v) * inv_sqrt2, 7u, st);
        b = lit(b, 0.5f * bevel(bd, 1.8f));
        p = paint(p, b, cover(brace * k));
    }
    c = paint(c, p, cover(panel.d * k));

    /* Nails in the frame corners. */
    float nail_at = CRATE_HALF - CRATE_FRAME * 0.5f;
    for (int i = 0; i < 4; i++) {
        float nx = (i & 1) ? nail_at : -nail_at, ny = (i & 2) ? nail_at : -nail_at;
        Dist nail = sd_circle(u, v, nx, ny, CRATE_NAIL_R);
        Rgba head = lit(mix(SHADE, WHITE, 0.45f), 0.7f * bevel(nail, 1.2f));
        c = paint(c, fade(CAST_SHADOW, 0.4f), soft(sd_circle(u, v, nx + 0.6f, ny + 0.8f, CRATE_NAIL_R).d, 0.6f));
        c = paint(c, head, cover(nail.d * k));
    }

    if (st->done)
        c = mix(c, fade(lit(DONE_GLOW, 0.2f), c.a), 0.16f);
    return fade(c, cover(outer.d * k));
}

static const float CRATE_SHADOW_DX = 2.5f;
static const float CRATE_SHADOW_DY = 3.5f;

/* A full-size crate standing on the tile, with its shadow (or glow when done). */
static Rgba crate_sprite(float x, float y, const CrateStyle *st)
{
    Rgba below = CLEAR;
    Dist body = sd_round_rect(x, y, HALF_TILE, HALF_TILE, CRATE_HALF, CRATE_HALF, CRATE_RADIUS);
    if (st->done) {
        /* Fades out before the cell border so neighbouring cells show no seam. */
        float halo = expf(-fmaxf(body.d, 0.0f) / 3.5f) * (1.0f - smoothstep(3.0f, 6.0f, body.d));
        below = fade(DONE_GLOW, 0.75f * halo * (1.0f - cover(body.d)));
    } else {
        Dist shadow = sd_round_rect(x - CRATE_SHADOW_DX, y - CRATE_SHADOW_DY, HALF_TILE, HALF_TILE,
                                    CRATE_HALF, CRATE_HALF, CRATE_RADIUS);
        below = fade(CAST_SHADOW, 0.35f * soft(shadow.d, 2.5f));
    }
    return over(crate_color(x, y, HALF_TILE, HALF_TILE, CRATE_HALF, st), below);
}

/* ------------------------------------------------------------------------ */
/* Pits                                                                     */
/* ------------------------------------------------------------------------ */

static const float PIT_HALF = 25.0f;
static const float PIT_RADIUS = 7.0f;
static const float PIT_DEPTH = 12.0f;      /* px over which the pit walls fade to black */

/* The inside of the pit: walls lit on the far (bottom-right) side, dark depth. */
static Rgba pit_color(float x, float y, Dist pit)
{
    float depth = saturate(-pit.d / PIT_DEPTH);
    Rgba walls = lit(PIT_WALL, -0.5f * facing(pit.nx, pit.ny));
    Rgba c = mix(walls, PIT_DEEP, smoothstep(0.0f, 1.0f, depth));
    /* The rim on the light side casts a shadow down into the pit. */
    Dist shifted = sd_round_rect(x - 5.0f, y - 5.0f, HALF_TILE, HALF_TILE, PIT_HALF, PIT_HALF, PIT_RADIUS);
    return paint(c, fade(PIT_DEEP, 0.55f), 1.0f - soft(shifted.d, 3.0f));
}

/* Floor around a pit: the stone lip rounds off into it. */
static Rgba pit_surround(float x, float y, Dist pit)
{
    Rgba c = floor_color(x, y);
    float lip = 1.0f - smoothstep(0.0f, 2.5f, pit.d);
    return lit(c, 0.35f * facing(-pit.nx, -pit.ny) * lip);
}

/* ------------------------------------------------------------------------ */
/* The player                                                               */
/* ------------------------------------------------------------------------ */

typedef struct { float look_x, look_y; } PlayerStyle;

static const float BODY_CX = 32.0f, BODY_CY = 34.0f;
static const float BODY_RX = 21.5f, BODY_RY = 20.0f;
static const float EYE_SPREAD = 8.0f;      /* eye offset from the face centre */
static const float EYE_Y = 30.0f;
static const float EYE_RX = 5.2f, EYE_RY = 6.4f;
static const float PUPIL_R = 3.2f;
static const float FACE_TURN = 5.0f;       /* how far features move towards the look direction */

/* Unit 3D light for the round body: up-left and towards the viewer. */
static const float SPHERE_LX = -0.45f, SPHERE_LY = -0.55f, SPHERE_LZ = 0.70f;

static Rgba body_color(float x, float y, Dist body)
{
    float nx = (x - BODY_CX) / BODY_RX, ny = (y - BODY_CY) / BODY_RY;
    float nz = sqrtf(fmaxf(0.0f, 1.0f - nx * nx - ny * ny));
    float lambert = nx * SPHERE_LX + ny * SPHERE_LY + nz * SPHERE_LZ;
    Rgba c = mix(BODY_DARK, BODY_LIGHT, saturate(0.15f + 0.95f * lambert));
    /* Bounce light from the floor brightens the lower rim a little. */
    c = lit(c, 0.18f * smoothstep(0.5f, 1.0f, ny) * smoothstep(-3.0f, 0.0f, body.d));
    /* Thin dark outline for readability on any floor. */
    return mix(c, BODY_OUTLINE, 0.8f * smoothstep(-1.8f, -0.7f, body.d));
}

static Rgba eye_color(Rgba c, float x, float y, float ex, float ey, const PlayerStyle *st)
{
    Dist white = sd_ellipse(x, y, ex, ey, EYE_RX, EYE_RY);
    Rgba sclera = lit(WHITE, -0.25f * smoothstep(0.2f, 1.0f, (y - ey) / EYE_RY) - 0.02f);
    c = paint(c, BODY_OUTLINE, cover(white.d - 0.9f));
    c = paint(c, sclera, cover(white.d));
    float px = ex + st->look_x * 2.2f, py = ey + st->look_y * 2.6f + 0.6f;
    c = paint(c, PUPIL, cover(sd_circle(x, y, px, py, PUPIL_R).d));
    c = paint(c, WHITE, cover(sd_circle(x, y, px - 1.1f, py - 1.3f, 1.1f).d));
    return c;
}

static Rgba player_color(float x, float y, const PlayerStyle *st)
{
    int back = st->look_y < -0.5f;   /* facing up: we see the back of the head */
    float turn_x = st->look_x * FACE_TURN, turn_y = st->look_y * FACE_TURN;

    /* Shadow on the ground, then feet, then the body. */
    Rgba c = fade(CAST_SHADOW, 0.35f * soft(sd_ellipse(x, y, 33.5f, 55.5f, 18.0f, 5.0f).d, 2.5f));
    for (int i = -1; i <= 1; i += 2) {
        Dist foot = sd_ellipse(x, y, BODY_CX + (float)i * 9.0f + st->look_x * 3.0f, 53.0f, 6.5f, 4.5f);
        Rgba f = lit(BODY_DARK, -0.15f + 0.4f * bevel(foot, 2.0f));
        c = paint(c, BODY_OUTLINE, cover(foot.d - 1.0f));
        c = paint(c, f, cover(foot.d));
    }

    /* A little sprout on top. */
    float stem = sd_segment(x, y, 32.0f, 15.0f, 33.0f, 7.5f, 1.1f);
    c = paint(c, lit(LEAF, -0.3f), cover(stem));
    for (int i = -1; i <= 1; i += 2) {
        float lx = 33.0f + (float)i * 4.2f, ly = 6.5f;
        /* rotate into the leaf's frame so it tilts outwards */
        float ang = (float)i * 0.5f, cs = cosf(ang), sn = sinf(ang);
        float rx = (x - lx) * cs + (y - ly) * sn, ry = -(x - lx) * sn + (y - ly) * cs;
        Dist leaf = sd_ellipse(rx, ry, 0.0f, 0.0f, 4.6f, 2.4f);
        Rgba l = lit(LEAF, 0.35f * bevel(leaf, 1.5f) - 0.15f * (float)(i > 0));
        c = paint(c, lit(LEAF, -0.55f), cover(leaf.d - 0.8f));
        c = paint(c, l, cover(leaf.d));
    }

    Dist body = sd_ellipse(x, y, BODY_CX, BODY_CY, BODY_RX, BODY_RY);
    Rgba b = body_color(x, y, body);
    if (!back) {
        Dist belly = sd_ellipse(x, y, BODY_CX + turn_x, BODY_CY + 8.0f + turn_y * 0.4f, 12.5f, 9.0f);
        b = mix(b, lit(BELLY, -0.1f * saturate((y - 36.0f) / 16.0f)), 0.85f * soft(belly.d, 1.5f));
    }
    /* Glossy highlight, top-left. */
    Dist gloss = sd_ellipse(x, y, BODY_CX - 9.0f, BODY_CY - 11.0f, 5.5f, 3.5f);
    b = mix(b, WHITE, 0.45f * soft(gloss.d, 2.0f));
    c = paint(c, b, cover(body.d));

    /* Face: features slide towards where the character looks. */
    float fy = EYE_Y + turn_y * (back ? 1.3f : 1.0f);
    if (!back) {
        for (int i = -1; i <= 1; i += 2) {
            Dist cheek = sd_ellipse(x, y, BODY_CX + (float)i * 14.0f + turn_x, fy + 8.0f, 3.6f, 2.3f);
            c = paint(c, CHEEK, 0.45f * soft(cheek.d, 1.2f));
        }
        /* Smile: the lower half of a small ring. */
        float mx = BODY_CX + turn_x * 1.1f, my = fy + 5.0f;
        Dist arc = sd_outline(sd_circle(x, y, mx, my, 3.6f), 0.0f, 0.75f);
        if (y > my)
            c = paint(c, BODY_OUTLINE, cover(arc.d));
    }
    for (int i = -1; i <= 1; i += 2)
        c = eye_color(c, x, y, BODY_CX + (float)i * EYE_SPREAD + turn_x, fy, st);
    return c;
}

/* ------------------------------------------------------------------------ */
/* Hexagons                                                                 */
/* ------------------------------------------------------------------------ */

/* Pointy-top hexagon touching all four edges of its cell. Such cells tile
 * with a horizontal step of TILE and a vertical step of 3/4 TILE (odd rows
 * shifted by half a cell); drawn into a w = sqrt(3) r, h = 2 r box it is regular. */
static const float HEX_CELL[6][2] = {
    { 32, 0 }, { 64, 16 }, { 64, 48 }, { 32, 64 }, { 0, 48 }, { 0, 16 },
};
static const float HEX_WALL_SIDE = 8.0f;   /* width of the hex wall's sloped sides */

static Dist hex_dist(float x, float y)
{
    return sd_convex_polygon(x, y, HEX_CELL, 6);
}

/* Same stone as the square floor, bevelled along the hexagon's edges. */
static Rgba hex_stone(float x, float y, Dist hex)
{
    Rgba stone = stone_texture(x, y, SEED_FLOOR + 2);
    stone = lit(stone, 0.4f * bevel(hex, 3.5f) + 0.10f * sheen(x, y, TILE));
    /* A thin grout line right at the edge separates neighbouring cells. */
    return mix(stone, GROUT, 0.7f * (1.0f - smoothstep(0.6f, 1.4f, -hex.d)));
}

static Rgba hex_floor_color(float x, float y)
{
    Dist hex = hex_dist(x, y);
    return fade(hex_stone(x, y, hex), cover(hex.d));
}

static Rgba hex_wall_color(float x, float y)
{
    Dist hex = hex_dist(x, y);
    float top = -hex.d - HEX_WALL_SIDE;   /* > 0 on the flat top face */
    Rgba face = lit(wall_color(x, y), 0.08f);
    Rgba side = mix(BRICK_DARK, BRICK_LIGHT, 0.5f + 0.3f * (fbm(x, y, 8.0f, TILE, 3, SEED_WALL + 4) - 0.5f));
    side = lit(side, 0.55f * facing(hex.nx, hex.ny) - 0.05f);
    Rgba c = mix(side, face, smoothstep(-0.6f, 0.6f, top));
    c = mix(c, MORTAR, 0.6f * (1.0f - smoothstep(0.5f, 1.3f, -hex.d)));
    return fade(c, cover(hex.d));
}

static Rgba hex_goal_color(float x, float y)
{
    Dist hex = hex_dist(x, y);
    Rgba inlaid = goal_inlay(hex_stone(x, y, hex), x, y, HALF_TILE, HALF_TILE, AMBER);
    return fade(inlaid, cover(hex.d));
}

/* ------------------------------------------------------------------------ */
/* 15-puzzle tiles and overlays                                             */
/* ------------------------------------------------------------------------ */

static const float TILE_HALF = 29.5f;
static const float TILE_RADIUS = 9.0f;
static const float TILE_BEVEL = 5.0f;

static Rgba puzzle_tile_color(float x, float y)
{
    Dist face = sd_round_rect(x, y, HALF_TILE, HALF_TILE, TILE_HALF, TILE_HALF, TILE_RADIUS);
    Dist shadow = sd_round_rect(x - 1.0f, y - 1.6f, HALF_TILE, HALF_TILE, TILE_HALF, TILE_HALF, TILE_RADIUS);
    Rgba c = fade(CAST_SHADOW, 0.4f * soft(shadow.d, 1.2f));
    Rgba t = mix(TILE_TOP, TILE_BOTTOM, saturate(y / TILE));
    t = lit(t, 0.6f * bevel(face, TILE_BEVEL));
    /* A faint groove where the bevel meets the face. */
    float groove = fabsf(-face.d - TILE_BEVEL - 0.5f);
    t = lit(t, -0.10f * (1.0f - smoothstep(0.3f, 1.0f, groove)));
    return paint(c, t, cover(face.d));
}

static Rgba tile_blank_color(float x, float y)
{
    Dist slot = sd_round_rect(x, y, HALF_TILE, HALF_TILE, TILE_HALF, TILE_HALF, TILE_RADIUS);
    Rgba s = lit(SLOT, 0.08f * sheen(x, y, TILE));
    s = lit(s, -0.75f * bevel(slot, 6.0f));
    return fade(s, cover(slot.d));
}

static Rgba cursor_color(float x, float y)
{
    Dist frame = sd_round_rect(x, y, HALF_TILE, HALF_TILE, 30.0f, 30.0f, 10.0f);
    Dist band = sd_outline(frame, 2.5f, 2.2f);
    Rgba c = fade(CURSOR_GOLD, 0.12f * cover(frame.d));                         /* tinted inside */
    float to_border = fminf(fminf(x, y), fminf((float)TILE - x, (float)TILE - y));
    float glow = 0.55f * expf(-fmaxf(band.d, 0.0f) / 2.0f) * smoothstep(0.0f, 2.0f, to_border);
    c = paint(c, CURSOR_GOLD, glow);
    Rgba gold = lit(CURSOR_GOLD, 0.5f * bevel(band, 1.5f));
    return paint(c, fade(gold, 0.95f), cover(band.d));
}

static Rgba deadlock_color(float x, float y)
{
    const float half_width = 2.6f, arm = 11.0f, ring_r = 21.0f;
    Dist ring = sd_outline(sd_circle(x, y, HALF_TILE, HALF_TILE, ring_r), 0.0f, half_width);
    float cross = fminf(sd_segment(x, y, HALF_TILE - arm, HALF_TILE - arm, HALF_TILE + arm, HALF_TILE + arm, half_width),
                        sd_segment(x, y, HALF_TILE - arm, HALF_TILE + arm, HALF_TILE + arm, HALF_TILE - arm, half_width));
    float mark = fminf(ring.d, cross);
    Rgba c = fade(lit(DEADLOCK_RED, -0.3f), 0.45f * expf(-fmaxf(mark, 0.0f) / 2.5f));
    c = paint(c, fade(WHITE, 0.7f), cover(mark - 1.2f));
    return paint(c, fade(DEADLOCK_RED, 0.9f), cover(mark));
}

/* ------------------------------------------------------------------------ */
/* The picture: a sunset landscape for the sliding puzzle's picture mode    */
/* ------------------------------------------------------------------------ */

static const Rgba SKY_TOP = HEX(0x3e4f9c);
static const Rgba SKY_MID = HEX(0x9a70b4);
static const Rgba SKY_LOW = HEX(0xf39074);
static const Rgba SKY_HORIZON = HEX(0xffd89c);
static const Rgba SUN_CORE = HEX(0xfff6cf);
static const Rgba SUN_EDGE = HEX(0xffc444);
static const Rgba CLOUD_LIGHT = HEX(0xfff1e8);
static const Rgba CLOUD_SHADE = HEX(0xe9a7a8);
static const Rgba MOUNTAIN_LIT = HEX(0x9a74a8);
static const Rgba MOUNTAIN_DARK = HEX(0x5e4782);
static const Rgba SNOW = HEX(0xfbeef0);
static const Rgba HILL_FAR = HEX(0xa9c964);
static const Rgba HILL_FAR_DARK = HEX(0x7aa84e);
static const Rgba HILL_NEAR = HEX(0x74ab48);
static const Rgba HILL_NEAR_DARK = HEX(0x4a8238);
static const Rgba TREE_GREEN = HEX(0x3f8a3c);
static const Rgba PINE_GREEN = HEX(0x2f6e45);
static const Rgba TRUNK = HEX(0x7a4a2c);
static const Rgba HOUSE_WALL = HEX(0xf6e3c4);
static const Rgba ROOF = HEX(0xd24a3a);
static const Rgba WINDOW_GLOW = HEX(0xffd45a);
static const Rgba LAKE_BLUE = HEX(0x4f86c6);
static const Rgba PATH_SAND = HEX(0xecd09a);
static const Rgba BALLOON_A = HEX(0xe84a3d);
static const Rgba BALLOON_B = HEX(0xffd04a);
static const Rgba BALLOON_C = HEX(0x3fa7a0);
static const Rgba BIRD = HEX(0x3a2a4a);
static const Rgba FLOWER_COLOURS[4] = { HEX(0xff6b5e), HEX(0xffd84d), HEX(0xfff6ea), HEX(0xf27bb8) };

static const float HORIZON_Y = 320.0f;
static const float SUN_X = 150.0f, SUN_Y = 205.0f, SUN_R = 44.0f;
static const float LAKE_X = 128.0f, LAKE_Y = 378.0f, LAKE_RX = 92.0f, LAKE_RY = 17.0f;
static const float HOUSE_X = 380.0f, HOUSE_BASE = 378.0f;
static const float FLOWER_CELL = 22.0f;

static Rgba sky_color(float y)
{
    float t = saturate(y / HORIZON_Y);
    if (t < 0.45f)
        return mix(SKY_TOP, SKY_MID, t / 0.45f);
    if (t < 0.78f)
        return mix(SKY_MID, SKY_LOW, (t - 0.45f) / 0.33f);
    return mix(SKY_LOW, SKY_HORIZON, (t - 0.78f) / 0.22f);
}

static float hill_far_y(float x) { return 336.0f + 15.0f * sinf(x * 0.011f + 0.8f) + 8.0f * sinf(x * 0.027f + 2.0f); }
static float hill_near_y(float x) { return 420.0f + 22.0f * sinf(x * 0.008f + 2.6f) + 8.0f * sinf(x * 0.021f); }

/* Mountains, listed back to front: jagged triangles, top at (x, y). */
typedef struct { float x, y, slope; } Peak;
static const Peak PEAKS[] = {
    { 250, 212, 0.95f }, { 475, 222, 0.9f }, { -20, 250, 0.9f }, { 365, 252, 0.85f }, { 580, 260, 0.8f }, { 95, 268, 0.8f },
};
enum { PEAK_COUNT = (int)(sizeof PEAKS / sizeof PEAKS[0]) };

/* One mountain: lit left flank, shaded right flank split along a slanted
 * crease, a snow cap, and haze that grows towards its foot and with distance. */
static Rgba draw_mountain(Rgba c, float x, float y, int index)
{
    const Peak *pk = &PEAKS[index];
    uint32_t seed = SEED_PICTURE + 20u + (uint32_t)index;
    float edge = pk->y + fabsf(x - pk->x) * pk->slope + 7.0f * (fbm(x, 0.5f, 14.0f, NO_WRAP, 3, seed) - 0.5f);
    if (y < edge - 2.0f)
        return c;
    float crease = pk->x + (y - pk->y) * 0.3f + 6.0f * (fbm(0.5f, y, 10.0f, NO_WRAP, 2, seed) - 0.5f);
    float shaded = smoothstep(-0.5f, 0.5f, x - crease);
    Rgba rock = mix(MOUNTAIN_LIT, MOUNTAIN_DARK, shaded);
    float snow_line = pk->y + 26.0f + 8.0f * sinf(x * 0.21f) + 5.0f * sinf(x * 0.07f);
    rock = mix(rock, lit(SNOW, -0.22f * shaded), 1.0f - smoothstep(snow_line - 1.0f, snow_line + 1.0f, y));
    float distance_haze = 0.25f * (1.0f - (float)index / (float)(PEAK_COUNT - 1));
    rock = mix(rock, SKY_LOW, distance_haze);
    rock = mix(rock, SKY_HORIZON, 0.45f * smoothstep(pk->y + 40.0f, HORIZON_Y + 20.0f, y));
    return paint(c, rock, cover(edge - y));
}

static Rgba draw_cloud(Rgba c, float x, float y, float cx, float cy, float scale)
{
    static const float PUFFS[5][3] = {
        { -38, 6, 18 }, { -14, -8, 26 }, { 16, -12, 22 }, { 38, 4, 17 }, { 2, 8, 20 },
    };
    float d = 1e9f;
    for (int i = 0; i < 5; i++)
        d = fminf(d, sd_circle(x, y, cx + PUFFS[i][0] * scale, cy + PUFFS[i][1] * scale, PUFFS[i][2] * scale).d);
    d = fminf(d, sd_round_rect(x, y, cx, cy + 8.0f * scale, 46.0f * scale, 9.0f * scale, 9.0f * scale).d);
    d = fmaxf(d, y - (cy + 16.0f * scale));   /* flat bottom */
    float t = saturate((y - (cy - 30.0f * scale)) / (46.0f * scale));
    Rgba col = mix(CLOUD_LIGHT, CLOUD_SHADE, smoothstep(0.35f, 1.0f, t));
    return paint(c, fade(col, 0.96f), cover(d));
}

static Rgba draw_balloon(Rgba c, float x, float y)
{
    const float bx = 418.0f, by = 118.0f, r = 40.0f, basket_y = 200.0f;
    /* Ropes, then basket, then the envelope: a circle blended into a cone. */
    for (int i = -1; i <= 1; i += 2) {
        float rope = sd_segment(x, y, bx + (float)i * 11.0f, by + r + 6.0f, bx + (float)i * 7.0f, basket_y, 0.7f);
        c = paint(c, BIRD, cover(rope));
    }
    Dist basket = sd_round_rect(x, y, bx, basket_y + 6.0f, 8.0f, 6.5f, 2.0f);
    c = paint(c, lit(TRUNK, 0.3f * bevel(basket, 2.0f)), cover(basket.d));

    /* The envelope's lower half narrows linearly down to its mouth. */
    const float neck = r + 8.0f, mouth = r * 0.3f, quarter_turn = 1.5707963f;
    float t = saturate((y - by) / neck);
    float cone_half = lerpf(mouth, r, cosf(t * quarter_turn));
    float cone = y >= by ? fmaxf(fabsf(x - bx) - cone_half, y - (by + neck)) : 1e9f;
    float d = fminf(sd_circle(x, y, bx, by, r).d, cone);
    /* Vertical gores: colour by the horizontal position across the envelope. */
    float half_w = y < by ? sqrtf(fmaxf(r * r - (y - by) * (y - by), 1.0f)) : cone_half;
    float s = saturate(0.5f + 0.5f * (x - bx) / half_w);
    int gore = (int)floorf(s * 5.0f);
    Rgba col = (gore == 2) ? BALLOON_C : ((gore & 1) ? BALLOON_B : BALLOON_A);
    float nx = (x - bx) / r, ny = (y - by) / r;
    float shade = -0.45f * nx - 0.35f * ny;
    col = lit(col, 0.35f * shade);
    c = paint(c, lit(col, -0.35f), cover(d - 1.0f));
    return paint(c, col, cover(d));
}

static Rgba draw_bird(Rgba c, float x, float y, float bx, float by, float span)
{
    float wing_l = sd_segment(x, y, bx - span, by - span * 0.45f, bx, by, 1.2f);
    float wing_r = sd_segment(x, y, bx, by, bx + span, by - span * 0.55f, 1.2f);
    return paint(c, BIRD, cover(fminf(wing_l, wing_r)));
}

static Rgba draw_round_tree(Rgba c, float x, float y, float tx, float base, float size)
{
    float trunk = sd_segment(x, y, tx, base, tx, base - 16.0f * size, 2.6f * size);
    c = paint(c, fade(CAST_SHADOW, 0.25f), soft(sd_ellipse(x, y, tx + 6.0f * size, base, 14.0f * size, 3.0f * size).d, 1.5f));
    c = paint(c, TRUNK, cover(trunk));
    float cy = base - 28.0f * size, r = 15.0f * size;
    float d = fminf(sd_circle(x, y, tx, cy, r).d,
                    fminf(sd_circle(x, y, tx - 9.0f * size, cy + 5.0f * size, r * 0.7f).d,
                          sd_circle(x, y, tx + 9.0f * size, cy + 5.0f * size, r * 0.72f).d));
    Dist light = sd_circle(x, y, tx - 5.0f * size, cy - 6.0f * size, r * 1.1f);
    Rgba leaf = lit(TREE_GREEN, 0.35f * (1.0f - smoothstep(-r, r * 0.5f, light.d)) - 0.25f * smoothstep(-r, r, light.d));
    c = paint(c, lit(TREE_GREEN, -0.45f), cover(d - 1.0f));
    return paint(c, leaf, cover(d));
}

static Rgba draw_pine(Rgba c, float x, float y, float tx, float base, float size)
{
    c = paint(c, TRUNK, cover(sd_segment(x, y, tx, base, tx, base - 8.0f * size, 2.0f * size)));
    for (int tier = 0; tier < 3; tier++) {
        float top = base - (22.0f + 10.0f * (float)tier) * size, bottom = base - (6.0f + 9.0f * (float)tier) * size;
        float half = (13.0f - 3.0f * (float)tier) * size;
        const float tri[3][2] = { { tx, top }, { tx + half, bottom }, { tx - half, bottom } };
        Dist t = sd_convex_polygon(x, y, tri, 3);
        Rgba g = lit(PINE_GREEN, x < tx ? 0.15f : -0.15f);
        c = paint(c, g, cover(t.d));
    }
    return c;
}

static Rgba draw_house(Rgba c, float x, float y)
{
    const float hx = HOUSE_X, base = HOUSE_BASE, half = 28.0f, wall_h = 34.0f;
    c = paint(c, fade(CAST_SHADOW, 0.25f), soft(sd_ellipse(x, y, hx + 10.0f, base, 40.0f, 4.0f).d, 2.0f));
    /* Chimney behind the roof. */
    Dist chimney = sd_round_rect(x, y, hx + 14.0f, base - wall_h - 24.0f, 4.5f, 10.0f, 1.0f);
    c = paint(c, lit(ROOF, -0.35f), cover(chimney.d));
    Dist wall = sd_round_rect(x, y, hx, base - wall_h * 0.5f, half, wall_h * 0.5f, 1.5f);
    Rgba w = lit(HOUSE_WALL, x > hx ? -0.12f : 0.05f);
    c = paint(c, w, cover(wall.d));
    const float roof[3][2] = { { hx, base - wall_h - 32.0f }, { hx + half + 8.0f, base - wall_h + 2.0f }, { hx - half - 8.0f, base - wall_h + 2.0f } };
    Dist r = sd_convex_polygon(x, y, roof, 3);
    Rgba rc = lit(ROOF, x < hx ? 0.12f : -0.18f);
    rc = lit(rc, -0.25f * (1.0f - smoothstep(0.0f, 1.5f, fabsf(fmodf(y - (base - wall_h), 6.0f)))));
    c = paint(c, rc, cover(r.d));
    Dist door = sd_round_rect(x, y, hx + 10.0f, base - 10.0f, 6.0f, 10.0f, 2.5f);
    c = paint(c, lit(TRUNK, -0.1f), cover(door.d));
    Dist window = sd_round_rect(x, y, hx - 12.0f, base - 19.0f, 6.0f, 6.0f, 1.0f);
    c = paint(c, TRUNK, cover(window.d - 1.5f));
    c = paint(c, WINDOW_GLOW, cover(window.d));
    return c;
}

static Rgba draw_fence(Rgba c, float x, float y)
{
    const float left = 12.0f, post_step = 27.0f;
    const int posts = 5;
    const float right = left + 12.0f + post_step * (float)(posts - 1);
    for (int rail = 0; rail < 2; rail++) {
        float ry = 452.0f + 15.0f * (float)rail + (x - left) * 0.06f;
        Dist r = sd_round_rect(x, y, (left + right) * 0.5f, ry, (right - left) * 0.5f, 2.6f, 1.2f);
        c = paint(c, lit(TRUNK, 0.25f + 0.3f * bevel(r, 1.5f)), cover(r.d));
    }
    for (int i = 0; i < posts; i++) {
        float px = left + 6.0f + post_step * (float)i;
        float top = 440.0f + (px - left) * 0.06f;
        Dist post = sd_round_rect(x, y, px, top + 18.0f, 3.8f, 19.0f, 1.5f);
        c = paint(c, lit(TRUNK, 0.1f + 0.4f * bevel(post, 1.6f)), cover(post.d));
    }
    return c;
}

static float path_centre(float y) { return HOUSE_X + 10.0f + (y - HOUSE_BASE) / (512.0f - HOUSE_BASE) * -150.0f + 22.0f * sinf((y - HOUSE_BASE) / 28.0f); }

static Rgba draw_flowers(Rgba c, float x, float y)
{
    int cx = (int)floorf(x / FLOWER_CELL), cy = (int)floorf(y / FLOWER_CELL);
    for (int j = cy - 1; j <= cy + 1; j++) {
        for (int i = cx - 1; i <= cx + 1; i++) {
            if (hash01(i, j, SEED_PICTURE + 1) > 0.6f)
                continue;
            float fx = ((float)i + 0.2f + 0.6f * hash01(i, j, SEED_PICTURE + 2)) * FLOWER_CELL;
            float fy = ((float)j + 0.2f + 0.6f * hash01(i, j, SEED_PICTURE + 3)) * FLOWER_CELL;
            if (fy < hill_near_y(fx) + 12.0f || fabsf(fx - path_centre(fy)) < 6.0f + (fy - HOUSE_BASE) * 0.16f + 6.0f)
                continue;
            if (fx > 420.0f && fy < 480.0f)   /* keep the big tree clear */
                continue;
            float dx = x - fx, dy = y - fy, dist = sqrtf(dx * dx + dy * dy);
            float petal_r = 3.6f + 1.4f * cosf(5.0f * atan2f(dy, dx));
            Rgba col = FLOWER_COLOURS[hash2(i, j, SEED_PICTURE + 4) % 4u];
            c = paint(c, lit(col, -0.25f * saturate(dy / 4.0f)), cover(dist - petal_r));
            c = paint(c, SUN_EDGE, cover(dist - 1.6f));
        }
    }
    return c;
}

static Rgba picture_color(float x, float y)
{
    /* Sky, sun glow and the sun itself. */
    Rgba c = sky_color(y);
    float sun_dist = sqrtf((x - SUN_X) * (x - SUN_X) + (y - SUN_Y) * (y - SUN_Y));
    c = paint(c, SUN_EDGE, 0.55f * expf(-fmaxf(sun_dist - SUN_R, 0.0f) / 55.0f));
    c = paint(c, mix(SUN_CORE, SUN_EDGE, smoothstep(0.0f, SUN_R, sun_dist)), cover(sun_dist - SUN_R));

    c = draw_cloud(c, x, y, 96.0f, 78.0f, 1.15f);
    c = draw_cloud(c, x, y, 290.0f, 52.0f, 0.85f);
    c = draw_cloud(c, x, y, 36.0f, 196.0f, 0.55f);
    c = draw_balloon(c, x, y);
    c = draw_bird(c, x, y, 262.0f, 150.0f, 8.0f);
    c = draw_bird(c, x, y, 290.0f, 166.0f, 6.5f);
    c = draw_bird(c, x, y, 246.0f, 176.0f, 5.5f);

    for (int i = 0; i < PEAK_COUNT; i++)
        c = draw_mountain(c, x, y, i);

    /* Far hills with a lake and the house. */
    float far = hill_far_y(x);
    float grass = fbm(x, y, 10.0f, NO_WRAP, 3, SEED_PICTURE + 5);
    Rgba meadow = mix(HILL_FAR, HILL_FAR_DARK, saturate((y - far) / 70.0f + 0.3f * (grass - 0.5f)));
    meadow = lit(meadow, 0.3f * (1.0f - smoothstep(0.0f, 4.0f, y - far)));
    c = paint(c, meadow, cover(far - y));
    for (int i = 0; i < 3; i++)
        c = draw_pine(c, x, y, 26.0f + 24.0f * (float)i, hill_far_y(26.0f + 24.0f * (float)i) + 14.0f + 3.0f * (float)i, 1.0f - 0.12f * (float)i);

    Dist lake = sd_ellipse(x, y, LAKE_X, LAKE_Y, LAKE_RX, LAKE_RY);
    /* The water mirrors the sky: the far edge shows the horizon, the near edge the zenith. */
    float mirrored = HORIZON_Y - (y - (LAKE_Y - LAKE_RY)) * (HORIZON_Y / (2.0f * LAKE_RY));
    Rgba water = mix(sky_color(mirrored), LAKE_BLUE, 0.35f);
    float ripple = sinf(y * 1.3f + 4.0f * sinf(x * 0.05f));
    water = mix(water, WHITE, 0.25f * smoothstep(0.85f, 1.0f, ripple));
    water = mix(water, SUN_CORE, 0.8f * smoothstep(0.4f, 0.9f, ripple) * (1.0f - smoothstep(8.0f, 22.0f, fabsf(x - SUN_X))));
    c = paint(c, lit(HILL_FAR_DARK, -0.3f), cover(lake.d - 1.5f));
    c = paint(c, water, cover(lake.d));

    c = draw_round_tree(c, x, y, 300.0f, 356.0f, 0.9f);
    c = draw_house(c, x, y);
    c = draw_round_tree(c, x, y, 452.0f, 350.0f, 1.05f);
    c = draw_round_tree(c, x, y, 490.0f, 362.0f, 0.8f);
    c = draw_round_tree(c, x, y, 214.0f, 366.0f, 0.75f);

    /* Near hill, the path up to the house, the fence, a big tree and flowers. */
    float near = hill_near_y(x);
    Rgba field = mix(HILL_NEAR, HILL_NEAR_DARK, saturate((y - near) / 90.0f + 0.35f * (grass - 0.5f)));
    field = lit(field, 0.3f * (1.0f - smoothstep(0.0f, 4.0f, y - near)));
    c = paint(c, field, cover(near - y));

    if (y > HOUSE_BASE - 2.0f) {
        float half_w = 5.0f + (y - HOUSE_BASE) * 0.16f;
        float d = fabsf(x - path_centre(y)) - half_w;
        Rgba sand = lit(PATH_SAND, 0.3f * (fbm(x, y, 6.0f, NO_WRAP, 2, SEED_PICTURE + 6) - 0.5f));
        c = paint(c, lit(HILL_NEAR_DARK, -0.2f), cover(d - 1.2f));
        c = paint(c, sand, cover(d));
    }
    c = draw_fence(c, x, y);
    c = draw_flowers(c, x, y);
    c = draw_round_tree(c, x, y, 462.0f, 474.0f, 1.6f);

    /* Gentle vignette. */
    float vx = x / PICTURE_SIZE - 0.5f, vy = y / PICTURE_SIZE - 0.5f;
    return lit(c, -0.35f * smoothstep(0.25f, 0.75f, vx * vx + vy * vy));
}

/* ------------------------------------------------------------------------ */
/* Colour symbols: coloured crates and goals carry a shape per colour, so     */
/* players who cannot tell the colours apart can still match them (issue 13). */
/* ------------------------------------------------------------------------ */

enum { SYMBOL_CIRCLE, SYMBOL_SQUARE, SYMBOL_TRIANGLE, SYMBOL_PLUS };

typedef struct {
    const CrateStyle *crate;    /* the crate under the badge (NULL: a goal) */
    const Rgba *paint;          /* the goal's paint */
    int symbol;
} SymbolStyle;

static const Rgba BADGE_FILL = HEX(0xf6efe0), BADGE_INK = HEX(0x2a1d16);

/* Signed distance (px) to a symbol of circumradius r centred at the origin (y down). */
static float sd_symbol(float u, float v, int kind, float r)
{
    switch (kind) {
    case SYMBOL_CIRCLE: return sqrtf(u * u + v * v) - r * 0.86f;
    case SYMBOL_SQUARE: return fmaxf(fabsf(u), fabsf(v)) - r * 0.7f;
    case SYMBOL_TRIANGLE: {
        float ri = r * 0.5f, vv = v - r * 0.12f; /* centred by eye */
        float d1 = vv - ri, d2 = 0.8660254f * u - 0.5f * vv - ri, d3 = -0.8660254f * u - 0.5f * vv - ri;
        return fmaxf(d1, fmaxf(d2, d3));
    }
    default: {
        float t = r * 0.34f;
        float a = fmaxf(fabsf(u) - r, fabsf(v) - t), b = fmaxf(fabsf(u) - t, fabsf(v) - r);
        return fminf(a, b);
    }
    }
}

/* A coloured crate with a cream badge in its middle holding the colour's symbol. */
static Rgba shade_symbol_crate(float x, float y, const void *param)
{
    const SymbolStyle *st = param;
    Rgba c = crate_sprite(x, y, st->crate);
    float u = x - HALF_TILE, v = y - HALF_TILE;
    Dist badge = sd_circle(x, y, HALF_TILE, HALF_TILE, 11.5f);
    c = paint(c, fade(CAST_SHADOW, 0.35f), cover(sd_circle(x - 0.8f, y - 1.2f, HALF_TILE, HALF_TILE, 12.0f).d));
    c = paint(c, lit(BADGE_FILL, 0.35f * bevel(badge, 1.6f)), cover(badge.d));
    return paint(c, BADGE_INK, cover(sd_symbol(u, v, st->symbol, 7.5f)));
}

/* A coloured goal: the ring in its paint, and the colour's symbol in the middle. */
static Rgba shade_symbol_goal(float x, float y, const void *param)
{
    const SymbolStyle *st = param;
    Rgba base = floor_color(x, y);
    Dist recess = sd_circle(x, y, HALF_TILE, HALF_TILE, GOAL_RING_RADIUS + GOAL_RING_HALF + 2.5f);
    base = lit(base, -0.10f * cover(recess.d) - 0.35f * bevel(recess, 2.0f) * cover(recess.d));
    Dist ring = sd_outline(sd_circle(x, y, HALF_TILE, HALF_TILE, GOAL_RING_RADIUS), 0.0f, GOAL_RING_HALF);
    Rgba gem = lit(*st->paint, 0.55f * bevel(ring, 2.2f) + 0.15f * sheen(x, y, TILE));
    base = paint(base, fade(CAST_SHADOW, 0.3f), cover(ring.d - 0.8f) * (1.0f - cover(ring.d)));
    base = paint(base, gem, cover(ring.d));
    float d = sd_symbol(x - HALF_TILE, y - HALF_TILE, st->symbol, 9.0f);
    base = paint(base, fade(CAST_SHADOW, 0.5f), cover(d - 1.2f));
    return paint(base, lit(*st->paint, 0.25f), cover(d));
}

/* ------------------------------------------------------------------------ */
/* Sprite table                                                             */
/* ------------------------------------------------------------------------ */

/* A shader maps a point in px (cell-relative) to a premultiplied colour. */
typedef Rgba (*Shader)(float x, float y, const void *param);

static Rgba shade_floor(float x, float y, const void *param) { (void)param; return floor_color(x, y); }
static Rgba shade_wall(float x, float y, const void *param) { (void)param; return wall_color(x, y); }
static Rgba shade_ice(float x, float y, const void *param) { (void)param; return ice_color(x, y); }
static Rgba shade_void(float x, float y, const void *param) { (void)x; (void)y; (void)param; return CLEAR; }
static Rgba shade_hex_floor(float x, float y, const void *param) { (void)param; return hex_floor_color(x, y); }
static Rgba shade_hex_wall(float x, float y, const void *param) { (void)param; return hex_wall_color(x, y); }
static Rgba shade_hex_goal(float x, float y, const void *param) { (void)param; return hex_goal_color(x, y); }
static Rgba shade_tile(float x, float y, const void *param) { (void)param; return puzzle_tile_color(x, y); }
static Rgba shade_tile_blank(float x, float y, const void *param) { (void)param; return tile_blank_color(x, y); }
static Rgba shade_cursor(float x, float y, const void *param) { (void)param; return cursor_color(x, y); }
static Rgba shade_deadlock(float x, float y, const void *param) { (void)param; return deadlock_color(x, y); }
static Rgba shade_picture(float x, float y, const void *param) { (void)param; return picture_color(x, y); }

static Rgba shade_goal(float x, float y, const void *param)
{
    return goal_color(x, y, *(const Rgba *)param);
}

static Rgba shade_crate(float x, float y, const void *param)
{
    return crate_sprite(x, y, (const CrateStyle *)param);
}

static Rgba shade_player(float x, float y, const void *param)
{
    return player_color(x, y, (const PlayerStyle *)param);
}

static Rgba shade_hole(float x, float y, const void *param)
{
    (void)param;
    Dist pit = sd_round_rect(x, y, HALF_TILE, HALF_TILE, PIT_HALF, PIT_HALF, PIT_RADIUS);
    return paint(pit_surround(x, y, pit), pit_color(x, y, pit), cover(pit.d));
}

/* A crate sunk into a pit: its top sits a little below the floor. */
static const float SUNK_CRATE_HALF = 22.5f;

static Rgba shade_hole_filled(float x, float y, const void *param)
{
    const CrateStyle *st = param;
    Dist pit = sd_round_rect(x, y, HALF_TILE, HALF_TILE, PIT_HALF, PIT_HALF, PIT_RADIUS);
    Rgba inside = pit_color(x, y, pit);
    Rgba top = crate_color(x, y, HALF_TILE, HALF_TILE, SUNK_CRATE_HALF, st);
    top = lit(top, -0.2f);
    /* The pit rim shades the top-left of the sunk crate. */
    Dist rim = sd_round_rect(x - 3.5f, y - 3.5f, HALF_TILE, HALF_TILE, PIT_HALF, PIT_HALF, PIT_RADIUS);
    top = paint(top, fade(PIT_DEEP, 0.5f * top.a), 1.0f - soft(rim.d, 2.5f));
    inside = over(top, inside);
    return paint(pit_surround(x, y, pit), inside, cover(pit.d));
}

/* ------------------------------------------------------------------------ */
/* The robot (numeric Sokoban's hero) and the ring under the active player  */
/* ------------------------------------------------------------------------ */

static const Rgba ROBOT_LIGHT = HEX(0xc9d6e3);
static const Rgba ROBOT_DARK = HEX(0x6f8296);
static const Rgba ROBOT_OUTLINE = HEX(0x2f3a48);
static const Rgba VISOR = HEX(0x1f2a38);
static const Rgba VISOR_EYE = HEX(0x6ff0ff);
static const Rgba ANTENNA_BULB = HEX(0xff5a4a);
static const Rgba TREAD = HEX(0x3a3f47);

static Rgba robot_color(float x, float y, const PlayerStyle *st)
{
    int back = st->look_y < -0.5f;
    float tx = st->look_x * 3.0f, ty = st->look_y * 2.0f;
    Rgba c = fade(CAST_SHADOW, 0.35f * soft(sd_ellipse(x, y, 33.5f, 56.0f, 19.0f, 4.5f).d, 2.5f));

    /* Treads: two rounded dark blocks at the bottom, ribbed. */
    for (int i = -1; i <= 1; i += 2) {
        Dist tread = sd_round_rect(x, y, 32.0f + (float)i * 12.0f, 51.0f, 6.0f, 5.0f, 2.5f);
        Rgba t = lit(TREAD, 0.35f * bevel(tread, 1.5f));
        if (fractf(x / 3.0f) < 0.35f) t = lit(t, -0.25f);
        c = paint(c, ROBOT_OUTLINE, cover(tread.d - 0.8f));
        c = paint(c, t, cover(tread.d));
    }

    /* Antenna with a glowing bulb. */
    float stem = sd_segment(x, y, 32.0f + tx * 0.5f, 14.0f, 32.0f + tx * 0.5f, 7.0f, 1.0f);
    c = paint(c, ROBOT_OUTLINE, cover(stem));
    Dist bulb = sd_circle(x, y, 32.0f + tx * 0.5f, 6.0f, 2.8f);
    c = paint(c, fade(ANTENNA_BULB, 0.35f), soft(bulb.d - 2.0f, 2.0f));
    c = paint(c, lit(ANTENNA_BULB, 0.5f * bevel(bulb, 1.2f)), cover(bulb.d));

    /* Body: a rounded box, shaded from the top-left. */
    Dist body = sd_round_rect(x, y, 32.0f, 32.0f, 19.0f, 17.0f, 6.0f);
    float t = saturate(0.55f - 0.012f * ((x - 32.0f) + (y - 32.0f)));
    Rgba b = mix(ROBOT_DARK, ROBOT_LIGHT, t);
    b = lit(b, 0.45f * bevel(body, 2.5f));
    b = mix(b, WHITE, 0.35f * soft(sd_ellipse(x, y, 22.0f, 20.0f, 6.0f, 2.5f).d, 1.5f));
    b = mix(b, ROBOT_OUTLINE, 0.85f * smoothstep(-1.6f, -0.6f, body.d));
    c = paint(c, b, cover(body.d));

    if (back) {
        /* The back: a vent grille instead of the face. */
        for (int k = 0; k < 3; k++) {
            float gy = 26.0f + (float)k * 5.0f;
            float slot = sd_segment(x, y, 24.0f, gy, 40.0f, gy, 1.1f);
            c = paint(c, lit(ROBOT_DARK, -0.35f), cover(slot));
        }
        return c;
    }
    /* Face: a dark visor with two glowing eyes that look where the robot goes. */
    Dist visor = sd_round_rect(x, y, 32.0f + tx, 28.0f + ty, 13.0f, 6.5f, 4.0f);
    Rgba v = lit(VISOR, 0.25f * sheen(x, y, TILE));
    c = paint(c, v, cover(visor.d));
    for (int i = -1; i <= 1; i += 2) {
        Dist eye = sd_round_rect(x, y, 32.0f + (float)i * 6.0f + tx * 1.4f, 28.0f + ty * 1.2f, 2.6f, 2.6f, 1.2f);
        c = paint(c, fade(VISOR_EYE, 0.5f), soft(eye.d - 1.0f, 1.5f) * cover(visor.d));
        c = paint(c, VISOR_EYE, cover(eye.d));
    }
    /* A small speaker grille for a mouth, and two rivets. */
    float mouth = sd_segment(x, y, 27.0f + tx, 40.0f, 37.0f + tx, 40.0f, 1.0f);
    c = paint(c, lit(ROBOT_DARK, -0.3f), cover(mouth));
    for (int i = -1; i <= 1; i += 2) {
        Dist rivet = sd_circle(x, y, 32.0f + (float)i * 15.0f, 40.0f, 1.5f);
        c = paint(c, lit(ROBOT_LIGHT, 0.4f * bevel(rivet, 1.0f)), cover(rivet.d));
    }
    return c;
}

/* A golden ring on the ground under the player that input moves (levels with several). */
static Rgba selected_color(float x, float y)
{
    Dist ring = sd_outline(sd_ellipse(x, y, HALF_TILE, 50.0f, 24.0f, 10.0f), 0.0f, 2.2f);
    Rgba c = fade(CURSOR_GOLD, 0.5f * expf(-fmaxf(ring.d, 0.0f) / 2.5f));
    Rgba gold = lit(CURSOR_GOLD, 0.45f * bevel(ring, 1.2f));
    c = paint(c, gold, cover(ring.d));
    /* A small marker above the head, pointing down at the player. */
    const float tri[3][2] = { { 26.0f, 1.5f }, { 38.0f, 1.5f }, { 32.0f, 8.0f } };
    Dist arrow = sd_convex_polygon(x, y, tri, 3);
    c = paint(c, lit(CURSOR_GOLD, -0.4f), cover(arrow.d - 0.8f));
    return paint(c, lit(CURSOR_GOLD, 0.3f * bevel(arrow, 1.2f)), cover(arrow.d));
}

static Rgba shade_robot(float x, float y, const void *param) { return robot_color(x, y, (const PlayerStyle *)param); }
static Rgba shade_selected(float x, float y, const void *param) { (void)param; return selected_color(x, y); }

static const CrateStyle CRATE_WOOD = { HEX(0xe3a464), HEX(0x9a5a2c), 1.0f, 0 };
static const CrateStyle CRATE_DONE = { HEX(0xf5c860), HEX(0xb0742a), 1.0f, 1 };
static const CrateStyle CRATE_RED = { HEX(0xf0675a), HEX(0xa8302a), 0.45f, 0 };
static const CrateStyle CRATE_BLUE = { HEX(0x68a6ee), HEX(0x2b5aa6), 0.45f, 0 };
static const CrateStyle CRATE_GREEN = { HEX(0x78cf7a), HEX(0x2f8043), 0.45f, 0 };
static const CrateStyle CRATE_YELLOW = { HEX(0xffd95a), HEX(0xc08a1c), 0.45f, 0 };
static const CrateStyle CRATE_RED_DONE = { HEX(0xff7a6c), HEX(0xb83a30), 0.45f, 1 };
static const CrateStyle CRATE_BLUE_DONE = { HEX(0x7ab4f6), HEX(0x3466b4), 0.45f, 1 };
static const CrateStyle CRATE_GREEN_DONE = { HEX(0x88dc88), HEX(0x37904c), 0.45f, 1 };
static const CrateStyle CRATE_YELLOW_DONE = { HEX(0xffe26e), HEX(0xcc9622), 0.45f, 1 };

static const PlayerStyle LOOK_UP = { 0.0f, -1.0f };
static const PlayerStyle LOOK_DOWN = { 0.0f, 1.0f };
static const PlayerStyle LOOK_LEFT = { -1.0f, 0.0f };
static const PlayerStyle LOOK_RIGHT = { 1.0f, 0.0f };

typedef struct {
    const char *name;
    Shader shader;
    const void *param;
} SpriteDef;

/* Colour symbols (see "Colour symbols" above). */
static const SymbolStyle SYM_BOX_RED = { &CRATE_RED, NULL, SYMBOL_CIRCLE };
static const SymbolStyle SYM_BOX_BLUE = { &CRATE_BLUE, NULL, SYMBOL_SQUARE };
static const SymbolStyle SYM_BOX_GREEN = { &CRATE_GREEN, NULL, SYMBOL_TRIANGLE };
static const SymbolStyle SYM_BOX_YELLOW = { &CRATE_YELLOW, NULL, SYMBOL_PLUS };
static const SymbolStyle SYM_BOX_RED_DONE = { &CRATE_RED_DONE, NULL, SYMBOL_CIRCLE };
static const SymbolStyle SYM_BOX_BLUE_DONE = { &CRATE_BLUE_DONE, NULL, SYMBOL_SQUARE };
static const SymbolStyle SYM_BOX_GREEN_DONE = { &CRATE_GREEN_DONE, NULL, SYMBOL_TRIANGLE };
static const SymbolStyle SYM_BOX_YELLOW_DONE = { &CRATE_YELLOW_DONE, NULL, SYMBOL_PLUS };
static const SymbolStyle SYM_GOAL_RED = { NULL, &PAINT_RED, SYMBOL_CIRCLE };
static const SymbolStyle SYM_GOAL_BLUE = { NULL, &PAINT_BLUE, SYMBOL_SQUARE };
static const SymbolStyle SYM_GOAL_GREEN = { NULL, &PAINT_GREEN, SYMBOL_TRIANGLE };
static const SymbolStyle SYM_GOAL_YELLOW = { NULL, &PAINT_YELLOW, SYMBOL_PLUS };

/* Sheet order: row-major, SHEET_COLUMNS per row. Names are the engine's contract. */
static const SpriteDef SPRITES[] = {
    { "floor", shade_floor, NULL },
    { "wall", shade_wall, NULL },
    { "goal", shade_goal, &AMBER },
    { "box", shade_crate, &CRATE_WOOD },
    { "box_on_goal", shade_crate, &CRATE_DONE },
    { "ice", shade_ice, NULL },
    { "hole", shade_hole, NULL },
    { "hole_filled", shade_hole_filled, &CRATE_WOOD },

    { "player", shade_player, &LOOK_DOWN },
    { "player_up", shade_player, &LOOK_UP },
    { "player_down", shade_player, &LOOK_DOWN },
    { "player_left", shade_player, &LOOK_LEFT },
    { "player_right", shade_player, &LOOK_RIGHT },
    { "void", shade_void, NULL },
    { "cursor", shade_cursor, NULL },
    { "deadlock", shade_deadlock, NULL },

    { "box_red", shade_symbol_crate, &SYM_BOX_RED },
    { "box_blue", shade_symbol_crate, &SYM_BOX_BLUE },
    { "box_green", shade_symbol_crate, &SYM_BOX_GREEN },
    { "box_yellow", shade_symbol_crate, &SYM_BOX_YELLOW },
    { "goal_red", shade_symbol_goal, &SYM_GOAL_RED },
    { "goal_blue", shade_symbol_goal, &SYM_GOAL_BLUE },
    { "goal_green", shade_symbol_goal, &SYM_GOAL_GREEN },
    { "goal_yellow", shade_symbol_goal, &SYM_GOAL_YELLOW },

    { "hex_floor", shade_hex_floor, NULL },
    { "hex_wall", shade_hex_wall, NULL },
    { "hex_goal", shade_hex_goal, NULL },
    { "tile", shade_tile, NULL },
    { "tile_blank", shade_tile_blank, NULL },
    { "selected", shade_selected, NULL },
    { "box_red_on_goal", shade_symbol_crate, &SYM_BOX_RED_DONE },
    { "box_blue_on_goal", shade_symbol_crate, &SYM_BOX_BLUE_DONE },

    { "box_green_on_goal", shade_symbol_crate, &SYM_BOX_GREEN_DONE },
    { "box_yellow_on_goal", shade_symbol_crate, &SYM_BOX_YELLOW_DONE },
    { "robot", shade_robot, &LOOK_DOWN },
    { "robot_up", shade_robot, &LOOK_UP },
    { "robot_down", shade_robot, &LOOK_DOWN },
    { "robot_left", shade_robot, &LOOK_LEFT },
    { "robot_right", shade_robot, &LOOK_RIGHT },
};
enum { SPRITE_COUNT = (int)(sizeof SPRITES / sizeof SPRITES[0]) };

/* ------------------------------------------------------------------------ */
/* Games with their own rules: lights, keys and doors, arrows, pads          */
/* ------------------------------------------------------------------------ */

static const Rgba PANEL_LIGHT = HEX(0x4a5368);
static const Rgba PANEL_DARK = HEX(0x262b38);
static const Rgba PANEL_EDGE = HEX(0x151922);
static const Rgba LAMP_HOT = HEX(0xfffbe6);
static const Rgba LAMP_WARM = HEX(0xffd34d);
static const Rgba LAMP_EDGE = HEX(0xf08a1c);
static const Rgba GLASS_DARK = HEX(0x1b2130);
static const Rgba GLASS_TINT = HEX(0x3c4a66);
static const Rgba GOLD_LIGHT = HEX(0xffe27a);
static const Rgba GOLD = HEX(0xe0a82e);
static const Rgba GOLD_DARK = HEX(0x8a5a12);
static const Rgba PLANK_LIGHT = HEX(0xb9773f);
static const Rgba PLANK_DARK = HEX(0x7a4521);
static const Rgba IRON = HEX(0x474b55);
static const Rgba IRON_LIGHT = HEX(0x8d93a1);
static const Rgba ARROW_PAINT = HEX(0x3fb6c8);
static const Rgba ARROW_EDGE = HEX(0x17606e);
static const Rgba PAD_METAL = HEX(0x9aa4b8);
static const Rgba PAD_DARK = HEX(0x4a5266);
static const Rgba PORTAL_CORE = HEX(0xe8fbff);
static const Rgba PORTAL_CYAN = HEX(0x4fe3ff);
static const Rgba PORTAL_VIOLET = HEX(0x8a5cff);
static const Rgba TARGET_RED = HEX(0xe5483a);
static const Rgba TARGET_WHITE = HEX(0xfff3e6);

/* A lamp in a dark bevelled panel; on: a warm glowing lens lighting the panel around it, off:
 * smoky glass with one cold reflection. The panel fills the cell (a floor tile). */
static Rgba lamp_color(float x, float y, int on)
{
    Dist panel = sd_round_rect(x, y, HALF_TILE, HALF_TILE, HALF_TILE - 1.5f, HALF_TILE - 1.5f, 8.0f);
    Rgba c = mix(PANEL_LIGHT, PANEL_DARK, saturate(0.15f + (x + y) / (2.0f * TILE)));
    c = lit(c, 0.4f * bevel(panel, 4.0f));
    float n = fbm(x, y, 8.0f, TILE, 2, SEED_WALL + 17);
    c = lit(c, 0.06f * (n - 0.5f));
    Dist lens = sd_circle(x, y, HALF_TILE, HALF_TILE, 19.0f);
    /* The lens sits in a recess with a rim. */
    Dist rim = sd_outline(lens, -1.0f, 2.2f);
    if (on) {
        float glow = expf(-fmaxf(lens.d, 0.0f) / 7.0f) * (1.0f - cover(lens.d));
        c = mix(c, LAMP_WARM, 0.55f * glow);
        float r = sqrtf((x - HALF_TILE + 3.0f) * (x - HALF_TILE + 3.0f) + (y - HALF_TILE + 4.0f) * (y - HALF_TILE + 4.0f));
        Rgba glass = mix(LAMP_HOT, LAMP_WARM, smoothstep(2.0f, 12.0f, r));
        glass = mix(glass, LAMP_EDGE, smoothstep(12.0f, 20.0f, r));
        c = paint(c, glass, cover(lens.d));
    } else {
        Rgba glass = mix(GLASS_TINT, GLASS_DARK, saturate((y - HALF_TILE + 19.0f) / 38.0f));
        glass = lit(glass, -0.35f * bevel(lens, 5.0f));
        c = paint(c, glass, cover(lens.d));
        Dist shine = sd_ellipse(x, y, HALF_TILE - 7.0f, HALF_TILE - 9.0f, 6.0f, 3.2f);
        c = paint(c, fade(WHITE, 0.35f), cover(shine.d) * cover(lens.d));
    }
    Rgba metal = lit(IRON_LIGHT, 0.5f * bevel(rim, 1.6f) - 0.15f);
    c = paint(c, metal, cover(rim.d));
    return paint(fade(PANEL_EDGE, 1.0f), c, cover(panel.d));
}

static Rgba shade_light(float x, float y, const void *param) { return lamp_color(x, y, *(const int *)param); }

/* A golden key lying on the floor, bow at the top left, bit at the bottom right. */
static Rgba key_color(float x, float y)
{
    /* Work in the key's own frame: along (u) and across (v) its shaft, 45 degrees down. */
    const float k = 0.70710678f;
    float u = ((x - 20.0f) + (y - 20.0f)) * k, v = (-(x - 20.0f) + (y - 20.0f)) * k;
    float su = ((x - 22.0f) + (y - 23.0f)) * k, sv = (-(x - 22.0f) + (y - 23.0f)) * k;  /* shadow */
    Dist bow = sd_outline(sd_circle(u, v, 0.0f, 0.0f, 9.0f), 0.0f, 3.4f);
    float shaft = sd_segment(u, v, 8.0f, 0.0f, 34.0f, 0.0f, 2.6f);
    float tooth1 = sd_segment(u, v, 26.0f, 0.0f, 26.0f, 7.5f, 2.2f);
    float tooth2 = sd_segment(u, v, 32.0f, 0.0f, 32.0f, 6.0f, 2.2f);
    float body = fminf(fminf(bow.d, shaft), fminf(tooth1, tooth2));
    Dist sbow = sd_outline(sd_circle(su, sv, 0.0f, 0.0f, 9.0f), 0.0f, 3.4f);
    float sbody = fminf(fminf(sbow.d, sd_segment(su, sv, 8.0f, 0.0f, 34.0f, 0.0f, 2.6f)),
                        fminf(sd_segment(su, sv, 26.0f, 0.0f, 26.0f, 7.5f, 2.2f), sd_segment(su, sv, 32.0f, 0.0f, 32.0f, 6.0f, 2.2f)));
    Rgba c = fade(CAST_SHADOW, 0.4f * soft(sbody, 2.0f));
    /* Gold: lit along the top-left edges, a bright streak along the shaft. */
    float ridge = 1.0f - smoothstep(0.0f, 2.4f, fabsf(v + 0.8f));
    Rgba gold = mix(GOLD, GOLD_LIGHT, 0.6f * ridge * (u > 6.0f ? 1.0f : 0.0f));
    gold = mix(gold, GOLD_DARK, 0.45f * smoothstep(-1.2f, 0.0f, body) * (v > 0.0f ? 1.0f : 0.4f));
    float glint = 1.0f - smoothstep(0.0f, 1.6f, sd_circle(u, v, -4.0f, -5.5f, 1.2f).d);
    gold = mix(gold, WHITE, 0.8f * glint);
    c = paint(c, fade(GOLD_DARK, 1.0f), cover(body - 0.7f));
    return paint(c, gold, cover(body));
}

static Rgba shade_key(float x, float y, const void *param) { (void)param; return key_color(x, y); }

/* A closed wooden door in a stone frame, banded with iron, with a keyhole. */
static Rgba door_color(float x, float y)
{
    Rgba frame = wall_color(x, y);
    Dist leaf = sd_round_rect(x, y, HALF_TILE, HALF_TILE + 2.0f, 22.0f, 26.0f, 3.0f);
    /* Vertical planks with grain. */
    float px = x - (HALF_TILE - 22.0f);
    int plank = (int)floorf(px / 11.0f);
    float lx = px - (float)plank * 11.0f;
    float grain = fbm(x * 0.5f, y * 3.0f, 6.0f, NO_WRAP, 3, SEED_WOOD + (uint32_t)plank);
    Rgba wood = mix(PLANK_DARK, PLANK_LIGHT, saturate(0.35f + 0.8f * (grain - 0.5f) + 0.12f * (float)(plank & 1)));
    wood = lit(wood, -0.35f * (1.0f - smoothstep(0.0f, 1.4f, fminf(lx, 11.0f - lx))));
    wood = lit(wood, 0.35f * bevel(leaf, 3.0f));
    /* Two iron bands with rivets. */
    for (int i = 0; i < 2; i++) {
        float by = HALF_TILE + 2.0f + (i ? 14.0f : -14.0f);
        Dist band = sd_round_rect(x, y, HALF_TILE, by, 22.0f, 2.6f, 1.0f);
        Rgba iron = lit(IRON, 0.55f * bevel(band, 1.4f));
        wood = paint(wood, fade(CAST_SHADOW, 0.35f), cover(band.d - 0.9f) * (y > by ? 1.0f : 0.0f));
        wood = paint(wood, iron, cover(band.d));
        for (int r = -1; r <= 1; r += 2) {
            Dist rivet = sd_circle(x, y, HALF_TILE + (float)r * 16.0f, by, 1.4f);
            wood = paint(wood, lit(IRON_LIGHT, 0.5f * bevel(rivet, 1.0f)), cover(rivet.d));
        }
    }
    /* The lock plate and keyhole. */
    Dist plate = sd_round_rect(x, y, HALF_TILE + 12.0f, HALF_TILE + 2.0f, 4.0f, 6.0f, 1.5f);
    wood = paint(wood, lit(GOLD, 0.5f * bevel(plate, 1.2f)), cover(plate.d));
    Dist hole = sd_circle(x, y, HALF_TILE + 12.0f, HALF_TILE, 1.6f);
    float slot = sd_segment(x, y, HALF_TILE + 12.0f, HALF_TILE, HALF_TILE + 12.0f, HALF_TILE + 4.5f, 0.8f);
    wood = paint(wood, PANEL_EDGE, cover(fminf(hole.d, slot)));
    /* The leaf sits a little back in the frame: a dark gap around it. */
    frame = paint(frame, fade(PANEL_EDGE, 0.85f), cover(leaf.d - 1.8f));
    return paint(frame, wood, cover(leaf.d));
}

static Rgba shade_door(float x, float y, const void *param) { (void)param; return door_color(x, y); }

/* A one-way arrow painted on the floor, pointing up before the turn given by param (0 up, 1
 * right, 2 down, 3 left, clockwise). Transparent around the paint. */
static Rgba arrow_color(float x, float y, int turn)
{
    float dx = x - HALF_TILE, dy = y - HALF_TILE, rx = dx, ry = dy;
    for (int i = 0; i < turn; i++) {    /* rotate the sample back into the arrow's frame */
        float t = rx;
        rx = ry;
        ry = -t;
    }
    float ax = rx + HALF_TILE, ay = ry + HALF_TILE;
    const float head[3][2] = { { HALF_TILE, 10.0f }, { HALF_TILE + 17.0f, 30.0f }, { HALF_TILE - 17.0f, 30.0f } };
    Dist tip = sd_convex_polygon(ax, ay, head, 3);
    Dist stem = sd_round_rect(ax, ay, HALF_TILE, 40.0f, 7.0f, 13.0f, 2.5f);
    float d = fminf(tip.d, stem.d);
    Dist shape = tip.d < stem.d ? tip : stem;
    /* Worn paint: a little lighter where feet have polished it. */
    float wear = fbm(x, y, 6.0f, TILE, 3, SEED_FLOOR + 41);
    Rgba paint_c = lit(ARROW_PAINT, 0.3f * bevel(shape, 2.0f) + 0.2f * (wear - 0.5f));
    Rgba c = fade(CAST_SHADOW, 0.25f * soft(d - 1.5f, 1.5f));
    c = paint(c, ARROW_EDGE, cover(d - 1.3f));
    return paint(c, paint_c, cover(d));
}

static Rgba shade_arrow(float x, float y, const void *param) { return arrow_color(x, y, *(const int *)param); }

/* A teleporter pad: a round metal plate with a glowing swirl in its well. */
static Rgba teleporter_color(float x, float y)
{
    float dx = x - HALF_TILE, dy = y - HALF_TILE, r = sqrtf(dx * dx + dy * dy), a = atan2f(dy, dx);
    Dist plate = sd_circle(x, y, HALF_TILE, HALF_TILE, 27.0f);
    Dist well = sd_circle(x, y, HALF_TILE, HALF_TILE, 18.0f);
    Dist shadow = sd_circle(x - 2.0f, y - 3.0f, HALF_TILE, HALF_TILE, 27.0f);
    Rgba c = fade(CAST_SHADOW, 0.35f * soft(shadow.d, 2.0f));
    Rgba metal = mix(PAD_METAL, PAD_DARK, saturate(0.3f + (dx + dy) / 60.0f));
    metal = lit(metal, 0.5f * bevel(plate, 3.0f));
    /* Eight lamps around the rim. */
    for (int i = 0; i < 8; i++) {
        float t = (float)i * 0.78539816f;
        Dist lamp = sd_circle(x, y, HALF_TILE + 22.5f * cosf(t), HALF_TILE + 22.5f * sinf(t), 1.8f);
        metal = paint(metal, fade(PORTAL_CYAN, 0.6f), soft(lamp.d - 1.0f, 1.5f));
        metal = paint(metal, PORTAL_CORE, cover(lamp.d));
    }
    c = paint(c, metal, cover(plate.d));
    /* The well: a swirl of cyan and violet, white hot at the centre. */
    float swirl = 0.5f + 0.5f * sinf(3.0f * a + r * 0.45f);
    Rgba energy = mix(PORTAL_VIOLET, PORTAL_CYAN, swirl);
    energy = mix(energy, PORTAL_CORE, 1.0f - smoothstep(0.0f, 9.0f, r));
    energy = lit(energy, -0.5f * bevel(well, 3.0f));
    return paint(c, energy, cover(well.d));
}

static Rgba shade_teleporter(float x, float y, const void *param) { (void)param; return teleporter_color(x, y); }

/* A landing target: red and white rings with a dot, painted on the floor. */
static Rgba target_color(float x, float y)
{
    Dist disc = sd_circle(x, y, HALF_TILE, HALF_TILE, 24.0f);
    float r = sqrtf((x - HALF_TILE) * (x - HALF_TILE) + (y - HALF_TILE) * (y - HALF_TILE));
    int ring = (int)floorf(r / 6.0f);
    Rgba paint_c = (ring & 1) ? TARGET_WHITE : TARGET_RED;
    float wear = fbm(x, y, 5.0f, TILE, 3, SEED_FLOOR + 53);
    paint_c = lit(paint_c, 0.25f * (wear - 0.5f) + 0.1f * sheen(x, y, TILE));
    Rgba c = fade(CAST_SHADOW, 0.2f * soft(disc.d - 1.0f, 1.5f));
    c = paint(c, lit(TARGET_RED, -0.4f), cover(disc.d - 1.0f));
    return paint(c, fade(paint_c, 0.92f), cover(disc.d));
}

static Rgba shade_target(float x, float y, const void *param) { (void)param; return target_color(x, y); }

static const int ON = 1, OFF = 0, TURN_UP = 0, TURN_RIGHT = 1, TURN_DOWN = 2, TURN_LEFT = 3;

/* After the classic sheet: the pictures the scripted games and mods ask for. */
static const SpriteDef SCRIPTED_SPRITES[] = {
    { "light_on", shade_light, &ON },
    { "light_off", shade_light, &OFF },
    { "key", shade_key, NULL },
    { "door", shade_door, NULL },
    { "arrow_up", shade_arrow, &TURN_UP },
    { "arrow_right", shade_arrow, &TURN_RIGHT },
    { "arrow_down", shade_arrow, &TURN_DOWN },
    { "arrow_left", shade_arrow, &TURN_LEFT },
    { "teleporter", shade_teleporter, NULL },
    { "target", shade_target, NULL },
};
enum { SCRIPTED_COUNT = (int)(sizeof SCRIPTED_SPRITES / sizeof SCRIPTED_SPRITES[0]) };

/* The floors that fill their square, cut to the hexagon for hex grids (the views look for
 * hex_NAME first there): bevelled along the cut with a thin grout line, as hex_floor is, so
 * that they tile with the hex floor rather than overlap the next row. */
typedef struct HexCut {
    Shader shader;
    const void *param;
} HexCut;

static Rgba shade_hex_cut(float x, float y, const void *param)
{
    const HexCut *cut = param;
    Dist hex = hex_dist(x, y);
    Rgba c = lit(cut->shader(x, y, cut->param), 0.3f * bevel(hex, 3.5f));
    c = mix(c, fade(GROUT, c.a), 0.7f * (1.0f - smoothstep(0.6f, 1.4f, -hex.d)));
    return fade(c, cover(hex.d));
}

static const HexCut CUT_ICE = { shade_ice, NULL }, CUT_HOLE = { shade_hole, NULL },
                    CUT_HOLE_FILLED = { shade_hole_filled, &CRATE_WOOD },
                    CUT_GOAL_RED = { shade_symbol_goal, &SYM_GOAL_RED },
                    CUT_GOAL_BLUE = { shade_symbol_goal, &SYM_GOAL_BLUE },
                    CUT_GOAL_GREEN = { shade_symbol_goal, &SYM_GOAL_GREEN },
                    CUT_GOAL_YELLOW = { shade_symbol_goal, &SYM_GOAL_YELLOW },
                    CUT_LIGHT_ON = { shade_light, &ON }, CUT_LIGHT_OFF = { shade_light, &OFF },
                    CUT_DOOR = { shade_door, NULL };

static const SpriteDef HEX_SPRITES[] = {
    { "hex_ice", shade_hex_cut, &CUT_ICE },
    { "hex_hole", shade_hex_cut, &CUT_HOLE },
    { "hex_hole_filled", shade_hex_cut, &CUT_HOLE_FILLED },
    { "hex_goal_red", shade_hex_cut, &CUT_GOAL_RED },
    { "hex_goal_blue", shade_hex_cut, &CUT_GOAL_BLUE },
    { "hex_goal_green", shade_hex_cut, &CUT_GOAL_GREEN },
    { "hex_goal_yellow", shade_hex_cut, &CUT_GOAL_YELLOW },
    { "hex_light_on", shade_hex_cut, &CUT_LIGHT_ON },
    { "hex_light_off", shade_hex_cut, &CUT_LIGHT_OFF },
    { "hex_door", shade_hex_cut, &CUT_DOOR },
};
enum { HEX_COUNT = (int)(sizeof HEX_SPRITES / sizeof HEX_SPRITES[0]) };

/* ------------------------------------------------------------------------ */
/* Rendering and output                                                     */
/* ------------------------------------------------------------------------ */

static uint8_t to_byte(float v)
{
    return (uint8_t)(saturate(v) * 255.0f + 0.5f);
}

/* Renders a w x h region with the shader into 8-bit straight-alpha RGBA. */
static void render(uint8_t *dst, int stride, int w, int h, Shader shader, const void *param)
{
    const float step = 1.0f / SUPERSAMPLE, weight = 1.0f / (SUPERSAMPLE * SUPERSAMPLE);
    for (int py = 0; py < h; py++) {
        for (int px = 0; px < w; px++) {
            Rgba sum = CLEAR;
            for (int sy = 0; sy < SUPERSAMPLE; sy++) {
                for (int sx = 0; sx < SUPERSAMPLE; sx++) {
                    Rgba s = shader((float)px + ((float)sx + 0.5f) * step, (float)py + ((float)sy + 0.5f) * step, param);
                    sum.r += s.r;
                    sum.g += s.g;
                    sum.b += s.b;
                    sum.a += s.a;
                }
            }
            uint8_t *out = dst + (size_t)py * (size_t)stride + (size_t)px * 4;
            float a = sum.a * weight;
            float inv = a > 1e-6f ? 1.0f / sum.a : 0.0f;   /* un-premultiply */
            out[0] = to_byte(sum.r * inv);
            out[1] = to_byte(sum.g * inv);
            out[2] = to_byte(sum.b * inv);
            out[3] = to_byte(a);
        }
    }
}

static int write_png(const char *dir, const char *file, int w, int h, const uint8_t *pixels)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    if (!stbi_write_png(path, w, h, 4, pixels, w * 4)) {
        fprintf(stderr, "gen_sprites: cannot write %s\n", path);
        return 0;
    }
    printf("wrote %s (%dx%d)\n", path, w, h);
    return 1;
}

/* Sprite i of the whole sheet: the classic table, the scripted games' one, the hex cuts. */
static const SpriteDef *sheet_sprite(int i)
{
    if (i < SPRITE_COUNT) return &SPRITES[i];
    if (i < SPRITE_COUNT + SCRIPTED_COUNT) return &SCRIPTED_SPRITES[i - SPRITE_COUNT];
    return &HEX_SPRITES[i - SPRITE_COUNT - SCRIPTED_COUNT];
}

static int write_sheet(const char *dir)
{
    const int total = SPRITE_COUNT + SCRIPTED_COUNT + HEX_COUNT;
    const int rows = (total + SHEET_COLUMNS - 1) / SHEET_COLUMNS;
    const int w = SHEET_COLUMNS * TILE, h = rows * TILE;
    uint8_t *pixels = calloc((size_t)w * (size_t)h, 4);
    char path[4096];
    if (!pixels)
        return 0;
    snprintf(path, sizeof path, "%s/sprites.txt", dir);
    FILE *atlas = fopen(path, "w");
    if (!atlas) {
        fprintf(stderr, "gen_sprites: cannot write %s\n", path);
        free(pixels);
        return 0;
    }
    fprintf(atlas, "# sprites.png atlas, generated by assets/gen/gen_sprites.c: name x y w h\n");
    for (int i = 0; i < total; i++) {
        int x = (i % SHEET_COLUMNS) * TILE, y = (i / SHEET_COLUMNS) * TILE;
        const SpriteDef *sp = sheet_sprite(i);
        render(pixels + ((size_t)y * (size_t)w + (size_t)x) * 4, w * 4, TILE, TILE, sp->shader, sp->param);
        fprintf(atlas, "%s %d %d %d %d\n", sp->name, x, y, TILE, TILE);
    }
    int ok = fclose(atlas) == 0;
    if (ok)
        printf("wrote %s (%d sprites)\n", path, total);
    ok = write_png(dir, "sprites.png", w, h, pixels) && ok;
    free(pixels);
    return ok;
}

static int write_picture(const char *dir)
{
    uint8_t *pixels = calloc((size_t)PICTURE_SIZE * PICTURE_SIZE, 4);
    if (!pixels)
        return 0;
    render(pixels, PICTURE_SIZE * 4, PICTURE_SIZE, PICTURE_SIZE, shade_picture, NULL);
    int ok = write_png(dir, "picture.png", PICTURE_SIZE, PICTURE_SIZE, pixels);
    free(pixels);
    return ok;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s ASSETS_DIR\n", argc > 0 ? argv[0] : "gen_sprites");
        return 2;
    }
    int ok = write_sheet(argv[1]);
    ok = write_picture(argv[1]) && ok;
    return ok ? 0 : 1;
}
