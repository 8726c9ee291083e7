/* spell.h: "did you mean" for a misspelt name (an option, a tile, a flag, a field): the word
 * of a list nearest to it by edit distance, when it is near enough to be a typo. */
#ifndef TESSERA_CORE_SPELL_H
#define TESSERA_CORE_SPELL_H

/* Edit distance between a and b (insertions, deletions, changes of one byte and swaps of two
 * bytes side by side); names of 40 bytes or more are 40 apart from anything. */
int spell_distance(const char *a, const char *b);

/* Offer the words one by one: best keeps the nearest within two edits of name (the first of
 * equals), NULL when none is. */
typedef struct spell {
    const char *name;
    const char *best;
    int dist;
} spell;

static inline spell spell_start(const char *name) { return (spell){ name, 0, 3 }; }
void spell_offer(spell *s, const char *word);

#endif
