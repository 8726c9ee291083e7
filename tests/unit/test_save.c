/* test_save.c: the saved-data formats (progress, settings) and their atomic writing: a writer
 * killed between writing and renaming leaves the old file whole; damaged files are reported
 * with file:line:col and set aside. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/save.h"
#include "app/save_format.h"
#include "check.h"

static const char sample[] =
    "tessera-progress 1\n"
    "# a comment\n"
    "game sokoban\n"
    "set sokoban/tessera.xsb\n"
    "\n"
    "solved 3 1a2b3c4d 7 3 rrUULdd\n"
    "solved 1 0000beef 5 2\n"
    "assisted 6 00000066\n"
    "position 4 5e6f7a8b\n"
    "history rrU lD ! 2 rr\n"
    "redo ul\n"
    "position 2 00000022\n"
    "history dd\n"
    "redo\n";

static void test_progress_roundtrip(void)
{
    progress p;
    error err;
    CHECK(progress_parse(&p, "p.txt", sample, strlen(sample), &err) == 0);
    CHECK(!strcmp(p.game, "sokoban") && !strcmp(p.set, "sokoban/tessera.xsb"));
    CHECK_EQ_INT(p.nsolved, 2);
    progress_level *l3 = progress_find(&p, 3);
    CHECK(l3 && l3->fp == 0x1a2b3c4du && l3->moves == 7 && l3->pushes == 3 && !strcmp(l3->solution, "rrUULdd"));
    CHECK(progress_find(&p, 1) && progress_find(&p, 1)->solution == NULL);
    /* Several positions: the first is the level being played. */
    CHECK_EQ_INT(p.npos, 2);
    CHECK(p.pos[0].level == 4 && p.pos[0].fp == 0x5e6f7a8bu && !p.pos[0].touched);
    CHECK(!strcmp(p.pos[0].history, "rrU lD ! 2 rr") && !strcmp(p.pos[0].redo, "ul"));
    CHECK(progress_find_position(&p, 2) && !strcmp(progress_find_position(&p, 2)->history, "dd") &&
          (!progress_find_position(&p, 2)->redo || !progress_find_position(&p, 2)->redo[0]));
    /* Solved with help: marked, not a best. */
    CHECK(progress_find_assisted(&p, 6) && progress_find_assisted(&p, 6)->fp == 0x66u && !progress_find(&p, 6));
    CHECK(progress_mark_assisted(&p, 1, 0x0000beefu) == 0 && !progress_find_assisted(&p, 1)); /* solved already */
    CHECK(progress_mark_assisted(&p, 7, 0x77u) == 0 && progress_find_assisted(&p, 7));
    CHECK_EQ_INT(progress_record(&p, 7, 0x77u, 3, 1, "rrR"), 1); /* the player's own solve replaces it */
    CHECK(!progress_find_assisted(&p, 7) && progress_find(&p, 7));
    /* Setting a position makes it the one being played; dropping one forgets it. */
    CHECK(progress_set_position(&p, 2, 0x22u, "dd l", NULL, NULL) == 0);
    CHECK(p.npos == 2 && p.pos[0].level == 2 && p.pos[0].touched && p.pos[1].level == 4);
    CHECK(progress_set_position(&p, 4, 0x5e6f7a8bu, "rrU lD ! 2 rr", "ul", NULL) == 0);
    CHECK(p.npos == 2 && p.pos[0].level == 4 && p.pos[1].level == 2);

    /* A better solve replaces the best; a worse one does not. */
    CHECK_EQ_INT(progress_record(&p, 3, 0x1a2b3c4du, 30, 1, "x"), 0);
    CHECK_EQ_INT(progress_record(&p, 3, 0x1a2b3c4du, 7, 2, "rrUuLdd"), 1);
    CHECK_EQ_INT(progress_find(&p, 3)->pushes, 2);
    CHECK_EQ_INT(progress_record(&p, 9, 0x99u, 4, 1, "rrrR"), 1);

    size_t len;
    char *text = progress_format(&p, &len);
    CHECK(text != NULL);
    /* Several positions need version 2; a file that fits version 1 is still written so. */
    CHECK(text && !strncmp(text, "tessera-progress 2\n", 19));
    {
        progress one;
        progress_init(&one);
        snprintf(one.game, sizeof one.game, "g");
        snprintf(one.set, sizeof one.set, "s");
        progress_record(&one, 1, 0x1u, 3, 1, "rrR");
        progress_set_position(&one, 2, 0x2u, "l", NULL, NULL);
        size_t n1;
        char *t1 = progress_format(&one, &n1);
        CHECK(t1 && !strncmp(t1, "tessera-progress 1\n", 19));
        free(t1);
        progress_free(&one);
    }
    progress q;
    CHECK(progress_parse(&q, "q.txt", text, len, &err) == 0);
    CHECK_EQ_INT(q.nsolved, 4);
    CHECK(progress_find(&q, 9) && !strcmp(progress_find(&q, 9)->solution, "rrrR"));
    CHECK(q.npos == 2 && q.pos[0].level == 4 && !strcmp(q.pos[0].history, "rrU lD ! 2 rr"));
    CHECK(q.pos[1].level == 2 && !strcmp(q.pos[1].history, "dd l"));
    CHECK(progress_find_assisted(&q, 6) && !progress_find_assisted(&q, 7));
    progress_drop_position(&q, 4);
    CHECK(q.npos == 1 && q.pos[0].level == 2);
    /* Merging keeps the best of both. */
    progress r;
    progress_init(&r);
    progress_record(&r, 9, 0x99u, 2, 1, "rR");
    progress_record(&r, 10, 0xaau, 7, 0, NULL);
    /* and the positions of both: another run's level left part-way is not lost when this
     * one saves after it (its own stay first, and win where both have one). */
    progress_set_position(&r, 5, 0x55u, "r d", "u", NULL);
    progress_set_position(&r, 2, 0x2222u, "u", NULL, NULL);
    progress_set_position(&r, 3, q.pos[0].fp, "l", NULL, NULL);   /* level 2's, now number 3 there */
    progress_set_position(&r, 7, 0x77u, "", "", NULL);            /* no moves: nothing to keep */
    CHECK(progress_merge(&q, &r, NULL, 0) == 0);
    CHECK_EQ_INT(progress_find(&q, 9)->moves, 2);
    CHECK(progress_find(&q, 10) != NULL);
    CHECK_EQ_INT(q.npos, 2);
    CHECK(q.pos[0].level == 2 && !strcmp(q.pos[0].history, "dd l"));
    CHECK(q.pos[1].level == 5 && q.pos[1].fp == 0x55u && !strcmp(q.pos[1].history, "r d") &&
          !strcmp(q.pos[1].redo, "u") && !q.pos[1].touched);
    /* A set that holds one level twice (levels 1 and 2 alike): another run's solve, mark and
     * position of level 2 are kept beside this run's of level 1, not taken as level 1 moved. */
    const uint32_t twice[3] = { 0x11u, 0x11u, 0x33u };
    progress a, b;
    progress_init(&a);
    progress_init(&b);
    progress_record(&a, 1, 0x11u, 5, 2, NULL);
    progress_set_position(&a, 1, 0x11u, "r", NULL, NULL);
    progress_record(&b, 2, 0x11u, 6, 2, NULL);
    progress_set_position(&b, 2, 0x11u, "l", NULL, NULL);
    CHECK(progress_merge(&a, &b, twice, 3) == 0);
    CHECK(progress_find(&a, 1) && progress_find(&a, 2) && progress_find(&a, 2)->moves == 6);
    progress_free(&a);
    progress_free(&b);
    progress_init(&a);
    progress_init(&b);
    progress_mark_assisted(&a, 1, 0x11u);
    progress_set_position(&a, 1, 0x11u, "r", NULL, NULL);
    progress_mark_assisted(&b, 2, 0x11u);
    progress_set_position(&b, 2, 0x11u, "l", NULL, NULL);
    CHECK(progress_merge(&a, &b, twice, 3) == 0);
    CHECK(progress_find_assisted(&a, 1) && progress_find_assisted(&a, 2));
    CHECK(progress_find_position(&a, 2) && !strcmp(progress_find_position(&a, 2)->history, "l"));
    /* The same entry from a file of before a level moved (3, now 1; the set's 3 is another
     * level) is still dropped. */
    progress c;
    progress_init(&c);
    progress_record(&a, 1, 0x11u, 5, 2, NULL);
    progress_record(&c, 3, 0x11u, 9, 9, NULL);
    CHECK(progress_merge(&a, &c, twice, 3) == 0);
    CHECK(progress_find(&a, 3) == NULL);
    progress_free(&a);
    progress_free(&b);
    progress_free(&c);
    free(text);
    progress_free(&p);
    progress_free(&q);
    progress_free(&r);
}

