/* progress.c: loading, updating and saving the player's progress (see progress.h). */
#define _DEFAULT_SOURCE
#define _POSIX_C_SOURCE 200809L
#include "app/progress.h"

#include <dirent.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/save.h"
#include "core/action.h"
#include "script/game.h"

static uint32_t fnv(uint32_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
    return h;
}

uint32_t progress_fingerprint(const level *lv, const ruleset *r)
{
    uint32_t h = 2166136261u;
    int32_t dims[2] = { lv->g.w, lv->g.h };
    h = fnv(h, dims, sizeof dims);
    for (int c = 0; c < lv->g.ncells; c++) {
        const char *f = lv->floor[c] < r->ntiles ? r->tile[lv->floor[c]].name : "?";
        const char *o = lv->obj[c] && lv->obj[c] < r->ntiles ? r->tile[lv->obj[c]].name : "";
        h = fnv(h, f, strlen(f) + 1);
        h = fnv(h, o, strlen(o) + 1);
        if (lv->num) h = fnv(h, &lv->num[c], sizeof lv->num[c]);
    }
    /* A level's own rule switches (Chain:, Pull:) make it another level; a level without
     * them keeps the fingerprint it always had. */
    if (lv->rules && (lv->rules->max_chain != r->max_chain || lv->rules->pull != r->pull)) {
        int32_t sw[2] = { lv->rules->max_chain, lv->rules->pull };
        h = fnv(h, "rules", 6);
        h = fnv(h, sw, sizeof sw);
    }
    return h;
}

/* The set as it is named in the file: relative to the bundled levels, else its full path. */
static void set_key(const app_paths *p, const char *levels_path, char *out, size_t size)
{
    char real[PATH_MAX], root[PATH_MAX];   /* realpath writes up to PATH_MAX */
    const char *path = realpath(levels_path, real) ? real : levels_path;
    const char *levels = realpath(p->levels, root) ? root : p->levels;
    size_t n = strlen(levels);
    if (n && !strncmp(path, levels, n) && path[n] == '/') snprintf(out, size, "%s", path + n + 1);
    else snprintf(out, size, "%s", path);
}

/* True when script is a mod's game under the name of a bundled one (mods/m/scripts/sokoban.lua
 * replacing scripts/sokoban.lua). Its rules may be anything (a mod whose every move solves),
 * so its progress must not be the bundled game's: the menu showed "25 of 25" for a game never
 * solved, and its one-move "bests" could never be beaten. */
static bool overrides_bundled(const app_paths *p, const char *arg, const char *script)
{
    char bundled[PATH_MAX_LEN], name[PATH_MAX_LEN], a[PATH_MAX], b[PATH_MAX];
    if (!script || !script[0]) return false;
    snprintf(name, sizeof name, "%s.lua", arg);
    path_join(bundled, sizeof bundled, p->scripts, name);
    if (!realpath(bundled, a)) return false;
    return !realpath(script, b) || strcmp(a, b) != 0;
}

/* The name of the bundled game whose script is at real path `real` (scripts/NAME.lua), into
 * out; false for any other file. */
static bool bundled_name(const app_paths *p, const char *real, char *out, size_t size)
{
    char dir[PATH_MAX];
    if (!realpath(p->scripts, dir)) return false;
    size_t n = strlen(dir), len = strlen(real);
    if (strncmp(real, dir, n) != 0 || real[n] != '/' || strchr(real + n + 1, '/')) return false;
    if (len < n + 1 + 5 || strcmp(real + len - 4, ".lua") != 0) return false;
    snprintf(out, size, "%.*s", (int)(len - 4 - (n + 1)), real + n + 1);
    return true;
}

/* The game's part of the progress key: its name (a bundled game named by its script's path
 * too: `play scripts/sokoban.lua` is `play sokoban`, whose progress the player expects to
 * find), the script's real path for any other game named by its file, or the name and the
 * script's path for a mod's game that replaces a bundled one. */
static void game_key(const app_paths *p, const char *arg, const char *script, char *out, size_t size)
{
    char real[PATH_MAX];
    if (strchr(arg, '/') || strstr(arg, ".lua")) {
        const char *path = realpath(arg, real) ? real : arg;
        if (path != real || !bundled_name(p, real, out, size)) snprintf(out, size, "%s", path);
    }
    else if (overrides_bundled(p, arg, script)) snprintf(out, size, "%s@%s", arg, realpath(script, real) ? real : script);
    else snprintf(out, size, "%s", arg);
}

