/* confine.c: reading files beneath a set of roots (see confine.h). */
#define _GNU_SOURCE                 /* O_PATH, syscall */
#include "core/confine.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__linux__) && defined(SYS_openat2)
#include <linux/openat2.h>
#define HAVE_OPENAT2 1
#endif

enum { WALK_MAX_DEPTH = 128, WALK_MAX_LINKS = 40 };

/* Not an errno value: the file is there but is no regular file. */
#define NOT_REGULAR (-2)

typedef struct root {
    int refs;
    int fd;
    char *path;                 /* absolute, as named */
    char *alias;                /* the same folder by its real path, or NULL */
} root;

struct confine {
    int refs;
    int n, cap;
    root **r;
};

static bool openat2_usable = true;

void confine_use_openat2(bool use) { openat2_usable = use; }

static char *dup_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

/* {====== the set of roots */

confine *confine_new(void)
{
    confine *c = calloc(1, sizeof *c);
    if (c) c->refs = 1;
    return c;
}

static int append(confine *c, root *r)
{
    if (c->n == c->cap) {
        int cap = c->cap ? c->cap * 2 : 8;
        root **bigger = realloc(c->r, sizeof *bigger * (size_t)cap);
        if (!bigger) return -1;
        c->r = bigger;
        c->cap = cap;
    }
    c->r[c->n++] = r;
    r->refs++;
    return 0;
}

confine *confine_copy(const confine *base)
{
    confine *c = confine_new();
    for (int i = 0; c && base && i < base->n; i++)
        if (append(c, base->r[i]) != 0) {
            confine_free(c);
            return NULL;
        }
    return c;
}

confine *confine_ref(confine *c)
{
    if (c) c->refs++;
    return c;
}

static void root_unref(root *r)
{
    if (--r->refs > 0) return;
    close(r->fd);
    free(r->path);
    free(r->alias);
    free(r);
}

void confine_free(confine *c)
{
    if (!c || --c->refs > 0) return;
    for (int i = 0; i < c->n; i++) root_unref(c->r[i]);
    free(c->r);
    free(c);
}

int confine_count(const confine *c) { return c ? c->n : 0; }
const char *confine_root(const confine *c, int i) { return c->r[i]->path; }

/* The part of abs under prefix ("" for prefix itself), or NULL when abs is not under it. */
static const char *under(const char *abs, const char *prefix)
{
    if (!prefix) return NULL;
    size_t n = strlen(prefix);
    if (n == 1 && prefix[0] == '/') return abs + 1;
    if (strncmp(abs, prefix, n) != 0) return NULL;
    if (abs[n] == '\0') return abs + n;
    return abs[n] == '/' ? abs + n + 1 : NULL;
}

/* The widest root abs lies under (its rest of the path in *rest), or NULL. */
static const root *root_for(const confine *c, const char *abs, const char **rest)
{
    const root *best = NULL;
    size_t best_len = 0;
    for (int i = 0; c && i < c->n; i++) {
        const char *names[2] = { c->r[i]->path, c->r[i]->alias };
        for (int k = 0; k < 2; k++) {
            const char *r = under(abs, names[k]);
            if (!r) continue;
            size_t len = strlen(names[k]);
            if (!best || len < best_len) {
                best = c->r[i];
                best_len = len;
                *rest = r;
            }
        }
    }
    return best;
}

