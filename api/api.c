/* api.c: the public C API of include/krait.h: creating and freeing interpreters, running
 * source and files, run limits, and reporting errors to the host. Values, handles and
 * calls are in api_value.c; host functions, modules and classes in api_native.c. Every
 * entry point reports failure through its return value; nothing here aborts the host.
 *
 * Limits: the VM calls api_check_limits when I->interrupt_pending is set or when the
 * I->instr_budget countdown (decremented at each backward jump and call) reaches zero. A
 * tripped limit keeps interrupt_pending set, so every later check raises again and no
 * except clause can keep the script alive; the outermost run then returns KR_LIMIT. With a
 * time limit, api_timer.c's alarm sets interrupt_pending at the deadline, so the next check
 * sees it however long the steps before it took. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* pthread_getattr_np */
#endif
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "api_internal.h"
#include "../frontend/ast.h"
#include "../vm/dict.h"
#include "../vm/error.h"
#include "../vm/gc.h"
#include "../vm/number.h"
#include "../vm/seq.h"
#include "../vm/str.h"
#include "../vm/vm.h"
#include "../stdlib/builtin_docs.h"
#include "../stdlib/modules.h"
#include "../gpu/backend/cuda/backend_cuda.h"

/* Bytes of C stack natives may use below the API entry. AddressSanitizer's frames are two to
 * three times a Release build's, so a sanitized build gets more, and a Python recursion that
 * goes through C (repr calling __repr__) meets the recursion limit first, as in Release. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KR_ASAN_FRAMES 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(KR_ASAN_FRAMES)
#define C_STACK_BUDGET (7u << 20)
#else
#define C_STACK_BUDGET (4u << 20)
#endif

static void *default_alloc(void *ud, void *ptr, size_t old_size, size_t new_size) {
    (void)ud;
    (void)old_size;
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, new_size);
}

static void default_write_out(void *ud, const char *data, size_t len) {
    (void)ud;
    fwrite(data, 1, len, stdout);
}

static void default_write_err(void *ud, const char *data, size_t len) {
    (void)ud;
    fflush(stdout);
    fwrite(data, 1, len, stderr);
}

const char *kr_version(void) {
    return KR_VERSION_STRING;
}

int kr_version_number(void) {
    return KR_VERSION_MAJOR * 10000 + KR_VERSION_MINOR * 100 + KR_VERSION_PATCH;
}

void kr_config_init(kr_config *cfg) {
    if (!cfg) return;
    memset(cfg, 0, sizeof *cfg);
    cfg->struct_size = sizeof *cfg;
    cfg->recursion_limit = 1000;
}

/* A host compiled against an older krait.h passes a shorter struct: copy the fields it has
 * over the defaults. False for a size below the first version's fields. */
static bool config_normalize(const kr_config *in, kr_config *out) {
    kr_config_init(out);
    size_t n = in->struct_size ? in->struct_size : sizeof *in;
    if (n < offsetof(kr_config, sandbox) + sizeof in->sandbox) return false;
    if (n > sizeof *out) n = sizeof *out;
    memcpy(out, in, n);
    out->struct_size = sizeof *out;
    return true;
}

double api_monotonic_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- API state ------------------------------------------------------------------------ */

bool api_state_init(Interp *I) {
    ApiState *a = mem_alloc(I, sizeof(ApiState));
    if (!a) return false;
    memset(a, 0, sizeof *a);
    atomic_init(&a->terminate, 0);
    a->check_interval = API_DEFAULT_CHECK_INTERVAL;
    /* Handles carry their slot's generation: starting each interpreter's generations from
     * its own address makes a handle from another interpreter fail the check (KR_BADARG)
     * instead of naming whatever sits in the same slot here. */
    uintptr_t ad = (uintptr_t)I >> 4;
    a->gen_base = (uint32_t)(ad ^ (ad >> 29)) * 2654435761u;
    I->api = a;
    return true;
}

void api_state_free(Interp *I) {
    ApiState *a = I->api;
    if (!a) return;
    api_timer_free(I);
    mem_free(I, a->slots, a->capslots * sizeof *a->slots);
    api_refs_free(I);
    mem_free(I, a, sizeof(ApiState));
    I->api = NULL;
}

