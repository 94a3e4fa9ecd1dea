/* gpu_core.c: the native half of cuda.core (stdlib/py/cuda__core.py), the module `_cuda_core`:
 * compile CUDA C++ to a CUBIN through the runtime's NVRTC and JIT caches (gpu/runtime/jit.c),
 * load a kernel from it, and launch it with krait arrays (their device pointers) and scalars.
 * compile needs no GPU; function and launch need the CUDA backend. The classes (Device,
 * Program, ObjectCode, Kernel, LaunchConfig) are Python in cuda__core.py. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../gpu/array/array.h"
#include "../../gpu/backend/cuda/backend_cuda.h"
#include "../../gpu/runtime/jit.h"
#include "../../vm/vm.h"
#include "../builtins.h"
#include "../modules.h"
#include "gpu_module.h"

#define CORE_MAX_OPTIONS 32
#define CORE_MAX_ARGS    64

/* The request of (source, name, arch, options); the strings stay owned by the caller's values. */
static bool core_request(Interp *I, const char *fname, Value *argv, JitRequest *req,
                         const char **opts) {
    memset(req, 0, sizeof *req);
    if (!is_str(I, argv[0]) || !is_str(I, argv[1]))
        return err_format(I, TY_TYPE_ERROR, "%s: source and name must be str", fname), false;
    if (!is_none(argv[2]) && !is_str(I, argv[2]))
        return err_format(I, TY_TYPE_ERROR, "%s: arch must be a str or None", fname), false;
    if (!is_obj(argv[3]) || argv[3].as.o->type != I->types[TY_TUPLE])
        return err_format(I, TY_TYPE_ERROR, "%s: options must be a tuple", fname), false;
    Tuple *t = (Tuple *)argv[3].as.o;
    if (t->len > CORE_MAX_OPTIONS)
        return err_format(I, TY_VALUE_ERROR, "%s: more than %d options", fname, CORE_MAX_OPTIONS),
               false;
    for (size_t i = 0; i < t->len; i++) {
        if (!is_str(I, t->items[i]))
            return err_format(I, TY_TYPE_ERROR, "%s: options must be str", fname), false;
        opts[i] = as_str(t->items[i])->data;
    }
    req->source = as_str(argv[0])->data;
    req->name = as_str(argv[1])->data;
    req->arch = is_none(argv[2]) ? NULL : as_str(argv[2])->data;
    req->options = opts;
    req->noptions = (int)t->len;
    return true;
}

/* NVRTC's failure as a RuntimeError: the runtime's one-line message, NVRTC's log, and the
 * source line the first error points at (the log says "name(LINE): error: ..."). */
static Value core_compile_error(Interp *I, const JitRequest *req) {
    GpuState *G = I->gpu;
    if (G->err_kind != GPU_ERR_COMPILE || !G->log) {
        arr_gpu_raise(I);
        return V_NULL;
    }
    char pattern[300];
    snprintf(pattern, sizeof pattern, "%.280s(", req->name);
    long line = 0;
    for (const char *p = strstr(G->log, pattern); p; p = strstr(p + 1, pattern)) {
        const char *q = p + strlen(pattern);
        char *end;
        long n = strtol(q, &end, 10);
        if (end != q && strncmp(end, "): error", 8) == 0) {
            line = n;
            break;
        }
    }
    const char *text = req->source;
    for (long k = 1; k < line && text; k++) {
        text = strchr(text, '\n');
        if (text) text++;
    }
    int tlen = text ? (int)strcspn(text, "\n") : 0;
    if (line > 0 && text)
        return err_format(I, TY_RUNTIME_ERROR, "%s\n%s\nline %ld: %.*s", G->err, G->log, line,
                          tlen > 300 ? 300 : tlen, text);
    return err_format(I, TY_RUNTIME_ERROR, "%s\n%s", G->err, G->log);
}

/* compile(source, name, arch, options) -> bytes: the CUBIN. arch None: the device's. */
static Value f_compile(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "compile", argc, kw, 4, 4)) return V_NULL;
    const char *opts[CORE_MAX_OPTIONS];
    JitRequest req;
    if (!core_request(I, "compile", argv, &req, opts)) return V_NULL;
    if (!arr_cuda_state(I)) return V_NULL;
    JitBinary bin;
    if (jit_compile_to_cubin(I->gpu, &req, &bin) < 0) return core_compile_error(I, &req);
    Bytes *b = bytes_new(I, bin.data, bin.size);
    jit_binary_free(I->gpu, &bin);
    return b ? v_obj(b) : V_NULL;
}