static void expect_error(const char *text, int line, int col, const char *msg)
{
    progress p;
    error err;
    error_clear(&err);
    CHECK(progress_parse(&p, "bad.txt", text, strlen(text), &err) != 0);
    CHECK_EQ_INT(err.line, line);
    if (col) CHECK_EQ_INT(err.col, col);
    CHECK_STR_HAS(err.msg, msg);
    CHECK(p.nsolved == 0 && p.npos == 0 && p.nassisted == 0);
}

static void test_progress_errors(void)
{
    expect_error("", 1, 1, "empty file");
    expect_error("hello 1\n", 1, 1, "tessera-progress");
    expect_error("tessera-progress 7\n", 1, 0, "version 7 was written by a newer Tessera");
    {
        /* A newer file is told apart (-2: leave it alone), never read as damaged (-1). */
        progress p3;
        error e3;
        CHECK_EQ_INT(progress_parse(&p3, "new.txt", "tessera-progress 5\ngame g\nset s\n", 31, &e3), -2);
    }
    expect_error("tessera-progress 1\ngame g\nset s\nsolved 1 0000000a 3 4\nsolved 1 0000000a 3 4\n", 5, 1, "twice");
    expect_error("tessera-progress 1\ngame g\nset s\nhistory rr\n", 4, 1, "position");
    expect_error("tessera-progress 1\ngame g\nset s\nposition 1 0000000a\nhistory rr u!\n", 5, 12, "stands alone");
    expect_error("tessera-progress 1\ngame g\nset s\nposition 1 0000000a\nhistory rr {\n", 5, 12, "move list");
    expect_error("tessera-progress 1\ngame g\nset s\nbogus 1\n", 4, 1, "unknown entry 'bogus'");
    expect_error("tessera-progress 1\ngame g\nset s\nposition 1 0000000a\nposition 1 0000000a\n", 5, 1, "second 'position' for level 1");
    expect_error("tessera-progress 1\ngame g\nset s\nassisted 1 0000000a\nassisted 1 0000000a\n", 5, 1, "assisted twice");
    expect_error("tessera-progress 1\ngame g\nset s\nassisted 1 zz\n", 4, 12, "fingerprint");
    expect_error("tessera-progress 1\ngame g\n", 0, 0, "'set' line is missing");
    progress p;
    error err;
    CHECK(progress_parse(&p, "nul.txt", "tessera-progress 1\n\0", 20, &err) != 0);
    CHECK_STR_HAS(err.msg, "NUL");
    /* A set named with a newline in it (a mod's level file can be) cannot start a line of its
     * own: written %0A, read back as it was; '%' itself round-trips, a %00 is refused. */
    progress named;
    progress_init(&named);
    snprintf(named.game, sizeof named.game, "%s", "sokoban");
    snprintf(named.set, sizeof named.set, "%s", "evil\nsolved 1 00000000 1 1 R\n100%.xsb");
    size_t nlen;
    char *ntext = progress_format(&named, &nlen);
    CHECK(ntext && strstr(ntext, "\nset evil%0Asolved 1 00000000 1 1 R%0A100%25.xsb\n") && !strstr(ntext, "\nsolved"));
    progress back;
    CHECK(ntext && progress_parse(&back, "named.txt", ntext, nlen, &err) == 0);
    CHECK(!strcmp(back.set, named.set) && back.nsolved == 0);
    progress_free(&back);
    free(ntext);
    progress_free(&named);
    expect_error("tessera-progress 1\ngame g\nset a%00b\n", 3, 6, "NUL");
    /* Escaped, a long name takes three times its bytes on its line, and still reads back. */
    progress_init(&named);
    snprintf(named.game, sizeof named.game, "%s", "sokoban");
    memset(named.set, '%', 450);
    named.set[450] = '\0';
    ntext = progress_format(&named, &nlen);
    CHECK(ntext && progress_parse(&back, "long.txt", ntext, nlen, &err) == 0 && !strcmp(back.set, named.set));
    if (ntext) progress_free(&back);
    free(ntext);
    progress_free(&named);
    CHECK(progress_tokens_valid("rr U ! 2l"));
    CHECK(!progress_tokens_valid("rr  U"));
    CHECK(!progress_tokens_valid("r!"));
    /* A step the solver made is written '+' before it (version 3). */
    CHECK(progress_tokens_valid("rr +U ! +2l"));
    CHECK(!progress_tokens_valid("+"));
    CHECK(!progress_tokens_valid("r+U"));
    CHECK(!progress_tokens_valid("+!"));
    CHECK(!progress_tokens_valid("++U"));
    progress helped;
    const char *htext = "tessera-progress 3\ngame g\nset s\nposition 1 00000001\nhistory r +U ! +d\nredo +l\n";
    CHECK(progress_parse(&helped, "h.txt", htext, strlen(htext), &err) == 0);
    CHECK(helped.npos == 1 && helped.pos[0].history && !strcmp(helped.pos[0].history, "r +U ! +d"));
    size_t hlen;
    char *hout = progress_format(&helped, &hlen);
    CHECK(hout && !strncmp(hout, "tessera-progress 3\n", 19) && strstr(hout, "\nhistory r +U ! +d\nredo +l\n"));
    free(hout);
    free(helped.pos[0].history);    /* without the solver's steps: the version before */
    helped.pos[0].history = strdup("r U");
    free(helped.pos[0].redo);
    helped.pos[0].redo = NULL;
    hout = progress_format(&helped, &hlen);
    CHECK(hout && !strncmp(hout, "tessera-progress 1\n", 19));
    free(hout);
    progress_free(&helped);
    expect_error("tessera-progress 3\ngame g\nset s\nposition 1 00000001\nhistory r + d\n", 5, 11, "'+'");
    /* A board shuffled in a level's place is kept with its position (version 4, written only
     * when a file holds one: Tessera before it would play the moves on the level's own board). */
    progress shuffled;
    const char *stext = "tessera-progress 4\ngame g\nset s\nposition 2 00000002\nboard 3x3:  4 1 3\t0 2 6 7 5 8\n"
                        "history r u\nredo l\nposition 1 00000001\nhistory d\n";
    CHECK(progress_parse(&shuffled, "b.txt", stext, strlen(stext), &err) == 0);
    CHECK(shuffled.npos == 2 && shuffled.pos[0].board && !strcmp(shuffled.pos[0].board, "3x3: 4 1 3 0 2 6 7 5 8"));
    CHECK(shuffled.pos[0].history && !strcmp(shuffled.pos[0].history, "r u") && !shuffled.pos[1].board);
    size_t slen;
    char *sout = progress_format(&shuffled, &slen);
    CHECK(sout && !strncmp(sout, "tessera-progress 4\n", 19) &&
          strstr(sout, "\nposition 2 00000002\nboard 3x3: 4 1 3 0 2 6 7 5 8\nhistory r u\nredo l\n"));
    free(sout);
    CHECK(progress_set_position(&shuffled, 3, 0x3u, "l", NULL, "1 0 2 3") == 0);
    CHECK(shuffled.pos[0].level == 3 && shuffled.pos[0].board && !strcmp(shuffled.pos[0].board, "1 0 2 3"));
    progress_drop_position(&shuffled, 2);
    progress_drop_position(&shuffled, 3);
    sout = progress_format(&shuffled, &slen);      /* no board left: the version before */
    CHECK(sout && !strncmp(sout, "tessera-progress 1\n", 19) && !strstr(sout, "board"));
    free(sout);
    progress_free(&shuffled);
    expect_error("tessera-progress 4\ngame g\nset s\nboard 1 2 0 3\n", 4, 1, "'board' must follow a 'position' line");
    expect_error("tessera-progress 4\ngame g\nset s\nposition 1 00000001\nboard 1 0\nboard 1 0\n", 6, 1, "'board' is given twice");
    expect_error("tessera-progress 4\ngame g\nset s\nposition 1 00000001\nboard 3x: 1 0\n", 5, 7, "expected a board");
    expect_error("tessera-progress 4\ngame g\nset s\nposition 1 00000001\nboard 1 0 r\n", 5, 11, "expected a board");
    expect_error("tessera-progress 4\ngame g\nset s\nposition 1 00000001\nboard 2x1:\n", 5, 11, "expected a board");
    expect_error("tessera-progress 3\ngame g\nset s\nposition 1 00000001\nhistory r+d\n", 5, 10, "unexpected '+'");
}

