/* test_game_hooks.c: the hooks of games with their own rules, called the way the app and the
 * search call them (script/game.h): game_do_action records one step or nothing (refused,
 * no change, or a failing act, whose half-made changes are taken back); game_step with a
 * veto; labels, candidates and heuristic with their results and their errors at the script's
 * line; game_check_levels refusing a level solved at its start; the session's replay of a
 * history of actions after a hot reload. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/reload.h"
#include "app/session.h"
#include "check.h"
#include "core/action.h"
#include "script/bindings.h"
#include "script/host.h"
#include "script/game.h"
#include "script/search.h"

static char dir[256], script[300], levels[300];

/* A game with actions on a lights-like board: extra goes inside the game table. */
static void write_game(const char *extra)
{
    char text[4096];
    snprintf(text, sizeof text,
             "return tessera.game {\n"
             "  name = \"Hooks\",\n"
             "  rules = \"actions\",\n"
             "  tiles = { [\"O\"] = { \"lit\" }, [\".\"] = { \"dark\" } },\n"
             "  vars = { presses = 0 },\n"
             "  actions = { press = { click = true }, wipe = { keys = { \"e\" } } },\n"
             "  solved = function(level) return level:count(\"lit\") == 0 end,\n"
             "%s\n"
             "}\n",
             extra);
    check_write_file(script, text);
}

/* press toggles the cell; press on the last cell fails half way; wipe does nothing. */
static const char act_text[] =
    "  act = function(level, action)\n"
    "    if action.name == \"wipe\" then return end\n"
    "    level:set_var(\"presses\", (level:var(\"presses\") + 1) % 4)\n"
    "    level:set_floor(action.cell, level:floor(action.cell) == \"lit\" and \"dark\" or \"lit\")\n"
    "    local w, h = level:size()\n"
    "    if action.cell == w * h then error(\"the last cell breaks\") end\n"
    "    if action.cell == 1 then return false end\n"
    "  end,\n";

static game *load(error *err) { return game_load(NULL, script, err); }

static int start(game *g, levelset *set, state *s, const char *text, error *err)
{
    if (levelset_parse(set, "t.txt", text, strlen(text), FORMAT_XSB, game_rules(g), err) != 0) return -1;
    return state_init(s, &set->levels[0], game_rules(g));
}

static void test_do_action(void)
{
    error err;
    write_game(act_text);
    game *g = load(&err);
    CHECK(g != NULL);
    if (!g) return;
    levelset set;
    state s;
    CHECK(start(g, &set, &s, "O.\n..\n", &err) == 0);
    uint64_t h0 = s.hash;
    action a = action_make(rules_find_action(game_rules(g), "press", 5));
    int done;
    /* Done: one record, the counter counted, the variable in it. */
    a.cell = 1;
    CHECK(game_do_action(g, &s, &a, &done, &err) == 0 && done == 1);
    CHECK(s.hist.nrec == 1 && s.moves == 1 && s.hash != h0);
    CHECK(state_var(&s, 0)->i == 1 && s.floor[1] == rules_find_tile(game_rules(g), "lit"));
    CHECK(s.hist.rec[0].flags & RECORD_ACTION);
    /* Refused (act returns false on cell 1): nothing changes, nothing is recorded. */
    uint64_t h1 = s.hash;
    a.cell = 0;
    CHECK(game_do_action(g, &s, &a, &done, &err) == 0 && done == 0);
    CHECK(s.hist.nrec == 1 && s.moves == 1 && s.hash == h1 && state_var(&s, 0)->i == 1);
    /* Failing half way: an error at its line, and its changes taken back. */
    a.cell = 3;
    CHECK(game_do_action(g, &s, &a, &done, &err) != 0 && done == 0);
    CHECK_STR_HAS(err.msg, "the last cell breaks");
    CHECK_EQ_INT(err.line, 13);
    CHECK(s.hist.nrec == 1 && s.hash == h1 && state_var(&s, 0)->i == 1);
    /* Changing nothing is no step either. */
    action w = action_make(rules_find_action(game_rules(g), "wipe", 4));
    CHECK(game_do_action(g, &s, &w, &done, &err) == 0 && done == 0 && s.hist.nrec == 1);
    CHECK(history_undo(&s) && s.hash == h0 && state_var(&s, 0)->i == 0);
    state_free(&s);
    levelset_free(&set);
    game_free(g);
}

