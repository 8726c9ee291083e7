/* test_push_deadlog.c: the log that hands dead sets from one attempt's store to another's
 * (push_deadlog.h): a set crosses to a board numbered in another turn of the level onto the same
 * grid cells, dead for the player only where it was; it crosses to a board with more walls (boxes
 * frozen on goals walled up) but not back; a set with a cell walled up there stays behind; and
 * each store gives its sets once and never takes its own back. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "push_fixture.h"
#include "core/engine.h"
#include "core/level.h"
#include "core/state.h"
#include "solve/push_board.h"
#include "solve/push_deadlog.h"
#include "solve/push_deadsets.h"

static ruleset sokoban;

/* A box in a gap of a wall, the player to the right of it. */
static const char *const gap_level = "#######\n"
                                     "#. #  #\n"
                                     "#  $  #\n"
                                     "#  # @#\n"
                                     "#######\n";

static int grid_at(const state *s, int x, int y) { return y * s->g->w + x; }

/* The cell of board b at (x, y) of the level. */
static int at(const push_board *b, const state *s, int x, int y) { return b->index[grid_at(s, x, y)]; }

/* Whether a store matches the boxes on (x[i], y[i]) of the level (count of them, sorted by
 * board cell) with the player on (px, py), on its board b. */
static bool dead_at(push_deadsets *d, const push_board *b, const state *s, const int *x, const int *y, int count,
                    int px, int py)
{
    push_board one = *b;          /* the board with exactly these boxes, all of class 0 */
    one.nboxes = count;
    one.class_count[0] = count;
    push_pos p;
    if (push_pos_init(&p, &one) != 0) return false;
    uint16_t box[PUSH_SET_MAX];
    for (int i = 0; i < count; i++) {
        int c = at(b, s, x[i], y[i]), j = i;
        while (j > 0 && box[j - 1] > c) box[j] = box[j - 1], j--;
        box[j] = (uint16_t)c;
    }
    push_pos_load(&p, &one, box, at(b, s, px, py));
    bool dead = push_deadsets_match(d, &p, box[0], at(b, s, px, py));
    push_pos_free(&p);
    return dead;
}

static push_deadset_spec one_set(int count, const uint16_t *cells, int nregions, int region)
{
    push_deadset_spec s;
    memset(&s, 0, sizeof s);
    s.count = count;
    for (int i = 0; i < count; i++) s.cell[i] = cells[i];
    for (int i = 1; i < count; i++)
        for (int j = i; j > 0 && s.cell[j - 1] > s.cell[j]; j--) {
            uint16_t t = s.cell[j];
            s.cell[j] = s.cell[j - 1], s.cell[j - 1] = t;
        }
    s.nregions = nregions;
    if (nregions > 0) s.region[0] = (uint16_t)region;
    return s;
}

/* The box in the gap of the wall at (3,2), dead only with the player on its left (as the
 * store's own test has it), handed from the board in turn 0 to the board in turn 1 (mirrored
 * left to right: other numbers for every cell). */
