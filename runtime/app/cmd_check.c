/* cmd_check.c: `tessera check FILE...`: validate game scripts, level files and mods, each
 * problem printed as file:line:col: message.
 *
 * A script: it loads as a game (its table checked field by field), every tile has a sprite
 * in the sheet, and its default level file parses. A level file: it parses for its game (the
 * file's folder name, --game, or a guess from the format); every malformed level is reported,
 * for the parser reads on after one (levelset_parse_every), where play stops at the first. A
 * folder: a mod (see mods.c) or a folder of mods: every script of scripts/ and every level
 * file of levels/GAME/, and every solution file of the mod (one beside a level file of
 * levels/GAME/, or beside a script's default levels) replayed as a .sol given alone would be,
 * with that game (a script's default level file that lies in the levels/GAME/ folder of its
 * own game is checked there, once). Each level
 * checked (a script's default levels too) is also given to the solver for a short time
 * (--timeout S, default 0.5; 0 skips): a level the solver proves impossible is a problem, and
 * so is a hook that fails while it plays (reported at the hook's file:line:col); one it cannot
 * decide in time is named in a note. A level solved at its start is an error.
 * Exit status: 0 all good, 1 some level is unsolvable, 2 a file is malformed or a hook fails. */
#define _DEFAULT_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "app/cli.h"
#include "app/game_art.h"
#include "app/skins.h"
#include "app/mods.h"
#include "app/session.h"
#include "core/confine.h"
#include "core/level.h"
#include "core/lurd.h"
#include "core/spell.h"
#include "core/solutions.h"
#include "frontend/sprites.h"
#include "script/game.h"
#include "script/skin.h"
#include "script/solving.h"

/* What the solver may spend over a whole check, all files and levels together (--budget). */
#define CHECK_BUDGET_SECONDS 20.0

typedef struct checker {
    const app_paths *p;
    const char *game_arg;       /* --game */
    double seconds;             /* per level, for the solver */
    double budget, used;        /* seconds for the solver over the whole check (<= 0: none), and spent */
    double replayed;            /* CPU seconds spent replaying solution files (at most budget too) */
    double swept;               /* CPU seconds spent checking levels at their start (at most budget too) */
    sprites sheet;
    bool have_sheet;
    int bad, unsolvable;        /* problems found */
    /* The game the last level file was checked with, kept for the next (see game_for_levels). */
    char *loaded_path, *loaded_name;
    game *loaded;
    error load_error;           /* ... or why it did not load (loaded NULL) */
    /* Games that did not load, their errors as said: a level set of one is not read, and
     * points at the error rather than saying it again. */
    char said[8][ERROR_TEXT_MAX + 300];
    int nsaid;
} checker;

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static void report(checker *c, const error *err)
{
    char buf[ERROR_TEXT_MAX + 300];
    printf("%s\n", error_format(err, buf, sizeof buf));
    c->bad++;
}

/* Whether a game's load error has been said (remembered now if not). */
static bool said_before(checker *c, const error *err)
{
    char buf[ERROR_TEXT_MAX + 300];
    error_format(err, buf, sizeof buf);
    for (int i = 0; i < c->nsaid; i++)
        if (strcmp(c->said[i], buf) == 0) return true;
    int slot = c->nsaid < 8 ? c->nsaid++ : 7;
    snprintf(c->said[slot], sizeof c->said[slot], "%s", buf);
    return false;
}

/* Every tile a level can show needs a sprite (solid tiles fall back to the wall's). */
static void check_sprites(checker *c, game *g, const sprites *sheet)
{
    if (!sheet) return;
    const ruleset *r = game_rules(g);
    for (int id = 1; id < r->ntiles; id++) {
        const tile_def *t = &r->tile[id];
        if (t->flags & (TILE_VOID | TILE_SOLID)) continue;
        if (t->flags & TILE_NUMBERED) continue;            /* drawn as a numbered tile */
        const char *name = t->sprite[0] ? t->sprite : t->name;
        char hex[TILE_NAME_MAX + 8];
        snprintf(hex, sizeof hex, "hex_%s", name);
        if (sprites_find(sheet, name) >= 0 || sprites_find(sheet, hex) >= 0) continue;
        if (id == r->floor_id) continue;                   /* the plain floor is drawn anyway */
        error err;
        int line, col;
        app_locate_name(game_path(g), name, &line, &col);
        error_set(&err, game_path(g), line, col, "tile '%s' has no sprite '%s' in assets/sprites.txt%s "
                  "(use sprite = \"NAME\" with one of the sheet's names)", t->name, name,
                  game_art(g) ? " or the game's art" : "");
        report(c, &err);
    }
}

/* Whether the game draws a picture of this name: a tile's sprite, with the hex_ prefix and
 * the suffixes the views look for (a box on its goal, a player's facings), or a picture of
 * the default sheet. */
static bool art_name_used(const checker *c, const ruleset *r, const char *name)
{
    static const char *const suffix[] = { "", "_on_goal", "_up", "_right", "_down", "_left" };
    if (c->have_sheet && sprites_find(&c->sheet, name) >= 0) return true;
    const char *base = strncmp(name, "hex_", 4) == 0 ? name + 4 : name;
    for (int id = 1; id < r->ntiles; id++) {
        const char *sp = r->tile[id].sprite[0] ? r->tile[id].sprite : r->tile[id].name;
        size_t n = strlen(sp);
        if (strncmp(base, sp, n) != 0) continue;
        for (size_t k = 0; k < sizeof suffix / sizeof *suffix; k++)
            if (strcmp(base + n, suffix[k]) == 0) return true;
    }
    return false;
}

