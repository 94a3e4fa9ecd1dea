/* interp.h: the interpreter object. Everything krait knows hangs off one of these; there is
 * no mutable global or static state anywhere in the library, so a host can run any number of
 * interpreters in one process. Subsystems with much private state keep it behind a pointer
 * to their own struct (vm, gpu) so that this header stays the small shared core. */
#ifndef KRAIT_INTERP_H
#define KRAIT_INTERP_H

#include <signal.h>
#include <stdatomic.h>

#include "../include/krait.h"
#include "object.h"

/* Interned names the VM and the type code use often; I->names.init is "__init__". */
#define COMMON_NAMES(X)                                                                            \
    X(init, "__init__")                                                                            \
    X(new_, "__new__")                                                                             \
    X(repr, "__repr__")                                                                            \
    X(str, "__str__")                                                                              \
    X(hash, "__hash__")                                                                            \
    X(eq, "__eq__")                                                                                \
    X(ne, "__ne__")                                                                                \
    X(lt, "__lt__")                                                                                \
    X(le, "__le__")                                                                                \
    X(gt, "__gt__")                                                                                \
    X(ge, "__ge__")                                                                                \
    X(len, "__len__")                                                                              \
    X(bool_, "__bool__")                                                                           \
    X(getitem, "__getitem__")                                                                      \
    X(setitem, "__setitem__")                                                                      \
    X(delitem, "__delitem__")                                                                      \
    X(contains, "__contains__")                                                                    \
    X(iter, "__iter__")                                                                            \
    X(next, "__next__")                                                                            \
    X(call, "__call__")                                                                            \
    X(getattr, "__getattr__")                                                                      \
    X(getattribute, "__getattribute__")                                                            \
    X(setattr, "__setattr__")                                                                      \
    X(delattr, "__delattr__")                                                                      \
    X(get, "__get__")                                                                              \
    X(set, "__set__")                                                                              \
    X(delete, "__delete__")                                                                        \
    X(enter, "__enter__")                                                                          \
    X(exit, "__exit__")                                                                            \
    X(neg, "__neg__")                                                                              \
    X(pos, "__pos__")                                                                              \
    X(invert, "__invert__")                                                                        \
    X(abs, "__abs__")                                                                              \
    X(index, "__index__")                                                                          \
    X(int_, "__int__")                                                                             \
    X(float_, "__float__")                                                                         \
    X(round, "__round__")                                                                          \
    X(format, "__format__")                                                                        \
    X(name, "__name__")                                                                            \
    X(qualname, "__qualname__")                                                                    \
    X(module, "__module__")                                                                        \
    X(doc, "__doc__")                                                                              \
    X(dict, "__dict__")                                                                            \
    X(class_, "__class__")                                                                         \
    X(bases, "__bases__")                                                                          \
    X(mro, "__mro__")                                                                              \
    X(annotations, "__annotations__")                                                              \
    X(builtins, "__builtins__")                                                                    \
    X(main, "__main__")                                                                            \
    X(file, "__file__")                                                                            \
    X(all, "__all__")                                                                              \
    X(path, "__path__")                                                                            \
    X(await_, "__await__")                                                                         \
    X(aiter, "__aiter__")                                                                          \
    X(anext, "__anext__")                                                                          \
    X(aenter, "__aenter__")                                                                        \
    X(aexit, "__aexit__")                                                                          \
    X(init_subclass, "__init_subclass__")                                                          \
    X(set_name, "__set_name__")                                                                    \
    X(missing, "__missing__")                                                                      \
    X(reversed, "__reversed__")                                                                    \
    X(length_hint, "__length_hint__")                                                              \
    X(self, "self")                                                                                \
    X(args, "args")                                                                                \
    X(send, "send")                                                                                \
    X(throw, "throw")                                                                              \
    X(close, "close")                                                                              \
    X(write, "write")                                                                              \
    X(flush, "flush")                                                                              \
    X(keys, "keys")                                                                                \
    X(items, "items")                                                                              \
    X(values, "values")                                                                            \
    X(lambda, "<lambda>")                                                                          \
    X(module_name, "<module>")

/* Binary operator dunders, indexed by BIN_*: forward, reflected and in-place names. */
typedef struct BinopNames {
    Str *op[BIN__COUNT];
    Str *rop[BIN__COUNT];
    Str *iop[BIN__COUNT];
} BinopNames;

