/* watch.h: noticing that files were saved, without blocking the game loop (hot reload).
 *
 * On Linux the folders holding the files are watched with inotify, so an editor that saves by
 * writing a new file and renaming it over the old one is seen too; elsewhere, when inotify is
 * unavailable, or when TESSERA_WATCH=poll is set, each file's modification time, size and
 * inode are compared every WATCH_POLL_MS. A change is reported once it has settled: with
 * inotify, WATCH_SETTLE_MS after its writer closed it or renamed it into place (or
 * WATCH_OPEN_MS after the last write, for a writer that keeps it open); when polling, the
 * same signature on two polls in a row. An empty file is never reported (a save caught between
 * its truncation and its write). So a file caught half-written is not read. */
#ifndef TESSERA_APP_WATCH_H
#define TESSERA_APP_WATCH_H

#include <stdbool.h>
#include <stdint.h>

enum { WATCH_POLL_MS = 50, WATCH_SETTLE_MS = 30, WATCH_OPEN_MS = 1000 };

typedef struct watch watch;

/* A watcher with no files yet; NULL when out of memory. */
watch *watch_new(void);
void watch_free(watch *w);
/* "inotify" or "poll". */
const char *watch_method(const watch *w);
/* Watches one more file (a file that does not exist yet is watched for its creation).
 * Returns its index, or -1 (out of memory). Adding a path twice returns the first index. */
int watch_add(watch *w, const char *path);
/* Forgets every file. */
void watch_clear(watch *w);
int watch_count(const watch *w);
const char *watch_path(const watch *w, int i);
/* Reads what happened since the last call, never blocking. Fills changed[] with the indices
 * of files whose change has settled (at most max) and returns how many. now_ms: a
 * monotonic clock in milliseconds. */
int watch_poll(watch *w, uint64_t now_ms, int *changed, int max);

#endif
