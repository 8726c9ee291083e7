/* test_confine.c: confined reads (core/confine.c), with openat2 and with the walk done by
 * hand: names and symlinks that stay inside are read; absolute names outside, ".." climbing
 * out, absolute and climbing symlinks, a symlinked root inside a root, FIFOs and folders are
 * refused with the right message, never blocking; and a folder swapped for a symlink to
 * outside while reading never yields the outside file. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "core/confine.h"
#include "core/textfile.h"

static char top[512];

static void path_of(char *out, size_t size, const char *rel)
{
    snprintf(out, size, "%s/%s", top, rel);
}

static void make_tree(void)
{
    char p[1024], q[1024];
    char cwd[400];
    if (!getcwd(cwd, sizeof cwd)) exit(2);
    snprintf(top, sizeof top, "%s/confine-test-%ld", cwd, (long)getpid());
    mkdir(top, 0755);
    path_of(p, sizeof p, "root");
    mkdir(p, 0755);
    path_of(p, sizeof p, "root/sub");
    mkdir(p, 0755);
    path_of(p, sizeof p, "root/mod");
    mkdir(p, 0755);
    path_of(p, sizeof p, "root/a.txt");
    check_write_file(p, "inside a\n");
    path_of(p, sizeof p, "root/sub/b.txt");
    check_write_file(p, "inside b\n");
    path_of(p, sizeof p, "secret.txt");
    check_write_file(p, "SECRET\n");
    path_of(p, sizeof p, "root/in_link");
    CHECK(symlink("sub/b.txt", p) == 0);
    path_of(p, sizeof p, "root/sub/up_inside");
    CHECK(symlink("../a.txt", p) == 0);
    path_of(p, sizeof p, "root/out_abs");
    path_of(q, sizeof q, "secret.txt");
    CHECK(symlink(q, p) == 0);
    path_of(p, sizeof p, "root/out_rel");
    CHECK(symlink("../secret.txt", p) == 0);
    path_of(p, sizeof p, "root/mod/scripts");
    CHECK(symlink("/", p) == 0);
    path_of(p, sizeof p, "root/loop");
    CHECK(symlink("loop", p) == 0);
    path_of(p, sizeof p, "root/fifo");
    CHECK(mkfifo(p, 0644) == 0);
    path_of(p, sizeof p, "root/swap");
    mkdir(p, 0755);
    path_of(p, sizeof p, "root/swap/secret.txt");
    check_write_file(p, "inside swap\n");
    path_of(p, sizeof p, "root/swapdir");
    mkdir(p, 0755);
    path_of(p, sizeof p, "root/swapdir/secret.txt");
    check_write_file(p, "inside swap\n");
}

static void remove_tree(void)
{
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", top);
    if (system(cmd) != 0) fprintf(stderr, "cannot remove %s\n", top);
}

/* Reads name through c (relative names from base); the text, or the error message in msg. */
static char *read_it(confine *c, const char *base, const char *name, char *msg, size_t size)
{
    error err;
    size_t len;
    msg[0] = '\0';
    char *text = confine_read(c, base, name, 1 << 20, &len, NULL, 0, &err);
    if (!text) snprintf(msg, size, "%s", err.msg);
    return text;
}

static void expect_text(confine *c, const char *base, const char *name, const char *want)
{
    char msg[600];
    char *text = read_it(c, base, name, msg, sizeof msg);
    CHECK(text && strcmp(text, want) == 0);
    if (!text) fprintf(stderr, "  reading %s: %s\n", name, msg);
    free(text);
}

static void expect_refused(confine *c, const char *base, const char *name, const char *why)
{
    char msg[600];
    char *text = read_it(c, base, name, msg, sizeof msg);
    CHECK(text == NULL);
    CHECK_STR_HAS(msg, why);
    if (text) fprintf(stderr, "  %s was read: %s", name, text);
    free(text);
}