/* A picture in a game's art that nothing draws is a typo (the tile it meant falls back to the
 * skin's picture, or the wall's, silently): an error at art.lua's line, with the name meant. */
static void check_art_names(checker *c, game *g, const char *art)
{
    skin_desc *d = malloc(sizeof *d);
    error err;
    if (!d || skin_read(art, g, d, &err) != 0) {
        free(d);                /* (skins_load_file read it already: no new error here) */
        return;
    }
    const ruleset *r = game_rules(g);
    for (int i = 0; i < d->count; i++) {
        const char *name = d->tiles[i].name;
        if (art_name_used(c, r, name)) continue;
        spell sp = spell_start(name);
        for (int id = 1; id < r->ntiles; id++) spell_offer(&sp, r->tile[id].sprite[0] ? r->tile[id].sprite : r->tile[id].name);
        char meant[TILE_NAME_MAX + 32] = "";
        if (sp.best) snprintf(meant, sizeof meant, "; did you mean '%s'?", sp.best);
        error_set(&err, art, d->tiles[i].line, 1, "'%s' is not a sprite of any tile of this game nor a picture of "
                  "the default sheet, so nothing draws it%s", name, meant);
        report(c, &err);
    }
    skin_desc_free(d);
    free(d);
}

/* Every level of set checked as play starts it (game_check_levels), each problem reported, up
 * to CHECK_LEVEL_PROBLEMS of them (play stops at the first). 0 when none was found. */
enum { CHECK_LEVEL_PROBLEMS = 100 };

/* The sweep's problems, as check_solvable says a failing hook: a hook that fails the same way
 * on level after level (a labels hook that fails on every call) is said once, with the first
 * level, and then counted. */
typedef struct sweep {
    checker *c;
    char hook[ERROR_TEXT_MAX + 300];    /* the last hook failure said, without its level */
    int again;                          /* levels after it that failed the same way */
} sweep;

static void sweep_flush(sweep *w)
{
    if (w->again) printf("%s (the same on %d more level%s)\n", w->hook, w->again, w->again == 1 ? "" : "s");
    w->again = 0;
}

static void report_problem(void *ctx, const error *err)
{
    sweep *w = ctx;
    char buf[ERROR_TEXT_MAX + 300];
    error_format(err, buf, sizeof buf);
    /* game_check_levels_all ends a hook's message with the level it failed on */
    char *at = NULL;
    for (char *p = strstr(buf, " (checking level "); p; p = strstr(p + 1, " (checking level ")) at = p;
    if (at) {
        size_t n = (size_t)(at - buf);
        if (w->hook[0] && strlen(w->hook) == n && strncmp(w->hook, buf, n) == 0) {
            w->again++;
            w->c->bad++;
            return;
        }
        sweep_flush(w);
        snprintf(w->hook, sizeof w->hook, "%.*s", (int)n, buf);
    } else {
        sweep_flush(w);
        w->hook[0] = 0;
    }
    printf("%s\n", buf);
    w->c->bad++;
}

/* The calling thread's CPU time, in seconds. */
static double thread_cpu(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) return 0;
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Each set's check has its own GAME_CHECK_LEVELS_SECONDS, but a mod of many level files for a
 * game whose solved hook is slow took that for each file (six files: a minute; a thousand: an
 * hour): the checks of a whole check share --budget seconds of CPU, as the solver does. The
 * sets after that are said to be checked only when opened, as the levels a sweep leaves are. */
static int check_levels_start(checker *c, game *g, const levelset *set, int *unchecked)
{
    error err;
    if (c->budget > 0 && c->swept >= c->budget) {
        char buf[ERROR_TEXT_MAX + 300];
        error_set(&err, set->path, 0, 0, "the check's %g s of CPU for checking levels at their start ran out: levels 1 "
                  "to %d are checked only when opened (note)", c->budget, set->count);
        printf("%s\n", error_format(&err, buf, sizeof buf));
        *unchecked = 0;
        return 0;
    }
    double t0 = thread_cpu();
    sweep w = { .c = c };
    int found = game_check_levels_all(g, set, unchecked, CHECK_LEVEL_PROBLEMS, report_problem, &w, &err);
    sweep_flush(&w);
    c->swept += thread_cpu() - t0;
    if (found < 0) report(c, &err);
    return found;
}

/* The levels game_check_levels had no time left for, as play says it (a note: play starts). */
static void note_unchecked(const levelset *set, int unchecked)
{
    if (unchecked <= 0) return;
    char what[128], buf[ERROR_TEXT_MAX + 300];
    app_unchecked_text(set, unchecked, what, sizeof what);
    error e;
    error_set(&e, set->path, 0, 0, "%s (note)", what);
    printf("%s\n", error_format(&e, buf, sizeof buf));
}