void api_trace_roots(Interp *I) {
    ApiState *a = I->api;
    if (!a) return;
    for (size_t i = 0; i < a->nslots; i++)
        gc_mark_value(I, a->slots[i].v);
    api_refs_trace(I);
    gc_mark_obj(I, (Obj *)a->func_type);
    gc_mark_obj(I, (Obj *)a->dl_exports);
}

/* ---- runs and limits ------------------------------------------------------------------ */

static bool limits_active(ApiState *a) {
    return a->step_limit || a->time_limit > 0;
}

/* The thread's stack as [lo, hi), remembered in the ApiState for the last thread that
 * called: pthread_getattr_np reads /proc/self/maps for the main thread (about 30 us), which
 * would be most of a kr_call. A new thread with the same id (glibc reuses the descriptor,
 * which lives in the thread's stack) is re-measured when the entry address is outside the
 * remembered range. */
static bool c_stack_bounds(ApiState *a, char *here, uintptr_t *lo, uintptr_t *hi) {
#if defined(__linux__) && defined(__GLIBC__)
    pthread_t self = pthread_self();
    uintptr_t h = (uintptr_t)here;
    if (a->stack_known && pthread_equal(self, a->stack_thread) && h >= a->stack_lo &&
        h < a->stack_hi) {
        *lo = a->stack_lo;
        *hi = a->stack_hi;
        return true;
    }
    pthread_attr_t at;
    bool ok = false;
    if (pthread_getattr_np(self, &at) == 0) {
        void *base;
        size_t size;
        if (pthread_attr_getstack(&at, &base, &size) == 0 && size) {
            a->stack_thread = self;
            a->stack_lo = (uintptr_t)base;
            a->stack_hi = (uintptr_t)base + size;
            a->stack_known = ok = true;
            *lo = a->stack_lo;
            *hi = a->stack_hi;
        }
        pthread_attr_destroy(&at);
    }
    return ok;
#else
    (void)a, (void)here, (void)lo, (void)hi;
    return false;
#endif
}

/* The lowest address natives may recurse down to on this thread: C_STACK_BUDGET below the
 * API entry, but never past the thread's real stack (a host thread may have 512 KiB), less
 * a margin for the natives that run between two checks. */
static char *c_stack_floor(ApiState *a, char *here) {
    uintptr_t lo = (uintptr_t)here > C_STACK_BUDGET ? (uintptr_t)here - C_STACK_BUDGET : 0;
    uintptr_t base, top;
    if (c_stack_bounds(a, here, &base, &top)) {
        size_t size = top - base;
        size_t margin = size / 4 < (256u << 10) ? size / 4 : (256u << 10);
        uintptr_t floor = base + margin;
        if (floor > lo && floor < (uintptr_t)here) lo = floor;
    }
    return (char *)lo;
}

void api_run_begin(Interp *I, ApiRun *r) {
    char here;
    ApiState *a = I->api;
    r->outermost = a->run_depth == 0;
    r->temp_mark = gc_temp_mark(I);
    if (r->outermost) {
        if (!I->c_stack_limit) I->c_stack_limit = c_stack_floor(a, &here);
        a->limit_reason = KR_LIMIT_NONE;
        a->request_before = atomic_load(&a->terminate) || atomic_load(&I->interrupt_pending) == 1;
        a->steps = 0;
        a->deadline = a->time_limit > 0 ? api_monotonic_now() + a->time_limit : 0;
        if (a->deadline > 0) api_timer_arm(I, a->deadline);
        I->instr_budget = limits_active(a) ? a->check_interval : 0;
        a->armed_budget = I->instr_budget;
    }
    a->run_depth++;
}

/* Stop the run: raise, and keep interrupt_pending set so every later check lands here. */
static bool limit_stop(Interp *I, int reason) {
    ApiState *a = I->api;
    if (!a->limit_reason) a->limit_reason = reason;
    a->request_before = false;
    atomic_store(&I->interrupt_pending, 1);
    static const char *const what[] = {"", "time limit exceeded", "step limit exceeded",
                                       "terminated by the host"};
    err_format(I, TY_KEYBOARD_INTERRUPT, "%s", what[a->limit_reason]);
    return false;
}

