/* test_tween.c: moves shown in motion: steps from history records, interpolation over time,
 * queued input, undo backwards, and the shown board catching up with the state exactly. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/engine.h"
#include "core/level.h"
#include "core/state.h"
#include "frontend/tween.h"

static ruleset sokoban, sliding;

static int load(levelset *set, state *s, const char *text, level_format f, const ruleset *r)
{
    error err;
    if (levelset_parse(set, "t", text, strlen(text), f, r, &err) != 0) return -1;
    return state_init(s, &set->levels[0], r);
}

/* The shown board equals the state's. */
static int shown_is_state(const tween *tw, const state *s)
{
    state shown;
    tween_slide sl[8];
    int n = tween_frame(tw, s, &shown, sl, 8);
    return n == 0 && !memcmp(shown.obj, s->obj, (size_t)s->g->ncells) &&
           !memcmp(shown.floor, s->floor, (size_t)s->g->ncells) &&
           shown.player[s->active] == s->player[s->active];
}

static void test_push_interpolates(void)
{
    levelset set;
    state s;
    CHECK(load(&set, &s, "######\n#@$ .#\n######\n", FORMAT_XSB, &sokoban) == 0);
    tween tw;
    tween_init(&tw);
    tween_set_speed(&tw, TWEEN_SPEED_DEFAULT);
    tween_sync(&tw, &s);
    CHECK(!tween_busy(&tw));
    int ms = tween_step_ms(TWEEN_SPEED_DEFAULT);
    CHECK(ms > 0);

    /* A push: one step, the player and the box moving together. */
    CHECK_EQ_INT(engine_move(&s, DIR_RIGHT), MOVE_PUSH);
    tween_follow(&tw, &s);
    CHECK(tween_busy(&tw));
    state shown;
    tween_slide sl[8];
    int n = tween_frame(&tw, &s, &shown, sl, 8);
    CHECK_EQ_INT(n, 2);
    int box_seen = 0, man_seen = 0;
    for (int i = 0; i < n; i++) {
        CHECK(sl[i].t == 0.0f);
        if (sl[i].from == 6 + 2 && sl[i].to == 6 + 3) box_seen++;
        if (sl[i].from == 6 + 1 && sl[i].to == 6 + 2) man_seen++;
    }
    CHECK(box_seen == 1 && man_seen == 1);
    /* Half way: eased out, so past the middle; never beyond the end. */
    tween_advance(&tw, ms / 2.0);
    n = tween_frame(&tw, &s, &shown, sl, 8);
    CHECK_EQ_INT(n, 2);
    CHECK(sl[0].t > 0.5f && sl[0].t < 1.0f);
    CHECK(sl[0].t == sl[1].t);
    float prev = sl[0].t;
    tween_advance(&tw, ms / 4.0);
    n = tween_frame(&tw, &s, &shown, sl, 8);
    CHECK(n == 2 && sl[0].t > prev && sl[0].t <= 1.0f);
    tween_advance(&tw, ms);
    CHECK(!tween_busy(&tw));
    CHECK(shown_is_state(&tw, &s));

    /* Undo animates back: the box comes from the goal side, the player from the box's cell. */
    CHECK(history_undo(&s));
    tween_follow(&tw, &s);
    n = tween_frame(&tw, &s, &shown, sl, 8);
    CHECK_EQ_INT(n, 2);
    box_seen = man_seen = 0;
    for (int i = 0; i < n; i++) {
        if (sl[i].from == 6 + 3 && sl[i].to == 6 + 2) box_seen++;
        if (sl[i].from == 6 + 2 && sl[i].to == 6 + 1) man_seen++;
    }
    CHECK(box_seen == 1 && man_seen == 1);
    tween_advance(&tw, ms * 2.0);
    CHECK(shown_is_state(&tw, &s));
    tween_free(&tw);
    state_free(&s);
    levelset_free(&set);
}

