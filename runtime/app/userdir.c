/* userdir.c: folders in the user's data folder. */
#define _POSIX_C_SOURCE 200809L
#include "app/userdir.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

int userdir_make(const app_paths *p, const char *sub, char *out, size_t size, error *err)
{
    char dir[PATH_MAX_LEN];
    if (paths_data_home_too_long(p))
        return error_set(err, p->data_home, 0, 0, "the data folder's name is too long (over %d bytes)", DATA_HOME_MAX);
    path_join(dir, sizeof dir, p->data_home, sub);
    /* Make every missing folder on the way, as mkdir -p does. */
    for (char *q = dir + 1;; q++) {
        if (*q != '/' && *q != '\0') continue;
        char keep = *q;
        *q = '\0';
        if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
            int e = errno;
            error_set(err, dir, 0, 0, "cannot make the folder: %s", strerror(e));
            *q = keep;
            return -1;
        }
        *q = keep;
        if (!keep) break;
    }
    if (!path_is_dir(dir)) return error_set(err, dir, 0, 0, "not a folder");
    snprintf(out, size, "%s", dir);
    return 0;
}

void userdir_timestamp(char *out, size_t size)
{
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(out, size, "%Y%m%d-%H%M%S", &tm);
}
