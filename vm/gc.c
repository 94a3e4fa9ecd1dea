/* gc.c: memory accounting and the precise mark-sweep collector. Objects live in the pages
 * of gc_heap.c. Marking uses an explicit gray stack rather than C recursion, so a list
 * nested a million deep cannot overflow the C stack; if the gray stack itself cannot grow,
 * marking degrades to rescanning the heap for marked-but-untraced objects instead of
 * failing.
 *
 * Collection is triggered by bytes allocated since the last one (threshold = 1.5 times the
 * live size, at least live + 4 MB), or at every allocation in stress mode. Interned strings
 * are strong roots for now: identifiers live for the interpreter's life anyway. */
#include "gc.h"

#include <stdlib.h>
#include <string.h>

#include "dict.h"
#include "error.h"
#include "weakref.h"

#define GC_MIN_THRESHOLD (4u << 20) /* the least headroom: small scripts rarely collect */

static void *raw_realloc(Interp *I, void *p, size_t old_size, size_t new_size) {
    return I->allocator.fn(I->allocator.ud, p, old_size, new_size);
}

/* Try the allocator; on failure collect (if allowed) and try once more. */
static void *alloc_with_retry(Interp *I, void *p, size_t old_size, size_t new_size) {
    if (I->mem_limit && new_size > old_size &&
        I->bytes_allocated + (new_size - old_size) > I->mem_limit) {
        bool worth = !I->limit_gc_futile || I->limit_gc_alloc >= I->mem_limit / 16;
        if (worth && !I->gc_running && !I->gc_disabled) {
            size_t before = I->bytes_allocated;
            gc_collect(I);
            size_t freed = before > I->bytes_allocated ? before - I->bytes_allocated : 0;
            I->limit_gc_futile = freed < I->mem_limit / 16;
            I->limit_gc_alloc = 0;
        }
        if (I->bytes_allocated + (new_size - old_size) > I->mem_limit) return NULL;
    }
    if (new_size > old_size) I->limit_gc_alloc += new_size - old_size;
    void *q = raw_realloc(I, p, old_size, new_size);
    if (!q && new_size && !I->gc_running && !I->gc_disabled) {
        gc_collect(I);
        q = raw_realloc(I, p, old_size, new_size);
    }
    if (q || !new_size) I->bytes_allocated = I->bytes_allocated - old_size + new_size;
    return q;
}

void *mem_alloc(Interp *I, size_t size) {
    if (size == 0) size = 1;
    void *p = alloc_with_retry(I, NULL, 0, size);
    if (!p) err_nomem(I);
    return p;
}

void *mem_realloc(Interp *I, void *p, size_t old_size, size_t new_size) {
    if (!p) return mem_alloc(I, new_size);
    if (new_size == 0) {
        mem_free(I, p, old_size);
        return NULL;
    }
    void *q = alloc_with_retry(I, p, old_size, new_size);
    if (!q) err_nomem(I);
    return q;
}

void *mem_realloc_quiet(void *ud, void *p, size_t old_size, size_t new_size) {
    Interp *I = ud;
    if (new_size > old_size && I->mem_limit &&
        I->bytes_allocated + (new_size - old_size) > I->mem_limit)
        return NULL;
    void *q = raw_realloc(I, p, old_size, new_size);
    if (q || !new_size) I->bytes_allocated = I->bytes_allocated - old_size + new_size;
    return q;
}

void mem_free(Interp *I, void *p, size_t size) {
    if (!p) return;
    if (size == 0) size = 1;
    raw_realloc(I, p, size, 0);
    I->bytes_allocated -= size;
}

bool gc_temp_push(Interp *I, Value v) {
    if (I->ntemp == I->captemp) {
        size_t ncap = I->captemp ? I->captemp * 2 : 256;
        /* The stack counts against the memory limit like everything else (no collection
         * here: v is not rooted yet, and collecting would not shrink the stack anyway). */
        size_t grow = (ncap - I->captemp) * sizeof(Value);
        if (I->mem_limit && I->bytes_allocated + grow > I->mem_limit) {
            err_nomem(I);
            return false;
        }
        Value *nt = raw_realloc(I, I->temp_roots, I->captemp * sizeof(Value), ncap * sizeof(Value));
        if (!nt) {
            err_nomem(I);
            return false;
        }
        I->bytes_allocated += (ncap - I->captemp) * sizeof(Value);
        I->temp_roots = nt;
        I->captemp = ncap;
    }
    I->temp_roots[I->ntemp++] = v;
    return true;
}