typedef struct InternTable {
    Str **slots; /* open addressing, NULL empty */
    size_t cap;  /* power of two */
    size_t count;
} InternTable;

/* A native module import can create: name, and its constructor (NULL after raising). */
typedef struct NativeModuleDef {
    const char *name;
    Module *(*create)(Interp *I);
} NativeModuleDef;

/* A module written in Python whose source is compiled into the library (stdlib/py/NAME.py,
 * embedded by cmake/embed_py.cmake): import runs it at first use as "<frozen NAME>". */
typedef struct FrozenModuleDef {
    const char *name;
    const char *src; /* NUL-terminated */
    size_t len;
} FrozenModuleDef;

/* What the layers above the VM plug into it, so the VM never calls up: kr_new (api/api.c)
 * fills these with the C API's and the standard library's functions. An interpreter whose
 * hooks are unset still runs: no extra roots, a plain interrupt check, no native modules. */
struct ArrBackend; /* gpu/array/array_backend.h */
typedef struct InterpHooks {
    /* The collector's extra roots (the C API's handle table). */
    void (*trace_roots)(Interp *I);
    /* The VM's check when instr_budget runs out or interrupt_pending is set (run limits,
     * kr_terminate, KeyboardInterrupt); false after raising. */
    bool (*check_limits)(Interp *I);
    /* The native modules import may create (stdlib/modules.c), NULL-terminated. */
    const NativeModuleDef *native_modules;
    /* The frozen modules import may run (generated from stdlib/py), NULL-terminated. */
    const FrozenModuleDef *frozen_modules;
    /* The host's module loader, asked for a name no native or frozen module has, before
     * sys.path: the module's source as a str (and *filename for tracebacks), None when
     * the host has no such module, V_NULL after raising. NULL: no loader. */
    Value (*load_source)(Interp *I, Str *fullname, Str **filename);
    /* The array backend's table of operations (gpu/array/array_backend.h), chosen at the
     * first array operation (gpu/backend/cuda's arr_backend_choose); NULL: the CPU one. */
    const struct ArrBackend *(*array_backend)(Interp *I);
    /* The docstring of a native function, type or module by key ("len", "str.split",
     * "math.sqrt", "module:math"; stdlib/builtin_docs.h), and its text signature in *sig;
     * NULL (and *sig NULL) when there is none. NULL: no docstrings. */
    const char *(*builtin_doc)(const char *key, const char **sig);
    /* The sys module's entries made at their first lookup (stdlib/sys.c: the streams,
     * version_info, float_info, implementation): makes the one called name (NULL: all
     * left), run inside interp_quiet_build; 1 made, 0 none to make, -1 failed. NULL: none. */
    int (*sys_fill)(Interp *I, Str *name);
} InterpHooks;

struct VM;    /* vm/vm.h: frames, value stack, call machinery */
struct Frame; /* vm/frame.h */
struct Loop;  /* the libuv loop, later */
struct GpuState;

struct kr_interp {
    /* ---- memory (gc.c) ---- */
    kr_allocator allocator;
    size_t bytes_allocated; /* everything through mem_alloc, objects included */
    size_t gc_threshold;    /* collect when bytes_allocated passes this */
    size_t mem_limit;       /* 0: none; MemoryError past it */
    /* The collector's back-off at the limit (gc.c): a collection the limit forced that freed
     * little is not repeated until limit_gc_alloc (bytes allocated since) makes it worth it,
     * so a script failing allocations in a loop does not collect at every one. */
    size_t limit_gc_alloc;
    bool limit_gc_futile;
    struct GcHeap *heap; /* the object pages and large objects (gc_heap.c) */
    Obj **gray;          /* mark stack */
    size_t ngray, capgray;
    bool gray_overflow; /* a mark could not be pushed: rescan the heap */
    Value *temp_roots;  /* objects allocated since the running frame's instruction began */
    size_t ntemp, captemp;
    bool gc_stress;  /* collect at every allocation */
    bool gc_running; /* no allocation may collect while true */
    bool gc_disabled;
    bool gc_script_disabled; /* gc.disable(): reported by isenabled() only (stdlib/gc_weakref.c) */
    size_t gc_collections;
    /* Freed storage blocks of the two smallest dict sizes (dict.c), linked through their
     * first word and still counted in bytes_allocated: an instance dict is made and dropped
     * per object, and malloc/free of its block cost more than the object itself. After a
     * collection the lists keep as many as the last cycle reused (at least a few thousand). */
    void *dict_blocks[2];
    size_t dict_nblocks[2];
    size_t dict_blocks_taken[2]; /* reused since the last collection: how many to keep */

