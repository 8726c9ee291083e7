/* budget.c: the memory pool, the instruction count and the CPU-time deadline of a family of
 * Lua states (see budget.h). */
#define _GNU_SOURCE                 /* gettid, SIGEV_THREAD_ID */
#include "script/budget.h"

#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <lauxlib.h>

#include "script/host.h"

static const char instruction_message[] = "script ran too long (instruction limit)";
static const char time_message[] = "script ran too long (time limit)";

budget *budget_new(void)
{
    budget *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->refs = 1;
    b->deadline = LLONG_MAX;
    return b;
}

budget *budget_ref(budget *b)
{
    b->refs++;
    return b;
}

void budget_free(budget *b)
{
    if (b && --b->refs == 0) free(b);
}

double budget_cpu_now(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) return 0;
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The thread's CPU time or a little more, cheaply: CLOCK_THREAD_CPUTIME_ID is a system call
 * (no vDSO), and a Lua-ruled search makes hundreds of thousands of hook calls a second, each
 * needing "now" for its deadline (one call of it was 13% of such a search by perf). A thread's
 * CPU time never advances faster than the monotonic clock, which is read in user space, so the
 * CPU time read at most a millisecond of wall time ago plus the wall time since then bounds it
 * from above. A deadline set from it is at most that millisecond late. */
static _Thread_local double est_cpu, est_wall = -1;

static double wall_now(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) return -1;
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double cpu_now_at_most_late(void)
{
    double w = wall_now();
    if (w < 0) return budget_cpu_now();
    if (est_wall >= 0 && w >= est_wall && w - est_wall < 1e-3) return est_cpu + (w - est_wall);
    est_wall = w;                   /* read first: the CPU time read after it is no less */
    est_cpu = budget_cpu_now();
    return est_cpu;
}

/* {====================================================================
 * The CPU-time timer: one per thread, signalling that thread when its CPU clock reaches the
 * deadline of the call it runs. The handler only marks the budget spent and makes the running
 * thread's hook fire at its next instruction (lua_sethook is safe in a signal handler).
 * ===================================================================== */

static _Thread_local budget *volatile timer_owner;
static _Thread_local timer_t timer;
static _Thread_local bool timer_ready, timer_broken;
/* The thread CPU time the timer fires at, 0 when it is not armed. The timer is set lazily:
 * a call that ends leaves it armed, and the next call, whose deadline is later, keeps it; when
 * it fires before the running call's deadline, the handler sets it again for the rest. So a
 * search making hundreds of thousands of hook calls a second makes no timer system call for
 * most of them (each call once cost two timer_settime calls: half the time of a Lua-ruled
 * search). */
static _Thread_local volatile double timer_expiry;

static void timer_set(double now, double at)
{
    struct itimerspec its;
    memset(&its, 0, sizeof its);
    double seconds = at - now;
    if (seconds < 1e-6) seconds = 1e-6;
    its.it_value.tv_sec = (time_t)seconds;
    its.it_value.tv_nsec = (long)((seconds - (double)its.it_value.tv_sec) * 1e9);
    timer_settime(timer, 0, &its, NULL);     /* async-signal-safe, like clock_gettime */
    timer_expiry = at;
}

static void on_timer(int sig, siginfo_t *info, void *context)
{
    (void)sig;
    (void)info;
    (void)context;
    timer_expiry = 0;
    budget *b = timer_owner;
    if (!b || b->depth == 0 || b->cpu_deadline <= 0) return;
    double now = budget_cpu_now();
    if (now < b->cpu_deadline) {                /* set for an earlier call: not yet */
        timer_set(now, b->cpu_deadline);
        return;
    }
    if (!b->spent) b->spent = BUDGET_SPENT_TIME;
    lua_State *L = b->running;
    if (L) lua_sethook(L, budget_hook, LUA_MASKCOUNT, 1);
}

static bool timer_setup(void)
{
    if (timer_ready) return true;
    if (timer_broken) return false;
    int signo = SIGRTMIN + 6;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_timer;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    struct sigevent sev;
    memset(&sev, 0, sizeof sev);
    sev.sigev_notify = SIGEV_THREAD_ID;
    sev.sigev_signo = signo;
    sev._sigev_un._tid = gettid();
    if (sigaction(signo, &sa, NULL) != 0 || timer_create(CLOCK_THREAD_CPUTIME_ID, &sev, &timer) != 0) {
        timer_broken = true;        /* then only the instruction count stops scripts */
        return false;
    }
    timer_ready = true;
    return true;
}

/* Makes the timer fire for b no later than its CPU deadline (b NULL or no deadline: nothing
 * needs it; an armed timer is left to fire and be ignored). now: the thread's CPU time. */
static void timer_arm(budget *b, double now)
{
    timer_owner = b;
    if (!b || b->cpu_deadline <= 0 || !timer_setup()) return;
    double at = timer_expiry;
    if (at > 0 && at <= b->cpu_deadline) return;   /* fires in time; the handler re-checks */
    timer_set(now, b->cpu_deadline);
}

/* }==================================================================== */

/* Makes L's hook fire at every instruction: once spent, nothing runs further. */
static void stop_thread(lua_State *L)
{
    if (L && lua_gethookcount(L) != 1) lua_sethook(L, budget_hook, LUA_MASKCOUNT, 1);
}