int confine_add(confine *c, const char *dir)
{
    char abs[PATH_MAX];
    if (!c || confine_absolute(NULL, dir, abs, sizeof abs) != 0) return -1;
    const char *rest;
    if (root_for(c, abs, &rest)) return 1;
#ifdef O_PATH
    int fd = open(abs, O_PATH | O_DIRECTORY | O_CLOEXEC);
#else
    int fd = open(abs, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
#endif
    if (fd < 0) return -1;
    root *r = calloc(1, sizeof *r);
    if (!r || !(r->path = dup_string(abs))) {
        free(r);
        close(fd);
        return -1;
    }
    r->fd = fd;
    /* The folder's real name too, when it is another name of the same folder: a script may
     * name its files either way. (Only a name: every open still goes through fd.) */
    char real[PATH_MAX];
    struct stat a, b;
    if (realpath(abs, real) && strcmp(real, abs) != 0 && stat(real, &a) == 0 && fstat(fd, &b) == 0 &&
        a.st_dev == b.st_dev && a.st_ino == b.st_ino)
        r->alias = dup_string(real);
    if (append(c, r) != 0) {
        r->refs = 1;
        root_unref(r);
        return -1;
    }
    return 0;
}

/* }====== */

/* {====== names */

int confine_absolute(const char *base, const char *name, char *out, size_t size)
{
    char joined[PATH_MAX * 2 + 2], cwd[PATH_MAX];
    if (name[0] == '/') {
        if (strlen(name) >= sizeof joined) return -1;
        strcpy(joined, name);
    } else {
        if (!base || base[0] != '/') {
            if (!getcwd(cwd, sizeof cwd)) return -1;
            if (base && *base) {
                if (snprintf(joined, sizeof joined, "%s/%s/%s", cwd, base, name) >= (int)sizeof joined) return -1;
            } else if (snprintf(joined, sizeof joined, "%s/%s", cwd, name) >= (int)sizeof joined) {
                return -1;
            }
        } else if (snprintf(joined, sizeof joined, "%s/%s", base, name) >= (int)sizeof joined) {
            return -1;
        }
    }
    /* Components pushed onto out one by one: "." dropped, ".." pops (never above "/"). */
    size_t n = 0;
    if (size < 2) return -1;
    for (const char *p = joined; *p;) {
        while (*p == '/') p++;
        const char *end = p;
        while (*end && *end != '/') end++;
        size_t len = (size_t)(end - p);
        if (len == 0) break;
        if (len == 1 && p[0] == '.') {
            /* nothing */
        } else if (len == 2 && p[0] == '.' && p[1] == '.') {
            while (n > 0 && out[n - 1] != '/') n--;
            if (n > 0) n--;
        } else {
            if (n + 1 + len + 1 > size) return -1;
            out[n++] = '/';
            memcpy(out + n, p, len);
            n += len;
        }
        p = end;
    }
    if (n == 0) out[n++] = '/';
    out[n] = '\0';
    return 0;
}

bool confine_covers(const confine *c, const char *base, const char *name)
{
    char abs[PATH_MAX];
    const char *rest;
    return confine_absolute(base, name, abs, sizeof abs) == 0 && root_for(c, abs, &rest) != NULL;
}

/* }====== */

/* {====== opening beneath a folder descriptor */

static int check_regular(int fd)
{
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        return NOT_REGULAR;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0) fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    return fd;
}

enum { OPEN_FLAGS = O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY };

/* The walk done by hand: rest is consumed component by component from the folder at the top
 * of a stack of descriptors; ".." pops (never below the root), a symlink is read and its
 * target put in front of what is left (absolute targets lead out). */
static int walk_beneath(int root_fd, const char *rel)
{
    char rest[PATH_MAX * 2];
    int stack[WALK_MAX_DEPTH];
    int depth = 0, links = 0, result = -1, eno = 0;
    if (strlen(rel) >= sizeof rest) {
        errno = ENAMETOOLONG;
        return -1;
    }
    strcpy(rest, rel);
    stack[0] = root_fd;
    for (;;) {
        char *p = rest;
        while (*p == '/') p++;
        if (!*p) {
            eno = EISDIR;                       /* the name ends at a folder */
            break;
        }
        char *end = p;
        while (*end && *end != '/') end++;
        char comp[NAME_MAX + 1];
        size_t len = (size_t)(end - p);
        if (len > NAME_MAX) {
            eno = ENAMETOOLONG;
            break;
        }
        memcpy(comp, p, len);
        comp[len] = '\0';
        const char *after = end;
        while (*after == '/') after++;
        bool last = *after == '\0' && *end == '\0';  /* "dir/" must be a folder */
        if (strcmp(comp, ".") == 0 || strcmp(comp, "..") == 0) {
            if (comp[1] == '.') {
                if (depth == 0) {
                    eno = EXDEV;                /* above the root */
                    break;
                }
                close(stack[depth--]);
            }
            memmove(rest, end, strlen(end) + 1);
            continue;
        }
        int fd = last ? openat(stack[depth], comp, OPEN_FLAGS | O_NOFOLLOW)
                      : openat(stack[depth], comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd >= 0) {
            if (last) {
                result = fd;
                break;
            }
            if (depth + 1 >= WALK_MAX_DEPTH) {
                close(fd);
                eno = ENAMETOOLONG;
                break;
            }
            stack[++depth] = fd;
            memmove(rest, end, strlen(end) + 1);
            continue;
        }
        eno = errno;
        if (eno != ELOOP && eno != ENOTDIR) break;
        /* A symlink (O_NOFOLLOW says ELOOP; some kernels ENOTDIR for O_DIRECTORY): read it. */
        char target[PATH_MAX];
        ssize_t n = readlinkat(stack[depth], comp, target, sizeof target - 1);
        if (n < 0) break;                       /* not a symlink: keep the first error */
        target[n] = '\0';
        if (++links > WALK_MAX_LINKS) {
            eno = ELOOP;
            break;
        }
        if (target[0] == '/') {
            eno = EXDEV;                        /* an absolute symlink leads out */
            break;
        }
        char next[PATH_MAX * 2];
        if (snprintf(next, sizeof next, "%s%s", target, end) >= (int)sizeof next) {
            eno = ENAMETOOLONG;
            break;
        }
        strcpy(rest, next);
        eno = 0;
    }
    while (depth > 0) close(stack[depth--]);
    if (result < 0) errno = eno ? eno : EIO;
    return result;
}

