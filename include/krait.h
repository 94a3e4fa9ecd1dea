/* krait.h: the public C API of krait, an embeddable Python-subset interpreter with GPU
 * arrays. This is the only header a host includes. All names start with kr_ or KR_.
 * Every function reports failure through its return value; none aborts the process. */
#ifndef KRAIT_H
#define KRAIT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KR_VERSION_MAJOR  0
#define KR_VERSION_MINOR  1
#define KR_VERSION_PATCH  0
#define KR_VERSION_STRING "0.1.0"

#if defined(__GNUC__) && !defined(KR_STATIC_BUILD)
#define KR_API __attribute__((visibility("default")))
#else
#define KR_API
#endif

typedef struct kr_interp kr_interp;

/* Allocator: realloc-like. ptr NULL allocates; new_size 0 frees (return NULL). old_size is
 * the size the block was allocated with (0 for a new block). Returning NULL on a non-zero
 * request is an allocation failure, which the script sees as MemoryError. */
typedef void *(*kr_alloc_fn)(void *ud, void *ptr, size_t old_size, size_t new_size);
typedef struct kr_allocator {
    kr_alloc_fn fn;
    void *ud;
} kr_allocator;

/* Output callback for the script's stdout and stderr. */
typedef void (*kr_write_fn)(void *ud, const char *data, size_t len);
/* Input callback for the script's stdin (input(), sys.stdin): read up to size bytes into
 * buf; return how many (> 0), 0 at end of input, or -1 for an error (OSError). */
typedef long (*kr_read_fn)(void *ud, char *buf, size_t size);

typedef struct kr_config {
    /* sizeof(kr_config) as the host was compiled, set by kr_config_init: a library built
     * with later fields reads only the fields this host knows and defaults the rest, so a
     * host need not be recompiled when the struct grows. 0 (a zeroed struct) means the
     * library's own size. Always start from kr_config_init. */
    size_t struct_size;
    kr_allocator allocator; /* fn NULL: the C library's */
    kr_write_fn write_out;  /* NULL: the process's stdout */
    kr_write_fn write_err;  /* NULL: the process's stderr */
    void *write_ud;
    size_t memory_limit; /* bytes, 0: no limit */
    int recursion_limit; /* 0: 1000, as CPython */
    int sandbox;         /* non-zero: no open, os, sys.exit or file imports */
    /* Run limits, per top-level call (kr_run_*, kr_exec, kr_call...). A "step" is a loop
     * iteration (backward jump) or a call: code without either is finite, so a step limit
     * bounds any script. The clock is read every check_interval steps. A run that passes a
     * limit is stopped (no except clause can catch it) and returns KR_LIMIT. */
    unsigned long long step_limit; /* 0: none */
    double time_limit;             /* seconds of wall time, 0: none */
    unsigned check_interval;       /* steps between limit checks, 0: 10000 */
    /* GPU settings. The library never reads the environment: the krait command maps its
     * KRAIT_* variables (named below) onto these fields, and an embedding host sets the ones
     * it wants, so two interpreters in one process may differ. kr_new copies the strings.
     * Zero/NULL is the default. */
    const char *gpu_device;        /* "cpu" or "cuda" forces a backend (with "cuda",
                                    * `import gpu` fails when no device starts); "mock": the
                                    * CUDA backend on a host-run mock device (testing); NULL
                                    * or "": CUDA when a device starts, else the CPU.
                                    * KRAIT_DEVICE */
    const char *gpu_cache_dir;     /* root of the compiled-kernel disk cache; "": none; NULL:
                                    * <gpu_home_dir>/.cache/krait, or none without a home.
                                    * KRAIT_CACHE_DIR */
    const char *gpu_home_dir;      /* the user's home folder, for gpu_cache_dir's default and
                                    * the search for pip's cuBLASLt under ~/.local; NULL: none.
                                    * HOME */
    const char *gpu_nvrtc_path;    /* an NVRTC library loaded before the usual names.
                                    * KRAIT_NVRTC_PATH */
    const char *gpu_cublaslt_path; /* the cuBLASLt library to load, and no other; NULL: the
                                    * usual names, then pip's nvidia-cublas. KRAIT_CUBLASLT */
    int gpu_matmul_own;            /* non-zero: never cuBLASLt, krait's own matmul kernels.
                                    * KRAIT_MATMUL=own */
    const char *gpu_tile_dump;     /* every tile kernel's generated CUDA C with its cache key:
                                    * "1" to stderr, any other non-empty text a folder that
                                    * gets one NAME-KEY.cu file per kernel. KRAIT_TILE_DUMP */
    int gpu_tile_check_nvrtc;      /* non-zero: each tile kernel run on the CPU path is also
                                    * lowered and compiled to an sm_90a CUBIN with NVRTC, and
                                    * a failure raises (CI's check of the lowering); 1: the
                                    * variant a GPU would run with the launch's arguments,
                                    * 2: both variants. KRAIT_TILE_CHECK_NVRTC=1 or 2 */
    kr_read_fn read_in;            /* the script's stdin; NULL: the process's stdin (none in sandbox
                                    * mode). A host that sets it gives sandboxed scripts input() too. */
    void *read_ud;
    int gpu_tile_sm90;         /* the Hopper matmul loop of tile kernels (docs/TILES.md):
                                * 2 wgmma fed by TMA where a launch's arrays allow it, by
                                * cp.async otherwise; 0 (default) as 2, with a kernel's lone
                                * matmul loop outside any loop warp-specialized as 4 does;
                                * 1 off (mma.sync everywhere); 3 wgmma fed by cp.async only;
                                * 4 warp-specialized (a producer warpgroup's TMA feeds the
                                * consumer warpgroups' wgmma) where the kernel allows it, a
                                * persistent kernel's loop too, else as 2; 5 (serial) the attention loop
                                * without its software pipeline, 6 (pingpong) with its two
                                * warpgroups in turns, 7 (pipeline) the pipelined loop at one
                                * block an SM where the kernel's occupancy hint leaves too few
                                * registers for it (the default takes the hint and the serial
                                * loop there). KRAIT_TILE_SM90=tma|off|cpasync|ws|serial|
                                * pingpong|pipeline */
    double gpu_kernel_timeout; /* seconds a wait for the device may last (a kernel that
                                * never ends): past it the wait raises RuntimeError and
                                * this interpreter's GPU is unusable (docs/GPU.md); 0:
                                * wait forever. KRAIT_KERNEL_TIMEOUT */
    /* Sandbox allow-lists (used only with sandbox non-zero; docs/EMBEDDING.md). Each is a
     * NULL-terminated array of names, copied by kr_new; NULL: no restriction beyond the
     * sandbox's own. sandbox_modules: what `import` gives a script ("json" also allows
     * "json.decoder"...; the modules those import for themselves still load, and the host's
     * kr_register_module modules are always allowed). sandbox_builtins: the builtins a
     * script sees (dunder names such as __build_class__ always stay, and so do functions
     * the host adds with kr_register_function). An empty array ({NULL}) allows none. */
    const char *const *sandbox_modules;
    const char *const *sandbox_builtins;
    int gpu_tile_general_only; /* non-zero: tile kernels always run their general variant,
                                * never the exact one (docs/TILES.md). KRAIT_TILE_EXACT=0 */
    int gpu_fuse_interp;       /* a new fused expression's first launches (docs/GPU.md): 0 the
                                * default, 1: run on the graph-interpreting kernel while its own
                                * compiles on a thread (CUDA; the mock compiles nothing), 2 always
                                * interpret (tests), 3 as 1 on the mock too, 4 off (compile
                                * first). KRAIT_FUSE_INTERP=auto|always|first|off */
    int gpu_rows_kernel;       /* 0 (default) and 1: a row program (a last-axis reduction and
                                * the work over its rows) runs as one kernel per row on a GPU;
                                * 2: stage by stage, the reduction and fused kernels
                                * (docs/GPU.md). KRAIT_ROWS_KERNEL=0 gives 2 */
    int gpu_mock_devices;      /* how many devices the mock (gpu_device "mock") and the CPU
                                * backend show to gpu.device_count() and gpu.Device(i), 1 to
                                * 16; 0: 1 (docs/GPU.md "Several GPUs"). KRAIT_MOCK_DEVICES */
    const char *gpu_nccl_path; /* the NCCL library tried before libnccl.so.2 (collectives of
                                * gpu.distributed on CUDA). KRAIT_NCCL */
    int gpu_tile_hoist;        /* non-zero: a tile kernel's loop-invariant broadcasts of
                                * one-element tiles (the layer norm's mean and rstd) are
                                * emitted before their loop, not in every iteration (opt-in:
                                * not yet verified on a GPU; docs/TILES.md). KRAIT_TILE_HOIST=1 */
} kr_config;

