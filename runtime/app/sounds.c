/* sounds.c: the sound of a move. */
#include "app/sounds.h"

sound_id sound_for_move(move_result r, int unplaced_before, int unplaced_after,
                        bool solved_before, bool solved_after, bool sliding)
{
    if (r == MOVE_BLOCKED) return SOUND_NONE;
    if (solved_after && !solved_before) return SOUND_SOLVED;
    if (!sliding && unplaced_after < unplaced_before) return SOUND_GOAL;
    if (r == MOVE_PUSH && !sliding) return SOUND_PUSH;
    return SOUND_STEP;
}

/* Priority: solved > goal > push > step > none; undo stands apart (no move comes with it). */
sound_id sound_stronger(sound_id a, sound_id b)
{
    static const int rank[SOUND_COUNT] = {
        [SOUND_NONE] = 0, [SOUND_STEP] = 1, [SOUND_PUSH] = 2, [SOUND_UNDO] = 2,
        [SOUND_GOAL] = 3, [SOUND_SOLVED] = 4,
    };
    if (a < SOUND_NONE || a >= SOUND_COUNT) return b;
    if (b < SOUND_NONE || b >= SOUND_COUNT) return a;
    return rank[b] > rank[a] ? b : a;
}
