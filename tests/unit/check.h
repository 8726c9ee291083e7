/* check.h: the few macros our C tests use. Each CHECK counts; main returns check_summary(). */
#ifndef TESSERA_TESTS_CHECK_H
#define TESSERA_TESTS_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_passed, check_failed;

#define CHECK(cond)                                                                  \
    do {                                                                             \
        if (cond) check_passed++;                                                    \
        else {                                                                       \
            check_failed++;                                                          \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                            \
    } while (0)

#define CHECK_EQ_INT(a, b)                                                                   \
    do {                                                                                     \
        long long check_a_ = (long long)(a), check_b_ = (long long)(b);                      \
        if (check_a_ == check_b_) check_passed++;                                            \
        else {                                                                               \
            check_failed++;                                                                  \
            fprintf(stderr, "%s:%d: %s == %lld, expected %s == %lld\n", __FILE__, __LINE__, \
                    #a, check_a_, #b, check_b_);                                             \
        }                                                                                    \
    } while (0)

#define CHECK_STR_HAS(hay, needle)                                                            \
    do {                                                                                      \
        const char *check_h_ = (hay);                                                         \
        if (check_h_ && strstr(check_h_, (needle))) check_passed++;                           \
        else {                                                                                \
            check_failed++;                                                                   \
            fprintf(stderr, "%s:%d: \"%s\" does not contain \"%s\"\n", __FILE__, __LINE__,  \
                    check_h_ ? check_h_ : "(null)", (needle));                                \
        }                                                                                     \
    } while (0)

/* Writes text to path as a test's input; a test that cannot write its input stops (exit 2). */
static inline void check_write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(2);
    }
}

static inline int check_summary(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, check_passed, check_failed);
    return check_failed ? 1 : 0;
}

#endif