/* A `solved` line that does not read in full is dropped, alone: the file still reads. */
static void expect_dropped(const char *line, int col, const char *msg)
{
    char text[512];
    snprintf(text, sizeof text, "tessera-progress 1\ngame g\nset s\nsolved 2 0000000b 5 2 dRurD\n%s\n"
                                "solved 9 00000009 3 1 rrR\nposition 4 00000004\nhistory rr\nredo\n", line);
    progress p;
    error err;
    error_clear(&err);
    CHECK(progress_parse(&p, "cut.txt", text, strlen(text), &err) == 0);
    CHECK_EQ_INT(p.nsolved, 2);
    CHECK(progress_find(&p, 2) && progress_find(&p, 9) && !progress_find(&p, 1));
    CHECK(p.npos == 1 && p.pos[0].level == 4 && p.pos[0].history && !strcmp(p.pos[0].history, "rr"));
    CHECK_EQ_INT(p.ndropped, 1);
    CHECK_EQ_INT(p.dropped.line, 5);
    if (col) CHECK_EQ_INT(p.dropped.col, col);
    CHECK_STR_HAS(p.dropped.msg, msg);
    size_t len;
    char *out = progress_format(&p, &len);      /* what is written back lacks it */
    CHECK(out && strstr(out, "\nsolved 2 0000000b 5 2 dRurD\nsolved 9 00000009 3 1 rrR\n") && !strstr(out, "solved 1 "));
    free(out);
    progress_free(&p);
}