/* Gives the temp-root stack back while it is empty (kr_new's end: start-up rooted a few
 * thousand objects, 32 KB the interpreter would hold idle); the next push makes it again. */
void gc_temp_trim(Interp *I) {
    if (I->ntemp || !I->temp_roots) return;
    raw_realloc(I, I->temp_roots, I->captemp * sizeof(Value), 0);
    I->bytes_allocated -= I->captemp * sizeof(Value);
    I->temp_roots = NULL;
    I->captemp = 0;
}

void *gc_new(Interp *I, Type *type, size_t size) {
    if (!I->gc_running && !I->gc_disabled &&
        (I->gc_stress || I->bytes_allocated >= I->gc_threshold))
        gc_collect(I);
    Obj *o = heap_alloc(I, type, size);
    /* (not again when the memory limit refused it and the collection that just ran there
     * freed little: the back-off in alloc_with_retry) */
    bool futile = I->mem_limit && I->limit_gc_futile && I->limit_gc_alloc < I->mem_limit / 16;
    if (!o && !futile && !I->gc_running && !I->gc_disabled) {
        gc_collect(I);
        o = heap_alloc(I, type, size);
    }
    if (!o) {
        err_nomem(I);
        return NULL;
    }
    if (!gc_temp_push(I, v_obj(o))) {
        /* Unrooted, so the next collection frees it; report the failure now. */
        err_nomem(I);
        return NULL;
    }
    return o;
}

static void gray_push(Interp *I, Obj *o) {
    if (I->ngray == I->capgray) {
        size_t ncap = I->capgray ? I->capgray * 2 : 1024;
        Obj **ng = raw_realloc(I, I->gray, I->capgray * sizeof(Obj *), ncap * sizeof(Obj *));
        if (!ng) { /* left marked but untraced: found by the rescan */
            I->gray_overflow = true;
            return;
        }
        I->bytes_allocated += (ncap - I->capgray) * sizeof(Obj *);
        I->gray = ng;
        I->capgray = ncap;
    }
    I->gray[I->ngray++] = o;
}

void gc_mark_obj(Interp *I, Obj *o) {
    if (!o || (o->gc_flags & GC_MARKED)) return;
    Type *t = o->type;
    if (t && !t->slots.trace && !(t->flags & TF_PREFIX_DICT)) {
        /* A leaf (str, float, int, ...): nothing to trace but its type, so it never goes
         * through the gray stack. Most objects of a big heap are leaves. */
        o->gc_flags |= GC_MARKED | GC_TRACED;
        if (!(t->hdr.gc_flags & GC_MARKED)) gc_mark_obj(I, (Obj *)t);
        return;
    }
    o->gc_flags |= GC_MARKED;
    gray_push(I, o);
}

static void trace_one(Interp *I, Obj *o) {
    o->gc_flags |= GC_TRACED;
    gc_mark_obj(I, (Obj *)o->type);
    if (o->type && o->type->slots.trace) o->type->slots.trace(I, o);
    if (o->type && (o->type->flags & TF_PREFIX_DICT)) gc_mark_obj(I, (Obj *)*gc_prefix_dict(o));
}

static void retrace_untraced(Interp *I, Obj *o) {
    if ((o->gc_flags & GC_MARKED) && !(o->gc_flags & GC_TRACED)) {
        trace_one(I, o);
        while (I->ngray)
            trace_one(I, I->gray[--I->ngray]);
    }
}

static void drain_gray(Interp *I) {
    while (I->ngray)
        trace_one(I, I->gray[--I->ngray]);
    /* Objects marked while the gray stack could not grow are marked but untraced; only
     * then is the whole heap walked for them, until a walk finds none. */
    while (I->gray_overflow) {
        I->gray_overflow = false;
        heap_each_live(I, retrace_untraced);
    }
}

