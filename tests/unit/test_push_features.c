/* test_push_features.c: the level analysis behind the feature-space search's features, on
 * hand-made positions: a push in a one-wide corridor cannot be undone while one in the open can;
 * a box in a corridor is a hotspot for the box behind it and not the other way round (and
 * the count worked out from a parent's, a box moved, is the count from scratch); a box
 * that filling the plan's next goal would shut off from every other goal is out of plan, and
 * none is once that goal is filled; goals filled out of plan order count as packed unless they
 * shut another goal off; the next goal and the player steps to it; and the packing
 * plan is complete for XSokoban levels whose boxes cannot all get back to where they start. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "push_fixture.h"
#include "shared_levels.h"
#include "core/level.h"
#include "core/state.h"
#include "solve/push_board.h"
#include "solve/push_features.h"
#include "solve/push_plan.h"
#include "solve/push_solve.h"

static ruleset sokoban;

static int cell_at(const fixture *f, int x, int y) { return f->b.index[y * f->st.g->w + x]; }

/* A position of f's board: boxes on the listed cells (x, y pairs), the player where it starts. */
static void place(const fixture *f, push_pos *p, const int *xy, int count)
{
    uint16_t box[8];
    for (int i = 0; i < count; i++) box[i] = (uint16_t)cell_at(f, xy[2 * i], xy[2 * i + 1]);
    /* push_pos_load wants each class's slots sorted by cell. */
    for (int i = 1; i < count; i++)
        for (int j = i; j > 0 && box[j - 1] > box[j]; j--) {
            uint16_t t = box[j];
            box[j] = box[j - 1], box[j - 1] = t;
        }
    push_pos_load(p, &f->b, box, f->b.start_player);
}

/* A board with its packing plan, its feature tables and a position to fill. */
typedef struct featured {
    fixture f;
    push_plan pl;
    push_features *ft;
    push_pos p;
    bool ok;                      /* every part was made */
} featured;

static bool featured_open(featured *x, const char *text)
{
    memset(x, 0, sizeof *x);
    CHECK(fixture_load(&x->f, &sokoban, text));
    if (!x->f.board) return false;
    CHECK(push_plan_init(&x->pl, &x->f.b, PUSH_PLAN_FOLLOW) == 0);
    x->ft = push_features_new(&x->f.b, &x->pl, 0);
    CHECK(x->ft != NULL && push_pos_init(&x->p, &x->f.b) == 0);
    x->ok = x->ft != NULL;
    return x->ok;
}

static void featured_close(featured *x)
{
    if (x->f.board) {
        push_pos_free(&x->p);
        push_features_free(x->ft);
        push_plan_free(&x->pl);
    }
    fixture_free(&x->f);
}

static void test_reversible(void)
{
    featured x;
    if (featured_open(&x,
                      "##########\n"
                      "#@ $  #  #\n"
                      "####     #\n"
                      "   #  . ##\n"
                      "   ######\n")) {
        const fixture *f = &x.f;
        push_features *ft = x.ft;
        /* Row 1 is a corridor: a box pushed from x = 2 to 3 cannot come back (the player
         * cannot get round it to its right). */
        CHECK(!push_features_reversible(ft, cell_at(f, 2, 1), cell_at(f, 3, 1), cell_at(f, 2, 1)));
        /* ... unless the player were on its far side (which the corridor forbids here). */
        CHECK(push_features_reversible(ft, cell_at(f, 2, 1), cell_at(f, 3, 1), cell_at(f, 4, 1)));
        /* In the open room on the right, a box goes back and forth. */
        CHECK(push_features_reversible(ft, cell_at(f, 5, 2), cell_at(f, 6, 2), -1));
        CHECK(push_features_reversible(ft, cell_at(f, 6, 2), cell_at(f, 5, 2), -1));
        /* Against the room's left wall a box cannot be pushed back to the right. */
        CHECK(!push_features_reversible(ft, cell_at(f, 5, 2), cell_at(f, 4, 2), -1));
        /* A cell is reversible to itself. */
        CHECK(push_features_reversible(ft, cell_at(f, 4, 1), cell_at(f, 4, 1), -1));
    }
    featured_close(&x);
}

