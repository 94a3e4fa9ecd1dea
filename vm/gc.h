/* gc.h: memory accounting and the precise mark-sweep collector.
 *
 * Every byte goes through mem_alloc/mem_realloc/mem_free so the interpreter can honour the
 * host's allocator and memory limit. Objects come from gc_new, which links them into the
 * sweep list and pushes them on the temporary-root stack: an object a native has just
 * allocated stays alive until the VM instruction that called the native completes, so
 * natives need no manual rooting for their own fresh objects. The VM resets the temp stack
 * to the running frame's mark before each instruction. A collection may run inside gc_new
 * (always, in stress mode): code must keep every value it still uses reachable (on the VM
 * stack, in argv, in a rooted container, or freshly allocated) across any allocation. */
#ifndef KRAIT_GC_H
#define KRAIT_GC_H

#include "interp.h"

#define GC_MARKED 1u
#define GC_TRACED 2u /* children pushed; used by the mark-stack overflow rescan */
#define GC_LIVE   4u /* the slot holds an object (gc_heap.c) */

typedef struct GcHeap GcHeap;
/* The object heap (gc_heap.c). heap_alloc returns a zeroed object with type set, or NULL
 * without raising. */
Obj *heap_alloc(Interp *I, Type *type, size_t size);
void heap_sweep(Interp *I);
void heap_free_all(Interp *I);
void heap_each_live(Interp *I, void (*fn)(Interp *I, Obj *o));
typedef void (*HeapCensusFn)(void *ud, Obj *o, const void *block, size_t bytes, size_t slot_size);
void heap_census(Interp *I, HeapCensusFn fn, void *ud); /* bench/embed/embed_mem */

/* Raw memory. mem_alloc returns NULL after raising MemoryError. */
void *mem_alloc(Interp *I, size_t size);
void *mem_realloc(Interp *I, void *p, size_t old_size, size_t new_size);
void mem_free(Interp *I, void *p, size_t size);
/* A kr_alloc_fn (ud: the Interp) for memory held outside the heap, such as the parser's AST
 * arena: counted and held to the memory limit, but it never collects and never raises. */
void *mem_realloc_quiet(void *ud, void *p, size_t old_size, size_t new_size);

/* A new object of the given type and total size (header included), zeroed but for the
 * header. NULL after raising MemoryError. */
void *gc_new(Interp *I, Type *type, size_t size);

/* The last word of a large object's hidden prefix, used as the instance dict of subclasses
 * of variable-size builtins (TF_PREFIX_DICT types are always allocated as large objects). */
static inline Dict **gc_prefix_dict(Obj *o) {
    return (Dict **)((char *)o - 8);
}

/* For trace slots. */
void gc_mark_obj(Interp *I, Obj *o); /* o may be NULL */
static inline void gc_mark_value(Interp *I, Value v) {
    if (v.tag == KR_TOBJ) gc_mark_obj(I, v.as.o);
}

/* Temporary roots. */
static inline size_t gc_temp_mark(Interp *I) {
    return I->ntemp;
}
static inline void gc_temp_reset(Interp *I, size_t mark) {
    I->ntemp = mark;
}
/* Root a value across allocations; false after raising MemoryError (the stack is held to
 * the memory limit). A native loop resets to a mark each iteration and roots again only
 * what it keeps, so the stack does not grow with the loop's length. */
bool gc_temp_push(Interp *I, Value v);
void gc_temp_trim(Interp *I); /* frees the stack while it is empty */

void gc_collect(Interp *I);
void gc_free_all(Interp *I); /* at interpreter teardown */

/* The VM marks its own roots (frames, stacks) through this; defined in vm.c. */
void vm_trace_roots(Interp *I);

#endif
