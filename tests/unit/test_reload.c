/* test_reload.c: hot reload's logic without a window: the reload transaction on a session
 * (state kept, broken edits refused and rolled back, on_reload, history replayed onto an edited
 * level) and the file watcher (inotify and polling, saves in place and by rename). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/paths.h"
#include "app/reload.h"
#include "app/session.h"
#include "app/watch.h"
#include "check.h"
#include "core/engine.h"
#include "script/game.h"

static char dir[256], script[300], levels[300];

static void write_file(const char *path, const char *text)
{
    char tmp[400];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        perror(tmp);
        exit(2);
    }
    fputs(text, f);
    fclose(f);
    rename(tmp, path);
}

/* A push game; extra goes inside the game table (hooks, more tiles). */
static void write_game(const char *name, const char *extra)
{
    char text[2048];
    snprintf(text, sizeof text,
             "return tessera.game {\n"
             "  name = \"%s\",\n"
             "  tiles = {\n"
             "    [\"#\"] = { \"wall\", solid = true },\n"
             "    [\" \"] = { \"floor\" },\n"
             "    [\".\"] = { \"goal\", goal = true },\n"
             "    [\"$\"] = { \"box\", pushable = true },\n"
             "    [\"@\"] = { \"player\", player = true },\n"
             "  },\n"
             "%s\n"
             "}\n",
             name, extra);
    write_file(script, text);
}

static const char level_text[] =
    "########\n"
    "#@  $ .#\n"
    "#      #\n"
    "########\n";

static int open_session(session *s, app_paths *p)
{
    error err;
    if (session_open(s, p, script, levels, 1, &err) != 0) {
        char buf[ERROR_TEXT_MAX + 300];
        fprintf(stderr, "session_open: %s\n", error_format(&err, buf, sizeof buf));
        return -1;
    }
    return 0;
}

static void test_script_reload(app_paths *p)
{
    session s;
    reload_result res;
    error err;
    write_game("One", "");
    write_file(levels, level_text);
    if (open_session(&s, p) != 0) {
        CHECK(0);
        return;
    }
    /* right, right, down, then undo the down: a redo stays available. */
    CHECK(session_move(&s, DIR_RIGHT) && session_move(&s, DIR_RIGHT) && session_move(&s, DIR_DOWN));
    CHECK(session_undo(&s));
    uint64_t hash = s.st.hash;

    /* Same tiles, a new name: the position and its history stay as they are. */
    write_game("Two", "");
    CHECK_EQ_INT(session_reload(&s, true, false, &res, &err), 0);
    CHECK(!strcmp(session_game_name(&s), "Two"));
    CHECK(!res.rebuilt);
    CHECK(s.st.hash == hash);
    CHECK_EQ_INT(s.st.moves, 2);
    CHECK(session_redo(&s));
    CHECK_EQ_INT(s.st.moves, 3);

    /* A syntax error: refused with file:line, the old game goes on. */
    write_file(script, "return tessera.game {\n  name = \"Three\"\n  tiles = {}\n}\n");
    CHECK_EQ_INT(session_reload(&s, true, false, &res, &err), -1);
    CHECK_STR_HAS(err.file, "game.lua");
    CHECK_EQ_INT(err.line, 3);
    CHECK(!strcmp(session_game_name(&s), "Two"));
    CHECK_EQ_INT(s.st.moves, 3);
    CHECK(session_move(&s, DIR_UP));

    /* An invalid table. */
    write_game("Four", "  on_moves = function() end,");
    CHECK_EQ_INT(session_reload(&s, true, false, &res, &err), -1);
    CHECK_STR_HAS(err.msg, "on_moves");
    CHECK(!strcmp(session_game_name(&s), "Two"));

    /* on_reload fails after changing the level: its change is taken back, the old game stays. */
    hash = s.st.hash;
    long moves = s.st.moves;
    int32_t records = s.st.hist.nrec;
    write_game("Five", "  on_reload = function(level)\n"
                       "    level:set_floor(level:cell(2, 3), 'goal')\n"
                       "    error('broken on purpose')\n"
                       "  end,");
    CHECK_EQ_INT(session_reload(&s, true, false, &res, &err), -1);
    CHECK_STR_HAS(err.msg, "broken on purpose");
    CHECK_EQ_INT(err.line, 12);
    CHECK(!strcmp(session_game_name(&s), "Two"));
    CHECK(s.st.hash == hash && s.st.moves == moves && s.st.hist.nrec == records);
    CHECK(!history_can_redo(&s.st));

    /* A good on_reload: its change is one undoable record. */
    write_game("Six", "  on_reload = function(level) level:set_floor(level:cell(2, 3), 'goal') end,");
    CHECK_EQ_INT(session_reload(&s, true, false, &res, &err), 0);
    CHECK(!strcmp(session_game_name(&s), "Six"));
    CHECK(s.st.hash != hash);
    CHECK(session_undo(&s));
    CHECK(s.st.hash == hash);
    CHECK(session_redo(&s));
    session_close(&s);
}

