/*
 * gen_icon.c - draws Tessera's application icon: a wooden crate on a sandstone
 * floor of four tiles, a goal ring beside it, set in a rounded brick-red tile.
 *
 *   usage: gen_icon ASSETS_DIR
 *   writes ASSETS_DIR/icons/tessera-N.png for N = 16 32 48 64 128 256
 *
 * Each size is drawn from the same shapes in unit coordinates (0..1 across the
 * icon), not scaled from another size, so small icons stay sharp. Shapes are
 * signed distance functions sampled SUPERSAMPLE x SUPERSAMPLE times a pixel;
 * light comes from the top left, as in the sprite sheet.
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

enum { SUPERSAMPLE = 5, MAX_SIZE = 256 };

/* Premultiplied RGBA, 0..1. */
typedef struct { float r, g, b, a; } Rgba;

#define HEX(h) { (float)(((h) >> 16) & 255) / 255.0f, (float)(((h) >> 8) & 255) / 255.0f, \
                 (float)((h) & 255) / 255.0f, 1.0f }

static const Rgba CLEAR = { 0, 0, 0, 0 };
static const Rgba BRICK_TOP = HEX(0xd8774e);
static const Rgba BRICK_BOTTOM = HEX(0x8c3b29);
static const Rgba BRICK_RIM = HEX(0xf3a27a);
static const Rgba BRICK_EDGE = HEX(0x5b2419);
static const Rgba FLOOR_LIGHT = HEX(0xf3e4c6);
static const Rgba FLOOR_DARK = HEX(0xcdb089);
static const Rgba GROUT = HEX(0xa3845f);
static const Rgba SHADOW = HEX(0x2a170e);
static const Rgba WOOD_LIGHT = HEX(0xf6b45a);
static const Rgba WOOD = HEX(0xe0913a);
static const Rgba WOOD_DARK = HEX(0xa95f22);
static const Rgba FRAME = HEX(0xc27130);
static const Rgba FRAME_LIGHT = HEX(0xf0a75a);
static const Rgba OUTLINE = HEX(0x4e2a12);
static const Rgba GOLD = HEX(0xffd45e);

static float clampf(float v, float lo, float hi) { return v < lo ? lo : (v > hi ? hi : v); }
static float saturate(float v) { return clampf(v, 0.0f, 1.0f); }
static float lerpf(float a, float b, float t) { return a + (b - a) * t; }

static Rgba mix(Rgba a, Rgba b, float t)
{
    return (Rgba){ lerpf(a.r, b.r, t), lerpf(a.g, b.g, t), lerpf(a.b, b.b, t), lerpf(a.a, b.a, t) };
}

static Rgba fade(Rgba c, float alpha) { return (Rgba){ c.r * alpha, c.g * alpha, c.b * alpha, c.a * alpha }; }

static Rgba over(Rgba top, Rgba below)
{
    float k = 1.0f - top.a;
    return (Rgba){ top.r + below.r * k, top.g + below.g * k, top.b + below.b * k, top.a + below.a * k };
}

/* Signed distance to a rounded box centred at (cx, cy) with half sizes hw, hh and corner r. */
static float box(float x, float y, float cx, float cy, float hw, float hh, float r)
{
    float qx = fabsf(x - cx) - hw + r, qy = fabsf(y - cy) - hh + r;
    float ox = qx > 0 ? qx : 0, oy = qy > 0 ? qy : 0;
    float inside = qx > qy ? qx : qy;
    return sqrtf(ox * ox + oy * oy) + (inside < 0 ? inside : 0) - r;
}

/* Distance to the segment (ax, ay)-(bx, by). */
static float segment(float x, float y, float ax, float ay, float bx, float by)
{
    float px = x - ax, py = y - ay, dx = bx - ax, dy = by - ay;
    float t = saturate((px * dx + py * dy) / (dx * dx + dy * dy));
    float ex = px - dx * t, ey = py - dy * t;
    return sqrtf(ex * ex + ey * ey);
}