static void safe_stem(const char *path, char *out, size_t size)
{
    char stem[PATH_MAX_LEN];
    path_stem(path, stem, sizeof stem);
    size_t k = 0;
    for (const char *c = stem; *c && k + 1 < size && k < 40; c++)
        out[k++] = (char)((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '-' ? *c : '_');
    out[k] = '\0';
}

enum { PROGRESS_PROBES = 8 };   /* the file's own name, then other names tried in turn */

/* Candidate k (0: the usual name) for the progress file of game key g and set key set. The
 * name's 32-bit hash can be made to collide (a mod folder's name chosen for it), so when
 * the file by that name holds another game's progress, names hashed with a salt come next:
 * the salt goes first, so that keys colliding under one name do not collide under the next. */
static void candidate_name(const app_paths *p, const char *g, const char *set, int k, char *out, size_t size)
{
    char gs[64], ss[64], dir[PATH_MAX_LEN], name[200];
    safe_stem(g, gs, sizeof gs);
    safe_stem(set, ss, sizeof ss);
    uint32_t h = 2166136261u;
    if (k > 0) {
        char salt[32];
        int n = snprintf(salt, sizeof salt, "tessera-progress-%d", k);
        h = fnv(h, salt, (size_t)n + 1);
    }
    h = fnv(fnv(h, g, strlen(g) + 1), set, strlen(set));
    if (k == 0) snprintf(name, sizeof name, "%s-%s-%08lx.txt", gs, ss, (unsigned long)h);
    else snprintf(name, sizeof name, "%s-%s-%08lx-%d.txt", gs, ss, (unsigned long)h, k);
    path_join(dir, sizeof dir, p->data_home, "progress");
    path_join(out, size, dir, name);
}

/* Reads and parses the progress file at path into pr: 0, 1 when there is none, or -1 (-2: a
 * newer Tessera's) with err; pr is only set on 0. */
static int read_progress(const char *path, progress *pr, error *err)
{
    char *text;
    size_t len;
    int rc = save_read(path, &text, &len, err);
    if (rc != 0) return rc;
    rc = progress_parse(pr, path, text, len, err);
    free(text);
    return rc;
}

/* Whether the progress file at path is another game's or set's: it reads, and its `game` or
 * `set` line is not g or set (as a progress file holds them: cut to its name size). A file
 * that is missing, cannot be read or is damaged is not known to be another's. */
static bool belongs_elsewhere(const char *path, const char *g, const char *set)
{
    error err;
    progress pr;
    if (read_progress(path, &pr, &err) != 0) return false;
    char want_g[PROGRESS_NAME_MAX], want_s[PROGRESS_NAME_MAX];
    snprintf(want_g, sizeof want_g, "%s", g);
    snprintf(want_s, sizeof want_s, "%s", set);
    bool other = strcmp(pr.game, want_g) != 0 || strcmp(pr.set, want_s) != 0;
    progress_free(&pr);
    return other;
}

/* The progress file of game key g and a level set: the first candidate name that is not
 * another game's file. false (out empty) when every one is. */
static bool path_for_key(const app_paths *p, const char *g, const char *levels_path, char *out, size_t size)
{
    char set[PATH_MAX_LEN];
    set_key(p, levels_path, set, sizeof set);
    for (int k = 0; k < PROGRESS_PROBES; k++) {
        candidate_name(p, g, set, k, out, size);
        if (!belongs_elsewhere(out, g, set)) return true;
    }
    if (size) out[0] = '\0';
    return false;
}

/* The progress file of a game (its name or path, and its script) and a level set; false (out
 * empty) when no name is free of another game's progress. */
static bool path_for(const app_paths *p, const char *arg, const char *script, const char *levels_path, char *out,
                     size_t size)
{
    char g[PATH_MAX_LEN];
    game_key(p, arg, script, g, sizeof g);
    return path_for_key(p, g, levels_path, out, size);
}

/* Where a bundled game kept its progress when it was played by its script's path, before that
 * was keyed by the game's name too (the file is read when the game's own is missing, and left
 * as it is); false for any other game (a mod's replacing one included). */
static bool legacy_path_for(const app_paths *p, const char *arg, const char *script, const char *levels_path,
                            char *out, size_t size)
{
    char real[PATH_MAX], name[PATH_MAX_LEN];
    bool by_path = strchr(arg, '/') || strstr(arg, ".lua");
    if (!realpath(by_path ? arg : script ? script : "", real) || !bundled_name(p, real, name, sizeof name) ||
        (!by_path && strcmp(name, arg) != 0))
        return false;
    return path_for_key(p, real, levels_path, out, size);
}

bool progress_path_for(const app_paths *p, const session *s, char *out, size_t size)
{
    return path_for(p, s->game_arg, s->game ? game_path(s->game) : NULL, s->levels_path, out, size);
}

static void follow_all(progress_store *ps);

static bool same_text(const char *a, const char *b) { return !strcmp(a ? a : "", b ? b : ""); }

static bool same_moves(const progress_position *a, const progress_position *b)
{
    return a->fp == b->fp && same_text(a->history, b->history) && same_text(a->redo, b->redo) &&
           same_text(a->board, b->board);
}

/* dst's positions become copies of src's (its solves are not needed). */
static void copy_positions(progress *dst, const progress *src)
{
    progress_free(dst);
    progress_init(dst);
    for (int i = src->npos - 1; i >= 0; i--) {
        const progress_position *q = &src->pos[i];
        if (progress_set_position(dst, q->level, q->fp, q->history, q->redo, q->board) != 0) {
            /* Out of memory: no base, so nothing is taken for unchanged (the old way). */
            progress_free(dst);
            progress_init(dst);
            return;
        }
    }
}

/* ps->sync becomes lv (0: none) with copies of the tokens. */
static void set_sync(progress_store *ps, int lv, const char *hist, const char *redo, const char *board)
{
    free(ps->sync.history);
    free(ps->sync.redo);
    free(ps->sync.board);
    ps->sync = (progress_position){ .level = lv };
    if (!lv) return;
    ps->sync.history = hist ? strdup(hist) : NULL;
    ps->sync.redo = redo ? strdup(redo) : NULL;
    ps->sync.board = board ? strdup(board) : NULL;
    if ((hist && !ps->sync.history) || (redo && !ps->sync.redo) || (board && !ps->sync.board))
        set_sync(ps, 0, NULL, NULL, NULL);
}

/* Before a save's merge with the file (other): a position of this run that it has not changed
 * since the file last had it takes the file's, when another run has played that level since.
 * (Two windows: one played level 5 and quit; the other, which had only read level 5's old
 * moves, wrote them back over the new ones when it quit.) */
static void take_up_newer_positions(progress_store *ps, const progress *other)
{
    for (int i = 0; i < other->npos; i++) {
        const progress_position *o = &other->pos[i];
        progress_position *mine = progress_find_position(&ps->pr, o->level);
        const progress_position *was = progress_find_position(&ps->base, o->level);
        if (!mine || !was || mine->fp != o->fp || !same_moves(mine, was) || same_moves(o, was)) continue;
        char *h = o->history ? strdup(o->history) : NULL, *r = o->redo ? strdup(o->redo) : NULL,
             *b = o->board ? strdup(o->board) : NULL;
        if ((o->history && !h) || (o->redo && !r) || (o->board && !b)) {
            free(h);
            free(r);
            free(b);
            continue;
        }
        free(mine->history);
        free(mine->redo);
        free(mine->board);
        mine->history = h;
        mine->redo = r;
        mine->board = b;
    }
}

static void fresh(progress_store *ps, const app_paths *p, const session *s)
{
    progress_free(&ps->pr);
    game_key(p, s->game_arg, s->game ? game_path(s->game) : NULL, ps->pr.game, sizeof ps->pr.game);
    set_key(p, s->levels_path, ps->pr.set, sizeof ps->pr.set);
}

/* With no progress file of its own, a bundled game takes up the progress it kept before under
 * its script's path, if that reads (it is written to the game's own file
 * on the next save, and the old file is left as it is). */
static void open_legacy(progress_store *ps, const app_paths *p, const session *s)
{
    char legacy[PATH_MAX_LEN];
    error err;
    progress loaded;
    if (!legacy_path_for(p, s->game_arg, s->game ? game_path(s->game) : NULL, s->levels_path, legacy, sizeof legacy) ||
        read_progress(legacy, &loaded, &err) != 0)
        return;
    snprintf(loaded.game, sizeof loaded.game, "%s", ps->pr.game);
    progress_free(&ps->pr);
    ps->pr = loaded;
    follow_all(ps);
}

static bool position_played(const progress_position *q)
{
    return (q->history && q->history[0]) || (q->redo && q->redo[0]) || q->board;
}

/* How many of the entries of pr (solves, positions played, help marks) are of a level with one
 * of the fingerprints fp; *total gets how many it holds in all. */
static int entries_matching(const progress *pr, const uint32_t *fp, int nfp, int *total)
{
    int n = 0;
    *total = pr->nsolved + pr->nassisted;
    for (int k = 0; k < pr->npos; k++) *total += position_played(&pr->pos[k]);
    for (int i = 0; i < nfp; i++) {
        for (int k = 0; k < pr->nsolved; k++) n += pr->solved[k].fp == fp[i];
        for (int k = 0; k < pr->npos; k++) n += position_played(&pr->pos[k]) && pr->pos[k].fp == fp[i];
        for (int k = 0; k < pr->nassisted; k++) n += pr->assisted[k].fp == fp[i];
    }
    return n;
}

/* A level file renamed or moved is another set by its path, and its progress stayed under the
 * old path: the player found a set they had solved fresh, with no word of why. A set of the
 * player's own (not a bundled one) with no progress file takes up the progress of the same
 * game kept for a set file that is no longer there, when most of what that holds is of this
 * set's levels by fingerprint (of several, the one with most). The old file is left as it is.
 * true with *out set (its game and set lines this set's). */
static bool find_renamed(const app_paths *p, const char *g, const char *set, const uint32_t *fp, int nfp, progress *out)
{
    char dir[PATH_MAX_LEN], file[PATH_MAX_LEN];
    if (set[0] != '/' || nfp <= 0) return false;
    path_join(dir, sizeof dir, p->data_home, "progress");
    DIR *d = opendir(dir);
    if (!d) return false;
    int best = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".txt") != 0) continue;
        path_join(file, sizeof file, dir, e->d_name);
        progress pr;
        error err;
        if (read_progress(file, &pr, &err) != 0) continue;
        int total, n = 0;
        if (!strcmp(pr.game, g) && strcmp(pr.set, set) != 0 && pr.set[0] == '/' && access(pr.set, F_OK) != 0)
            n = entries_matching(&pr, fp, nfp, &total);
        if (n > best && n * 2 > total) {
            if (best) progress_free(out);
            *out = pr;
            best = n;
            continue;
        }
        progress_free(&pr);
    }
    closedir(d);
    if (!best) return false;
    snprintf(out->game, sizeof out->game, "%s", g);
    snprintf(out->set, sizeof out->set, "%s", set);
    return true;
}

