/* uvloop.c: _uv, the native half of asyncio: the interpreter's libuv loop and its timers.
 * The Python half (stdlib/py/asyncio.py) keeps the ready queue, futures and tasks; it asks
 * _uv for a timer (timer_start returns an id), cancels it by id, and calls run_once, which
 * runs one libuv iteration and returns the ids of the timers that fired, in firing order.
 * No Python code runs inside a libuv callback: a callback only records an id.
 *
 * The loop (struct Loop, I->loop) is created at the first _uv call, so start-up never
 * touches libuv, and freed by kr_free (uvloop_shutdown). A timer slot, once initialised,
 * is reused for later timers instead of being closed, so closing happens only at shutdown.
 * A blocking run_once also starts a 50 ms guard timer: the wait is bounded, and the host's
 * check (interrupts, kr_terminate, time limits) runs between waits.
 *
 * Completions (uvloop.h) are the other kind of id: code that hands work to another thread
 * (the GPU driver's host callback) takes a record, and the thread fires it; firing pushes the
 * record on a lock-free stack and calls uv_async_send, and run_once returns its id after the
 * timers' ones. Ids from UVLOOP_COMPLETION_BASE up are completions.
 *
 * Built only with libuv (CMake defines KRAIT_HAVE_LIBUV); without it _uv does not exist
 * and `import asyncio` raises ImportError saying why. */
#include "modules.h"

#ifdef KRAIT_HAVE_LIBUV

#include <math.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <uv.h>

#include "../vm/dict.h"
#include "builtins.h"
#include "uvloop.h"

typedef struct UvTimer {
    uv_timer_t h;
    struct Loop *loop;
    int64_t id; /* its slot index */
} UvTimer;

/* A completion record (uvloop_completion_new): pushed by another thread onto a lock-free
 * stack, drained by run_once on the loop thread. */
struct UvCompletion {
    struct UvCompletion *next;
    struct Loop *loop;
    int64_t id;
    UvPollFn poll; /* NULL: only the other thread's firing ends it */
    void (*release)(Interp *I, void *ud);
    void *ud;
    UvArmFn arm;    /* uvloop_completion_lazy: hands it over before the loop sleeps */
    bool handed;    /* a thread will fire it (uvloop_completion_keep: none will) */
    bool delivered; /* its id went out by polling; freed when the thread's firing arrives */
};

struct Loop {
    Interp *I;
    uv_loop_t uv;
    uv_timer_t guard;
    uv_async_t wake;                          /* uv_async_send'd by a completion */
    _Atomic(struct UvCompletion *) completed; /* a Treiber stack, newest first */
    int64_t next_completion;                  /* completion ids, apart from timer slots */
    atomic_int inflight;                      /* records handed over and not fired yet */
    UvTimer **slots;                          /* every initialised timer; NULL-free up to nslots */
    size_t nslots, capslots;
    int64_t *free_ids; /* stack of idle slots */
    size_t capfree;    /* free_ids' capacity, at least capslots */
    size_t nfree;
    int64_t *fired; /* ids fired during the current run_once */
    size_t nfired, capfired;
    bool oom;                     /* a callback could not record a firing */
    struct UvCompletion **polled; /* records the loop polls, not delivered yet */
    size_t npolled, cappolled;
    int wait_mode;             /* UVLOOP_WAIT_* */
    uint64_t spin_ns;          /* UVLOOP_WAIT_SPIN: how long a blocking run_once polls first */
    struct UvWork *work;       /* uvloop_work.c's jobs */
    struct UvStreams *streams; /* uvloop_stream.c's handles */
};

static void uvloop_on_wake(uv_async_t *h) {
    (void)h;
} /* run_once drains the stack */

