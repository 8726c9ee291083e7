/* view.h: what the player sees: a level being played, the HUD, message panels and menus,
 * all drawn through a drawer so the window, PNG renders and timing runs share one code path. */
#ifndef TESSERA_FRONTEND_VIEW_H
#define TESSERA_FRONTEND_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "core/grid.h"
#include "core/state.h"
#include "frontend/draw.h"
#include "frontend/sprites.h"

/* Where a level's cells are on the canvas. Square cells are cell_w x cell_h squares; hex
 * cells are pointy-top hexagons in cell_w x cell_h boxes (cell_w about 0.866 cell_h, so they
 * are regular), odd rows shifted right by half a cell, rows row_step = 3/4 cell_h apart. */
/* How a level is drawn: flat (square cells or hexagons seen from above) or isometric
 * (square grids only: floor diamonds, walls and boxes as raised blocks). */
typedef enum view_kind { VIEW_FLAT, VIEW_ISO } view_kind;

typedef struct view_layout {
    topology topo;
    view_kind view;
    int lift;                   /* iso: how far a wall's top is raised above the floor */
    int x, y;                   /* top-left of the board */
    int w, h;                   /* size of the board */
    int cell_w, cell_h;         /* whole pixels, so sprites stay crisp */
    int row_step;
} view_layout;

/* Fits the grid into the canvas between top_margin and bottom_margin, centred. */
void view_layout_compute(view_layout *L, const grid *g, int canvas_w, int canvas_h,
                         int top_margin, int bottom_margin);
/* The same without the cap on cell size: the board fills the space (sliding puzzles). */
void view_layout_fill(view_layout *L, const grid *g, int canvas_w, int canvas_h, int top_margin,
                      int bottom_margin);
/* The gap of a sliding puzzle: a recess in the tray, in the box (x, y, w, h). */
void view_draw_recess(const drawer *d, int x, int y, int w, int h);
/* The cell under canvas pixel (px, py), or -1 (hex cells are hit by their hexagon). */
int view_cell_at(const view_layout *L, const grid *g, int px, int py);
/* The box a cell is drawn in. */
void view_cell_rect(const view_layout *L, const grid *g, int cell, int *x, int *y, int *w,
                    int *h);

/* An object in motion: the one at cell `to` is drawn a fraction t (0..1) of the way from
 * cell `from` (see frontend/tween.h). */
typedef struct view_slide {
    int32_t from, to;
    float t;
} view_slide;
/* "flat" / "iso"; view_kind_from_name returns -1 for any other name. */
const char *view_kind_name(view_kind v);
int view_kind_from_name(const char *name, view_kind *out);
/* Whether the view can draw a grid of this topology (iso draws square grids only). */
bool view_supports(view_kind v, topology topo);
/* view_layout_compute for a view; a view that cannot draw the grid gets the flat layout. In
 * the iso view cell_w x cell_h is the floor diamond (cell_h = cell_w / 2) and (x, y) the
 * top corner of cell 0's diamond. */
void view_layout_for(view_layout *L, const grid *g, view_kind view, int canvas_w, int canvas_h,
                     int top_margin, int bottom_margin);
/* The cell whose drawing is at canvas pixel (px, py), or -1. Unlike view_cell_at this sees
 * what is drawn: in the iso view a wall or box in front hides the cells behind it. */
int view_pick(const view_layout *L, const state *s, int px, int py);
/* A canvas pixel where a click lands on cell: the centre of its drawing, or (iso) a visible
 * point of it. -1 when cell is not on the grid. */
int view_click_point(const view_layout *L, const state *s, int cell, int *px, int *py);

struct iso_art;

typedef struct view_options {
    struct iso_art *iso;        /* iso view: a cache of the blocks drawn from the sprites (see
                                   layout_iso.h); NULL draws them afresh for this frame */
    int highlight;              /* a cell drawn with the "cursor" sprite (hints), or -1 */
    const uint8_t *marks;       /* per cell: nonzero draws the "deadlock" sprite; may be NULL */
    bool no_background;         /* leave what is behind the board as it is */
    const view_slide *slides;   /* objects in motion, drawn over the others; may be NULL */
    int nslides;
    long clock_ms;              /* >= 0: a running clock, and crates on their matching goals
                                   blink (games with coloured tiles); -1: a still frame */
    const sprites *picture;     /* sliding boards in picture mode: the pieces made by
                                   picture_pieces (frontend/picture.h) for this board and cell
                                   size, drawn instead of numbered tiles; NULL: numbers */
    bool picture_numbers;       /* picture mode: each tile's number small in its corner */
    bool picture_whole;         /* picture mode: the finished picture (the blank filled in) */
    int cursor;                 /* the keyboard cursor's cell (games played by clicks), or -1 */
    const char (*labels)[16];   /* per cell: text the game writes on it ("" none); may be NULL */
} view_options;

/* The background gradient behind levels and menus. */
void view_draw_background(const drawer *d);

/* highlight -1, no marks, background drawn, no clock. */
view_options view_options_default(void);

