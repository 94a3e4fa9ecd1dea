/* frame.c: allocating, recycling and tracing activation frames.
 *
 * A frame is one mem_alloc block whose size is rounded up to a power of two, so frames of
 * nearby sizes share a free list (vm->free_frames[class]) and a recursive function reuses
 * the same few blocks call after call. Frames are not collector objects; see frame.h. */
#include "frame.h"

#include <string.h>

#include "dict.h"
#include "error.h"
#include "opcodes.h"
#include "vm.h"

Frame *frame_alloc_slow(Interp *I, size_t size) {
    return mem_alloc(I, size);
}

void frame_free(Interp *I, Frame *f) {
    size_t size;
    int cls = frame_size_class(f->alloc_size, &size);
    if (cls < VM_FRAME_CLASSES && I->vm) {
        f->back = I->vm->free_frames[cls];
        I->vm->free_frames[cls] = f;
    } else {
        mem_free(I, f, f->alloc_size);
    }
}

void frame_trace(Interp *I, Frame *f) {
    gc_mark_obj(I, (Obj *)f->code);
    gc_mark_obj(I, (Obj *)f->func);
    gc_mark_obj(I, (Obj *)f->globals);
    gc_mark_obj(I, (Obj *)f->builtins);
    gc_mark_obj(I, (Obj *)f->locals);
    gc_mark_obj(I, f->gen);
    for (uint32_t i = 0; i < f->nslots; i++) {
        if (f->fast[i].tag == KR_TOBJ) gc_mark_obj(I, f->fast[i].as.o);
    }
    for (uint32_t i = 0; i < f->nblocks; i++)
        gc_mark_obj(I, f->blocks[i].exc);
}

/* The collector traces every stack slot of the running frame (its stack top lives in the
 * dispatch loop), so values popped earlier stay alive until overwritten. A native called
 * straight from CALL or CALL_METHOD knows the top, just past its arguments: gc.collect()
 * clears the slots above it, so that `del x; gc.collect()` frees x as CPython would. */
void vm_clear_stale_stack(Interp *I, NativeFn self_fn, const Value *argv) {
    Frame *f = I->vm ? I->vm->top : NULL;
    if (!f || !argv || f->pc == 0) return;
    Value *end = f->fast + f->nslots;
    if (argv < f->stack + 1 || argv > end) return;
    uint32_t w = f->code->instrs[f->pc - 1];
    unsigned op = INSTR_OP(w);
    if (op != OP_CALL && op != OP_CALL_METHOD) return;
    const Value *callee = argv - (op == OP_CALL ? 1 : 2);
    if (callee < f->stack || callee->tag != KR_TOBJ || callee->as.o->type->id != TY_NATIVE_FUNC ||
        ((NativeFunc *)callee->as.o)->fn != self_fn)
        return; /* called some other way: the top is unknown */
    Value *top = (Value *)argv + INSTR_ARG(w);
    for (Value *p = top; p < end; p++)
        p->tag = KR_TNULL;
}

Obj *frame_handled_exception(Interp *I) {
    for (Frame *f = I->vm ? I->vm->top : NULL; f; f = f->back) {
        for (uint32_t i = f->nblocks; i > 0; i--) {
            if (f->blocks[i - 1].type == BLOCK_EXCEPT_HANDLER) return f->blocks[i - 1].exc;
        }
    }
    return NULL;
}

/* ---- introspection of the running frame (vm.h) --------------------------------------- */

Obj *vm_handled_exception(Interp *I) {
    return frame_handled_exception(I);
}

Dict *vm_current_globals(Interp *I) {
    Frame *f = I->vm ? I->vm->top : NULL;
    return f ? f->globals : NULL;
}

Value vm_current_locals(Interp *I) {
    Frame *f = I->vm ? I->vm->top : NULL;
    if (f && f->locals) return v_obj(f->locals);
    Dict *d = dict_new(I);
    if (!d || !f) return d ? v_obj(d) : V_NULL;
    Code *co = f->code;
    for (uint32_t i = 0; i < co->nlocals; i++) {
        if (is_null(f->fast[i])) continue;
        /* An argument captured by a closure lives in its cell; the cell pass below has it. */
        if (dict_set_str(I, d, co->varnames[i], f->fast[i]) < 0) return V_NULL;
    }
    for (uint32_t i = 0; i < co->ncellvars + co->nfreevars; i++) {
        Value c = f->cells[i];
        if (!is_obj(c)) continue;
        Value v = ((Cell *)as_obj(c))->contents;
        if (is_null(v)) continue;
        Str *name = i < co->ncellvars ? co->cellvars[i] : co->freevars[i - co->ncellvars];
        if (dict_set_str(I, d, name, v) < 0) return V_NULL;
    }
    return v_obj(d);
}

