/* frame.h: the VM's private state: activation frames, the block stack, generators and
 * tracebacks, and the entry points the VM's own files share (vm.c, instr.c, call.c,
 * function.c, generator.c, traceback.c, exec.c, import.c).
 *
 * A Frame is one heap block (from mem_alloc, recycled through per-size free lists hanging
 * off the VM) laid out as the header, then one Value array holding the fast locals, the
 * cells and the value stack, then the block stack. Frames are not GC objects: the running
 * ones are reached through the chain vm->top -> back -> ..., and a suspended generator's
 * frame through its generator object, whose trace slot calls frame_trace. Keeping frames
 * off the collector's object list means a Python-to-Python call costs one free-list pop. */
#ifndef KRAIT_FRAME_H
#define KRAIT_FRAME_H

#include "code.h"
#include "gc.h"

enum { BLOCK_FINALLY, BLOCK_EXCEPT_HANDLER };

typedef struct Block {
    uint32_t type;    /* BLOCK_* */
    uint32_t handler; /* BLOCK_FINALLY: instruction index of the handler */
    uint32_t level;   /* value stack depth to restore */
    Obj *exc;         /* BLOCK_EXCEPT_HANDLER: the exception being handled */
} Block;

enum { FRAME_FRESH, FRAME_RUNNING, FRAME_SUSPENDED, FRAME_DONE };

typedef struct Frame {
    struct Frame *back; /* the frame below in the running chain (NULL at the bottom) */
    Code *code;
    Function *func; /* NULL for module code run by vm_exec_source */
    Dict *globals;
    Dict *builtins;
    Dict *locals; /* class bodies and module code (locals dict); NULL for functions */
    Value *fast;  /* nlocals fast locals, then ncells cells (Cell objects), then the stack */
    Value *cells;
    Value *stack; /* stack base */
    Value *sp;    /* saved stack top (valid while the frame is not the one executing) */
    Block *blocks;
    uint32_t nblocks;
    uint32_t pc;       /* index of the next instruction */
    size_t temp_mark;  /* I->ntemp when the frame started running */
    Obj *gen;          /* the generator owning this frame, or NULL */
    uint8_t state;     /* FRAME_* */
    bool is_entry;     /* returning from it leaves vm_run (its caller is C code) */
    bool is_init;      /* an __init__ run inline for a class call: the caller keeps the
                        * instance on its stack and the return value must be None */
    uint32_t nslots;   /* Values in fast[] */
    int32_t hook_line; /* the debug hook's last line and instruction in this frame (hook.c) */
    uint32_t hook_pc;
    size_t alloc_size; /* bytes, for the free list */
} Frame;

/* The line of the instruction a frame is executing (or suspended at). */
static inline int frame_line(Frame *f) {
    uint32_t pc = f->pc ? f->pc - 1 : 0;
    if (!f->code->lines || pc >= f->code->ninstrs) return f->code->firstlineno;
    return f->code->lines[pc];
}

#define VM_FRAME_CLASSES 24

/* A cache of type_lookup results for LOAD_ATTR, STORE_ATTR and LOAD_METHOD, keyed by
 * (type, name). An entry is valid while the dicts of every type in the type's mro keep
 * the versions they had when it was filled (Dict.version changes on every mutation), so a
 * method added to a base class later is seen at once. Entries are traced (vm_trace_roots):
 * a cached type cannot be freed and its address reused while its entry exists.
 * Two-way sets: with one slot per hash, two hot (type, name) pairs that happened to share it
 * (a one-in-three chance for a loop touching thirty attributes) evicted each other on every
 * access, and a script ran 40% slower or not depending on where its objects were allocated. */
#define VM_ATTR_CACHE_SIZE 1024 /* entries, a power of two; sets of two */
#define VM_ATTR_CACHE_MRO  4    /* versions kept; a longer mro's entry lives by the epoch only */
typedef struct AttrCacheEntry {
    Type *type;
    Str *name;
    Value value; /* type_lookup's result; V_NULL: no type in the mro has the name */
    uint32_t nmro;
    uint64_t epoch; /* vm->attr_epoch when last found valid */
    uint64_t versions[VM_ATTR_CACHE_MRO];
} AttrCacheEntry;

/* The attribute epoch: a lookup cached while vm->attr_epoch had the value it has now is still
 * right. Every type dict a cached lookup read is marked DICT_WATCHED (in its obj_flags) when
 * the entry is filled, and a mutation of a watched dict (dict.c) moves the epoch on, so one
 * compare replaces the walk over the mro's dict versions. After a move, an entry whose dict
 * versions still match is revalidated without a new lookup (a class attribute assigned in a
 * loop costs every entry one version walk, as before the epoch). Type mros cannot change
 * (__bases__ is read-only) and cached types are traced, so an address is never reused. */
