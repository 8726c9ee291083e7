/* save.c: atomic writes, reads and setting aside of the player's data files. */
#define _POSIX_C_SOURCE 200809L
#include "app/save.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void (*save_before_rename_hook)(const char *tmp_path);

int save_mkdirs(const char *dir, error *err)
{
    char path[4096];
    size_t n = strlen(dir);
    if (n == 0 || n >= sizeof path) return error_set(err, dir, 0, 0, "bad folder name");
    memcpy(path, dir, n + 1);
    for (char *p = path + 1;; p++) {
        if (*p == '/' || *p == '\0') {
            char c = *p;
            *p = '\0';
            if (mkdir(path, 0755) != 0 && errno != EEXIST)
                return error_set(err, path, 0, 0, "cannot create the folder: %s", strerror(errno));
            *p = c;
            if (!c) break;
        }
    }
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) return error_set(err, dir, 0, 0, "not a folder");
    return 0;
}

static void parent_of(const char *path, char *out, size_t size)
{
    const char *slash = strrchr(path, '/');
    if (!slash) snprintf(out, size, ".");
    else if (slash == path) snprintf(out, size, "/");
    else snprintf(out, size, "%.*s", (int)(slash - path), path);
}

static int write_all(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t k = write(fd, data, len);
        if (k < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        data += k;
        len -= (size_t)k;
    }
    return 0;
}

int save_write_atomic(const char *path, const char *data, size_t len, error *err)
{
    char dir[4096], tmp[4200];
    parent_of(path, dir, sizeof dir);
    if (save_mkdirs(dir, err) != 0) return -1;
    /* The process id keeps two running Tesseras from writing into one temporary file. */
    snprintf(tmp, sizeof tmp, "%s.tmp-%ld", path, (long)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return error_set(err, tmp, 0, 0, "cannot write: %s", strerror(errno));
    if (write_all(fd, data, len) != 0 || fsync(fd) != 0) {
        int e = errno;
        close(fd);
        unlink(tmp);
        return error_set(err, tmp, 0, 0, "cannot write: %s", strerror(e));
    }
    if (close(fd) != 0) {
        int e = errno;
        unlink(tmp);
        return error_set(err, tmp, 0, 0, "cannot write: %s", strerror(e));
    }
    if (save_before_rename_hook) save_before_rename_hook(tmp);
    if (rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        return error_set(err, path, 0, 0, "cannot replace the file: %s", strerror(e));
    }
    /* The rename itself is on disk only once the folder is. */
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    return 0;
}

int save_read(const char *path, char **text, size_t *len, error *err)
{
    *text = NULL;
    *len = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (errno == ENOENT) return 1;
        return error_set(err, path, 0, 0, "cannot read: %s", strerror(errno));
    }
    size_t cap = 4096, n = 0;
    char *s = malloc(cap);
    while (s) {
        if (n + 1 >= cap) {
            if (cap > ((size_t)64 << 20)) {
                free(s);
                fclose(f);
                return error_set(err, path, 0, 0, "too large for a save file");
            }
            char *t = realloc(s, cap * 2);
            if (!t) break;
            s = t;
            cap *= 2;
        }
        size_t k = fread(s + n, 1, cap - n - 1, f);
        n += k;
        if (k == 0) break;
    }
    int bad = ferror(f);
    fclose(f);
    if (!s || bad) {
        free(s);
        return error_set(err, path, 0, 0, bad ? "cannot read" : "out of memory");
    }
    s[n] = '\0';
    *text = s;
    *len = n;
    return 0;
}

int save_set_aside(const char *path, char *aside, size_t size, error *err)
{
    char stamp[32];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    snprintf(aside, size, "%s.corrupt-%s", path, stamp);
    /* Two in one second: do not overwrite the first. */
    for (int i = 2; access(aside, F_OK) == 0 && i < 100; i++) snprintf(aside, size, "%s.corrupt-%s-%d", path, stamp, i);
    if (rename(path, aside) != 0) return error_set(err, path, 0, 0, "cannot set the damaged file aside: %s", strerror(errno));
    return 0;
}
