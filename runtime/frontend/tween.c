/* tween.c: object motions from history records, queued and shown over time. */
#include "frontend/tween.h"

#include <stdlib.h>
#include <string.h>

#include "core/grid.h"

/* Milliseconds per step by speed: off, slow, normal, fast, very fast. */
static const int step_ms_by_speed[TWEEN_SPEED_MAX + 1] = { 0, 200, 130, 80, 45 };

int tween_step_ms(int speed)
{
    if (speed < 0) speed = 0;
    if (speed > TWEEN_SPEED_MAX) speed = TWEEN_SPEED_MAX;
    return step_ms_by_speed[speed];
}

void tween_init(tween *tw)
{
    memset(tw, 0, sizeof *tw);
    tw->speed = TWEEN_SPEED_DEFAULT;
    tw->active_cell = -1;
    tw->facing = -1;
}

void tween_free(tween *tw)
{
    free(tw->floor);
    free(tw->obj);
    free(tw->num);
    free(tw->steps);
    free(tw->motions);
    free(tw->changes);
    int speed = tw->speed;
    tween_init(tw);
    tw->speed = speed;
}

static void clear_queue(tween *tw)
{
    tw->nsteps = tw->head = tw->nmotions = tw->nchanges = 0;
    tw->elapsed = 0;
}

void tween_sync(tween *tw, const state *s)
{
    clear_queue(tw);
    tw->st = s;
    tw->lv = s ? s->lv : NULL;
    if (!s) return;
    int32_t n = s->g->ncells;
    if (n != tw->ncells || !tw->floor) {
        free(tw->floor);
        free(tw->obj);
        free(tw->num);
        tw->floor = malloc((size_t)n + 1);
        tw->obj = malloc((size_t)n + 1);
        tw->num = malloc(sizeof *tw->num * ((size_t)n + 1));
        tw->ncells = n;
        tw->oom = !tw->floor || !tw->obj || !tw->num;
        if (tw->oom) {
            tw->ncells = 0;
            return;
        }
    }
    memcpy(tw->floor, s->floor, (size_t)n);
    memcpy(tw->obj, s->obj, (size_t)n);
    if (s->num) memcpy(tw->num, s->num, sizeof *tw->num * (size_t)n);
    tw->active_cell = s->nplayers > 0 && s->active >= 0 && s->active < s->nplayers ? s->player[s->active] : -1;
    tw->facing = s->facing;
    tw->pos = s->hist.pos;
    tw->hash = s->hash;
}

void tween_set_speed(tween *tw, int speed)
{
    tw->speed = speed < 0 ? 0 : speed > TWEEN_SPEED_MAX ? TWEEN_SPEED_MAX : speed;
    if (tw->speed == TWEEN_OFF) tween_finish(tw);
}

bool tween_busy(const tween *tw) { return tw->head < tw->nsteps; }

/* {====== building steps from a record */

static int grow(void **p, int32_t *cap, int32_t need, size_t size)
{
    if (need <= *cap) return 0;
    int32_t cap2 = *cap ? *cap : 64;
    while (cap2 < need) cap2 *= 2;
    void *q = realloc(*p, size * (size_t)cap2);
    if (!q) return -1;
    *p = q;
    *cap = cap2;
    return 0;
}

static int cell_distance(const grid *g, int a, int b)
{
    if (g->w <= 0) return 1;
    int dx = abs(a % g->w - b % g->w), dy = abs(a / g->w - b / g->w);
    int d = dx > dy ? dx : dy;
    return d < 1 ? 1 : d;
}

/* The direction that leads from a to b in one step, or -1. */
static int step_dir(const grid *g, int a, int b)
{
    for (int d = 0; d < g->ndirs; d++)
        if (grid_step(g, a, d) == b) return d;
    return -1;
}

typedef struct pending {
    int32_t cell, change;       /* where, and which change (index in the record's list) */
    uint16_t value;
    uint8_t kind;
    bool vanish;
} pending;

typedef struct found_motion {
    int32_t from, to, a, b;     /* a, b: the two changes that make it */
    bool player;
} found_motion;

