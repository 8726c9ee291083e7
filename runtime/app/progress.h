/* progress.h: the player's progress in one game and level set, kept on disk between runs:
 * levels solved with the best solution, and the position being played with its undo history
 * (format: app/save_format.h; where: $XDG_DATA_HOME/tessera/progress/). */
#ifndef TESSERA_APP_PROGRESS_H
#define TESSERA_APP_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

#include "app/paths.h"
#include "app/save_format.h"
#include "app/session.h"

typedef struct progress_store {
    char path[PATH_MAX_LEN];    /* empty: nothing is written (blocked says why, if it is a loss) */
    char blocked[200];          /* why progress cannot be saved this session, for every save's note */
    progress pr;
    bool open;
    bool dirty;                 /* the position changed since the last save */
    uint64_t solve_hash;        /* the solve last recorded (position and move count) */
    long solve_moves;
    bool have_solve;
    bool solve_assisted;
    uint64_t seen_hash;         /* the position last looked at by progress_store_update */
    int32_t seen_pos, seen_index;
    uint32_t *fp;               /* the fingerprint of each level of the set */
    int nfp;
    /* The positions as the file last had them (read, or written by this run): one of this run's
     * still as there, that another run changed since, is taken up from the file at a save (this
     * run had not played it: its copy was only the old one). */
    progress base;
    /* The level being played as the session had it when its position was last played back or
     * kept (level 0: none): a session still so has not been played since, and its position in
     * pr (perhaps another run's newer one) is kept as it is. */
    progress_position sync;
} progress_store;

/* A level's fingerprint: its size and the tile names of every cell (not the tile ids, which
 * change when a script gains a tile), and its own rule switches when it has some. */
uint32_t progress_fingerprint(const level *lv, const ruleset *r);
/* Of count fingerprints, the index nearest to near (past the end: from the end back) that
 * holds want, or -1. */
int progress_nearest_level(const uint32_t *fp, int count, uint32_t want, int near);
/* The file that holds the progress of session's game and level set: GAME-SET-HASH.txt, or when
 * that file holds another game's or set's progress (its `game` and `set` lines say whose it
 * is; the 32-bit hash can be made to collide), the first of a few other names that does not.
 * false (out empty) when none is free. */
bool progress_path_for(const app_paths *p, const session *s, char *out, size_t size);

/* Loads the progress of s's game and level set. A damaged file is set aside and a fresh
 * progress started; note (may be NULL) then gets a message for the player. */
void progress_store_open(progress_store *ps, const app_paths *p, const session *s, char *note,
                         size_t note_size);
void progress_store_close(progress_store *ps);
/* Brings back the saved position (level, moves, undo and redo). 1 when restored, 0 when
 * there was none to restore, -1 when it no longer fits the level (started fresh; note says). */
int progress_store_restore(progress_store *ps, session *s, char *note, size_t note_size);
/* Goes to level index (0-based) of the set, keeping the position of the level left (in
 * memory; saved with the rest): a level with a saved position comes back as it was left
 * (one saved solved comes back restarted, the solve one undo away); choosing the level being
 * played changes nothing. saved_too: also positions read from the file (else only those of
 * this run). 1 when a position came back, 0 when the level starts fresh (note may say why),
 * -1 for no such level. */
int progress_store_goto(progress_store *ps, session *s, int index, bool saved_too, char *note,
                        size_t note_size);
/* After any action: records a newly solved level (and saves at once); marks the position
 * changed. Returns 1 when the solve was a new best. */
int progress_store_update(progress_store *ps, session *s);
/* Writes the file (the position included), merged with what another run may have written
 * meanwhile. 0, or -1 with err. */
int progress_store_save(progress_store *ps, session *s, error *err);
/* The best solve of level index (0-based) of s's set, or NULL when not solved. */
const progress_level *progress_store_best(progress_store *ps, const session *s, int index);

/* After the level file changed under s (hot reload): the fingerprints are taken again, and what
 * is kept by level number (solves, positions, help marks) follows its level to its new number
 * (a level inserted above, one taken out). */
void progress_store_levels_changed(progress_store *ps, const session *s);
/* Plays back the position kept for the level s is on (one opened by its number, or come to
 * when its own level was taken out of the file). 1 when it came back, 0 when there was none
 * (or it no longer fits). */
int progress_store_resume_level(progress_store *ps, session *s);

/* Whether level index (0-based) was solved only with help (and not by the player since). */
bool progress_store_assisted(progress_store *ps, int index);

/* How many levels of set (game_arg's, its script the file script, read from levels_path with
 * rules r) the saved progress counts as solved by the player (own) and only with help
 * (helped), fingerprints checked. */
void progress_count(const app_paths *p, const char *game_arg, const char *script, const char *levels_path,
                    const levelset *set, const ruleset *r, int *own, int *helped);

/* History records [from, to) of s as saved tokens (malloc'd; see save_format.h). */
char *progress_history_tokens(const session *s, int32_t from, int32_t to);
/* Goes to level index (on board, a shuffled board played in its place, when not NULL) and
 * plays the tokens back: history, then redo (undone again). 0, or -1 (the level is then
 * fresh) when they do not fit. */
int progress_play_position(session *s, int index, const char *board, const char *hist, const char *redo);

#endif