/* Level i's name for messages: "level 3 'Title'". */
static void level_name(const levelset *set, int i, char *out, size_t size)
{
    const char *title = set->levels[i].title;
    snprintf(out, size, "level %d%s%.80s%s", i + 1, title ? " '" : "", title ? title : "", title ? "'" : "");
}

typedef struct set_result {
    int solved, impossible, undecided, failed, untried;
} set_result;

/* Whether msg starts with a "file:line:" position. */
static bool has_position(const char *msg)
{
    size_t n;
    long line;
    const char *after;
    return error_find_position(msg, msg, &n, &line, &after);
}

/* Gives each level of set to the solver for a short time, while the check's overall budget
 * lasts: a level it proves impossible and a hook that fails are problems (the hook's
 * file:line:col, said once for the levels it fails the same way on), a level it cannot
 * decide is named; untried counts the levels it had no time left for. */
static set_result check_solvable(checker *c, game *g, const levelset *set)
{
    set_result res = { 0 };
    if (c->seconds <= 0) return res;
    char buf[ERROR_TEXT_MAX + 300], name[128], hook[sizeof ((solve_result *)0)->message] = "";
    int again = 0;                /* levels after the first that the same hook error stopped */
    for (int i = 0; i < set->count; i++) {
        double left = c->budget > 0 ? c->budget - c->used : c->seconds;
        if (left <= 0) {
            res.untried = set->count - i;
            break;
        }
        state st;
        if (state_init(&st, &set->levels[i], game_rules(g)) != 0) continue;
        solve_limits lim = solve_limits_default();
        lim.seconds = left < c->seconds ? left : c->seconds;
        /* A quick look: tables sized to the level, so small ones start (and clear) fast. */
        size_t cells = (size_t)set->levels[i].g.ncells;
        lim.memory_bytes = cells < 64 ? (size_t)4 << 20 : cells < 256 ? cells << 16 : (size_t)16 << 20;
        solve_result r;
        double t0 = solve_clock();
        solve_status status = solving_run(solving_choose(g, &st), g, &st, &lim, &r);
        c->used += solve_clock() - t0;
        level_name(set, i, name, sizeof name);
        error err;
        if (status == SOLVE_SOLVED) {
            res.solved++;
        } else if (status == SOLVE_UNSOLVABLE) {
            error_set(&err, set->path, set->levels[i].line, 1, "%s cannot be solved (the solver proved it)", name);
            printf("%s\n", error_format(&err, buf, sizeof buf));
            res.impossible++;
        } else if (status == SOLVE_ERROR && has_position(r.message)) {
            /* A hook that fails: its own file:line:col, then where it was playing. */
            if (strcmp(r.message, hook) == 0) again++;
            else {
                if (again) printf("%s (the same on %d more level%s)\n", hook, again, again == 1 ? "" : "s");
                again = 0;
                printf("%s (while solving %s of %s)\n", r.message, name, set->path);
            }
            snprintf(hook, sizeof hook, "%s", r.message);
            res.failed++;
        } else if (status == SOLVE_ERROR) {
            /* The solver's own refusal (a level past its limits): at the level's line. */
            error_set(&err, set->path, set->levels[i].line, 1, "%s: %s", name, r.message);
            printf("%s\n", error_format(&err, buf, sizeof buf));
            res.failed++;
        } else {
            error_set(&err, set->path, set->levels[i].line, 1, "%s: not decided in %g s (note)", name, c->seconds);
            printf("%s\n", error_format(&err, buf, sizeof buf));
            res.undecided++;
        }
        solve_result_free(&r);
        state_free(&st);
    }
    if (again) printf("%s (the same on %d more level%s)\n", hook, again, again == 1 ? "" : "s");
    c->unsolvable += res.impossible;
    c->bad += res.failed;
    return res;
}

/* Reads a level file for check: every problem of it reported, each malformed level (the
 * first one only noting a guessed game, guessed). 0 with set, or -1. */
static int read_level_file(checker *c, const game *g, const char *file, bool by_game, const char *guessed,
                           levelset *set)
{
    level_problems all;
    if (app_read_levels_every(g, file, by_game, game_rules(g), set, &all) == 0) return 0;
    for (int i = 0; i < all.count; i++) {
        if (guessed && i == 0) app_note_guess(&all.v[i], guessed);
        report(c, &all.v[i]);
    }
    if (all.more) {
        error err;
        if (all.count) error_set(&err, file, 0, 0, "more problems than the %d above: the check stopped reading there", all.count);
        else error_set(&err, file, 0, 0, "out of memory");
        report(c, &err);
    }
    level_problems_free(&all);
    return -1;
}

static void forget_loaded(checker *c)
{
    game_free(c->loaded);
    free(c->loaded_path);
    free(c->loaded_name);
    c->loaded = NULL;
    c->loaded_path = c->loaded_name = NULL;
}

/* The game a level file is checked with. A mod's level files are mostly of one game, and
 * loading it again for each ran its script's start-up each time (up to 2 s of CPU), so a mod
 * of many level files for a script that spins at load took that many times 2 s, with no bound
 * over the check: the last game loaded is kept for the next file of the same game (a game
 * that did not load says why again, unloaded). NULL: err says why. */
