/* modules.h: the native modules compiled into krait: their constructors and the tables that
 * kr_new hands to `import` (I->hooks.native_modules, I->hooks.frozen_modules). Helpers one
 * module offers the others have their own headers: classes.h, os.h, io.h, sha512.h. */
#ifndef KRAIT_MODULES_H
#define KRAIT_MODULES_H

#include "../vm/interp.h"

/* NULL-terminated (name NULL). stdlib/modules.c. NativeModuleDef is vm/interp.h's. */
extern const NativeModuleDef native_modules[];

/* The frozen modules (stdlib/py/NAME.py, embedded by cmake/embed_py.cmake), NULL-terminated;
 * generated (build/generated/frozen_modules.c). FrozenModuleDef is vm/interp.h's. */
extern const FrozenModuleDef stdlib_frozen[];

Module *builtins_module_create(Interp *I); /* stdlib/builtins.c */
Module *sys_module_create(Interp *I);      /* stdlib/sys.c */
/* sys's entries made at first use (stdlib/sys.c): hooks.sys_fill, and the streams made
 * now if they were not (io's base classes derive from theirs). False after failing. */
int sys_lazy_fill(Interp *I, Str *name);
bool sys_streams_ensure(Interp *I);
Module *math_module_create(Interp *I);           /* stdlib/math.c */
Module *random_module_create(Interp *I);         /* stdlib/random.c */
Module *time_module_create(Interp *I);           /* stdlib/time.c */
Module *os_module_create(Interp *I);             /* stdlib/os.c (also registers os.path) */
Module *os_path_module_create(Interp *I);        /* stdlib/os_path.c */
Module *io_module_create(Interp *I);             /* stdlib/io.c */
Module *json_module_create(Interp *I);           /* stdlib/json.c */
Module *itertools_module_create(Interp *I);      /* stdlib/itertools.c */
Module *functools_module_create(Interp *I);      /* stdlib/functools.c */
Module *collections_module_create(Interp *I);    /* stdlib/collections.c */
Module *hashlib_native_module_create(Interp *I); /* stdlib/hashlib_digest.c */
Module *struct_native_module_create(Interp *I);  /* stdlib/struct.c */
Module *array_module_create(Interp *I);          /* stdlib/array.c */
Module *gc_module_create(Interp *I);             /* stdlib/gc_weakref.c */
Module *types_native_module_create(Interp *I);   /* stdlib/types_native.c: `_types` */
Module *weakref_native_module_create(Interp *I); /* stdlib/gc_weakref.c: `_weakref` */
Module *zlib_native_module_create(Interp *I);    /* stdlib/zlib_native.c (KRAIT_HAVE_ZLIB) */
Module *re_native_module_create(Interp *I);      /* stdlib/re_pcre2.c (with KRAIT_HAVE_PCRE2) */
Module *gpu_module_create(Interp *I);            /* stdlib/gpu/gpu_module.c (also "numpy") */
Module *tile_native_module_create(Interp *I);    /* stdlib/tile/tile_kernel.c: `_tile` */
Module *uvloop_module_create(Interp *I); /* stdlib/uvloop.c: `_uv` (with KRAIT_HAVE_LIBUV) */
/* the interpreter's libuv loop, if one was made; kr_free calls it (stdlib/uvloop.c) */
void uvloop_shutdown(Interp *I);
/* stdlib/gpu/gpu_core.c: `_cuda_core`, the native half of cuda.core */
Module *cuda_core_native_module_create(Interp *I);
/* stdlib/gpu/gpu_profile.c: `_gpuprof`, the native half of gpu.profile() */
Module *gpu_profile_native_module_create(Interp *I);
/* wanted by gpu: kr_free calls it after the heap is freed (gpu/backend/cuda/backend_cuda.c) */
void gpu_module_shutdown(Interp *I);

#endif
