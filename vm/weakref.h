/* weakref.h: weak references (vm/weakref.c) and the collector's hooks for them. */
#ifndef KRAIT_WEAKREF_H
#define KRAIT_WEAKREF_H

#include "interp.h"

typedef struct WeakRef {
    Obj hdr;
    Obj *referent;  /* not traced; NULL once the referent died */
    Value callback; /* None when absent, or after it ran */
    int64_t hash;   /* the referent's, cached; -1 until computed */
} WeakRef;

/* weakref.ref(obj, callback) as type t (TY_WEAKREF or a subclass); TypeError for objects
 * that cannot be weakly referenced. Runs due callbacks first. */
Value weakref_new(Interp *I, Type *t, Value obj, Value callback);
/* The live weakrefs to obj: stores up to max of them in out, returns how many exist. */
size_t weakref_collect_to(Interp *I, Value obj, Value *out, size_t max);
/* Run the callbacks of weakrefs cleared by collections (errors are printed, as CPython's
 * "Exception ignored in"); a safe point outside any allocation. Returns true. */
bool weakref_run_callbacks(Interp *I);

/* The collector's side (gc.c): mark the queued weakrefs (roots), and after marking clear the
 * weakrefs to unmarked objects; free the registry at teardown. */
void weakref_mark_pending(Interp *I);
void weakref_sweep(Interp *I);
void weakref_free_all(Interp *I);

#endif
