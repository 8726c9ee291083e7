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

int main(void)
{
    rules_sokoban(&sokoban);
    test_lost();
    test_alive();
    return check_summary("test_push_probe");
}
