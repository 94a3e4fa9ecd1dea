/* api_internal.h: state shared by the embedding API's files (api.c, api_value.c,
 * api_native.c). The public side is include/krait.h; this holds the handle table the
 * collector marks as roots, the run limits the VM's checks consult, and the runtime types
 * behind host functions and host classes. */
#ifndef KRAIT_API_INTERNAL_H
#define KRAIT_API_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>

#include "../vm/interp.h"

#define API_DEFAULT_CHECK_INTERVAL 10000u
/* I->interrupt_pending's value when the time limit's alarm set it (api_timer.c); kr_interrupt
 * stores 1. */
#define API_TIMER_SIGNAL 2

typedef struct ApiTimer ApiTimer;

typedef struct ApiState {
    /* Handle table: a stack of slots. A free slot holds V_NULL; gens[i] counts how many
     * times slot i was released, so a stale handle to a re-used slot of a different
     * generation is refused. */
    struct ApiSlot {
        Value v;
        uint32_t gen;
    } * slots;
    size_t nslots, capslots;

    /* Limits, per outermost run. */
    unsigned long long step_limit;
    double time_limit;
    unsigned check_interval;
    unsigned long long steps; /* steps counted in this run, in whole budgets */
    uint64_t armed_budget;    /* the countdown last put in I->instr_budget */
    double deadline;          /* monotonic seconds, 0: none */
    int run_depth;            /* nesting of API entries that run code */
    int limit_reason;         /* KR_LIMIT_* that stopped the current/last run */
    atomic_int terminate;     /* kr_terminate was called */
    bool request_before;      /* a kr_interrupt/kr_terminate was pending when the outermost
                               * run began and no check has taken it yet (api_run_end) */
    ApiTimer *timer;          /* the time limit's alarm thread (api_timer.c), NULL: none yet */
    bool timer_failed;        /* it could not be started: the checks' clock reads only */

    Type *func_type; /* the type of host functions (api_native.c) */
    /* Arrays exported as DLPack tensors and not yet deleted by their consumer: rooted here,
     * not by a handle, so kr_scope_pop and kr_release cannot free them (api_array.c). */
    List *dl_exports;
    uint32_t gen_base; /* first generation of every handle slot: tells interpreters apart */
    Obj *error;        /* the current API error (an exception), NULL when none */
    /* Persistent references (api_ref.c): refs[i] is reference i + 1; a free one holds V_NULL
     * and the next free reference in next_free; ref_free is the first free one (0: none). */
    struct ApiRef {
        Value v;
        size_t next_free;
    } * refs;
    size_t nrefs, caprefs, ref_free;
    /* The host's debug hook (api_hook.c), NULL: none. */
    kr_hook_fn hook;
    void *hook_ud;
    /* The host's module loader (api_loader.c), NULL: none. */
    kr_module_loader loader;
    void *loader_ud;
    /* The stack of the last thread that called in (api.c, c_stack_bounds): [lo, hi). */
    pthread_t stack_thread;
    uintptr_t stack_lo, stack_hi;
    bool stack_known;
} ApiState;

/* A host function object. */
typedef struct ApiFunc {
    Obj hdr;
    Str *name;
    kr_cfunction fn;
    void *ud;
} ApiFunc;

/* An instance of a host class: the dict scripts may add attributes to, the finalizer copied
 * from the class (the class may be swept in the same collection), then the host data. */
typedef struct ApiInst {
    Obj hdr;
    Dict *dict;
    ApiState *owner; /* marks an instance made by apiinst_new (not object.__new__) */
    kr_finalizer fin;
    kr_finalizer_ex fin_ex;
    void *ud;
    _Alignas(16) unsigned char data[];
} ApiInst;

/* api.c */
bool api_state_init(Interp *I);
void api_state_free(Interp *I);
/* Entering and leaving host calls that may run script code: C stack guard, limit clock. */
typedef struct ApiRun {
    size_t temp_mark;
    bool outermost;
} ApiRun;
void api_run_begin(Interp *I, ApiRun *r);
/* Ends the run: a non-NULL result goes to *out (when out is not NULL) as a new handle; a
 * V_NULL result becomes the API's return code and the current error. */
int api_run_end(Interp *I, ApiRun *r, Value result, kr_value **out);
/* Runs source in globals (NULL: __main__'s, whose __file__ becomes filename in EXEC_FILE). */
int api_exec(Interp *I, const char *src, size_t len, const char *filename, int mode, Dict *globals,
             kr_value **result);
Module *api_main_module(Interp *I);
/* A statement compiled with PARSE_TOP_AWAIT that awaits is a coroutine: run it on asyncio's
 * current loop until it is done (asyncio._repl_await); anything else passes through. */
Value api_repl_await(Interp *I, Value v);
/* I->hooks.check_limits, the VM's interrupt checks; false after raising. */
bool api_check_limits(Interp *I);
double api_monotonic_now(void); /* seconds */

/* api_timer.c: the time limit's alarm (outermost runs with a time limit). */
void api_timer_arm(Interp *I, double deadline);
void api_timer_disarm(Interp *I);
bool api_timer_fired(Interp *I); /* the armed deadline has passed */
void api_timer_free(Interp *I);
/* I->hooks.trace_roots: marks the host's handle table and the API's objects. */
void api_trace_roots(Interp *I);
/* Take the pending exception (I->exc) as the current API error; returns KR_ERROR. */
int api_take_error(Interp *I);

/* api_value.c */
kr_value *api_handle_new(Interp *I, Value v); /* NULL after raising MemoryError */
bool api_handle_get(Interp *I, kr_value *h, Value *out);
/* A new handle for v, or NULL after making MemoryError the current error. For API returns. */
kr_value *api_give(Interp *I, Value v);
/* Store v in *out (when out is not NULL) as a new handle. KR_OK or KR_NOMEM-as-KR_ERROR. */
int api_give_out(Interp *I, Value v, kr_value **out);

/* api_ref.c: the reference table's part of the collector's roots, and its memory. */
void api_refs_trace(Interp *I);
void api_refs_free(Interp *I);
/* api_loader.c: I->hooks.load_source, the host's module loader seen from import. */
Value api_load_source(Interp *I, Str *fullname, Str **filename);
/* api_native.c */
bool api_native_init(Interp *I);

#endif