static void test_other_turn(void)
{
    fixture f;
    CHECK(fixture_load(&f, &sokoban, gap_level));
    if (!f.board) {
        fixture_free(&f);
        return;
    }
    push_board t;
    char msg[160];
    bool turned = push_board_init_turned(&t, &f.st, 1, msg, sizeof msg) == PUSH_BOARD_OK;
    CHECK(turned && push_board_analyse(&t) == 0);
    push_deadsets *a = push_deadsets_new(&f.b, (size_t)1 << 20), *b = push_deadsets_new(&t, (size_t)1 << 20);
    push_deadlog *log = push_deadlog_new(f.st.g->ncells, (size_t)1 << 20);
    CHECK(a && b && log);
    if (turned && a && b && log) {
        /* The two boards number the level's cells otherwise. */
        CHECK(at(&f.b, &f.st, 1, 1) != at(&t, &f.st, 1, 1) && at(&f.b, &f.st, 2, 3) != at(&t, &f.st, 2, 3));
        uint16_t box = (uint16_t)at(&f.b, &f.st, 3, 2);
        int left = push_deadsets_region(a, &box, 1, at(&f.b, &f.st, 2, 3));
        push_deadset_spec s = one_set(1, &box, 1, left);
        CHECK(push_deadsets_add(a, &s));
        push_deadlog_cursor ca = { 0, 0, 0 }, cb = { 0, 0, 0 };
        CHECK_EQ_INT(push_deadlog_share(log, a, &ca), 0);   /* given, nothing to take */
        CHECK_EQ_INT(push_deadlog_count(log), 1);
        CHECK_EQ_INT(push_deadlog_share(log, b, &cb), 1);
        CHECK_EQ_INT(push_deadsets_count(b), 1);
        int x[] = { 3 }, y[] = { 2 };
        CHECK(dead_at(b, &t, &f.st, x, y, 1, 2, 3));        /* left of the wall */
        CHECK(dead_at(b, &t, &f.st, x, y, 1, 1, 1));
        CHECK(!dead_at(b, &t, &f.st, x, y, 1, 4, 1));       /* right of it: not proved there */
        CHECK(!dead_at(b, &t, &f.st, x, y, 1, 5, 3));
        /* Nothing twice, and nothing back to the store that gave it. */
        CHECK_EQ_INT(push_deadlog_share(log, a, &ca), 0);
        CHECK_EQ_INT(push_deadlog_share(log, b, &cb), 0);
        CHECK_EQ_INT(push_deadlog_count(log), 1);
        CHECK_EQ_INT(push_deadsets_count(a), 1);
        /* A set b learns later (two boxes, dead everywhere) reaches a at a's next share. */
        uint16_t two[2] = { (uint16_t)at(&t, &f.st, 1, 2), (uint16_t)at(&t, &f.st, 2, 2) };
        push_deadset_spec s2 = one_set(2, two, -1, 0);
        CHECK(push_deadsets_add(b, &s2));
        CHECK_EQ_INT(push_deadlog_share(log, b, &cb), 0);
        CHECK_EQ_INT(push_deadlog_count(log), 2);
        CHECK_EQ_INT(push_deadlog_share(log, a, &ca), 1);
        int x2[] = { 1, 2 }, y2[] = { 2, 2 };
        CHECK(dead_at(a, &f.b, &f.st, x2, y2, 2, 5, 3));
        CHECK(dead_at(a, &f.b, &f.st, x2, y2, 2, 1, 3));
        int x3[] = { 1, 2 }, y3[] = { 2, 1 };             /* other cells: no match */
        CHECK(!dead_at(a, &f.b, &f.st, x3, y3, 2, 5, 3));
    }
    push_deadlog_free(log);
    push_deadsets_free(a);
    push_deadsets_free(b);
    if (turned) push_board_free(&t);
    fixture_free(&f);
}

/* Two levels with the same walls; in the second the box on the goal at (1,3) is frozen there, so
 * its board walls that cell up. A set proved on the first board's floor holds on the second's
 * (more walls never revive a dead set) unless one of its cells is walled up there; a set proved
 * on the second does not hold on the first. */