static void open_renamed(progress_store *ps, const app_paths *p, char *note, size_t note_size)
{
    progress loaded;
    if (!find_renamed(p, ps->pr.game, ps->pr.set, ps->fp, ps->nfp, &loaded)) return;
    progress_free(&ps->pr);
    ps->pr = loaded;
    follow_all(ps);
    ps->dirty = true;   /* written under this set's name at the next save */
    if (note) snprintf(note, note_size, "This level file was renamed or moved: its saved progress came with it.");
}

void progress_store_open(progress_store *ps, const app_paths *p, const session *s, char *note, size_t note_size)
{
    memset(ps, 0, sizeof *ps);
    progress_init(&ps->pr);
    progress_init(&ps->base);
    ps->open = true;
    char dir[PATH_MAX_LEN];
    path_join(dir, sizeof dir, p->data_home, "progress");
    save_clean_temps(dir, 600);  /* what a kill mid-save left; ten minutes spares a save in progress */
    bool have_path = progress_path_for(p, s, ps->path, sizeof ps->path);
    fresh(ps, p, s);
    ps->nfp = s->levels.count;
    ps->fp = calloc((size_t)(ps->nfp > 0 ? ps->nfp : 1), sizeof *ps->fp);
    for (int i = 0; ps->fp && i < ps->nfp; i++) ps->fp[i] = progress_fingerprint(&s->levels.levels[i], game_rules(s->game));
    if (!ps->fp) ps->nfp = 0;
    if (paths_data_home_too_long(p)) {
        /* Its files' names would be cut short: every game's and set's the same file. */
        ps->path[0] = '\0';
        fprintf(stderr, "tessera: %s: the data folder's name is too long (over %d bytes): progress will not be saved\n",
                p->data_home, DATA_HOME_MAX);
        if (note) snprintf(note, note_size, "The data folder's name is too long: progress will not be saved.");
        snprintf(ps->blocked, sizeof ps->blocked, "the data folder's name is too long (over %d bytes)", DATA_HOME_MAX);
        return;
    }
    if (!have_path) {
        fprintf(stderr, "tessera: every progress file name of this game holds another game's progress "
                        "(progress will not be saved)\n");
        if (note) snprintf(note, note_size, "Progress cannot be saved: its files hold other games' progress.");
        snprintf(ps->blocked, sizeof ps->blocked, "its files hold other games' progress");
        return;
    }

    char *text;
    size_t len;
    error err;
    int rc = save_read(ps->path, &text, &len, &err);
    if (rc == 1) {
        open_legacy(ps, p, s);
        if (!ps->pr.nsolved && !ps->pr.npos && !ps->pr.nassisted) open_renamed(ps, p, note, note_size);
        return;
    }
    progress loaded;
    int prc = rc == 0 ? progress_parse(&loaded, ps->path, text, len, &err) : -1;
    if (prc == 0) {
        free(text);
        progress_free(&ps->pr);
        ps->pr = loaded;
        if (loaded.ndropped > 0) {
            /* Not a damaged file: the rest of it is good, and kept. */
            char buf[ERROR_TEXT_MAX + 300];
            fprintf(stderr, "tessera: %s (dropped: %d damaged 'solved' line%s; the rest of the progress is kept)\n",
                    error_format(&loaded.dropped, buf, sizeof buf), loaded.ndropped, loaded.ndropped == 1 ? "" : "s");
            if (note) snprintf(note, note_size, "A damaged line of the saved progress was dropped (a solve, line %d); the rest is kept.",
                               loaded.dropped.line);
        }
        /* The file may have changed since: a level moved in it keeps its solve and position. */
        follow_all(ps);
        copy_positions(&ps->base, &ps->pr);
        return;
    }
    free(text);
    if (prc == -2) {
        /* A newer Tessera's file: never set aside or written over by this one. */
        char buf[ERROR_TEXT_MAX + 300];
        fprintf(stderr, "tessera: %s (progress will not be saved over it)\n", error_format(&err, buf, sizeof buf));
        if (note) snprintf(note, note_size, "Saved progress is from a newer Tessera: left as it is, not saved this time.");
        snprintf(ps->blocked, sizeof ps->blocked, "the saved progress is from a newer Tessera (left as it is)");
        ps->path[0] = '\0';
        return;
    }
    char buf[ERROR_TEXT_MAX + 300], aside[PATH_MAX_LEN + 64];
    error_format(&err, buf, sizeof buf);
    error aerr;
    if (rc == 0 && save_set_aside(ps->path, aside, sizeof aside, &aerr) == 0) {
        fprintf(stderr, "tessera: %s\ntessera: the damaged progress file is kept as %s; starting with fresh progress\n", buf, aside);
        if (note) snprintf(note, note_size, "Saved progress was damaged: kept as %s; starting fresh.", path_basename(aside));
    } else {
        fprintf(stderr, "tessera: %s (progress will not be saved over it)\n", buf);
        if (note) snprintf(note, note_size, "Cannot read the saved progress, so nothing is saved: %s", buf);
        /* Every later save says so too (a solve, the periodic save, quitting): the note above
         * is gone at the first move, and a player who never saw stderr lost a session's play. */
        snprintf(ps->blocked, sizeof ps->blocked, "the saved progress cannot be read (%.120s), so it is not written over",
                 err.msg);
        ps->path[0] = '\0'; /* never overwrite what could not be read */
    }
}

