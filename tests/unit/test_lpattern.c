/* test_lpattern.c: the sandbox's own pattern matcher (script/lpattern.c) against Lua's: the
 * same calls of string.find, match, gmatch and gsub in a plain Lua state with the standard
 * library and in a sandboxed host must give the same results, errors included. A fixed list
 * of cases covers every pattern item (classes, sets, ranges, repetitions, anchors, captures,
 * position captures, back-references, %b, %f, replacement strings, tables and functions);
 * then 20000 random short patterns over random subjects are compared the same way. Then the
 * exponential backtracking case runs in the sandbox and stops with "script ran too long". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>
#include <lualib.h>

#include "check.h"
#include "script/host.h"

/* Runs `return CALL` (a Lua expression over s, p, r) in L with s, p, r set, and renders
 * every result (or the error, without its position) as text into out. */
static void run_case(lua_State *L, const char *call, const char *s, size_t slen, const char *p, size_t plen,
                     char *out, size_t size)
{
    char chunk[512];
    snprintf(chunk, sizeof chunk,
             "local s, p = ...\n"
             "local r = { string.byte('x'), ['a'] = 'A', ['ab'] = 'AB' }\n"
             "local f = function(a, b) if a == 'b' then return false end return (b or a) .. '!' end\n"
             "local t = table.pack(pcall(function() return %s end))\n"
             "local o = {}\n"
             "for i = 1, t.n do\n"
             "  local v = t[i]\n"
             "  if type(v) == 'string' and i == 2 and not t[1] then v = v:gsub('^[^:]*:%%d+: ', '') end\n"
             "  o[#o + 1] = type(v) .. ':' .. tostring(v)\n"
             "end\n"
             "return table.concat(o, '|')\n",
             call);
    int top = lua_gettop(L);
    if (luaL_loadbufferx(L, chunk, strlen(chunk), "=case", "t") != LUA_OK) {
        snprintf(out, size, "load error: %s", lua_tostring(L, -1));
        lua_settop(L, top);
        return;
    }
    lua_pushlstring(L, s, slen);
    lua_pushlstring(L, p, plen);
    if (lua_pcall(L, 2, 1, 0) != LUA_OK) snprintf(out, size, "error: %s", lua_tostring(L, -1));
    else snprintf(out, size, "%s", lua_tostring(L, -1));
    lua_settop(L, top);
}

static const char *const calls[] = {
    "string.find(s, p)",
    "string.find(s, p, 2)",
    "string.find(s, p, -3)",
    "string.find(s, p, 1, true)",
    "string.match(s, p)",
    "string.match(s, p, 3)",
    "(function() local a = {} for x, y in string.gmatch(s, p) do a[#a + 1] = tostring(x) .. ',' .. tostring(y) if #a > 50 then break end end return table.concat(a, ';') end)()",
    "string.gsub(s, p, '<%0>')",
    "string.gsub(s, p, '%1-%%', 2)",
    "string.gsub(s, p, r)",
    "string.gsub(s, p, f)",
    "string.gsub(s, p, '%2')",
    NULL
};

static int compared, differed;

static void compare(lua_State *plain, host *h, const char *s, size_t slen, const char *p, size_t plen)
{
    for (int i = 0; calls[i]; i++) {
        char a[2048], b[2048];
        run_case(plain, calls[i], s, slen, p, plen, a, sizeof a);
        run_case(host_lua(h), calls[i], s, slen, p, plen, b, sizeof b);
        compared++;
        if (strcmp(a, b) != 0) {
            differed++;
            if (differed <= 20)
                fprintf(stderr, "differs: %s with s=\"%.*s\" p=\"%.*s\"\n  lua:     %s\n  sandbox: %s\n", calls[i],
                        (int)slen, s, (int)plen, p, a, b);
        }
    }
}

