/* test_push_components.c: the floor components of a child position worked out from its
 * parent's labels (push_components.c) against a flood fill of the child. Hand-made positions
 * first: a box that cuts a corridor (with and without a way round), the player on either
 * side of it, a box that leaves a door for a room it does not cut, and a box back on its own
 * cell. Then random boards, random positions and random relocations, in every
 * orientation a board can be numbered in: the lookups must agree with the flood on the
 * player's smallest cell, on the regions shut off, and on every cell of the player's region,
 * and answer every relocation but a box back on its own cell. The random ones must include
 * cuts of both kinds: where the walk of the component passed the box's cell on its way, and
 * where it began there (its smallest cell). Last, the classic search, which takes its
 * children's regions from the labels where a node has many, must make the same positions as
 * when it floods for each child. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "push_fixture.h"
#include "push_levels.h"
#include "core/level.h"
#include "core/state.h"
#include "solve/push_board.h"
#include "solve/push_components.h"
#include "solve/push_search.h"
#include "solve/push_solve.h"

static ruleset sokoban;

/* A board with the components of a position and the flood's scratch. */
typedef struct labelled_board {
    fixture f;
    push_components pc;
    push_pos p;
    uint32_t *reach, *mark, stamp;
    int32_t *queue;
    bool ok;
} labelled_board;

static bool open_board(labelled_board *x, const char *text, int turn)
{
    memset(x, 0, sizeof *x);
    if (!fixture_load(&x->f, &sokoban, text)) return false;
    if (turn) {
        /* The same level numbered in another of its eight orientations. */
        char msg[160];
        push_board_free(&x->f.b);
        int rc = push_board_init_turned(&x->f.b, &x->f.st, turn, msg, sizeof msg);
        x->f.board = rc == PUSH_BOARD_OK && push_board_analyse(&x->f.b) == 0;
        if (rc != PUSH_BOARD_ERROR && !x->f.board) push_board_free(&x->f.b);
        if (!x->f.board) return false;
    }
    int n = x->f.b.n;
    x->reach = calloc((size_t)n + 1, sizeof *x->reach);
    x->mark = calloc((size_t)n + 1, sizeof *x->mark);
    x->queue = malloc(sizeof *x->queue * ((size_t)n + 1));
    x->ok = x->reach && x->mark && x->queue && push_components_init(&x->pc, &x->f.b) == 0 &&
            push_pos_init(&x->p, &x->f.b) == 0;
    CHECK(x->ok);
    return x->ok;
}

static void close_board(labelled_board *x)
{
    if (x->ok) {
        push_components_free(&x->pc);
        push_pos_free(&x->p);
    }
    free(x->reach), free(x->mark), free(x->queue);
    fixture_free(&x->f);
}

static int cell_at(const labelled_board *x, int gx, int gy) { return x->f.b.index[gy * x->f.st.g->w + gx]; }

/* Loads boxes on cells[] (count of them, compact) into x->p, sorted as a node holds them. */
static void load(labelled_board *x, const int *cells, int count)
{
    uint16_t box[PUSH_MAX_BOXES];
    for (int i = 0; i < count; i++) box[i] = (uint16_t)cells[i];
    for (int i = 1; i < count; i++)
        for (int j = i; j > 0 && box[j - 1] > box[j]; j--) {
            uint16_t t = box[j];
            box[j] = box[j - 1], box[j - 1] = t;
        }
    push_pos_load(&x->p, &x->f.b, box, x->f.b.start_player);
}

/* The flood's answer for the position in x->p, the player on `side`: the player's smallest
 * cell, and in *closed the floor regions it cannot reach (x->reach == x->stamp: its region). */
static int flood(labelled_board *x, int side, int *closed)
{
    const push_board *b = &x->f.b;
    int norm = push_reach(b, x->p.occ, side, x->reach, ++x->stamp, x->queue);
    uint32_t other = ++x->stamp;
    *closed = 0;
    for (int c = 0; c < b->n; c++) {
        if (x->reach[c] == x->stamp - 1 || x->p.occ[c] != PUSH_NO_BOX || x->mark[c] == other) continue;
        (*closed)++;
        push_reach(b, x->p.occ, c, x->mark, other, x->queue);
    }
    return norm;
}