static struct Loop *uvloop_get(Interp *I) {
    if (I->loop) return I->loop;
    struct Loop *L = mem_alloc(I, sizeof *L);
    if (!L) return NULL;
    memset(L, 0, sizeof *L);
    L->I = I;
    if (uv_loop_init(&L->uv) != 0) {
        mem_free(I, L, sizeof *L);
        err_format(I, TY_OS_ERROR, "asyncio: libuv could not create a loop");
        return NULL;
    }
    uv_timer_init(&L->uv, &L->guard);
    uv_async_init(&L->uv, &L->wake, uvloop_on_wake);
    atomic_init(&L->completed, NULL);
    atomic_init(&L->inflight, 0);
    L->next_completion = UVLOOP_COMPLETION_BASE;
    L->wait_mode = UVLOOP_WAIT_SPIN;
    L->spin_ns = 200000;
    L->uv.data = L;
    I->loop = L;
    return L;
}

/* Records a fired id (a libuv callback, loop thread); false on OOM (L->oom set). */
static bool uvloop_record(struct Loop *L, int64_t id) {
    if (L->nfired == L->capfired) {
        size_t cap = L->capfired ? L->capfired * 2 : 16;
        int64_t *p = mem_realloc_quiet(L->I, L->fired, L->capfired * sizeof *p, cap * sizeof *p);
        if (!p) {
            L->oom = true;
            return false;
        }
        L->fired = p;
        L->capfired = cap;
    }
    L->fired[L->nfired++] = id;
    return true;
}

static void uvloop_on_timer(uv_timer_t *h) {
    UvTimer *t = (UvTimer *)h;
    if (uvloop_record(t->loop, t->id)) t->loop->free_ids[t->loop->nfree++] = t->id;
}

uv_loop_t *uvloop_uv(Interp *I) {
    struct Loop *L = uvloop_get(I);
    return L ? &L->uv : NULL;
}

int64_t uvloop_new_id(Interp *I) {
    return I->loop->next_completion++;
}

void uvloop_deliver(Interp *I, int64_t id) {
    if (I->loop) uvloop_record(I->loop, id);
}

struct UvWork **uvloop_work_slot(Interp *I) {
    struct Loop *L = uvloop_get(I);
    return L ? &L->work : NULL;
}

struct UvStreams **uvloop_streams_slot(Interp *I) {
    struct Loop *L = uvloop_get(I);
    return L ? &L->streams : NULL;
}

static void uvloop_on_guard(uv_timer_t *h) {
    (void)h;
}

static bool uvloop_delay_arg(Interp *I, Value v, uint64_t *ms) {
    double d;
    if (!num_to_double(I, v, &d)) return false;
    if (isnan(d)) {
        err_format(I, TY_VALUE_ERROR, "Invalid value NaN (not a number)");
        return false;
    }
    /* rounded up: a timer never fires before its time (libuv counts milliseconds) */
    double m = ceil(d * 1000.0);
    *ms = m <= 0 ? 0 : m > 9e15 ? (uint64_t)9e15 : (uint64_t)m;
    return true;
}

/* _uv.timer_start(delay_seconds) -> id */
static Value uv_timer_start_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "timer_start", kw) || !arg_count(I, "timer_start", argc, 1, 1)) return V_NULL;
    uint64_t ms;
    if (!uvloop_delay_arg(I, argv[0], &ms)) return V_NULL;
    struct Loop *L = uvloop_get(I);
    if (!L) return V_NULL;
    int64_t id;
    if (L->nfree) {
        id = L->free_ids[--L->nfree];
    } else {
        if (L->nslots == L->capslots) {
            /* each array keeps its own capacity: when the second realloc failed, the
             * first was freed by a size it no longer had (127 bytes lost at kr_free) */
            size_t cap = L->capslots ? L->capslots * 2 : 16;
            if (L->capfree < cap) { /* first: every slot may come to be idle */
                int64_t *f = mem_realloc(I, L->free_ids, L->capfree * sizeof *f, cap * sizeof *f);
                if (!f) return V_NULL;
                L->free_ids = f;
                L->capfree = cap;
            }
            UvTimer **s = mem_realloc(I, L->slots, L->capslots * sizeof *s, cap * sizeof *s);
            if (!s) return V_NULL;
            L->slots = s;
            L->capslots = cap;
        }
        UvTimer *t = mem_alloc(I, sizeof *t);
        if (!t) return V_NULL;
        uv_timer_init(&L->uv, &t->h);
        t->loop = L;
        id = t->id = (int64_t)L->nslots;
        L->slots[L->nslots++] = t;
    }
    uv_update_time(&L->uv); /* the delay counts from now, not from the last iteration */
    uv_timer_start(&L->slots[id]->h, uvloop_on_timer, ms, 0);
    return v_int(id);
}