static game *game_for_levels(checker *c, const app_paths *p, const char *name, error *err)
{
    const char *n = name ? name : "";
    if (c->loaded_path && !strcmp(c->loaded_path, p->script_path) && !strcmp(c->loaded_name, n)) {
        if (!c->loaded) *err = c->load_error;
        return c->loaded;
    }
    forget_loaded(c);
    game *g = game_load(p->script_path, name, err);
    c->loaded_path = strdup(p->script_path);
    c->loaded_name = strdup(n);
    if (!c->loaded_path || !c->loaded_name) {
        game_free(g);
        forget_loaded(c);
        error_set(err, NULL, 0, 0, "out of memory");
        return NULL;
    }
    c->loaded = g;
    if (!g) c->load_error = *err;
    return g;
}

/* Checks a level file; false when it could not be read (the problem reported). */
static bool check_levels(checker *c, const app_paths *p, const char *file, const char *game_name_arg, bool guessed)
{
    error err;
    game *g = game_for_levels(c, p, game_name_arg, &err);
    if (!g) {
        if (!said_before(c, &err)) report(c, &err);
        else {
            cli_text(stdout, file);
            printf(": not read: its game '");
            cli_text(stdout, game_name_arg ? game_name_arg : "?");
            printf("' does not load (the error above)\n");
            c->bad++;
        }
        return false;
    }
    levelset set;
    bool read = false;
    if (read_level_file(c, g, file, false, guessed ? game_name_arg : NULL, &set) == 0) {
        int unchecked;
        if (check_levels_start(c, g, &set, &unchecked) == 0) {
            note_unchecked(&set, unchecked);
            read = true;
            set_result res = check_solvable(c, g, &set);
            if (!res.impossible && !res.failed) {
                cli_text(stdout, file);
                printf(": ok (%d level%s for ", set.count, set.count == 1 ? "" : "s");
                cli_text(stdout, game_name(g));
                if (res.undecided || res.untried)
                    printf("; the solver decided %d, %d not decided in %g s%s", set.count - res.undecided - res.untried,
                           res.undecided, c->seconds, res.undecided ? " (named above)" : "");
                if (res.untried)
                    printf(", %d not tried (the check's %g s for the solver ran out)", res.untried, c->budget);
                printf(")\n");
            }
        }
        levelset_free(&set);
    }
    return read;
}

/* Checks a game script. When read is given, it receives the path of the game's default
 * level file if that was read without a problem (else ""), for its solutions to be replayed. */
static bool walked_by_mod(const checker *c, const app_paths *q, const mod_dir *m, const char *script,
                          const char *levels);

static void check_script(checker *c, const app_paths *p, const mod_dir *m, const char *file, char *read,
                         size_t read_size)
{
    if (read) read[0] = '\0';
    error err;
    game *g = game_load(p->script_path, file, &err);
    if (!g) {
        said_before(c, &err);
        report(c, &err);
        return;
    }
    int before = c->bad;
    /* The game's own art: loaded like the game would, over the default sheet. */
    char art[PATH_MAX_LEN];
    sprites merged;
    bool have_merged = false;
    game_art_path(g, art, sizeof art);
    if (art[0] && !path_exists(art)) {
        int line, col;
        app_locate_name(game_path(g), game_art(g), &line, &col);
        error_set(&err, game_path(g), line, col, "art = \"%s\": no such file beside the script", game_art(g));
        report(c, &err);
    } else if (art[0]) {
        if (skins_load_file(art, g, c->have_sheet ? &c->sheet : NULL, &merged, NULL, 0, &err) != 0) report(c, &err);
        else have_merged = true;
        if (have_merged) check_art_names(c, g, art);
    }
    /* (Art that did not load is the error: its tiles' pictures are not looked for without it.) */
    if (have_merged || !art[0]) check_sprites(c, g, have_merged ? &merged : c->have_sheet ? &c->sheet : NULL);
    if (have_merged) sprites_free(&merged);
    const char *def = game_default_levels(g);
    char levels[PATH_MAX_LEN];
    if (def && mods_find_levels(p, game_path(g), def, levels, sizeof levels) != 0) {
        app_missing_levels(g, def, &err);
        report(c, &err);
    } else if (def && walked_by_mod(c, p, m, file, levels)) {
        /* The mod's walk of levels/GAME/ checks them, with this game: read and solved once. */
    } else if (def) {
        /* The game's own levels: each as play starts it, then given to the solver. */
        levelset set;
        if (read_level_file(c, g, levels, true, NULL, &set) == 0) {
            int unchecked;
            if (check_levels_start(c, g, &set, &unchecked) == 0) {
                note_unchecked(&set, unchecked);
                if (read) snprintf(read, read_size, "%s", levels);
                set_result res = check_solvable(c, g, &set);
                if (c->seconds > 0 && !res.impossible && !res.failed) {
                    cli_text(stdout, set.path);
                    printf(": %d level%s, %d solved%s", set.count, set.count == 1 ? "" : "s", res.solved,
                           res.undecided ? " (the others named above)" : "");
                    if (res.untried) printf(", %d not tried (the check's %g s for the solver ran out)", res.untried, c->budget);
                    printf("\n");
                }
            }
            levelset_free(&set);
        }
    }
    if (c->bad == before) {
        cli_text(stdout, file);
        printf(": ok (game \"");
        cli_text(stdout, game_name(g));
        printf("\")\n");
    }
    game_free(g);
}

