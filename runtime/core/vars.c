/* vars.c: variable values and the pool that names them by id. */
#include "core/vars.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void clear(var_value *v, var_type t)
{
    memset(v, 0, sizeof *v);
    v->type = (uint8_t)t;
}

void var_value_bool(var_value *v, bool b)
{
    clear(v, VAR_BOOL);
    v->i = b;
}

void var_value_int(var_value *v, int64_t i)
{
    clear(v, VAR_INT);
    v->i = i;
}

void var_value_num(var_value *v, double n)
{
    /* 2^63 is exact as a double; whole numbers below it in size are integers. */
    if (n == floor(n) && n >= -9223372036854775808.0 && n < 9223372036854775808.0) {
        var_value_int(v, (int64_t)n);
        return;
    }
    clear(v, VAR_NUM);
    v->n = n != n ? NAN : n;    /* one NaN, so equal values have equal bytes */
}

int var_value_text(var_value *v, const char *s, size_t len)
{
    if (len >= VAR_TEXT_MAX || memchr(s, '\0', len)) return -1;
    clear(v, VAR_TEXT);
    memcpy(v->text, s, len);
    return 0;
}

bool var_value_equal(const var_value *a, const var_value *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

static uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15u;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

uint64_t var_value_hash(const var_value *v)
{
    uint64_t h = mix64(0x7661720000000000u ^ v->type);
    switch (v->type) {
    case VAR_NUM: {
        uint64_t bits;
        memcpy(&bits, &v->n, sizeof bits);
        return mix64(h ^ bits);
    }
    case VAR_TEXT:
        for (const unsigned char *p = (const unsigned char *)v->text; *p; p++) h = mix64(h ^ *p);
        return h;
    default:
        return mix64(h ^ (uint64_t)v->i);
    }
}

const char *var_value_format(const var_value *v, char *buf, size_t size)
{
    switch (v->type) {
    case VAR_BOOL: snprintf(buf, size, "%s", v->i ? "true" : "false"); break;
    case VAR_INT: snprintf(buf, size, "%lld", (long long)v->i); break;
    case VAR_NUM: snprintf(buf, size, "%.14g", v->n); break;
    case VAR_TEXT: snprintf(buf, size, "%s", v->text); break;
    default: snprintf(buf, size, "nil"); break;
    }
    return buf;
}

/* {====== the pool */

int var_pool_init(var_pool *p)
{
    memset(p, 0, sizeof *p);
    p->cap = 16;
    p->mask = 63;
    p->v = calloc((size_t)p->cap, sizeof *p->v);
    p->hash = calloc((size_t)p->cap, sizeof *p->hash);
    p->index = calloc((size_t)p->mask + 1, sizeof *p->index);
    if (!p->v || !p->hash || !p->index) {
        var_pool_free(p);
        return -1;
    }
    p->n = 1;
    return 0;
}

void var_pool_free(var_pool *p)
{
    free(p->v);
    free(p->hash);
    free(p->index);
    memset(p, 0, sizeof *p);
}

int var_pool_copy(var_pool *dst, const var_pool *src)
{
    memset(dst, 0, sizeof *dst);
    dst->v = malloc(sizeof *dst->v * (size_t)src->cap);
    dst->hash = malloc(sizeof *dst->hash * (size_t)src->cap);
    dst->index = malloc(sizeof *dst->index * ((size_t)src->mask + 1));
    if (!dst->v || !dst->hash || !dst->index) {
        var_pool_free(dst);
        return -1;
    }
    memcpy(dst->v, src->v, sizeof *dst->v * (size_t)src->n);
    memcpy(dst->hash, src->hash, sizeof *dst->hash * (size_t)src->n);
    memcpy(dst->index, src->index, sizeof *dst->index * ((size_t)src->mask + 1));
    dst->n = src->n;
    dst->cap = src->cap;
    dst->mask = src->mask;
    return 0;
}

static void index_put(int32_t *index, uint32_t mask, uint64_t hash, int32_t id)
{
    uint32_t i = (uint32_t)hash & mask;
    while (index[i]) i = (i + 1) & mask;
    index[i] = id;
}

static int grow(var_pool *p)
{
    int32_t cap = p->cap * 2;
    var_value *v = realloc(p->v, sizeof *v * (size_t)cap);
    if (!v) return -1;
    p->v = v;
    uint64_t *hash = realloc(p->hash, sizeof *hash * (size_t)cap);
    if (!hash) return -1;
    p->hash = hash;
    p->cap = cap;
    /* Keep the index under half full. */
    if ((uint32_t)cap * 2 > p->mask + 1) {
        uint32_t mask = (p->mask + 1) * 4 - 1;
        int32_t *index = calloc((size_t)mask + 1, sizeof *index);
        if (!index) return -1;
        for (int32_t id = 1; id < p->n; id++) index_put(index, mask, p->hash[id], id);
        free(p->index);
        p->index = index;
        p->mask = mask;
    }
    return 0;
}

int var_pool_intern(var_pool *p, const var_value *v)
{
    uint64_t h = var_value_hash(v);
    for (uint32_t i = (uint32_t)h & p->mask; p->index[i]; i = (i + 1) & p->mask) {
        int32_t id = p->index[i];
        if (p->hash[id] == h && var_value_equal(&p->v[id], v)) return id;
    }
    if (p->n > VAR_POOL_MAX) return -1;
    if (p->n == p->cap && grow(p) != 0) return -1;
    int32_t id = p->n++;
    p->v[id] = *v;
    p->hash[id] = h;
    index_put(p->index, p->mask, h, id);
    return id;
}

/* }====== */