static void test_labels_candidates_heuristic(void)
{
    error err;
    char extra[2048];
    snprintf(extra, sizeof extra, "%s%s", act_text,
             "  labels = function(level) return { [1] = \"A\", [4] = level:var(\"presses\") } end,\n"
             "  candidates = function(level) return { { name = \"press\", x = 2, y = 1 }, { name = \"press\", cell = 3 } } end,\n"
             "  heuristic = function(level) return level:count(\"lit\") end,\n");
    write_game(extra);
    game *g = load(&err);
    CHECK(g != NULL);
    if (!g) return;
    levelset set;
    state s;
    CHECK(start(g, &set, &s, "O.\n..\n", &err) == 0);
    char labels[4][GAME_LABEL_MAX];
    CHECK(game_labels(g, &s, labels, &err) == 1);
    CHECK(!strcmp(labels[0], "A") && !strcmp(labels[1], "") && !strcmp(labels[3], "0"));
    action list[8];
    CHECK(game_candidates(g, &s, list, 8, &err) == 2);
    CHECK(list[0].cell == 1 && list[1].cell == 2 && list[0].dir == -1);
    CHECK(game_candidates(g, &s, list, 1, &err) < 0);
    CHECK_STR_HAS(err.msg, "returned 2 actions (at most 1)");
    double h;
    CHECK(game_heuristic(g, &s, &h, &err) == 0 && h == 1);
    /* The search tries only the candidates: cells 2 and 3 cannot clear cell 1. */
    solve_limits lim = solve_limits_default();
    lim.seconds = 5;
    solve_result r;
    CHECK(game_search(g, &s, &lim, &r) == SOLVE_UNSOLVABLE);
    solve_result_free(&r);
    state_free(&s);
    levelset_free(&set);
    game_free(g);

    /* Bad results are errors at the hook's line, and the search reports them. */
    snprintf(extra, sizeof extra, "%s%s", act_text,
             "  labels = function(level) return { [99] = \"x\" } end,\n"
             "  heuristic = function(level) return -1 end,\n");
    write_game(extra);
    g = load(&err);
    CHECK(g != NULL);
    if (!g) return;
    CHECK(start(g, &set, &s, "O.\n..\n", &err) == 0);
    CHECK(game_labels(g, &s, labels, &err) < 0);
    CHECK_STR_HAS(err.msg, "labels returned a key that is not a cell");
    CHECK_EQ_INT(err.line, 16);
    CHECK(game_heuristic(g, &s, &h, &err) < 0);
    CHECK_STR_HAS(err.msg, "heuristic must return a number from 0 to 1e9");
    CHECK(game_search(g, &s, &lim, &r) == SOLVE_ERROR);
    CHECK_STR_HAS(r.message, "heuristic must return a number");
    solve_result_free(&r);
    state_free(&s);
    levelset_free(&set);
    game_free(g);

    /* A number in a string is not a number (Lua would convert it, a typo as much as a value). */
    snprintf(extra, sizeof extra, "%s%s", act_text, "  heuristic = function(level) return \"3\" end,\n");
    write_game(extra);
    g = load(&err);
    CHECK(g != NULL);
    if (!g) return;
    CHECK(start(g, &set, &s, "O.\n..\n", &err) == 0);
    CHECK(game_heuristic(g, &s, &h, &err) < 0);
    CHECK_STR_HAS(err.msg, "heuristic must return a number from 0 to 1e9");
    state_free(&s);
    levelset_free(&set);
    game_free(g);

    /* A candidate with a direction for an action declared without dirs is refused: the
     * search would find solutions that verify refuses. */
    snprintf(extra, sizeof extra, "%s%s", act_text,
             "  candidates = function(level) return { { name = \"press\", cell = 1, dir = \"up\" } } end,\n");
    write_game(extra);
    g = load(&err);
    CHECK(g != NULL);
    if (!g) return;
    CHECK(start(g, &set, &s, "O.\n..\n", &err) == 0);
    CHECK(game_candidates(g, &s, list, 8, &err) < 0);
    CHECK_STR_HAS(err.msg, "entry 1: action 'press' takes no direction (declared without dirs = true)");
    state_free(&s);
    levelset_free(&set);
    game_free(g);
}

/* press toggles the cell pressed, and nothing else. */
#define TOGGLE_ACT \
    "  act = function(level, action)\n" \
    "    if not action.cell then return end\n" \
    "    level:set_floor(action.cell, level:floor(action.cell) == \"lit\" and \"dark\" or \"lit\")\n" \
    "  end,\n"