/* The game of a level file: --game, else app_game_of_file. */
static const char *game_for(const checker *c, const app_paths *p, const char *file, char *buf, size_t size)
{
    return c->game_arg ? c->game_arg : app_game_of_file(p, file, buf, size);
}

/* Whether game_for guessed (no --game, and the file's folder names no game). */
static bool game_guessed(const checker *c, const char *file, const char *gname)
{
    if (c->game_arg) return false;
    char dir[PATH_MAX_LEN];
    snprintf(dir, sizeof dir, "%s", file);
    char *slash = strrchr(dir, '/');
    if (!slash) return true;
    *slash = '\0';
    return strcmp(path_basename(dir), gname) != 0;
}

/* The level file a solution file belongs to: the file beside it with the same name and
 * another extension (tessera.sol -> tessera.xsb). 0 with the path, or -1. */
static int level_file_for(const char *sol, char *out, size_t size)
{
    char dir[PATH_MAX_LEN], stem[PATH_MAX_LEN];
    snprintf(dir, sizeof dir, "%s", sol);
    char *slash = strrchr(dir, '/');
    if (slash) *slash = '\0';
    else snprintf(dir, sizeof dir, ".");
    path_stem(sol, stem, sizeof stem);
    static const char *const exts[] = { ".xsb", ".sok", ".hsb", ".txt", ".csv", NULL };
    for (int i = 0; exts[i]; i++) {
        char name[PATH_MAX_LEN];
        snprintf(name, sizeof name, "%s%s", stem, exts[i]);
        if (slash) path_join(out, size, dir, name);
        else snprintf(out, size, "%s", name);
        if (path_exists(out) && !path_is_dir(out)) return 0;
    }
    return -1;
}

/* {====== Replays within the check's budget
 * Each move of a replay runs the game's hooks, each call within its own limit (0.5 s), but
 * nothing bounded their number: a mod's .sol of 4000 moves on a game whose on_move spins for
 * 0.05 s kept its check busy for minutes (of a million moves, which a solution file may hold:
 * days). The replays of a whole check share --budget seconds of CPU, as the solver does. */

typedef struct replay_clock {
    session *s;
    double until;               /* thread CPU seconds when the replays' time is up (0: never) */
    bool out;                   /* it was up before the solution's end */
} replay_clock;

static bool replay_time_left(replay_clock *rc)
{
    if (rc->until <= 0 || thread_cpu() < rc->until) return true;
    rc->out = true;
    return false;
}

static int replay_select(void *ctx, int slot)
{
    replay_clock *rc = ctx;
    return replay_time_left(rc) && session_select_player(rc->s, slot) ? 0 : -1;
}

static int replay_move(void *ctx, int dir)
{
    replay_clock *rc = ctx;
    return replay_time_left(rc) && session_move(rc->s, dir) ? 0 : -1;
}

static int replay_act(void *ctx, const action *a)
{
    replay_clock *rc = ctx;
    return replay_time_left(rc) && session_act(rc->s, a) ? 0 : -1;
}

/* Replays moves on the session's level within what is left of the check's budget: false when
 * that ran out first (the rest not played). *bad as session_play_lurd's. */
static bool replay_within(checker *c, session *s, const char *moves, int *bad)
{
    double t0 = thread_cpu();
    replay_clock rc = { s, c->budget > 0 ? t0 + (c->budget - c->replayed) : 0, false };
    const lurd_actions acts = { replay_select, replay_move, &rc, replay_act };
    lurd_play(&s->st, moves, &acts, bad);
    c->replayed += thread_cpu() - t0;
    return !rc.out;
}

/* }====== */

/* A solution file: each solution replayed on its level of the level file beside it, through
 * the game's own rules (hooks included), and reported level by level. level_file and gname,
 * when given, are that level file and its game (a mod's check knows them); else they are
 * found as for a .sol checked alone. */