/* _uv.timer_cancel(id): stops a pending timer; an id that already fired is ignored. */
static Value uv_timer_cancel_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "timer_cancel", kw) || !arg_count(I, "timer_cancel", argc, 1, 1))
        return V_NULL;
    int64_t id;
    if (obj_index(I, argv[0], &id) < 0) return V_NULL;
    struct Loop *L = uvloop_get(I);
    if (!L) return V_NULL;
    if (id < 0 || (size_t)id >= L->nslots)
        return err_format(I, TY_VALUE_ERROR, "timer_cancel: no timer %lld", (long long)id);
    UvTimer *t = L->slots[id];
    if (uv_is_active((uv_handle_t *)&t->h)) {
        uv_timer_stop(&t->h);
        L->free_ids[L->nfree++] = id;
    }
    return V_NONE;
}

static void uvloop_record_free(Interp *I, struct UvCompletion *c) {
    if (c->release) c->release(I, c->ud);
    mem_free(I, c, sizeof *c);
}

static void uvloop_unpoll(struct Loop *L, size_t i) {
    L->polled[i] = L->polled[--L->npolled];
}

/* Polls every polled record once; a finished one's id goes to out. Returns how many
 * finished, -1 on OOM. */
static int uvloop_poll_all(Interp *I, struct Loop *L, List *out) {
    int n = 0;
    for (size_t i = 0; i < L->npolled;) {
        struct UvCompletion *c = L->polled[i];
        if (!c->poll(I, c->ud)) {
            i++;
            continue;
        }
        if (!list_append(I, out, v_int(c->id))) return -1;
        uvloop_unpoll(L, i);
        n++;
        if (c->handed)
            c->delivered = true; /* the thread still holds it */
        else
            uvloop_record_free(I, c);
    }
    return n;
}

/* Blocking with polled records pending: poll them (and watch the fired stack) for up to
 * ns before sleeping in libuv, since a completion that wakes the loop through the driver's
 * callback thread and an eventfd costs tens of microseconds more than one seen by polling
 * (and enqueueing the callback costs the stream's work several more, which is why "spin"
 * enqueues it only for the waits still pending after the spin). The spin never holds back
 * the rest of the loop: it ends at the next timer's time, and every 20 us it lets libuv
 * run what is ready (timers, pipes, sockets, pool jobs: their ids land in L->fired), ending
 * as soon as anything is. Returns how many polling found, -1 on OOM. */
static int uvloop_spin(Interp *I, struct Loop *L, List *out, uint64_t ns) {
    uint64_t t0 = uv_hrtime(), last_io = t0;
    uv_update_time(&L->uv);
    int timeout_ms = uv_backend_timeout(&L->uv); /* -1: no timer pending */
    if (timeout_ms >= 0 && (uint64_t)timeout_ms * 1000000 < ns) ns = (uint64_t)timeout_ms * 1000000;
    for (;;) {
        int n = uvloop_poll_all(I, L, out);
        if (n != 0) return n;
        if (!L->npolled || atomic_load(&L->completed) || L->nfired) return 0;
        uint64_t now = uv_hrtime();
        if (now - t0 >= ns) return 0;
        if (now - last_io >= 20000) {
            uv_run(&L->uv, UV_RUN_NOWAIT);
            if (L->nfired) return 0;
            last_io = now;
        }
    }
}

/* Before sleeping in libuv: hands every lazy record still pending to its thread, so that
 * its completion wakes the loop. A record whose arming fails stays polled (every iteration,
 * the guard bounding each sleep). */
