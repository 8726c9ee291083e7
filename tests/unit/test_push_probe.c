/* test_push_probe.c: the probe, a bounded complete search from one position, on hand-made
 * levels: it proves lost the ones a brute force finds no solution for (by search, not by the
 * start's checks alone), solves the others, and the way on it writes replays to solved with
 * the player starting anywhere in the probed position's region; with too few expansions it
 * stays open; and a probe can be run again and again on different positions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "push_brute.h"
#include "push_fixture.h"
#include "core/level.h"
#include "core/state.h"
#include "solve/push_board.h"
#include "solve/push_deadsets.h"
#include "solve/push_path.h"
#include "solve/push_probe.h"
#include "solve/push_search.h"
#include "solve/push_solve.h"

static ruleset sokoban;

static push_probe *probe_for(const push_board *b)
{
    push_search_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.opt = push_options_default();
    cfg.memory = (size_t)16 << 20;
    return push_probe_new(b, &cfg);
}

/* Lost levels that no check of the start sees: a search must run out of positions. */
static void test_lost(void)
{
    const char *levels[] = {
        "######\n#  $.#\n##$ .#\n# $. #\n#@   #\n######\n",
        "########\n# #  ..#\n# ##$$ #\n#   . $#\n# #  @ #\n########\n",
        "########\n#  #  .#\n#     .#\n#$   @ #\n# $$ # #\n#.  #  #\n########\n",
    };
    for (size_t i = 0; i < sizeof levels / sizeof *levels; i++) {
        fixture f;
        if (!fixture_load(&f, &sokoban, levels[i])) {
            CHECK(false);
            continue;
        }
        CHECK_EQ_INT(brute_force_pushes(&f.st), -1);
        push_probe *p = probe_for(&f.b);
        CHECK(p != NULL);
        if (p) {
            CHECK_EQ_INT(push_probe_run(p, f.b.start_box, f.b.start_player, 100000), PUSH_PROBE_LOST);
            CHECK(push_probe_nodes(p) >= 2);
            push_text t = { 0 };
            int at = f.b.start_player;
            CHECK(!push_probe_write(p, &at, &t));        /* nothing to write */
            push_text_free(&t);
        }
        push_probe_free(p);
        fixture_free(&f);
    }
}

/* The player cell of fixture g, as a cell of f's board (same walls). */
static int player_on(const fixture *f, const fixture *g) { return f->b.index[g->st.player[0]]; }

/* Alive levels: solved, and the way on replays from another cell of the player's region. Each
 * pair is one position with the player in two places of the same region. */
static void test_alive(void)
{
    const char *pairs[][2] = {
        { "##########\n#...  $  #\n#### $ $@#\n   #     #\n   #######\n",
          "##########\n#...  $  #\n#### $ $ #\n   #@    #\n   #######\n" },
        { "#######\n#.  @ #\n#$$$  #\n#. #  #\n#.    #\n#######\n",
          "#######\n#.    #\n#$$$  #\n#. #  #\n#.   @#\n#######\n" },
    };
    for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++) {
        fixture f, g;
        bool ok = fixture_load(&f, &sokoban, pairs[i][0]);
        ok = fixture_load(&g, &sokoban, pairs[i][1]) && ok;
        CHECK(ok);
        push_probe *p = ok ? probe_for(&f.b) : NULL;
        if (p) {
            CHECK(brute_force_pushes(&f.st) > 0);
            CHECK_EQ_INT(push_probe_run(p, f.b.start_box, f.b.start_player, 1), PUSH_PROBE_OPEN);
            CHECK_EQ_INT(push_probe_run(p, f.b.start_box, f.b.start_player, 100000), PUSH_PROBE_SOLVED);
            push_text t = { 0 };
            int at = player_on(&f, &g);
            CHECK(push_probe_write(p, &at, &t));
            CHECK(!t.failed && fixture_replays(&g.st, t.s));
            push_text_free(&t);
            /* The same probe on the other start: solved again, from its own player cell. */
            CHECK_EQ_INT(push_probe_run(p, g.b.start_box, g.b.start_player, 100000), PUSH_PROBE_SOLVED);
            push_text u = { 0 };
            at = g.b.start_player;
            CHECK(push_probe_write(p, &at, &u));
            CHECK(!u.failed && fixture_replays(&g.st, u.s));
            push_text_free(&u);
        }
        push_probe_free(p);
        fixture_free(&f);
        fixture_free(&g);
    }
}

/* The level text with only the boxes on the grid cells in keep[] (count of them) left. */
static char *boxes_only(const char *text, int width, const int *keep, int count)
{
    size_t len = strlen(text);
    char *out = malloc(len + 1);
    if (!out) return NULL;
    memcpy(out, text, len + 1);
    int x = 0, y = 0;
    for (char *c = out; *c; c++) {
        if (*c == '\n') {
            x = 0, y++;
            continue;
        }
        bool kept = false;
        for (int i = 0; i < count; i++) kept = kept || keep[i] == y * width + x;
        if (!kept && *c == '$') *c = ' ';
        if (!kept && *c == '*') *c = '.';
        x++;
    }
    return out;
}

