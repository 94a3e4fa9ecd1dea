/* vm.c: the dispatch loop that executes Code objects (opcodes.h).
 *
 * One C activation of vm_run_frame runs a chain of Python frames: a Python-to-Python call
 * pushes a frame and keeps looping, a return pops it, so deep Python recursion costs heap,
 * not C stack. Only calls that come from C (a native calling obj_call on a function,
 * generators being resumed, class bodies) re-enter vm_run_frame; the entry frame of each
 * activation is marked is_entry and returning from it leaves the activation.
 *
 * The slow paths of the instructions live in instr.c. Dispatch is threaded code through
 * GCC/Clang's computed goto (`&&label`), generated from OPCODES(X); other compilers get a
 * switch.
 *
 * Rooting: before every instruction the temp-root stack is reset to the frame's mark, as
 * gc.h promises natives (their fresh objects live until the instruction ends). The stack
 * pointer lives in a register and is not written back for the collector: instead the whole
 * value array of a frame (locals, cells and every stack slot up to stacksize) is traced.
 * A stale slot above the stack top holds a value that was live when written and has been
 * traced by every collection since, so it is never dangling; frames are zeroed when
 * allocated. This keeps pushes and pops free of bookkeeping at the price of keeping a few
 * dead temporaries alive until their slot is overwritten or the frame returns.
 *
 * Exceptions follow opcodes.h's SETUP_FINALLY protocol. The "handled exception" (what bare
 * `raise` re-raises and what becomes __context__) is not a separate stack: it is the
 * exception of the innermost EXCEPT_HANDLER block up the running frame chain
 * (frame_handled_exception), which gives generators CPython's per-frame exc_info for free:
 * a suspended generator's handler blocks are not on the chain. */
#include <stdatomic.h>
#include <string.h>

#include "dict.h"
#include "error.h"
#include "frame.h"
#include "number.h"
#include "opcodes.h"
#include "overflow.h"
#include "seq.h"
#include "str.h"
#include "vm.h"

#if defined(__GNUC__)
#define VM_COMPUTED_GOTO 1
#else
#define VM_COMPUTED_GOTO 0
#endif

static inline bool is_type_id(Value v, int id) {
    return v.tag == KR_TOBJ && v.as.o->type->id == id;
}

/* The host's checks (api/api.c, through I->hooks): a pending interrupt, and the
 * instruction budget counted down at every backward jump and call (0: no budget armed).
 * interp_check_host raises KeyboardInterrupt, or the limit error, and returns false. */
static inline bool check_interrupt(Interp *I) {
    return interp_poll(I);
}

/* LOAD_METHOD's test: a plain function or builtin method found on the type, with nothing
 * that could intercept the lookup (a custom getattr slot, an instance dict entry). */
static inline bool method_is_unbound_callable(Value m) {
    if (m.tag != KR_TOBJ) return false;
    int id = m.as.o->type->id;
    if (id == TY_FUNCTION) return true;
    if (id == TY_NATIVE_FUNC) {
        NativeFunc *nf = (NativeFunc *)m.as.o;
        return nf->owner && is_null(nf->self) && !(nf->flags & (METH_STATIC | METH_CLASS));
    }
    return false;
}

/* The global-name cache (code.h's GlobalCache): V_NULL on a miss. */
static inline Value global_cached(Code *co, uint32_t i, Dict *globals, Dict *builtins, Str *name) {
    GlobalCache *c = co->caches;
    if (!c || c[i].globals != globals) return V_NULL;
    c += i;
    Dict *d = c->found;
    if (d != globals && (d != builtins || globals->version != c->gver)) return V_NULL;
    if (c->ix >= d->nentries) return V_NULL;
    DictEntry *e = &d->entries[c->ix];
    if (e->key.tag != KR_TOBJ || e->key.as.o != (Obj *)name) return V_NULL;
    return e->value;
}

/* The code's GlobalCache array, allocated on first use; NULL if that fails (the caches are
 * only a speed-up, so nothing is raised). */
static GlobalCache *name_caches(Interp *I, Code *co) {
    if (!co->caches && co->nnames) {
        Obj *pending = err_fetch(I);
        co->caches = mem_alloc(I, co->nnames * sizeof(GlobalCache));
        err_clear(I);
        if (pending) err_restore(I, pending);
        if (co->caches) memset(co->caches, 0, co->nnames * sizeof(GlobalCache));
    }
    return co->caches;
}

/* The lookup behind a miss: globals, then builtins; fills the cache. V_NULL (nothing
 * raised) when neither has the name. */
static Value global_lookup_fill(Interp *I, Code *co, uint32_t i, Dict *globals, Dict *builtins,
                                Str *name) {
    Dict *found = globals;
    int64_t ix = dict_index_str(globals, name);
    if (ix < 0 && builtins) {
        found = builtins;
        ix = dict_index_str(builtins, name);
        int made = ix < 0 && builtins == I->lazy_builtins ? module_lazy_fill(I, builtins, name) : 0;
        if (made < 0) return V_NULL; /* MemoryError */
        if (made) ix = dict_index_str(builtins, name);
    }
    if (ix < 0) return V_NULL;
    Value v = found->entries[ix].value;
    GlobalCache *c = name_caches(I, co);
    if (!c || ix > (int64_t)UINT32_MAX) return v;
    c += i;
    c->globals = globals;
    c->found = found;
    c->gver = globals->version;
    c->ix = (uint32_t)ix;
    return v;
}

/* globals[name] = v through the cache: an existing entry is updated in place as dict_set_str
 * would (the version is bumped); a new one is inserted and cached. False after raising. */
static inline bool global_store(Interp *I, Code *co, uint32_t i, Dict *g, Str *name, Value v) {
    GlobalCache *c = co->caches;
    if (c && c[i].globals == g && c[i].found == g && c[i].ix < g->nentries) {
        DictEntry *e = &g->entries[c[i].ix];
        if (e->key.tag == KR_TOBJ && e->key.as.o == (Obj *)name) {
            e->value = v;
            g->version++;
            return true;
        }
    }
    if (dict_set_str(I, g, name, v) < 0) return false;
    int64_t ix = dict_index_str(g, name);
    if (ix >= 0 && ix <= (int64_t)UINT32_MAX && (c = name_caches(I, co))) {
        c[i].globals = g;
        c[i].found = g;
        c[i].gver = g->version;
        c[i].ix = (uint32_t)ix;
    }
    return true;
}

/* The instance-dict entry of name, through the attr_ix hint: its index in d->entries, or
 * -1 when d lacks the name. */
static inline int64_t attr_index(Interp *I, Code *co, uint32_t i, Dict *d, Str *name) {
    GlobalCache *c = co->caches;
    if (c) {
        uint32_t ix = c[i].attr_ix;
        if (ix < d->nentries && d->entries[ix].key.tag == KR_TOBJ &&
            d->entries[ix].key.as.o == (Obj *)name)
            return ix;
    }
    int64_t ix = dict_index_str(d, name);
    if (ix >= 0 && ix <= (int64_t)UINT32_MAX && (c = name_caches(I, co)))
        c[i].attr_ix = (uint32_t)ix;
    return ix;
}

/* STORE_ATTR into an instance dict without the name at the hinted entry: dict_set_str, and
 * a new key's entry (the dict's last) becomes the hint, which the next instance's __init__
 * finds at its dict's end. Out of the loop's body; false after raising. */
static __attribute__((noinline)) bool attr_store_slow(Interp *I, Code *co, uint32_t i, Dict *d,
                                                      Str *name, Value v) {
    size_t len = d->len;
    if (dict_set_str(I, d, name, v) < 0) return false;
    GlobalCache *c = co->caches;
    if (d->len == len + 1 && d->nentries <= UINT32_MAX && (c || (c = name_caches(I, co))))
        c[i].attr_ix = (uint32_t)(d->nentries - 1);
    return true;
}

/* The per-name attribute cache (code.h's AttrTypeCache): what the type decides for an
 * attribute, so that LOAD_ATTR, STORE_ATTR and LOAD_METHOD on an object of one of the two
 * types last seen at this name need a compare of type and epoch instead of a type lookup. */
enum {
    ATTR_GET_DICT = 1u, /* generic getattr, no type in the mro has the name: the instance
                         * dict decides */
    ATTR_SET_DICT = 2u, /* generic setattr, no data descriptor, instances have a dict */
    ATTR_METHOD = 4u,   /* generic getattr and value a plain method (LOAD_METHOD's test) */
    ATTR_NO_DICT = 8u,  /* instances have no dict at all */
};