    /* ---- types, names, singletons ---- */
    Type *types[TY__COUNT];
    InternTable interned;
    struct {
#define X(field, text) Str *field;
        COMMON_NAMES(X)
#undef X
    } names;
    BinopNames binop_names;
    Obj *not_implemented, *ellipsis;
    Tuple *empty_tuple;
    Str *empty_str;
    Str *char_cache[128]; /* one-character ASCII strings, each made at its first use */

    /* ---- exceptions ---- */
    Obj *exc; /* the raised exception (an ExcObj or subclass), NULL when none */
    /* the StopIteration a class's __next__ raised and the next slot consumed (exhaustion is
     * signalled without an exception): builtin next() re-raises it, keeping its args */
    Obj *last_stop;
    ExcObj *memory_error; /* preallocated, raised when even that allocation fails */

    /* ---- modules ---- */
    Dict *modules; /* sys.modules */
    Module *builtins;
    /* The builtins module's entries made at their first lookup (builtins_lazy.c): its dict
     * while some are not made yet (NULL after), the MethodDef tables they come from, and
     * one bit per entry once made (or passed over). */
    Dict *lazy_builtins;
    const MethodDef *const *lazy_builtin_funcs;
    uint64_t lazy_builtins_made[6];
    Dict *lazy_sys;         /* sys's dict while hooks.sys_fill has entries left to make */
    unsigned lazy_sys_made; /* stdlib/sys.c's bits */
    Module *sys;
    Module *main_module;
    List *sys_path;
    List *sys_argv;

    /* ---- the VM (vm.c) ---- */
    struct VM *vm;
    int recursion_depth;
    int recursion_limit;
    int c_recursion_depth;        /* native recursion (repr, eq, hash of nested data; the parser) */
    atomic_int interrupt_pending; /* set from a signal handler or another thread */
    uint64_t instr_budget;        /* instructions between host checks, 0: none */
    List *repr_stack;             /* objects whose repr is in progress, for [...] */
    /* The debug hook (vm/hook.c; the host's kr_set_hook): events in hook_mask (VM_HOOK_*)
     * go to hook_fn. While hook_mask is 0 the VM's dispatch has no hook cost at all. */
    int hook_mask;
    int hook_count, hook_countdown; /* VM_HOOK_COUNT: every hook_count instructions */
    bool in_hook;
    void (*hook_fn)(Interp *I, int event, struct Frame *f);

    /* ---- host hooks (api.c) ---- */
    kr_write_fn write_out, write_err;
    void *write_ud;
    kr_read_fn read_in; /* NULL: the process's stdin */
    void *read_ud;
    char *inbuf; /* bytes read from read_in and not yet consumed: inbuf[inpos..inlen) */
    size_t inpos, inlen, incap;
    bool sandbox;
    /* The sandbox's allow-lists (kr_config.sandbox_modules/_builtins): names -> None of the
     * modules scripts may import (NULL: all), and the builtins dict the frames of scripts
     * (code not frozen into the library) look names up in (NULL: I->builtins's). */
    Dict *sandbox_modules;
    Dict *script_builtins;
    Obj *last_error;     /* the exception the last kr_run_* ended with */
    char *error_text[3]; /* kr_error_type/message/traceback results, mem_alloc'd */
    size_t error_text_size[3];
    int exit_code;
    Value sys_stdout, sys_stderr, sys_stdin; /* the default stream objects (sys.c) */
    struct ApiState *api; /* handles, limits, native-type support (api/api_internal.h) */
    /* The host's kr_config as given to kr_new, its strings copied into config_text (the
     * GPU backend hands the gpu_* settings to its GpuState). */
    kr_config config;
    char *config_text;
    size_t config_text_size;
    InterpHooks hooks;

    /* ---- C stack guard (interp.c) ---- */
    char *c_stack_limit; /* c_recursion_enter fails below this address; NULL: no check */

    struct Loop *loop;
    struct GpuState *gpu;
    const struct ArrBackend *arr_backend;         /* hooks.array_backend's choice, NULL: not yet */
    Value asyncgen_firstiter, asyncgen_finalizer; /* sys.set_asyncgen_hooks (asyncgen.c) */
    struct WeakState *weak; /* weak references' registry (vm/weakref.c), NULL: none yet */
};