static void test_hotspots(void)
{
    featured x;
    /* Two goals at the end of a corridor, two boxes in it. */
    if (featured_open(&x,
                      "##########\n"
                      "#@$ $  ..#\n"
                      "##########\n")) {
        /* The box on x = 4 stands in the way of the one on x = 2: one hotspot. */
        int both[] = { 2, 1, 4, 1 };
        place(&x.f, &x.p, both, 2);
        CHECK_EQ_INT(push_features_hotspots(x.ft, &x.p), 1);
        /* The first box on its goal is in nobody's way (and none is in its way). */
        int one_home[] = { 2, 1, 7, 1 };
        place(&x.f, &x.p, one_home, 2);
        CHECK_EQ_INT(push_features_hotspots(x.ft, &x.p), 0);
        /* Side by side each is in the other's way: the back one also stands where the player
         * must stand to push the front one. */
        int close[] = { 3, 1, 4, 1 };
        place(&x.f, &x.p, close, 2);
        CHECK_EQ_INT(push_features_hotspots(x.ft, &x.p), 2);
    }
    featured_close(&x);
}

/* The count worked out from the parent's (each of its boxes moved in turn, as the feature-space
 * search settles a position) against the count from scratch, on random positions and moves of
 * a board with rooms, corridors and hotspots. */
static void test_hotspots_from_parent(void)
{
    featured x;
    if (featured_open(&x,
                      "############\n"
                      "#@   #   ..#\n"
                      "# $$ # $ ..#\n"
                      "#  # # ##  #\n"
                      "## $     $ #\n"
                      "#  # ###   #\n"
                      "# $  #   ..#\n"
                      "############\n")) {
        const push_board *b = &x.f.b;
        unsigned seed = 1204;
        int tried = 0, wrong = 0, hot = 0;
        for (int round = 0; round < 300; round++) {
            uint16_t box[PUSH_MAX_BOXES];
            int count = 0;
            while (count < b->nboxes) {
                int c = rand_r(&seed) % b->n;
                bool taken = false;
                for (int i = 0; i < count; i++) taken |= box[i] == c;
                if (!taken) box[count++] = (uint16_t)c;
            }
            for (int i = 1; i < count; i++)
                for (int j = i; j > 0 && box[j - 1] > box[j]; j--) {
                    uint16_t t = box[j];
                    box[j] = box[j - 1], box[j - 1] = t;
                }
            push_pos_load(&x.p, b, box, b->start_player);
            if (push_features_hotspots_parent(x.ft, &x.p) != push_features_hotspots(x.ft, &x.p)) wrong++;
            for (int move = 0; move < 8; move++) {
                int slot = rand_r(&seed) % b->nboxes, from = x.p.box[slot], to = rand_r(&seed) % b->n;
                if (x.p.occ[to] != PUSH_NO_BOX) continue;
                int j = push_pos_move(&x.p, b, slot, to);
                int want = push_features_hotspots(x.ft, &x.p), got = push_features_hotspots_child(x.ft, from, to);
                tried++;
                hot += want > 0;
                if (got != want) {
                    wrong++;
                    fprintf(stderr, "hotspots: box %d -> %d: %d from the parent, %d from scratch\n", from, to, got,
                            want);
                }
                push_pos_move(&x.p, b, j, from);
            }
        }
        CHECK(tried >= 1500);
        CHECK(hot * 4 >= tried);           /* positions with hotspots, not only empty counts */
        CHECK_EQ_INT(wrong, 0);
    }
    featured_close(&x);
}

static void test_out_of_plan(void)
{
    featured x;
    /* Two goals side by side; a pocket below the left one, from which a box can only go up
     * into it (the player gets below it by the corridor; a box pushed down there is lost;
     * without the corridor the player could never fill the left goal from the pocket, and
     * the plan would fill the left goal first, from the right). The left goal is the quicker to
     * empty backwards (one pull to the pocket, two to the right box's start), so the plan
     * fills the right one first (the left one is then still open from the pocket). */
    if (featured_open(&x,
                      "########\n"
                      "#.. $@ #\n"
                      "#$#### #\n"
                      "#      #\n"
                      "########\n")) {
        const fixture *f = &x.f;
        push_plan *pl = &x.pl;
        push_pos *p = &x.p;
        CHECK_EQ_INT(pl->nareas, 1);
        CHECK_EQ_INT(pl->order[0], f->b.goal_at[cell_at(f, 2, 1)]);
        int16_t prefix[4];
        /* Nothing packed: once the right goal is full, the box on its right can reach no
         * goal any more; the one in the pocket still reaches the left goal. */
        place(f, p, (int[]){ 1, 2, 3, 1 }, 2);
        CHECK_EQ_INT(push_plan_prefix(pl, &f->b, p, prefix, NULL), 0);
        CHECK_EQ_INT(push_features_out_of_plan(x.ft, p, prefix), 1);
        CHECK_EQ_INT(push_features_next_goal(x.ft, prefix), pl->order[0]);
        CHECK_EQ_INT(push_features_goal_steps(x.ft, pl->order[0], cell_at(f, 5, 1)), 3);
        /* The right goal packed: the left one is the target, the pocket's box reaches it. */
        place(f, p, (int[]){ 1, 2, 2, 1 }, 2);
        CHECK_EQ_INT(push_plan_prefix(pl, &f->b, p, prefix, NULL), 1);
        CHECK_EQ_INT(push_features_out_of_plan(x.ft, p, prefix), 0);
        CHECK_EQ_INT(push_features_next_goal(x.ft, prefix), pl->order[1]);
        /* All packed: no next goal. */
        place(f, p, (int[]){ 1, 1, 2, 1 }, 2);
        CHECK_EQ_INT(push_plan_prefix(pl, &f->b, p, prefix, NULL), 2);
        CHECK_EQ_INT(push_features_next_goal(x.ft, prefix), -1);
    }
    featured_close(&x);
}