/* Result codes. */
enum {
    KR_OK = 0,
    KR_ERROR = 1, /* the script raised; kr_error_* describe it */
    KR_EXIT = 2,  /* the script raised SystemExit; kr_exit_code gives the status */
    KR_NOMEM = 3, /* the API itself could not allocate */
    KR_LIMIT = 4, /* a run limit (time, steps) stopped the script, or kr_terminate did */
    KR_BADARG = 5 /* misuse: a NULL, released or wrong-kind argument; nothing was done */
};

/* The library's version at run time (the header's KR_VERSION_* are the compile-time one):
 * "MAJOR.MINOR.PATCH", and MAJOR * 10000 + MINOR * 100 + PATCH. */
KR_API const char *kr_version(void);
KR_API int kr_version_number(void);

/* Fill cfg with defaults (and its struct_size). */
KR_API void kr_config_init(kr_config *cfg);
/* A new interpreter, or NULL if memory ran out. cfg may be NULL for defaults. */
KR_API kr_interp *kr_new(const kr_config *cfg);
KR_API void kr_free(kr_interp *I);

/* sys.argv for the scripts this interpreter runs. */
KR_API int kr_set_argv(kr_interp *I, int argc, const char *const *argv);

/* Append a folder to the module search path (sys.path). */
KR_API int kr_add_module_path(kr_interp *I, const char *dir);

/* Run source as the __main__ module. filename is what tracebacks show. */
KR_API int kr_run_string(kr_interp *I, const char *source, const char *filename);
KR_API int kr_run_file(kr_interp *I, const char *path);

/* After KR_ERROR: the exception's type name, its str(), and the whole traceback text as
 * CPython prints it. Valid until the next call into the interpreter. */
