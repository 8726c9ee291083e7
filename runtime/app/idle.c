/* idle.c: what decides whether the window loop draws or sleeps (see idle.h). */
#include "app/idle.h"

#include <string.h>

#include "app/app.h"
#include "core/rules.h"
#include "frontend/celebrate.h"

enum {
    IDLE_WAIT_MS = 100,       /* the hot reload watcher (inotify) and saves are looked at this often */
    IDLE_WAIT_NO_WATCH_MS = 500
};

/* A crate of a coloured game on its matching goal blinks while the clock runs. */
static bool blinking(const app *a)
{
    const state *st = &a->s.st;
    const ruleset *r = st->rules;
    bool coloured = false;
    for (int i = 1; i < r->ntiles && !coloured; i++) coloured = r->tile[i].colour != 0;
    if (!coloured) return false;
    for (int c = 0; c < st->g->ncells; c++)
        if (state_box_on_goal(st, c)) return true;
    return false;
}

/* The blink runs this long after the position last changed (three pulses), not forever: it
 * redrew every frame while a crate stood on its goal (30-40% of a core, idle, even hidden). */
enum { BLINK_FOR_MS = 2700 };

void app_blink_tick(app *a)
{
    if (!a->have_session || !a->s.live) return;
    if (a->s.st.hash != a->blink_hash || !a->blink_since) {
        a->blink_hash = a->s.st.hash;
        a->blink_since = a->last_tick ? a->last_tick : 1;
    }
}

bool app_blink_running(const app *a)
{
    return a->blink_since && a->last_tick - a->blink_since < BLINK_FOR_MS;
}

bool app_animating(const app *a)
{
    if (a->scr != SCREEN_PLAY || !a->have_session || !a->s.live) return false;
    if (tween_busy(&a->tw) || a->autoplay || a->work.active) return true;
    if (a->rp.active && !a->rp.paused) return true;
    const session *s = &a->s;
    if (s->solved && !s->announced && (!a->solved_at || a->last_tick - a->solved_at <= CELEBRATE_MS)) return true;
    return !a->help && app_blink_running(a) && blinking(a);
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    return h;
}

static uint64_t mix_text(uint64_t h, const char *s)
{
    for (; s && *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return mix(h, 0xFF);
}

uint64_t app_frame_stamp(const app *a)
{
    uint64_t h = 1469598103934665603ull;
    h = mix(h, (uint64_t)a->scr);
    h = mix(h, (uint64_t)(uint32_t)a->sel << 32 | (uint32_t)a->scroll);
    h = mix(h, (uint64_t)a->cv.w << 32 | (uint32_t)a->cv.h);
    h = mix(h, (uint64_t)a->help | (uint64_t)a->view << 1 | (uint64_t)a->muted << 3 | (uint64_t)a->pic_numbers_off << 4 |
                   (uint64_t)a->have_pic << 5 | (uint64_t)a->have_art << 6 | (uint64_t)a->rp.active << 7 |
                   (uint64_t)a->rp.paused << 8);
    h = mix_text(h, a->note);
    h = mix_text(h, a->skin_name);
    h = mix(h, (uint64_t)a->reload.count);
    h = mix_text(h, a->reload.script_error);
    h = mix_text(h, a->reload.levels_error);
    h = mix(h, (uint64_t)a->ngames);
    if (a->have_session) {
        const session *s = &a->s;
        h = mix(h, (uint64_t)s->index << 1 | s->playing_shuffled);
        h = mix(h, (uint64_t)s->solved | (uint64_t)s->announced << 1 | (uint64_t)s->live << 2);
        h = mix_text(h, s->status);
        h = mix_text(h, s->message);
        h = mix(h, (uint64_t)s->levels.count);
        if (s->live) {
            h = mix(h, s->st.hash);
            h = mix(h, (uint64_t)(uint32_t)s->st.hist.pos << 32 | (uint32_t)s->st.hist.nrec);
            h = mix(h, (uint64_t)s->st.moves << 20 ^ (uint64_t)s->st.pushes);
            h = mix(h, (uint64_t)(uint8_t)s->st.active << 8 | (uint8_t)s->st.facing);
        }
        h = mix(h, (uint64_t)(int64_t)a->hint_cell);
        h = mix(h, a->hint_position);
        h = mix(h, (uint64_t)a->ndead);
        h = mix(h, a->dead_position);
        h = mix(h, (uint64_t)a->rp.pos);
        h = mix(h, (uint64_t)(a->solved_at != 0));
    }
    return h;
}

int app_idle_wait_ms(const app *a)
{
    return a->reload.enabled ? IDLE_WAIT_MS : IDLE_WAIT_NO_WATCH_MS;
}