static void test_progress_cut_solves(void)
{
    /* A line cut anywhere (a crash of another program mid-write, an edit by hand). */
    expect_dropped("solved 1 0000000a 25 7 rrUULdd", 24, "the solution holds 7 moves, the line says 25");
    expect_dropped("solved 1 0000000a 25 7 rrUULddrrUULddrrUULddrrUULdd", 24, "the solution holds 28 moves");
    expect_dropped("solved 1 0000000a 2", 20, "push count");
    expect_dropped("solved 1 0000000a", 18, "move count");
    expect_dropped("solved 1 0000", 10, "fingerprint");
    expect_dropped("solved 1", 9, "fingerprint");
    expect_dropped("solved", 7, "level number");
    expect_dropped("solved x", 8, "level number");
    expect_dropped("solved 1 0000000a 3 4 rr-U", 25, "LURD");
    expect_dropped("solved 1 0000000a 3 1 rrR extra", 27, "unexpected text");
    /* Digits select players and are no moves; an action is one move whatever its length. */
    progress p;
    error err;
    const char *ok = "tessera-progress 1\ngame g\nset s\nsolved 1 0000000a 4 1 1rr2lR\nsolved 2 0000000b 2 0 press(1,2)press(3,3)\n"
                     "solved 3 0000000c 0 0\nsolved 4 0000000d 12 3\n";
    CHECK(progress_parse(&p, "ok.txt", ok, strlen(ok), &err) == 0);
    CHECK(p.nsolved == 4 && p.ndropped == 0);
    CHECK(progress_find(&p, 4) && !progress_find(&p, 4)->solution);   /* a solve kept without its moves */
    progress_free(&p);
    const char *cut = "tessera-progress 1\ngame g\nset s\nsolved 1 0000000a 3 0 press(1,2)press(3,3)\nsolved 2 0000000b 5 1 2rrr";
    CHECK(progress_parse(&p, "cut2.txt", cut, strlen(cut), &err) == 0);
    CHECK(p.nsolved == 0 && p.ndropped == 2 && p.dropped.line == 4);
    progress_free(&p);
}