/* Relocations compare() saw cut a component: where its walk began elsewhere, and there. */
static int cuts_inside, cuts_at_root;

/* Moves the box on `from` to `to` in x->p (the parent's components labelled first) and
 * compares the lookups with the flood, the player on `side`. Returns 1 when the lookups
 * answered, 0 when they said to flood; the box goes back. */
static int compare(labelled_board *x, int from, int to, int side, int *wrong)
{
    const push_board *b = &x->f.b;
    push_components_find(&x->pc, x->p.occ);
    int slot = push_pos_move(&x->p, b, x->p.occ[from], to);
    int closed = -1, norm = -1, want_closed;
    bool quick = push_components_child(&x->pc, x->p.occ, from, to, side, &closed, &norm);
    int want = flood(x, side, &want_closed);
    if (quick && x->pc.npieces > 0) {
        if (x->pc.least[x->pc.cut] == to) cuts_at_root += x->pc.npieces > 1;
        else cuts_inside++;
    }
    if (quick) {
        bool same = norm == want && closed == want_closed;
        for (int c = 0; c < b->n && same; c++)
            same = push_components_has(&x->pc, x->p.occ, c) == (x->reach[c] == x->stamp - 1);
        if (!same) {
            (*wrong)++;
            fprintf(stderr, "from %d to %d side %d: norm %d (flood %d), closed %d (flood %d)\n", from, to, side,
                    norm, want, closed, want_closed);
        }
    }
    push_pos_move(&x->p, b, slot, from);
    return quick;
}

/* The player's region after the box on `from` went to `to`, the player on `side`, by the
 * lookups: *closed and *norm, and whether it holds each of the cells in probe[] (count). */
static bool child(labelled_board *x, int from, int to, int side, int *closed, bool *has, const int *probe, int count)
{
    push_components_find(&x->pc, x->p.occ);
    int slot = push_pos_move(&x->p, &x->f.b, x->p.occ[from], to);
    int norm;
    bool quick = push_components_child(&x->pc, x->p.occ, from, to, side, closed, &norm);
    for (int i = 0; i < count && quick; i++) has[i] = push_components_has(&x->pc, x->p.occ, probe[i]);
    push_pos_move(&x->p, &x->f.b, slot, from);
    return quick;
}