/* Called by the VM's checks (see the file comment); false after raising. */
bool api_check_limits(Interp *I) {
    ApiState *a = I->api;
    if (!a || a->run_depth == 0) {
        /* Not inside an API run (cannot happen) : behave as a plain interrupt check. */
        if (atomic_exchange(&I->interrupt_pending, 0)) {
            err_set_value(I, v_obj(I->types[TY_KEYBOARD_INTERRUPT]));
            return false;
        }
        return true;
    }
    if (atomic_load(&a->terminate)) return limit_stop(I, KR_LIMIT_TERMINATED);
    if (a->limit_reason) return limit_stop(I, a->limit_reason);
    if (api_timer_fired(I)) return limit_stop(I, KR_LIMIT_TIME);
    int pending = atomic_exchange(&I->interrupt_pending, 0);
    if (pending == API_TIMER_SIGNAL) return limit_stop(I, KR_LIMIT_TIME);
    if (pending) {
        a->request_before = false;
        err_set_value(I, v_obj(I->types[TY_KEYBOARD_INTERRUPT]));
        return false;
    }
    if (I->instr_budget == 0 && a->armed_budget) {
        a->steps += a->armed_budget;
        if (a->step_limit && a->steps >= a->step_limit) return limit_stop(I, KR_LIMIT_STEPS);
        unsigned long long left = a->step_limit ? a->step_limit - a->steps : ~0ull;
        I->instr_budget = left < a->check_interval ? left : a->check_interval;
        a->armed_budget = I->instr_budget;
    }
    /* The clock at every check, including those natives make while they wait (time.sleep
     * calls interp_check_host between slices, with steps left in the budget). */
    if (a->deadline > 0 && api_monotonic_now() >= a->deadline) return limit_stop(I, KR_LIMIT_TIME);
    return true;
}

/* SystemExit's status as CPython computes it: None -> 0, an int -> itself, anything else
 * is printed to stderr and gives 1. */
static int system_exit_status(Interp *I, ExcObj *e) {
    Value code = e->extra;
    if (is_null(code) || is_none(code)) {
        if (e->args && e->args->len == 1)
            code = e->args->items[0];
        else
            return 0;
        if (is_none(code)) return 0;
    }
    if (is_smallint(code) || is_bool(code)) return (int)code.as.i;
    Value s = obj_str(I, code);
    if (!is_null(s)) {
        io_write_err(I, as_str(s)->data, as_str(s)->len);
        io_write_err(I, "\n", 1);
    } else {
        err_clear(I);
    }
    return 1;
}

int api_take_error(Interp *I) {
    Obj *exc = err_fetch(I);
    if (!exc) exc = (Obj *)I->memory_error;
    I->last_error = exc;
    return KR_ERROR;
}

/* A kr_terminate or kr_interrupt that arrived during the outermost run but after its last
 * check (in its last C call, or the time.sleep that ended it) is that run's: it stops the run
 * as the check would have (KR_LIMIT; KeyboardInterrupt), rather than hitting the next run.
 * A request already pending when the run began and never checked stays for the next check.
 * A run that failed anyway keeps its own result; the request is spent. */
static int run_end_request(Interp *I, int rc, kr_value **out) {
    ApiState *a = I->api;
    if (a->request_before || a->limit_reason) return rc;
    bool terminate = atomic_exchange(&a->terminate, 0);
    if (!terminate && atomic_load(&I->interrupt_pending) != 1) return rc;
    atomic_store(&I->interrupt_pending, 0);
    if (rc != KR_OK) return rc;
    if (out && *out) {
        kr_release(I, *out);
        *out = NULL;
    }
    if (terminate) {
        limit_stop(I, KR_LIMIT_TERMINATED);
        I->last_error = err_fetch(I);
        return KR_LIMIT;
    }
    err_set_value(I, v_obj(I->types[TY_KEYBOARD_INTERRUPT]));
    return api_take_error(I);
}