KR_API const char *kr_error_type(kr_interp *I);
KR_API const char *kr_error_message(kr_interp *I);
KR_API const char *kr_error_traceback(kr_interp *I);
/* Print the pending error's traceback through the interpreter's stderr and clear it. */
KR_API void kr_print_error(kr_interp *I);
/* After KR_EXIT: the process status SystemExit asks for. */
KR_API int kr_exit_code(kr_interp *I);

/* Ask the running script to raise KeyboardInterrupt at its next check. Safe to call from a
 * signal handler or another thread. One that arrives after the run's last check (during its
 * last C call) ends that run with KeyboardInterrupt when it returns; one made while no run
 * is active waits for the next run's first check (kr_interrupt_clear drops it). */
KR_API void kr_interrupt(kr_interp *I);

/* The interpreter's event loop (asyncio, docs/ASYNC.md) driven by the host. Code run with
 * kr_run_string starts tasks on asyncio.get_event_loop() (outside asyncio.run, the loop
 * these drive). kr_loop_fd: libuv's backend fd; poll it for reading in the host's own loop.
 * kr_loop_timeout: milliseconds the host may wait on the fd before the next step (0: work is
 * ready now, -1: only the fd). kr_loop_step: one iteration that does not wait; returns 1
 * while tasks, timers or waits remain, 0 when the loop is idle, and a KR_ code negated when
 * the step failed (-KR_ERROR, -KR_EXIT, -KR_NOMEM, -KR_LIMIT; the exception is in
 * kr_error_*). kr_loop_run: iterations (waiting when there is nothing to do) until idle;
 * KR_OK, or the KR_ code of the step that failed. kr_loop_fd/_timeout: -1 on failure (and
 * when built without libuv). */
KR_API int kr_loop_fd(kr_interp *I);
KR_API int kr_loop_timeout(kr_interp *I);
KR_API int kr_loop_step(kr_interp *I);
KR_API int kr_loop_run(kr_interp *I);
/* 1 when the interpreter's event loop exists (a script used asyncio), else 0: a host (the
 * REPL) can leave the kr_loop_* calls above, which would make the loop, until then. */
KR_API int kr_loop_exists(kr_interp *I);

/* Collect garbage now; with stress non-zero, collect at every allocation (testing). */
KR_API void kr_gc_collect(kr_interp *I);
KR_API void kr_gc_set_stress(kr_interp *I, int stress);

/* ==== Values and handles ==================================================================
 *
 * Script values never cross the API as raw pointers. A kr_value * is a handle: an opaque
 * token naming a slot of the interpreter's handle table, which the collector treats as a
 * root (and which a moving collector would update). Rules:
 *  - Every function that gives the host a value (kr_int, kr_get_global, kr_call...) makes a
 *    new handle; the value stays alive at least as long as the handle.
 *  - Release handles with kr_release, or in bulk: kr_scope_push returns a mark and
 *    kr_scope_pop releases every handle made since that mark. Handles are a stack; holding
 *    many thousands without releasing them is a leak (memory grows until kr_free).
 *  - Inside a kr_cfunction, the argument handles and every handle the function makes are
 *    released when it returns (an implicit scope), so natives need not release anything.
 *  - A released handle is invalid: functions given one return KR_BADARG (or NULL) and do
 *    nothing, as far as can be detected (a slot re-used by a newer handle is not detected).
 *  - Handles belong to one interpreter; never pass them to another.
 *  - Pointers into a value (kr_get_str, kr_get_bytes, kr_instance_data) stay valid while
 *    a handle to that value is alive; strings, bytes and native instances never move.
 *
 * Errors: a function returning int returns KR_OK on success; on failure it returns
 * KR_ERROR and the exception is kept as the interpreter's current error (kr_error_type,
 * kr_error_message, kr_error_traceback, kr_error_value) until the next failing call or
 * kr_error_clear. A function returning a handle returns NULL on failure, likewise. */
typedef struct kr_value kr_value;

/* Release one handle (NULL is ignored). */
KR_API void kr_release(kr_interp *I, kr_value *v);
/* A second handle to the same value (released independently). NULL on failure. */
KR_API kr_value *kr_dup(kr_interp *I, kr_value *v);
/* Scopes: kr_scope_pop(I, kr_scope_push(I)) releases every handle made in between. */
KR_API size_t kr_scope_push(kr_interp *I);
KR_API void kr_scope_pop(kr_interp *I, size_t mark);
/* Live handles (for leak checks in hosts and tests). */
KR_API size_t kr_handle_count(kr_interp *I);

/* ---- making values (NULL on failure: MemoryError, or UnicodeDecodeError for kr_str) ---- */
KR_API kr_value *kr_none(kr_interp *I);
KR_API kr_value *kr_bool(kr_interp *I, int b);
KR_API kr_value *kr_int(kr_interp *I, long long i);
KR_API kr_value *kr_float(kr_interp *I, double d);
KR_API kr_value *kr_str(kr_interp *I, const char *utf8);              /* NUL-terminated */
KR_API kr_value *kr_strn(kr_interp *I, const char *utf8, size_t len); /* must be UTF-8 */
KR_API kr_value *kr_bytes(kr_interp *I, const void *data, size_t len);
KR_API kr_value *kr_list(kr_interp *I); /* empty */
KR_API kr_value *kr_tuple(kr_interp *I, int n, kr_value *const *items);
KR_API kr_value *kr_dict(kr_interp *I); /* empty */

