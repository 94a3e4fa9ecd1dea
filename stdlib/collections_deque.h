/* collections_deque.h: shared by the collections and functools module files. */
#ifndef KRAIT_COLLECTIONS_DEQUE_H
#define KRAIT_COLLECTIONS_DEQUE_H

#include "builtins.h"

extern const MethodDef deque_native_methods[]; /* collections_deque.c */
/* Add native methods (owner t) to class t and recompute its slots (collections_deque.c). */
bool class_add_native_methods(Interp *I, Type *t, const MethodDef *defs);

#endif
