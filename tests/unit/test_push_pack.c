/* test_push_pack.c: the packer, the small search that fills one goal, on hand-made levels: the
 * way it finds replays on the real rules and leaves a box on the goal; a fill the caller
 * refuses sends it on to another box; boxes marked fixed are never moved; with too few
 * expansions, a goal already full or no box free to move it finds nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "push_fixture.h"
#include "core/engine.h"
#include "core/state.h"
#include "solve/push_board.h"
#include "solve/push_pack.h"
#include "solve/push_path.h"

static ruleset sokoban;

/* Two boxes either side of the goal below the middle, each two pushes from it. */
static const char *two_ways = "#########\n"
                              "#   .   #\n"
                              "# $ . $ #\n"
                              "#   @   #\n"
                              "#########\n";

static int cell_at(const fixture *f, int x, int y) { return f->b.index[y * f->st.g->w + x]; }

/* Plays the steps on a copy of f's start through the real rules; true when every move is
 * legal and the goal's grid cell then holds a box. */
static bool replays_filled(const fixture *f, const push_pack_step *steps, int count, int goal_cell)
{
    const push_board *b = &f->b;
    push_walker w;
    push_pos pos;
    if (push_walker_init(&w, b) != 0) return false;
    if (push_pos_init(&pos, b) != 0) {
        push_walker_free(&w);
        return false;
    }
    push_pos_load(&pos, b, b->start_box, b->start_player);
    push_text t = { 0 };
    int8_t *dirs = malloc((size_t)b->n * (size_t)b->ndirs + 1);
    int at = b->start_player;
    bool ok = dirs != NULL;
    for (int i = 0; i < count && ok; i++) {
        int len = push_relocation(&w, pos.occ, steps[i].from, at, steps[i].to, steps[i].side, dirs, b->n * b->ndirs);
        ok = len == steps[i].pushes;
        for (int s = 0, c = steps[i].from; s < len && ok; s++) {
            ok = push_write_push(&w, &pos, &at, c, dirs[s], &t);
            c = push_step(b, c, dirs[s]);
        }
    }
    push_text_put(&t, 0);
    ok = ok && !t.failed;
    if (ok) {
        state s;
        ok = state_copy(&s, &f->st) == 0;
        if (ok) {
            s.hist.disabled = true;
            int bad;
            engine_play_lurd(&s, t.s, &bad);
            ok = bad < 0 && state_box_on_goal(&s, b->cell[goal_cell]);
            state_free(&s);
        }
    }
    free(dirs);
    push_text_free(&t);
    push_pos_free(&pos);
    push_walker_free(&w);
    return ok;
}

/* The cell whose box must not be the one that fills the goal. */
static int refused_from;

/* A refusal of every fill made with the box from refused_from (no box is left there). */
static bool refuse_keep(void *ud, const uint16_t *box, int player, int filled)
{
    (void)player, (void)filled;
    const fixture *f = ud;
    for (int i = 0; i < f->b.nboxes; i++)
        if (box[i] == refused_from) return true;
    return false;
}

static void test_fills(void)
{
    fixture f;
    CHECK(fixture_load(&f, &sokoban, two_ways));
    if (!f.board) return;
    push_pack *p = push_pack_new(&f.b, (size_t)8 << 20);
    CHECK(p != NULL);
    int goal = cell_at(&f, 4, 2), g = f.b.goal_at[goal];
    CHECK(g >= 0);
    if (p && g >= 0) {
        const push_pack_step *steps;
        /* Either box: two pushes from the side it stands on. */
        int count = push_pack_run(p, f.b.start_box, f.b.start_player, NULL, g, 1000, NULL, NULL, &steps);
        CHECK_EQ_INT(count, 1);
        refused_from = -1;
        if (count == 1) {
            CHECK_EQ_INT(steps[0].to, goal);
            CHECK_EQ_INT(steps[0].pushes, 2);
            CHECK(steps[0].from == cell_at(&f, 2, 2) || steps[0].from == cell_at(&f, 6, 2));
            CHECK(replays_filled(&f, steps, count, goal));
            refused_from = steps[0].from;
        }
        uint64_t used = push_pack_nodes(p);
        CHECK(used >= 1);
        /* That box's fills refused: the other box fills it. */
        count = push_pack_run(p, f.b.start_box, f.b.start_player, NULL, g, 1000, refuse_keep, &f, &steps);
        CHECK_EQ_INT(count, 1);
        if (count == 1) {
            CHECK(steps[0].from != refused_from);
            CHECK_EQ_INT(steps[0].to, goal);
            CHECK(replays_filled(&f, steps, count, goal));
        }
        CHECK(push_pack_nodes(p) > used);
        /* Both boxes fixed: nothing can fill it. */
        uint8_t *fixed = calloc((size_t)f.b.n, 1);
        CHECK(fixed != NULL);
        if (fixed) {
            fixed[cell_at(&f, 2, 2)] = fixed[cell_at(&f, 6, 2)] = 1;
            CHECK_EQ_INT(push_pack_run(p, f.b.start_box, f.b.start_player, fixed, g, 1000, NULL, NULL, &steps), 0);
            CHECK(steps == NULL);
            free(fixed);
        }
        /* One expansion is not enough for two pushes. */
        CHECK_EQ_INT(push_pack_run(p, f.b.start_box, f.b.start_player, NULL, g, 1, NULL, NULL, &steps), 0);
        CHECK(push_pack_bytes(p) > 0);
    }
    push_pack_free(p);
    fixture_free(&f);
}

/* A goal already full: nothing to do. */
static void test_full(void)
{
    fixture f;
    CHECK(fixture_load(&f, &sokoban, "#######\n#     #\n# $*. #\n#@    #\n#######\n"));
    if (!f.board) return;
    push_pack *p = push_pack_new(&f.b, (size_t)8 << 20);
    int goal = cell_at(&f, 3, 2), g = f.b.goal_at[goal];
    CHECK(p != NULL && g >= 0);
    if (p && g >= 0) {
        const push_pack_step *steps;
        CHECK_EQ_INT(push_pack_run(p, f.b.start_box, f.b.start_player, NULL, g, 1000, NULL, NULL, &steps), 0);
    }
    push_pack_free(p);
    push_pack_free(NULL);
    fixture_free(&f);
}

int main(void)
{
    rules_sokoban(&sokoban);
    test_fills();
    test_full();
    return check_summary("test_push_pack");
}