/* Turns one record into queued steps. reverse plays it backwards (undo). */
static int queue_record(tween *tw, const state *s, const record *r, bool reverse)
{
    int32_t n = r->count;
    if (n <= 0) return 0;
    change *ch = malloc(sizeof *ch * (size_t)n);
    pending *pend = malloc(sizeof *pend * (size_t)n * 2);   /* a change may be two halves */
    found_motion *fm = malloc(sizeof *fm * (size_t)n * 2);
    int32_t *owner = malloc(sizeof *owner * (size_t)n);   /* change -> step (local) */
    int32_t *mstep = malloc(sizeof *mstep * (size_t)n * 2); /* motion -> step (local) */
    int32_t *cmot = malloc(sizeof *cmot * (size_t)n);     /* change -> motion */
    int rc = -1;
    if (!ch || !pend || !fm || !owner || !mstep || !cmot) goto out;
    for (int32_t i = 0; i < n; i++) {
        change c = s->hist.ch[r->first + (reverse ? n - 1 - i : i)];
        if (reverse) {
            uint16_t t = c.before;
            c.before = c.after;
            c.after = t;
        }
        ch[i] = c;
    }

    /* Pair each object leaving a cell with the same object arriving in another. cmot maps
     * each change to the motion it is half of (-1: none). */
    int32_t np = 0, nm = 0;
    bool sliding = s->rules->kind == RULES_SLIDING;
    for (int32_t i = 0; i < n; i++) cmot[i] = -1;
    for (int32_t i = 0; i < n; i++) {
        const change *c = &ch[i];
        if (c->kind == CHANGE_FLOOR || c->kind == CHANGE_VAR) continue;
        /* A change is an object (or number) leaving its cell, arriving, or, for numbers, both:
         * a number replaced by another (a game's own actions turning numbered pieces round)
         * leaves for where it arrives next, and the new one comes from where it left. */
        bool replaced = c->kind == CHANGE_NUM && c->before && c->after && c->before != c->after;
        for (int half = 0; half < 2; half++) {
            bool vanish = half == 0;
            if (vanish ? !(c->before && (c->after == 0 || replaced)) : !(c->after && (c->before == 0 || replaced)))
                continue;
            uint16_t value = vanish ? c->before : c->after;
            int32_t k = 0;
            while (k < np && !(pend[k].kind == c->kind && pend[k].value == value && pend[k].vanish != vanish)) k++;
            if (k == np) {
                pend[np++] = (pending){ c->cell, i, value, c->kind, vanish };
                continue;
            }
            int32_t from = vanish ? c->cell : pend[k].cell, to = vanish ? pend[k].cell : c->cell;
            int32_t other = pend[k].change, m = 0;
            pend[k] = pend[--np];
            /* A sliding tile logs its number and its object: one motion. */
            while (m < nm && !(fm[m].from == from && fm[m].to == to)) m++;
            if (m == nm) {
                bool player = c->kind == CHANGE_OBJ && !sliding && (s->tflags[value] & TILE_PLAYER);
                fm[nm++] = (found_motion){ from, to, other, i, player };
            }
            cmot[i] = cmot[other] = m;
        }
    }

    /* Group motions into steps: each player motion is a step; boxes go with the player that
     * moved them, which comes after them in a push and before them in a pull (and the other
     * way round when undoing). Sliding records are one step: the tiles move together. */
    bool attach_prev = (s->rules->pull != 0) != reverse;
    int32_t nsteps = 0, buffered_from = -1;
    for (int32_t m = 0; m < nm; m++) {
        if (sliding) {
            mstep[m] = 0;
            nsteps = 1;
        } else if (fm[m].player) {
            mstep[m] = nsteps++;
            if (buffered_from >= 0)
                for (int32_t k = buffered_from; k < m; k++) mstep[k] = mstep[m];
            buffered_from = -1;
        } else if (attach_prev && nsteps > 0) {
            mstep[m] = nsteps - 1;
        } else {
            if (buffered_from < 0) buffered_from = m;
            mstep[m] = -1;
        }
    }
    if (buffered_from >= 0) {
        int32_t st = nsteps > 0 ? nsteps - 1 : nsteps++;
        for (int32_t k = buffered_from; k < nm; k++) mstep[k] = st;
    }
    if (nsteps == 0) nsteps = 1; /* changes without motions: one step shown at once */

    /* Each change goes with its motion's step; the others (floors, a box falling into a
     * hole) with the step of the change before them, never earlier than any before. */
    int32_t last = 0;
    for (int32_t i = 0; i < n; i++) {
        owner[i] = cmot[i] >= 0 ? mstep[cmot[i]] : last;
        if (owner[i] < last && cmot[i] < 0) owner[i] = last;
        if (owner[i] > last) last = owner[i];
    }

    if (grow((void **)&tw->steps, &tw->cap_steps, tw->nsteps + nsteps, sizeof *tw->steps) ||
        grow((void **)&tw->motions, &tw->cap_motions, tw->nmotions + nm, sizeof *tw->motions) ||
        grow((void **)&tw->changes, &tw->cap_changes, tw->nchanges + n, sizeof *tw->changes))
        goto out;
    for (int32_t k = 0; k < nsteps; k++) {
        tween_step *st = &tw->steps[tw->nsteps + k];
        *st = (tween_step){ tw->nmotions, 0, tw->nchanges, 0, -1, 1 };
        for (int32_t m = 0; m < nm; m++) {
            if (mstep[m] != k) continue;
            tw->motions[tw->nmotions++] = (tween_motion){ fm[m].from, fm[m].to };
            st->nmotions++;
            int cells = cell_distance(s->g, fm[m].from, fm[m].to);
            if (cells > st->cells) st->cells = (int16_t)cells;
            if (fm[m].player || sliding) {
                int d = step_dir(s->g, reverse ? fm[m].to : fm[m].from, reverse ? fm[m].from : fm[m].to);
                if (d < 0) d = r->dir;
                if (!sliding) st->facing = (int8_t)d;
            }
        }
        if (r->flags & RECORD_RESTART) st->nmotions = 0; /* a restart shows at once */
        for (int32_t i = 0; i < n; i++)
            if (owner[i] == k) tw->changes[tw->nchanges++] = ch[i];
        st->nchanges = tw->nchanges - st->first_change;
    }
    tw->nsteps += nsteps;
    rc = 0;
out:
    free(ch);
    free(pend);
    free(fm);
    free(owner);
    free(mstep);
    free(cmot);
    return rc;
}