void progress_store_close(progress_store *ps)
{
    progress_free(&ps->pr);
    progress_free(&ps->base);
    set_sync(ps, 0, NULL, NULL, NULL);
    free(ps->fp);
    memset(ps, 0, sizeof *ps);
}

static uint32_t fp_of(const progress_store *ps, int index)
{
    return index >= 0 && index < ps->nfp ? ps->fp[index] : 0;
}

/* {====== the level file changed under a running session (hot reload) */

int progress_nearest_level(const uint32_t *fp, int count, uint32_t want, int near)
{
    if (near >= count) near = count - 1;          /* the file got shorter: look back from its end */
    if (near < 0) near = 0;
    for (int k = 0; k < count; k++) {
        if (near - k >= 0 && fp[near - k] == want) return near - k;
        if (k > 0 && near + k < count && fp[near + k] == want) return near + k;
    }
    return -1;
}

/* An array of n entries of `size` bytes, each starting with int level and uint32_t fp (the
 * three kinds of progress_*), renumbered for the set's new fingerprints: an entry whose level
 * is still at its number stays; one whose level moved follows it; one whose level is gone keeps
 * its number while nothing else takes it. Entries that lose out are dropped (free_entry frees
 * what they own). Returns the new count. */
static int follow_levels(void *arr, int n, size_t size, const uint32_t *fp, int count, void (*free_entry)(void *))
{
    char *base = arr;
    int *to = malloc(sizeof *to * (size_t)(n > 0 ? n : 1));
    if (!to) return n;
    /* Pass 1: entries that are at their level or follow it. Pass 2: the rest, where free. */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++) {
            int num;
            uint32_t f;
            memcpy(&num, base + (size_t)i * size, sizeof num);
            memcpy(&f, base + (size_t)i * size + offsetof(progress_mark, fp), sizeof f);
            int want = pass == 0 ? (num - 1 < count && num >= 1 && fp[num - 1] == f ? num
                                    : progress_nearest_level(fp, count, f, num - 1) + 1)
                                 : num;
            if (pass == 0) to[i] = 0;
            if (pass == 1 && to[i] != 0) continue;
            if (want <= 0) continue;
            bool taken = false;
            for (int k = 0; k < n && !taken; k++) taken = k != i && to[k] == want;
            if (!taken) to[i] = want;
        }
    int kept = 0;
    for (int i = 0; i < n; i++) {
        char *e = base + (size_t)i * size;
        if (!to[i]) {
            free_entry(e);
            continue;
        }
        memcpy(e, &to[i], sizeof to[i]);
        if (kept != i) memmove(base + (size_t)kept * size, e, size);
        kept++;
    }
    free(to);
    return kept;
}

