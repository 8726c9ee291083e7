/* sounds.h: which sound effect a player action makes. Pure functions of what the action did,
 * so the choice is tested without a sound device. */
#ifndef TESSERA_APP_SOUNDS_H
#define TESSERA_APP_SOUNDS_H

#include <stdbool.h>

#include "core/engine.h"
#include "frontend/audio.h"

/* A move with result r that took the count of unplaced boxes (state.unsolved) from
 * unplaced_before to unplaced_after and the level from solved_before to solved_after:
 * solved beats a box on a goal, which beats a push, which beats a step; a blocked move is
 * silent. Sliding puzzles have no goal sound (every slide "places" tiles). */
sound_id sound_for_move(move_result r, int unplaced_before, int unplaced_after,
                        bool solved_before, bool solved_after, bool sliding);
/* Of two sounds in one action (a walk of many moves), the one to play. */
sound_id sound_stronger(sound_id a, sound_id b);

#endif