/* }====== */

/* {====== time */

static double step_duration(const tween *tw, const tween_step *st)
{
    if (st->nmotions == 0 || tw->speed == TWEEN_OFF) return 0;
    double ms = tween_step_ms(tw->speed) * (1.0 + 0.35 * (st->cells - 1));
    /* A queue builds up when keys come faster than the steps: catch up. */
    int32_t waiting = tw->nsteps - tw->head;
    if (waiting > 1) ms /= waiting > 11 ? 6.0 : 1.0 + 0.5 * (waiting - 1);
    return ms;
}

static void apply_step(tween *tw, const tween_step *st)
{
    for (int32_t i = 0; i < st->nchanges; i++) {
        const change *c = &tw->changes[st->first_change + i];
        if (c->cell < 0 || c->cell >= tw->ncells) continue;
        switch (c->kind) {
        case CHANGE_FLOOR: tw->floor[c->cell] = (uint8_t)c->after; break;
        case CHANGE_OBJ: tw->obj[c->cell] = (uint8_t)c->after; break;
        case CHANGE_NUM: tw->num[c->cell] = c->after; break;
        default: break;             /* variables are not drawn */
        }
    }
    for (int32_t m = 0; m < st->nmotions; m++)
        if (tw->motions[st->first_motion + m].from == tw->active_cell) {
            tw->active_cell = tw->motions[st->first_motion + m].to;
            break;
        }
    if (st->facing >= 0) tw->facing = st->facing;
}

/* Starts the steps from head on that take no time, until one that does (or the end). At the
 * end, the shown board must be the state's: if anything went past the tween, show the state. */
