/* vars.h: a level's own variables (numbers, strings, booleans), kept in the state beside its
 * cells. A game declares them with their starting values; every change is a logged change of
 * the state (state_set_var), so undo, redo, restart, the hash and replays include them.
 *
 * Values live in a pool per state: each distinct value is stored once and named by a small
 * id, which is what a change records. The pool only grows (a search may create many values,
 * at most VAR_POOL_MAX); a value's hash comes from its content, so equal positions reached
 * in any order, in any process, hash alike. */
#ifndef TESSERA_CORE_VARS_H
#define TESSERA_CORE_VARS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { VARS_MAX = 32, VAR_NAME_MAX = 24, VAR_TEXT_MAX = 64, VAR_POOL_MAX = 65535 };

typedef enum var_type { VAR_NONE, VAR_BOOL, VAR_INT, VAR_NUM, VAR_TEXT } var_type;

/* One value. Build it with the var_value_* setters (they clear every byte, so values and the
 * rulesets holding them compare with memcmp). A whole number is always VAR_INT. */
typedef struct var_value {
    uint8_t type;               /* var_type */
    int64_t i;                  /* VAR_INT, VAR_BOOL (0 or 1) */
    double n;                   /* VAR_NUM */
    char text[VAR_TEXT_MAX];    /* VAR_TEXT, NUL-terminated */
} var_value;

void var_value_bool(var_value *v, bool b);
void var_value_int(var_value *v, int64_t i);
/* A number: stored as VAR_INT when it is whole and fits, else as VAR_NUM. */
void var_value_num(var_value *v, double n);
/* 0, or -1 when len bytes do not fit (at most VAR_TEXT_MAX - 1) or hold a NUL. */
int var_value_text(var_value *v, const char *s, size_t len);
bool var_value_equal(const var_value *a, const var_value *b);
uint64_t var_value_hash(const var_value *v);
/* The value as text (Lua's way of writing it) into buf. */
const char *var_value_format(const var_value *v, char *buf, size_t size);

/* A variable a game declares: its name and the value every level starts with. */
typedef struct var_def {
    char name[VAR_NAME_MAX];
    var_value init;
} var_def;

typedef struct var_pool {
    var_value *v;               /* v[0] is unused: id 0 means "no value" */
    uint64_t *hash;
    int32_t n, cap;
    int32_t *index;             /* open addressing: value hash -> id (0 empty) */
    uint32_t mask;
} var_pool;

int var_pool_init(var_pool *p);                 /* 0, or -1 out of memory */
void var_pool_free(var_pool *p);
int var_pool_copy(var_pool *dst, const var_pool *src); /* dst fresh or freed; 0 or -1 */
/* The id of v (added when new): 1.., or -1 when the pool is full or out of memory. */
int var_pool_intern(var_pool *p, const var_value *v);

#endif