static void test_settings(void)
{
    settings st;
    error err;
    const char *text = "tessera-settings 1\nanimation_speed 3\nskin classic blue\n";
    CHECK(settings_parse(&st, "s.txt", text, strlen(text), &err) == 0);
    CHECK_EQ_INT(settings_get_int(&st, "animation_speed", 2, 0, 4), 3);
    CHECK(!strcmp(settings_get(&st, "skin"), "classic blue"));
    CHECK_EQ_INT(settings_get_int(&st, "skin", 2, 0, 4), 2); /* not a number: the fallback */
    CHECK(settings_set_int(&st, "animation_speed", 0) == 0);
    CHECK(settings_set(&st, "Bad Name", "x") != 0);
    size_t len;
    char *out = settings_format(&st, &len);
    settings again;
    CHECK(out && settings_parse(&again, "s2.txt", out, len, &err) == 0);
    CHECK_EQ_INT(settings_get_int(&again, "animation_speed", 2, 0, 4), 0);
    CHECK(!strcmp(settings_get(&again, "skin"), "classic blue")); /* unknown names are kept */
    free(out);
    const char *bad = "tessera-settings 1\nAnimation 3\n";
    CHECK(settings_parse(&st, "s3.txt", bad, strlen(bad), &err) != 0);
    CHECK_EQ_INT(err.line, 2);
    /* A value with a space at either end (written %20 there: reading skips the spaces around
     * a value) reads back as it was; found by fuzz_save. */
    settings sp, sp2;
    settings_init(&sp);
    const char *spaced = "tessera-settings 1\ngame  #1 0%20\n";
    CHECK(settings_parse(&sp, "sp.txt", spaced, strlen(spaced), &err) == 0);
    size_t splen, splen2;
    char *sptext = settings_format(&sp, &splen);
    settings_init(&sp2);
    CHECK(sptext && settings_parse(&sp2, "sp2.txt", sptext, splen, &err) == 0);
    char *sptext2 = settings_format(&sp2, &splen2);
    CHECK(sptext && sptext2 && splen == splen2 && memcmp(sptext, sptext2, splen) == 0);
    CHECK(sptext && strstr(sptext, "game #1 0%20\n"));
    free(sptext), free(sptext2);
}