/* Fills name i's entry for type t (after a miss), the older one moving to the second place;
 * NULL when the code's caches could not be allocated or t's lookups cannot be cached. Out
 * of the loop's body. Slot-derived flags are safe to keep: a class changes its slots only
 * with a dunder assignment to its dict (type.c's type_setattr), which moves the epoch. */
static __attribute__((noinline)) AttrTypeCache *attr_cache_fill(Interp *I, Code *co, uint32_t i,
                                                                Type *t, Str *name) {
    Value v = vm_type_lookup(I, t, name);
    GlobalCache *c = name_caches(I, co);
    if (!c) return NULL;
    AttrTypeCache *a = c[i].at;
    if (a[0].type != t) a[1] = a[0];
    a->type = NULL;
    if (!vm_attr_watch_mro(I, t)) return NULL;
    bool get_generic = !t->slots.getattr || t->slots.getattr == generic_getattr;
    bool set_generic = !t->slots.setattr || t->slots.setattr == generic_setattr;
    uint32_t fl = 0; /* 0: a filled entry that sends each execution the generic way */
    if (get_generic && is_null(v)) fl |= ATTR_GET_DICT;
    if (get_generic && t->id != TY_TYPE && method_is_unbound_callable(v)) fl |= ATTR_METHOD;
    if (set_generic && !(t->flags & TF_NODICT) && (is_null(v) || !type_of(I, v)->slots.descr_set))
        fl |= ATTR_SET_DICT;
    bool fixed = t->dictoffset && !(t->flags & TF_PREFIX_DICT) && t->dictoffset <= UINT32_MAX;
    if (!fixed && !t->dictoffset && !(t->flags & (TF_PREFIX_DICT | TF_EXCEPTION)) &&
        t->id != TY_MODULE)
        fl |= ATTR_NO_DICT;
    a->type = t;
    a->epoch = I->vm->attr_epoch;
    a->value = v;
    a->flags = fl;
    a->dictoff = fixed ? (uint32_t)t->dictoffset : 0;
    return a;
}

/* After a miss of the first entry: the second, or a new fill. */
static __attribute__((noinline)) AttrTypeCache *attr_cache_miss(Interp *I, Code *co, uint32_t i,
                                                                Type *t, Str *name) {
    GlobalCache *c = co->caches;
    if (c && c[i].at[1].type == t && c[i].at[1].epoch == I->vm->attr_epoch) return &c[i].at[1];
    return attr_cache_fill(I, co, i, t, name);
}

/* Name i's entry for type t: one of the two cached, or a new fill (NULL: none). The first
 * is tested inline (vm_run_frame is sensitive to its size), the rest out of line. */
static inline AttrTypeCache *attr_cache_get(Interp *I, Code *co, uint32_t i, Type *t, Str *name) {
    GlobalCache *c = co->caches;
    if (c && c[i].at[0].type == t && c[i].at[0].epoch == I->vm->attr_epoch) return &c[i].at[0];
    return attr_cache_miss(I, co, i, t, name);
}

/* The instance dict of obj (an object of the entry's type), NULL when it has none yet. */
static inline Dict *attr_cache_dict(Interp *I, const AttrTypeCache *a, Value obj) {
    if (a->dictoff) return *(Dict **)((char *)obj.as.o + a->dictoff);
    if (a->flags & ATTR_NO_DICT) return NULL;
    Dict **dp = obj_dict_ptr(I, obj);
    return dp ? *dp : NULL;
}

/* BINARY_OP's second tier, out of the loop's body (vm_run_frame is sensitive to its size):
 * the int and float operators the inline switch leaves out, and mixed int/float operands.
 * False when the generic slot must decide (an error to raise, a big result, other types). */
#define VM_EXACT_DOUBLE_INT (INT64_C(1) << 53) /* ints whose conversion to double is exact */
static __attribute__((noinline)) bool num_binop_fast(Value a, Value b, uint32_t op, Value *out) {
    if (a.tag == KR_TINT && b.tag == KR_TINT) {
        int64_t x = a.as.i, y = b.as.i;
        switch (op) {
        case BIN_FLOORDIV:
        case BIN_MOD: {
            if (y == 0 || (x == INT64_MIN && y == -1)) return false;
            int64_t q = x / y, r = x % y;
            if (r != 0 && ((r < 0) != (y < 0))) { /* Python floors */
                q -= 1;
                r += y;
            }
            *out = v_int(op == BIN_FLOORDIV ? q : r);
            return true;
        }
        case BIN_TRUEDIV:
            /* both exact as doubles: one correctly rounded division, as CPython's */
            if (y == 0 || x >= VM_EXACT_DOUBLE_INT || x <= -VM_EXACT_DOUBLE_INT ||
                y >= VM_EXACT_DOUBLE_INT || y <= -VM_EXACT_DOUBLE_INT)
                return false;
            *out = v_float((double)x / (double)y);
            return true;
        case BIN_LSHIFT: {
            if (y < 0 || y > 62) return false;
            int64_t r = (int64_t)((uint64_t)x << y);
            if ((r >> y) != x) return false; /* bits lost: a big int */
            *out = v_int(r);
            return true;
        }
        case BIN_RSHIFT:
            if (y < 0) return false;
            *out = v_int(y > 63 ? (x < 0 ? -1 : 0) : x >> y);
            return true;
        default: return false;
        }
    }
    double x, y;
    if (a.tag == KR_TFLOAT)
        x = a.as.f;
    else if (a.tag == KR_TINT)
        x = (double)a.as.i;
    else
        return false;
    if (b.tag == KR_TFLOAT)
        y = b.as.f;
    else if (b.tag == KR_TINT)
        y = (double)b.as.i;
    else
        return false;
    switch (op) {
    case BIN_ADD: *out = v_float(x + y); return true;
    case BIN_SUB: *out = v_float(x - y); return true;
    case BIN_MUL: *out = v_float(x * y); return true;
    case BIN_TRUEDIV:
        if (y == 0.0) return false; /* ZeroDivisionError */
        *out = v_float(x / y);
        return true;
    default: return false;
    }
}

/* COMPARE_OP's second tier: an int and a float, when the int converts exactly. */
static __attribute__((noinline)) bool num_compare_fast(Value a, Value b, uint32_t op, Value *out) {
    double x, y;
    if (a.tag == KR_TFLOAT && b.tag == KR_TINT && b.as.i < VM_EXACT_DOUBLE_INT &&
        b.as.i > -VM_EXACT_DOUBLE_INT) {
        x = a.as.f;
        y = (double)b.as.i;
    } else if (a.tag == KR_TINT && b.tag == KR_TFLOAT && a.as.i < VM_EXACT_DOUBLE_INT &&
               a.as.i > -VM_EXACT_DOUBLE_INT) {
        x = (double)a.as.i;
        y = b.as.f;
    } else {
        return false;
    }
    bool c;
    switch (op) {
    case CMP_LT: c = x < y; break;
    case CMP_LE: c = x <= y; break;
    case CMP_EQ: c = x == y; break;
    case CMP_NE: c = x != y; break;
    case CMP_GT: c = x > y; break;
    case CMP_GE: c = x >= y; break;
    default: return false;
    }
    *out = v_bool(c);
    return true;
}

/* ---- the loop --------------------------------------------------------------------------- */

/* Aligned to a cache line: otherwise where the linker puts it moves with the size of every
 * function before it, and the loop's branch layout with it (a change to list.c alone moved
 * it by 96 bytes and vectors, which makes no list, by 5-10%). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((aligned(64)))
#endif
Value vm_run_frame(Interp *I, Frame *entry, bool throwing) {
    VM *vm = I->vm;
    char here; /* the C stack's depth, against the host-given budget (interp.h) */
    if (vm->reentry_depth >= VM_C_REENTRY_LIMIT || I->recursion_depth >= I->recursion_limit ||
        (I->c_stack_limit && &here < I->c_stack_limit)) {
        if (throwing) err_clear(I);
        /* Entered from C (a slot, a native calling back): CPython trips its limit in the
         * C call and says so. */
        return instr_err_recursion(I, " while calling a Python object");
    }
    vm->reentry_depth++;
    I->recursion_depth++;
    entry->back = vm->top;
    entry->is_entry = true;
    entry->state = FRAME_RUNNING;
    entry->temp_mark = I->ntemp;
    vm->top = entry;

    Frame *f = entry;
    Code *co;
    const uint32_t *instrs;
    const uint32_t *ip;
    Value *sp;
    Value *fast;
    Value *consts;
    Str **names;
    size_t tmark;
    uint32_t oparg;
    uint32_t word;
    Tuple *kwnames = NULL;
    bool init_call = false; /* the call being set up runs a class's __init__ inline */
    Value retval;
    bool reraise = false;
    /* An exception thrown in (gen.throw/close) is restored, not raised: like CPython it gets
     * no __context__ from the handled exception. */
    bool thrown_in = throwing;