static void test_rules_change(app_paths *p)
{
    session s;
    reload_result res;
    error err;
    write_game("Plain", "");
    write_file(levels, level_text);
    if (open_session(&s, p) != 0) {
        CHECK(0);
        return;
    }
    CHECK(session_move(&s, DIR_RIGHT) && session_move(&s, DIR_RIGHT) && session_move(&s, DIR_RIGHT));
    CHECK_EQ_INT(s.st.pushes, 1);
    /* A new tile changes the ruleset: the level is built again and the moves replayed. */
    char text[2048];
    snprintf(text, sizeof text,
             "return tessera.game {\n  name = \"With ice\",\n  tiles = {\n"
             "    [\"~\"] = { \"ice\", slippery = true },\n"
             "    [\"#\"] = { \"wall\", solid = true },\n    [\" \"] = { \"floor\" },\n"
             "    [\".\"] = { \"goal\", goal = true },\n    [\"$\"] = { \"box\", pushable = true },\n"
             "    [\"@\"] = { \"player\", player = true },\n  },\n}\n");
    write_file(script, text);
    CHECK_EQ_INT(session_reload(&s, true, false, &res, &err), 0);
    CHECK(res.rebuilt);
    CHECK_EQ_INT(res.total, 3);
    CHECK_EQ_INT(res.replayed, 3);
    CHECK_EQ_INT(s.st.moves, 3);
    CHECK_EQ_INT(s.st.pushes, 1);
    CHECK(s.st.rules == game_rules(s.game));
    CHECK(rules_find_tile(s.st.rules, "ice") >= 0);
    session_close(&s);
}

static void test_level_edit(app_paths *p)
{
    session s;
    reload_result res;
    error err;
    write_game("Levels", "");
    write_file(levels, level_text);
    if (open_session(&s, p) != 0) {
        CHECK(0);
        return;
    }
    /* A walk by click is one record of two moves; a restart and its undo; then one more move. */
    int target = grid_cell(s.st.g, 3, 1);
    CHECK(session_click(&s, target));
    CHECK_EQ_INT(s.st.moves, 2);
    CHECK(session_restart(&s));
    CHECK(session_undo(&s));
    CHECK(session_move(&s, DIR_DOWN));
    CHECK_EQ_INT(s.st.moves, 3);

    /* A row added below: every step still applies. */
    write_file(levels, "########\n#@  $ .#\n#      #\n#  $ . #\n########\n");
    CHECK_EQ_INT(session_reload(&s, false, true, &res, &err), 0);
    CHECK(res.rebuilt);
    CHECK_EQ_INT(res.replayed, 2);
    CHECK_EQ_INT(res.total, 2);
    CHECK_EQ_INT(s.st.moves, 3);
    CHECK_EQ_INT(s.st.g->h, 5);
    CHECK(session_undo(&s) && session_undo(&s));
    CHECK_EQ_INT(s.st.moves, 0);          /* the walk undoes as one step, as before */
    CHECK(session_redo(&s) && session_redo(&s));

    /* A broken level file: refused with file:line:col, nothing changes. */
    uint64_t hash = s.st.hash;
    write_file(levels, "########\n#@  $ x#\n########\n");
    CHECK_EQ_INT(session_reload(&s, false, true, &res, &err), -1);
    CHECK_EQ_INT(err.line, 2);
    CHECK_EQ_INT(err.col, 7);
    CHECK(s.st.hash == hash && s.st.moves == 3 && s.st.g->h == 5);

    /* A wall in the walk's way: the replay keeps what still applies (one step of the walk). */
    write_file(levels, "########\n#@ #$ .#\n#      #\n########\n");
    CHECK_EQ_INT(session_reload(&s, false, true, &res, &err), 0);
    CHECK_EQ_INT(res.replayed, 0);
    CHECK_EQ_INT(res.total, 2);
    CHECK_EQ_INT(s.st.moves, 1);
    CHECK(session_move(&s, DIR_DOWN));

    /* The level file shrinks below the level being played: the last one is played. */
    session_close(&s);
    write_file(levels, "####\n#@.#\n#$ #\n####\n\n#####\n#@$.#\n#####\n");
    if (session_open(&s, p, script, levels, 2, &err) != 0) {
        CHECK(0);
        return;
    }
    write_file(levels, "#####\n#@$.#\n#####\n");
    CHECK_EQ_INT(session_reload(&s, false, true, &res, &err), 0);
    CHECK_EQ_INT(s.index, 0);
    CHECK_EQ_INT(s.levels.count, 1);
    session_close(&s);
}