static Value core_no_gpu(Interp *I, const char *what) {
    return err_format(I, TY_RUNTIME_ERROR,
                      "%s needs a GPU: krait runs on the CPU backend here (gpu.backend() == "
                      "'cpu'); Program.compile works without one",
                      what);
}

/* function(source, name, arch, options, kernel) -> int: the loaded kernel's handle (valid for
 * the interpreter's life: the JIT cache owns the module). */
static Value f_function(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "function", argc, kw, 5, 5)) return V_NULL;
    const char *opts[CORE_MAX_OPTIONS];
    JitRequest req;
    if (!core_request(I, "function", argv, &req, opts)) return V_NULL;
    if (!is_str(I, argv[4])) return err_format(I, TY_TYPE_ERROR, "get_kernel: name must be a str");
    int b = arr_backend_check(I);
    if (b < 0) return V_NULL;
    if (b == 0) return core_no_gpu(I, "ObjectCode.get_kernel");
    /* sm_90 code runs on the sm_90a device krait targets: both load the device's build */
    size_t alen = req.arch ? strlen(req.arch) : 0;
    if (req.arch && (strncmp(req.arch, I->gpu->arch, alen) != 0 ||
                     (I->gpu->arch[alen] != '\0' && strcmp(I->gpu->arch + alen, "a") != 0)))
        return err_format(I, TY_RUNTIME_ERROR,
                          "get_kernel: the code was compiled for %.40s, the device is %s", req.arch,
                          I->gpu->arch);
    req.arch = NULL; /* the device's: jit_get_function's key then matches its own loads */
    CUfunction f = NULL;
    if (jit_get_function(I->gpu, &req, as_str(argv[4])->data, &f) < 0) {
        if (I->gpu->err_kind == GPU_ERR_COMPILE) return core_compile_error(I, &req);
        arr_gpu_raise(I);
        return V_NULL;
    }
    return v_int((int64_t)(intptr_t)f);
}

/* A grid or block: an int, or a tuple of 1 to 3 ints (the missing ones 1), as cuda.core's
 * LaunchConfig and CuPy's RawKernel take them. */
static bool core_dim3(Interp *I, Value v, const char *what, unsigned out[3]) {
    Tuple *t = is_obj(v) && v.as.o->type == I->types[TY_TUPLE] ? (Tuple *)v.as.o : NULL;
    bool one = !t && !is_bool(v) &&
               (is_smallint(v) || (is_obj(v) && type_is_subtype(v.as.o->type, I->types[TY_INT])));
    if (!one && (!t || t->len < 1 || t->len > 3))
        return err_format(I, TY_TYPE_ERROR, "launch: %s must be an int or a tuple of 1 to 3 ints",
                          what),
               false;
    size_t len = one ? 1 : t->len;
    for (size_t i = 0; i < 3; i++) {
        int64_t n = 1;
        if (i < len && obj_index(I, one ? v : t->items[i], &n) < 0) return false;
        if (n < 1 || n > 0x7fffffff)
            return err_format(I, TY_VALUE_ERROR, "launch: %s dimensions must be in 1..2^31-1",
                              what),
                   false;
        out[i] = (unsigned)n;
    }
    return true;
}

/* One kernel argument's bytes: an array's device pointer, a NumPy scalar at its width, a
 * Python bool as bool, int as int64, float as double. -1 (TypeError) for anything else. */
