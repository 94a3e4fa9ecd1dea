/* tile_cuda.c: the `tile` module's CUDA half (tile_cuda.h): Python arguments -> device
 * TileArgs -> tile_cuda_launch, with the array state of the CUDA backend kept right
 * (DESIGN.md: a kernel's store is a write, so the pending graphs that read an array are
 * evaluated before the kernel writes it), plus the CPU path's NVRTC check, ct.compile and
 * ct.export. */
#include <string.h>

#include "../../gpu/backend/cuda/backend_cuda.h"
#include "../../vm/error.h"
#include "../../vm/str.h"
#include "tile_cuda.h"

#define TILE_ERR 512

static int raise_status(Interp *I, TileRunStatus st, const char *err) {
    TypeId ty = st == TILE_RUN_ASSERT  ? TY_ASSERTION_ERROR
                : st == TILE_RUN_NOMEM ? TY_MEMORY_ERROR
                                       : TY_RUNTIME_ERROR;
    err_format(I, ty, "%s", err);
    return -1;
}

/* One Python scalar as the param's dtype (the front specialized on it already). */
static int scalar_arg(Interp *I, const TileParam *p, Value v, TileScalar *out) {
    if (tile_dtype_is_float(p->dtype)) {
        if (is_float(v))
            out->f = v.as.f;
        else if (is_smallint(v) || is_bool(v))
            out->f = (double)v.as.i;
        else
            goto bad;
        return 0;
    }
    if (is_smallint(v) || is_bool(v)) {
        out->i = v.as.i;
        return 0;
    }
bad:
    err_format(I, TY_TYPE_ERROR, "ct.launch: argument %s must be a %s scalar", p->name,
               tile_dtype_name(p->dtype));
    return -1;
}

/* The CUstream of ct.launch's stream argument: a gpu.Stream keeps its driver handle in the
 * attribute _handle; None, gpu.Stream.default and anything without one: the current one.
 * The interned name is looked up once per launch record (interned strings live as long as
 * the interpreter), so a launch hashes no string. */
static CUstream stream_of(Interp *I, TileCuda *rec, Value stream) {
    if (is_obj(stream)) {
        if (!rec->host_key) rec->host_key = str_intern_cstr(I, "_handle");
        Str *k = rec->host_key;
        Value h = k ? obj_getattr_opt(I, stream, k) : V_NULL;
        if (is_smallint(h) && h.as.i) return (CUstream)(intptr_t)h.as.i;
    }
    return arr_stream(I);
}

int tile_module_launch_cuda(Interp *I, const TileFunc *f, TileCuda **slot, const Value *args,
                            int nargs, const int64_t grid[3], Value stream) {
    GpuState *G = I->gpu;
    char err[TILE_ERR];
    if (!G && !arr_cuda_state(I)) return -1;
    G = I->gpu;
    if (!*slot) {
        *slot = tile_cuda_prepare(G, f, err, sizeof err);
        if (!*slot) return raise_status(I, TILE_RUN_ERROR, err);
    }
    TileCuda *k = *slot;
    enum { MAXP = 64 };
    if (f->nparams > MAXP)
        return err_format(I, TY_TYPE_ERROR, "ct.launch: a tile kernel takes at most %d arguments",
                          MAXP),
               -1;
    TileArg targs[MAXP];
    /* first every array current on the device (pending graphs evaluated), then the written
     * ones prepared for the write (pending readers of them evaluated, host marked stale) */
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < f->nparams; i++) {
            const TileParam *p = &f->params[i];
            if (p->arg_index < 0 || p->arg_index >= nargs)
                return err_format(I, TY_TYPE_ERROR, "ct.launch: missing argument %s", p->name), -1;
            Value v = args[p->arg_index];
            if (p->kind == TILE_PARAM_SCALAR) {
                if (pass == 0 && scalar_arg(I, p, v, &targs[i].scalar) < 0) return -1;
                continue;
            }
            if (!is_array(I, v))
                return err_format(I, TY_TYPE_ERROR, "ct.launch: argument %s must be an array",
                                  p->name),
                       -1;
            Array *a = arr_raw(v);
            if (pass == 0) {
                if (arr_dev_ready(I, a) < 0) return -1;
            } else if (tile_cuda_writes(k, i)) {
                if (arr_dev_write(I, a) < 0) return -1;
            }
        }
    }
    for (int i = 0; i < f->nparams; i++) {
        const TileParam *p = &f->params[i];
        if (p->kind != TILE_PARAM_ARRAY) continue;
        Array *a = arr_raw(args[p->arg_index]);
        Array *o = a->base ? a->base : a;
        int isz = arr_dtypes[a->dtype].size;
        TileArg *t = &targs[i];
        t->data = (void *)(uintptr_t)(o->dptr + (CUdeviceptr)(a->data - o->alloc));
        t->rank = a->ndim;
        for (int d = 0; d < a->ndim && d < TILE_MAX_RANK; d++) {
            t->shape[d] = a->shape[d];
            t->strides[d] = a->strides[d] / isz;
        }
    }
    CUstream s = stream_of(I, k, stream);
    TileRunStatus st = tile_cuda_launch(G, k, targs, grid, s, err, sizeof err);
    if (st != TILE_RUN_OK) return raise_status(I, st, err);
    return 0;
}

int tile_module_check_nvrtc(Interp *I, const TileFunc *f, const TileArg *args, unsigned *checked) {
    if (*checked == 3) return 0;
    if (!I->gpu && !arr_cuda_state(I)) return -1;
    if (!I->gpu->settings.tile_check_nvrtc) return 0;
    char err[TILE_ERR];
    bool both = I->gpu->settings.tile_check_nvrtc == 2;
    if (tile_check_nvrtc(I->gpu, f, both ? NULL : args, checked, err, sizeof err) < 0)
        return err_format(I, TY_RUNTIME_ERROR, "%s", err), -1;
    return 0;
}

Value tile_module_compile(Interp *I, const TileFunc *f) {
    if (!I->gpu && !arr_cuda_state(I)) return V_NULL;
    char err[TILE_ERR], *src;
    size_t size;
    if (tile_compile_source(I->gpu, f, &src, &size, err, sizeof err) < 0)
        return err_format(I, TY_RUNTIME_ERROR, "%s", err);
    Str *s = str_from_cstr(I, src);
    gpu_host_free(I->gpu, src, size);
    return s ? v_obj(s) : V_NULL;
}

int tile_module_export(Interp *I, const TileFunc *f, const char *path, const char *arch) {
    if (!I->gpu && !arr_cuda_state(I)) return -1;
    char err[TILE_ERR];
    if (tile_export(I->gpu, f, arch, path, err, sizeof err) < 0)
        return err_format(I, TY_RUNTIME_ERROR, "%s", err), -1;
    return 0;
}

void tile_module_cuda_free(Interp *I, TileCuda *k) {
    if (k && I->gpu) tile_cuda_free(I->gpu, k);
}