static uint64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

/* Polls w for up to two seconds; the index of the first reported file, or -1. */
static int wait_change(watch *w)
{
    uint64_t end = now_ms() + 2000;
    while (now_ms() < end) {
        int changed[4];
        if (watch_poll(w, now_ms(), changed, 4) > 0) return changed[0];
        struct timespec nap = { 0, 5 * 1000000L };
        nanosleep(&nap, NULL);
    }
    return -1;
}

static void test_watch(const char *method)
{
    char a[300], b[300];
    snprintf(a, sizeof a, "%s/watched_a.txt", dir);
    snprintf(b, sizeof b, "%s/watched_b.txt", dir);
    write_file(a, "one\n");
    remove(b);
    watch *w = watch_new();
    CHECK(w != NULL);
    if (!w) return;
    CHECK(!strcmp(watch_method(w), method));
    CHECK_EQ_INT(watch_add(w, a), 0);
    CHECK_EQ_INT(watch_add(w, b), 1);     /* not there yet */
    CHECK_EQ_INT(watch_add(w, a), 0);
    CHECK_EQ_INT(watch_count(w), 2);
    int changed[4];
    CHECK_EQ_INT(watch_poll(w, now_ms(), changed, 4), 0);

    /* A save in place (the size changes, so a coarse clock cannot hide it). */
    FILE *f = fopen(a, "w");
    if (f) {
        fputs("two, longer\n", f);
        fclose(f);
    }
    CHECK_EQ_INT(wait_change(w), 0);
    /* A save by rename. */
    write_file(a, "three\n");
    CHECK_EQ_INT(wait_change(w), 0);
    /* A file that appears. */
    write_file(b, "new\n");
    CHECK_EQ_INT(wait_change(w), 1);
    /* A link to a file in another folder, the file edited in place there (inotify on the
     * link's folder saw nothing). */
    char sub[300], target[400], link[400];
    snprintf(sub, sizeof sub, "%s/elsewhere", dir);
    snprintf(target, sizeof target, "%s/real.txt", sub);
    snprintf(link, sizeof link, "%s/link.txt", dir);
    mkdir(sub, 0755);
    write_file(target, "one\n");
    remove(link);
    CHECK(symlink(target, link) == 0);
    CHECK_EQ_INT(watch_add(w, link), 2);
    f = fopen(target, "w");
    if (f) {
        fputs("two, longer\n", f);
        fclose(f);
    }
    CHECK_EQ_INT(wait_change(w), 2);
    /* Nothing more to report. */
    struct timespec nap = { 0, 120 * 1000000L };
    nanosleep(&nap, NULL);
    CHECK_EQ_INT(watch_poll(w, now_ms(), changed, 4), 0);
    watch_free(w);
}

