/* budget.h: what a script may spend, shared by the script and every Lua state it starts.
 *
 * One budget belongs to a family of hosts: a game's (or a `tessera run` script's) own state
 * and the states its tessera.load, tessera.parse and tessera.scramble start. (Their memory
 * is counted by the hosts themselves, each covering the states it started: host.h.) It holds
 * the spending of the call under way: the outermost budgeted call (the app calling a
 *     hook, loading a game, running a script) starts a fresh count of instructions (counted
 *     by a count hook every HOST_HOOK_STEP instructions, except in a game's quick hook calls,
 *     which the timer alone stops: host.h) and of work that C functions charge
 *     (string building, pattern matching, table moves, flood fills, ...), and a CPU-time
 *     deadline kept by a timer; a nested call (a loaded game's hook run by level:move) gets
 *     its own limits, never more than what is left of the enclosing call's.
 * Once the innermost call's budget is spent it stays spent until that call returns: every
 * further hook tick and every charge raises "script ran too long" again (the hook then fires
 * on every instruction), so pcall, xpcall, coroutines or error handlers cannot swallow it.
 * The timer reaches a thread stuck in one long instruction (a comparison of two huge
 * strings) through lua_sethook, which Lua allows from a signal handler.
 *
 * Only runtime/script uses this header. */
#ifndef TESSERA_SCRIPT_BUDGET_H
#define TESSERA_SCRIPT_BUDGET_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include <lua.h>

/* Work units charged per byte a C function copies or scans, as a shift: one unit (about one
 * VM instruction) per 16 bytes. */
#define BUDGET_BYTE_SHIFT 4

typedef struct budget {
    int refs;
    int depth;                          /* budgeted calls under way, across the family */
    long long count;                    /* instructions and charged work since the outermost call began */
    long long deadline;                 /* count at which the innermost call's budget ends (LLONG_MAX: none) */
    double cpu_deadline;                /* thread CPU seconds when it ends (0: none) */
    volatile sig_atomic_t spent;        /* 0, or why it is spent (BUDGET_SPENT_*) until that call returns */
    lua_State *volatile running;        /* the thread running now, for the timer to stop */
    size_t printed;                     /* bytes print wrote to stderr since the outermost call began */
} budget;

enum { BUDGET_SPENT_INSTRUCTIONS = 1, BUDGET_SPENT_TIME = 2 };

/* What budget_enter saves of the enclosing call. */
typedef struct budget_frame {
    long long deadline;
    double cpu_deadline;
    lua_State *running;
    struct budget *outer;               /* outermost calls: the budget the timer served before */
} budget_frame;

budget *budget_new(void);
budget *budget_ref(budget *b);
void budget_free(budget *b);

/* A budgeted call on thread L begins: at most `instructions` more (<= 0: no count limit of its
 * own) and `seconds` more CPU time (<= 0: none of its own), within what the enclosing call
 * has left; budget_leave restores the enclosing call's limits. */
void budget_enter(budget *b, lua_State *L, long long instructions, double seconds, budget_frame *f);
void budget_leave(budget *b, const budget_frame *f);

/* The count hook (install with LUA_MASKCOUNT, HOST_HOOK_STEP) and the error it raises. */
void budget_hook(lua_State *L, lua_Debug *ar);
/* Charges units of work done (or about to be done) by a C function called from Lua; raises
 * the limit's error in L when that spends the budget. */
void budget_charge(lua_State *L, long long units);
/* Charges for bytes of copying or scanning (see BUDGET_BYTE_SHIFT). */
void budget_charge_bytes(lua_State *L, size_t bytes);
/* Raises the spent budget's error at the caller's position (call only when spent). */
int budget_error(lua_State *L);
/* The message of a spent budget ("script ran too long (instruction limit)"), or NULL. */
const char *budget_spent_message(const budget *b);

/* Whether the CPU-time timer can stop a call of this thread (it is set up on first use). */
bool budget_timer_works(void);
/* A hook set back on L after a call: when the call under way has spent its budget, L stops
 * at its next instruction again. */
void budget_recheck(budget *b, lua_State *L);

/* The thread that runs now (coroutine.resume and nested calls switch it); returns the one
 * that ran before. */
lua_State *budget_switch(budget *b, lua_State *L);

/* Work units one second of CPU time is worth: the instruction limit's 100 million units take
 * about half a second. Work measured by its time (a search) is charged at this rate. */
#define BUDGET_UNITS_PER_SECOND 2e8
/* Charges units where nothing may raise (inside the allocator, or while C resources are still
 * held): a budget this spends stops the running thread at its next instruction. */
void budget_charge_later(budget *b, long long units);
/* C work measured by its CPU time (a search, a new Lua state): between budget_meter_start and
 * budget_meter_stop, the time that the count did not already cover (instructions of Lua code
 * run inside) is charged at BUDGET_UNITS_PER_SECOND, as budget_charge_later. Costs two
 * clock reads: for bindings that do much work, never for the cheap primitives. */
typedef struct budget_meter {
    double t0;
    long long c0;
} budget_meter;
void budget_meter_start(const budget *b, budget_meter *m);
void budget_meter_stop(budget *b, const budget_meter *m);

/* What is left: instructions (LLONG_MAX when unlimited), CPU seconds (< 0: unlimited). */
long long budget_instructions_left(const budget *b);
double budget_seconds_left(const budget *b);

/* The CPU time of the calling thread, in seconds. */
double budget_cpu_now(void);

#endif