void budget_enter(budget *b, lua_State *L, long long instructions, double seconds, budget_frame *f)
{
    f->deadline = b->deadline;
    f->cpu_deadline = b->cpu_deadline;
    f->running = b->running;
    double now = seconds > 0 || b->cpu_deadline > 0 ? cpu_now_at_most_late() : 0;
    double before = b->cpu_deadline;
    if (b->depth++ == 0) {
        b->count = 0;
        b->printed = 0;
        b->spent = 0;
        b->deadline = instructions > 0 ? instructions : LLONG_MAX;
        b->cpu_deadline = seconds > 0 ? now + seconds : 0;
        f->outer = timer_owner;
        before = -1;
    } else {
        if (instructions > 0 && instructions < b->deadline - b->count) b->deadline = b->count + instructions;
        if (seconds > 0 && (b->cpu_deadline <= 0 || now + seconds < b->cpu_deadline))
            b->cpu_deadline = now + seconds;
    }
    b->running = L;
    if (b->cpu_deadline > 0 && b->cpu_deadline != before) timer_arm(b, now);
    else if (before < 0) timer_owner = b;
}

void budget_leave(budget *b, const budget_frame *f)
{
    if (--b->depth == 0) {
        budget *outer = f->outer;
        b->running = f->running;
        b->deadline = LLONG_MAX;
        b->cpu_deadline = 0;
        b->spent = 0;
        /* Give the timer back to the call this one ran inside (another family's), if any. */
        if (outer && outer->depth > 0 && outer->cpu_deadline > 0) timer_arm(outer, budget_cpu_now());
        timer_owner = outer;
        return;
    }
    bool rearm = b->cpu_deadline != f->cpu_deadline;
    b->deadline = f->deadline;
    b->cpu_deadline = f->cpu_deadline;
    b->running = f->running;
    double now = b->cpu_deadline > 0 ? budget_cpu_now() : 0;
    if (b->count > b->deadline) b->spent = BUDGET_SPENT_INSTRUCTIONS;
    else if (b->cpu_deadline > 0 && now >= b->cpu_deadline) b->spent = BUDGET_SPENT_TIME;
    else b->spent = 0;
    if (rearm) timer_arm(b, now);
    if (b->spent) stop_thread(b->running);
}

bool budget_timer_works(void) { return timer_setup(); }

void budget_recheck(budget *b, lua_State *L)
{
    if (b->spent && b->depth > 0) stop_thread(L);
}

lua_State *budget_switch(budget *b, lua_State *L)
{
    lua_State *before = b->running;
    b->running = L;
    if (b->spent) stop_thread(L);
    return before;
}

const char *budget_spent_message(const budget *b)
{
    if (!b->spent) return NULL;
    return b->spent == BUDGET_SPENT_TIME ? time_message : instruction_message;
}

void budget_hook(lua_State *L, lua_Debug *ar)
{
    budget *b = host_budget(host_of(L));
    if (!b->spent) {
        int step = lua_gethookcount(L);
        b->count += step;
        /* A thread left firing every instruction by an earlier, spent call: back to normal
         * (no hook at all in a host without a count). */
        if (step != HOST_HOOK_STEP) {
            if (host_counted(host_of(L))) lua_sethook(L, budget_hook, LUA_MASKCOUNT, HOST_HOOK_STEP);
            else lua_sethook(L, NULL, 0, 0);
        }
        if (b->count <= b->deadline) return;
        b->spent = BUDGET_SPENT_INSTRUCTIONS;
    }
    if (b->depth == 0) return;
    stop_thread(L);
    /* luaL_error would name the caller's line: inside a hook, level 0 is the running code. */
    const char *msg = budget_spent_message(b);
    if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0)
        lua_pushfstring(L, "%s:%d: %s", ar->short_src, ar->currentline, msg);
    else
        lua_pushstring(L, msg);
    lua_error(L);
}

int budget_error(lua_State *L)
{
    budget *b = host_budget(host_of(L));
    stop_thread(L);
    const char *msg = budget_spent_message(b);
    return luaL_error(L, "%s", msg ? msg : instruction_message);
}

void budget_charge(lua_State *L, long long units)
{
    budget *b = host_budget(host_of(L));
    if (!b->spent) {
        if (units < 0) units = 0;
        if (units > (1LL << 60)) units = 1LL << 60;
        if (b->deadline == LLONG_MAX || units <= b->deadline - b->count) {
            b->count += units;
            return;
        }
        b->count = b->deadline + 1;
        b->spent = BUDGET_SPENT_INSTRUCTIONS;
    }
    if (b->depth == 0) return;
    budget_error(L);
}

void budget_charge_later(budget *b, long long units)
{
    if (b->spent || b->depth == 0 || units <= 0) return;
    if (b->deadline != LLONG_MAX && units > b->deadline - b->count) {
        b->count = b->deadline + 1;
        b->spent = BUDGET_SPENT_INSTRUCTIONS;
        stop_thread(b->running);
    } else {
        b->count += units;
    }
}

void budget_meter_start(const budget *b, budget_meter *m)
{
    m->t0 = budget_cpu_now();
    m->c0 = b->count;
}

void budget_meter_stop(budget *b, const budget_meter *m)
{
    long long units = (long long)((budget_cpu_now() - m->t0) * BUDGET_UNITS_PER_SECOND);
    long long counted = b->count - m->c0;
    if (counted > 0) units -= counted;
    budget_charge_later(b, units);
}

void budget_charge_bytes(lua_State *L, size_t bytes)
{
    budget_charge(L, (long long)(bytes >> BUDGET_BYTE_SHIFT));
}

long long budget_instructions_left(const budget *b)
{
    if (b->deadline == LLONG_MAX) return LLONG_MAX;
    return b->count >= b->deadline ? 0 : b->deadline - b->count;
}

double budget_seconds_left(const budget *b)
{
    if (b->cpu_deadline <= 0) return -1;
    double left = b->cpu_deadline - budget_cpu_now();
    return left > 0 ? left : 0;
}