static char dir[512];

static int read_file(const char *path, char *out, size_t size)
{
    char *text;
    size_t len;
    error err;
    if (save_read(path, &text, &len, &err) != 0) return -1;
    snprintf(out, size, "%s", text);
    free(text);
    return 0;
}

static void die_before_rename(const char *tmp)
{
    (void)tmp;
    raise(SIGKILL);
}

static void test_atomic_write(void)
{
    char path[600], got[256];
    error err;
    snprintf(path, sizeof path, "%s/deep/er/save.txt", dir);
    CHECK(save_write_atomic(path, "old save\n", 9, &err) == 0);
    CHECK(read_file(path, got, sizeof got) == 0 && !strcmp(got, "old save\n"));

    /* A writer killed after writing its temporary file, before the rename. */
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        save_before_rename_hook = die_before_rename;
        error e;
        save_write_atomic(path, "NEW SAVE, HALF WAY\n", 19, &e);
        _exit(0); /* not reached */
    }
    int status = 0;
    CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    CHECK(read_file(path, got, sizeof got) == 0 && !strcmp(got, "old save\n"));

    /* The next write goes through, and keeps the file's mode: a player's private (600) save
     * stayed private (it came back 644, readable by everyone). */
    CHECK(chmod(path, 0600) == 0);
    CHECK(save_write_atomic(path, "newer\n", 6, &err) == 0);
    CHECK(read_file(path, got, sizeof got) == 0 && !strcmp(got, "newer\n"));
    struct stat st;
    CHECK(stat(path, &st) == 0 && (st.st_mode & 07777) == 0600);

    /* A folder where the file should be: an error, nothing lost. */
    char blocked[700];
    snprintf(blocked, sizeof blocked, "%s/deep", dir);
    CHECK(save_write_atomic(blocked, "x", 1, &err) != 0);
    CHECK(read_file(path, got, sizeof got) == 0 && !strcmp(got, "newer\n"));

    /* Setting a damaged file aside keeps it under a new name. */
    char aside[800];
    CHECK(save_set_aside(path, aside, sizeof aside, &err) == 0);
    CHECK_STR_HAS(aside, "save.txt.corrupt-");
    CHECK(access(path, F_OK) != 0);
    CHECK(read_file(aside, got, sizeof got) == 0 && !strcmp(got, "newer\n"));
    char *text;
    size_t len;
    CHECK_EQ_INT(save_read(path, &text, &len, &err), 1);
}

int main(void)
{
    snprintf(dir, sizeof dir, "save-test-%ld", (long)getpid());
    test_progress_roundtrip();
    test_progress_errors();
    test_progress_cut_solves();
    test_settings();
    test_atomic_write();
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    return check_summary("test_save");
}