static void test_more_walls(void)
{
    fixture open_f, walled_f;
    CHECK(fixture_load(&open_f, &sokoban, "#######\n"
                                          "#. #  #\n"
                                          "#  $$ #\n"
                                          "#. # @#\n"
                                          "#######\n"));
    CHECK(fixture_load(&walled_f, &sokoban, "#######\n"
                                            "#. #  #\n"
                                            "#  $  #\n"
                                            "#* # @#\n"
                                            "#######\n"));
    if (open_f.board && walled_f.board) {
        const state *s = &open_f.st;
        CHECK(walled_f.b.n == open_f.b.n - 1);
        CHECK(at(&walled_f.b, s, 1, 3) < 0);
        push_deadsets *a = push_deadsets_new(&open_f.b, (size_t)1 << 20);
        push_deadsets *c = push_deadsets_new(&walled_f.b, (size_t)1 << 20);
        push_deadlog *log = push_deadlog_new(s->g->ncells, (size_t)1 << 20);
        CHECK(a && c && log);
        if (a && c && log) {
            uint16_t one = (uint16_t)at(&open_f.b, s, 4, 2);
            uint16_t two[2] = { (uint16_t)at(&open_f.b, s, 1, 3), (uint16_t)at(&open_f.b, s, 2, 2) };
            push_deadset_spec s1 = one_set(1, &one, -1, 0), s2 = one_set(2, two, -1, 0);
            CHECK(push_deadsets_add(a, &s1) && push_deadsets_add(a, &s2));
            push_deadlog_cursor ca = { 0, 0, 0 }, cc = { 0, 0, 0 };
            CHECK_EQ_INT(push_deadlog_share(log, a, &ca), 0);
            CHECK_EQ_INT(push_deadlog_share(log, c, &cc), 1);   /* s1; s2's (1,3) is a wall there */
            CHECK_EQ_INT(push_deadsets_count(c), 1);
            int x[] = { 4 }, y[] = { 2 };
            CHECK(dead_at(c, &walled_f.b, s, x, y, 1, 5, 3));
            /* Back the other way: not taken. */
            uint16_t three = (uint16_t)at(&walled_f.b, s, 2, 2);
            push_deadset_spec s3 = one_set(1, &three, -1, 0);
            CHECK(push_deadsets_add(c, &s3));
            CHECK_EQ_INT(push_deadlog_share(log, c, &cc), 0);
            CHECK_EQ_INT(push_deadlog_count(log), 3);
            CHECK_EQ_INT(push_deadlog_share(log, a, &ca), 0);
            CHECK_EQ_INT(push_deadsets_count(a), 2);
            int x3[] = { 2 }, y3[] = { 2 };
            CHECK(!dead_at(a, &open_f.b, s, x3, y3, 1, 5, 3));
        }
        push_deadlog_free(log);
        push_deadsets_free(a);
        push_deadsets_free(c);
    }
    fixture_free(&open_f);
    fixture_free(&walled_f);
}

/* A log with no room keeps nothing and gives nothing, and the stores are unharmed. */
static void test_full(void)
{
    fixture f;
    CHECK(fixture_load(&f, &sokoban, gap_level));
    if (f.board) {
        push_deadsets *a = push_deadsets_new(&f.b, (size_t)1 << 20), *b = push_deadsets_new(&f.b, (size_t)1 << 20);
        push_deadlog *log = push_deadlog_new(f.st.g->ncells, 64);
        CHECK(a && b && log);
        if (a && b && log) {
            uint16_t box = (uint16_t)at(&f.b, &f.st, 3, 2);
            push_deadset_spec s = one_set(1, &box, -1, 0);
            CHECK(push_deadsets_add(a, &s));
            push_deadlog_cursor ca = { 0, 0, 0 }, cb = { 0, 0, 0 };
            CHECK_EQ_INT(push_deadlog_share(log, a, &ca), 0);
            CHECK_EQ_INT(push_deadlog_count(log), 0);
            CHECK_EQ_INT(push_deadlog_share(log, b, &cb), 0);
            CHECK_EQ_INT(push_deadsets_count(a), 1);
            CHECK_EQ_INT(push_deadsets_count(b), 0);
        }
        push_deadlog_free(log);
        push_deadsets_free(a);
        push_deadsets_free(b);
    }
    push_deadlog_free(NULL);
    CHECK_EQ_INT(push_deadlog_share(NULL, NULL, NULL), 0);
    fixture_free(&f);
}

int main(void)
{
    rules_sokoban(&sokoban);
    test_other_turn();
    test_more_walls();
    test_full();
    return check_summary("test_push_deadlog");
}