/* Moves undone before a reload can still be redone after it (they were dropped). */
static void test_redo_kept(app_paths *p)
{
    session s;
    reload_result res;
    error err;
    write_game("Redo", "");
    write_file(levels, level_text);
    if (open_session(&s, p) != 0) {
        CHECK(0);
        return;
    }
    for (int i = 0; i < 3; i++) CHECK(session_move(&s, DIR_RIGHT));
    CHECK(session_undo(&s) && session_undo(&s));
    CHECK_EQ_INT(s.st.moves, 1);
    write_file(levels, "########\n#@  $ .#\n#      #\n#      #\n########\n");   /* a row more */
    CHECK_EQ_INT(session_reload(&s, false, true, &res, &err), 0);
    CHECK_EQ_INT(s.st.moves, 1);
    CHECK(session_redo(&s) && session_redo(&s));
    CHECK_EQ_INT(s.st.moves, 3);
    CHECK_EQ_INT(s.st.pushes, 1);
    /* A redo step the edit walls off: the position is kept, and what still applies. */
    CHECK(session_undo(&s) && session_undo(&s));
    write_file(levels, "########\n#@ #$ .#\n#      #\n#      #\n########\n");
    CHECK_EQ_INT(session_reload(&s, false, true, &res, &err), 0);
    CHECK_EQ_INT(s.st.moves, 1);
    CHECK(!session_redo(&s));
    session_close(&s);
}

/* Four small levels: A B C D, each told apart by where its player stands. */
#define LV(title, row) "Title: " title "\n#######\n" row "\n#######\n\n"
#define LA LV("A", "#@ $ .#")
#define LB LV("B", "# @$ .#")
#define LC LV("C", "#@  $.#")
#define LD LV("D", "#@$  .#")

static int find(const ruleset *r, const char *before, int index, const char *after)
{
    levelset o, n;
    error err;
    CHECK_EQ_INT(levelset_parse(&o, "before", before, strlen(before), FORMAT_XSB, r, &err), 0);
    CHECK_EQ_INT(levelset_parse(&n, "after", after, strlen(after), FORMAT_XSB, r, &err), 0);
    int at = reload_find_level(&o, r, index, &n, r);
    levelset_free(&o);
    levelset_free(&n);
    return at;
}

/* Which level of the new file is the one being played: the same level wherever it moved, an
 * edited one by its title or its neighbours, and none when it was taken out. */
static void test_find_level(app_paths *p)
{
    write_game("Finder", "");
    error err;
    game *g = game_load(p->scripts, script, &err);
    CHECK(g != NULL);
    if (!g) return;
    const ruleset *r = game_rules(g);
    CHECK_EQ_INT(find(r, LA LB LC, 1, LA LB LC), 1);                 /* unchanged */
    CHECK_EQ_INT(find(r, LA LB LC, 1, LD LA LB LC), 2);              /* one inserted above */
    CHECK_EQ_INT(find(r, LA LB LC, 2, LC LA LB), 0);                 /* moved to the top */
    CHECK_EQ_INT(find(r, LA LB LC, 1, LA LC), -1);                   /* taken out */
    CHECK_EQ_INT(find(r, LA LB LC, 2, LC), 0);                       /* the ones above taken out */
    CHECK_EQ_INT(find(r, LA LB, 1, LA), -1);                         /* the file cut short */
    CHECK_EQ_INT(find(r, LA LB LC, 1, LD LA LV("B", "#@ $. #") LC), 2);  /* edited and moved: its title */
    CHECK_EQ_INT(find(r, LA LB LC, 1, LD LA LV("B2", "#@ $. #") LC), 2); /* retitled too: its neighbours */
    CHECK_EQ_INT(find(r, LA LB, 1, LA LV("X", "#  @$.#")), 1);       /* edited in its place */
    CHECK_EQ_INT(find(r, LA LB LC, 1, LA LD LC), 1);                 /* replaced in its place */
    CHECK_EQ_INT(find(r, LA LB LB, 2, LA LB LB), 2);                 /* twins: the nearest */
    game_free(g);
}

int main(void)
{
    app_paths p;
    if (paths_init(&p, NULL) != 0) {
        fprintf(stderr, "test_reload: no data root (scripts/, levels/)\n");
        return 1;
    }
    snprintf(dir, sizeof dir, "/tmp/tessera-test-reload-XXXXXX");
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    snprintf(script, sizeof script, "%s/game.lua", dir);
    snprintf(levels, sizeof levels, "%s/levels.xsb", dir);

    test_script_reload(&p);
    test_rules_change(&p);
    test_level_edit(&p);
    test_find_level(&p);
    test_redo_kept(&p);
    unsetenv("TESSERA_WATCH");
    test_watch("inotify");
    setenv("TESSERA_WATCH", "poll", 1);
    test_watch("poll");

    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "test_reload: could not remove %s\n", dir);
    return check_summary("test_reload");
}