#define LOAD_FRAME()                                                                               \
    do {                                                                                           \
        VM_HOOK_RETABLE();                                                                         \
        co = f->code;                                                                              \
        instrs = co->instrs;                                                                       \
        ip = instrs + f->pc;                                                                       \
        sp = f->sp;                                                                                \
        fast = f->fast;                                                                            \
        consts = co->consts;                                                                       \
        names = co->names;                                                                         \
        tmark = f->temp_mark;                                                                      \
    } while (0)
#define SAVE_PC() (f->pc = (uint32_t)(ip - instrs))
#define PUSH(v)   (*sp++ = (v))
#define POP()     (*--sp)
#define TOP()     (sp[-1])
#define PEEK(n)   (sp[-(ptrdiff_t)(n)])
/* An opcode's last line: replace its operand (PUT1) or its two operands (PUT2) on top of
 * the stack with the result, and go on to the next instruction. */
#define PUT1(v)                                                                                    \
    do {                                                                                           \
        sp[-1] = (v);                                                                              \
        DISPATCH();                                                                                \
    } while (0)
#define PUT2(v)                                                                                    \
    do {                                                                                           \
        sp--;                                                                                      \
        sp[-1] = (v);                                                                              \
        DISPATCH();                                                                                \
    } while (0)

/* Operator families, as Lua's lvm.c writes op_arith: one line per operator. Inside a block
 * that has checked both operands' kind, each puts the result and dispatches, or (an int64
 * that overflows) breaks out to the opcode's generic slot. */
#define VM_INT_ARITH(i64_op_overflow)                                                              \
    if (i64_op_overflow(a.as.i, b.as.i, &r_)) break;                                               \
    PUT2(v_int(r_))
#define VM_INT_BITWISE(op) PUT2(v_int(a.as.i op b.as.i))
#define VM_FLOAT_ARITH(op) PUT2(v_float(a.as.f op b.as.f))
/* The six comparisons of x and y (two ints or two floats): the result, and dispatch. */
#define VM_ORDER(x, y)                                                                             \
    do {                                                                                           \
        bool c_;                                                                                   \
        switch (oparg) {                                                                           \
        case CMP_LT: c_ = (x) < (y); break;                                                        \
        case CMP_LE: c_ = (x) <= (y); break;                                                       \
        case CMP_EQ: c_ = (x) == (y); break;                                                       \
        case CMP_NE: c_ = (x) != (y); break;                                                       \
        case CMP_GT: c_ = (x) > (y); break;                                                        \
        default: c_ = (x) >= (y); break;                                                           \
        }                                                                                          \
        PUT2(v_bool(c_));                                                                          \
    } while (0)

/* TARGET labels every opcode L_name in both builds, so an opcode can continue in another's
 * (INPLACE_OP in BINARY_OP's fast path). */
#if VM_COMPUTED_GOTO
    static const void *const jump_table[OP__COUNT] = {
#define X(name) &&L_##name,
        OPCODES(X)
#undef X
    };
    /* With a debug hook set, every opcode goes through the hook first: dispatch reads this
     * table instead, so the loop pays nothing for hooks while none is set. */
    static const void *const hook_table[OP__COUNT] = {[0 ... OP__COUNT - 1] = &&L_HOOK_STEP};
    const void *const *jt = I->hook_mask ? hook_table : jump_table;
#define VM_HOOK_RETABLE() (jt = I->hook_mask ? hook_table : jump_table)
#define TARGET(name)      L_##name:
#define DISPATCH()                                                                                 \
    do {                                                                                           \
        I->ntemp = tmark;                                                                          \
        word = *ip++;                                                                              \
        oparg = INSTR_ARG(word);                                                                   \
        goto *jt[INSTR_OP(word)];                                                                  \
    } while (0)
#define VM_DISPATCH_BEGIN() DISPATCH()
#define VM_DISPATCH_END()   /* the jump table has an entry for every opcode */
#define VM_FUSED_NEXT(second)                                                                      \
    do {                                                                                           \
        if (jt != jump_table) DISPATCH();                                                          \
        word = *ip++;                                                                              \
        oparg = INSTR_ARG(word);                                                                   \
        goto L_##second;                                                                           \
    } while (0)
#else
#define TARGET(name)                                                                               \
    case OP_##name:                                                                                \
        L_##name:
#define DISPATCH()            goto dispatch
#define VM_FUSED_NEXT(second) DISPATCH()
    bool hooked = I->hook_mask != 0;
#define VM_HOOK_RETABLE()     (hooked = I->hook_mask != 0)
/* The switch's braces live in the macros, so the source around them stays balanced for
 * clang-format in both builds and the unwinder below formats as code. */
#define VM_DISPATCH_BEGIN()                                                                        \
    dispatch:                                                                                      \
    I->ntemp = tmark;                                                                              \
    word = *ip++;                                                                                  \
    oparg = INSTR_ARG(word);                                                                       \
    if (hooked) goto L_HOOK_STEP;                                                                  \
    hooked_resume:                                                                                 \
    switch (INSTR_OP(word)) {
#define VM_DISPATCH_END()                                                                          \
    default:                                                                                       \
        err_format(I, TY_SYSTEM_ERROR, "unknown opcode %u", (unsigned)INSTR_OP(word));             \
        goto error;                                                                                \
        }
#endif

    LOAD_FRAME();
    if (throwing) goto error;
    if (!check_interrupt(I)) goto error;
    VM_DISPATCH_BEGIN();

    /* Not an opcode: the debug hook's stop before an instruction (word), with the frame's
     * pc and stack saved so that the hook sees the frame as a traceback would. */
L_HOOK_STEP : {
    SAVE_PC();
    f->sp = sp;
    bool ok = vm_hook_step(I, f, INSTR_OP(word));
    VM_HOOK_RETABLE();
    if (!ok) goto error;
#if VM_COMPUTED_GOTO
    goto *jump_table[INSTR_OP(word)];
#else
    goto hooked_resume;
#endif
}

    TARGET(NOP) {
        DISPATCH();
    }
    TARGET(POP_TOP) {
        sp--;
        DISPATCH();
    }
    TARGET(COPY) {
        Value v = PEEK(oparg);
        PUSH(v);
        DISPATCH();
    }
    TARGET(SWAP) {
        Value v = TOP();
        sp[-1] = PEEK(oparg);
        sp[-(int)oparg] = v;
        DISPATCH();
    }
    TARGET(LOAD_CONST) {
        PUSH(consts[oparg]);
        DISPATCH();
    }
    TARGET(LOAD_SMALL_INT) {
        PUSH(v_int((int64_t)oparg - SMALL_INT_BIAS));
        DISPATCH();
    }
    TARGET(LOAD_FAST) {
        Value v = fast[oparg];
        if (v.tag == KR_TNULL) {
            instr_err_unbound_local(I, co->varnames[oparg]);
            goto error;
        }
        PUSH(v);
        DISPATCH();
    }
    TARGET(STORE_FAST) {
        fast[oparg] = POP();
        DISPATCH();
    }
    /* The superinstructions (opcodes.h): the first op, then straight into the body of the
     * second (the next word) without the table's indirect jump; with a debug hook set, a
     * plain dispatch, so that the hook sees the second instruction too. LOAD_FAST and
     * STORE_FAST leave no temporaries, so the temp-root reset can wait for the second. */
#define VM_FUSED_LOAD_FAST(second)                                                                 \
    TARGET(LOAD_FAST__##second) {                                                                  \
        Value v = fast[oparg];                                                                     \
        if (v.tag == KR_TNULL) {                                                                   \
            instr_err_unbound_local(I, co->varnames[oparg]);                                       \
            goto error;                                                                            \
        }                                                                                          \
        PUSH(v);                                                                                   \
        VM_FUSED_NEXT(second);                                                                     \
    }
    VM_FUSED_LOAD_FAST(LOAD_ATTR)
    VM_FUSED_LOAD_FAST(LOAD_METHOD)
    VM_FUSED_LOAD_FAST(LOAD_FAST)
    VM_FUSED_LOAD_FAST(LOAD_SMALL_INT)
    VM_FUSED_LOAD_FAST(BINARY_OP)
    VM_FUSED_LOAD_FAST(STORE_ATTR)
    VM_FUSED_LOAD_FAST(COMPARE_OP)
