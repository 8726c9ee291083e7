/* filewrite.c: whole files written through a temporary file and a rename (see filewrite.h). */
#define _GNU_SOURCE                 /* O_NOFOLLOW, O_CLOEXEC */
#include "core/filewrite.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int filewrite_fail_errno;

static int write_all(int fd, const unsigned char *data, size_t len)
{
    while (len > 0) {
        if (filewrite_fail_errno) {
            errno = filewrite_fail_errno;
            return -1;
        }
        ssize_t k = write(fd, data, len);
        if (k < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (k == 0) {
            errno = ENOSPC;
            return -1;
        }
        data += k;
        len -= (size_t)k;
    }
    return 0;
}

/* A name nobody can guess ahead: the process, the clock and a counter, mixed. */
static void temp_name(char *out, size_t size, const char *path)
{
    static unsigned counter;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t x = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 20) ^ ((uint64_t)getpid() << 40) ^
                 (uint64_t)(uintptr_t)out ^ (uint64_t)++counter * 0x9e3779b97f4a7c15u;
    x ^= x >> 31;
    x *= 0xbf58476d1ce4e5b9u;
    x ^= x >> 29;
    snprintf(out, size, "%s.tmp-%012llx", path, (unsigned long long)(x & 0xffffffffffffu));
}

static void parent_of(const char *path, char *out, size_t size)
{
    const char *slash = strrchr(path, '/');
    if (!slash) snprintf(out, size, ".");
    else if (slash == path) snprintf(out, size, "/");
    else snprintf(out, size, "%.*s", (int)(slash - path), path);
}

int filewrite_atomic(const char *path, const void *data, size_t len, void (*before_rename)(const char *tmp),
                     error *err)
{
    char tmp[4200], dir[4200];
    int fd = -1;
    if (!path || !path[0]) return error_set(err, NULL, 0, 0, "no file name to write to (the name given is empty)");
    for (int tries = 0; fd < 0 && tries < 100; tries++) {
        temp_name(tmp, sizeof tmp, path);
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd < 0 && errno != EEXIST) return error_set(err, path, 0, 0, "cannot write: %s", strerror(errno));
    }
    if (fd < 0) return error_set(err, path, 0, 0, "cannot write: no free temporary name beside it");
    /* The file it replaces keeps its permissions: a save made private (600) stays so. */
    struct stat old;
    if (stat(path, &old) == 0 && S_ISREG(old.st_mode)) fchmod(fd, old.st_mode & 07777);
    if (write_all(fd, data, len) != 0 || fsync(fd) != 0) {
        int e = errno;
        close(fd);
        unlink(tmp);
        return error_set(err, path, 0, 0, "cannot write: %s", strerror(e));
    }
    if (close(fd) != 0) {
        int e = errno;
        unlink(tmp);
        return error_set(err, path, 0, 0, "cannot write: %s", strerror(e));
    }
    if (before_rename) before_rename(tmp);
    if (rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        return error_set(err, path, 0, 0, "cannot replace the file: %s", strerror(e));
    }
    /* The rename itself is on disk only once the folder is. */
    parent_of(path, dir, sizeof dir);
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    return 0;
}
