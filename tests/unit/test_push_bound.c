/* test_push_bound.c: the matching bound. A hand-made position whose bound is known, and the
 * incremental bound of a child (only the changed rows solved again, a free column taken at
 * once when its edge is tight) against the bound solved from scratch, on many random
 * positions and children, with as many goals as boxes and with goals to spare. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "push_fixture.h"
#include "solve/push_board.h"

static ruleset sokoban;

static uint32_t rng = 12345;
static int rnd(int n)
{
    rng = rng * 1103515245u + 12345u;
    return (int)((rng >> 8) % (uint32_t)n);
}

/* The bound from scratch of boxes on cells (count of them), the player on `player`. */
static int full_bound(const push_board *b, push_matcher *m, push_pos *p, const uint16_t *cells, int player,
                      uint32_t *reach, uint32_t *stamp, int32_t *queue)
{
    push_pos_load(p, b, cells, player);
    ++*stamp;
    push_reach(b, p->occ, player, reach, *stamp, queue);
    return push_lower_bound(b, m, p, reach, *stamp, &b->base, NULL);
}

/* One push from the goal on each side: the bound is 2; the box below pushed up onto its goal
 * leaves 1. */
static void test_known(void)
{
    fixture f;
    CHECK(fixture_load(&f, &sokoban, "#######\n"
                                     "#.$   #\n"
                                     "#   @ #\n"
                                     "#   $ #\n"
                                     "#   . #\n"
                                     "#######\n"));
    if (f.board) {
        push_matcher m;
        push_pos p;
        uint32_t *reach = calloc((size_t)f.b.n + 1, sizeof *reach), stamp = 0;
        int32_t *queue = malloc(sizeof *queue * ((size_t)f.b.n + 1));
        CHECK(push_matcher_init(&m, f.b.nboxes, f.b.ngoals) == 0 && push_pos_init(&p, &f.b) == 0 && reach && queue);
        CHECK_EQ_INT(full_bound(&f.b, &m, &p, f.b.start_box, f.b.start_player, reach, &stamp, queue), 2);
        push_pos_free(&p);
        push_matcher_free(&m);
        free(reach), free(queue);
    }
    fixture_free(&f);
}

/* Random parents (no box on a dead cell: the search never expands a lost position), each with
 * several children that move one to three boxes anywhere: the incremental bound must equal
 * the one solved from scratch every time. */
static void children_match(const char *text, int parents)
{
    fixture f;
    CHECK(fixture_load(&f, &sokoban, text));
    if (!f.board) return;
    const push_board *b = &f.b;
    int nb = b->nboxes, n = b->n, mismatches = 0, finite = 0;
    push_matcher inc, scratch;
    push_pos parent, child;
    uint32_t *reach = calloc((size_t)n + 1, sizeof *reach), stamp = 0;
    int32_t *queue = malloc(sizeof *queue * ((size_t)n + 1));
    uint16_t cells[64], moved[64], sorted[64];
    bool ok = push_matcher_init(&inc, nb, b->ngoals) == 0 && push_matcher_init(&scratch, nb, b->ngoals) == 0 &&
              push_pos_init(&parent, b) == 0 && push_pos_init(&child, b) == 0 && reach && queue && nb < 64;
    CHECK(ok);
    for (int t = 0; ok && t < parents; t++) {
        /* Boxes on distinct random cells, the player on a cell left free. */
        uint8_t *used = calloc((size_t)n, 1);
        for (int i = 0; i < nb; i++) {
            int c;
            do c = rnd(n);
            while (used[c] || b->dead_all[c]);       /* a parent is never lost */
            used[c] = 1, cells[i] = (uint16_t)c;
        }
        int player;
        do player = rnd(n);
        while (used[player]);
        memcpy(sorted, cells, sizeof *cells * (size_t)nb);
        push_pos_load(&parent, b, sorted, player);
        ++stamp;
        push_reach(b, parent.occ, player, reach, stamp, queue);
        push_lower_bound(b, &inc, &parent, reach, stamp, &b->base, NULL);
        push_bound_keep(&inc);
        /* The kept rows are the parent's slots: row i is the box parent.box[i]. */
        for (int k = 0; k < 8; k++) {
            memcpy(moved, parent.box, sizeof *moved * (size_t)nb);
            memset(used, 0, (size_t)n);
            for (int i = 0; i < nb; i++) used[moved[i]] = 1;
            for (int r = 1 + rnd(3); r > 0; r--) {
                int i = rnd(nb), c;
                do c = rnd(n);
                while (used[c] || (b->dead_all[c] && rnd(8) > 0));   /* now and then lost */
                used[moved[i]] = 0, used[c] = 1, moved[i] = (uint16_t)c;
            }
            int at;
            do at = rnd(n);
            while (used[at]);
            memcpy(sorted, moved, sizeof *moved * (size_t)nb);
            int want = full_bound(b, &scratch, &child, sorted, at, reach, &stamp, queue);
            int got = push_bound_child(b, &inc, moved, reach, stamp, &b->base, NULL);
            if (got != want) mismatches++;
            finite += want < PUSH_FAR;
        }
        free(used);
    }
    CHECK_EQ_INT(mismatches, 0);
    CHECK(finite > parents * 4);            /* most children are not lost */
    push_pos_free(&parent), push_pos_free(&child);
    push_matcher_free(&inc), push_matcher_free(&scratch);
    free(reach), free(queue);
    fixture_free(&f);
}

static void test_children(void)
{
    /* As many goals as boxes. */
    children_match("##########\n"
                   "#  .  .  #\n"
                   "# $  $ $ #\n"
                   "#  .  .  #\n"
                   "# $ @  $ #\n"
                   "#  .  .  #\n"
                   "#  $ $ $ #\n"
                   "#  .  .  #\n"
                   "##########\n", 300);
    /* Goals to spare: the dummy rows of the square matching. */
    children_match("##########\n"
                   "#  .  .  #\n"
                   "# $  . $ #\n"
                   "#  .  .  #\n"
                   "# . @  $ #\n"
                   "#  .  .  #\n"
                   "#  $ .   #\n"
                   "#  .  .  #\n"
                   "##########\n", 300);
}

int main(void)
{
    rules_sokoban(&sokoban);
    test_known();
    test_children();
    return check_summary("test_push_bound");
}
