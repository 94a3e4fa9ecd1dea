/* modules.h: the native modules compiled into krait and the table `import` consults. */
#ifndef KRAIT_MODULES_H
#define KRAIT_MODULES_H

#include "../vm/interp.h"

typedef struct NativeModuleDef {
    const char *name;
    Module *(*create)(Interp *I); /* NULL after raising */
} NativeModuleDef;

/* NULL-terminated (name NULL). stdlib/modules.c. */
extern const NativeModuleDef native_modules[];
const NativeModuleDef *native_module_find(const char *name);

/* A module written in Python whose source is compiled into the library (stdlib/py/NAME.py,
 * embedded by cmake/embed_py.cmake): import runs it at first use as "<frozen NAME>". */
typedef struct FrozenModuleDef {
    const char *name;
    const char *src; /* NUL-terminated */
    size_t len;
} FrozenModuleDef;
/* NULL-terminated; generated (build/generated/frozen_modules.c). */
extern const FrozenModuleDef stdlib_frozen[];
const FrozenModuleDef *frozen_module_find(const char *name);

Module *builtins_module_create(Interp *I);    /* stdlib/builtins.c */
Module *sys_module_create(Interp *I);         /* stdlib/sys.c */
Module *math_module_create(Interp *I);        /* stdlib/math.c */
Module *random_module_create(Interp *I);      /* stdlib/random.c */
Module *time_module_create(Interp *I);        /* stdlib/time.c */
Module *os_module_create(Interp *I);          /* stdlib/os.c (also registers os.path) */
Module *os_path_module_create(Interp *I);     /* stdlib/os_path.c */
Module *io_module_create(Interp *I);          /* stdlib/io.c */
Module *json_module_create(Interp *I);        /* stdlib/json.c */
Module *itertools_module_create(Interp *I);   /* stdlib/itertools.c */
Module *functools_module_create(Interp *I);   /* stdlib/functools.c */
Module *collections_module_create(Interp *I); /* stdlib/collections.c */
Module *gpu_module_create(Interp *I);         /* stdlib/gpu/gpu_module.c (also "numpy") */
/* wanted by gpu: kr_free calls it after the heap is freed (gpu/backend/cuda/backend_cuda.c) */
void gpu_module_shutdown(Interp *I);
/* The builtin open(file, mode='r', buffering=-1, encoding=None, ...): a file object of
 * io.c's TextIOWrapper/BufferedReader-like type. The builtins module adds it (not in the
 * sandbox). */
Value io_open(Interp *I, int argc, Value *argv, Tuple *kwnames);
/* SHA-512 of data (stdlib/sha512.c), for random.seed(str). */
void sha512_digest(const void *data, size_t len, unsigned char out[64]);
/* Raise the OSError subclass for errno err as CPython does ("[Errno 2] No such file or
 * directory: 'x'"); filename/filename2 V_NULL when absent. stdlib/os.c. */
Value os_raise_errno(Interp *I, int err, Value filename, Value filename2);
/* A str path argument as a C string; TypeError/ValueError as CPython's. stdlib/os.c. */
bool os_path_arg(Interp *I, const char *fname, const char *argname, Value v, const char **out);
/* A heap class `name` (module `modname`) whose methods are the natives of defs (stdlib
 * natives' classes: random.Random, io.StringIO, os.stat_result...). stdlib/random.c. */
Type *stdlib_make_class(Interp *I, const char *name, const char *modname, const MethodDef *defs);
/* Add native methods (owner t) to class t and recompute its slots. collections_deque.c. */
bool class_add_native_methods(Interp *I, Type *t, const MethodDef *defs);

/* A CPython "struct sequence" class modname.name: a tuple subclass whose items are also
 * attributes named by fields (NULL-terminated) and whose repr names them. structseq.c. */
Type *structseq_new_type(Interp *I, const char *name, const char *modname,
                         const char *const *fields);
/* An instance of such a class holding items[0..n). */
Value structseq_make(Interp *I, Type *t, const Value *items, size_t n);

#endif