static int core_arg(Interp *I, Value v, size_t index, uint64_t *slot, Array **array) {
    *array = NULL;
    *slot = 0;
    if (is_array(I, v)) {
        *array = (Array *)v.as.o;
        return 0;
    }
    if (is_bool(v)) {
        *(unsigned char *)slot = v.as.i != 0;
        return 0;
    }
    if (is_float(v)) {
        memcpy(slot, &v.as.f, sizeof(double));
        return 0;
    }
    if (is_obj(v) && arr_is_scalar(I, v)) {
        int dt = arr_scalar_load(I, v, (char *)slot);
        if (dt == -2) return -1;
        if (dt < 0)
            return err_format(I, TY_TYPE_ERROR, "launch: argument %zu: unsupported scalar", index),
                   -1;
        return 0;
    }
    if (is_smallint(v) || (is_obj(v) && type_is_subtype(v.as.o->type, I->types[TY_INT]))) {
        int64_t n;
        if (obj_index(I, v, &n) < 0) return -1;
        memcpy(slot, &n, sizeof n);
        return 0;
    }
    err_format(I, TY_TYPE_ERROR,
               "launch: kernel argument %zu has type '%s'; expected a gpu array, an int, a "
               "float, a bool or a NumPy scalar (np.int32(5), np.float32(2.0))",
               index, type_name(I, v));
    return -1;
}

/* launch(function, grid, block, shmem, stream, args): stream is a Stream's handle or None. */
static Value f_launch(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "launch", argc, kw, 6, 6)) return V_NULL;
    unsigned grid[3], block[3];
    if (!core_dim3(I, argv[1], "grid", grid) || !core_dim3(I, argv[2], "block", block))
        return V_NULL;
    int64_t shmem;
    if (obj_index(I, argv[3], &shmem) < 0) return V_NULL;
    if (shmem < 0 || shmem > 0x7fffffff)
        return err_format(I, TY_VALUE_ERROR, "launch: shmem_size must be >= 0");
    Tuple *args =
        is_obj(argv[5]) && argv[5].as.o->type == I->types[TY_TUPLE] ? (Tuple *)argv[5].as.o : NULL;
    if (!args) return err_format(I, TY_TYPE_ERROR, "launch: args must be a tuple");
    if (args->len > CORE_MAX_ARGS)
        return err_format(I, TY_VALUE_ERROR, "launch: more than %d kernel arguments",
                          CORE_MAX_ARGS);
    uint64_t slots[CORE_MAX_ARGS];
    Array *arrays[CORE_MAX_ARGS];
    void *params[CORE_MAX_ARGS];
    for (size_t i = 0; i < args->len; i++) {
        if (core_arg(I, args->items[i], i, &slots[i], &arrays[i]) < 0) return V_NULL;
        params[i] = &slots[i];
    }
    int b = arr_backend_check(I);
    if (b < 0) return V_NULL;
    if (b == 0 || !is_smallint(argv[0])) return core_no_gpu(I, "launch");
    for (size_t i = 0; i < args->len; i++) {
        if (!arrays[i]) continue;
        /* the kernel may write any array it is given */
        GpuTensor t;
        if (arr_dev_write(I, arrays[i]) < 0 || arr_tensor(I, arrays[i], &t) < 0) return V_NULL;
        slots[i] = t.ptr;
    }
    CUstream stream = is_smallint(argv[4]) ? (CUstream)(intptr_t)argv[4].as.i : arr_stream(I);
    CUfunction f = (CUfunction)(intptr_t)argv[0].as.i;
    if (gpu_launch(I->gpu, f, grid, block, (unsigned)shmem, stream, params) < 0) {
        arr_gpu_raise(I);
        return V_NULL;
    }
    return V_NONE;
}

static const MethodDef core_functions[] = {
    {"compile", f_compile, 0},
    {"function", f_function, 0},
    {"launch", f_launch, 0},
    {NULL, NULL, 0},
};

Module *cuda_core_native_module_create(Interp *I) {
    Str *name = str_intern_cstr(I, "_cuda_core");
    Module *m = name ? module_new(I, name) : NULL;
    if (!m || module_add_functions(I, m, core_functions) < 0) return NULL;
    return m;
}

/* gpu.RawKernel(code, name, ...): CuPy's spelling, cuda.core's RawKernel (the frozen module
 * is imported at the first call, so importing gpu costs nothing more). */
static Value gpu_f_rawkernel(Interp *I, int argc, Value *argv, Tuple *kw) {
    return gpu_call_frozen(I, "cuda.core", "RawKernel", argc, argv, kw);
}

static const MethodDef gpu_core_functions[] = {
    {"RawKernel", gpu_f_rawkernel, 0},
    {NULL, NULL, 0},
};

int gpu_add_core(Interp *I, Module *m) {
    return module_add_functions(I, m, gpu_core_functions);
}
