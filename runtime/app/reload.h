/* reload.h: hot reload. While a game runs, its script, the modules it required and the level
 * file are watched (app/watch.h); a save is applied as one transaction on the session:
 *
 *  1. a script change compiles and validates the new script in a fresh sandbox (the old game
 *     keeps running if that fails);
 *  2. when the new script declares different tiles, or the level file changed, the level file
 *     is read again under the (new) rules, the current level starts afresh and the history is
 *     played onto it, record by record, up to the first step that no longer applies;
 *  3. the new script's on_reload(level) runs; its edits join the history as one record;
 *  4. only then is the old game freed. An error at any step rolls everything back.
 *
 * Each reload prints one line to stderr, `reload: ok PATH` or `reload: error FILE:LINE: message`,
 * and a failed one leaves its error in a banner over the level until a good save. */
#ifndef TESSERA_APP_RELOAD_H
#define TESSERA_APP_RELOAD_H

#include <stdbool.h>
#include <stdint.h>

#include "app/paths.h"
#include "app/session.h"
#include "core/error.h"
#include "core/level.h"
#include "core/rules.h"

struct app;
struct watch;

typedef struct reload_state {
    bool enabled;                  /* on by default; `--no-watch` turns it off */
    bool reset;                    /* a new session: watch its files instead of the old ones */
    bool stale;                    /* a new script: watch the modules it requires too */
    struct watch *w;
    int count;                     /* reloads applied or refused so far */
    char script_error[ERROR_TEXT_MAX + 300]; /* the last failed script reload ("" if none) */
    char levels_error[ERROR_TEXT_MAX + 300]; /* the last failed level file reload */
} reload_state;

typedef struct reload_result {
    bool rebuilt;                  /* the level was started again and the history replayed */
    int replayed, total;           /* history records played again, of those there were */
    int from;                      /* the index of the level played before (it may have moved) */
    bool gone;                     /* that level is no longer in the file: another one starts */
} reload_result;

/* Where level index of old (read under old_rules) is in now: the same level (its fingerprint,
 * app/progress.h) nearest to index; else, edited, the new level under its title, or beside an
 * unchanged neighbour, or in its place when the count is the same. -1 when it is gone. */
int reload_find_level(const levelset *old, const ruleset *old_rules, int index, const levelset *now,
                      const ruleset *rules);

/* Applies one reload to s: script (the game's script or one of its modules changed) and/or
 * levels (the level file changed). 0, or -1 with err and s exactly as it was. */
int session_reload(session *s, bool script, bool levels, reload_result *res, error *err);

/* The game loop's part: reads the watcher without blocking and applies what changed. */
void app_reload_poll(struct app *a, uint64_t now_ms);
void app_reload_free(struct app *a);

#endif