static void uvloop_arm_pending(Interp *I, struct Loop *L) {
    for (size_t i = 0; i < L->npolled; i++) {
        struct UvCompletion *c = L->polled[i];
        if (!c->arm || c->handed) continue;
        UvArmFn arm = c->arm;
        c->arm = NULL;
        c->handed = true;
        atomic_fetch_add(&L->inflight, 1);
        if (arm(I, c->ud, c) < 0) {
            c->handed = false;
            atomic_fetch_sub(&L->inflight, 1);
        }
    }
}

/* _uv.run_once(block) -> the ids of what finished: fired timers (in firing order), then
 * completions (oldest first). block: wait (at most 50 ms) for one. */
static Value uv_run_once_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "run_once", kw) || !arg_count(I, "run_once", argc, 1, 1)) return V_NULL;
    int block = obj_truthy(I, argv[0]);
    if (block < 0) return V_NULL;
    struct Loop *L = uvloop_get(I);
    if (!L) return V_NULL;
    List *out = list_new(I, 0);
    if (!out || !gc_temp_push(I, v_obj(out))) return V_NULL;
    int found = 0;
    if (block && L->npolled && L->wait_mode != UVLOOP_WAIT_CALLBACK) {
        /* UVLOOP_WAIT_POLL never sleeps while GPU work is pending: it polls until the
         * guard's 50 ms are up, then makes the host's check */
        uint64_t ns = L->wait_mode == UVLOOP_WAIT_POLL ? 50000000 : L->spin_ns;
        found = uvloop_spin(I, L, out, ns);
        if (found < 0) return V_NULL;
        if (found || atomic_load(&L->completed) || L->nfired) block = 0;
    }
    if (block) {
        if (L->npolled) uvloop_arm_pending(I, L);
        /* From now, not from libuv's cached clock: a guard timed from a clock 50 ms stale
         * (a spin, a descheduled process, a long run of Python since the last iteration) is
         * due at once, uv_run fires it before it polls, and with no other timer epoll then
         * waits forever: a wait that nothing wakes (any "poll" mode wait; the H200 "hang"
         * of gpu_latency.py's long poll-mode wait) never ended. */
        uv_update_time(&L->uv);
        uv_timer_start(&L->guard, uvloop_on_guard, 50, 0);
    }
    uv_run(&L->uv, block ? UV_RUN_ONCE : UV_RUN_NOWAIT);
    uv_timer_stop(&L->guard);
    List *timers = list_new(I, L->nfired);
    if (!timers) return V_NULL;
    for (size_t i = 0; i < L->nfired; i++)
        if (!list_append(I, timers, v_int(L->fired[i]))) return V_NULL;
    L->nfired = 0;
    for (size_t i = 0; i < out->len; i++) /* timers first, as before polling existed */
        if (!list_append(I, timers, out->items[i])) return V_NULL;
    out = timers;
    if (!gc_temp_push(I, v_obj(out))) return V_NULL;
    /* completions, oldest first (the stack holds them newest first) */
    struct UvCompletion *c = atomic_exchange(&L->completed, NULL), *fifo = NULL;
    while (c) {
        struct UvCompletion *next = c->next;
        c->next = fifo;
        fifo = c;
        c = next;
    }
    bool ok = true;
    while (fifo) {
        struct UvCompletion *next = fifo->next;
        if (!fifo->delivered) {
            if (ok && !list_append(I, out, v_int(fifo->id))) ok = false;
            for (size_t i = 0; fifo->poll && i < L->npolled; i++)
                if (L->polled[i] == fifo) {
                    uvloop_unpoll(L, i);
                    break;
                }
        }
        uvloop_record_free(I, fifo);
        fifo = next;
    }
    if (!ok) return V_NULL;
    /* one poll per iteration also ends waits whose callback never comes (a device fault) */
    if (L->npolled && uvloop_poll_all(I, L, out) < 0) return V_NULL;
    if (L->oom) {
        L->oom = false;
        return err_format(I, TY_MEMORY_ERROR, "asyncio: out of memory recording a timer");
    }
    if (block && !interp_check_host(I)) return V_NULL;
    return v_obj(out);
}

