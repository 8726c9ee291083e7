/* test_movelog.c: LURD letters kept in step with the history (undo, redo, a new branch,
 * walks committed once, restarts), LURD read from pasted text, and XSB written back. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/engine.h"
#include "core/level.h"
#include "core/movelog.h"

static ruleset sokoban;

/* What the session does for one move: the letter, then the commit after the outermost end. */
static void move(state *s, movelog *ml, int dir)
{
    int32_t before = s->hist.pos;
    history_begin(s, dir);
    move_result r = engine_move(s, dir);
    if (r != MOVE_BLOCKED) {
        char c = grid_dir_letter(s->g->topo, dir);
        movelog_note(ml, r == MOVE_PUSH ? (char)(c - 'a' + 'A') : c);
    }
    history_end(s);
    movelog_commit(ml, s, before);
}

static int lurd_is(const movelog *ml, const state *s, const char *want)
{
    char *got = movelog_lurd(ml, s);
    int same = got && strcmp(got, want) == 0;
    if (!same) fprintf(stderr, "lurd '%s', expected '%s'\n", got ? got : "(null)", want);
    free(got);
    return same;
}

static void test_history_in_step(void)
{
    const char *text = "#######\n#@ $ .#\n#     #\n#######\n";
    levelset set;
    state s;
    movelog ml;
    error err;
    CHECK(levelset_parse(&set, "t.xsb", text, strlen(text), FORMAT_XSB, &sokoban, &err) == 0);
    CHECK(state_init(&s, &set.levels[0], &sokoban) == 0);
    movelog_init(&ml);
    CHECK(lurd_is(&ml, &s, ""));
    move(&s, &ml, DIR_RIGHT);
    move(&s, &ml, DIR_RIGHT); /* pushes */
    CHECK(lurd_is(&ml, &s, "rR"));
    move(&s, &ml, DIR_UP); /* blocked: no letter */
    CHECK(lurd_is(&ml, &s, "rR"));
    CHECK(history_undo(&s));
    CHECK(lurd_is(&ml, &s, "r"));
    CHECK(history_redo(&s));
    CHECK(lurd_is(&ml, &s, "rR"));
    CHECK(history_undo(&s));
    move(&s, &ml, DIR_DOWN); /* a new branch replaces the redo */
    CHECK(lurd_is(&ml, &s, "rd"));
    CHECK(!history_redo(&s));
    /* A walk of several moves is one record, committed once by the outer action. */
    int32_t before = s.hist.pos;
    history_begin(&s, DIR_RIGHT);
    move(&s, &ml, DIR_RIGHT);
    move(&s, &ml, DIR_RIGHT);
    history_end(&s);
    movelog_commit(&ml, &s, before);
    CHECK(lurd_is(&ml, &s, "rdrr"));
    CHECK(history_undo(&s));
    CHECK(lurd_is(&ml, &s, "rd"));
    CHECK(history_redo(&s));
    /* After a restart the moves start over; undoing the restart brings them back. */
    before = s.hist.pos;
    CHECK(state_restart(&s));
    movelog_commit(&ml, &s, before);
    CHECK(lurd_is(&ml, &s, ""));
    move(&s, &ml, DIR_DOWN);
    CHECK(lurd_is(&ml, &s, "d"));
    CHECK(history_undo(&s) && history_undo(&s));
    CHECK(lurd_is(&ml, &s, "rdrr"));
    movelog_free(&ml);
    state_free(&s);
    levelset_free(&set);
}

static void test_lurd_from_text(void)
{
    char *t = lurd_from_text("  rRd\n uL \r\n", TOPO_SQUARE, 0);
    CHECK(t && strcmp(t, "rRduL") == 0);
    free(t);
    CHECK(lurd_from_text("r2u", TOPO_SQUARE, 0) == NULL); /* digits only with several players */
    t = lurd_from_text("r2u", TOPO_SQUARE, 1);
    CHECK(t && strcmp(t, "r2u") == 0);
    free(t);
    CHECK(lurd_from_text("#####\n#@$.#\n#####\n", TOPO_SQUARE, 1) == NULL);
    CHECK(lurd_from_text("   \n", TOPO_SQUARE, 0) == NULL);
    CHECK(lurd_from_text("123", TOPO_SQUARE, 1) == NULL); /* no move at all */
    t = lurd_from_text("qeZc", TOPO_HEX, 0); /* hex letters */
    CHECK(t && strcmp(t, "qeZc") == 0);
    free(t);
    CHECK(lurd_from_text("qe", TOPO_SQUARE, 0) == NULL);
}

static void test_xsb_round_trip(void)
{
    const char *text = "  ####\n###  #\n#  $ #\n# #  #\n#.  @#\n######\n";
    levelset a, b;
    error err;
    CHECK(levelset_parse(&a, "a.xsb", text, strlen(text), FORMAT_XSB, &sokoban, &err) == 0);
    char *out = level_to_xsb(&a.levels[0], &sokoban);
    CHECK(out && strcmp(out, text) == 0);
    CHECK(levelset_parse(&b, "b.xsb", out, strlen(out), FORMAT_XSB, &sokoban, &err) == 0);
    CHECK(b.count == 1 && memcmp(a.levels[0].obj, b.levels[0].obj, (size_t)a.levels[0].g.ncells) == 0);
    free(out);
    levelset_free(&a);
    levelset_free(&b);
}

int main(void)
{
    rules_sokoban(&sokoban);
    test_history_in_step();
    test_lurd_from_text();
    test_xsb_round_trip();
    return check_summary("test_movelog");
}
