/* push_probe.c: a bounded complete search from one position (see push_probe.h). The board's
 * analysis is shared; only the start differs, so a copy of the board whose start boxes are the
 * probe's own is pointed at each position in turn. The search is greedy on the matching bound
 * without goal-room macros, so running out of positions proves the position lost. */
#include "solve/push_probe.h"

#include <stdlib.h>
#include <string.h>

struct push_probe {
    const push_board *b;
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
    p->b = b;
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

/* Searches on from sb as it is set up, within `nodes` expansions. */
static int run(push_probe *p, uint64_t nodes)
{
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

int push_probe_run(push_probe *p, const uint16_t *box, int player, uint64_t nodes)
{
    push_board_set_start(&p->sb, box, p->b->box_class, p->b->nboxes, player);
    return run(p, nodes);
}

int push_probe_shrink(push_probe *p, const uint16_t *box, int player, int focus, uint64_t nodes, uint64_t most,
                      push_deadsets *sets)
{
    const push_board *b = p->b;
    int n = b->nboxes;
    if (n < 2) return 0;
    /* The boxes, farthest from the focus first (by walking steps on the empty floor), so the
     * groups tried together lie near each other. */
    int32_t *queue = malloc(sizeof *queue * (size_t)b->n), *dist = malloc(sizeof *dist * (size_t)b->n);
    uint16_t *cell = malloc(sizeof *cell * (size_t)n);
    uint8_t *cls = malloc((size_t)n);
    int *order = malloc(sizeof *order * (size_t)n), *rank = malloc(sizeof *rank * (size_t)n);
    bool *keep = malloc(sizeof *keep * (size_t)n);
    int result = 0;
    if (!queue || !dist || !cell || !cls || !order || !rank || !keep) goto done;
    for (int c = 0; c < b->n; c++) dist[c] = -1;
    int head = 0, tail = 0;
    dist[focus] = 0;
    queue[tail++] = focus;
    while (head < tail) {
        int c = queue[head++];
        for (int d = 0; d < b->ndirs; d++) {
            int x = push_step(b, c, d);
            if (x >= 0 && dist[x] < 0) dist[x] = dist[c] + 1, queue[tail++] = x;
        }
    }
    for (int i = 0; i < n; i++) {
        int j = i;
        while (j > 0 && dist[box[order[j - 1]]] < dist[box[i]]) order[j] = order[j - 1], j--;
        order[j] = i;
    }
    for (int i = 0; i < n; i++) rank[order[i]] = i;
    /* keep[]: the boxes still in the set; groups of them, in that order, are dropped while the
     * rest stays lost, the groups halving down to single boxes. */
    for (int i = 0; i < n; i++) keep[i] = true;
    int left = n;
    uint64_t limit = p->nodes + most;
    for (int group = n / 2; group >= 1 && p->nodes < limit; group /= 2) {
        for (int at = 0; at < n && p->nodes < limit && left > 1;) {
            /* The next `group` boxes still kept, from `at` on. */
            int end = at, taken = 0;
            while (end < n && taken < group) taken += keep[order[end++]];
            if (taken == 0 || taken >= left) break;
            /* The rest, in slot order: by class, and by cell within each class, as a search
             * wants its boxes. */
            int count = 0;
            for (int slot = 0; slot < n; slot++)
                if (keep[slot] && (rank[slot] < at || rank[slot] >= end))
                    cell[count] = box[slot], cls[count] = b->box_class[slot], count++;
            push_board_set_start(&p->sb, cell, cls, count, player);
            if (run(p, nodes) == PUSH_PROBE_LOST) {
                for (int i = at; i < end; i++) keep[order[i]] = false;
                left -= taken;
            }
            at = end;
        }
    }
    if (left <= PUSH_SET_MAX) {
        push_deadset_spec set;
        memset(&set, 0, sizeof set);
        for (int slot = 0; slot < n; slot++)    /* slot order: by class, then by cell */
            if (keep[slot]) set.cell[set.count] = box[slot], set.cls[set.count++] = b->box_class[slot];
        set.nregions = 1;
        set.region[0] = (uint16_t)push_deadsets_region(sets, set.cell, set.count, player);
        push_deadsets_add(sets, &set);       /* false when known already (or no room) */
        result = left;
    }
done:
    free(queue), free(dist), free(cell), free(cls), free(order), free(rank), free(keep);
    return result;
}

bool push_probe_write(push_probe *p, int *at, push_text *t)
{
    if (!p->solved) return false;
    p->sb.start_player = *at;     /* write_to walks from the board's start player */
    return push_search_write_to(&p->s, p->s.solution, t, at) && !t->failed;
}

uint64_t push_probe_nodes(const push_probe *p) { return p ? p->nodes : 0; }

size_t push_probe_bytes(const push_probe *p) { return p ? push_search_bytes(&p->s) : 0; }