_Static_assert(offsetof(progress_level, level) == 0 && offsetof(progress_position, level) == 0 &&
                   offsetof(progress_mark, level) == 0 && offsetof(progress_level, fp) == offsetof(progress_mark, fp) &&
                   offsetof(progress_position, fp) == offsetof(progress_mark, fp),
               "follow_levels reads every kind of entry as level, then fp");

static void free_solved(void *e) { free(((progress_level *)e)->solution); }
static void free_position(void *e)
{
    progress_position *q = e;
    free(q->history), free(q->redo), free(q->board);
}
static void free_nothing(void *e) { (void)e; }

/* What is kept by level number follows its level to the number it has in the set now. */
static void follow_all(progress_store *ps)
{
    progress *pr = &ps->pr;
    pr->nsolved = follow_levels(pr->solved, pr->nsolved, sizeof *pr->solved, ps->fp, ps->nfp, free_solved);
    pr->npos = follow_levels(pr->pos, pr->npos, sizeof *pr->pos, ps->fp, ps->nfp, free_position);
    pr->nassisted = follow_levels(pr->assisted, pr->nassisted, sizeof *pr->assisted, ps->fp, ps->nfp, free_nothing);
}

void progress_store_levels_changed(progress_store *ps, const session *s)
{
    int n = s->levels.count;
    uint32_t *fp = calloc((size_t)(n > 0 ? n : 1), sizeof *fp);
    free(ps->fp);
    ps->fp = fp;
    ps->nfp = fp ? n : 0;        /* none: nothing is saved under a wrong fingerprint */
    if (!fp) return;
    for (int i = 0; i < n; i++) fp[i] = progress_fingerprint(&s->levels.levels[i], game_rules(s->game));
    follow_all(ps);
    ps->seen_index = -1;
    ps->dirty = true;
}