static void check_solutions(checker *c, const app_paths *p, const char *file, const char *level_file,
                            const char *game_name_arg)
{
    error err;
    char levels[PATH_MAX_LEN], gbuf[PATH_MAX_LEN];
    solution_list sols;
    if (solutions_load(&sols, file, &err) != 0) {
        report(c, &err);
        return;
    }
    if (level_file) {
        snprintf(levels, sizeof levels, "%s", level_file);
    } else if (level_file_for(file, levels, sizeof levels) != 0) {
        char stem[PATH_MAX_LEN];
        path_stem(file, stem, sizeof stem);
        error_set(&err, file, 0, 0, "no level file beside it to replay it on (%s.xsb, .sok, .hsb, .txt or .csv)", stem);
        report(c, &err);
        solutions_free(&sols);
        return;
    }
    /* Opening the game and its levels runs the script's start-up and the levels' start hooks:
     * that counts as replaying too, so that many solution files cannot each take it anew. */
    if (c->budget > 0 && c->replayed >= c->budget) {
        cli_text(stdout, file);
        printf(": not replayed: the check's %g s of CPU for replays ran out (note)\n", c->budget);
        solutions_free(&sols);
        return;
    }
    session s;
    const char *gname = game_name_arg ? game_name_arg : game_for(c, p, levels, gbuf, sizeof gbuf);
    double opening = thread_cpu();
    int opened = session_open_quiet(&s, p, gname, levels, 0, &err);
    c->replayed += thread_cpu() - opening;
    if (opened != 0) {
        if (!game_name_arg && game_guessed(c, levels, gname)) app_note_guess(&err, gname);
        report(c, &err);
        solutions_free(&sols);
        return;
    }
    int solved = 0, failed = 0, missing = 0, untried = 0;
    for (int i = 0; i < sols.count; i++) {
        const solution *sol = &sols.v[i];
        if (c->budget > 0 && c->replayed >= c->budget) {
            untried++;
            continue;
        }
        if (sol->level > s.levels.count) {
            error_set(&err, file, sol->line, 1, "level %d does not exist (%s has %d)", sol->level, levels,
                      s.levels.count);
            report(c, &err);
            missing++;
            continue;
        }
        session_goto(&s, sol->level - 1);
        int bad = -1;
        if (!replay_within(c, &s, sol->moves, &bad)) {
            untried++;
            continue;
        }
        const char *title = session_level_title(&s);
        if (s.hook_failed) {
            /* The script's fault, not the solution's: the hook's own file:line:col. */
            char buf[ERROR_TEXT_MAX + 300];
            printf("%s (while replaying level %d of %s, %s:%d)\n", error_format(&s.hook_error, buf, sizeof buf),
                   sol->level, levels, file, sol->line);
            c->bad++;
            continue;
        }
        if (s.solved && bad < 0) {
            printf("%s:%d: level %d%s%s%s: solved, ", file, sol->line, sol->level, title ? " (" : "", title ? title : "",
                   title ? ")" : "");
            if (session_has_actions(&s)) printf("%ld action%s\n", s.st.moves, s.st.moves == 1 ? "" : "s");
            else printf("%ld move%s, %ld push%s\n", s.st.moves, s.st.moves == 1 ? "" : "s", s.st.pushes,
                        s.st.pushes == 1 ? "" : "es");
            solved++;
            continue;
        }
        if (bad >= 0) {
            char step[ERROR_TEXT_MAX];
            lurd_describe_bad(&s.st, sol->moves, bad, step, sizeof step);
            error_set(&err, file, sol->line, app_move_column(file, sol->line, bad), "level %d: %s%s", sol->level, step,
                      s.solved ? " (the level was solved before it)" : "");
        } else
            error_set(&err, file, sol->line, app_move_column(file, sol->line, 0),
                      "level %d: the solution ends with the level unsolved (%ld move%s played)", sol->level, s.st.moves,
                      s.st.moves == 1 ? "" : "s");
        char buf[ERROR_TEXT_MAX + 300];
        printf("%s\n", error_format(&err, buf, sizeof buf));
        failed++;
    }
    c->unsolvable += failed;
    if (untried)
        printf("%s: %d solution%s not replayed in full: the check's %g s of CPU for replays ran out (note)\n", file,
               untried, untried == 1 ? "" : "s", c->budget);
    if (!failed && !missing && solved == sols.count)
        printf("%s: ok (%d solution%s replayed on %s, all solved)\n", file, solved, solved == 1 ? "" : "s", levels);
    session_close(&s);
    solutions_free(&sols);
}

static int compare_strings(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The files of dir (sorted), or the sub-folders when folders is set; caller frees. */
static int list_dir(const char *dir, bool folders, char ***out)
{
    *out = NULL;
    DIR *d = opendir(dir);
    if (!d) return 0;
    int n = 0, cap = 0;
    char **names = NULL;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char path[PATH_MAX_LEN];
        path_join(path, sizeof path, dir, e->d_name);
        if (path_is_dir(path) != folders) continue;
        if (n == cap) {
            char **bigger = realloc(names, sizeof *names * (size_t)(cap = cap ? cap * 2 : 16));
            if (!bigger) break;
            names = bigger;
        }
        if ((names[n] = strdup(path)) != NULL) n++;
    }
    closedir(d);
    if (n > 1) qsort(names, (size_t)n, sizeof *names, compare_strings); /* names is NULL when empty */
    *out = names;
    return n;
}

static void free_list(char **names, int n)
{
    for (int i = 0; i < n; i++) free(names[i]);
    free(names);
}

/* Whether path, resolved, lies inside root: a mod's folder that is a link leading out of it is
 * not listed (its file names are not the mod's to show). */
static bool inside_mod(const char *root, const char *path)
{
    char r[PATH_MAX], p[PATH_MAX];
    if (!realpath(root, r) || !realpath(path, p)) return false;
    size_t n = strlen(r);
    return strncmp(p, r, n) == 0 && (p[n] == '/' || p[n] == '\0');
}

/* Whether dir is a folder levels/GAME/ of the mod, whose files the mod's check walks. */
static bool in_game_folder(const mod_dir *m, const char *dir)
{
    char levels[PATH_MAX_LEN], up[PATH_MAX_LEN], a[PATH_MAX], b[PATH_MAX];
    path_join(levels, sizeof levels, m->root, "levels");
    path_join(up, sizeof up, dir, "..");
    return realpath(levels, a) && realpath(up, b) && strcmp(a, b) == 0;
}