/* Coverage of a shape at distance d for a sample; aa is half a pixel in unit coordinates. */
static float cover(float d, float aa) { return saturate(0.5f - d / (2.0f * aa)); }

/* The colour of the icon at (x, y), both 0..1; aa is the width of an edge's ramp. */
static Rgba shade(float x, float y, float aa)
{
    Rgba c = CLEAR;

    /* The brick-red tile, with a light rim along its top-left edge. */
    float d_tile = box(x, y, 0.5f, 0.5f, 0.47f, 0.47f, 0.17f);
    if (d_tile < aa) {
        Rgba t = mix(BRICK_TOP, BRICK_BOTTOM, saturate((y - 0.05f) / 0.9f));
        float rim = saturate(1.0f + d_tile / 0.035f);          /* 1 at the edge, 0 inside */
        float lit = saturate(0.5f - (x + y - 1.0f) * 1.2f);    /* top left lit */
        t = mix(t, BRICK_RIM, rim * lit * 0.7f);
        t = mix(t, BRICK_EDGE, rim * (1.0f - lit) * 0.6f);
        c = over(fade(t, cover(d_tile, aa)), c);
    }

    /* The floor: four sandstone tiles, set into the brick (shadowed at the top left). */
    float d_floor = box(x, y, 0.5f, 0.5f, 0.345f, 0.345f, 0.06f);
    if (d_floor < aa) {
        float tx = x < 0.5f ? (x - 0.155f) / 0.345f : (x - 0.5f) / 0.345f;
        float ty = y < 0.5f ? (y - 0.155f) / 0.345f : (y - 0.5f) / 0.345f;
        Rgba f = mix(FLOOR_LIGHT, FLOOR_DARK, saturate(0.35f * tx + 0.65f * ty));
        float grout = fminf(fabsf(x - 0.5f), fabsf(y - 0.5f));
        f = mix(f, GROUT, cover(grout - 0.011f, aa));
        /* Recessed: the brick casts a soft shadow onto the top and left of the floor. */
        float inset_x = x - 0.155f, inset_y = y - 0.155f;
        float edge = fminf(inset_x, inset_y);
        f = mix(f, SHADOW, 0.35f * saturate(1.0f - edge / 0.05f));
        c = over(fade(f, cover(d_floor, aa)), c);
    }

    /* A golden goal ring on the bottom-right tile, where the crate is headed. */
    float d_goal = fabsf(sqrtf((x - 0.715f) * (x - 0.715f) + (y - 0.715f) * (y - 0.715f)) - 0.07f) - 0.017f;
    c = over(fade(GOLD, cover(d_goal, aa) * 0.95f), c);

    /* The crate's soft drop shadow, down and to the right. */
    float d_shadow = box(x, y, 0.43f + 0.035f, 0.43f + 0.05f, 0.2f, 0.2f, 0.04f);
    c = over(fade(SHADOW, 0.45f * saturate(0.5f - d_shadow / 0.05f)), c);

    /* The crate: a frame of planks with a diagonal brace, bevelled, outlined. */
    const float cx = 0.43f, cy = 0.43f, half = 0.2f, frame = 0.058f;
    float d_crate = box(x, y, cx, cy, half, half, 0.03f);
    if (d_crate < aa) {
        float u = (x - (cx - half)) / (2 * half), v = (y - (cy - half)) / (2 * half);
        /* The inner panel: horizontal boards. */
        Rgba w = mix(WOOD_LIGHT, WOOD, saturate(0.3f * u + 0.7f * v));
        float board = fmodf(v * 3.0f, 1.0f);
        w = mix(w, WOOD_DARK, 0.55f * cover(fminf(board, 1.0f - board) * (2 * half) / 3.0f - 0.004f, aa));
        /* The brace from bottom left to top right. */
        float ix0 = cx - half + frame, iy0 = cy + half - frame, ix1 = cx + half - frame, iy1 = cy - half + frame;
        float d_brace = segment(x, y, ix0, iy0, ix1, iy1) - frame * 0.55f;
        Rgba brace = mix(FRAME_LIGHT, FRAME, saturate(u * 0.5f + v * 0.5f));
        w = mix(w, OUTLINE, 0.8f * cover(fabsf(d_brace) - 0.006f, aa));
        w = mix(w, brace, cover(d_brace + 0.006f, aa));
        /* The frame around the panel, lit on its top and left faces, dark on the others;
         * the corners where a lit face meets a dark one are split along the diagonal. */
        float d_inner = box(x, y, cx, cy, half - frame, half - frame, 0.008f);
        float from_left = x - (cx - half), from_top = y - (cy - half);
        float from_right = (cx + half) - x, from_bottom = (cy + half) - y;
        float lit = fminf(from_left, from_top) < fminf(from_right, from_bottom) ? 1.0f : 0.0f;
        Rgba fr = lit > 0 ? FRAME_LIGHT : mix(FRAME, WOOD_DARK, 0.55f);
        w = mix(fr, w, cover(d_inner, aa));
        w = mix(w, OUTLINE, 0.75f * cover(fabsf(d_inner) - 0.005f, aa));
        /* Nails at the frame's corners. */
        float inset = frame * 0.5f;
        for (int k = 0; k < 4; k++) {
            float nx = k & 1 ? cx + half - inset : cx - half + inset;
            float ny = k & 2 ? cy + half - inset : cy - half + inset;
            float d_nail = sqrtf((x - nx) * (x - nx) + (y - ny) * (y - ny)) - 0.012f;
            w = mix(w, OUTLINE, cover(d_nail, aa) * 0.85f);
        }
        /* The outline. */
        w = mix(w, OUTLINE, cover(fabsf(d_crate + 0.006f) - 0.008f, aa));
        c = over(fade(w, cover(d_crate, aa)), c);
    }
    return c;
}

