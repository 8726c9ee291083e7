/* push_fixture.h: a level parsed from XSB text, started, and analysed as a push board, for the
 * push-solver unit tests. Include once per test program. */
#ifndef TESSERA_TESTS_PUSH_FIXTURE_H
#define TESSERA_TESTS_PUSH_FIXTURE_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "core/engine.h"
#include "core/level.h"
#include "core/state.h"
#include "solve/push_board.h"

typedef struct fixture {
    levelset set;
    state st;
    push_board b;
    bool ok, board;
} fixture;

/* true when text parsed, started and analysed (what failed is printed otherwise) */
static bool fixture_load(fixture *f, const ruleset *r, const char *text)
{
    error err;
    memset(f, 0, sizeof *f);
    if (levelset_parse(&f->set, "test.xsb", text, strlen(text), FORMAT_XSB, r, &err) != 0) {
        fprintf(stderr, "parse: %s\n", err.msg);
        return false;
    }
    f->ok = state_init(&f->st, &f->set.levels[0], r) == 0;
    char msg[160];
    int rc = f->ok ? push_board_init(&f->b, &f->st, msg, sizeof msg) : PUSH_BOARD_ERROR;
    f->board = rc == PUSH_BOARD_OK && push_board_analyse(&f->b) == 0;
    if (rc != PUSH_BOARD_ERROR && !f->board) push_board_free(&f->b);   /* a stuck box: built all the same */
    return f->board;
}

static void fixture_free(fixture *f)
{
    if (f->board) push_board_free(&f->b);
    if (f->ok) state_free(&f->st);
    levelset_free(&f->set);
}

/* Plays lurd on a copy of start; true when it ends solved. */
static inline bool fixture_replays(const state *start, const char *lurd)
{
    state s;
    if (!lurd || state_copy(&s, start) != 0) return false;
    int bad;
    engine_play_lurd(&s, lurd, &bad);
    bool ok = bad < 0 && state_solved(&s);
    state_free(&s);
    return ok;
}

#endif