/* A search of 30 s in 256 KiB: room for fewer than 2^12 positions. */
static solve_limits small_limits(void)
{
    solve_limits lim = solve_limits_default();
    lim.seconds = 30;
    lim.memory_bytes = 256 << 10;
    return lim;
}

/* A heuristic may say math.huge where no solution is left: the search goes no further from
 * there, and proves a level unsolvable that it could not search through (before, math.huge
 * was an error, "must return a number 0 or more"). Other numbers past 1e9 are still refused. */
static void test_heuristic_dead_end(void)
{
    error err;
    write_game(TOGGLE_ACT
               "  candidates = function(level)\n"
               "    local list = {}\n"
               "    for c = 2, 16 do list[#list + 1] = { name = \"press\", cell = c } end\n"
               "    return list\n"
               "  end,\n"
               "  heuristic = function(level)\n"
               "    local lit = level:count(\"lit\")\n"
               "    if lit > 1 then return math.huge end\n"
               "    return lit\n"
               "  end,\n");
    game *g = load(&err);
    CHECK(g != NULL);
    if (!g) return;
    levelset set;
    state s;
    /* Cell 1 is never pressed: no solution. Without the dead ends, 2^15 positions to search,
     * more than 256 KiB holds. */
    CHECK(start(g, &set, &s, "O...\n....\n....\n....\n", &err) == 0);
    solve_limits lim = small_limits();
    solve_result r;
    CHECK(game_search(g, &s, &lim, &r) == SOLVE_UNSOLVABLE);
    CHECK(r.nodes < 100);
    solve_result_free(&r);
    state_free(&s);
    levelset_free(&set);
    /* A level with a solution is still solved: its path never meets a dead end. */
    CHECK(start(g, &set, &s, "....\n.O..\n....\n....\n", &err) == 0);
    CHECK(game_search(g, &s, &lim, &r) == SOLVE_SOLVED && r.moves == 1);
    solve_result_free(&r);
    state_free(&s);
    levelset_free(&set);
    game_free(g);

    write_game("  act = function(level, action) end,\n"
               "  heuristic = function(level) return 1e12 end,\n");
    g = load(&err);
    CHECK(g != NULL);
    if (!g) return;
    CHECK(start(g, &set, &s, "O.\n..\n", &err) == 0);
    double h;
    CHECK(game_heuristic(g, &s, &h, &err) < 0);
    CHECK_STR_HAS(err.msg, "heuristic must return a number from 0 to 1e9, or math.huge");
    state_free(&s);
    levelset_free(&set);
    game_free(g);
}

/* The search stops at its memory budget and says so, instead of growing without end. */
static void test_search_budget(void)
{
    error err;
    write_game(TOGGLE_ACT);
    game *g = load(&err);
    CHECK(g != NULL);
    if (!g) return;
    levelset set;
    state s;
    CHECK(start(g, &set, &s, "OOOO\nOOOO\nOOOO\n", &err) == 0);
    solve_limits lim = small_limits();      /* less than 2^12 positions need */
    solve_result r;
    CHECK(game_search(g, &s, &lim, &r) == SOLVE_TIMEOUT);
    CHECK_STR_HAS(r.message, "memory budget");
    CHECK(r.nodes > 1000 && r.nodes < 40000);  /* a good part of the way, not all of it */
    solve_result_free(&r);
    /* With room enough, breadth first finds the 12 presses. */
    lim.memory_bytes = 0;
    CHECK(game_search(g, &s, &lim, &r) == SOLVE_SOLVED && r.moves == 12);
    solve_result_free(&r);
    state_free(&s);
    levelset_free(&set);
    game_free(g);
}

/* Labels are cut to GAME_LABEL_MAX - 1 bytes, never inside a UTF-8 character (they are drawn
 * as UTF-8: a cut one showed as '?'). */
static void test_labels_cut(void)
{
    error err;
    char extra[2048];
    snprintf(extra, sizeof extra, "%s%s", act_text,
             "  labels = function(level) return { [1] = (\"\\u{e9}\"):rep(9), [2] = (\"x\"):rep(40),\n"
             "    [3] = \"a\" .. (\"\\u{20ac}\"):rep(5), [4] = 12 } end,\n");
    write_game(extra);
    game *g = load(&err);
    CHECK(g != NULL);
    if (!g) return;
    levelset set;
    state s;
    CHECK(start(g, &set, &s, "O.\n..\n", &err) == 0);
    char labels[4][GAME_LABEL_MAX];
    CHECK(game_labels(g, &s, labels, &err) == 1);
    CHECK_EQ_INT((int)strlen(labels[0]), 14);                   /* 7 of the 9 two-byte characters */
    CHECK(!strcmp(labels[0], "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"));
    CHECK_EQ_INT((int)strlen(labels[1]), GAME_LABEL_MAX - 1);
    CHECK(!strcmp(labels[2], "a\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac"));  /* 13 bytes: 4 of the 5 */
    CHECK(!strcmp(labels[3], "12"));
    state_free(&s);
    levelset_free(&set);
    game_free(g);
}

