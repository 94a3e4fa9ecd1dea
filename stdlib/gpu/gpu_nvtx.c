/* gpu_nvtx.c: the native half of gpu.nvtx (stdlib/py/gpu__nvtx.py): NVTX ranges and marks
 * through the runtime's dlopen'ed NVTX (gpu/runtime/nvtx.h), added to the `_gpuprof` module.
 * They work on both backends: Nsight Systems traces the host's ranges either way. */
#include "../../gpu/backend/cuda/backend_cuda.h"
#include "../../gpu/runtime/nvtx.h"
#include "../../vm/error.h"
#include "../../vm/str.h"
#include "../modules.h"
#include "gpu_module.h"

static GpuState *nvtx_state(Interp *I) {
    return arr_cuda_state(I) ? I->gpu : NULL;
}

static const char *message_arg(Interp *I, const char *fn, int argc, Value *argv, Tuple *kw) {
    if (argc != 1 || (kw && kw->len) || !is_str(I, argv[0])) {
        err_format(I, TY_TYPE_ERROR, "%s() takes one str argument (the message)", fn);
        return NULL;
    }
    return as_str(argv[0])->data; /* NUL-terminated: a message stops at an embedded NUL */
}

static Value nvtx_push(Interp *I, int argc, Value *argv, Tuple *kw) {
    const char *msg = message_arg(I, "range_push", argc, argv, kw);
    GpuState *G = msg ? nvtx_state(I) : NULL;
    if (!G) return V_NULL;
    return v_int(gpu_nvtx_push(G, msg));
}

static Value nvtx_pop(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)argv;
    if (argc != 0 || (kw && kw->len))
        return err_format(I, TY_TYPE_ERROR, "range_pop() takes no arguments");
    GpuState *G = nvtx_state(I);
    if (!G) return V_NULL;
    return v_int(gpu_nvtx_pop(G));
}

static Value nvtx_mark(Interp *I, int argc, Value *argv, Tuple *kw) {
    const char *msg = message_arg(I, "mark", argc, argv, kw);
    GpuState *G = msg ? nvtx_state(I) : NULL;
    if (!G) return V_NULL;
    gpu_nvtx_mark(G, msg);
    return V_NONE;
}

static Value nvtx_available(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)argv;
    if (argc != 0 || (kw && kw->len))
        return err_format(I, TY_TYPE_ERROR, "available() takes no arguments");
    GpuState *G = nvtx_state(I);
    if (!G) return V_NULL;
    return v_bool(gpu_nvtx_available(G));
}

/* record_ranges(on): a range around each record of the profiles that run (the previous
 * setting back). */
static Value nvtx_record_ranges(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (argc != 1 || (kw && kw->len) || !is_bool(argv[0]))
        return err_format(I, TY_TYPE_ERROR, "record_ranges() takes one bool");
    GpuState *G = nvtx_state(I);
    if (!G) return V_NULL;
    bool was = G->nvtx.record_ranges;
    G->nvtx.record_ranges = argv[0].as.i != 0 && gpu_nvtx_available(G);
    return v_bool(was);
}

static const MethodDef nvtx_functions[] = {
    {"nvtx_push", nvtx_push, 0},
    {"nvtx_pop", nvtx_pop, 0},
    {"nvtx_mark", nvtx_mark, 0},
    {"nvtx_available", nvtx_available, 0},
    {"nvtx_record_ranges", nvtx_record_ranges, 0},
    {NULL, NULL, 0},
};

int gpu_nvtx_add_functions(Interp *I, Module *m) {
    return module_add_functions(I, m, nvtx_functions);
}