#undef VM_FUSED_LOAD_FAST
    TARGET(STORE_FAST__LOAD_FAST) {
        fast[oparg] = POP();
        VM_FUSED_NEXT(LOAD_FAST);
    }
    TARGET(DELETE_FAST) {
        if (is_null(fast[oparg])) {
            instr_err_unbound_local(I, co->varnames[oparg]);
            goto error;
        }
        fast[oparg] = V_NULL;
        DISPATCH();
    }
    TARGET(LOAD_DEREF) {
        Value v = ((Cell *)f->cells[oparg].as.o)->contents;
        if (is_null(v)) {
            instr_err_unbound_deref(I, co, oparg);
            goto error;
        }
        PUSH(v);
        DISPATCH();
    }
    TARGET(STORE_DEREF) {
        ((Cell *)f->cells[oparg].as.o)->contents = POP();
        DISPATCH();
    }
    TARGET(DELETE_DEREF) {
        Cell *c = (Cell *)f->cells[oparg].as.o;
        if (is_null(c->contents)) {
            instr_err_unbound_deref(I, co, oparg);
            goto error;
        }
        c->contents = V_NULL;
        DISPATCH();
    }
    TARGET(LOAD_CLOSURE) {
        PUSH(f->cells[oparg]);
        DISPATCH();
    }
    TARGET(LOAD_CLASSDEREF) {
        Value v = V_NULL;
        if (f->locals) v = dict_get_str(f->locals, instr_cell_name(co, oparg));
        if (is_null(v)) {
            v = ((Cell *)f->cells[oparg].as.o)->contents;
            if (is_null(v)) {
                instr_err_unbound_deref(I, co, oparg);
                goto error;
            }
        }
        PUSH(v);
        DISPATCH();
    }
    TARGET(LOAD_NAME) {
        Str *name = names[oparg];
        if (f->locals == f->globals) { /* module code: LOAD_GLOBAL's lookup and cache */
            Value v = global_cached(co, oparg, f->globals, f->builtins, name);
            if (v.tag == KR_TNULL) {
                v = global_lookup_fill(I, co, oparg, f->globals, f->builtins, name);
                if (v.tag == KR_TNULL) {
                    if (!err_occurred(I)) instr_err_name(I, name); /* else: MemoryError */
                    goto error;
                }
            }
            PUSH(v);
            DISPATCH();
        }
        /* Names are interned strs and namespaces have str keys: the str fast path. */
        Value v = f->locals ? dict_get_str(f->locals, name) : V_NULL;
        if (is_null(v) && f->locals != f->globals) v = dict_get_str(f->globals, name);
        if (is_null(v) && f->builtins) v = module_lazy_get(I, f->builtins, name);
        if (is_null(v)) {
            if (!err_occurred(I)) instr_err_name(I, name); /* else: MemoryError */
            goto error;
        }
        PUSH(v);
        DISPATCH();
    }
    TARGET(STORE_NAME) {
        Dict *d = f->locals ? f->locals : f->globals;
        if (d == f->globals) {
            if (!global_store(I, co, oparg, d, names[oparg], TOP())) goto error;
        } else if (d->hdr.type != I->types[TY_DICT]) {
            /* a class body run in a metaclass's __prepare__ mapping: its __setitem__ */
            if (obj_setitem(I, v_obj(d), v_obj(names[oparg]), TOP()) < 0) goto error;
        } else if (dict_set_str(I, d, names[oparg], TOP()) < 0) {
            goto error;
        }
        sp--;
        DISPATCH();
    }
    TARGET(DELETE_NAME) {
        Dict *d = f->locals ? f->locals : f->globals;
        int r = dict_del(I, d, v_obj(names[oparg]));
        if (r < 0) goto error;
        if (r == 0) {
            instr_err_name(I, names[oparg]);
            goto error;
        }
        DISPATCH();
    }
    TARGET(LOAD_GLOBAL) {
        Str *name = names[oparg];
        Value v = global_cached(co, oparg, f->globals, f->builtins, name);
        if (v.tag == KR_TNULL) {
            v = global_lookup_fill(I, co, oparg, f->globals, f->builtins, name);
            if (v.tag == KR_TNULL) {
                if (!err_occurred(I)) instr_err_name(I, name); /* else: MemoryError */
                goto error;
            }
        }
        PUSH(v);
        DISPATCH();
    }
    TARGET(STORE_GLOBAL) {
        if (!global_store(I, co, oparg, f->globals, names[oparg], TOP())) goto error;
        sp--;
        DISPATCH();
    }
    TARGET(DELETE_GLOBAL) {
        int r = dict_del(I, f->globals, v_obj(names[oparg]));
        if (r < 0) goto error;
        if (r == 0) {
            instr_err_name(I, names[oparg]);
            goto error;
        }
        DISPATCH();
    }
    TARGET(LOAD_ATTR) {
        Value obj = TOP();
        Str *name = names[oparg];
        if (obj.tag == KR_TOBJ) {
            /* The common case of generic_getattr: no type in the mro has the name, so the
             * instance dict decides. */
            Type *t = obj.as.o->type;
            AttrTypeCache *a = attr_cache_get(I, co, oparg, t, name);
            if (a && (a->flags & ATTR_GET_DICT)) {
                Dict *d = attr_cache_dict(I, a, obj);
                if (d) {
                    int64_t ix = attr_index(I, co, oparg, d, name);
                    if (ix >= 0) {
                        PUT1(d->entries[ix].value);
                    }
                }
            }
        }
        Value v = obj_getattr(I, obj, name);
        if (is_null(v)) goto error;
        PUT1(v);
    }
    TARGET(STORE_ATTR) {
        Value obj = TOP();
        Str *name = names[oparg];
        if (obj.tag == KR_TOBJ && name != I->names.dict) {
            /* generic_setattr when no data descriptor intercepts: store in the dict. */
            Type *t = obj.as.o->type;
            AttrTypeCache *a = attr_cache_get(I, co, oparg, t, name);
            Dict *d = a && (a->flags & ATTR_SET_DICT) ? attr_cache_dict(I, a, obj) : NULL;
            if (d && !(d->hdr.obj_flags & DICT_WATCHED)) {
                /* The hint at the dict's end: __init__ adding the attribute the last
                 * instance got at this point; dict_set_str's one probe then decides (an
                 * existing key is updated all the same). A watched dict (an object's
                 * dict that is also some type's) goes through dict_set_str. */
                int64_t ix = ((GlobalCache *)co->caches)[oparg].attr_ix == d->nentries
                                 ? -1
                                 : attr_index(I, co, oparg, d, name);
                if (ix >= 0) { /* dict_set_str's update of an existing key */
                    d->entries[ix].value = PEEK(2);
                    d->version++;
                } else if (!attr_store_slow(I, co, oparg, d, name, PEEK(2))) {
                    goto error;
                }
                sp -= 2;
                DISPATCH();
            }
        }
        if (obj_setattr(I, obj, name, PEEK(2)) < 0) goto error;
        sp -= 2;
        DISPATCH();
    }
    TARGET(DELETE_ATTR) {
        if (obj_delattr(I, TOP(), names[oparg]) < 0) goto error;
        sp--;
        DISPATCH();
    }
    TARGET(LOAD_METHOD) {
        Value obj = TOP();
        Str *name = names[oparg];
        Type *t = obj.tag == KR_TOBJ ? obj.as.o->type : type_of(I, obj);
        AttrTypeCache *a = attr_cache_get(I, co, oparg, t, name);
        if (a && (a->flags & ATTR_METHOD)) {
            Dict *d = obj.tag == KR_TOBJ ? attr_cache_dict(I, a, obj) : NULL;
            /* (the instance must not shadow the method: its dict's key bits rule that out
             * without a probe for most names) */
            if (!d || d->len == 0 ||
                !dict_may_hold(d, name->hash != -1 ? name->hash : str_hash(name)) ||
                is_null(dict_get_str(d, name))) {
                sp[-1] = a->value;
                PUSH(obj);
                DISPATCH();
            }
        }
        Value v = obj_getattr(I, obj, name);
        if (is_null(v)) goto error;
        sp[-1] = v;
        PUSH(V_NULL);
        DISPATCH();
    }
    TARGET(BINARY_OP) {
        Value b = sp[-1], a = sp[-2];
        if (a.tag == KR_TINT && b.tag == KR_TINT) {
            int64_t r_;
            switch (oparg) {
            case BIN_ADD: VM_INT_ARITH(i64_add_overflow);
            case BIN_SUB: VM_INT_ARITH(i64_sub_overflow);
            case BIN_MUL: VM_INT_ARITH(i64_mul_overflow);
            case BIN_AND: VM_INT_BITWISE(&);
            case BIN_OR: VM_INT_BITWISE(|);
            case BIN_XOR: VM_INT_BITWISE(^);
            default: break;
            }
        } else if (a.tag == KR_TFLOAT && b.tag == KR_TFLOAT) {
            switch (oparg) {
            case BIN_ADD: VM_FLOAT_ARITH(+);
            case BIN_SUB: VM_FLOAT_ARITH(-);
            case BIN_MUL: VM_FLOAT_ARITH(*);
            default: break;
            }
        }
        Value r;
        if (num_binop_fast(a, b, oparg, &r)) {
            PUT2(r);
        }
        SAVE_PC(); /* native code may read the line (a warning's location) */
        r = obj_binop(I, a, b, (int)oparg);
        if (is_null(r)) goto error;
        PUT2(r);
    }
    TARGET(INPLACE_OP) {
        Value b = sp[-1], a = sp[-2];
        /* Ints and floats are immutable, so a += b is a + b for them: BINARY_OP's fast
         * paths, then its generic slot, give the same result and errors. */
        if ((a.tag == KR_TINT || a.tag == KR_TFLOAT) && (b.tag == KR_TINT || b.tag == KR_TFLOAT) &&
            oparg != BIN_MATMUL) /* (whose error message names @=) */
            goto L_BINARY_OP;
        SAVE_PC();
        Value r = obj_inplace(I, a, b, (int)oparg);
        if (is_null(r)) goto error;
        PUT2(r);
    }
    TARGET(UNARY_OP) {
        Value a = TOP();
        if (a.tag == KR_TINT && oparg == UN_NEG && a.as.i != INT64_MIN) {
            PUT1(v_int(-a.as.i));
        }
        Value r = obj_unop(I, a, (int)oparg);
        if (is_null(r)) goto error;
        PUT1(r);
    }
    TARGET(UNARY_NOT) {
        Value a = TOP();
        int t;
        if (a.tag == KR_TBOOL) {
            t = (int)a.as.i;
        } else {
            t = obj_truthy(I, a);
            if (t < 0) goto error;
        }
        PUT1(v_bool(!t));
    }
    TARGET(COMPARE_OP) {
        Value b = sp[-1], a = sp[-2];
        if (a.tag == KR_TINT && b.tag == KR_TINT) VM_ORDER(a.as.i, b.as.i);
        if (a.tag == KR_TFLOAT && b.tag == KR_TFLOAT) VM_ORDER(a.as.f, b.as.f);
        Value r;
        if (num_compare_fast(a, b, oparg, &r)) {
            PUT2(r);
        }
        r = obj_richcompare(I, a, b, (int)oparg);
        if (is_null(r)) goto error;
        PUT2(r);
    }
    TARGET(IS_OP) {
        bool r = v_is(sp[-2], sp[-1]) ^ (oparg != 0);
        PUT2(v_bool(r));
    }
    TARGET(CONTAINS_OP) {
        int r = obj_contains(I, sp[-1], sp[-2]);
        if (r < 0) goto error;
        PUT2(v_bool((r != 0) ^ (oparg != 0)));
    }
    TARGET(BINARY_SUBSCR) {
        Value key = sp[-1], obj = sp[-2];
        if (key.tag == KR_TINT && obj.tag == KR_TOBJ) {
            int id = obj.as.o->type->id;
            int64_t i = key.as.i;
            if (id == TY_LIST) {
                List *l = (List *)obj.as.o;
                if (i < 0) i += (int64_t)l->len;
                if (i >= 0 && (size_t)i < l->len) {
                    PUT2(l->items[i]);
                }
            } else if (id == TY_TUPLE) {
                Tuple *t = (Tuple *)obj.as.o;
                if (i < 0) i += (int64_t)t->len;
                if (i >= 0 && (size_t)i < t->len) {
                    PUT2(t->items[i]);
                }
            }
        }
        Value r = obj_getitem(I, obj, key);
        if (is_null(r)) goto error;
        PUT2(r);
    }
    TARGET(STORE_SUBSCR) {
        Value key = sp[-1], obj = sp[-2], v = sp[-3];
        if (key.tag == KR_TINT && obj.tag == KR_TOBJ && obj.as.o->type->id == TY_LIST) {
            List *l = (List *)obj.as.o;
            int64_t i = key.as.i;
            if (i < 0) i += (int64_t)l->len;
            if (i >= 0 && (size_t)i < l->len) {
                l->items[i] = v;
                sp -= 3;
                DISPATCH();
            }
        }
        if (obj_setitem(I, obj, key, v) < 0) goto error;
        sp -= 3;
        DISPATCH();
    }
    TARGET(DELETE_SUBSCR) {
        if (obj_delitem(I, sp[-2], sp[-1]) < 0) goto error;
        sp -= 2;
        DISPATCH();
    }
    TARGET(BUILD_SLICE) {
        /* x[a:b] on an exact str, list or tuple with int/None bounds: slice at once, without
         * the slice object (BUILD_SLICE and BINARY_SUBSCR fused). */
        if (oparg == 2 && INSTR_OP(*ip) == OP_BINARY_SUBSCR && sp[-3].tag == KR_TOBJ &&
            (sp[-2].tag == KR_TINT || sp[-2].tag == KR_TNONE) &&
            (sp[-1].tag == KR_TINT || sp[-1].tag == KR_TNONE)) {
            Obj *o = sp[-3].as.o;
            int id = o->type->id;
            int64_t len = id == TY_STR     ? (int64_t)((Str *)o)->nchars
                          : id == TY_LIST  ? (int64_t)((List *)o)->len
                          : id == TY_TUPLE ? (int64_t)((Tuple *)o)->len
                                           : -1;
            if (len >= 0) {
                int64_t lo = sp[-2].tag == KR_TINT ? sp[-2].as.i : 0;
                int64_t hi = sp[-1].tag == KR_TINT ? sp[-1].as.i : len;
                if (lo < 0) lo = lo + len < 0 ? 0 : lo + len;
                if (lo > len) lo = len;
                if (hi < 0) hi = hi + len < 0 ? 0 : hi + len;
                if (hi > len) hi = len;
                int64_t n = hi > lo ? hi - lo : 0;
                Value r;
                if (id == TY_STR) {
                    r = str_slice(I, (Str *)o, lo, 1, n);
                } else if (id == TY_LIST) {
                    /* (an empty list has no items array: no pointer arithmetic on NULL) */
                    List *l = list_from_array(I, n ? ((List *)o)->items + lo : NULL, (size_t)n);
                    r = l ? v_obj(l) : V_NULL;
                } else if (n == len) {
                    r = sp[-3]; /* t[:] is t */
                } else {
                    Tuple *t = tuple_from_array(I, ((Tuple *)o)->items + lo, (size_t)n);
                    r = t ? v_obj(t) : V_NULL;
                }
                if (is_null(r)) goto error;
                sp -= 2;
                sp[-1] = r;
                ip++;
                DISPATCH();
            }
        }
        Value step = oparg == 3 ? POP() : V_NONE;
        Value stop = POP();
        Value start = TOP();
        Value s = slice_new(I, start, stop, step);
        if (is_null(s)) goto error;
        PUT1(s);
    }
    TARGET(BUILD_TUPLE) {
        Tuple *t = tuple_from_array(I, sp - oparg, oparg);
        if (!t) goto error;
        sp -= oparg;
        PUSH(v_obj(t));
        DISPATCH();
    }
    TARGET(BUILD_LIST) {
        List *l = list_from_array(I, sp - oparg, oparg);
        if (!l) goto error;
        sp -= oparg;
        PUSH(v_obj(l));
        DISPATCH();
    }
    TARGET(BUILD_SET) {
        Set *s = set_new(I, false);
        if (!s) goto error;
        for (uint32_t i = oparg; i > 0; i--) {
            if (set_add(I, s, PEEK(i)) < 0) goto error;
        }
        sp -= oparg;
        PUSH(v_obj(s));
        DISPATCH();
    }
    TARGET(BUILD_MAP) {
        Dict *d = dict_new(I);
        if (!d) goto error;
        Value *base = sp - 2 * oparg;
        for (uint32_t i = 0; i < oparg; i++) {
            if (dict_set(I, d, base[2 * i], base[2 * i + 1]) < 0) goto error;
        }
        sp = base;
        PUSH(v_obj(d));
        DISPATCH();
    }
    TARGET(BUILD_STRING) {
        Value s = instr_build_string(I, sp - oparg, oparg);
        if (is_null(s)) goto error;
        sp -= oparg;
        PUSH(s);
        DISPATCH();
    }
    TARGET(BUILD_TEMPLATE) {
        Value t = instr_build_template(I, sp - 4 * oparg - 1, oparg);
        if (is_null(t)) goto error;
        sp -= 4 * oparg + 1;
        PUSH(t);
        DISPATCH();
    }
    TARGET(LIST_APPEND) {
        Value v = POP();
        if (!list_append(I, as_list(PEEK(oparg)), v)) goto error;
        DISPATCH();
    }
    TARGET(SET_ADD) {
        Value v = POP();
        if (set_add(I, (Set *)as_obj(PEEK(oparg)), v) < 0) goto error;
        DISPATCH();
    }
    TARGET(MAP_ADD) {
        Value v = POP();
        Value k = POP();
        if (dict_set(I, as_dict(PEEK(oparg)), k, v) < 0) goto error;
        DISPATCH();
    }
    TARGET(LIST_EXTEND) {
        Value it = POP();
        Type *t = type_of(I, it);
        if (!t->slots.iter && !t->slots.getitem) {
            /* `f(*x)` compiles to BUILD_LIST 0, LIST_EXTEND 1, LIST_TO_TUPLE, CALL_EX where
             * CPython passes x to CALL_FUNCTION_EX directly and names the function. */
            if (oparg == 1 && as_list(TOP())->len == 0 && INSTR_OP(ip[0]) == OP_LIST_TO_TUPLE &&
                INSTR_OP(ip[1]) == OP_CALL_EX) {
                Str *fs = call_func_str(I, PEEK(2));
                if (fs) {
                    err_format(I, TY_TYPE_ERROR, "%s argument after * must be an iterable, not %s",
                               fs->data, t->name->data);
                }
                goto error;
            }
            err_format(I, TY_TYPE_ERROR, "Value after * must be an iterable, not %s",
                       t->name->data);
            goto error;
        }
        if (!list_extend_iter(I, as_list(PEEK(oparg)), it)) goto error;
        DISPATCH();
    }
    TARGET(SET_UPDATE) {
        Value it = POP();
        Set *s = (Set *)as_obj(PEEK(oparg));
        Value iter = obj_iter(I, it);
        if (is_null(iter)) goto error;
        for (;;) {
            Value v = obj_next(I, iter);
            if (is_null(v)) {
                if (err_occurred(I)) goto error;
                break;
            }
            if (set_add(I, s, v) < 0) goto error;
        }
        DISPATCH();
    }
    TARGET(DICT_UPDATE) {
        Value m = POP();
        if (!is_dict(I, m)) {
            Value keys = obj_getattr_opt(I, m, I->names.keys);
            if (is_null(keys)) {
                if (!err_occurred(I)) {
                    err_format(I, TY_TYPE_ERROR, "'%s' object is not a mapping", type_name(I, m));
                }
                goto error;
            }
        }
        if (dict_update(I, as_dict(PEEK(oparg)), m) < 0) goto error;
        DISPATCH();
    }
    TARGET(DICT_MERGE) {
        Value m = POP();
        if (!instr_dict_merge(I, as_dict(PEEK(oparg)), m, PEEK(oparg + 2))) goto error;
        DISPATCH();
    }
    TARGET(LIST_TO_TUPLE) {
        List *l = as_list(TOP());
        Tuple *t = tuple_from_array(I, l->items, l->len);
        if (!t) goto error;
        PUT1(v_obj(t));
    }
    TARGET(FORMAT_VALUE) {
        Value spec = (oparg & 4) ? POP() : V_NULL;
        Value r = instr_format_value(I, TOP(), spec, oparg);
        if (is_null(r)) goto error;
        PUT1(r);
    }
    TARGET(UNPACK_SEQUENCE) {
        Value seq = POP();
        /* The sequence stays in its (now stale, still traced) slot while we iterate. */
        if (!instr_unpack_sequence(I, seq, oparg, sp)) goto error;
        sp += oparg;
        DISPATCH();
    }
    TARGET(UNPACK_EX) {
        uint32_t before = oparg & 0xff, after = oparg >> 8;
        Value seq = POP();
        /* seq stays rooted in its stale slot sp[0] until instr_unpack_ex has listed it. */
        if (!instr_unpack_ex(I, seq, before, after, sp)) goto error;
        sp += before + after + 1;
        DISPATCH();
    }
    TARGET(JUMP) {
        const uint32_t *target = instrs + oparg;
        if (target < ip && !check_interrupt(I)) goto error;
        ip = target;
        DISPATCH();
    }
    TARGET(POP_JUMP_IF_FALSE) {
        Value v = POP();
        if (v.tag == KR_TBOOL) {
            if (!v.as.i) ip = instrs + oparg;
            DISPATCH();
        }
        int t = obj_truthy(I, v);
        if (t < 0) goto error;
        if (!t) ip = instrs + oparg;
        DISPATCH();
    }
    TARGET(POP_JUMP_IF_TRUE) {
        Value v = POP();
        if (v.tag == KR_TBOOL) {
            if (v.as.i) ip = instrs + oparg;
            DISPATCH();
        }
        int t = obj_truthy(I, v);
        if (t < 0) goto error;
        if (t) ip = instrs + oparg;
        DISPATCH();
    }
    TARGET(JUMP_IF_FALSE_OR_POP) {
        int t = obj_truthy(I, TOP());
        if (t < 0) goto error;
        if (!t) {
            ip = instrs + oparg;
        } else {
            sp--;
        }
        DISPATCH();
    }
    TARGET(JUMP_IF_TRUE_OR_POP) {
        int t = obj_truthy(I, TOP());
        if (t < 0) goto error;
        if (t) {
            ip = instrs + oparg;
        } else {
            sp--;
        }
        DISPATCH();
    }
    TARGET(GET_ITER) {
        Value it = obj_iter(I, TOP());
        if (is_null(it)) goto error;
        PUT1(it);
    }
    TARGET(FOR_ITER) {
        Value it = TOP();
        Type *t = type_of(I, it);
        Value v = t->slots.next ? t->slots.next(I, it) : obj_next(I, it);
        if (v.tag != KR_TNULL) {
            PUSH(v);
            DISPATCH();
        }
        if (I->exc) {
            if (!err_matches(I, TY_STOP_ITERATION)) goto error;
            err_clear(I);
        }
        sp--;
        ip = instrs + oparg;
        DISPATCH();
    }
    TARGET(SETUP_FINALLY) {
        Block *b = &f->blocks[f->nblocks++];
        b->type = BLOCK_FINALLY;
        b->handler = oparg;
        b->level = (uint32_t)(sp - f->stack);
        b->exc = NULL;
        DISPATCH();
    }
    TARGET(POP_BLOCK) {
        f->nblocks--;
        DISPATCH();
    }
    TARGET(POP_EXCEPT) {
        /* The block's level is where the exception object sits. */
        Block *b = &f->blocks[--f->nblocks];
        (void)b;
        sp--;
        DISPATCH();
    }
    TARGET(RERAISE) {
        Value e = POP();
        err_restore(I, as_obj(e));
        reraise = true;
        goto error;
    }
    TARGET(CHECK_EG_MATCH) {
        Value match, rest;
        if (excgroup_check_match(I, f, PEEK(2), TOP(), &match, &rest) < 0) goto error;
        if (is_none(match)) PUT1(match);
        sp[-2] = rest;
        PUT1(match);
    }
    TARGET(PREP_RERAISE_STAR) {
        Value r = excgroup_prep_reraise(I, PEEK(2), TOP());
        if (is_null(r)) goto error;
        PUT2(r);
    }
    TARGET(MATCH_SEQUENCE) {
        int r = match_is_sequence(I, TOP());
        if (r < 0) goto error;
        PUSH(v_bool(r));
        DISPATCH();
    }
    TARGET(MATCH_MAPPING) {
        int r = match_is_mapping(I, TOP());
        if (r < 0) goto error;
        PUSH(v_bool(r));
        DISPATCH();
    }
    TARGET(GET_LEN) {
        int64_t n = obj_len(I, TOP());
        if (n < 0) goto error;
        PUSH(v_int(n));
        DISPATCH();
    }
    TARGET(MATCH_KEYS) {
        Value r = match_keys(I, PEEK(2), TOP());
        if (is_null(r)) goto error;
        PUSH(r);
        DISPATCH();
    }
    TARGET(MATCH_CLASS) {
        Value r = match_class(I, PEEK(3), PEEK(2), TOP(), oparg);
        if (is_null(r)) goto error;
        sp -= 2;
        PUT1(r);
    }
    TARGET(CHECK_EXC_MATCH) {
        int r = instr_check_exc_match(I, PEEK(2), TOP());
        if (r < 0) goto error;
        PUT1(v_bool(r));
    }
    TARGET(RAISE_VARARGS) {
        if (oparg == 0) {
            Obj *h = frame_handled_exception(I);
            if (!h) {
                err_format(I, TY_RUNTIME_ERROR, "No active exception to reraise");
                goto error;
            }
            err_restore(I, h);
            reraise = true;
            goto error;
        }
        if (oparg == 2) {
            instr_do_raise(I, PEEK(2), TOP(), true);
            sp -= 2;
        } else {
            instr_do_raise(I, TOP(), V_NULL, false);
            sp--;
        }
        goto error;
    }
    TARGET(LOAD_ASSERTION_ERROR) {
        Type *t = exc_type(I, TY_ASSERTION_ERROR);
        if (!t) goto error;
        PUSH(v_obj(t));
        DISPATCH();
    }
    TARGET(SETUP_WITH) {
        Value mgr = TOP();
        Value exit = V_NULL;
        Value enter = instr_setup_with_enter(I, mgr, &sp[0]);
        if (is_null(enter)) goto error;
        exit = sp[0];
        sp[-1] = exit;
        PUSH(enter); /* keep the bound __enter__ rooted during the call */
        Value r = obj_call(I, enter, 0, NULL, NULL);
        if (is_null(r)) goto error;
        sp--;
        Block *b = &f->blocks[f->nblocks++];
        b->type = BLOCK_FINALLY;
        b->handler = oparg;
        b->level = (uint32_t)(sp - f->stack);
        b->exc = NULL;
        PUSH(r);
        DISPATCH();
    }
    TARGET(WITH_EXCEPT_START) {
        Value exc = TOP();
        Value exit = PEEK(2);
        ExcObj *e = (ExcObj *)as_obj(exc);
        Value args[3] = {v_obj(type_of(I, exc)), exc, e->traceback ? v_obj(e->traceback) : V_NONE};
        Value r = obj_call(I, exit, 3, args, NULL);
        if (is_null(r)) goto error;
        PUSH(r);
        DISPATCH();
    }
    TARGET(RETURN_VALUE) {
        retval = POP();
        f->state = FRAME_DONE;
        I->recursion_depth--;
        if (f->is_entry) goto leave;
        Frame *caller = f->back;
        bool was_init = f->is_init;
        frame_free(I, f);
        f = caller;
        vm->top = f;
        LOAD_FRAME();
        if (was_init) { /* the instance is already where the call's result goes */
            if (!is_none(retval)) {
                type_err_init_result(I, retval);
                goto error;
            }
            DISPATCH();
        }
        PUSH(retval);
        DISPATCH();
    }
    TARGET(YIELD_VALUE) {
        retval = POP();
        f->sp = sp;
        SAVE_PC();
        f->state = FRAME_SUSPENDED;
        I->recursion_depth--;
        goto leave;
    }
    TARGET(YIELD_FROM) {
        Value v = POP();
        bool returned;
        Value r = instr_yield_from_step(I, TOP(), v, &returned);
        if (is_null(r)) goto error;
        if (returned) {
            PUT1(r);
        }
        /* Suspend at this YIELD_FROM: resuming pushes the sent value and re-runs it. */
        retval = r;
        f->sp = sp;
        f->pc = (uint32_t)(ip - 1 - instrs);
        f->state = FRAME_SUSPENDED;
        I->recursion_depth--;
        goto leave;
    }
    TARGET(GET_YIELD_FROM_ITER) {
        Value v = TOP();
        if (!is_generator_like(I, v)) {
            Value it = obj_iter(I, v);
            if (is_null(it)) goto error;
            sp[-1] = it;
        }
        DISPATCH();
    }
    TARGET(GET_AWAITABLE) {
        Value it = instr_get_awaitable(I, TOP());
        if (is_null(it)) goto error;
        PUT1(it);
    }
    TARGET(GEN_START) {
        sp--;
        DISPATCH();
    }
    TARGET(KW_NAMES) {
        kwnames = as_tuple(consts[oparg]);
        DISPATCH();
    }
    {
        /* Shared tail of the call instructions: call fn with (self,) argv into res_base. */
        Function *fn;
        Value self;
        Value *argv;
        int argc;
        Tuple *kw;
        Value *res_base;
        Value callable;

        TARGET(CALL) {
            kw = kwnames;
            kwnames = NULL;
            argv = sp - oparg;
            argc = (int)oparg - (kw ? (int)kw->len : 0);
            res_base = argv - 1;
            callable = argv[-1];
            goto call_callable;
        }
        TARGET(CALL_METHOD) {
            kw = kwnames;
            kwnames = NULL;
            argv = sp - oparg;
            res_base = argv - 2;
            Value meth = argv[-2];
            argc = (int)oparg - (kw ? (int)kw->len : 0);
            bool with_self = !is_null(argv[-1]);
            if (with_self) {
                argv--;
                argc++;
            }
            if (meth.tag == KR_TOBJ) {
                int id = meth.as.o->type->id;
                if (id == TY_FUNCTION) {
                    fn = (Function *)meth.as.o;
                    self = V_NULL;
                    goto call_function;
                }
                if (id == TY_NATIVE_FUNC && with_self) {
                    NativeFunc *nf = (NativeFunc *)meth.as.o;
                    SAVE_PC();
                    Obj *before = I->exc;
                    Value r = err_native_result(I, before, nf->fn(I, argc, argv, kw));
                    if (is_null(r)) goto error;
                    sp = res_base;
                    PUSH(r);
                    DISPATCH();
                }
                if (id == TY_BOUND_METHOD && !with_self) {
                    BoundMethod *bm = (BoundMethod *)meth.as.o;
                    if (is_type_id(bm->func, TY_FUNCTION)) {
                        fn = (Function *)as_obj(bm->func);
                        self = bm->self;
                        goto call_function;
                    }
                }
            }
            SAVE_PC();
            Value r = instr_call_other(I, meth, argc, argv, kw);
            if (is_null(r)) goto error;
            sp = res_base;
            PUSH(r);
            DISPATCH();
        }
        TARGET(CALL_EX) {
            Value kwargs = (oparg & 1) ? POP() : V_NULL;
            Value args = POP();
            callable = TOP();
            res_base = sp - 1;
            /* Keep the spread pieces rooted in their stale slots (traced) during the call. */
            Tuple *arr;
            if (!instr_call_ex_spread(I, callable, args, kwargs, &arr, &argc, &kw)) goto error;
            sp[0] = v_obj(arr);
            if (kw) sp[1] = v_obj(kw);
            argv = arr->items;
            goto call_callable;
        }
    call_callable : {
        /* Shared by CALL and CALL_EX: Python functions (and bound Python methods) get a new
         * frame in this loop; everything else is called from C. */
        if (callable.tag == KR_TOBJ) {
            int id = callable.as.o->type->id;
            if (id == TY_FUNCTION) {
                fn = (Function *)callable.as.o;
                self = V_NULL;
                goto call_function;
            }
            if (id == TY_BOUND_METHOD) {
                BoundMethod *bm = (BoundMethod *)callable.as.o;
                if (is_type_id(bm->func, TY_FUNCTION)) {
                    fn = (Function *)as_obj(bm->func);
                    self = bm->self;
                    goto call_function;
                }
            }
            /* A class whose instances come from object.__new__ and whose __init__ is a
             * Python function: allocate here and run __init__ as an ordinary frame of this
             * loop, not through type_call and a nested loop. */
            if (callable.as.o->type == I->types[TY_TYPE] &&
                type_allocs_like_object(I, (Type *)callable.as.o)) {
                Type *cls = (Type *)callable.as.o;
                Value init = vm_type_lookup(I, cls, I->names.init);
                if (is_type_id(init, TY_FUNCTION) &&
                    !(((Function *)init.as.o)->code->flags &
                      (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR))) {
                    SAVE_PC();
                    Value inst = object_alloc(I, cls);
                    if (is_null(inst)) goto error;
                    fn = (Function *)init.as.o;
                    self = inst;
                    init_call = true;
                    goto call_function;
                }
            }
        }
        SAVE_PC(); /* native code may read the line (a warning's location) */
        Value r = instr_call_other(I, callable, argc, argv, kw);
        if (is_null(r)) goto error;
        sp = res_base;
        PUSH(r);
        DISPATCH();
    }
    call_function : {
        Code *fco = fn->code;
        Frame *nf;
        /* The common call: exactly the positionals of a plain function without cells, bound
         * here rather than through call_bind's general path. */
        if (!kw && (uint32_t)argc + (self.tag != KR_TNULL) == fco->argcount &&
            fco->kwonlyargcount == 0 && (fco->ncellvars | fco->nfreevars) == 0 &&
            !(fco->flags &
              (CO_VARARGS | CO_VARKEYWORDS | CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR))) {
            nf = frame_new(I, fco, fn, fn->globals, NULL);
            if (!nf) {
                init_call = false;
                goto error;
            }
            Value *dst = nf->fast;
            if (self.tag != KR_TNULL) *dst++ = self;
            for (int i = 0; i < argc; i++)
                dst[i] = argv[i];
            goto call_push_frame;
        }
        nf = call_bind(I, fn, self, argc, argv, kw);
        if (!nf) {
            init_call = false;
            goto error;
        }
        if (fn->code->flags & (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR)) {
            Value g = generator_new(I, nf, fn);
            if (is_null(g)) {
                frame_free(I, nf);
                goto error;
            }
            sp = res_base;
            PUSH(g);
            DISPATCH();
        }
    call_push_frame:
        if (init_call) {
            /* The instance takes the callable's slot, above the caller's stack top, so it
             * stays rooted while __init__ runs and is the call's result afterwards. */
            init_call = false;
            nf->is_init = true;
            *res_base++ = self;
        }
        if (I->recursion_depth >= I->recursion_limit) {
            frame_free(I, nf);
            instr_err_recursion(I, "");
            goto error;
        }
        if (!check_interrupt(I)) {
            frame_free(I, nf);
            goto error;
        }
        f->sp = res_base;
        SAVE_PC();
        nf->back = f;
        nf->is_entry = false;
        nf->state = FRAME_RUNNING;
        nf->temp_mark = I->ntemp;
        I->recursion_depth++;
        f = nf;
        vm->top = f;
        LOAD_FRAME();
        DISPATCH();
    }
    }
    TARGET(MAKE_FUNCTION) {
        uint32_t n = 1 + !!(oparg & 1) + !!(oparg & 2) + !!(oparg & 4) + !!(oparg & 8);
        Value fnv = instr_make_function(I, f, oparg, sp - n);
        if (is_null(fnv)) goto error;
        sp -= n;
        PUSH(fnv);
        DISPATCH();
    }
    TARGET(BUILD_CLASS) {
        Tuple *kw = kwnames;
        kwnames = NULL;
        Value *base = sp - oparg - 2;
        SAVE_PC();
        Value cls = instr_build_class(I, f, base, oparg, kw);
        if (is_null(cls)) goto error;
        sp = base;
        PUSH(cls);
        DISPATCH();
    }
    TARGET(IMPORT_NAME) {
        Value fromlist = POP();
        Value levelv = TOP();
        int level = levelv.tag == KR_TINT ? (int)levelv.as.i : 0;
        SAVE_PC();
        Value m = vm_import(I, names[oparg], v_obj(f->globals), fromlist, level);
        if (is_null(m)) goto error;
        PUT1(m);
    }
    TARGET(IMPORT_FROM) {
        Value v = instr_import_from(I, TOP(), names[oparg]);
        if (is_null(v)) goto error;
        PUSH(v);
        DISPATCH();
    }
    TARGET(IMPORT_STAR) {
        Value m = POP();
        if (!instr_import_star(I, f, m)) goto error;
        DISPATCH();
    }
    TARGET(SETUP_ANNOTATIONS) {
        Dict *d = f->locals ? f->locals : f->globals;
        if (is_null(dict_get_str(d, I->names.annotations))) {
            Dict *a = dict_new(I);
            if (!a || dict_set_str(I, d, I->names.annotations, v_obj(a)) < 0) goto error;
        }
        DISPATCH();
    }
    TARGET(PRINT_EXPR) {
        Value v = TOP();
        if (!instr_print_expr(I, v)) goto error;
        sp--;
        DISPATCH();
    }

    TARGET(GET_AITER) {
        Value it = instr_async_get_aiter(I, TOP());
        if (is_null(it)) goto error;
        PUT1(it);
    }
    TARGET(GET_ANEXT) {
        Value aw = instr_async_get_anext(I, TOP());
        if (is_null(aw)) goto error;
        PUSH(aw);
        DISPATCH();
    }
    TARGET(END_ASYNC_FOR) {
        Value exc = TOP();
        if (is_instance(I, exc, I->types[TY_STOP_ASYNC_ITERATION])) {
            f->nblocks--; /* the EXCEPT_HANDLER block, as POP_EXCEPT */
            sp -= 2;
            DISPATCH();
        }
        sp--;
        err_restore(I, as_obj(exc));
        reraise = true;
        goto error;
    }
    TARGET(BEFORE_ASYNC_WITH) {
        Value mgr = TOP();
        Value enter = instr_async_with_enter(I, mgr, &sp[0]);
        if (is_null(enter)) goto error;
        sp[-1] = sp[0]; /* the bound __aexit__ replaces the manager */
        PUSH(enter);
        Value r = obj_call(I, enter, 0, NULL, NULL);
        if (is_null(r)) goto error;
        PUT1(r);
    }

    VM_DISPATCH_END();