static int draw(const char *dir, int size)
{
    static unsigned char pixels[MAX_SIZE * MAX_SIZE * 4];
    float aa = 0.5f / (float)size;
    for (int py = 0; py < size; py++)
        for (int px = 0; px < size; px++) {
            Rgba sum = CLEAR;
            for (int sy = 0; sy < SUPERSAMPLE; sy++)
                for (int sx = 0; sx < SUPERSAMPLE; sx++) {
                    float x = ((float)px + ((float)sx + 0.5f) / SUPERSAMPLE) / (float)size;
                    float y = ((float)py + ((float)sy + 0.5f) / SUPERSAMPLE) / (float)size;
                    Rgba s = shade(x, y, aa);
                    sum.r += s.r, sum.g += s.g, sum.b += s.b, sum.a += s.a;
                }
            float n = SUPERSAMPLE * SUPERSAMPLE;
            sum = (Rgba){ sum.r / n, sum.g / n, sum.b / n, sum.a / n };
            unsigned char *o = &pixels[(py * size + px) * 4];
            /* Back from premultiplied to straight alpha for PNG. */
            float a = sum.a > 1e-6f ? sum.a : 1.0f;
            o[0] = (unsigned char)lroundf(saturate(sum.r / a) * 255.0f);
            o[1] = (unsigned char)lroundf(saturate(sum.g / a) * 255.0f);
            o[2] = (unsigned char)lroundf(saturate(sum.b / a) * 255.0f);
            o[3] = (unsigned char)lroundf(saturate(sum.a) * 255.0f);
        }
    char path[1024];
    snprintf(path, sizeof path, "%s/icons/tessera-%d.png", dir, size);
    if (!stbi_write_png(path, size, size, 4, pixels, size * 4)) {
        fprintf(stderr, "gen_icon: cannot write %s\n", path);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static const int sizes[] = { 16, 32, 48, 64, 128, 256 };
    if (argc != 2) {
        fprintf(stderr, "usage: gen_icon ASSETS_DIR\n");
        return 2;
    }
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
        if (draw(argv[1], sizes[i]) != 0) return 1;
    return 0;
}
