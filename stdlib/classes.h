/* classes.h: the native modules' heap classes: a class made from a table of native methods
 * (random.Random, io.StringIO, ...), methods added to an existing class, and CPython's
 * "struct sequence" classes (os.stat_result, time.struct_time, sys.flags). */
#ifndef KRAIT_STDLIB_CLASSES_H
#define KRAIT_STDLIB_CLASSES_H

#include "../vm/interp.h"

/* A heap class `name` (module `modname`) whose methods are the natives of defs (stdlib
 * natives' classes: random.Random, io.StringIO, os.stat_result...). stdlib/random.c. */
Type *stdlib_make_class(Interp *I, const char *name, const char *modname, const MethodDef *defs);
/* The same with the given bases (a tuple of classes); defs may be NULL. */
Type *stdlib_make_subclass(Interp *I, const char *name, const char *modname, Tuple *bases,
                           const MethodDef *defs);
/* Add native methods (owner t) to class t and recompute its slots. collections_deque.c. */
bool class_add_native_methods(Interp *I, Type *t, const MethodDef *defs);

/* A CPython "struct sequence" class modname.name: a tuple subclass whose items are also
 * attributes named by fields (NULL-terminated) and whose repr names them. structseq.c. */
Type *structseq_new_type(Interp *I, const char *name, const char *modname,
                         const char *const *fields);
/* An instance of such a class holding items[0..n). */
Value structseq_make(Interp *I, Type *t, const Value *items, size_t n);

#endif