static void mark_interp_roots(Interp *I) {
    for (int i = 0; i < TY__COUNT; i++)
        gc_mark_obj(I, (Obj *)I->types[i]);
#define X(field, text) gc_mark_obj(I, (Obj *)I->names.field);
    COMMON_NAMES(X)
#undef X
    for (int i = 0; i < BIN__COUNT; i++) {
        gc_mark_obj(I, (Obj *)I->binop_names.op[i]);
        gc_mark_obj(I, (Obj *)I->binop_names.rop[i]);
        gc_mark_obj(I, (Obj *)I->binop_names.iop[i]);
    }
    for (size_t i = 0; i < I->interned.cap; i++)
        gc_mark_obj(I, (Obj *)I->interned.slots[i]);
    for (int i = 0; i < 128; i++)
        gc_mark_obj(I, (Obj *)I->char_cache[i]);
    gc_mark_obj(I, I->not_implemented);
    gc_mark_obj(I, I->ellipsis);
    gc_mark_obj(I, (Obj *)I->empty_tuple);
    gc_mark_obj(I, (Obj *)I->empty_str);
    gc_mark_obj(I, I->exc);
    gc_mark_obj(I, (Obj *)I->memory_error);
    gc_mark_obj(I, I->last_stop);
    gc_mark_obj(I, (Obj *)I->modules);
    gc_mark_obj(I, (Obj *)I->builtins);
    gc_mark_obj(I, (Obj *)I->sys);
    gc_mark_obj(I, (Obj *)I->main_module);
    gc_mark_obj(I, (Obj *)I->sys_path);
    gc_mark_obj(I, (Obj *)I->sys_argv);
    gc_mark_obj(I, (Obj *)I->repr_stack);
    gc_mark_obj(I, I->last_error);
    gc_mark_obj(I, (Obj *)I->sandbox_modules);
    gc_mark_obj(I, (Obj *)I->script_builtins);
    gc_mark_value(I, I->sys_stdout);
    gc_mark_value(I, I->sys_stderr);
    gc_mark_value(I, I->sys_stdin);
    gc_mark_value(I, I->asyncgen_firstiter);
    gc_mark_value(I, I->asyncgen_finalizer);
    weakref_mark_pending(I);
    for (size_t i = 0; i < I->ntemp; i++)
        gc_mark_value(I, I->temp_roots[i]);
    if (I->hooks.trace_roots) I->hooks.trace_roots(I); /* the C API's handles */
}

void gc_collect(Interp *I) {
    if (I->gc_running) return;
    I->gc_running = true;
    mark_interp_roots(I);
    if (I->vm) vm_trace_roots(I);
    drain_gray(I);
    weakref_sweep(I); /* clear the weak references to what was not marked */

    /* Sweep. Finalizers only release memory; they never allocate or run script code. */
    heap_sweep(I);
    dict_trim_cached_storage(I);
    I->gc_collections++;
    size_t live = I->bytes_allocated;
    /* Headroom of half the live size: peak memory stays near 1.5x what is live (2x cost a
     * third more RSS than CPython's refcounting on string-heavy scripts), for about a third
     * more marking; leaves (gc_mark_obj) keep marking cheap. */
    size_t grow = live / 2 > GC_MIN_THRESHOLD ? live / 2 : GC_MIN_THRESHOLD;
    I->gc_threshold = live + grow;
    I->gc_running = false;
}

void gc_free_all(Interp *I) {
    weakref_free_all(I);
    I->gc_running = true;
    heap_free_all(I);
    dict_release_cached_storage(I);
    raw_realloc(I, I->gray, I->capgray * sizeof(Obj *), 0);
    I->bytes_allocated -= I->capgray * sizeof(Obj *);
    I->gray = NULL;
    I->capgray = I->ngray = 0;
    raw_realloc(I, I->temp_roots, I->captemp * sizeof(Value), 0);
    I->bytes_allocated -= I->captemp * sizeof(Value);
    I->temp_roots = NULL;
    I->captemp = I->ntemp = 0;
    I->gc_running = false;
}