static void test_check_levels(void)
{
    error err;
    write_game(act_text);
    game *g = load(&err);
    CHECK(g != NULL);
    if (!g) return;
    levelset set;
    const char *text = "; busy\nO.\n..\n\n; done already\n..\n..\n";
    CHECK(levelset_parse(&set, "two.txt", text, strlen(text), FORMAT_XSB, game_rules(g), &err) == 0);
    CHECK(game_check_levels(g, &set, NULL, &err) != 0);
    CHECK_EQ_INT(err.line, 6);
    CHECK_STR_HAS(err.msg, "level 2 'done already' is solved at its start");
    levelset_free(&set);
    game_free(g);
}

/* solved returns true, false or nothing: a number (a count that forgot its == 0) is the
 * hook's error at its line, not a level solved at its start. */
static void test_solved_result(void)
{
    static const char *const returns[] = { "level:count(\"lit\")", "\"yes\"", "{}", "nil", "false" };
    for (int i = 0; i < 5; i++) {
        char text[1024];
        snprintf(text, sizeof text,
                 "return tessera.game {\n"
                 "  name = \"Hooks\",\n"
                 "  rules = \"actions\",\n"
                 "  tiles = { [\"O\"] = { \"lit\" }, [\".\"] = { \"dark\" } },\n"
                 "  actions = { press = { click = true } },\n"
                 "  act = function(level, action) end,\n"
                 "  solved = function(level) return %s end,\n"
                 "}\n",
                 returns[i]);
        check_write_file(script, text);
        error err;
        game *g = load(&err);
        CHECK(g != NULL);
        if (!g) return;
        levelset set;
        CHECK(levelset_parse(&set, "one.txt", "O.\n", 3, FORMAT_XSB, game_rules(g), &err) == 0);
        int rc = game_check_levels(g, &set, NULL, &err);
        if (i < 3) {
            CHECK(rc != 0);
            CHECK_STR_HAS(err.msg, "solved must return true, false or nothing");
            CHECK_STR_HAS(err.file, script);
            CHECK_EQ_INT(err.line, 7);
        } else {
            CHECK(rc == 0);                    /* nil and false: not solved */
        }
        levelset_free(&set);
        game_free(g);
    }
}

/* A history of actions is played again after a reload that changed the rules. */
static void test_reload_replay(void)
{
    error err;
    write_game(act_text);
    check_write_file(levels, "O..\n...\n...\n");
    app_paths p;
    memset(&p, 0, sizeof p);
    session s;
    CHECK(session_open(&s, &p, script, levels, 1, &err) == 0);
    action a = action_make(rules_find_action(game_rules(s.game), "press", 5));
    for (int c = 2; c <= 4; c++) {
        a.cell = c;
        CHECK(session_act(&s, &a) == 1);
    }
    CHECK(s.st.moves == 3 && state_var(&s.st, 0)->i == 3);
    char *lurd = session_lurd(&s);
    CHECK(lurd && !strcmp(lurd, "press(3,1) press(1,2) press(2,2)"));
    free(lurd);
    /* New rules (one more tile): the level is read again and the three presses replayed. */
    char extra[2048];
    snprintf(extra, sizeof extra, "%s  help = { \"edited\" },\n", act_text);
    write_game(extra);
    char text[4096];
    FILE *f = fopen(script, "r");
    size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
    if (f) fclose(f);
    text[n] = '\0';
    char *at = strstr(text, "[\".\"] = { \"dark\" }");
    CHECK(at != NULL);
    if (at) {
        char edited[4200];
        snprintf(edited, sizeof edited, "%.*s[\"x\"] = { \"spare\" }, %s", (int)(at - text), text, at);
        check_write_file(script, edited);
    }
    reload_result res;
    CHECK(session_reload(&s, true, false, &res, &err) == 0);
    CHECK(res.rebuilt && res.replayed == 3 && res.total == 3);
    CHECK(s.st.moves == 3 && state_var(&s.st, 0)->i == 3 && s.st.hist.nrec == 3);
    CHECK(session_undo(&s) && state_var(&s.st, 0)->i == 2);
    session_close(&s);
}

