/* watch.c: file change notices for hot reload: inotify on the files' folders, or polling. */
#define _POSIX_C_SOURCE 200809L
#include "app/watch.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/inotify.h>
#define WATCH_HAVE_INOTIFY 1
#else
#define WATCH_HAVE_INOTIFY 0
#endif

/* What polling compares: a save changes the time or the size, a save by rename the inode. */
typedef struct signature {
    bool exists;
    dev_t dev;
    ino_t ino;
    off_t size;
    long long mtime_ns;
} signature;

typedef struct watched {
    char *path;
    char *base;                 /* the name inside its folder (inotify events carry it) */
    int wd;                     /* inotify watch of the folder, or -1 */
    signature last;             /* polling: what was reported last */
    signature seen;             /* polling: the last poll's reading */
    bool pending;               /* inotify: an event came, waiting to settle */
    bool writing;               /* inotify: modified, not yet closed by its writer */
    uint64_t due;
} watched;

struct watch {
    int fd;                     /* inotify instance, or -1 when polling */
    watched *files;
    int n, cap;
    uint64_t next_poll;
};

static signature read_signature(const char *path)
{
    signature s;
    struct stat st;
    memset(&s, 0, sizeof s);
    if (stat(path, &st) != 0) return s;
    s.exists = true;
    s.dev = st.st_dev;
    s.ino = st.st_ino;
    s.size = st.st_size;
    s.mtime_ns = (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
    return s;
}

static bool same_signature(const signature *a, const signature *b)
{
    if (a->exists != b->exists) return false;
    if (!a->exists) return true;
    return a->dev == b->dev && a->ino == b->ino && a->size == b->size && a->mtime_ns == b->mtime_ns;
}

static bool polling_forced(void)
{
    const char *v = getenv("TESSERA_WATCH");
    return v && strcmp(v, "poll") == 0;
}

watch *watch_new(void)
{
    watch *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->fd = -1;
#if WATCH_HAVE_INOTIFY
    if (!polling_forced()) w->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
#endif
    return w;
}

void watch_clear(watch *w)
{
    for (int i = 0; i < w->n; i++) {
#if WATCH_HAVE_INOTIFY
        /* A folder's watch is shared by its files: remove it once, with the last of them. */
        if (w->fd >= 0 && w->files[i].wd >= 0) {
            bool later = false;
            for (int j = i + 1; j < w->n && !later; j++) later = w->files[j].wd == w->files[i].wd;
            if (!later) inotify_rm_watch(w->fd, w->files[i].wd);
        }
#endif
        free(w->files[i].path);
    }
    w->n = 0;
}

void watch_free(watch *w)
{
    if (!w) return;
    watch_clear(w);
    if (w->fd >= 0) close(w->fd);
    free(w->files);
    free(w);
}

const char *watch_method(const watch *w) { return w->fd >= 0 ? "inotify" : "poll"; }
int watch_count(const watch *w) { return w->n; }
const char *watch_path(const watch *w, int i) { return i >= 0 && i < w->n ? w->files[i].path : NULL; }

int watch_add(watch *w, const char *path)
{
    for (int i = 0; i < w->n; i++)
        if (strcmp(w->files[i].path, path) == 0) return i;
    if (w->n == w->cap) {
        int cap = w->cap ? w->cap * 2 : 8;
        watched *bigger = realloc(w->files, sizeof *bigger * (size_t)cap);
        if (!bigger) return -1;
        w->files = bigger;
        w->cap = cap;
    }
    watched *f = &w->files[w->n];
    memset(f, 0, sizeof *f);
    f->wd = -1;
    size_t len = strlen(path);
    f->path = malloc(len + 1);
    if (!f->path) return -1;
    memcpy(f->path, path, len + 1);
    const char *slash = strrchr(f->path, '/');
    f->base = slash ? (char *)slash + 1 : f->path;
    f->last = f->seen = read_signature(path);
#if WATCH_HAVE_INOTIFY
    struct stat ls;
    bool link = lstat(path, &ls) == 0 && S_ISLNK(ls.st_mode);
    /* A link is polled (its target's folder may be anywhere, and an edit there sends the
     * link's folder no event); polling reads through the link. */
    if (w->fd >= 0 && !link) {
        /* The folder, not the file: a save by rename replaces the file's inode. */
        char dir[4096];
        if (!slash) snprintf(dir, sizeof dir, ".");
        else if (slash == f->path) snprintf(dir, sizeof dir, "/");
        else snprintf(dir, sizeof dir, "%.*s", (int)(slash - f->path), f->path);
        f->wd = inotify_add_watch(w->fd, dir,
                                  IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_MODIFY | IN_ATTRIB);
        /* A folder we may not watch (gone, no permission, out of watches) is polled instead. */
    }
#endif
    return w->n++;
}

#if WATCH_HAVE_INOTIFY
static void read_events(watch *w, uint64_t now_ms)
{
    /* Aligned as inotify(7) asks; events never straddle two reads. */
    char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
    /* A bounded number of reads per frame: a folder written to all the time (a log beside
     * the script) must not hold the game loop here. */
    for (int reads = 0; reads < 16; reads++) {
        ssize_t len = read(w->fd, buf, sizeof buf);
        if (len <= 0) {
            if (len < 0 && errno == EINTR) continue;
            return;             /* EAGAIN: nothing more for now */
        }
        for (char *p = buf; p < buf + len;) {
            const struct inotify_event *ev = (const struct inotify_event *)(void *)p;
            for (int i = 0; i < w->n; i++) {
                watched *f = &w->files[i];
                bool overflow = (ev->mask & IN_Q_OVERFLOW) != 0;
                if (overflow || (ev->len && f->wd == ev->wd && strcmp(ev->name, f->base) == 0)) {
                    /* A write in place (truncate, then write) is read once its writer closes
                     * the file; a writer that keeps it open is given WATCH_OPEN_MS. */
                    if (ev->mask & (IN_MODIFY | IN_CREATE)) f->writing = true;
                    if (ev->mask & (IN_CLOSE_WRITE | IN_MOVED_TO)) f->writing = false;
                    f->pending = true;
                    f->due = now_ms + (f->writing ? WATCH_OPEN_MS : WATCH_SETTLE_MS);
                }
            }
            p += sizeof *ev + ev->len;
        }
    }
}
#endif

int watch_poll(watch *w, uint64_t now_ms, int *changed, int max)
{
    int n = 0;
#if WATCH_HAVE_INOTIFY
    if (w->fd >= 0) {
        read_events(w, now_ms);
        for (int i = 0; i < w->n && n < max; i++) {
            watched *f = &w->files[i];
            if (f->wd < 0 || !f->pending || now_ms < f->due) continue;
            f->pending = f->writing = false;
            signature s = read_signature(f->path);
            /* Deleted or emptied (the middle of some saves): wait for the content. */
            if (!s.exists || s.size == 0) continue;
            f->last = f->seen = s;
            changed[n++] = i;
        }
    }
#endif
    if (now_ms < w->next_poll) return n;
    w->next_poll = now_ms + WATCH_POLL_MS;
    for (int i = 0; i < w->n && n < max; i++) {
        watched *f = &w->files[i];
        if (w->fd >= 0 && f->wd >= 0) continue;
        signature s = read_signature(f->path);
        bool settled = same_signature(&s, &f->seen);
        f->seen = s;
        if (!settled || !s.exists || s.size == 0 || same_signature(&s, &f->last)) continue;
        f->last = s;
        changed[n++] = i;
    }
    return n;
}