/* ---- inspecting values ---- */
enum {
    KR_TYPE_INVALID = -1, /* not a live handle */
    KR_TYPE_NONE = 0,
    KR_TYPE_BOOL,
    KR_TYPE_INT,
    KR_TYPE_FLOAT,
    KR_TYPE_STR,
    KR_TYPE_BYTES,
    KR_TYPE_LIST,
    KR_TYPE_TUPLE,
    KR_TYPE_DICT,
    KR_TYPE_CALLABLE, /* functions, classes, bound methods... */
    KR_TYPE_OTHER
};
/* The KR_TYPE_* of v (subclasses report their builtin base, e.g. a dict subclass is
 * KR_TYPE_DICT). */
KR_API int kr_typeof(kr_interp *I, kr_value *v);
/* The script-visible type name ("int", "MyClass"); valid while v's handle lives. */
KR_API const char *kr_type_name(kr_interp *I, kr_value *v);
/* 1 when a is b (Python's `is`), 0 otherwise or when either handle is invalid. */
KR_API int kr_is(kr_interp *I, kr_value *a, kr_value *b);

/* ---- converting to C: KR_OK, or KR_ERROR (TypeError, OverflowError) ---- */
KR_API int kr_to_int(kr_interp *I, kr_value *v, long long *out); /* int or bool, exact */
KR_API int kr_to_float(kr_interp *I, kr_value *v, double *out);  /* int, float or bool */
KR_API int kr_to_bool(kr_interp *I, kr_value *v, int *out);      /* truth value: may run code */
/* A str's UTF-8 bytes (NUL-terminated; *len may be NULL). TypeError for other types. */
KR_API int kr_get_str(kr_interp *I, kr_value *v, const char **utf8, size_t *len);
/* A bytes or bytearray's contents. A bytearray's pointer is valid only until the script
 * or the host next changes that bytearray. */
KR_API int kr_get_bytes(kr_interp *I, kr_value *v, const void **data, size_t *len);
/* str(v) and repr(v) as new str handles. */
KR_API int kr_to_str(kr_interp *I, kr_value *v, kr_value **out);
KR_API int kr_repr(kr_interp *I, kr_value *v, kr_value **out);

/* ---- containers and attributes (the script's protocols: may run script code) ---- */
KR_API int kr_len(kr_interp *I, kr_value *v, long long *out);
KR_API int kr_get_item(kr_interp *I, kr_value *obj, kr_value *key, kr_value **out); /* obj[key] */
KR_API int kr_set_item(kr_interp *I, kr_value *obj, kr_value *key, kr_value *val);
KR_API int kr_del_item(kr_interp *I, kr_value *obj, kr_value *key);
KR_API int kr_get_index(kr_interp *I, kr_value *obj, long long i, kr_value **out); /* obj[i] */
KR_API int kr_set_index(kr_interp *I, kr_value *obj, long long i, kr_value *val);
/* obj[key] with a str key made from a C string (dicts of settings, JSON-like data). */
KR_API int kr_get_key(kr_interp *I, kr_value *obj, const char *key, kr_value **out);
KR_API int kr_set_key(kr_interp *I, kr_value *obj, const char *key, kr_value *val);
KR_API int kr_append(kr_interp *I, kr_value *list, kr_value *item); /* list.append(item) */
KR_API int kr_contains(kr_interp *I, kr_value *obj, kr_value *item, int *out); /* item in obj */
KR_API int kr_get_attr(kr_interp *I, kr_value *obj, const char *name, kr_value **out);
KR_API int kr_set_attr(kr_interp *I, kr_value *obj, const char *name, kr_value *val);
/* iter(obj); then kr_next gives each item, and *item == NULL (with KR_OK) at the end. */
KR_API int kr_iter(kr_interp *I, kr_value *obj, kr_value **it);
KR_API int kr_next(kr_interp *I, kr_value *it, kr_value **item);

/* ---- globals of __main__ ---- */
/* KR_ERROR (NameError) when the name is not defined in __main__ or the builtins. */
KR_API int kr_get_global(kr_interp *I, const char *name, kr_value **out);
KR_API int kr_set_global(kr_interp *I, const char *name, kr_value *val);
/* The __main__ module's globals dict. */
KR_API kr_value *kr_globals(kr_interp *I);

/* ---- running code ---- */
enum {
    KR_MODE_EXEC = 0,  /* a module's statements; *result is None */
    KR_MODE_EVAL = 1,  /* one expression; *result is its value */
    KR_MODE_SINGLE = 2 /* one interactive statement; expression values are printed */
};
/* Run source in globals (a dict handle; NULL: __main__'s) in the given mode. result may be
 * NULL. Returns KR_OK, KR_ERROR, KR_EXIT or KR_LIMIT as kr_run_string does. */
KR_API int kr_exec(kr_interp *I, const char *source, const char *filename, int mode,
                   kr_value *globals, kr_value **result);
/* kr_exec(I, expr, "<eval>", KR_MODE_EVAL, NULL, result). */
KR_API int kr_eval(kr_interp *I, const char *expr, kr_value **result);

/* ---- calling ---- */
/* fn(*argv); result may be NULL. KR_OK, KR_ERROR, KR_EXIT or KR_LIMIT. */
KR_API int kr_call(kr_interp *I, kr_value *fn, int argc, kr_value *const *argv, kr_value **result);
/* fn(*argv, **{kwnames[i]: kwvalues[i]}). */
KR_API int kr_call_kw(kr_interp *I, kr_value *fn, int argc, kr_value *const *argv, int nkw,
                      const char *const *kwnames, kr_value *const *kwvalues, kr_value **result);