static void test_hand_made(void)
{
    static const char *const boards[2] = {
        /* A room on the left, a one-wide corridor (row 2) to a room on the right. */
        "##############\n"
        "#   #####    #\n"
        "# @ $        #\n"
        "#.. #####  $ #\n"
        "##############\n",
        /* The same with a second way round below. */
        "##############\n"
        "#   #####    #\n"
        "# @ $        #\n"
        "#.. #####  $ #\n"
        "#            #\n"
        "##############\n",
    };
    for (int loop = 0; loop < 2; loop++) {
        labelled_board x;
        if (!open_board(&x, boards[loop], 0)) {
            close_board(&x);
            continue;
        }
        int wrong = 0, closed;
        int boxes[2] = { cell_at(&x, 4, 2), cell_at(&x, 11, 3) };
        load(&x, boxes, 2);
        int from = cell_at(&x, 4, 2), left = cell_at(&x, 1, 1), right = cell_at(&x, 10, 1);
        int probe[4] = { from, cell_at(&x, 7, 2), left, right };
        bool has[4];
        /* Two cells on into the corridor, the player behind it: without the way round, the
         * corridor's far end and the right room are shut off. The cell it left is the
         * player's. */
        CHECK(child(&x, from, cell_at(&x, 6, 2), cell_at(&x, 5, 2), &closed, has, probe, 4));
        CHECK_EQ_INT(closed, loop ? 0 : 1);
        CHECK(has[0] && has[2]);
        CHECK(has[1] == (loop == 1) && has[3] == (loop == 1));
        /* The player on the far side of the box: the other way about. */
        CHECK(child(&x, from, cell_at(&x, 6, 2), cell_at(&x, 7, 2), &closed, has, probe, 4));
        CHECK_EQ_INT(closed, loop ? 0 : 1);
        CHECK(has[1] && has[3]);
        CHECK(has[0] == (loop == 1) && has[2] == (loop == 1));
        /* Back into the left room: it stays whole round (2, 1), and the corridor opens. */
        CHECK(child(&x, from, cell_at(&x, 2, 1), cell_at(&x, 3, 1), &closed, has, probe, 4));
        CHECK_EQ_INT(closed, 0);
        CHECK(has[0] && has[1] && has[2] && has[3]);
        /* The same moves against the flood, cell by cell. */
        CHECK(compare(&x, from, cell_at(&x, 6, 2), cell_at(&x, 5, 2), &wrong) == 1);
        CHECK(compare(&x, from, cell_at(&x, 6, 2), cell_at(&x, 7, 2), &wrong) == 1);
        CHECK(compare(&x, from, cell_at(&x, 2, 1), cell_at(&x, 3, 1), &wrong) == 1);
        CHECK(compare(&x, cell_at(&x, 11, 3), cell_at(&x, 11, 1), cell_at(&x, 11, 2), &wrong) == 1);
        /* A box back on its own cell with the player elsewhere: left to the flood. */
        CHECK(compare(&x, from, from, cell_at(&x, 5, 2), &wrong) == 0);
        CHECK_EQ_INT(wrong, 0);
        close_board(&x);
    }
}

/* A random board of w x h inside a wall, a few walls inside, boxes and goals on free cells
 * (fewer boxes when the floor is small). */
static bool random_level(char *text, int w, int h, int boxes, unsigned *seed)
{
    if (2 * boxes + 1 > (w - 2) * (h - 2) / 2) boxes = ((w - 2) * (h - 2) / 2 - 1) / 2;
    char g[24][24];
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            g[y][x] = x == 0 || y == 0 || x == w - 1 || y == h - 1 || rand_r(seed) % 100 < 18 ? '#' : ' ';
    int placed = 0;
    for (int tries = 0; placed < 2 * boxes + 1 && tries < 10000; tries++) {
        int x = 1 + rand_r(seed) % (w - 2), y = 1 + rand_r(seed) % (h - 2);
        if (g[y][x] != ' ') continue;
        /* A box starts in the open, so that it is not stuck in a corner from the start. */
        if (placed > 0 && placed <= boxes &&
            (g[y - 1][x] == '#' || g[y + 1][x] == '#' || g[y][x - 1] == '#' || g[y][x + 1] == '#'))
            continue;
        g[y][x] = placed == 0 ? '@' : placed <= boxes ? '$' : '.';
        placed++;
    }
    if (placed < 2 * boxes + 1) return false;      /* too crowded */
    char *t = text;
    for (int y = 0; y < h; y++) {
        memcpy(t, g[y], (size_t)w);
        t += w;
        *t++ = '\n';
    }
    *t = 0;
    return true;
}

