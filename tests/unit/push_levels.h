/* push_levels.h: level texts that several push-solver test programs use. */
#ifndef TESSERA_TESTS_PUSH_LEVELS_H
#define TESSERA_TESTS_PUSH_LEVELS_H

/* Goals that must be filled deepest first: searches that do not know it wander for long,
 * while the backward search, which takes the boxes out nearest first, gets there at once. */
#define PUSH_LEVEL_DEEP_FIRST \
    "##############\n"          \
    "#      #.....#\n"          \
    "# $ $ $   ...#\n"          \
    "#  @    #    #\n"          \
    "# $ $ $#######\n"          \
    "#  $ $ #\n"                \
    "#      #\n"                \
    "########\n"

#endif