/* Draws the background, every cell's floor (a floor sprite with transparent parts over the
 * plain floor), then the objects, then labels, marks, the cursor and highlight.
 * Sprites are looked up by the tiles' sprite names, with variants when the sheet has them:
 * "hex_<name>" on hex grids, "<name>_on_goal" for a box on a matching goal,
 * "<name>_up/_down/_left/_right" for the active player by s->facing, with "selected" under it
 * when the level has several players; "tile" with its number
 * and "tile_blank" on sliding boards. A sprite the sheet lacks is drawn as a loud magenta
 * stand-in, never skipped. sh may be NULL (everything is a stand-in); opt may be NULL. */
void view_draw_level(const drawer *d, const sprites *sh, const state *s, const view_layout *L,
                     const view_options *opt);

typedef struct view_hud {
    const char *game;           /* "Sokoban" */
    const char *title;          /* level title; NULL or "" for none */
    int level, nlevels;         /* 1-based; nlevels 0 leaves "Level N/M" out */
    long moves, pushes;         /* pushes < 0 leaves pushes out (sliding puzzles) */
    const char *status;         /* the bottom line (hint, message); NULL or "" for none */
    const char *pushes_label;   /* "Pushes" when NULL; "Pulls" for the reverse game */
} view_hud;

/* Heights of the top bar and the bottom line at this canvas size: pass them to
 * view_layout_compute so the board never hides under them. */
void view_hud_margins(int canvas_w, int canvas_h, int *top, int *bottom);
/* The top bar (game, level N/M and title, moves and pushes) and the status line. */
void view_draw_hud(const drawer *d, const view_hud *hud);
/* A red banner under the top bar: a title line, then text wrapped to the width (at most four
 * lines; the rest ellipsized). Hot reload shows a broken edit's error with it. */
void view_draw_banner(const drawer *d, const char *title, const char *text);
/* Only the bottom status line (for menus). */
void view_draw_status(const drawer *d, const char *text);

/* Dims the screen and draws a centred rounded panel: title, then one line per entry. Lines
 * are centred; a line with a tab is two columns ("F1\tthis help") and the column lines are
 * aligned with each other; an empty line is a small gap. Text shrinks to fit the canvas. */
void view_draw_panel(const drawer *d, const char *title, const char *const *lines, int nlines);
/* The same panel low on the screen, above the status line, with nothing dimmed: the board
 * stays in view (a finished picture). */
void view_draw_panel_low(const drawer *d, const char *title, const char *const *lines, int nlines);

/* Menus (frontend/menu.c). A row: an optional number (right-aligned in a column), a mark, a
 * level thumbnail, the label, and a note at the right; the selected row is filled (the one
 * selection marker), the item being played has its number and note in the accent colour. */
enum { VIEW_MARK_SOLVED = 1, VIEW_MARK_HELPED = 2 };
struct level;
struct ruleset;
typedef struct view_menu_item {
    const char *label;
    const char *note;           /* dim, at the right; may be NULL */
    const char *detail;         /* shown whole (wrapped) under the list while selected */
    int number;                 /* > 0: shown in the number column */
    uint8_t mark;               /* 0, VIEW_MARK_SOLVED (a check), VIEW_MARK_HELPED (hollow) */
    bool current;               /* the level being played */
    const struct level *thumb;  /* drawn small beside the label (needs view_menu.rules) */
} view_menu_item;
typedef struct view_menu {
    const char *title;
    const view_menu_item *items;
    int n, selected, scroll;
    const struct ruleset *rules; /* the tiles' meanings, for thumbnails */
    const sprites *sheet;       /* the game's sprites, for thumbnail colours (may be NULL) */
} view_menu;
void view_draw_menu_items(const drawer *d, const view_menu *m);
/* The name of the picture tile t is drawn with (its sprite, else its name), and the index of
 * the picture called name in sh (its hex_ variant first on hex boards), or -1. */
const char *view_sprite_name(const struct tile_def *t);
int view_find_sprite(const sprites *sh, const char *name, bool hex);
/* A level drawn small in (x, y, w, h): walls, floor, goals, boxes and players in flat colours,
 * other tiles in their sprites' mean colours (from sh; may be NULL) where those tell them apart. */
void view_draw_thumbnail(const drawer *d, const struct level *lv, const struct ruleset *r, const sprites *sh,
                         int x, int y, int w, int h);
/* A plain menu of labels and notes (no numbers, marks or details). */
void view_draw_menu(const drawer *d, const char *title, const char *const *items,
                    const char *const *notes, int n, int selected, int scroll);
/* The check mark of completed levels, drawn into a size x size box (helped: a hollow ring
 * and a dim check, for levels solved with the solver's help). */
void view_draw_check(const drawer *d, int x, int y, int size);
void view_draw_check_helped(const drawer *d, int x, int y, int size);
/* How many rows the menu shows at this canvas size (at least 1). */
int view_menu_rows(int canvas_w, int canvas_h);
/* The item under canvas pixel (px, py), or -1; scroll as given to view_draw_menu. */
int view_menu_item_at(int canvas_w, int canvas_h, int n, int scroll, int px, int py);

#endif