/* Goals filled out of plan order count as packed while the others can still be filled. */
static void test_free_order(void)
{
    featured x;
    /* Three goals in an open room: the plan picks an order, but any order will do. */
    if (featured_open(&x,
                      "########\n"
                      "#      #\n"
                      "# ...  #\n"
                      "#      #\n"
                      "# $$$  #\n"
                      "#   @  #\n"
                      "########\n")) {
        const fixture *f = &x.f;
        push_pos *p = &x.p;
        int16_t prefix[4];
        /* A box on the plan's last goal, the others where they start. */
        int last = f->b.goal[x.pl.order[2]], xy[6] = { 0, 0, 3, 4, 4, 4 };
        for (int y = 0; y < 7; y++)
            for (int c = 0; c < 8; c++)
                if (cell_at(f, c, y) == last) xy[0] = c, xy[1] = y;
        place(f, p, xy, 3);
        CHECK_EQ_INT(push_plan_prefix(&x.pl, &f->b, p, prefix, NULL), 0);
        CHECK_EQ_INT(push_features_packed(x.ft, p, 0), 1);
        CHECK_EQ_INT(push_features_packed(x.ft, p, 0), 1);   /* the cached verdict */
    }
    featured_close(&x);
    /* The corridor: goals must be filled deepest first; the middle one alone, or the first and
     * the last, shut a goal off, and only the prefix in plan order counts. */
    if (featured_open(&x,
                      "##########\n"
                      "#...  $  #\n"
                      "#### $ $@#\n"
                      "   #     #\n"
                      "   #######\n")) {
        const fixture *f = &x.f;
        push_pos *p = &x.p;
        int16_t prefix[4];
        place(f, p, (int[]){ 2, 1, 5, 2, 7, 2 }, 3);
        CHECK_EQ_INT(push_plan_prefix(&x.pl, &f->b, p, prefix, NULL), 0);
        CHECK_EQ_INT(push_features_packed(x.ft, p, 0), 0);
        place(f, p, (int[]){ 1, 1, 3, 1, 7, 2 }, 3);
        CHECK_EQ_INT(push_plan_prefix(&x.pl, &f->b, p, prefix, NULL), 1);
        CHECK_EQ_INT(push_features_packed(x.ft, p, 1), 1);
        place(f, p, (int[]){ 1, 1, 2, 1, 7, 2 }, 3);
        CHECK_EQ_INT(push_features_packed(x.ft, p, 2), 2);
    }
    featured_close(&x);
}

/* XSokoban levels (from the shared benchmark data, when it is there) whose goal rooms the
 * greedy backward plan could not empty when boxes had to get all the way back to where they
 * start: boxes are parked nearer the goals instead, and every goal gets its place. */
static void test_plan_parks(void)
{
    levelset set;
    if (!shared_levels(&set, "xsokoban90.xsb", &sokoban, 90)) return;
    static const int stuck[] = { 18, 39, 42, 44, 46, 47, 86, 87 };
    for (size_t i = 0; i < sizeof stuck / sizeof *stuck; i++) {
        state st;
        push_board b;
        char msg[160];
        CHECK(state_init(&st, &set.levels[stuck[i] - 1], &sokoban) == 0);
        CHECK(push_board_init(&b, &st, msg, sizeof msg) == PUSH_BOARD_OK && push_board_analyse(&b) == 0);
        push_plan pl;
        CHECK(push_plan_init(&pl, &b, PUSH_PLAN_FOLLOW) == 0);
        CHECK_EQ_INT(pl.planned, b.ngoals);
        for (int j = 0; j < b.ngoals; j++) CHECK_EQ_INT(pl.order[pl.rank[j]], j);
        push_plan_free(&pl);
        push_board_free(&b);
        state_free(&st);
    }
    levelset_free(&set);
}

int main(void)
{
    rules_sokoban(&sokoban);
    test_reversible();
    test_hotspots();
    test_hotspots_from_parent();
    test_out_of_plan();
    test_free_order();
    test_plan_parks();
    return check_summary("test_push_features");
}
