/* game_list.c: the menu's list of games: the bundled ones, and what mods add.
 *
 * Listing a game runs its script (its name, description and default levels come from it), so
 * a stranger's mod could make every start slow: eight scripts that each compile for the whole
 * HOST_COMPILE_SECONDS took 16 s. All the mods' scripts and level sets share one budget of
 * CPU time; what is left when it is spent is not run, and the menu says so. A mod script that
 * does not load is named with its error (on the menu and on stderr), not dropped in silence. */
#define _POSIX_C_SOURCE 200809L
#include "app/app.h"
#include "app/mods.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script/budget.h"
#include "script/game.h"

#define LIST_MOD_SECONDS 3.0      /* CPU for listing every mod: scripts and level sets */
#define LIST_ERRORS_SHOWN 8       /* on stderr; the rest are counted */
/* The largest level file the listing counts: 4 MiB of text is thousands of levels, and parsed
 * in about a third of a second (a 64 MiB one took 6 s and 1.7 GB, on every start). */
#define LIST_LEVELS_MAX ((size_t)4 << 20)

typedef struct listing {
    app *a;
    double spent;                 /* CPU seconds spent on mods */
    int skipped[2];               /* mod scripts, level sets not looked at: the budget was spent */
    int broken;                   /* mod scripts that did not load */
    int room;                     /* entries mods' scripts may take: the bundled games keep theirs */
    int left_out;                 /* mod entries with no room on the menu */
    char first_broken[ERROR_TEXT_MAX + 300];
} listing;

static bool budget_left(listing *l, int what)
{
    if (l->spent <= LIST_MOD_SECONDS) return true;
    l->skipped[what]++;
    return false;
}

static void note_broken(listing *l, const error *err)
{
    char buf[ERROR_TEXT_MAX + 300];
    error_format(err, buf, sizeof buf);
    if (l->broken++ == 0) snprintf(l->first_broken, sizeof l->first_broken, "%s", buf);
    const char *hint = strstr(buf, "must return tessera.game") ? " (a module for require is named _NAME.lua)" : "";
    if (l->broken <= LIST_ERRORS_SHOWN) fprintf(stderr, "tessera: mod script not listed: %s%s\n", buf, hint);
}

static int compare_entries(const void *x, const void *y)
{
    const game_entry *a = x, *b = y;
    /* Sokoban first: it is the one people come for. */
    int sa = strcmp(a->arg, "sokoban") != 0, sb = strcmp(b->arg, "sokoban") != 0;
    return sa != sb ? sa - sb : strcmp(a->name, b->name);
}

static int listed(const app *a, const char *arg, const char *file)
{
    for (int i = 0; i < a->ngames; i++)
        if (!strcmp(a->games[i].arg, arg) && !strcmp(a->games[i].file, file)) return 1;
    return 0;
}

/* The progress of an entry's level set ("7 of 25" in the menu). The file is read where the
 * game's script may read (a symlink or a `levels = "/abs/path"` out of the mod is not opened),
 * and only up to LIST_LEVELS_MAX: a larger set is listed uncounted, and opening it reads it. */
static void count_entry(app *a, game_entry *ge, game *g)
{
    const char *file = ge->file[0] ? ge->file : ge->levels;
    levelset set;
    error err;
    ge->nlevels = ge->own = ge->helped = 0;
    if (!file[0] || app_read_levels_max(g, file, true, LIST_LEVELS_MAX, game_rules(g), &set, &err) != 0) return;
    ge->nlevels = set.count;
    progress_count(a->paths, ge->arg, game_path(g), file, &set, game_rules(g), &ge->own, &ge->helped);
    levelset_free(&set);
}

/* The games of one scripts folder; a name already listed (from a mod earlier on the search
 * path) hides the later one, as game_load would. */
static void scan_scripts(listing *l, const char *dir, bool mod)
{
    app *a = l->a;
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d)) && a->ngames < APP_MAX_GAMES) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".lua") != 0 || e->d_name[0] == '_') continue;
        char stem[PATH_MAX_LEN], path[PATH_MAX_LEN];
        path_stem(e->d_name, stem, sizeof stem);
        if (!game_name_ok(stem) || strlen(stem) + 4 != n) {
            /* Started by its name: one play NAME cannot find (sokoban.x.lua, whose stem drops
             * ".x") would be listed but never start, under another game's progress. */
            if (mod) {
                error err;
                error_set(&err, path_join(path, sizeof path, dir, e->d_name), 0, 0,
                          "a game's file name may hold only letters, digits, '_' and '-' (it is started by that name)");
                note_broken(l, &err);
            }
            continue;
        }
        if (listed(a, stem, "")) continue;
        if (mod && a->ngames >= l->room) {
            l->left_out++;
            continue;
        }
        if (mod && !budget_left(l, 0)) continue;
        error err;
        double t0 = budget_cpu_now();
        game *g = game_load_listed(a->paths->script_path, path_join(path, sizeof path, dir, e->d_name), &err);
        if (mod) l->spent += budget_cpu_now() - t0;
        if (!g) {
            if (mod) note_broken(l, &err);
            continue;
        }
        game_entry *ge = &a->games[a->ngames++];
        const mod_dir *m = mods_owner(a->paths, path);
        snprintf(ge->name, sizeof ge->name, "%s", game_name(g));
        snprintf(ge->arg, sizeof ge->arg, "%s", stem);
        ge->file[0] = '\0';
        if (!game_default_levels(g) ||
            mods_find_levels(a->paths, game_path(g), game_default_levels(g), ge->levels, sizeof ge->levels) != 0)
            ge->levels[0] = '\0';
        const char *desc = game_description(g) ? game_description(g) : "";
        if (m) snprintf(ge->description, sizeof ge->description, "[mod %.32s] %.56s", m->name, desc);
        else snprintf(ge->description, sizeof ge->description, "%.95s", desc);
        /* Counting reads the level set: mods pay for it from the budget. */
        if (!mod) count_entry(a, ge, g);
        else if (budget_left(l, 1)) {
            t0 = budget_cpu_now();
            count_entry(a, ge, g);
            l->spent += budget_cpu_now() - t0;
        }
        game_free(g);
    }
    closedir(d);
}