#define DICT_WATCHED 1u

typedef struct VM {
    Frame *top;                           /* the running frame, NULL when no Python code runs */
    Frame *free_frames[VM_FRAME_CLASSES]; /* recycled frames by size class (power of 2) */
    int reentry_depth;                    /* nested vm_run activations from C */
    AttrCacheEntry *attr_cache;           /* VM_ATTR_CACHE_SIZE entries; NULL until first use */
    uint64_t attr_epoch;                  /* starts at 1: a zeroed cache entry is never valid */
} VM;

/* dict.c, after each mutation of a DICT_WATCHED dict. */
static inline void vm_watched_dict_changed(Interp *I) {
    if (I->vm) I->vm->attr_epoch++;
}

/* set: the first entry of (t, name)'s set, NULL when the cache is not allocated yet (it is
 * then allocated, 73 KB that a fresh interpreter that never looks up an attribute does not
 * pay for). */
Value vm_type_lookup_slow(Interp *I, Type *t, Str *name, AttrCacheEntry *set);
/* Marks every dict of t's mro DICT_WATCHED (building a builtin's first): false when one is
 * missing (out of memory), and a lookup of t must then not be cached. */
bool vm_attr_watch_mro(Interp *I, Type *t);

/* The index of the first entry of (t, name)'s set: the addresses mixed by a multiply so
 * that neighbouring objects spread over the sets. */
static inline uint32_t vm_attr_cache_set(Type *t, Str *name) {
    uint64_t h =
        ((uint64_t)(uintptr_t)t ^ ((uint64_t)(uintptr_t)name << 9)) * UINT64_C(0x9E3779B97F4A7C15);
    return (uint32_t)(h >> 40) & (VM_ATTR_CACHE_SIZE - 2);
}

/* An entry of (t, name) from an older epoch: still valid when every mro dict has the version
 * it had (the entry then moves to the current epoch). */
static inline bool vm_attr_entry_revalidate(AttrCacheEntry *e, uint64_t epoch) {
    if (e->nmro > VM_ATTR_CACHE_MRO || e->nmro != e->type->mro->len) return false;
    Value *mro = e->type->mro->items;
    uint32_t i = 0;
    while (i < e->nmro && ((Type *)mro[i].as.o)->tdict->version == e->versions[i])
        i++;
    if (i != e->nmro) return false;
    e->epoch = epoch;
    return true;
}

static inline bool vm_attr_entry_valid(AttrCacheEntry *e, Type *t, Str *name, uint64_t epoch) {
    if (e->type != t || e->name != name) return false;
    return e->epoch == epoch || vm_attr_entry_revalidate(e, epoch);
}

/* type_lookup through the cache. */
static inline Value vm_type_lookup(Interp *I, Type *t, Str *name) {
    AttrCacheEntry *c = I->vm->attr_cache;
    if (!c) return vm_type_lookup_slow(I, t, name, NULL);
    AttrCacheEntry *set = &c[vm_attr_cache_set(t, name)];
    uint64_t epoch = I->vm->attr_epoch;
    if (vm_attr_entry_valid(&set[0], t, name, epoch)) return set[0].value;
    if (vm_attr_entry_valid(&set[1], t, name, epoch)) return set[1].value;
    return vm_type_lookup_slow(I, t, name, set);
}

/* Limit on nested entries into the dispatch loop from C (sorted(key=f) calling f, __repr__
 * called from repr(), ...). Each costs a few hundred bytes of C stack per level plus the
 * natives in between, so 2000 keeps well inside an 8 MiB stack. */
#define VM_C_REENTRY_LIMIT 2000

/* ---- frames (frame.c; frame_new is inline: it is most of a call's cost) ---- */
Frame *frame_alloc_slow(Interp *I, size_t size); /* mem_alloc: no recycled block */

static inline int frame_size_class(size_t size, size_t *rounded) {
    if (size <= 256) {
        *rounded = 256;
        return 0;
    }
#if defined(__GNUC__)
    int cls = (int)(64 - __builtin_clzll((unsigned long long)(size - 1))) - 8;
    *rounded = (size_t)256 << cls;
    return cls;
#else
    int cls = 0;
    size_t s = 256;
    while (s < size) {
        s <<= 1;
        cls++;
    }
    *rounded = s;
    return cls;
#endif
}

/* A frame is one block whose size is rounded up to a power of two, so frames of nearby
 * sizes share a free list (vm->free_frames[class]) and a recursive function reuses the
 * same few blocks call after call. */
/* The builtins of a frame without a function (module code, exec, eval): in a sandbox with
 * a builtins allow-list a script's are the allowed ones; the library's own code always sees
 * them all. */