int api_run_end(Interp *I, ApiRun *r, Value result, kr_value **out) {
    ApiState *a = I->api;
    int rc = KR_OK;
    if (out) *out = NULL;
    /* The result is only rooted by the temp stack until the reset below: hand it over now. */
    if (!is_null(result) && out && !(*out = api_handle_new(I, result))) result = V_NULL;
    if (is_null(result)) {
        Obj *exc = err_fetch(I);
        if (!exc) exc = (Obj *)I->memory_error; /* a native returned NULL without raising */
        I->last_error = exc;
        if (a->limit_reason) {
            rc = KR_LIMIT;
        } else if (type_is_subtype(exc->type, I->types[TY_SYSTEM_EXIT])) {
            /* in the sandbox a script cannot end the host: SystemExit is an error */
            rc = I->sandbox ? KR_ERROR : KR_EXIT;
            if (r->outermost && !I->sandbox) I->exit_code = system_exit_status(I, (ExcObj *)exc);
        } else {
            rc = KR_ERROR;
        }
    } else if (r->outermost && a->limit_reason) {
        /* The script swallowed the limit's exception and finished without another check. */
        limit_stop(I, a->limit_reason);
        I->last_error = err_fetch(I);
        rc = KR_LIMIT;
    }
    a->run_depth--;
    if (r->outermost) {
        if (a->deadline > 0) api_timer_disarm(I);
        rc = run_end_request(I, rc, out);
        I->instr_budget = 0;
        a->armed_budget = 0;
        if (a->limit_reason) { /* the run is over: nothing of its stop is left for the next */
            atomic_store(&I->interrupt_pending, 0);
            atomic_store(&a->terminate, 0);
        }
        I->c_stack_limit = NULL;
        I->c_recursion_depth = 0;
    }
    gc_temp_reset(I, r->temp_mark);
    return rc;
}

/* ---- interpreters --------------------------------------------------------------------- */

static bool init_modules(Interp *I) {
    I->modules = dict_new(I);
    if (!I->modules) return false;
    I->sys_path = list_new(I, 4);
    I->sys_argv = list_new(I, 1);
    if (!I->sys_path || !I->sys_argv) return false;
    if (!list_append(I, I->sys_argv, v_obj(I->empty_str))) return false;
    I->builtins = builtins_module_create(I);
    if (!I->builtins) return false;
    if (dict_set_str(I, I->modules, str_intern_cstr(I, "builtins"), v_obj(I->builtins)) < 0)
        return false;
    I->sys = sys_module_create(I);
    if (!I->sys) return false;
    if (dict_set_str(I, I->modules, str_intern_cstr(I, "sys"), v_obj(I->sys)) < 0) return false;
    return true;
}

/* Keep the host's configuration, with copies of its strings (the host's may not outlive
 * kr_new). */
static bool copy_config(Interp *I, const kr_config *cfg) {
    I->config = *cfg;
    /* the allow-lists are kept as dicts (api_sandbox_init), not as the host's arrays */
    I->config.sandbox_modules = I->config.sandbox_builtins = NULL;
    const char **fields[] = {&I->config.gpu_device,        &I->config.gpu_cache_dir,
                             &I->config.gpu_home_dir,      &I->config.gpu_nvrtc_path,
                             &I->config.gpu_cublaslt_path, &I->config.gpu_tile_dump,
                             &I->config.gpu_nccl_path};
    size_t n = sizeof fields / sizeof *fields, total = 0;
    for (size_t i = 0; i < n; i++)
        if (*fields[i]) total += strlen(*fields[i]) + 1;
    if (!total) return true;
    char *text = mem_alloc(I, total);
    if (!text) return false;
    I->config_text = text;
    I->config_text_size = total;
    for (size_t i = 0; i < n; i++) {
        if (!*fields[i]) continue;
        size_t len = strlen(*fields[i]) + 1;
        memcpy(text, *fields[i], len);
        *fields[i] = text;
        text += len;
    }
    return true;
}

/* The sandbox's allow-lists (kr_config.sandbox_modules, sandbox_builtins): the set of
 * module names import checks (vm/import.c), and the builtins dict scripts' frames use
 * (vm/frame.h): the allowed names and every dunder name (__build_class__, __import__, ...,
 * which the language itself needs). */