/* Shrinks the start of lost level `text` with the focus on the box on grid cell `focus_cell`
 * and checks the dead set it keeps with a brute force: lost alone, minimal (any one of its
 * boxes dropped, the rest is solved), and matching the position it came from. Returns the set's
 * grid cells in keep[] and their number (0 when something failed). */
static int check_shrink(const char *text, int focus_cell, int *keep)
{
    fixture f;
    if (!fixture_load(&f, &sokoban, text)) {
        CHECK(false);
        return 0;
    }
    int width = f.st.g->w, k = 0;
    push_probe *p = probe_for(&f.b);
    push_deadsets *sets = push_deadsets_new(&f.b, (size_t)1 << 20);
    push_pos pos;
    bool ok = p && sets && push_pos_init(&pos, &f.b) == 0;
    CHECK(ok);
    if (ok) {
        CHECK_EQ_INT(push_probe_run(p, f.b.start_box, f.b.start_player, 100000), PUSH_PROBE_LOST);
        push_pos_load(&pos, &f.b, f.b.start_box, f.b.start_player);
        CHECK(!push_deadsets_match_all(sets, &pos, f.b.start_player));
        k = push_probe_shrink(p, f.b.start_box, f.b.start_player, f.b.index[focus_cell], 100000, 10000000, sets);
        CHECK(k >= 1 && k <= f.b.nboxes);
        CHECK_EQ_INT(push_deadsets_count(sets), 1);
        CHECK(push_deadsets_match_all(sets, &pos, f.b.start_player));
        if (push_deadsets_count(sets) == 1) {
            const push_deadset_spec *set = push_deadsets_at(sets, 0);
            CHECK_EQ_INT(set->count, k);
            for (int i = 0; i < set->count; i++) keep[i] = f.b.cell[set->cell[i]];
            fixture g;
            char *alone = boxes_only(text, width, keep, set->count);
            CHECK(alone && fixture_load(&g, &sokoban, alone));
            if (alone) {
                CHECK_EQ_INT(brute_force_pushes(&g.st), -1);
                fixture_free(&g);
            }
            free(alone);
            for (int drop = 0; drop < set->count; drop++) {
                int fewer[PUSH_SET_MAX], nf = 0;
                for (int i = 0; i < set->count; i++)
                    if (i != drop) fewer[nf++] = keep[i];
                char *less = boxes_only(text, width, fewer, nf);
                CHECK(less && fixture_load(&g, &sokoban, less));
                if (less) {
                    CHECK(brute_force_pushes(&g.st) >= 0);
                    fixture_free(&g);
                }
                free(less);
            }
        } else {
            k = 0;
        }
        push_pos_free(&pos);
    }
    push_deadsets_free(sets);
    push_probe_free(p);
    fixture_free(&f);
    return k;
}

/* Lost positions shrink to dead sets, whichever box the shrinking starts from (the order it
 * drops boxes in follows the focus). The first level is three boxes of a lost corner (the
 * first lost level above) with two boxes in a room of their own that neither helps nor harms
 * them (a box in the corridor between can only move along it): the room's boxes are left out. */
static void test_shrink(void)
{
    const char *levels[] = {
        "############\n"
        "#  $.#######\n"
        "##$ .#######\n"
        "# $. #######\n"
        "#@         #\n"
        "######     #\n"
        "###### $.$.#\n"
        "######     #\n"
        "############\n",
        "########\n# #  ..#\n# ##$$ #\n#   . $#\n# #  @ #\n########\n",
        "########\n#  #  .#\n#     .#\n#$   @ #\n# $$ # #\n#.  #  #\n########\n",
        /* Found by a random search for a level whose shrinking went wrong when a search got
         * its boxes out of cell order. */
        "########\n#      #\n#$ .$. #\n#    ###\n#@ # $ #\n# #   .#\n########\n",
        "########\n#@ .$  #\n#$# #  #\n#      #\n##$ # ##\n#. $..##\n########\n",
    };
    for (size_t l = 0; l < sizeof levels / sizeof *levels; l++) {
        /* Every box in turn as the focus (the levels' rows are as wide as their first). */
        int width = 0, x = 0, y = 0;
        for (const char *c = levels[l]; *c && *c != '\n'; c++) width++;
        for (const char *c = levels[l]; *c; c++) {
            if (*c == '\n') {
                x = 0, y++;
                continue;
            }
            if (*c == '$' || *c == '*') {
                int keep[PUSH_SET_MAX];
                int k = check_shrink(levels[l], y * width + x, keep);
                if (l == 0)
                    for (int i = 0; i < k; i++) CHECK(keep[i] / width <= 3);      /* none from the room */
            }
            x++;
        }
    }
}

int main(void)
{
    rules_sokoban(&sokoban);
    test_lost();
    test_alive();
    test_shrink();
    return check_summary("test_push_probe");
}
