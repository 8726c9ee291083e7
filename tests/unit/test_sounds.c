/* test_sounds.c: the sound a move makes (a pure choice), and the mixer opening, loading the
 * committed WAVs and playing them on SDL's dummy audio driver (silent, never failing). */
#include <stdlib.h>

#include "app/sounds.h"
#include "check.h"
#include "frontend/audio.h"

static void test_choice(void)
{
    CHECK_EQ_INT(sound_for_move(MOVE_BLOCKED, 2, 2, false, false, false), SOUND_NONE);
    CHECK_EQ_INT(sound_for_move(MOVE_WALK, 2, 2, false, false, false), SOUND_STEP);
    CHECK_EQ_INT(sound_for_move(MOVE_PUSH, 2, 2, false, false, false), SOUND_PUSH);
    CHECK_EQ_INT(sound_for_move(MOVE_PUSH, 2, 1, false, false, false), SOUND_GOAL);
    CHECK_EQ_INT(sound_for_move(MOVE_PUSH, 2, 3, false, false, false), SOUND_PUSH); /* off a goal */
    CHECK_EQ_INT(sound_for_move(MOVE_PUSH, 1, 0, false, true, false), SOUND_SOLVED);
    CHECK_EQ_INT(sound_for_move(MOVE_WALK, 0, 0, true, true, false), SOUND_STEP); /* still solved */
    /* Sliding: every slide is a step until the board is solved. */
    CHECK_EQ_INT(sound_for_move(MOVE_WALK, 5, 4, false, false, true), SOUND_STEP);
    CHECK_EQ_INT(sound_for_move(MOVE_WALK, 1, 0, false, true, true), SOUND_SOLVED);
    /* A walk keeps its strongest sound. */
    CHECK_EQ_INT(sound_stronger(SOUND_STEP, SOUND_PUSH), SOUND_PUSH);
    CHECK_EQ_INT(sound_stronger(SOUND_GOAL, SOUND_STEP), SOUND_GOAL);
    CHECK_EQ_INT(sound_stronger(SOUND_GOAL, SOUND_SOLVED), SOUND_SOLVED);
    CHECK_EQ_INT(sound_stronger(SOUND_NONE, SOUND_UNDO), SOUND_UNDO);
}

static void test_mixer(void)
{
    const char *root = getenv("TESSERA_DATA");
    CHECK(root != NULL); /* the sounds are in the repository: the suite sets TESSERA_DATA */
    if (!root) return;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/assets/sounds", root);
    audio *au = audio_open(dir);
    if (!au) {
        printf("test_sounds: no audio device opens here; mixer test skipped\n");
        return;
    }
    CHECK_EQ_INT(audio_loaded(au), SOUND_COUNT - 1);
    for (int i = 0; i < 20; i++) audio_play(au, (sound_id)(1 + i % (SOUND_COUNT - 1)));
    audio_play(au, SOUND_NONE);
    audio_play(au, (sound_id)99);
    audio_set_muted(au, true);
    audio_play(au, SOUND_SOLVED);
    audio_close(au);
    /* A folder without sounds still gives a working, silent mixer. */
    au = audio_open("/nonexistent");
    CHECK(au != NULL);
    CHECK_EQ_INT(audio_loaded(au), 0);
    audio_play(au, SOUND_STEP);
    audio_close(au);
    /* NULL is silence. */
    audio_play(NULL, SOUND_STEP);
    audio_set_muted(NULL, true);
    CHECK_EQ_INT(audio_loaded(NULL), 0);
    CHECK(sound_name(SOUND_PUSH) && sound_name(SOUND_NONE) == NULL);
}

int main(void)
{
    test_choice();
    test_mixer();
    return check_summary("test_sounds");
}
