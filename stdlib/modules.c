/* modules.c: the table of native modules that `import` can create (kr_new hands it to the
 * VM as I->hooks.native_modules, and the frozen (Python-source) ones as
 * I->hooks.frozen_modules). builtins and sys are created with the interpreter; the others
 * are created on first import. */
#include "modules.h"

const NativeModuleDef native_modules[] = {
    {"builtins", NULL}, /* always in sys.modules */
    {"sys", NULL},
    {"math", math_module_create},
    {"random", random_module_create},
    {"time", time_module_create},
    {"os", os_module_create},
    {"os.path", os_path_module_create},
    {"io", io_module_create},
    {"json", json_module_create},
    {"collections", collections_module_create},
    {"functools", functools_module_create},
    {"itertools", itertools_module_create},
    {"gpu", gpu_module_create},
    {"numpy", gpu_module_create},
    {"_hashlib", hashlib_native_module_create}, /* digests for stdlib/py/hashlib.py */
    {"_struct", struct_native_module_create},   /* packing for stdlib/py/struct.py */
    {"array", array_module_create},
    {"gc", gc_module_create},
    {"_types", types_native_module_create},     /* for stdlib/py/types.py */
    {"_weakref", weakref_native_module_create}, /* for stdlib/py/weakref.py */
#ifdef KRAIT_HAVE_PCRE2
    {"_re", re_native_module_create}, /* the PCRE2 half of re (stdlib/py/re.py) */
#endif
#ifdef KRAIT_HAVE_ZLIB
    {"_zlib", zlib_native_module_create}, /* the zlib half of zlib (stdlib/py/zlib.py) */
#endif
#ifdef KRAIT_HAVE_LIBUV
    {"_uv", uvloop_module_create}, /* the libuv half of asyncio (stdlib/py/asyncio.py) */
#endif
    {"_tile", tile_native_module_create},
    {"_cuda_core", cuda_core_native_module_create}, /* stdlib/py/cuda__core.py's half */
    {"_gpuprof", gpu_profile_native_module_create}, /* stdlib/py/_gpu_profile.py's half */
    {NULL, NULL},
};