static int open_beneath(int root_fd, const char *rel)
{
    int fd = -1;
#ifdef HAVE_OPENAT2
    if (openat2_usable) {
        struct open_how how;
        memset(&how, 0, sizeof how);
        how.flags = OPEN_FLAGS;
        how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
        fd = (int)syscall(SYS_openat2, root_fd, rel, &how, sizeof how);
        if (fd < 0 && (errno == ENOSYS || errno == EPERM)) {
            openat2_usable = false;             /* an old kernel, or a filter that forbids it */
            fd = walk_beneath(root_fd, rel);
        }
    } else
#endif
        fd = walk_beneath(root_fd, rel);
    return fd < 0 ? -1 : check_regular(fd);
}

/* }====== */

static int open_error(const char *name, int rc, int eno, error *err)
{
    if (rc == NOT_REGULAR || eno == EISDIR) return error_set(err, name, 0, 0, "not a regular file");
    switch (eno) {
    case EXDEV: return error_set(err, name, 0, 0, "%s", CONFINE_OUTSIDE_TEXT);
    case ENOENT:
    case ENOTDIR: return error_set(err, name, 0, 0, "no such file");
    case ELOOP: return error_set(err, name, 0, 0, "too many symbolic links");
    default: return error_set(err, name, 0, 0, "cannot open: %s", strerror(eno));
    }
}

int confine_open(const confine *c, const char *base, const char *name, char *path, size_t size, error *err)
{
    char abs[PATH_MAX];
    const char *rest = NULL;
    if (confine_absolute(base, name, abs, sizeof abs) != 0) return error_set(err, name, 0, 0, "name too long");
    const root *r = root_for(c, abs, &rest);
    if (!r) return error_set(err, name, 0, 0, "%s", CONFINE_OUTSIDE_TEXT);
    if (!*rest) return error_set(err, name, 0, 0, "not a regular file");
    errno = 0;
    int fd = open_beneath(r->fd, rest);
    if (fd < 0) return open_error(name, fd, errno, err);
    if (path) snprintf(path, size, "%s", abs);
    return fd;
}

int confine_open_regular(const char *path, error *err)
{
    int fd = open(path, OPEN_FLAGS);
    if (fd < 0) {
        int e = errno;
        if (e == ENOENT) return error_set(err, path, 0, 0, "cannot open: %s", strerror(e));
        return open_error(path, -1, e, err);
    }
    fd = check_regular(fd);
    if (fd < 0) return open_error(path, fd, errno, err);
    return fd;
}

char *confine_read_fd(int fd, const char *name, size_t max, size_t *len, error *err)
{
    struct stat st;
    if (fstat(fd, &st) == 0 && st.st_size > 0 && (unsigned long long)st.st_size > max) {
        close(fd);
        error_set(err, name, 0, 0, "file is larger than %zu bytes", max);
        return NULL;
    }
    size_t cap = st.st_size > 0 ? (size_t)st.st_size + 1 : 4096, n = 0;
    char *buf = malloc(cap);
    int failed = 0;
    while (buf) {
        if (n + 1 >= cap) {
            if (n > max) break;
            size_t bigger_cap = cap * 2 > max + 2 ? max + 2 : cap * 2;
            char *bigger = bigger_cap > cap ? realloc(buf, bigger_cap) : NULL;
            if (!bigger) {
                if (bigger_cap <= cap) break;
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap = bigger_cap;
        }
        ssize_t got = read(fd, buf + n, cap - n - 1);
        if (got < 0) {
            if (errno == EINTR) continue;
            failed = errno;
            break;
        }
        if (got == 0) break;
        n += (size_t)got;
    }
    close(fd);
    if (!buf) {
        error_set(err, name, 0, 0, "out of memory reading the file");
        return NULL;
    }
    if (failed) {
        free(buf);
        error_set(err, name, 0, 0, "cannot read: %s", strerror(failed));
        return NULL;
    }
    if (n > max) {
        free(buf);
        error_set(err, name, 0, 0, "file is larger than %zu bytes", max);
        return NULL;
    }
    buf[n] = '\0';
    if (len) *len = n;
    return buf;
}

char *confine_read(const confine *c, const char *base, const char *name, size_t max, size_t *len, char *path,
                   size_t size, error *err)
{
    int fd = confine_open(c, base, name, path, size, err);
    if (fd < 0) return NULL;
    return confine_read_fd(fd, name, max, len, err);
}