static bool api_sandbox_init(Interp *I, const kr_config *cfg) {
    if (!cfg->sandbox) return true;
    if (cfg->sandbox_modules) {
        I->sandbox_modules = dict_new(I);
        if (!I->sandbox_modules) return false;
        for (const char *const *n = cfg->sandbox_modules; *n; n++) {
            Str *s = str_from_cstr(I, *n);
            if (!s || dict_set_str(I, I->sandbox_modules, s, V_NONE) < 0) return false;
        }
    }
    if (cfg->sandbox_builtins) {
        if (!module_lazy_complete(I, I->builtins->dict)) return false;
        Dict *all = I->builtins->dict, *d = dict_new(I);
        if (!d) return false;
        I->script_builtins = d;
        size_t pos = 0;
        Value k, v;
        while (dict_next(all, &pos, &k, &v)) {
            Str *name = as_str(k);
            bool keep = name->len > 4 && !memcmp(name->data, "__", 2) &&
                        !memcmp(name->data + name->len - 2, "__", 2);
            for (const char *const *n = cfg->sandbox_builtins; !keep && *n; n++)
                keep = strcmp(*n, name->data) == 0;
            if (keep && dict_set_str(I, d, name, v) < 0) return false;
        }
    }
    return true;
}

/* The dicts built at start-up are mostly read-only: give back their spare room (a new
 * interpreter's size matters to embedders running many). Failure only leaves it. */
static void shrink_startup_dict(Interp *I, Obj *o) {
    if (o->type == I->types[TY_DICT] && !dict_shrink_to_fit(I, (Dict *)o)) err_clear(I);
}

kr_interp *kr_new(const kr_config *cfg) {
    kr_config defaults;
    if (!cfg) {
        kr_config_init(&defaults);
    } else if (!config_normalize(cfg, &defaults)) {
        return NULL;
    }
    cfg = &defaults;
    kr_allocator al = cfg->allocator;
    if (!al.fn) al.fn = default_alloc;
    Interp *I = al.fn(al.ud, NULL, 0, sizeof(Interp));
    if (!I) return NULL;
    memset(I, 0, sizeof *I);
    I->allocator = al;
    I->bytes_allocated = sizeof(Interp);
    I->gc_threshold = 1u << 20;
    I->mem_limit = 0; /* start-up is not limited; the host's limit applies to scripts */
    I->recursion_limit = cfg->recursion_limit > 0 ? cfg->recursion_limit : 1000;
    I->write_out = cfg->write_out ? cfg->write_out : default_write_out;
    I->write_err = cfg->write_err ? cfg->write_err : default_write_err;
    I->write_ud = cfg->write_ud;
    I->read_in = cfg->read_in;
    I->read_ud = cfg->read_ud;
    I->sandbox = cfg->sandbox != 0;
    I->sys_stdout = I->sys_stderr = I->sys_stdin = V_NONE;
    atomic_init(&I->interrupt_pending, 0);
    /* The layers above the VM, plugged in before anything can collect or import. */
    I->hooks.trace_roots = api_trace_roots;
    I->hooks.check_limits = api_check_limits;
    I->hooks.load_source = api_load_source;
    I->hooks.builtin_doc = stdlib_builtin_doc;
    I->hooks.sys_fill = sys_lazy_fill;
    I->hooks.native_modules = native_modules;
    I->hooks.frozen_modules = stdlib_frozen;
    I->hooks.array_backend = arr_backend_choose;
    I->gc_disabled = true;
    bool ok = api_state_init(I) && interp_init_types(I) && copy_config(I, cfg) && init_modules(I) &&
              vm_init(I) && api_native_init(I) && api_sandbox_init(I, cfg);
    if (ok) heap_each_live(I, shrink_startup_dict);
    I->gc_disabled = false;
    if (!ok) {
        kr_free(I);
        return NULL;
    }
    err_clear(I);
    I->ntemp = 0;
    gc_temp_trim(I);
    I->mem_limit = cfg->memory_limit;
    I->api->step_limit = cfg->step_limit;
    I->api->time_limit = cfg->time_limit > 0 ? cfg->time_limit : 0;
    if (cfg->check_interval) I->api->check_interval = cfg->check_interval;
    return I;
}