/* _uv.set_gpu_wait(mode, spin_us): how the loop waits for GPU completions (docs/ASYNC.md):
 * "callback" (the driver's host callback, enqueued with the work, wakes the loop), "spin"
 * (the default: poll for spin_us; only a wait still pending then gets a host callback, and
 * the loop sleeps until it), "poll" (no callback: poll while GPU work is pending). */
static Value uv_set_gpu_wait_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "set_gpu_wait", kw) || !arg_count(I, "set_gpu_wait", argc, 1, 2))
        return V_NULL;
    const char *m = is_str(I, argv[0]) ? as_str(argv[0])->data : "";
    int mode = strcmp(m, "callback") == 0 ? UVLOOP_WAIT_CALLBACK
               : strcmp(m, "spin") == 0   ? UVLOOP_WAIT_SPIN
               : strcmp(m, "poll") == 0   ? UVLOOP_WAIT_POLL
                                          : -1;
    if (mode < 0)
        return err_format(I, TY_VALUE_ERROR,
                          "set_gpu_wait: mode must be 'callback', 'spin' or 'poll'");
    double us = 200;
    if (argc > 1 && !num_to_double(I, argv[1], &us)) return V_NULL;
    if (!(us >= 0 && us <= 1e6))
        return err_format(I, TY_VALUE_ERROR, "set_gpu_wait: spin_us must be in [0, 1e6]");
    struct Loop *L = uvloop_get(I);
    if (!L) return V_NULL;
    L->wait_mode = mode;
    L->spin_ns = (uint64_t)(us * 1000.0);
    return V_NONE;
}

/* _uv.get_gpu_wait() -> (mode, spin_us) */
static Value uv_get_gpu_wait_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)argv;
    if (!arg_no_kw(I, "get_gpu_wait", kw) || !arg_count(I, "get_gpu_wait", argc, 0, 0))
        return V_NULL;
    struct Loop *L = uvloop_get(I);
    if (!L) return V_NULL;
    static const char *const names[] = {"callback", "spin", "poll"};
    Str *m = str_from_cstr(I, names[L->wait_mode]);
    if (!m || !gc_temp_push(I, v_obj(m))) return V_NULL;
    Value items[2] = {v_obj(m), v_float((double)L->spin_ns / 1000.0)};
    Tuple *t = tuple_from_array(I, items, 2);
    return t ? v_obj(t) : V_NULL;
}

/* _uv.gpu_wait_info() -> dict: what the loop waits for (a bench's watchdog prints it when a
 * phase overruns): polled (records it polls), armed (of those, handed to a thread: a host
 * callback is queued), inflight (records a thread will still fire), stacked (fired, not
 * drained yet). */
static Value uv_gpu_wait_info_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)argv;
    if (!arg_no_kw(I, "gpu_wait_info", kw) || !arg_count(I, "gpu_wait_info", argc, 0, 0))
        return V_NULL;
    struct Loop *L = uvloop_get(I);
    if (!L) return V_NULL;
    int64_t armed = 0, stacked = 0;
    for (size_t i = 0; i < L->npolled; i++)
        armed += L->polled[i]->handed;
    for (struct UvCompletion *c = atomic_load(&L->completed); c; c = c->next)
        stacked++;
    Dict *d = dict_new(I);
    if (!d || !gc_temp_push(I, v_obj(d))) return V_NULL;
    const char *keys[] = {"polled", "armed", "inflight", "stacked"};
    int64_t vals[] = {(int64_t)L->npolled, armed, atomic_load(&L->inflight), stacked};
    for (int i = 0; i < 4; i++) {
        Str *k = str_from_cstr(I, keys[i]);
        if (!k || dict_set(I, d, v_obj(k), v_int(vals[i])) < 0) return V_NULL;
    }
    return v_obj(d);
}

