/* save.c: atomic writes, reads and setting aside of the player's data files. */
#define _POSIX_C_SOURCE 200809L
#include "app/save.h"

#include "core/confine.h"
#include "core/filewrite.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void (*save_before_rename_hook)(const char *tmp_path);

/* No progress or settings file comes anywhere near this. */
#define SAVE_MAX ((size_t)64 << 20)

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

int save_write_atomic(const char *path, const char *data, size_t len, error *err)
{
    char dir[4096];
    parent_of(path, dir, sizeof dir);
    if (save_mkdirs(dir, err) != 0) return -1;
    return filewrite_atomic(path, data, len, save_before_rename_hook, err);
}

int save_lock(const char *path)
{
    char dir[4096];
    error err;
    parent_of(path, dir, sizeof dir);
    if (save_mkdirs(dir, &err) != 0) return -1;
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return -1;
    for (int i = 0; i < 200; i++) {
        if (flock(fd, LOCK_EX | LOCK_NB) == 0) return fd;
        if (errno != EWOULDBLOCK && errno != EINTR) break;
        nanosleep(&(struct timespec){ 0, 10 * 1000 * 1000 }, NULL);
    }
    close(fd);
    return -1;
}

void save_unlock(int lock)
{
    if (lock >= 0) close(lock);    /* the lock goes with the last descriptor */
}

int save_read(const char *path, char **text, size_t *len, error *err)
{
    *text = NULL;
    *len = 0;
    /* Never blocks: a FIFO or a folder where the file should be is refused, not waited on. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        if (errno == ENOENT) return 1;
        return error_set(err, path, 0, 0, "cannot read: %s", strerror(errno));
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return error_set(err, path, 0, 0, "cannot read: not a regular file");
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0) fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    char *s = confine_read_fd(fd, path, SAVE_MAX, len, err);
    if (!s) return -1;
    *text = s;
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

/* A name filewrite_atomic gives its temporary files: NAME.tmp- and 12 hex digits. */
static bool temp_name_ours(const char *name)
{
    const char *t = strstr(name, ".tmp-");
    if (!t || t == name) return false;
    t += 5;
    size_t n = strlen(t);
    if (n != 12) return false;
    for (size_t i = 0; i < n; i++)
        if (!((t[i] >= '0' && t[i] <= '9') || (t[i] >= 'a' && t[i] <= 'f'))) return false;
    return true;
}

void save_clean_temps(const char *dir, int older_than_s)
{
    DIR *d = opendir(dir);
    if (!d) return;
    time_t now = time(NULL);
    char path[4096];
    for (struct dirent *e; (e = readdir(d));) {
        struct stat st;
        if (!temp_name_ours(e->d_name)) continue;
        if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path) continue;
        if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode) || now - st.st_mtime < older_than_s) continue;
        unlink(path);
    }
    closedir(d);
}