void kr_free(kr_interp *I) {
    if (!I) return;
    if (I->vm) vm_free(I);
    gc_free_all(I);
    uvloop_shutdown(I);     /* the libuv loop, if asyncio made one */
    gpu_module_shutdown(I); /* device state, after the arrays that hold device memory */
    mem_free(I, I->config_text, I->config_text_size); /* after the GPU state that borrows it */
    mem_free(I, I->inbuf, I->incap);
    api_state_free(I);
    for (int i = 0; i < 3; i++) {
        if (I->error_text[i])
            I->allocator.fn(I->allocator.ud, I->error_text[i], I->error_text_size[i], 0);
    }
    if (I->interned.slots)
        I->allocator.fn(I->allocator.ud, I->interned.slots, I->interned.cap * sizeof(Str *), 0);
    kr_allocator al = I->allocator;
    al.fn(al.ud, I, sizeof(Interp), 0);
}

int kr_set_argv(kr_interp *I, int argc, const char *const *argv) {
    if (!I || argc < 0 || (argc > 0 && !argv)) return KR_BADARG;
    size_t mark = gc_temp_mark(I);
    List *l = list_new(I, (size_t)(argc > 0 ? argc : 1));
    int rc = KR_NOMEM;
    if (!l) goto done;
    for (int i = 0; i < argc; i++) {
        Str *s = argv[i] ? str_from_cstr(I, argv[i]) : I->empty_str;
        if (!s || !list_append(I, l, v_obj(s))) goto done;
    }
    if (argc == 0 && !list_append(I, l, v_obj(I->empty_str))) goto done;
    /* Keep the same list object sys.argv refers to: make room first, so a failure leaves
     * the old contents. */
    if (!list_reserve(I, I->sys_argv, l->len)) goto done;
    memcpy(I->sys_argv->items, l->items, l->len * sizeof(Value));
    I->sys_argv->len = l->len;
    rc = KR_OK;
done:
    err_clear(I);
    gc_temp_reset(I, mark);
    return rc;
}

int kr_add_module_path(kr_interp *I, const char *dir) {
    if (!I || !dir) return KR_BADARG;
    size_t mark = gc_temp_mark(I);
    Str *s = str_from_cstr(I, dir);
    int rc = (s && list_append(I, I->sys_path, v_obj(s))) ? KR_OK : KR_NOMEM;
    err_clear(I);
    gc_temp_reset(I, mark);
    return rc;
}

Module *api_main_module(Interp *I) {
    if (I->main_module) return I->main_module;
    Module *m = module_new(I, I->names.main);
    if (!m) return NULL;
    Value b = I->script_builtins ? v_obj(I->script_builtins) : v_obj(I->builtins);
    if (dict_set_str(I, m->dict, I->names.builtins, b) < 0) return NULL;
    if (dict_set_str(I, m->dict, I->names.doc, V_NONE) < 0) return NULL;
    if (dict_set_str(I, I->modules, I->names.main, v_obj(m)) < 0) return NULL;
    I->main_module = m;
    return m;
}

/* Runs source in globals (NULL: __main__, whose __file__ becomes filename). */
int api_exec(Interp *I, const char *src, size_t len, const char *filename, int mode, Dict *globals,
             kr_value **result) {
    ApiRun r;
    api_run_begin(I, &r);
    Value res = V_NULL;
    if (!globals) {
        Module *m = api_main_module(I);
        if (m) {
            globals = m->dict;
            Str *fn = mode == EXEC_FILE ? str_from_cstr(I, filename) : NULL;
            if (mode != EXEC_FILE ||
                (fn && dict_set_str(I, globals, I->names.file, v_obj(fn)) >= 0))
                res = vm_exec_source(I, src, len, filename, globals, mode);
            if (mode & PARSE_TOP_AWAIT) res = api_repl_await(I, res);
        }
    } else {
        res = vm_exec_source(I, src, len, filename, globals, mode);
    }
    return api_run_end(I, &r, res, result);
}

int kr_run_string(kr_interp *I, const char *source, const char *filename) {
    if (!I || !source) return KR_BADARG;
    return api_exec(I, source, strlen(source), filename ? filename : "<string>", EXEC_FILE, NULL,
                    NULL);
}