static void test_queue_and_walk_record(void)
{
    levelset set;
    state s;
    CHECK(load(&set, &s, "#######\n#@    #\n#     #\n#######\n", FORMAT_XSB, &sokoban) == 0);
    tween tw;
    tween_init(&tw);
    tween_sync(&tw, &s);
    int ms = tween_step_ms(tw.speed);

    /* Three quick moves: all queued, shown one after the other, none lost. */
    for (int i = 0; i < 3; i++) {
        CHECK(engine_move(&s, DIR_RIGHT) == MOVE_WALK);
        tween_follow(&tw, &s);
    }
    CHECK_EQ_INT(tw.nsteps - tw.head, 3);
    state shown;
    tween_slide sl[8];
    CHECK_EQ_INT(tween_frame(&tw, &s, &shown, sl, 8), 1);
    CHECK(sl[0].from == 7 + 1 && sl[0].to == 7 + 2);
    CHECK_EQ_INT(shown.player[0], 7 + 2); /* the shown player, behind the state's */
    CHECK_EQ_INT(s.player[0], 7 + 4);
    /* A queue of three plays faster than one step at a time. */
    tween_advance(&tw, ms * 3.0 - 60);
    CHECK(!tween_busy(&tw));
    CHECK(shown_is_state(&tw, &s));

    /* A walk of several cells in one record (a click) is one step per cell. */
    history_begin(&s, DIR_DOWN);
    engine_move(&s, DIR_DOWN);
    engine_move(&s, DIR_LEFT);
    engine_move(&s, DIR_LEFT);
    history_end(&s);
    tween_follow(&tw, &s);
    CHECK_EQ_INT(tw.nsteps - tw.head, 3);
    CHECK_EQ_INT(tween_frame(&tw, &s, &shown, sl, 8), 1);
    CHECK(sl[0].from == 7 + 4 && sl[0].to == 14 + 4);
    tween_advance(&tw, ms * 10.0);
    CHECK(shown_is_state(&tw, &s));

    /* Undo of the walk retraces it backwards, cell by cell. */
    CHECK(history_undo(&s));
    tween_follow(&tw, &s);
    CHECK_EQ_INT(tw.nsteps - tw.head, 3);
    tween_frame(&tw, &s, &shown, sl, 8);
    CHECK(sl[0].from == 14 + 2 && sl[0].to == 14 + 3);
    /* Speed off shows the end at once; a restart always does. */
    tween_set_speed(&tw, TWEEN_OFF);
    CHECK(!tween_busy(&tw));
    CHECK(shown_is_state(&tw, &s));
    tween_set_speed(&tw, 3);
    CHECK(state_restart(&s));
    tween_follow(&tw, &s);
    CHECK(!tween_busy(&tw));
    CHECK(shown_is_state(&tw, &s));
    /* Something it cannot follow (an undo and a new move between two looks): it shows the
     * state, never a wrong board. */
    CHECK(engine_move(&s, DIR_RIGHT) == MOVE_WALK);
    tween_follow(&tw, &s);
    tween_finish(&tw);
    CHECK(history_undo(&s));
    CHECK(engine_move(&s, DIR_DOWN) == MOVE_WALK);
    tween_follow(&tw, &s);
    tween_advance(&tw, 10000);
    CHECK(shown_is_state(&tw, &s));
    tween_free(&tw);
    state_free(&s);
    levelset_free(&set);
}

static void test_sliding_tiles(void)
{
    levelset set;
    state s;
    CHECK(load(&set, &s, "1 2 3 4 5 6 7 0 8\n", FORMAT_BOARDS, &sliding) == 0);
    tween tw;
    tween_init(&tw);
    tween_sync(&tw, &s);
    /* Tile 8 slides left into the gap: the blank goes right. */
    CHECK(engine_move(&s, DIR_RIGHT) != MOVE_BLOCKED);
    tween_follow(&tw, &s);
    state shown;
    tween_slide sl[8];
    CHECK_EQ_INT(tween_frame(&tw, &s, &shown, sl, 8), 1); /* number and object: one motion */
    CHECK(sl[0].from == 8 && sl[0].to == 7);
    CHECK_EQ_INT(shown.num[7], 8);
    /* A row slide (one record) moves the tiles together. */
    tween_finish(&tw);
    CHECK(engine_slide_cell(&s, 6) == 2);
    tween_follow(&tw, &s);
    CHECK_EQ_INT(tw.nsteps - tw.head, 1);
    CHECK_EQ_INT(tween_frame(&tw, &s, &shown, sl, 8), 2);
    tween_advance(&tw, 1000);
    CHECK(!tween_busy(&tw));
    /* The frame drawn mid-slide already holds the numbers where they go (drawn offset). */
    CHECK(!memcmp(shown.num, s.num, sizeof *s.num * 9));
    tween_frame(&tw, &s, &shown, sl, 8);
    CHECK(!memcmp(shown.num, s.num, sizeof *s.num * 9));
    tween_free(&tw);
    state_free(&s);
    levelset_free(&set);
}

int main(void)
{
    rules_sokoban(&sokoban);
    rules_sliding(&sliding);
    test_push_interpolates();
    test_queue_and_walk_record();
    test_sliding_tiles();
    return check_summary("test_tween");
}
