/* prefs.c: reading and writing settings.txt (see prefs.h). */
#include "app/prefs.h"

#include <stdio.h>
#include <stdlib.h>

#include "app/save.h"

static void prefs_path(const app_paths *p, char *out, size_t size)
{
    path_join(out, size, p->data_home, "settings.txt");
}

void prefs_load(settings *st, const app_paths *p, char *note, size_t note_size)
{
    char path[PATH_MAX_LEN], *text;
    size_t len;
    error err;
    settings_init(st);
    if (paths_data_home_too_long(p)) {
        /* The file's name would be cut short: another file. Nothing read, nothing written. */
        st->unread = true;
        fprintf(stderr, "tessera: %s: the data folder's name is too long (over %d bytes): settings are not read or saved\n",
                p->data_home, DATA_HOME_MAX);
        if (note) snprintf(note, note_size, "The data folder's name is too long: settings are not saved.");
        return;
    }
    prefs_path(p, path, sizeof path);
    int rc = save_read(path, &text, &len, &err);
    if (rc == 1) return;
    int prc = rc == 0 ? settings_parse(st, path, text, len, &err) : -1;
    free(text);
    if (prc == 0) return;
    char buf[ERROR_TEXT_MAX + 300], aside[PATH_MAX_LEN + 64];
    error_format(&err, buf, sizeof buf);
    if (prc == -2) {
        /* A newer Tessera's settings, as a newer progress file: left as they are, never set
         * aside or written over (they were called damaged and reset). */
        settings_init(st);
        st->newer = true;
        fprintf(stderr, "tessera: %s (settings will not be saved over it)\n", buf);
        if (note) snprintf(note, note_size, "Settings are from a newer Tessera: left as they are; changes are not saved.");
        return;
    }
    error aerr;
    if (rc == 0 && save_set_aside(path, aside, sizeof aside, &aerr) == 0) {
        fprintf(stderr, "tessera: %s\ntessera: the damaged settings file is kept as %s; using the defaults\n", buf, aside);
        if (note) snprintf(note, note_size, "Settings were damaged: kept as %s; using the defaults.", path_basename(aside));
    } else {
        /* Not read (no permission, a folder, a read error) or not set aside: it is still
         * there, and may hold the player's settings, so it is never written over (a change
         * of speed or skin wrote the defaults over it). */
        settings_init(st);
        st->unread = true;
        fprintf(stderr, "tessera: %s (settings will not be saved over it)\n", buf);
        if (note) snprintf(note, note_size, "Cannot read the settings, so changes are not saved: %s", buf);
    }
}

int prefs_save(const settings *st, const app_paths *p, const char *name)
{
    char path[PATH_MAX_LEN];
    size_t len;
    error err;
    prefs_path(p, path, sizeof path);
    if (st->newer) return 0;                    /* left to the Tessera that wrote it */
    if (st->unread && paths_data_home_too_long(p)) {
        fprintf(stderr, "tessera: settings not saved: the data folder's name is too long (over %d bytes)\n", DATA_HOME_MAX);
        return -1;
    }
    if (st->unread) {
        fprintf(stderr, "tessera: settings not saved: %s could not be read, so it is not written over\n", path);
        return -1;
    }
    /* Another Tessera may have changed another setting since this one read the file: only
     * name is this one's to write (two windows: a speed set in one was set back by a skin
     * chosen in the other). */
    settings out = *st;
    int lock = save_lock(path);
    char *old;
    size_t old_len;
    if (name && save_read(path, &old, &old_len, &err) == 0) {
        int prc = settings_parse(&out, path, old, old_len, &err);
        free(old);
        if (prc == -2) {
            save_unlock(lock);
            return 0;                           /* a newer Tessera's since: left to it */
        }
        const char *value = settings_get(st, name);
        if (prc != 0) out = *st;                /* damaged: this run's settings, as before */
        else if (value && settings_set(&out, name, value) != 0) out = *st;
    }
    char *text = settings_format(&out, &len);
    if (!text) {
        save_unlock(lock);
        return -1;
    }
    int rc = save_write_atomic(path, text, len, &err);
    save_unlock(lock);
    free(text);
    if (rc != 0) {
        char buf[ERROR_TEXT_MAX + 300];
        fprintf(stderr, "tessera: settings not saved: %s\n", error_format(&err, buf, sizeof buf));
    }
    return rc;
}