int kr_run_file(kr_interp *I, const char *path) {
    if (!I || !path) return KR_BADARG;
    FILE *f = fopen(path, "rb");
    if (!f) {
        int e = errno;
        TypeId id = e == ENOENT ? TY_FILE_NOT_FOUND_ERROR : TY_OS_ERROR;
        err_format(I, id, "[Errno %d] %s: '%s'", e, strerror(e), path);
        return api_take_error(I);
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = mem_alloc(I, cap);
    while (buf) {
        size_t n = fread(buf + len, 1, cap - len - 1, f);
        len += n;
        if (len < cap - 1) break;
        char *nb = mem_realloc(I, buf, cap, cap * 2);
        if (!nb) {
            mem_free(I, buf, cap);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    fclose(f);
    if (!buf) return api_take_error(I);
    buf[len] = '\0';
    int rc = api_exec(I, buf, len, path, EXEC_FILE, NULL, NULL);
    mem_free(I, buf, cap);
    return rc;
}

/* ---- errors --------------------------------------------------------------------------- */

static const char *keep_text(Interp *I, int slot, const char *s, size_t n) {
    if (I->error_text[slot])
        I->allocator.fn(I->allocator.ud, I->error_text[slot], I->error_text_size[slot], 0);
    I->error_text[slot] = I->allocator.fn(I->allocator.ud, NULL, 0, n + 1);
    I->error_text_size[slot] = n + 1;
    if (!I->error_text[slot]) {
        I->error_text_size[slot] = 0;
        return "";
    }
    memcpy(I->error_text[slot], s, n);
    I->error_text[slot][n] = '\0';
    return I->error_text[slot];
}

const char *kr_error_type(kr_interp *I) {
    if (!I || !I->last_error) return NULL;
    Str *name = I->last_error->type->name;
    return keep_text(I, 0, name->data, name->len);
}

const char *kr_error_message(kr_interp *I) {
    if (!I || !I->last_error) return NULL;
    size_t mark = gc_temp_mark(I);
    Value s = exc_str(I, v_obj(I->last_error));
    const char *r =
        is_null(s) ? keep_text(I, 1, "", 0) : keep_text(I, 1, as_str(s)->data, as_str(s)->len);
    err_clear(I);
    gc_temp_reset(I, mark);
    return r;
}

const char *kr_error_traceback(kr_interp *I) {
    if (!I || !I->last_error) return NULL;
    size_t mark = gc_temp_mark(I);
    Value s = vm_format_exception(I, I->last_error);
    const char *r;
    if (is_null(s)) {
        /* Out of memory while formatting: at least the type's name. */
        Str *name = I->last_error->type->name;
        r = keep_text(I, 2, name->data, name->len);
    } else {
        r = keep_text(I, 2, as_str(s)->data, as_str(s)->len);
    }
    err_clear(I);
    gc_temp_reset(I, mark);
    return r;
}

void kr_print_error(kr_interp *I) {
    if (!I || !I->last_error) return;
    const char *tb = kr_error_traceback(I);
    io_write_err(I, tb, strlen(tb));
    if (*tb && tb[strlen(tb) - 1] != '\n') io_write_err(I, "\n", 1);
    I->last_error = NULL;
}

void kr_error_clear(kr_interp *I) {
    if (I) I->last_error = NULL;
}

int kr_exit_code(kr_interp *I) {
    return I ? I->exit_code : 1;
}

/* ---- control -------------------------------------------------------------------------- */

void kr_interrupt(kr_interp *I) {
    if (I) atomic_store(&I->interrupt_pending, 1);
}

void kr_terminate(kr_interp *I) {
    if (!I || !I->api) return;
    atomic_store(&I->api->terminate, 1);
    atomic_store(&I->interrupt_pending, 1);
}

int kr_limit_reason(kr_interp *I) {
    return I && I->api ? I->api->limit_reason : 0;
}

void kr_set_memory_limit(kr_interp *I, size_t bytes) {
    if (I) I->mem_limit = bytes;
}

void kr_set_time_limit(kr_interp *I, double seconds) {
    if (I && I->api) I->api->time_limit = seconds > 0 ? seconds : 0;
}

void kr_set_step_limit(kr_interp *I, unsigned long long steps) {
    if (I && I->api) I->api->step_limit = steps;
}

size_t kr_memory_used(kr_interp *I) {
    return I ? I->bytes_allocated : 0;
}

void kr_gc_collect(kr_interp *I) {
    if (I && !I->gc_running) gc_collect(I);
}

void kr_gc_set_stress(kr_interp *I, int stress) {
    if (I) I->gc_stress = stress != 0;
}

void kr_gc_enable(kr_interp *I, int on) {
    if (I) I->gc_disabled = !on;
}