/* A hook runs as a quick call: without the count hook (the CPU-time timer stops it) and with
 * the count hook set back after it, whether it returned or failed. The level of the call under
 * way is known to the methods without their type check; a level kept from an earlier call is
 * still refused, and so is one kept by a coroutine and used from it in a later call. */
static void test_quick_calls(void)
{
    error err;
    check_write_file(script,
                     "local kept, co\n"
                     "return tessera.game {\n"
                     "  name = \"Quick\",\n"
                     "  rules = \"actions\",\n"
                     "  tiles = { [\"O\"] = { \"lit\" }, [\".\"] = { \"dark\" } },\n"
                     "  actions = { press = { click = true }, spin = { keys = { \"e\" } }, "
                     "stale = { keys = { \"f\" } }, later = { keys = { \"b\" } } },\n"
                     "  solved = function(level) return level:count(\"lit\") == 0 end,\n"
                     "  act = function(level, action)\n"
                     "    if action.name == \"spin\" then while true do end end\n"
                     "    if action.name == \"stale\" then return kept:floor(1) == \"lit\" end\n"
                     "    if action.name == \"later\" then\n"
                     "      local ok, msg = coroutine.resume(co)\n"
                     "      error(msg, 0)\n"
                     "    end\n"
                     "    kept = level\n"
                     "    co = co or coroutine.create(function() coroutine.yield(); level:floor(1) end)\n"
                     "    coroutine.resume(co)\n"
                     "    level:set_floor(action.cell, level:floor(action.cell) == \"lit\" and \"dark\" or \"lit\")\n"
                     "  end,\n"
                     "}\n");
    game *g = load(&err);
    CHECK(g != NULL);
    if (!g) {
        fprintf(stderr, "%s\n", err.msg);
        return;
    }
    lua_State *L = host_lua(game_host(g));
    CHECK(lua_gethookmask(L) == LUA_MASKCOUNT && lua_gethookcount(L) == HOST_HOOK_STEP);
    levelset set;
    state s;
    CHECK(start(g, &set, &s, "O.\n..\n", &err) == 0);
    const ruleset *r = game_rules(g);
    int done;
    action a = action_make(rules_find_action(r, "press", 5));
    a.cell = 1;
    CHECK(game_do_action(g, &s, &a, &done, &err) == 0 && done == 1);
    CHECK(s.floor[1] == rules_find_tile(r, "lit"));
    CHECK(lua_gethookmask(L) == LUA_MASKCOUNT && lua_gethookcount(L) == HOST_HOOK_STEP);
    /* The level kept by the last call is no longer valid in this one. */
    action t = action_make(rules_find_action(r, "stale", 5));
    CHECK(game_do_action(g, &s, &t, &done, &err) != 0 && done == 0);
    CHECK_STR_HAS(err.msg, "level is no longer valid");
    /* Nor from the coroutine that kept it. */
    action l = action_make(rules_find_action(r, "later", 5));
    CHECK(game_do_action(g, &s, &l, &done, &err) != 0 && done == 0);
    CHECK_STR_HAS(err.msg, "level is no longer valid");
    /* A runaway act is stopped by the timer, and the count hook is back after it. */
    action spin = action_make(rules_find_action(r, "spin", 4));
    CHECK(game_do_action(g, &s, &spin, &done, &err) != 0 && done == 0);
    CHECK_STR_HAS(err.msg, "script ran too long (time limit)");
    CHECK(lua_gethookmask(L) == LUA_MASKCOUNT && lua_gethookcount(L) == HOST_HOOK_STEP);
    CHECK(s.hist.nrec == 1 && s.floor[1] == rules_find_tile(r, "lit"));
    state_free(&s);
    levelset_free(&set);
    game_free(g);
}

int main(void)
{
    snprintf(dir, sizeof dir, "hooks-test-%ld", (long)getpid());
    snprintf(script, sizeof script, "%s.lua", dir);
    snprintf(levels, sizeof levels, "%s.txt", dir);
    test_do_action();
    test_labels_candidates_heuristic();
    test_heuristic_dead_end();
    test_search_budget();
    test_labels_cut();
    test_check_levels();
    test_solved_result();
    test_reload_replay();
    test_quick_calls();
    remove(script);
    remove(levels);
    return check_summary("test_game_hooks");
}