bool vm_super_zero_args(Interp *I, Type **type, Value *obj) {
    Frame *f = I->vm ? I->vm->top : NULL;
    if (!f) {
        err_format(I, TY_RUNTIME_ERROR, "super(): no current frame");
        return false;
    }
    Code *co = f->code;
    if (co->argcount == 0) {
        err_format(I, TY_RUNTIME_ERROR, "super(): no arguments");
        return false;
    }
    Value self = f->fast[0];
    for (uint32_t i = 0; co->cell2arg && i < co->ncellvars; i++) {
        if (co->cell2arg[i] == 0 && is_obj(f->cells[i])) {
            self = ((Cell *)as_obj(f->cells[i]))->contents;
            break;
        }
    }
    if (is_null(self)) {
        err_format(I, TY_RUNTIME_ERROR, "super(): arg[0] deleted");
        return false;
    }
    for (uint32_t i = 0; i < co->nfreevars; i++) {
        if (strcmp(co->freevars[i]->data, "__class__") != 0) continue;
        Value c = f->cells[co->ncellvars + i];
        Value cls = is_obj(c) ? ((Cell *)as_obj(c))->contents : V_NULL;
        if (is_null(cls)) {
            err_format(I, TY_RUNTIME_ERROR, "super(): empty __class__ cell");
            return false;
        }
        if (!is_obj(cls) || !type_is_subtype(type_of(I, cls), I->types[TY_TYPE])) {
            err_format(I, TY_RUNTIME_ERROR, "super(): __class__ is not a type (%s)",
                       type_name(I, cls));
            return false;
        }
        *type = (Type *)as_obj(cls);
        *obj = self;
        return true;
    }
    err_format(I, TY_RUNTIME_ERROR, "super(): __class__ cell not found");
    return false;
}

/* ---- the attribute cache (frame.h) ---------------------------------------------------- */

Value vm_type_lookup_slow(Interp *I, Type *t, Str *name, AttrCacheEntry *set) {
    Value v = type_lookup(I, t, name);
    if (!set) {
        /* Allocation failure just leaves the cache off: lookups stay correct, only slower. */
        VM *vm = I->vm;
        Obj *pending = err_fetch(I); /* a lookup may run while an exception is pending */
        vm->attr_cache = mem_alloc(I, VM_ATTR_CACHE_SIZE * sizeof(AttrCacheEntry));
        err_clear(I);
        if (pending) err_restore(I, pending);
        if (!vm->attr_cache) return v;
        memset(vm->attr_cache, 0, VM_ATTR_CACHE_SIZE * sizeof(AttrCacheEntry));
        set = &vm->attr_cache[vm_attr_cache_set(t, name)];
    }
    if (!vm_attr_watch_mro(I, t)) return v;
    Tuple *mro = t->mro;
    /* The new entry goes first, the one it displaces second (and the second is dropped): a
     * set keeps its two most recently filled pairs. A stale entry for (t, name) itself is
     * refilled where it is. */
    AttrCacheEntry *e = &set[0];
    if (set[1].type == t && set[1].name == name)
        e = &set[1];
    else if (!(set[0].type == t && set[0].name == name))
        set[1] = set[0];
    e->type = t;
    e->name = name;
    e->value = v;
    e->nmro = mro->len > UINT32_MAX ? UINT32_MAX : (uint32_t)mro->len;
    e->epoch = I->vm->attr_epoch;
    for (size_t i = 0; i < mro->len && i < VM_ATTR_CACHE_MRO; i++) {
        e->versions[i] = ((Type *)as_obj(mro->items[i]))->tdict->version;
    }
    return v;
}

bool vm_attr_watch_mro(Interp *I, Type *t) {
    Tuple *mro = type_mro_noerr(I, t); /* the entry's check reads it (vm_attr_entry_valid) */
    if (!mro) return false;
    for (size_t i = 0; i < mro->len; i++) {
        /* the entry checks every dict's version: build those the lookup did not pass */
        Dict *d = is_obj(mro->items[i]) ? type_dict_noerr(I, (Type *)as_obj(mro->items[i])) : NULL;
        if (!d) return false;
        d->hdr.obj_flags |= DICT_WATCHED;
    }
    return true;
}