/* _uv.time(): the loop's clock in seconds (monotonic, as CPython's loop.time()). */
static Value uv_time_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "time", kw) || !arg_count(I, "time", argc, 0, 0)) return V_NULL;
    return v_float((double)uv_hrtime() * 1e-9);
}

struct UvCompletion *uvloop_completion_new(Interp *I, int64_t *id) {
    struct Loop *L = uvloop_get(I);
    if (!L) return NULL;
    struct UvCompletion *c = mem_alloc(I, sizeof *c);
    if (!c) return NULL;
    memset(c, 0, sizeof *c);
    c->loop = L;
    c->id = *id = L->next_completion++;
    c->handed = true;
    atomic_fetch_add(&L->inflight, 1);
    return c;
}

int uvloop_completion_poll(Interp *I, struct UvCompletion *c, UvPollFn poll,
                           void (*release)(Interp *I, void *ud), void *ud) {
    struct Loop *L = c->loop;
    if (L->npolled == L->cappolled) {
        size_t cap = L->cappolled ? L->cappolled * 2 : 16;
        struct UvCompletion **p =
            mem_realloc(I, L->polled, L->cappolled * sizeof *p, cap * sizeof *p);
        if (!p) return -1;
        L->polled = p;
        L->cappolled = cap;
    }
    c->poll = poll;
    c->release = release;
    c->ud = ud;
    L->polled[L->npolled++] = c;
    return 0;
}

void uvloop_completion_keep(Interp *I, struct UvCompletion *c) {
    (void)I;
    c->handed = false;
    atomic_fetch_sub(&c->loop->inflight, 1);
}

void uvloop_completion_lazy(Interp *I, struct UvCompletion *c, UvArmFn arm) {
    uvloop_completion_keep(I, c);
    c->arm = arm;
}

int uvloop_wait_mode(Interp *I) {
    return I->loop ? I->loop->wait_mode : UVLOOP_WAIT_SPIN;
}

bool uvloop_wants_callback(Interp *I) {
    return !I->loop || I->loop->wait_mode != UVLOOP_WAIT_POLL;
}

void uvloop_completion_discard(Interp *I, struct UvCompletion *c) {
    struct Loop *L = c->loop;
    for (size_t i = 0; c->poll && i < L->npolled; i++)
        if (L->polled[i] == c) {
            uvloop_unpoll(L, i);
            break;
        }
    if (c->handed) atomic_fetch_sub(&L->inflight, 1);
    uvloop_record_free(I, c);
}

/* Any thread (a CUhostFn): a push and a wake-up, no lock, no interpreter call. */
void uvloop_completion_fire(void *record) {
    struct UvCompletion *c = record;
    struct Loop *L = c->loop;
    struct UvCompletion *head = atomic_load(&L->completed);
    do {
        c->next = head;
    } while (!atomic_compare_exchange_weak(&L->completed, &head, c));
    uv_async_send(&L->wake);
    atomic_fetch_sub(&L->inflight, 1); /* last: after it, shutdown may free the loop */
}

static void uvloop_on_close(uv_handle_t *h) {
    (void)h;
}

