/* lurd.c: reading and replaying LURD move strings. */
#include "core/lurd.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>

#include "core/action.h"
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

/* Action tokens, one after another. */
static int play_actions(const state *s, const char *text, const lurd_actions *act, int *bad)
{
    int i = 0;
    while (text[i]) {
        if (isspace((unsigned char)text[i])) {
            i++;
            continue;
        }
        action a;
        int n = action_read(s->rules, s->g, text + i, &a, NULL, 0);
        if (n < 0 || !act->act || act->act(act->ctx, &a) != 0) {
            *bad = i;
            break;
        }
        i += n;
    }
    return i;
}

int lurd_play(const state *s, const char *lurd, const lurd_actions *act, int *bad)
{
    int i = 0;
    *bad = -1;
    if (s->rules->kind == RULES_ACTIONS) return play_actions(s, lurd, act, bad);
    for (; lurd[i]; i++) {
        if (isspace((unsigned char)lurd[i])) continue;
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

int lurd_step_end(const state *s, const char *text, int pos)
{
    int i = pos;
    while (text[i] && isspace((unsigned char)text[i])) i++;
    if (!text[i]) return pos;
    if (s->rules->kind == RULES_ACTIONS) {
        action a;
        int n = action_read(s->rules, s->g, text + i, &a, NULL, 0);
        return n < 0 ? i + 1 : i + n;
    }
    if (lurd_read(s->g->topo, text[i]).kind == LURD_PLAYER && text[i + 1]) i++;
    return i + 1;
}

int lurd_move_number(const state *s, const char *text, int at)
{
    int n = 1;                                     /* an action token ends with its ')' */
    bool actions = s->rules->kind == RULES_ACTIONS;
    for (int i = 0; i < at && text[i]; i++) n += actions ? text[i] == ')' : lurd_read(s->g->topo, text[i]).kind == LURD_MOVE;
    return n;
}

/* Why a LURD step was refused: a digit for a player the level lacks, a letter that is no move
 * of the board, a walk written for a push or the other way round, else a blocked step. */
static int describe_step(const state *s, const char *text, int bad, char *buf, size_t size)
{
    char c = text[bad];
    int n = lurd_move_number(s, text, bad);
    lurd_step step = lurd_read(s->g->topo, c);
    if (step.kind == LURD_PLAYER) {
        if (s->rules->kind != RULES_PUSH)
            return snprintf(buf, size, "'%c' before move %d is not a move: a sliding board has no players", c, n);
        int players = 0;
        for (int i = 0; i < s->nplayers; i++) players += s->player[i] >= 0;
        if (step.slot >= players)
            return snprintf(buf, size, "'%c' before move %d: there is no player %d (this level has %d)", c, n,
                            step.slot + 1, players);
        return snprintf(buf, size, "'%c' before move %d: player %d cannot be chosen there", c, n, step.slot + 1);
    }
    int len = 0;
    if (step.kind != LURD_MOVE) {
        bool hex = s->g->topo == TOPO_HEX;
        len = snprintf(buf, size, "move %d ('%c') is not a move on a %s board (the moves are", n, c,
                       hex ? "hex" : "square");
        for (int d = 0; d < (hex ? 6 : 4); d++)
            len += snprintf(buf + (size_t)len, size > (size_t)len ? size - (size_t)len : 0, " %c",
                            grid_dir_letter(s->g->topo, d));
        return len + snprintf(buf + (size_t)len, size > (size_t)len ? size - (size_t)len : 0, "%s)",
                              s->rules->kind == RULES_PUSH ? "; a capital letter pushes" : "");
    }
    len = snprintf(buf, size, "move %d ('%c') cannot be made there", n, c);
    if (s->rules->kind != RULES_PUSH || s->active < 0 || s->player[s->active] < 0) return len;
    char other = step.push ? (char)tolower((unsigned char)c) : (char)toupper((unsigned char)c);
    const char *why = NULL;
    if (!step.push && engine_would_push(s, step.dir)) why = "it moves a box, so it is a push";
    else if (step.push && engine_walk_end(s, s->player[s->active], step.dir, s->player[s->active]) >= 0)
        why = "it moves no box, so it is a walk";
    if (!why) return len;
    return len + snprintf(buf + (size_t)len, size > (size_t)len ? size - (size_t)len : 0, ": %s, written '%c'", why,
                          other);
}

int lurd_describe_bad(const state *s, const char *text, int bad, char *buf, size_t size)
{
    if (s->rules->kind != RULES_ACTIONS) return describe_step(s, text, bad, buf, size);
    int index = lurd_move_number(s, text, bad);
    const char *at = text + bad;
    while (isspace((unsigned char)*at)) at++;
    char why[160];
    action a;
    int n = action_read(s->rules, s->g, at, &a, why, sizeof why);
    if (n < 0) return snprintf(buf, size, "action %d: %s", index, why);
    return snprintf(buf, size, "action %d (%.*s) cannot be made there", index, n, at);
}