/* obj.name(*argv). */
KR_API int kr_call_method(kr_interp *I, kr_value *obj, const char *name, int argc,
                          kr_value *const *argv, kr_value **result);

/* ---- errors (see also kr_error_type/message/traceback above) ---- */
/* The current error's exception object, as a new handle; NULL when there is none. */
KR_API kr_value *kr_error_value(kr_interp *I);
/* Forget the current error. */
KR_API void kr_error_clear(kr_interp *I);
/* Make a new exception of the builtin class type_name ("ValueError", "KeyError"...; an
 * unknown name gives RuntimeError) with a printf-style message the current error, and
 * return KR_ERROR: natives write `return kr_raise(I, "ValueError", "bad %d", x);`. */
KR_API int kr_raise(kr_interp *I, const char *type_name, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Make exc (an exception instance or class) the current error; returns KR_ERROR. */
KR_API int kr_raise_value(kr_interp *I, kr_value *exc);

/* ---- C functions ---- */
/* A function scripts can call. argv holds the positional arguments; kwargs is a dict of
 * the keyword arguments, or NULL when there are none; ud is the pointer given when the
 * function was made. Set *result to the return value (left NULL: None) and return KR_OK, or
 * return KR_ERROR after kr_raise (or after an API call that failed: its error propagates).
 * Never longjmp out of one. Every handle it makes is released when it returns. Methods of
 * native types get the instance as argv[0]. */
typedef int (*kr_cfunction)(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                            kr_value **result, void *ud);
typedef struct kr_function_def {
    const char *name;
    kr_cfunction fn;
} kr_function_def; /* arrays of them end with {NULL, NULL} */

/* Parse a C function's arguments against a signature written as in Python, with a type
 * letter per parameter and "= ?" for an optional one, "/" and "*" as in def:
 *     kr_parse_args(I, argc, argv, kwargs, "move(x: f, y: f = ?, /, *, label: s = ?)",
 *                   &x, &y, &label)
 * Types and their out-pointers: i long long *, f double * (int or float), b int * (truth
 * value), s const char ** (a str; valid while the argument lives), o kr_value ** (a new
 * handle). An optional parameter not given leaves its variable as it was (the default).
 * Too many or missing arguments, unexpected or repeated keywords and wrong types raise
 * TypeError with CPython's message for a def of the same signature (KR_ERROR: return it).
 * KR_BADARG for a malformed signature (at most 32 parameters). */
KR_API int kr_parse_args(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                         const char *signature, ...);

/* A new function object wrapping fn. */
KR_API kr_value *kr_function(kr_interp *I, const char *name, kr_cfunction fn, void *ud);
/* Make fn a builtin: visible to every module, as len or print are. */
KR_API int kr_register_function(kr_interp *I, const char *name, kr_cfunction fn, void *ud);
/* A native module scripts can `import name`, holding the functions of fns (which may be
 * NULL), each called with ud. *module (may be NULL) receives it, to add constants with
 * kr_set_attr. Replaces an earlier module of the same name. */
KR_API int kr_register_module(kr_interp *I, const char *name, const kr_function_def *fns, void *ud,
                              kr_value **module);

/* ---- module loader ---- */
/* Asked by `import` for a module name (dotted names in full: "pkg" then "pkg.sub") that no
 * built-in, registered or frozen module has, before the files of sys.path, in sandbox mode
 * too. To serve it, set *source to its UTF-8 text of *len bytes (and *filename, may stay
 * NULL, for tracebacks; "<host NAME>" by default) and return KR_OK: both are copied before
 * import goes on, so they may be the host's temporary buffers. Leave *source NULL and
 * return KR_OK for "not mine" (a loader may also kr_register_module the name itself); or
 * kr_raise and return KR_ERROR, which import raises. */
typedef int (*kr_module_loader)(kr_interp *I, const char *name, void *ud, const char **source,
                                size_t *len, const char **filename);
/* Install the loader (NULL removes it); ud is passed to every call. */
KR_API void kr_set_module_loader(kr_interp *I, kr_module_loader fn, void *ud);

/* ---- persistent references (Lua's luaL_ref) ---- */
/* Keep the value of v alive under an integer until kr_unref, past the end of the native
 * call or scope its handle belongs to, without storing it where scripts can reach it.
 * Returns the reference (> 0), or 0 on failure (a bad handle, or out of memory). */
KR_API int kr_ref(kr_interp *I, kr_value *v);
/* A new handle to the referenced value; NULL for a reference that is not live. */
KR_API kr_value *kr_ref_get(kr_interp *I, int ref);
/* Release a reference (0 or one already released is ignored); its number may be reused. */
KR_API void kr_unref(kr_interp *I, int ref);
/* Live references (for leak checks). */
KR_API size_t kr_ref_count(kr_interp *I);

/* ---- native types ---- */
/* Frees what an instance's data owns (not the data itself). Called once, when the instance
 * is collected or at kr_free; it must not call the API. */
typedef void (*kr_finalizer)(void *data, void *ud);
/* The same, told the interpreter: it may call kr_unref (to drop references the instance
 * kept) and nothing else of the API. */
typedef void (*kr_finalizer_ex)(kr_interp *I, void *data, void *ud);
/* A property of a host class: get is called with argv[0] = the instance and returns the
 * value; set (NULL: read-only, AttributeError on assignment) with argv[0] = the instance
 * and argv[1] = the new value. */
typedef struct kr_property_def {
    const char *name;
    kr_cfunction get;
    kr_cfunction set;
} kr_property_def; /* arrays of them end with {NULL, NULL, NULL} */
typedef struct kr_type_def {
    const char *name;
    size_t data_size;               /* bytes of host data per instance, zeroed at creation */
    const kr_function_def *methods; /* may include "__init__", "__repr__", "__len__"... */
    kr_finalizer finalize;          /* may be NULL */
} kr_type_def;
/* More of a class, for kr_new_type_ex (a separate struct, so kr_type_def initializers
 * written for earlier versions stay complete). Zero fields: none. */
typedef struct kr_type_ext {
    const kr_property_def *properties;
    int sealed;                  /* non-zero: scripts cannot set or delete the class's attributes */
    kr_finalizer_ex finalize_ex; /* called after def->finalize, with the interpreter */
    const char *doc;             /* the class's __doc__ */
} kr_type_ext;
/* A new class. Calling it from a script creates an instance, then calls "__init__" if
 * methods has one. The class is final (scripts cannot subclass it). ud goes to every
 * method, property and finalizer. Register it with kr_set_global or kr_set_attr. */
KR_API int kr_new_type(kr_interp *I, const kr_type_def *def, void *ud, kr_value **type);
/* kr_new_type with properties, sealing, a finalizer told the interpreter, a docstring
 * (ext may be NULL). */
KR_API int kr_new_type_ex(kr_interp *I, const kr_type_def *def, const kr_type_ext *ext, void *ud,
                          kr_value **type);
/* An instance of a kr_new_type class, without calling __init__. */
KR_API int kr_new_instance(kr_interp *I, kr_value *type, kr_value **out);
/* The host data of obj if it is an instance of type (exactly), else NULL. */
KR_API void *kr_instance_data(kr_interp *I, kr_value *obj, kr_value *type);
/* The host data of obj if its class was made by kr_new_type from def in this interpreter,
 * else NULL: methods check self without keeping the class handle anywhere. */
KR_API void *kr_instance_data_of(kr_interp *I, kr_value *obj, const kr_type_def *def);

/* ---- debug hook (Lua's lua_sethook) ---- */
enum {
    KR_HOOK_CALL = 1,   /* a function (or module, class body) starts, or a generator first runs */
    KR_HOOK_RETURN = 2, /* it is about to return or yield */
    KR_HOOK_LINE = 4,   /* it starts a new line, or jumps back (a loop's next iteration) */
    KR_HOOK_COUNT = 8   /* every `count` instructions */
};
typedef struct kr_debug_info {
    int event;            /* one KR_HOOK_* */
    const char *file;     /* the script file of the running code */
    const char *function; /* its qualified name ("<module>", "Foo.bar") */
    int line;             /* the line about to run (1-based) */
    int depth;            /* Python call depth (1: the outermost frame) */
} kr_debug_info;
/* The hook may call kr_interrupt or kr_terminate (the script stops before the instruction
 * runs) and kr_set_hook, and nothing else of the API; its strings live until it returns.
 * Events do not nest: code the hook causes makes none. */
typedef void (*kr_hook_fn)(kr_interp *I, const kr_debug_info *info, void *ud);
/* Set the hook for the events in mask (0 or fn NULL: none; KR_HOOK_COUNT needs count > 0).
 * Takes effect at the next call or return of the running script, or at once between runs.
 * Without a hook the VM pays nothing for this. */
KR_API void kr_set_hook(kr_interp *I, kr_hook_fn fn, int mask, int count, void *ud);

/* ---- limits and control ---- */
/* For long-running natives: the check the VM makes at every loop iteration, made now; it
 * counts as one step (the clock is read every check_interval steps, as for scripts). Call
 * it every few thousand iterations. KR_OK to go on; KR_ERROR when the run must stop
 * (KeyboardInterrupt from kr_interrupt or Ctrl-C, a time or step limit, kr_terminate): return
 * KR_ERROR from the native at once and the run unwinds (as KR_LIMIT for a limit). KR_OK outside a
 * run. */
KR_API int kr_check_interrupt(kr_interp *I);
/* Like kr_interrupt, but the script cannot catch it: every later check raises again until
 * the run returns, which it does with KR_LIMIT (also when it arrived after the run's last
 * check). Safe from a signal handler or a thread. */
KR_API void kr_terminate(kr_interp *I);
enum { KR_LIMIT_NONE = 0, KR_LIMIT_TIME, KR_LIMIT_STEPS, KR_LIMIT_TERMINATED };
/* Why the last run returned KR_LIMIT (KR_LIMIT_NONE otherwise). */
KR_API int kr_limit_reason(kr_interp *I);
/* Change limits after kr_new (same meaning as in kr_config; take effect at the next run). */
KR_API void kr_set_memory_limit(kr_interp *I, size_t bytes);
KR_API void kr_set_time_limit(kr_interp *I, double seconds);
KR_API void kr_set_step_limit(kr_interp *I, unsigned long long steps);
/* Bytes the interpreter holds now (objects and tables, through its allocator). */
KR_API size_t kr_memory_used(kr_interp *I);
/* Turn automatic collection off (0) or on again; kr_gc_collect still works. */
KR_API void kr_gc_enable(kr_interp *I, int on);

/* ---- REPL: what an interactive prompt needs (api/api_repl.c) ---- */

/* Run source, one interactive statement (simple or compound), in __main__ as CPython's
 * "single" mode does: the repr of each expression statement's value is written to stdout
 * (None is not) and bound to builtins._. filename (NULL: "<stdin>") is what tracebacks and
 * syntax errors show; line numbers count from 1 in source. Returns KR_OK, KR_ERROR (the
 * exception, SyntaxError included, is pending for kr_error_* / kr_print_error), KR_EXIT
 * (SystemExit; kr_exit_code gives the status) or KR_NOMEM. */
KR_API int kr_run_single(kr_interp *I, const char *source, const char *filename);

/* 1 if source is an unfinished interactive statement that needs more lines: an open
 * bracket, an unterminated triple-quoted string, or a compound statement not yet closed by
 * a blank line; 0 if it is complete or holds a syntax error (run it to report the error).
 * source is the typed lines joined with '\n' and no newline after the last one (as
 * code.InteractiveConsole joins them), so a blank line typed last leaves a final '\n'. */
KR_API int kr_source_incomplete(const char *source);

/* Drop an interrupt requested by kr_interrupt or kr_terminate that no running code has seen
 * yet, so that the next statement does not start with a stale KeyboardInterrupt. */
KR_API void kr_interrupt_clear(kr_interp *I);

/* Completion candidates for text, the word before the cursor, as rlcompleter gives them:
 * without a dot, the keywords, the globals of __main__ and the builtins whose names start
 * with text; for "a.b.c", the attributes of a.b (as dir() lists them) that start with c,
 * each returned whole ("a.b.count("). Callables get "(" appended, keywords " " or ":".
 * The dotted chain is resolved by looking names up only: no Python code runs. cb is
 * called once per candidate with a string valid during the call. Returns KR_OK, KR_ERROR
 * (bad arguments) or KR_NOMEM. */
KR_API int kr_complete(kr_interp *I, const char *text, void (*cb)(void *ud, const char *candidate),
                       void *ud);

/* ---- Arrays: zero-copy exchange with the gpu module (api/api_array.c) ---- */
/* Element types (values fixed: later ones are appended). */
typedef enum kr_dtype {
    KR_BOOL,
    KR_INT8,
    KR_INT16,
    KR_INT32,
    KR_INT64,
    KR_UINT8,
    KR_UINT32,
    KR_FLOAT16,
    KR_BFLOAT16,
    KR_FLOAT32,
    KR_FLOAT64,
    KR_UINT16,
    KR_UINT64
} kr_dtype;
#define KR_ARRAY_MAXDIM 16
enum { KR_DEVICE_HOST = 0, KR_DEVICE_CUDA = 1 };

/* A gpu array over the host's memory, without copying: data (host memory, or a CUDA device
 * pointer when device is KR_DEVICE_CUDA, which needs the CUDA backend: on the CPU backend
 * it fails with RuntimeError) holding ndim (0..KR_ARRAY_MAXDIM) dimensions of shape, with
 * strides_bytes (NULL: C-contiguous; negative strides are allowed, data is the first
 * element). Scripts read and write the memory in place, and views of the array share it.
 * release(ud, data) (may be NULL) is called exactly once, when the collector frees the
 * array and its last view, or at kr_free; it must not call the API. The memory must stay
 * valid until then. On failure (NULL; kr_error_* describe a ValueError) release is not
 * called and the memory stays the host's alone. */
KR_API kr_value *kr_array_wrap(kr_interp *I, void *data, kr_dtype dt, int ndim,
                               const int64_t *shape, const int64_t *strides_bytes, int device,
                               void (*release)(void *ud, void *data), void *ud);

typedef struct kr_array_desc {
    void *data; /* the first element: host memory or a CUDA device pointer */
    kr_dtype dtype;
    int ndim;
    int device; /* KR_DEVICE_HOST or KR_DEVICE_CUDA */
    int64_t shape[KR_ARRAY_MAXDIM];
    int64_t strides[KR_ARRAY_MAXDIM]; /* bytes */
} kr_array_desc;
/* Describe arr (a gpu array, KR_ERROR with TypeError otherwise). Pending lazy GPU work is
 * evaluated first and the stream synchronized, so the data is current. On the CUDA backend
 * an array wrapped from host memory is reported on the host (its memory updated), one
 * wrapped from a device pointer on the device, and others where their current data is.
 * The pointer stays valid while the host holds the handle (or the array is otherwise
 * alive), until a script changes the array again on the other side. */
KR_API int kr_array_info(kr_interp *I, kr_value *arr, kr_array_desc *out);

/* DLPack v0.8 (dlpack.h), declared under kr_ names with the same ABI. */
typedef enum { KR_DL_CPU = 1, KR_DL_CUDA = 2, KR_DL_CUDA_HOST = 3 } kr_dl_device_type;
typedef enum {
    KR_DL_INT = 0,
    KR_DL_UINT = 1,
    KR_DL_FLOAT = 2,
    KR_DL_BFLOAT = 4,
    KR_DL_BOOL = 6
} kr_dl_dtype_code;
typedef struct kr_dldevice {
    int32_t device_type; /* kr_dl_device_type */
    int32_t device_id;
} kr_dldevice;
typedef struct kr_dldatatype {
    uint8_t code; /* kr_dl_dtype_code */
    uint8_t bits;
    uint16_t lanes;
} kr_dldatatype;
typedef struct kr_dltensor {
    void *data;
    kr_dldevice device;
    int32_t ndim;
    kr_dldatatype dtype;
    int64_t *shape;
    int64_t *strides; /* in elements; NULL: C-contiguous */
    uint64_t byte_offset;
} kr_dltensor;
typedef struct kr_dlmanaged_tensor {
    kr_dltensor dl_tensor;
    void *manager_ctx;
    void (*deleter)(struct kr_dlmanaged_tensor *self);
} kr_dlmanaged_tensor;

/* An array over a DLPack tensor, without copying. On success it takes ownership: the
 * tensor's deleter is called once, when the array is freed or at kr_free. On failure (NULL;
 * an unsupported dtype, lanes != 1, a device other than CPU/CUDA...) the tensor stays the
 * caller's. */
KR_API kr_value *kr_array_from_dlpack(kr_interp *I, kr_dlmanaged_tensor *t);
/* A DLPack tensor over arr's memory (as kr_array_info reports it), without copying. The
 * array stays alive until the consumer calls t->deleter(t), which it must do exactly once
 * and before kr_free. NULL on failure (kr_error_* say why). */
KR_API kr_dlmanaged_tensor *kr_array_to_dlpack(kr_interp *I, kr_value *arr);

/* ---- Tile kernels exported by ct.export (api/api_tile.c) ---- */
/* ct.export(kernel, args, path, arch=...) writes a CUBIN to path and its description to
 * path + ".json" (docs/TILES.md, "Exported kernels"). A host loads the pair and launches
 * the kernel on its own device memory, without a script: any CUDA device pointer of the
 * device's primary context works (cuMemAlloc/cudaMalloc memory, or kr_array_info's).
 * Errors are KR_ERROR / NULL with the exception (ValueError for a bad file or description,
 * TypeError for arguments that do not fit the kernel, RuntimeError from the device,
 * AssertionError for a failed ct.assert_) readable through kr_error_type/_message. */
typedef struct kr_tile_kernel kr_tile_kernel;

/* Read path (the CUBIN) and path + ".json". Nothing touches the device yet: the module is
 * loaded at the first launch, so loading and argument checks work without a GPU. */
KR_API kr_tile_kernel *kr_tile_load(kr_interp *I, const char *path);
/* The same from memory: the CUBIN's bytes (copied) and the description's JSON text. */
KR_API kr_tile_kernel *kr_tile_load_data(kr_interp *I, const void *cubin, size_t size,
                                         const char *json);
/* Unload the module and free k (NULL is ignored); every kernel before kr_free(I). */
KR_API void kr_tile_free(kr_interp *I, kr_tile_kernel *k);

typedef struct kr_tile_param {
    const char *name;  /* the kernel parameter's name (ct.Constant ones are folded away) */
    int is_array;      /* 1: a device array, 0: a scalar */
    const char *dtype; /* "float32", "int64", "bool", ... (cuTile's names) */
    int rank;          /* arrays: number of dimensions */
} kr_tile_param;
KR_API const char *kr_tile_name(const kr_tile_kernel *k); /* the kernel's Python name */
KR_API int kr_tile_nparams(const kr_tile_kernel *k);
/* Describe parameter i (0 <= i < kr_tile_nparams); the strings live as long as k. */
KR_API int kr_tile_param_info(const kr_tile_kernel *k, int i, kr_tile_param *out);

enum { KR_TILE_ARRAY = 1, KR_TILE_INT = 2, KR_TILE_FLOAT = 3 };
typedef struct kr_tile_arg {
    int kind;               /* KR_TILE_ARRAY, KR_TILE_INT or KR_TILE_FLOAT */
    void *data;             /* arrays: device address of the first element */
    kr_dtype dtype;         /* arrays: must be the parameter's dtype */
    int ndim;               /* arrays: must be the parameter's rank */
    const int64_t *shape;   /* arrays: ndim sizes */
    const int64_t *strides; /* arrays: ndim strides in ELEMENTS; NULL: C-contiguous */
    long long i;            /* KR_TILE_INT: for int and bool parameters (and float ones) */
    double f;               /* KR_TILE_FLOAT: for float parameters */
} kr_tile_arg;
/* Launch k on grid (blocks along x, y, z; a 0 launches nothing) with args, one per
 * parameter in kr_tile_param_info's order, on stream (a CUstream; NULL: krait's current
 * stream). Arguments are checked first (count, kind, dtype, rank, an int that fits the
 * parameter's dtype). Asynchronous, as ct.launch is, except for kernels with ct.assert_,
 * which wait to report a failure. Needs the CUDA backend: a RuntimeError on the CPU
 * backend (KRAIT_DEVICE=cpu or no GPU) and on the mock device (a CUBIN cannot run there). */
KR_API int kr_tile_launch(kr_interp *I, kr_tile_kernel *k, const unsigned grid[3], void *stream,
                          int nargs, const kr_tile_arg *args);

#ifdef __cplusplus
}
#endif
#endif