static void settle_head(tween *tw)
{
    while (tw->head < tw->nsteps && step_duration(tw, &tw->steps[tw->head]) <= 0) {
        tw->head++;
        if (tw->head < tw->nsteps) apply_step(tw, &tw->steps[tw->head]);
    }
    if (tw->head < tw->nsteps) return;
    const state *s = tw->st;
    clear_queue(tw);
    if (s && s->hist.pos == tw->pos && s->hash == tw->hash && s->g->ncells == tw->ncells &&
        (memcmp(s->obj, tw->obj, (size_t)tw->ncells) || memcmp(s->floor, tw->floor, (size_t)tw->ncells) ||
         (s->num && memcmp(s->num, tw->num, sizeof *tw->num * (size_t)tw->ncells))))
        tween_sync(tw, s);
    if (s && s->hist.pos == tw->pos && s->hash == tw->hash) {
        tw->active_cell = s->nplayers > 0 && s->active >= 0 && s->active < s->nplayers ? s->player[s->active] : -1;
        tw->facing = s->facing;
    }
}

void tween_follow(tween *tw, const state *s)
{
    if (!s) return;
    if (tw->oom || tw->speed == TWEEN_OFF || s != tw->st || s->lv != tw->lv || s->g->ncells != tw->ncells ||
        !tw->floor) {
        tween_sync(tw, s);
        return;
    }
    const history *h = &s->hist;
    if (h->pos == tw->pos && s->hash == tw->hash) {
        if (!tween_busy(tw)) settle_head(tw); /* e.g. Tab: the active player changed */
        return;
    }
    bool idle = !tween_busy(tw);
    int32_t before = tw->nsteps;
    int rc = 0;
    if (h->pos > tw->pos && h->pos <= h->nrec) {
        for (int32_t i = tw->pos; i < h->pos && rc == 0; i++) rc = queue_record(tw, s, &h->rec[i], false);
    } else if (h->pos < tw->pos && tw->pos <= h->nrec) {
        for (int32_t i = tw->pos - 1; i >= h->pos && rc == 0; i--) rc = queue_record(tw, s, &h->rec[i], true);
    } else {
        rc = -1;
    }
    if (rc != 0) {
        tween_sync(tw, s);
        return;
    }
    tw->pos = h->pos;
    tw->hash = s->hash;
    if (idle && tw->nsteps > before) {
        tw->head = before;
        tw->elapsed = 0;
        apply_step(tw, &tw->steps[tw->head]);
        settle_head(tw);
    }
}

void tween_advance(tween *tw, double ms)
{
    if (!tween_busy(tw)) return;
    tw->elapsed += ms;
    while (tw->head < tw->nsteps) {
        double d = step_duration(tw, &tw->steps[tw->head]);
        if (tw->elapsed < d) return;
        tw->elapsed -= d;
        tw->head++;
        if (tw->head < tw->nsteps) apply_step(tw, &tw->steps[tw->head]);
        settle_head(tw);
    }
    tw->elapsed = 0;
}

void tween_finish(tween *tw)
{
    if (tw->st) tween_sync(tw, tw->st);
    else clear_queue(tw);
}

/* }====== */

static float ease_out(float t)
{
    if (t <= 0) return 0;
    if (t >= 1) return 1;
    return t * (2.0f - t);
}

int tween_frame(const tween *tw, const state *s, state *out, tween_slide *slides, int max)
{
    *out = *s;
    if (tw->oom || tw->st != s || tw->ncells != s->g->ncells || !tw->floor) return 0;
    out->floor = tw->floor;
    out->obj = tw->obj;
    if (s->num) out->num = tw->num;
    if (tw->active_cell >= 0 && s->nplayers > 0 && s->active >= 0 && s->active < s->nplayers)
        out->player[s->active] = tw->active_cell;
    if (tw->facing >= 0) out->facing = tw->facing;
    if (!tween_busy(tw)) return 0;
    const tween_step *st = &tw->steps[tw->head];
    double d = step_duration(tw, st);
    float t = ease_out(d > 0 ? (float)(tw->elapsed / d) : 1.0f);
    int k = 0;
    for (int32_t m = 0; m < st->nmotions && k < max; m++) {
        const tween_motion *mo = &tw->motions[st->first_motion + m];
        slides[k++] = (tween_slide){ mo->from, mo->to, t };
    }
    return k;
}
