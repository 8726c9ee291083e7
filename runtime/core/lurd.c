/* lurd.c: reading and replaying LURD move strings. */
#include "core/lurd.h"

#include <ctype.h>

#include "core/engine.h"

lurd_step lurd_read(topology topo, char c)
{
    lurd_step step = { LURD_BAD, -1, false, -1 };
    if (c == '\0') {
        step.kind = LURD_END;
    } else if (c >= '1' && c <= '9') {
        step.kind = LURD_PLAYER;
        step.slot = c - '1';
    } else if ((step.dir = grid_dir_from_letter(topo, c)) >= 0) {
        step.kind = LURD_MOVE;
        step.push = isupper((unsigned char)c) != 0;
    }
    return step;
}

/* Whether the step may be played on s as it stands, before anything is done. */
static bool allowed(const state *s, lurd_step step)
{
    bool push_rules = s->rules->kind == RULES_PUSH;
    switch (step.kind) {
    case LURD_PLAYER: return push_rules;
    case LURD_MOVE: return !push_rules || engine_would_push(s, step.dir) == step.push;
    default: return false;
    }
}

int lurd_play(const state *s, const char *lurd, const lurd_actions *act, int *bad)
{
    int i = 0;
    *bad = -1;
    for (; lurd[i]; i++) {
        lurd_step step = lurd_read(s->g->topo, lurd[i]);
        int refused = !allowed(s, step) ? -1
                      : step.kind == LURD_PLAYER ? act->select(act->ctx, step.slot)
                                                 : act->move(act->ctx, step.dir);
        if (refused) {
            *bad = i;
            break;
        }
    }
    return i;
}

lurd_step lurd_first_move(topology topo, const char *lurd, int *slot)
{
    lurd_step step = lurd_read(topo, lurd[0]);
    *slot = -1;
    if (step.kind == LURD_PLAYER) {
        *slot = step.slot;
        step = lurd_read(topo, lurd[1]);
    }
    return step;
}