static const char *const fixed[][2] = {
    { "hello world", "o" },          { "hello world", "l+" },         { "hello world", "l*" },
    { "hello world", "l-o" },        { "hello world", "^h" },         { "hello world", "d$" },
    { "hello world", "^hello$" },    { "hello", "^hello$" },          { "hello world", "(o)(r)" },
    { "hello world", "()ll()" },     { "hello world", "(l)%1" },      { "hello world", "%w+" },
    { "hello world", "%W" },         { "a1 b2 c3", "%a%d" },          { "a1 b2 c3", "(%a)(%d)" },
    { "  x  ", "^%s*(.-)%s*$" },     { "THE (quick) fox", "%((%a+)%)" }, { "f(a(b)c)d", "%b()" },
    { "THE (quick) fox", "%f[%a]%a+" }, { "THE (quick) fox", "%f[%A]" }, { "abc", "[a-b]+" },
    { "abc", "[^a]+" },              { "a]b", "[]]" },                { "a^b", "[%^]" },
    { "a-b", "[a-]" },               { "a-b", "[-a]+" },              { "a.b", "%." },
    { "a.b", "." },                  { "", "" },                      { "abc", "" },
    { "abc", "x*" },                 { "aaa", "a?a?a?a" },            { "aaab", "a-b" },
    { "key = value", "(%w+)%s*=%s*(%w+)" }, { "abc", "(" },           { "abc", "%" },
    { "abc", "[a" },                 { "abc", "(()" },                { "abc", "a)" },
    { "abc", "%b" },                 { "abc", "%f" },                 { "abc", "%1" },
    { "abc", "(a)%2" },              { "abc", "%g+" },                { "a\0b", "%z" },
    { "a\tb", "%c" },                { "x1y22z333", "%d+" },          { "x1y22z333", "(%d)(%d?)" },
    { "hello", "(h)(e)(l)(l)(o)" },  { "aXbXc", "X" },                { "ab", "a-" },
    { "ab", ".-b" },                 { "ab", "(.-)(b)" },             { "$$", "$" },
    { "a$b", "a$b" },                { "^^", "^^" },                  { "x^", "x^" },
    { "[[x]]", "%[%[(.-)%]%]" },     { "abcabc", "(abc)%1" },         { "<a><b>", "%b<>" },
    { "''x''", "%b''" },             { "one two  three", "%s+" },     { "CamelCaseWord", "%u%l*" },
    { "0xFF 0x1A", "0x(%x+)" },      { "a,b,,c", "([^,]*)" },         { "abc", "()" },
};

int main(void)
{
    lua_State *plain = luaL_newstate();
    luaL_openlibs(plain);
    error err;
    host_config cfg = { .name = "patterns", .memory_limit = (size_t)32 << 20, .instruction_limit = -1 };
    host *h = host_new(&cfg, &err);
    CHECK(h != NULL);
    if (!h) return check_summary("test_lpattern");

    for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++) {
        const char *s = fixed[i][0], *p = fixed[i][1];
        size_t slen = strlen(s) + (strcmp(p, "%z") == 0 ? 2 : 0);      /* "a\0b" */
        compare(plain, h, s, slen, p, strlen(p));
    }

    /* Random patterns from the pieces patterns are made of, over subjects of few letters (so
     * that matches happen), short enough for Lua's own matcher to finish quickly. */
    static const char *const pieces[] = { "a", "b", ".", "%a", "%d", "%s", "[ab]", "[^a]", "[a-c]", "*", "+",
                                          "-", "?", "(", ")", "()", "%1", "%b()", "%f[%a]", "^", "$", "%",
                                          "[", "]", "x", "%%", "%w", "%f[ab]", "[%a_]", "%u", "%p", "[]a]", "%2", ".-", "a*" };
    static const char subject_chars[] = "aabbc1 ()x";
    srand(12345);
    for (int n = 0; n < 20000; n++) {
        char p[64] = "", s[32];
        int items = 1 + rand() % 6;
        for (int k = 0; k < items; k++) strcat(p, pieces[rand() % (int)(sizeof pieces / sizeof *pieces)]);
        int slen = rand() % 12;
        for (int k = 0; k < slen; k++) s[k] = subject_chars[rand() % (int)(sizeof subject_chars - 1)];
        s[slen] = '\0';
        compare(plain, h, s, (size_t)slen, p, strlen(p));
        if (differed > 40) break;
    }
    printf("patterns: %d calls compared, %d differed\n", compared, differed);
    CHECK_EQ_INT(differed, 0);
    host_free(h);
    lua_close(plain);

    /* Exponential backtracking in the game sandbox: stopped, and soon. */
    host_config game = { .name = "backtrack" };
    h = host_new(&game, &err);
    CHECK(h != NULL);
    const char *bomb = "return ('a'):rep(25):find(('a*'):rep(25) .. 'b')";
    lua_State *L = host_lua(h);
    clock_t t0 = clock();
    CHECK(luaL_loadbufferx(L, bomb, strlen(bomb), "=bomb", "t") == LUA_OK);
    CHECK(host_pcall(h, 0, 0, &err) != 0);
    CHECK_STR_HAS(err.msg, "script ran too long");
    double seconds = (double)(clock() - t0) / CLOCKS_PER_SEC;
    printf("backtracking bomb stopped in %.2f s\n", seconds);
    CHECK(seconds < 3.0);
    host_free(h);
    return check_summary("test_lpattern");
}