void uvloop_shutdown(Interp *I) {
    struct Loop *L = I->loop;
    if (!L) return;
    /* A record still held by another thread (work queued on a GPU stream) will be fired into
     * this loop: wait for it (the work is finishing), and if it never comes, leave the loop
     * allocated rather than let the callback write into freed memory. */
    for (int i = 0; atomic_load(&L->inflight) > 0; i++) {
        if (i == 50000) return; /* 5 s */
        struct timespec ts = {0, 100000};
        nanosleep(&ts, NULL);
    }
    uvwork_cancel_all(I);
    uvstream_close_all(I);
    for (size_t i = 0; i < L->nslots; i++)
        uv_close((uv_handle_t *)&L->slots[i]->h, uvloop_on_close);
    uv_close((uv_handle_t *)&L->guard, uvloop_on_close);
    uv_close((uv_handle_t *)&L->wake, uvloop_on_close);
    /* Every handed record came back on the stack; the others are only in the poll list —
     * except one that completed by polling and was also pushed (the mock fires those): mark
     * the stack's records first so that each record is freed exactly once. */
    struct UvCompletion *done = atomic_exchange(&L->completed, NULL);
    for (struct UvCompletion *c = done; c; c = c->next)
        c->handed = true;
    for (size_t i = 0; i < L->npolled; i++)
        if (!L->polled[i]->handed) uvloop_record_free(I, L->polled[i]);
    for (struct UvCompletion *c = done, *n; c; c = n) {
        n = c->next;
        uvloop_record_free(I, c);
    }
    mem_realloc_quiet(I, L->polled, L->cappolled * sizeof *L->polled, 0);
    uv_run(&L->uv, UV_RUN_DEFAULT); /* runs the close callbacks, ends the jobs */
    uvwork_free_all(I);
    uvstream_free_all(I);
    uv_loop_close(&L->uv);
    for (size_t i = 0; i < L->nslots; i++)
        mem_free(I, L->slots[i], sizeof *L->slots[i]);
    mem_free(I, L->slots, L->capslots * sizeof *L->slots);
    mem_free(I, L->free_ids, L->capfree * sizeof *L->free_ids);
    mem_realloc_quiet(I, L->fired, L->capfired * sizeof *L->fired, 0);
    mem_free(I, L, sizeof *L);
    I->loop = NULL;
}

/* _uv.backend_fd() / backend_timeout() / wants_callback(): for a host that drives the loop
 * from its own poll loop (kr_loop_fd, kr_loop_timeout). */
static Value uv_backend_fd_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "backend_fd", kw) || !arg_count(I, "backend_fd", argc, 0, 0)) return V_NULL;
    struct Loop *L = uvloop_get(I);
    return L ? v_int(uv_backend_fd(&L->uv)) : V_NULL;
}
static Value uv_backend_timeout_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "backend_timeout", kw) || !arg_count(I, "backend_timeout", argc, 0, 0))
        return V_NULL;
    struct Loop *L = uvloop_get(I);
    if (!L) return V_NULL;
    uv_update_time(&L->uv);
    if (L->npolled && L->wait_mode != UVLOOP_WAIT_POLL) uvloop_arm_pending(I, L); /* host sleeps */
    if (atomic_load(&L->completed)) return v_int(0);
    return v_int(uv_backend_timeout(&L->uv));
}
static Value uv_wants_callback_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "wants_callback", kw) || !arg_count(I, "wants_callback", argc, 0, 0))
        return V_NULL;
    return v_bool(uvloop_wants_callback(I));
}

static const MethodDef uv_functions[] = {
    {"backend_fd", uv_backend_fd_fn, 0},
    {"backend_timeout", uv_backend_timeout_fn, 0},
    {"wants_callback", uv_wants_callback_fn, 0},
    {"timer_start", uv_timer_start_fn, 0},
    {"timer_cancel", uv_timer_cancel_fn, 0},
    {"run_once", uv_run_once_fn, 0},
    {"time", uv_time_fn, 0},
    {"set_gpu_wait", uv_set_gpu_wait_fn, 0},
    {"get_gpu_wait", uv_get_gpu_wait_fn, 0},
    {"gpu_wait_info", uv_gpu_wait_info_fn, 0},
    {"work", uvwork_submit_fn, 0},
    {"work_result", uvwork_result_fn, 0},
    {NULL, NULL, 0},
};

Module *uvloop_module_create(Interp *I) {
    Str *name = str_intern_cstr(I, "_uv");
    Module *m = name ? module_new(I, name) : NULL;
    if (!m || module_add_functions(I, m, uv_functions) < 0 || uvstream_add_functions(I, m) < 0)
        return NULL;
    return m;
}

#else

void uvloop_shutdown(Interp *I) {
    (void)I;
}

#endif