static void test_random(void)
{
    unsigned seed = 20261204;
    int boards = 0, quick = 0, tried = 0, wrong = 0;
    char text[24 * 25 + 1];
    for (int round = 0; round < 80; round++) {
        int w = 6 + rand_r(&seed) % 12, h = 5 + rand_r(&seed) % 10, boxes = 2 + rand_r(&seed) % 6;
        if (!random_level(text, w, h, boxes, &seed)) continue;
        labelled_board x;
        if (open_board(&x, text, round % 8)) {
            const push_board *b = &x.f.b;
            boards++;
            for (int pos = 0; pos < 20; pos++) {
                /* A random position: the board's boxes on random cells. */
                int cells[PUSH_MAX_BOXES], count = 0;
                if (b->nboxes >= b->n) break;
                while (count < b->nboxes) {
                    int c = rand_r(&seed) % b->n;
                    bool taken = false;
                    for (int i = 0; i < count; i++) taken |= cells[i] == c;
                    if (!taken) cells[count++] = c;
                }
                load(&x, cells, count);
                for (int move = 0; move < 10; move++) {
                    int from = cells[rand_r(&seed) % count], to = rand_r(&seed) % b->n,
                        side = rand_r(&seed) % b->n;
                    if (x.p.occ[to] != PUSH_NO_BOX || (side != from && x.p.occ[side] != PUSH_NO_BOX) ||
                        side == to)
                        continue;
                    tried++;
                    quick += compare(&x, from, to, side, &wrong);
                }
            }
        }
        close_board(&x);
    }
    printf("random: %d boards, %d relocations, %d by lookups; cuts: %d inside, %d at the walk's root\n", boards,
           tried, quick, cuts_inside, cuts_at_root);
    CHECK(boards >= 30);
    CHECK(tried >= 3000);
    CHECK_EQ_INT(quick, tried);         /* every one by lookups (none has its box back on its own cell) */
    CHECK(cuts_inside >= 100 && cuts_at_root >= 10);
    CHECK_EQ_INT(wrong, 0);
}

/* A greedy search with the connectivity penalty (it counts the regions of every child) on the
 * level, for at most `expansions`: with the components labelled where a node has enough
 * children (flood false) or flooding for every child (flood true). */
typedef struct search_run {
    uint64_t nodes;
    uint32_t positions, solution;
    int best_h, labelled;
} search_run;

static bool run_search(const fixture *f, bool flood, uint64_t expansions, search_run *out)
{
    push_search_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.name = "connectivity";
    cfg.opt = push_options_default();
    cfg.connectivity = cfg.opt.connectivity;
    cfg.memory = (size_t)64 << 20;
    cfg.max_nodes = expansions;
    push_search s;
    bool ok = push_search_init(&s, &f->b, &cfg);
    if (ok) {
        if (flood) s.comp.square = false;
        if (push_search_start(&s))
            while (!s.solution && !s.exhausted && !s.out_of_memory && !s.timed_out) push_search_run(&s, 64);
        out->nodes = s.nodes, out->positions = s.tt.count, out->solution = s.solution;
        out->best_h = s.best_h, out->labelled = s.comp.count;
    }
    push_search_free(&s);
    return ok;
}

/* The classic search's children take their regions from the labels where a node has many:
 * it must make the same positions, in the same order, as when it floods for each child. */
static void test_search_same(void)
{
    unsigned seed = 4122026;
    char text[24 * 25 + 1];
    int boards = 0, labelled = 0;
    for (int round = 0; round < 24; round++) {
        const char *source = text;
        if (round == 0) source = PUSH_LEVEL_DEEP_FIRST;
        else if (!random_level(text, 10 + rand_r(&seed) % 10, 8 + rand_r(&seed) % 8, 3 + rand_r(&seed) % 5, &seed))
            continue;
        fixture f;
        if (!fixture_load(&f, &sokoban, source)) {
            fixture_free(&f);
            continue;
        }
        search_run a, b;
        if (run_search(&f, false, 2000, &a) && run_search(&f, true, 2000, &b)) {
            boards++;
            labelled += a.labelled > 0;
            CHECK_EQ_INT((int)a.nodes, (int)b.nodes);
            CHECK_EQ_INT((int)a.positions, (int)b.positions);
            CHECK_EQ_INT((int)a.solution, (int)b.solution);
            CHECK_EQ_INT(a.best_h, b.best_h);
            CHECK_EQ_INT(b.labelled, 0);
        }
        fixture_free(&f);
    }
    printf("search: %d boards, %d with labelled nodes\n", boards, labelled);
    CHECK(boards >= 12);
    CHECK(labelled >= boards / 2);
}

int main(void)
{
    rules_sokoban(&sokoban);
    test_hand_made();
    test_random();
    test_search_same();
    return check_summary("test_push_components");
}
