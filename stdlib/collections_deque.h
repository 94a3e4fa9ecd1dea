/* collections_deque.h: shared by the collections and functools module files. */
#ifndef KRAIT_COLLECTIONS_DEQUE_H
#define KRAIT_COLLECTIONS_DEQUE_H

#include "builtins.h"
#include "classes.h"

extern const MethodDef deque_native_methods[]; /* collections_deque.c */
/* class_add_native_methods (classes.h) for the class named cls that module m's frozen
 * source defined; false also when m has no such class (collections_deque.c). */
bool module_class_add_native_methods(Interp *I, Module *m, const char *cls, const MethodDef *defs);

#endif
