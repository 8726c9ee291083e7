/* test_errpos.c: Lua errors carry a column: the token the message names, found on its line
 * (syntax errors, runtime errors, the game-table validator's field errors). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lua.h>

#include "check.h"
#include "script/errpos.h"
#include "script/host.h"

/* Compiles (and runs, if it compiles) the file in a fresh sandbox; returns the error. */
static error load_error(const char *path)
{
    error err;
    error_clear(&err);
    host_config cfg = { .name = path };
    host *h = host_new(&cfg, &err);
    CHECK(h != NULL);
    if (!h) return err;
    if (host_loadfile(h, path, &err) == 0) CHECK(host_pcall(h, 0, 0, &err) != 0);
    host_free(h);
    return err;
}

static void test_columns_from_messages(void)
{
    check_write_file("errpos.lua", "local solid = 1\n  x = { id solid }\nreturn\n");
    /* "near 'solid'": the whole word, not the "id" inside it. */
    CHECK_EQ_INT(errpos_column("errpos.lua", 2, "'}' expected near 'solid'"), 12);
    CHECK_EQ_INT(errpos_column("errpos.lua", 2, "attempt to call a nil value (global 'id')"), 9);
    CHECK_EQ_INT(errpos_column("errpos.lua", 3, "unexpected symbol near <eof>"), 7);
    /* A token not on the line: the statement's first character. */
    CHECK_EQ_INT(errpos_column("errpos.lua", 2, "something about 'zzz'"), 3);
    CHECK_EQ_INT(errpos_column("errpos.lua", 2, "no token named"), 3);
    /* No such line or file: no column. */
    CHECK_EQ_INT(errpos_column("errpos.lua", 9, "near 'x'"), 0);
    CHECK_EQ_INT(errpos_column("no-such-file.lua", 1, "near 'x'"), 0);
    CHECK_EQ_INT(errpos_column(NULL, 1, "near 'x'"), 0);
}

static void test_lua_errors(void)
{
    char buf[800];
    check_write_file("errpos_syntax.lua", "return {\n  name = \"x\",\n  tiles = { \"wall\" solid = true },\n}\n");
    error e = load_error("errpos_syntax.lua");
    CHECK_STR_HAS(error_format(&e, buf, sizeof buf), "errpos_syntax.lua:3:20: '}' expected");
    check_write_file("errpos_runtime.lua", "local t\nlocal n = 1 +   t.count\n");
    e = load_error("errpos_runtime.lua");
    CHECK_STR_HAS(error_format(&e, buf, sizeof buf), "errpos_runtime.lua:2:17: attempt to index");
    check_write_file("errpos_eof.lua", "local function f()\n  return 1\n");
    e = load_error("errpos_eof.lua");
    CHECK_STR_HAS(error_format(&e, buf, sizeof buf), "errpos_eof.lua:3:");
    CHECK_STR_HAS(buf, "expected");
    /* A token more than once on its line: the one the error is about. The second comma (the
     * first is a table's separator); the index, not the declaration of the same name; the
     * call, not the name passed to it. */
    check_write_file("errpos_twice.lua", "return {\n  vars = { keys = 0 ,,\n}\n");
    e = load_error("errpos_twice.lua");
    CHECK_STR_HAS(error_format(&e, buf, sizeof buf), "errpos_twice.lua:2:22: unexpected symbol near ','");
    check_write_file("errpos_index.lua", "local zz = nil; zz.x = 1\n");
    e = load_error("errpos_index.lua");
    CHECK_STR_HAS(error_format(&e, buf, sizeof buf), "errpos_index.lua:1:17: attempt to index");
    check_write_file("errpos_call.lua", "local f\nlocal g = print(f) or f (1)\n");
    e = load_error("errpos_call.lua");
    CHECK_STR_HAS(error_format(&e, buf, sizeof buf), "errpos_call.lua:2:23: attempt to call");
}

/* Finding "FILE:LINE:" in a message; a position or a name said more than once is said once. */
static void test_positions_in_messages(void)
{
    size_t n;
    long line;
    const char *after;
    const char *m = "a:b.lua:7: boom";
    CHECK(error_find_position(m, m, &n, &line, &after));
    CHECK_EQ_INT((int)n, 7);
    CHECK_EQ_INT((int)line, 7);
    CHECK_STR_HAS(after, " boom");
    CHECK(!error_find_position("no position: here", "no position: here", &n, &line, &after));
    CHECK(!error_find_position(":12: no file", ":12: no file", &n, &line, &after));
    CHECK(!error_find_position("f.lua:99999999999: too far", "f.lua:99999999999: too far", &n, &line, &after));

    error e;
    char buf[ERROR_TEXT_MAX + 300];
    host_error_from_message("rec.lua:10: rec.lua:10: rec.lua:10: boom", "rec.lua", &e);
    CHECK_EQ_INT(e.line, 10);
    CHECK(strcmp(e.msg, "boom") == 0);
    host_error_from_message("actgame: actgame: not enough memory", "actgame", &e);
    CHECK(strcmp(error_format(&e, buf, sizeof buf), "actgame: not enough memory") == 0);
    host_error_from_message("rec.lua:10: other.lua:3: boom", "rec.lua", &e);
    CHECK(strcmp(e.msg, "other.lua:3: boom") == 0);
}

int main(void)
{
    test_columns_from_messages();
    test_lua_errors();
    test_positions_in_messages();
    return check_summary("test_errpos");
}