static void names(bool openat2)
{
    confine_use_openat2(openat2);
    char root[1024], p[1024];
    path_of(root, sizeof root, "root");
    confine *c = confine_new();
    CHECK(confine_add(c, root) == 0);
    path_of(p, sizeof p, "root/mod/scripts");
    CHECK_EQ_INT(confine_add(c, p), 1);             /* covered by root: no root of its own */
    CHECK_EQ_INT(confine_count(c), 1);

    expect_text(c, root, "a.txt", "inside a\n");
    expect_text(c, NULL, strcat(strcpy(p, root), "/sub/b.txt"), "inside b\n");
    expect_text(c, root, "sub/../a.txt", "inside a\n");
    expect_text(c, root, "in_link", "inside b\n");
    expect_text(c, root, "sub/up_inside", "inside a\n");
    expect_text(c, root, "./sub//b.txt", "inside b\n");

    expect_refused(c, root, "../secret.txt", CONFINE_OUTSIDE_TEXT);
    expect_refused(c, root, "/etc/passwd", CONFINE_OUTSIDE_TEXT);
    expect_refused(c, root, "/no/such/file", CONFINE_OUTSIDE_TEXT);   /* the same answer */
    expect_refused(c, root, "out_abs", CONFINE_OUTSIDE_TEXT);
    expect_refused(c, root, "out_rel", CONFINE_OUTSIDE_TEXT);
    expect_refused(c, root, "mod/scripts/etc/passwd", CONFINE_OUTSIDE_TEXT);
    expect_refused(c, root, "mod/scripts/no/such/file", CONFINE_OUTSIDE_TEXT);
    expect_refused(c, root, "no_such.txt", "no such file");
    expect_refused(c, root, "sub/no/such.txt", "no such file");
    expect_refused(c, root, "a.txt/x", "no such file");
    expect_refused(c, root, "fifo", "not a regular file");           /* at once, not blocked */
    expect_refused(c, root, "sub", "not a regular file");
    expect_refused(c, root, "sub/", "not a regular file");
    expect_refused(c, root, ".", "not a regular file");
    expect_refused(c, root, "loop", "symbolic links");

    confine *empty = confine_new();
    expect_refused(empty, root, "a.txt", CONFINE_OUTSIDE_TEXT);
    confine *copy = confine_copy(c);
    confine_free(c);
    expect_text(copy, root, "a.txt", "inside a\n");                  /* shares the descriptors */
    confine_free(copy);
    confine_free(empty);

    char abs[64];
    CHECK(confine_absolute("/a/b", "../../../c/./d/", abs, sizeof abs) == 0 && strcmp(abs, "/c/d") == 0);
    CHECK(confine_absolute("/", "..", abs, sizeof abs) == 0 && strcmp(abs, "/") == 0);
    CHECK(confine_absolute("/a", "/x/../y", abs, sizeof abs) == 0 && strcmp(abs, "/y") == 0);
    CHECK(confine_absolute("/a", "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", abs, sizeof abs) != 0);
}

/* A folder swapped for a symlink to the outside while another thread reads through it. */
typedef struct swapper {
    volatile int stop;
    char dir[1024], aside[1024], outside[1024];
} swapper;

static void *swap_loop(void *arg)
{
    swapper *s = arg;
    while (!s->stop) {
        if (rename(s->dir, s->aside) != 0) continue;
        if (symlink(s->outside, s->dir) != 0) {
            if (rename(s->aside, s->dir) != 0) break;
            continue;
        }
        unlink(s->dir);
        if (rename(s->aside, s->dir) != 0) break;
        usleep(20);                 /* some reads find the folder in its place */
    }
    return NULL;
}

static void race(bool openat2)
{
    confine_use_openat2(openat2);
    char root[1024];
    path_of(root, sizeof root, "root");
    confine *c = confine_new();
    CHECK(confine_add(c, root) == 0);
    swapper s = { 0 };
    path_of(s.dir, sizeof s.dir, "root/swapdir");
    path_of(s.aside, sizeof s.aside, "root/swapdir.aside");
    snprintf(s.outside, sizeof s.outside, "%s", top);    /* holds secret.txt */
    pthread_t t;
    CHECK(pthread_create(&t, NULL, swap_loop, &s) == 0);
    int outside = 0, inside = 0;
    for (int i = 0; i < 400000 && (i < 20000 || inside < 50); i++) {
        char msg[600];
        char *text = read_it(c, root, "swapdir/secret.txt", msg, sizeof msg);
        if (text && strstr(text, "SECRET")) outside++;
        else if (text) inside++;
        free(text);
    }
    s.stop = 1;
    pthread_join(t, NULL);
    CHECK_EQ_INT(outside, 0);
    CHECK(inside > 0);
    printf("race (%s): %d inside reads, %d outside\n", openat2 ? "openat2" : "walk", inside, outside);
    confine_free(c);
}

static void regular_only(void)
{
    char p[1024];
    error err;
    size_t len;
    path_of(p, sizeof p, "root/fifo");
    CHECK(textfile_read(p, &len, &err) == NULL);            /* refused at once */
    CHECK_STR_HAS(err.msg, "not a regular file");
    path_of(p, sizeof p, "root/sub");
    CHECK(textfile_read(p, &len, &err) == NULL);
    CHECK_STR_HAS(err.msg, "not a regular file");
    path_of(p, sizeof p, "root/a.txt");
    char *text = textfile_read(p, &len, &err);
    CHECK(text && len == 9);
    free(text);
    int fd = confine_open_regular(p, &err);
    CHECK(fd >= 0);
    CHECK(confine_read_fd(fd, p, 4, &len, &err) == NULL);   /* larger than the cap */
    CHECK_STR_HAS(err.msg, "larger than 4 bytes");
}

int main(void)
{
    make_tree();
    names(true);
    names(false);
    race(true);
    race(false);
    regular_only();
    remove_tree();
    return check_summary("test_confine");
}