/* Debug hook events (hook_mask bits), the same values as krait.h's KR_HOOK_*. */
enum { VM_HOOK_CALL = 1, VM_HOOK_RETURN = 2, VM_HOOK_LINE = 4, VM_HOOK_COUNT = 8 };
/* vm/hook.c: called by the dispatch loop before each instruction while a hook is set, with
 * op the instruction about to run and f->pc just past it; false after raising (an
 * interrupt or termination the hook asked for). */
bool vm_hook_step(Interp *I, struct Frame *f, unsigned op);

/* The VM's host check (vm.c's check_interrupt): I->hooks.check_limits, or without it a
 * plain KeyboardInterrupt check. False after raising. interp.c. */
bool interp_check_host(Interp *I);
/* The check itself, as the VM makes it at every backward jump and call: the instruction
 * budget counted down, and a pending interrupt. Long native loops (the array module's CPU
 * kernels) call it every few thousand elements so Ctrl-C and run limits reach them too;
 * each call counts as one step. False after raising. */
static inline bool interp_poll(Interp *I) {
    if (I->instr_budget && --I->instr_budget == 0) return interp_check_host(I);
    if (atomic_load_explicit(&I->interrupt_pending, memory_order_relaxed))
        return interp_check_host(I);
    return true;
}

/* Interpreter lifecycle pieces used by api/api.c. */
bool interp_init_types(Interp *I); /* interp.c: builds every builtin type from its spec */
/* fill(I, ctx) with the collector off and the memory limit lifted, any pending exception
 * kept and its own errors dropped: how what the interpreter makes at first use (a builtin
 * type's dict and mro, an exception class, a builtins entry) is made from inside lookups
 * whose callers hold unrooted values. fill's result. interp.c. */
bool interp_quiet_build(Interp *I, bool (*fill)(Interp *I, void *ctx), void *ctx);

/* Module entries made at their first lookup (module_lazy.c): the builtins module's
 * functions and exception classes, and sys's heavy entries (hooks.sys_fill).
 * builtins_lazy_init: m's dict gets its functions from funcs (a NULL-terminated list of
 * MethodDef tables) and BUILTIN_EXCEPTIONS; false if the tables are too long.
 * module_lazy_fill: when d is such a dict, makes its entry called name if that is one not
 * made yet: 1 if it was, 0 if there is none to make, -1 after raising MemoryError (the
 * host's allocator failed; nothing is marked made, a later lookup tries again).
 * module_lazy_get: d's entry for name, made first if need be; V_NULL if absent (with
 * MemoryError set only in that case). module_lazy_complete: makes every entry d has left
 * (before the dict is listed or handed out); false after raising MemoryError. */
bool builtins_lazy_init(Interp *I, Module *m, const MethodDef *const *funcs);
static inline bool module_lazy(Interp *I, Dict *d) {
    return d && (d == I->lazy_builtins || d == I->lazy_sys);
}
int module_lazy_fill(Interp *I, Dict *d, Str *name);
Value module_lazy_get(Interp *I, Dict *d, Str *name);
bool module_lazy_complete(Interp *I, Dict *d);
/* Adds the dunder methods (__len__, __add__, ...) for the slots a builtin type defines
 * itself (slot_wrappers.c). */
bool slot_wrappers_add(Interp *I, Type *t, const TypeSlots *own);

/* Output through the host's callbacks (default: stdout/stderr). */
void io_write_out(Interp *I, const char *s, size_t n);
void io_write_err(Interp *I, const char *s, size_t n);
/* The script's stdin, a byte at a time (host's read_in, buffered, or the process's stdin):
 * the byte, IO_EOF at the end, IO_ERROR after raising OSError, or what the host's check
 * raised while the process's stdin was waited for (KeyboardInterrupt on Ctrl-C). */
enum { IO_EOF = -1, IO_ERROR = -2 };
int io_read_byte(Interp *I);
/* Whether the script has a stdin at all (a host read_in, or no sandbox). */
bool io_has_stdin(Interp *I);

/* Recursion guard for natives that recurse over data (repr, ==, hash, the parser):
 * returns false after raising RecursionError. Pair every successful enter with a leave. */
bool c_recursion_enter(Interp *I, const char *where);
void c_recursion_leave(Interp *I);
/* The C stack alone, for natives whose nesting is legitimately deep but bounded by memory
 * (an iterator over an iterator over ...: obj_next): false after raising RecursionError
 * when the stack is nearly used up. */
bool c_stack_check(Interp *I, const char *where);

#endif