static inline Dict *frame_default_builtins(Interp *I, Code *co) {
    if (I->script_builtins && !code_is_frozen(co)) return I->script_builtins;
    return I->builtins ? I->builtins->dict : NULL;
}

static inline Frame *frame_new(Interp *I, Code *co, Function *fn, Dict *globals, Dict *locals) {
    VM *vm = I->vm;
    uint32_t ncells = co->ncellvars + co->nfreevars;
    uint32_t nslots = co->nlocals + ncells + co->stacksize + 1;
    size_t need = sizeof(Frame) + nslots * sizeof(Value) + (co->maxblocks + 1) * sizeof(Block);
    size_t size;
    int cls = frame_size_class(need, &size);
    Frame *f;
    if (cls < VM_FRAME_CLASSES && vm->free_frames[cls]) {
        f = vm->free_frames[cls];
        vm->free_frames[cls] = f->back;
    } else {
        f = frame_alloc_slow(I, size);
        if (!f) return NULL;
    }
    f->back = NULL;
    f->code = co;
    f->func = fn;
    f->globals = globals;
    f->builtins = fn ? fn->builtins : NULL;
    if (!f->builtins) f->builtins = frame_default_builtins(I, co);
    f->locals = locals;
    f->fast = (Value *)(f + 1);
    f->cells = f->fast + co->nlocals;
    f->stack = f->cells + ncells;
    f->sp = f->stack;
    /* Every slot starts empty: the collector traces all of them, stale stack slots included
     * (see vm.c), so none may hold garbage from the block's previous use. The tag alone
     * decides (an empty slot's payload is never read), and storing only it stays a short
     * loop rather than a memset call. */
    for (uint32_t i = 0; i < nslots; i++)
        f->fast[i].tag = KR_TNULL;
    f->blocks = (Block *)(f->fast + nslots);
    f->nblocks = 0;
    f->pc = 0;
    f->temp_mark = I->ntemp;
    f->gen = NULL;
    f->state = FRAME_FRESH;
    f->is_entry = false;
    f->is_init = false;
    f->nslots = nslots;
    f->alloc_size = size;
    return f;
}
void frame_free(Interp *I, Frame *f);
void frame_trace(Interp *I, Frame *f);
/* The exception being handled (innermost EXCEPT_HANDLER block up the running chain), NULL
 * if none: sys.exc_info(), bare `raise`, and the __context__ of new exceptions. */
Obj *frame_handled_exception(Interp *I);

/* ---- the dispatch loop (vm.c) ---- */
/* Run f (already set up, back linked by the caller) until it returns or yields. With
 * throwing, the pending exception I->exc is raised at f's current instruction first.
 * Returns the returned or yielded value (f->state tells which: FRAME_DONE or
 * FRAME_SUSPENDED), or V_NULL after raising (f is then FRAME_DONE). Does not free f. */
Value vm_run_frame(Interp *I, Frame *f, bool throwing);

/* ---- the instructions' slow paths (instr.c); each raises and returns its error value ---- */
Value instr_err_unbound_local(Interp *I, Str *name);
Str *instr_cell_name(Code *co, uint32_t i);
Value instr_err_unbound_deref(Interp *I, Code *co, uint32_t i);
Value instr_err_name(Interp *I, Str *name);
Value instr_err_recursion(Interp *I, const char *where);
void instr_set_context(Interp *I, Obj *exc); /* __context__ = the handled exception */
void instr_do_raise(Interp *I, Value exc, Value cause, bool has_cause);
int instr_check_exc_match(Interp *I, Value exc, Value match);
/* except* (exception_group.c) */
int excgroup_check_match(Interp *I, Frame *f, Value exc, Value t, Value *match, Value *rest);
Value excgroup_prep_reraise(Interp *I, Value orig, Value excs);
/* match statement support (match.c) */
int match_is_sequence(Interp *I, Value v); /* 1, 0, -1 */
int match_is_mapping(Interp *I, Value v);
Value match_keys(Interp *I, Value map, Value keys);
Value match_class(Interp *I, Value subj, Value cls, Value kwnames, uint32_t nargs);
bool instr_unpack_sequence(Interp *I, Value seq, uint32_t n, Value *dst);
bool instr_unpack_ex(Interp *I, Value seq, uint32_t before, uint32_t after, Value *dst);
Value instr_build_string(Interp *I, Value *items, uint32_t n);
Value instr_build_template(Interp *I, Value *items, uint32_t n);
Value instr_format_value(Interp *I, Value v, Value spec, uint32_t conv);
bool instr_dict_merge(Interp *I, Dict *d, Value m, Value callable);
bool instr_call_ex_spread(Interp *I, Value callable, Value args, Value kwargs, Tuple **argvout,
                          int *argc, Tuple **kwnames);
