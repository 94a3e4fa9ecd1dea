/* itertools_impl.h: shared by itertools.c (the simple iterators and the module) and
 * itertools_comb.c (product, permutations, combinations). Every itertools class is a heap
 * type whose __init__/__next__ are natives; an instance keeps its state in its instance
 * dict as one list under "_state", so no C-side storage outlives a call. */
#ifndef KRAIT_ITERTOOLS_IMPL_H
#define KRAIT_ITERTOOLS_IMPL_H

#include "builtins.h"

List *itertools_state(Interp *I, Value self);               /* NULL after raising */
List *itertools_new_state(Interp *I, Value self, size_t n); /* n Nones, stored on self */
Value itertools_done(Interp *I);                            /* raise StopIteration, return V_NULL */

typedef struct ItertoolsClass {
    const char *name;
    const MethodDef *methods; /* __init__, __next__, ... (__iter__ is added for all) */
} ItertoolsClass;

extern const ItertoolsClass itertools_comb_classes[]; /* itertools_comb.c, NULL-terminated */

#endif