error:
    /* An exception is pending (I->exc). Record where, then look for a handler. */
    kwnames = NULL;
    if (!I->exc) err_format(I, TY_SYSTEM_ERROR, "error return without exception set");
    SAVE_PC();
    if (!reraise) {
        ExcObj *e = (ExcObj *)I->exc;
        if (!e->traceback && is_none(e->context) && !thrown_in) instr_set_context(I, I->exc);
        traceback_add(I, I->exc, f); /* on OOM the entry is lost; unwinding goes on */
    }
    reraise = false;
    thrown_in = false;
    while (f->nblocks > 0) {
        Block *b = &f->blocks[--f->nblocks];
        sp = f->stack + b->level;
        if (b->type == BLOCK_EXCEPT_HANDLER) continue;
        Obj *exc = I->exc;
        I->exc = NULL;
        Block *h = &f->blocks[f->nblocks++];
        h->type = BLOCK_EXCEPT_HANDLER;
        h->exc = exc;
        /* h->level stays: the exception object sits at that depth. */
        PUSH(v_obj(exc));
        ip = instrs + h->handler;
        DISPATCH();
    }
    /* No handler here: the frame is finished and the exception goes to the caller. */
    f->state = FRAME_DONE;
    I->recursion_depth--;
    if (f->is_entry) {
        retval = V_NULL;
        goto leave;
    }
    {
        Frame *caller = f->back;
        frame_free(I, f);
        f = caller;
        vm->top = f;
        LOAD_FRAME();
        goto error;
    }

leave:
    /* Leaving this activation (return, yield or exception) back to C. The result is pushed
     * on the caller's temp roots: the frame that held it may be freed right away. */
    vm->top = f->back;
    vm->reentry_depth--;
    I->ntemp = f->temp_mark;
    if (!is_null(retval) && retval.tag == KR_TOBJ && !gc_temp_push(I, retval)) {
        return V_NULL;
    }
    return retval;
#undef LOAD_FRAME
#undef SAVE_PC
#undef PUSH
#undef POP
#undef TOP
#undef PEEK
#undef PUT1
#undef PUT2
#undef VM_INT_ARITH
#undef VM_INT_BITWISE
#undef VM_FLOAT_ARITH
#undef VM_ORDER
#undef TARGET
#undef DISPATCH
#undef VM_DISPATCH_BEGIN
#undef VM_DISPATCH_END
}