/* }====== */

bool progress_store_assisted(progress_store *ps, int index)
{
    progress_mark *m = progress_find_assisted(&ps->pr, index + 1);
    return m && m->fp == fp_of(ps, index);
}

const progress_level *progress_store_best(progress_store *ps, const session *s, int index)
{
    (void)s;
    progress_level *l = progress_find(&ps->pr, index + 1);
    if (l && l->fp == fp_of(ps, index)) return l;
    /* The level may have moved within the file: find it by its fingerprint. */
    for (int i = 0; i < ps->pr.nsolved; i++)
        if (ps->pr.solved[i].fp == fp_of(ps, index) && !(ps->pr.solved[i].level - 1 < ps->nfp && ps->pr.solved[i].level >= 1 &&
                                                         fp_of(ps, ps->pr.solved[i].level - 1) == ps->pr.solved[i].fp))
            return &ps->pr.solved[i];
    return NULL;
}

/* Records [from, to) of the history as saved tokens: each record's letters ('+' before those
 * of a step the solver made, so a solve with its help stays one after a restart), "!" for a
 * restart, one space apart (malloc'd). */
char *progress_history_tokens(const session *s, int32_t from, int32_t to)
{
    const movelog *ml = &s->log;
    const history *h = &s->st.hist;
    if (to > ml->cap_end) to = ml->cap_end;
    size_t len = 1;
    for (int32_t i = from; i < to; i++) {
        size_t a = i > 0 ? (size_t)ml->end[i - 1] : 0, b = (size_t)ml->end[i];
        len += (b > a ? b - a : 0) + 3;
    }
    char *out = malloc(len), *p = out;
    if (!out) return NULL;
    for (int32_t i = from; i < to; i++) {
        size_t a = i > 0 ? (size_t)ml->end[i - 1] : 0, b = (size_t)ml->end[i];
        bool restart = (h->rec[i].flags & RECORD_RESTART) != 0;
        if (!restart && (b <= a || b > ml->len)) continue; /* e.g. a player switch by Tab alone */
        if (p != out) *p++ = ' ';
        if (restart) *p++ = '!';
        else {
            if (h->rec[i].flags & RECORD_ASSISTED) *p++ = '+';
            memcpy(p, ml->text + a, b - a);
            p += b - a;
        }
    }
    *p = '\0';
    return out;
}

/* Plays a token list (as trail_join writes it); counts the steps played. -1 at a bad one. */
static int play_tokens(session *s, const char *list)
{
    int steps = 0;
    if (!list) return 0;
    char *copy = strdup(list);
    if (!copy) return -1;
    for (char *save = NULL, *tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        if (!session_play_step(s, tok)) {
            steps = -1;
            break;
        }
        steps++;
    }
    free(copy);
    return steps;
}

int progress_play_position(session *s, int index, const char *board, const char *hist, const char *redo)
{
    if (session_goto(s, index) != 0) return -1;
    error err;
    if (board && session_play_board(s, board, &err) != 0) {
        session_goto(s, index);
        return -1;
    }
    int done = play_tokens(s, hist);
    int again = done >= 0 ? play_tokens(s, redo) : 0;
    if (done < 0 || again < 0) {
        session_goto(s, index);     /* the level's own board: what the moves were made on is gone */
        return -1;
    }
    for (int i = 0; i < again; i++) session_undo(s);
    return 0;
}

/* Plays a saved position of level index back; a position saved solved comes back restarted
 * (the solve one undo away). 0, or -1 (the level then fresh) when it does not fit. */
static int play_saved(progress_store *ps, session *s, int index, const progress_position *q)
{
    if (progress_play_position(s, index, q->board, q->history, q->redo) != 0) return -1;
    if (s->solved) {
        session_restart(s);
        s->sound = 0;
    }
    ps->have_solve = true; /* a position saved solved was recorded when it was solved */
    ps->solve_hash = s->st.hash;
    ps->solve_moves = s->st.moves;
    ps->solve_assisted = session_solve_assisted(s);
    /* Until it is played, the level's saved position is what it is (and may be taken up from
     * another run's save). */
    char *hist = progress_history_tokens(s, 0, s->st.hist.pos);
    char *redo = progress_history_tokens(s, s->st.hist.pos, s->st.hist.nrec);
    if (hist && redo && !s->playing_shuffled) set_sync(ps, index + 1, hist, redo, NULL);
    else set_sync(ps, 0, NULL, NULL, NULL);
    free(hist);
    free(redo);
    return 0;
}