/* The folder a file lies in (".": none named). */
static void parent_dir(const char *file, char *dir, size_t size)
{
    snprintf(dir, size, "%s", file);
    char *slash = strrchr(dir, '/');
    if (slash) *slash = '\0';
    else snprintf(dir, size, ".");
}

/* Whether a script's default level file is one the mod's walk of its levels/GAME/ folders
 * checks with that same script (GAME names it): then the script's check leaves it to the walk,
 * and the file is read and given to the solver once, not twice. m is NULL outside a mod. */
static bool walked_by_mod(const checker *c, const app_paths *q, const mod_dir *m, const char *script,
                          const char *levels)
{
    if (!m || !inside_mod(m->root, levels)) return false;
    char dir[PATH_MAX_LEN];
    parent_dir(levels, dir, sizeof dir);
    if (!in_game_folder(m, dir)) return false;
    error err;
    char *found = game_find_script(q->script_path, NULL, c->game_arg ? c->game_arg : path_basename(dir), NULL, &err);
    char a[PATH_MAX], b[PATH_MAX];
    bool same = found && realpath(found, a) && realpath(script, b) && strcmp(a, b) == 0;
    free(found);
    return same;
}

/* The solutions of a script's default level file, when the mod holds both: the .sol of the
 * same name beside it, replayed with that script's game (unless it lies in levels/GAME/,
 * where the walk of that folder replays it). */
static void check_default_solutions(checker *c, const app_paths *q, const mod_dir *m, const char *script,
                                    const char *levels)
{
    if (!levels[0] || !inside_mod(m->root, levels)) return;      /* bundled levels are not the mod's */
    char dir[PATH_MAX_LEN], stem[PATH_MAX_LEN], name[PATH_MAX_LEN + 8], sol[PATH_MAX_LEN];
    parent_dir(levels, dir, sizeof dir);
    if (in_game_folder(m, dir)) return;
    path_stem(levels, stem, sizeof stem);
    snprintf(name, sizeof name, "%s.sol", stem);
    if (strlen(dir) + strlen(name) + 2 > sizeof sol) return;       /* no such file could exist */
    path_join(sol, sizeof sol, dir, name);
    if (path_exists(sol) && !path_is_dir(sol) && inside_mod(m->root, sol)) check_solutions(c, q, sol, levels, script);
}

/* The level files of a mod's levels/GAME/ folder for game gname, then their solutions; a
 * .sol whose level file could not be read is not replayed (that file's problem is said).
 * Returns the number of level files. */
static int check_game_folder(checker *c, const app_paths *q, const char *folder, const char *gname)
{
    char **files;
    int n = list_dir(folder, false, &files);
    error err;
    char *script = game_find_script(q->script_path, NULL, gname, NULL, &err);
    bool *unread = calloc((size_t)n + 1, sizeof *unread);
    int sets = 0;
    for (int i = 0; i < n; i++) {
        if (ends_with(files[i], ".sol") || ends_with(files[i], ".md")) continue;
        sets++;
        if (!script) {
            error_set(&err, files[i], 0, 0, "no game '%s' for this level set (levels/GAME/ names the game: "
                      "a bundled one or a script of a mod)", gname);
            report(c, &err);
        } else if (!check_levels(c, q, files[i], gname, false) && unread) {
            unread[i] = true;
        }
    }
    for (int i = 0; script && i < n; i++) {
        if (!ends_with(files[i], ".sol")) continue;
        char levels[PATH_MAX_LEN];
        bool skip = false;
        if (level_file_for(files[i], levels, sizeof levels) == 0)
            for (int j = 0; j < n; j++) skip |= unread && unread[j] && strcmp(files[j], levels) == 0;
        if (!skip) check_solutions(c, q, files[i], NULL, gname);
    }
    free(unread);
    free(script);
    free_list(files, n);
    return sets;
}

static void check_mod(checker *c, const app_paths *q, const mod_dir *m)
{
    char dir[PATH_MAX_LEN];
    char **files;
    path_join(dir, sizeof dir, m->root, "scripts");
    int n = 0, games = 0, sets = 0;
    files = NULL;
    if (path_is_dir(dir) && !inside_mod(m->root, dir)) {
        error err;
        error_set(&err, dir, 0, 0, "a link that leads out of the mod: not read");
        report(c, &err);
    } else {
        n = list_dir(dir, false, &files);
    }
    for (int i = 0; i < n; i++) {
        /* Helper modules (for require) start with '_'. */
        if (!ends_with(files[i], ".lua") || path_basename(files[i])[0] == '_') continue;
        char levels[PATH_MAX_LEN];
        check_script(c, q, m, files[i], levels, sizeof levels);
        check_default_solutions(c, q, m, files[i], levels);
        games++;
    }
    free_list(files, n);
    char **folders;
    int nf = list_dir(path_join(dir, sizeof dir, m->root, "levels"), true, &folders);
    for (int f = 0; f < nf; f++) {
        if (!inside_mod(m->root, folders[f])) {
            error err;
            error_set(&err, folders[f], 0, 0, "a link that leads out of the mod: not read");
            report(c, &err);
            continue;
        }
        sets += check_game_folder(c, q, folders[f], c->game_arg ? c->game_arg : path_basename(folders[f]));
    }
    free_list(folders, nf);
    if (!games && !sets) {
        error err;
        error_set(&err, m->root, 0, 0, "the mod has no game (scripts/NAME.lua) and no level set (levels/GAME/FILE)");
        report(c, &err);
    }
}