/* A mod's level sets: levels/GAME/FILE for a game on the menu, each its own entry. */
static void scan_mod_levels(listing *l, const mod_dir *m)
{
    app *a = l->a;
    char levels[PATH_MAX_LEN];
    path_join(levels, sizeof levels, m->root, "levels");
    int ngames = a->ngames;
    for (int i = 0; i < ngames; i++) {
        if (a->games[i].file[0]) continue;
        char dir[PATH_MAX_LEN];
        path_join(dir, sizeof dir, levels, a->games[i].arg);
        DIR *d = opendir(dir);
        if (!d) continue;
        game *g = NULL;           /* the game, loaded once for all its level sets here */
        bool tried = false;
        struct dirent *e;
        while ((e = readdir(d))) {
            if (e->d_name[0] == '.' || strstr(e->d_name, ".sol")) continue;
            char file[PATH_MAX_LEN];
            path_join(file, sizeof file, dir, e->d_name);
            if (path_is_dir(file) || listed(a, a->games[i].arg, file) || (a->games[i].levels[0] && mods_same_file(file, a->games[i].levels)))
                continue;
            if (a->ngames >= APP_MAX_GAMES) {
                l->left_out++;
                continue;
            }
            /* Built apart, then stored: the entry must not alias the game it derives from. */
            game_entry ne;
            char stem[PATH_MAX_LEN];
            path_stem(e->d_name, stem, sizeof stem);
            snprintf(ne.name, sizeof ne.name, "%.30s: %.30s", a->games[i].name, stem);
            snprintf(ne.arg, sizeof ne.arg, "%s", a->games[i].arg);
            snprintf(ne.file, sizeof ne.file, "%s", file);
            snprintf(ne.description, sizeof ne.description, "[mod %.64s] levels", m->name);
            ne.levels[0] = '\0';
            ne.nlevels = ne.own = ne.helped = 0;
            if (budget_left(l, 1)) { /* else listed uncounted: opening it still checks it */
                double t0 = budget_cpu_now();
                if (!tried) {
                    error gerr;
                    g = game_load(a->paths->script_path, ne.arg, &gerr);
                    tried = true;
                }
                if (g) count_entry(a, &ne, g);
                l->spent += budget_cpu_now() - t0;
            }
            a->games[a->ngames++] = ne;
        }
        if (g) game_free(g);
        closedir(d);
    }
}

/* The bundled games' scripts: the room they keep on the menu. */
static int count_scripts(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    if (!d) return 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        n += len >= 5 && strcmp(e->d_name + len - 4, ".lua") == 0 && e->d_name[0] != '_';
    }
    closedir(d);
    return n;
}

void app_scan_games(app *a)
{
    listing l = { .a = a };
    a->ngames = 0;
    /* Mods come first (a mod's game replaces a bundled one of its name), but one mod with 64
     * scripts took the whole menu: the bundled games and every other mod were gone. */
    l.room = APP_MAX_GAMES - count_scripts(a->paths->scripts);
    if (l.room < APP_MAX_GAMES / 2) l.room = APP_MAX_GAMES / 2;
    for (int i = 0; i < a->paths->nmods; i++) {
        char dir[PATH_MAX_LEN];
        scan_scripts(&l, path_join(dir, sizeof dir, a->paths->mods[i].root, "scripts"), true);
    }
    scan_scripts(&l, a->paths->scripts, false);
    for (int i = 0; i < a->paths->nmods; i++) scan_mod_levels(&l, &a->paths->mods[i]);
    qsort(a->games, (size_t)a->ngames, sizeof *a->games, compare_entries);
    if (l.broken > LIST_ERRORS_SHOWN)
        fprintf(stderr, "tessera: %d more mod scripts not listed\n", l.broken - LIST_ERRORS_SHOWN);
    char say[sizeof a->note];
    say[0] = '\0';
    if (l.skipped[0] || l.skipped[1]) {
        char scripts[48] = "", sets[48] = "";
        if (l.skipped[0]) snprintf(scripts, sizeof scripts, "%d script%s", l.skipped[0], l.skipped[0] == 1 ? "" : "s");
        if (l.skipped[1]) snprintf(sets, sizeof sets, "%d level set%s (uncounted)", l.skipped[1], l.skipped[1] == 1 ? "" : "s");
        snprintf(say, sizeof say, "Mods: listing them took more than %g s of CPU; not looked at: %s%s%s", LIST_MOD_SECONDS,
                 scripts, scripts[0] && sets[0] ? " and " : "", sets);
        fprintf(stderr, "tessera: %s\n", say);
    } else if (l.broken) {
        snprintf(say, sizeof say, "Mod script not listed: %.*s%s", (int)sizeof say - 64, l.first_broken,
                 l.broken > 1 ? " (and more: see the terminal)" : "");
    }
    if (l.left_out) {
        char full[160];
        snprintf(full, sizeof full, "Mods: the menu holds %d games; %d mod entr%s left out", APP_MAX_GAMES, l.left_out,
                 l.left_out == 1 ? "y" : "ies");
        fprintf(stderr, "tessera: %s\n", full);
        if (!say[0]) snprintf(say, sizeof say, "%s", full);
    }
    if (say[0] && !a->note[0]) snprintf(a->note, sizeof a->note, "%s", say);
}