int progress_store_resume_level(progress_store *ps, session *s)
{
    if (!ps->open || !s->live || s->playing_shuffled) return 0;
    progress_position *q = progress_find_position(&ps->pr, s->index + 1);
    if (!q || q->fp != fp_of(ps, s->index)) return 0;
    progress_position copy = *q;
    return play_saved(ps, s, s->index, &copy) == 0;
}

int progress_store_restore(progress_store *ps, session *s, char *note, size_t note_size)
{
    progress *pr = &ps->pr;
    if (pr->npos == 0) return 0;
    const progress_position *q = &pr->pos[0];
    int index = q->level - 1;
    if (index < 0 || index >= s->levels.count || fp_of(ps, index) != q->fp) {
        if (note) snprintf(note, note_size, "The saved position is for a level that has changed: starting afresh.");
        return -1;
    }
    if (play_saved(ps, s, index, q) != 0) {
        if (note) snprintf(note, note_size, "The saved moves no longer fit this level: starting it afresh.");
        return -1;
    }
    return 1;
}

/* Keeps the position of the level being played in memory (the first position), so leaving
 * the level for another loses nothing; a shuffled board played in its place is kept with it. */
static void keep_position(progress_store *ps, session *s)
{
    if (!ps->open || !s->live || s->index >= ps->nfp) return;
    progress_position *old = progress_find_position(&ps->pr, s->index + 1);
    if (old && !old->touched && s->st.hist.nrec == 0 && !s->playing_shuffled) {
        /* A scripted run that did not resume it, and has not played it: the saved moves stay
         * (first, as the level being played). */
        progress_position keep = *old;
        old->history = old->redo = old->board = NULL;
        progress_set_position(&ps->pr, keep.level, keep.fp, keep.history, keep.redo, keep.board);
        ps->pr.pos[0].touched = false;
        free(keep.history);
        free(keep.redo);
        free(keep.board);
        return;
    }
    char *hist = progress_history_tokens(s, 0, s->st.hist.pos);
    char *redo = progress_history_tokens(s, s->st.hist.pos, s->st.hist.nrec);
    char *board = s->playing_shuffled ? level_to_xsb(&s->shuffled.levels[0], game_rules(s->game)) : NULL;
    if (board) board[strcspn(board, "\n")] = '\0';
    progress_position now = { .level = s->index + 1, .fp = fp_of(ps, s->index), .history = hist, .redo = redo,
                               .board = board };
    progress_position *kept = progress_find_position(&ps->pr, now.level);
    if (hist && redo && kept && kept->fp == now.fp && ps->sync.level == now.level && same_text(hist, ps->sync.history) &&
        same_text(redo, ps->sync.redo) && same_text(board, ps->sync.board)) {
        /* Not played since it was played back or kept: the position kept stays (another run's
         * newer one, taken up at a save, included), first as the level being played. */
        progress_set_position(&ps->pr, kept->level, kept->fp, kept->history, kept->redo, kept->board);
    } else if (hist && redo && (board || !s->playing_shuffled)) {
        progress_set_position(&ps->pr, now.level, now.fp, hist, redo, board);
        set_sync(ps, now.level, hist, redo, board);
    }
    free(hist);
    free(redo);
    free(board);
}

int progress_store_goto(progress_store *ps, session *s, int index, bool saved_too, char *note, size_t note_size)
{
    if (index < 0 || index >= s->levels.count) return -1;
    /* A shuffled board played in the level's place is that level's position, as it was left. */
    bool same = index == s->index && s->live;
    keep_position(ps, s);
    if (same) return 0;
    /* The level left keeps its moves (or the board shuffled in its place) only when it has some. */
    progress_position *left = s->live ? progress_find_position(&ps->pr, s->index + 1) : NULL;
    if (left && left->touched && !left->history && !left->redo && !left->board)
        progress_drop_position(&ps->pr, s->index + 1);
    progress_position *q = progress_find_position(&ps->pr, index + 1);
    if (q && q->fp == fp_of(ps, index) && (saved_too || q->touched)) {
        progress_position copy = *q;
        if (play_saved(ps, s, index, &copy) == 0) {
            keep_position(ps, s);
            return 1;
        }
        progress_drop_position(&ps->pr, index + 1);
        if (note) snprintf(note, note_size, "The saved moves no longer fit this level: starting it afresh.");
    }
    if (session_goto(s, index) != 0) return -1;
    keep_position(ps, s);
    ps->dirty = true;
    return 0;
}