/* A folder: a mod, or a folder of mods; each is checked with its own scripts first on the
 * search path (so its games may extend each other by name). */
/* A skin (skin.lua and its picture): read, cut and checked like the game would; a name that
 * no sheet or bundled game uses is probably a typo, so it is reported too. */
static void check_skin(checker *c, const char *file)
{
    error err;
    skin_desc *d = malloc(sizeof *d);
    if (!d) return;
    sprites own;
    if (skin_read(file, NULL, d, &err) != 0 || skins_load_file(file, NULL, NULL, &own, NULL, 0, &err) != 0) {
        report(c, &err);
        skin_desc_free(d);
        free(d);
        return;
    }
    int before = c->bad;
    for (int i = 0; i < d->count; i++) {
        const char *name = d->tiles[i].name;
        if (!c->have_sheet || sprites_find(&c->sheet, name) >= 0) continue;
        error_set(&err, file, d->tiles[i].line, 1, "'%s' is not a picture of the default sheet "
                  "(assets/sprites.txt); only a game asking for it by sprite = \"%s\" would use it", name, name);
        char buf[ERROR_TEXT_MAX + 300];
        printf("%s (note)\n", error_format(&err, buf, sizeof buf));
    }
    if (c->bad == before) {
        cli_text(stdout, file);
        printf(": ok (skin \"");
        cli_text(stdout, d->name[0] ? d->name : "?");
        printf("\", %d picture%s)\n", d->count, d->count == 1 ? "" : "s");
    }
    sprites_free(&own);
    skin_desc_free(d);
    free(d);
}

static int is_skin_file(const char *path)
{
    return strcmp(path_basename(path), "skin.lua") == 0;
}

static void check_folder(checker *c, const char *dir)
{
    char skin[PATH_MAX_LEN];
    path_join(skin, sizeof skin, dir, "skin.lua");
    if (path_exists(skin)) {           /* a skin's folder */
        check_skin(c, skin);
        return;
    }
    app_paths *q = malloc(sizeof *q);
    if (!q) return;
    *q = *c->p;
    q->mods_home[0] = '\0';
    const char *one[1] = { dir };
    if (mods_init(q, one, 1) != 0) {
        c->bad++;
    } else if (q->nmods == 0) {
        error err;
        error_set(&err, dir, 0, 0, "not a mod: no scripts/ or levels/ folder in it or in its sub-folders");
        report(c, &err);
    }
    for (int i = 0; i < q->nmods; i++) check_mod(c, q, &q->mods[i]);
    free(q);
}

int cmd_check(const app_paths *p, int argc, char **argv)
{
    checker c = { .p = p, .seconds = 0.5, .budget = CHECK_BUDGET_SECONDS };
    int files = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--game") == 0 || strcmp(argv[i], "--timeout") == 0 || strcmp(argv[i], "--budget") == 0) {
            if (cli_need_value("check", argc, argv, i) != 0) return EXIT_BAD_INPUT;
            if (argv[i][2] == 'g') {
                c.game_arg = argv[++i];
            } else {
                const char *opt = argv[i];
                double v;
                if (cli_seconds_arg("check", opt, argv[++i], true, 86400, &v) != 0) return EXIT_BAD_INPUT;
                if (opt[2] == 't') c.seconds = v;
                else c.budget = v;
            }
        } else if (argv[i][0] == '-' && argv[i][1]) {
            cli_bad_option("check", argv[i]);
            return EXIT_BAD_INPUT;
        }
    }
    char png[PATH_MAX_LEN], atlas[PATH_MAX_LEN];
    error serr;
    path_join(png, sizeof png, p->assets, "sprites.png");
    path_join(atlas, sizeof atlas, p->assets, "sprites.txt");
    c.have_sheet = sprites_load(png, atlas, &c.sheet, &serr) == 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--game") == 0 || strcmp(argv[i], "--timeout") == 0 || strcmp(argv[i], "--budget") == 0) {
            i++;
            continue;
        }
        files++;
        char buf[PATH_MAX_LEN];
        if (path_is_dir(argv[i])) check_folder(&c, argv[i]);
        else if (is_skin_file(argv[i])) check_skin(&c, argv[i]);
        else if (ends_with(argv[i], ".lua")) check_script(&c, p, NULL, argv[i], NULL, 0);
        else if (ends_with(argv[i], ".sol")) check_solutions(&c, p, argv[i], NULL, NULL);
        else {
            const char *gname = game_for(&c, p, argv[i], buf, sizeof buf);
            check_levels(&c, p, argv[i], gname, game_guessed(&c, argv[i], gname));
        }
    }
    if (c.have_sheet) sprites_free(&c.sheet);
    forget_loaded(&c);
    if (!files) {
        fprintf(stderr, "tessera check: name at least one level file, game script or mod folder\n");
        return EXIT_BAD_INPUT;
    }
    return c.bad ? EXIT_BAD_INPUT : c.unsolvable ? EXIT_UNSOLVED : EXIT_OK;
}
