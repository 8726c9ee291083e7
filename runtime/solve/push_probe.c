/* push_probe.c: a bounded complete search from one position (see push_probe.h). The board's
 * analysis is shared; only the start differs, so a copy of the board whose start boxes are the
 * probe's own is pointed at each position in turn. The search is greedy on the matching bound
 * without goal-room macros, so running out of positions proves the position lost. */
#include "solve/push_probe.h"

#include <stdlib.h>
#include <string.h>

struct push_probe {
    push_board sb;                /* the level, starting at the probed position */
    uint16_t *start;              /* sb's start boxes */
    push_search s;
    uint64_t nodes;
    bool solved;
};

push_probe *push_probe_new(const push_board *b, const push_search_config *cfg)
{
    push_probe *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->start = malloc(sizeof *p->start * ((size_t)b->nboxes + 1));
    if (!p->start) {
        free(p);
        return NULL;
    }
    memcpy(p->start, b->start_box, sizeof *p->start * (size_t)b->nboxes);
    p->sb = *b;
    p->sb.start_box = p->start;
    p->sb.nrooms = 0;
    push_search_config c = *cfg;
    c.name = "probe";
    c.optimal = false;
    c.weight = 0;
    c.connectivity = 0;
    c.rooms = false;
    c.meet = NULL;
    c.max_nodes = 1;              /* a node limit sizes the table for small searches; each run sets its own */
    if (!push_search_init(&p->s, &p->sb, &c)) {
        push_probe_free(p);
        return NULL;
    }
    return p;
}

void push_probe_free(push_probe *p)
{
    if (!p) return;
    push_search_free(&p->s);
    free(p->start);
    free(p);
}

int push_probe_run(push_probe *p, const uint16_t *box, int player, uint64_t nodes)
{
    memcpy(p->start, box, sizeof *p->start * (size_t)p->sb.nboxes);
    p->sb.start_player = player;
    p->solved = false;
    push_search *s = &p->s;
    push_search_reset(s, &p->sb);
    s->cfg.max_nodes = nodes ? nodes : 1;
    if (!push_search_start(s)) return PUSH_PROBE_LOST;
    while (!s->solution && !s->exhausted && !s->timed_out && !s->out_of_memory) push_search_run(s, 1024);
    p->nodes += s->nodes;
    p->solved = s->solution != 0;
    return p->solved ? PUSH_PROBE_SOLVED : s->exhausted ? PUSH_PROBE_LOST : PUSH_PROBE_OPEN;
}

bool push_probe_write(push_probe *p, int *at, push_text *t)
{
    if (!p->solved) return false;
    p->sb.start_player = *at;     /* write_to walks from the board's start player */
    return push_search_write_to(&p->s, p->s.solution, t, at) && !t->failed;
}

uint64_t push_probe_nodes(const push_probe *p) { return p ? p->nodes : 0; }

size_t push_probe_bytes(const push_probe *p) { return p ? push_search_bytes(&p->s) : 0; }