int progress_store_update(progress_store *ps, session *s)
{
    if (!ps->open || !s->live) return 0;
    if (s->st.hash == ps->seen_hash && s->st.hist.pos == ps->seen_pos && s->index == ps->seen_index) return 0;
    ps->seen_hash = s->st.hash;
    ps->seen_pos = s->st.hist.pos;
    ps->seen_index = s->index;
    ps->dirty = true;
    if (!s->solved || s->playing_shuffled) return 0;
    bool assisted = session_solve_assisted(s);
    if (ps->have_solve && ps->solve_hash == s->st.hash && ps->solve_moves == s->st.moves && ps->solve_assisted == assisted)
        return 0;
    ps->have_solve = true;
    ps->solve_hash = s->st.hash;
    ps->solve_moves = s->st.moves;
    ps->solve_assisted = assisted;
    error err;
    if (assisted) {
        /* Solved with help: marked apart, never a best (a solve of one's own replaces it). */
        progress_mark_assisted(&ps->pr, s->index + 1, fp_of(ps, s->index));
        if (progress_store_save(ps, s, &err) != 0) {
            char buf[ERROR_TEXT_MAX + 300];
            session_note(s, "Progress not saved: %s", error_format(&err, buf, sizeof buf));
        }
        return 0;
    }
    char *sol = session_lurd_compact(s);
    /* A solution is kept only when it accounts for every move (one letter, or one action,
     * per move). */
    long letters = 0;
    if (sol && session_has_actions(s)) letters = actions_count(sol);
    else
        for (const char *c = sol; c && *c; c++) letters += !(*c >= '0' && *c <= '9');
    int best = progress_record(&ps->pr, s->index + 1, fp_of(ps, s->index), s->st.moves,
                               session_is_sliding(s) || session_has_actions(s) ? 0 : s->st.pushes, sol && letters == s->st.moves ? sol : NULL);
    free(sol);
    if (progress_store_save(ps, s, &err) != 0) {
        char buf[ERROR_TEXT_MAX + 300];
        session_note(s, "Progress not saved: %s", error_format(&err, buf, sizeof buf));
    }
    return best == 1;
}

int progress_store_save(progress_store *ps, session *s, error *err)
{
    if (!ps->open) return 0;
    if (!ps->path[0]) return ps->blocked[0] ? error_set(err, NULL, 0, 0, "%s", ps->blocked) : 0;
    if (s) keep_position(ps, s);
    /* Another Tessera may have saved since we read: keep its solves too. The read, the merge
     * and the write are one, under a lock: two saving at once each read the file before the
     * other's write, and the second write dropped what the first had added. */
    int lock = save_lock(ps->path);
    char *text;
    size_t len;
    error rerr;
    if (save_read(ps->path, &text, &len, &rerr) == 0) {
        progress other;
        int prc = progress_parse(&other, ps->path, text, len, &rerr);
        free(text);
        if (prc == 0) {
            bool mine = !strcmp(other.game, ps->pr.game) && !strcmp(other.set, ps->pr.set);
            if (mine) {
                take_up_newer_positions(ps, &other);
                progress_merge(&ps->pr, &other, ps->fp, ps->nfp);
            }
            progress_free(&other);
            /* Put there since it was opened, by a game whose name collides: never written over. */
            if (!mine) {
                save_unlock(lock);
                return error_set(err, ps->path, 0, 0, "now holds another game's progress: not written over");
            }
        }
    }
    char *out = progress_format(&ps->pr, &len);
    if (!out) {
        save_unlock(lock);
        return error_set(err, ps->path, 0, 0, "out of memory");
    }
    int rc = save_write_atomic(ps->path, out, len, err);
    save_unlock(lock);
    free(out);
    if (rc == 0) {
        ps->dirty = false;
        copy_positions(&ps->base, &ps->pr);
    }
    return rc;
}

void progress_count(const app_paths *p, const char *game_arg, const char *script, const char *levels_path,
                    const levelset *set, const ruleset *r, int *own, int *helped)
{
    char path[PATH_MAX_LEN];
    *own = *helped = 0;
    if (!path_for(p, game_arg, script, levels_path, path, sizeof path)) return;
    error err;
    progress pr;
    int rc = read_progress(path, &pr, &err);
    if (rc == 1 && legacy_path_for(p, game_arg, script, levels_path, path, sizeof path))
        rc = read_progress(path, &pr, &err);      /* as progress_store_open would read */
    uint32_t *fps = calloc((size_t)(set->count > 0 ? set->count : 1), sizeof *fps);
    for (int i = 0; fps && i < set->count; i++) fps[i] = progress_fingerprint(&set->levels[i], r);
    if (rc == 1 && fps) {
        char g[PATH_MAX_LEN], key[PATH_MAX_LEN];
        game_key(p, game_arg, script, g, sizeof g);
        set_key(p, levels_path, key, sizeof key);
        if (find_renamed(p, g, key, fps, set->count, &pr)) rc = 0;
    }
    if (rc != 0) {
        free(fps);
        return;
    }
    for (int i = 0; i < set->count; i++) {
        uint32_t fp = fps ? fps[i] : progress_fingerprint(&set->levels[i], r);
        progress_level *l = progress_find(&pr, i + 1);
        progress_mark *m = progress_find_assisted(&pr, i + 1);
        if (l && l->fp == fp) (*own)++;
        else if (m && m->fp == fp) (*helped)++;
    }
    free(fps);
    progress_free(&pr);
}