Value instr_make_function(Interp *I, Frame *f, uint32_t flags, Value *args);
Value instr_build_class(Interp *I, Frame *f, Value *args, uint32_t n, Tuple *kwnames);
Value instr_import_from(Interp *I, Value mod, Str *name);
bool instr_import_star(Interp *I, Frame *f, Value mod);
bool instr_print_expr(Interp *I, Value v);
Value instr_get_awaitable(Interp *I, Value v);
Value instr_yield_from_step(Interp *I, Value sub, Value v, bool *returned);
/* A special method looked up on the type only and bound: 1, 0 (none), -1 after raising. */
int instr_special_lookup(Interp *I, Value obj, Str *name, Value *out);
Value instr_setup_with_enter(Interp *I, Value mgr, Value *exit_out);
Value instr_async_get_aiter(Interp *I, Value obj);
Value instr_async_get_anext(Interp *I, Value aiter);
Value instr_async_with_enter(Interp *I, Value mgr, Value *exit_out);
Value instr_call_other(Interp *I, Value callable, int argc, Value *argv, Tuple *kwnames);

/* ---- calls (call.c) ---- */
/* A frame for fn with its arguments bound (self, when not V_NULL, first), argv/argc/kwnames
 * as NativeFn's convention (argc positionals, then one value per keyword name). NULL after
 * raising TypeError with CPython's message. */
Frame *call_bind(Interp *I, Function *fn, Value self, int argc, Value *argv, Tuple *kwnames);
/* Call a Python function from C: generators/coroutines get their object, others run. */
Value vm_call_function(Interp *I, Function *fn, Value self, int argc, Value *argv, Tuple *kwnames);
/* "f()" as CPython's _PyObject_FunctionStr names a callable in call errors. */
Str *call_func_str(Interp *I, Value func);

/* ---- functions (function.c) ---- */
Function *function_new(Interp *I, Code *co, Dict *globals);

/* ---- generators (generator.c) ---- */
typedef struct Generator {
    Obj hdr;
    Frame *frame; /* NULL once finished */
    Str *name;
    Str *qualname;
    bool running;
    bool coroutine;
    bool iterable_coro;    /* a generator from a @types.coroutine function: awaitable */
    bool asyncgen;         /* an async generator (asyncgen.c) */
    bool ag_running_async; /* one of its asend/athrow awaitables is being awaited */
    bool ag_closed;
    bool ag_hooks_inited; /* sys.set_asyncgen_hooks' firstiter was called */
    Value ag_finalizer;   /* the finalizer hook at the first iteration, or None */
} Generator;
Value generator_new(Interp *I, Frame *f, Function *fn);
bool is_generator_like(Interp *I, Value v); /* generator or coroutine */
/* Resume: returns the yielded value with *returned false, the return value with *returned
 * true, or V_NULL after raising. throwing: raise I->exc inside instead of sending. */
Value gen_resume(Interp *I, Generator *g, Value send, bool throwing, bool *returned);
/* Shared with asyncgen.c: throw()'s arguments made into an exception, whether a suspended
 * frame waits in YIELD_FROM (an await, in an async generator), and the type slots. */
Value gen_throw_exc(Interp *I, int n, Value *args);
bool frame_at_yield_from(Frame *f);
void gen_trace(Interp *I, Obj *o);
void gen_finalize(Interp *I, Obj *o);
Value gen_repr(Interp *I, Value self);
Value gen_get_name(Interp *I, Value self);
Value gen_get_qualname(Interp *I, Value self);
Value gen_get_code(Interp *I, Value self);  /* None once finished */
Value gen_get_frame(Interp *I, Value self); /* None: krait has no frame objects for these */
/* The builtins aiter() and anext() (asyncgen.c). */
Value builtin_aiter(Interp *I, int argc, Value *argv, Tuple *kw);
Value builtin_anext(Interp *I, int argc, Value *argv, Tuple *kw);
Value gen_throw_value(Interp *I, Generator *g, Value exc, bool *returned);

/* ---- tracebacks (traceback.c) ---- */
typedef struct Traceback {
    Obj hdr;
    struct Traceback *next; /* towards the innermost frame */
    Code *code;
    int line;
    Dict *globals;
} Traceback;
/* Prepend the entry (f's code, its current line) to exc's traceback; false on OOM. */
bool traceback_add(Interp *I, Obj *exc, Frame *f);
/* sys._getframe(depth): a frame object for the depth-th frame from the top, its f_back
 * chain snapshotted too. ValueError when the stack is shallower. vm/traceback.c. */
Value frameobj_getframe(Interp *I, int64_t depth);

/* ---- exec and import ---- */
Value vm_run_code(Interp *I, Code *co, Dict *globals, Dict *locals);

#endif
