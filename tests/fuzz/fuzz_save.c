/* fuzz_save.c: the saved-data readers (progress files, settings.txt) on any bytes. What they
 * accept must write back out as text they accept again, unchanged: a save that loads is a
 * save that survives being written. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "app/save_format.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void progress_round_trip(const uint8_t *data, size_t size)
{
    progress p, again;
    error err;
    progress_init(&p);
    if (progress_parse(&p, "fuzz", (const char *)data, size, &err) != 0) {
        progress_free(&p);
        return;
    }
    size_t len, len2;
    char *text = progress_format(&p, &len);
    if (text) {
        progress_init(&again);
        if (progress_parse(&again, "again", text, len, &err) != 0) abort();  /* wrote what it refuses */
        char *text2 = progress_format(&again, &len2);
        if (text2 && (len2 != len || memcmp(text, text2, len) != 0)) abort();  /* not stable */
        free(text2);
        progress_free(&again);
    }
    free(text);
    progress_free(&p);
}

static void settings_round_trip(const uint8_t *data, size_t size)
{
    settings st, again;
    error err;
    settings_init(&st);
    if (settings_parse(&st, "fuzz", (const char *)data, size, &err) != 0) return;
    size_t len, len2;
    char *text = settings_format(&st, &len);
    if (text) {
        settings_init(&again);
        if (settings_parse(&again, "again", text, len, &err) != 0) abort();
        char *text2 = settings_format(&again, &len2);
        if (text2 && (len2 != len || memcmp(text, text2, len) != 0)) abort();
        free(text2);
    }
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    progress_round_trip(data, size);
    settings_round_trip(data, size);
    return 0;
}
