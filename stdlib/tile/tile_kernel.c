/* tile_kernel.c: the native half of the `tile` module (`_tile`): the Kernel object that
 * @ct.kernel returns, and ct.launch.
 *
 * ct.launch(stream, grid, kernel, args) classifies each argument (a gpu array: its dtype and
 * rank; a Python int/float/bool: a scalar; a ct.Constant parameter: its value), finds the
 * kernel's specialization for that key, compiling it at the first launch (gpu/tile/front:
 * errors name the script's line), and runs it: on the CPU backend through the tile IR
 * interpreter (gpu/tile/interp); on the CUDA backend through the lowering's launch path
 * (stdlib/tile/tile_cuda.c) once it is there, else through the interpreter on the arrays'
 * host copies. Keys are compared field by field, no hashing and no allocation per launch.
 *
 * kernel.replace_hints gives a copy with other hints (ct.tune's hints_fn), _tile.tune_dir
 * where ct.tune keeps its results (stdlib/py/tile__tune.py).
 *
 * KRAIT_TILE_DUMP=1 (kr_config.gpu_tile_dump "1") also prints each new specialization's IR
 * to stderr, before the lowering prints its CUDA C. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../gpu/array/array.h"
#include "../../gpu/runtime/jit.h"
#include "../../vm/code.h"
#include "../../vm/dict.h"
#include "../builtins.h"
#include "../uvloop.h"
#include "tile_cuda.h"
#include "tile_kernel.h"

/* ---------------------------------------------------------------- the Kernel type */

static void kernel_trace(Interp *I, Obj *o) {
    TileKernel *k = (TileKernel *)o;
    gc_mark_value(I, k->fn);
    for (int i = 0; i < 4; i++)
        gc_mark_value(I, k->hints[i]);
    tile_sources_trace(I, &k->sources);
    for (int s = 0; s < k->nspecs; s++)
        for (int i = 0; i < k->specs[s]->nargs; i++)
            gc_mark_value(I, k->specs[s]->key[i].constant);
}

static void kernel_finalize(Interp *I, Obj *o) {
    TileKernel *k = (TileKernel *)o;
    for (int s = 0; s < k->nspecs; s++) {
        if (k->specs[s]->cuda) tile_module_cuda_free(I, k->specs[s]->cuda);
        for (int d = 1; d < GPU_MAX_DEVICES; d++) {
            if (!k->specs[s]->cuda_dev[d]) continue;
            struct GpuState *prev = arr_device_enter(I, d); /* its context's module */
            tile_module_cuda_free(I, k->specs[s]->cuda_dev[d]);
            arr_device_leave(I, prev);
        }
        tile_func_free(k->specs[s]->func);
        mem_free(I, k->specs[s], sizeof(TileSpec));
    }
    if (k->specs) mem_free(I, k->specs, sizeof(TileSpec *) * (size_t)k->cap);
    tile_sources_free(I, &k->sources);
}

static Value kernel_repr(Interp *I, Value self) {
    TileKernel *k = (TileKernel *)as_obj(self);
    Function *fn = (Function *)as_obj(k->fn);
    Str *s = str_printf(I, "<tile kernel %s>", fn->qualname ? fn->qualname->data : "?");
    return s ? v_obj(s) : V_NULL;
}

static Value kernel_call(Interp *I, Value self, int argc, Value *argv, Tuple *kw) {
    (void)argc;
    (void)argv;
    (void)kw;
    (void)self;
    return err_format(
        I, TY_TYPE_ERROR,
        "a tile kernel is run with ct.launch(stream, grid, kernel, args), not called");
}

static Value kernel_get_wrapped(Interp *I, Value self) {
    (void)I;
    return ((TileKernel *)as_obj(self))->fn;
}

static Value kernel_get_name(Interp *I, Value self) {
    (void)I;
    Function *fn = (Function *)as_obj(((TileKernel *)as_obj(self))->fn);
    return fn->name ? v_obj(fn->name) : V_NONE;
}

static bool tile_hint_value(Interp *I, Value v, int *out);

/* kernel.replace_hints(num_ctas=, occupancy=, opt_level=, num_worker_warps=): a new Kernel of
 * the same function with the hints given replaced, the others kept (cuTile's; what
 * ct.tune.exhaustive_search's hints_fn feeds). Each value is checked now. */
static Value kernel_replace_hints(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"num_ctas", "occupancy", "opt_level", "num_worker_warps"};
    Value o[4];
    if (!arg_parse(I, "replace_hints", argc - 1, argv + 1, kw, names, 4, 0, 0, o)) return V_NULL;
    for (int i = 0; i < 4; i++) {
        int unused;
        if (!is_null(o[i]) && !tile_hint_value(I, o[i], &unused)) return V_NULL;
    }
    TileKernel *n = gc_new(I, I->types[TY_TILE_KERNEL], sizeof(TileKernel));
    if (!n) return V_NULL;
    const TileKernel *k = (const TileKernel *)as_obj(argv[0]);
    n->fn = k->fn;
    for (int i = 0; i < 4; i++)
        n->hints[i] = is_null(o[i]) ? k->hints[i] : o[i];
    return v_obj(n);
}

static const MethodDef kernel_methods[] = {
    {"replace_hints", kernel_replace_hints, 0},
    {NULL, NULL, 0},
};

static const GetSetDef kernel_getsets[] = {
    {"__wrapped__", kernel_get_wrapped, NULL},
    {"__name__", kernel_get_name, NULL},
    {NULL, NULL, NULL},
};

const TypeSpec tile_kernel_spec = {
    .name = "Kernel",
    .base = TY_OBJECT,
    .instance_size = sizeof(TileKernel),
    .slots = {.trace = kernel_trace,
              .finalize = kernel_finalize,
              .repr = kernel_repr,
              .call = kernel_call},
    .getsets = kernel_getsets,
    .methods = kernel_methods,
};

/* _tile.Kernel(fn, num_ctas, occupancy, opt_level, num_worker_warps) */
static Value f_kernel(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (kw && kw->len) return err_format(I, TY_TYPE_ERROR, "Kernel() takes no keyword arguments");
    if (argc < 1 || argc > 5)
        return err_format(I, TY_TYPE_ERROR, "Kernel() takes 1 to 5 arguments");
    Value fn = argv[0];
    if (!is_obj(fn) || as_obj(fn)->type->id != TY_FUNCTION)
        return err_format(I, TY_TYPE_ERROR,
                          "@ct.kernel decorates a Python function, not a '%s' object",
                          type_name(I, fn));
    TileKernel *k = gc_new(I, I->types[TY_TILE_KERNEL], sizeof(TileKernel));
    if (!k) return V_NULL;
    k->fn = fn;
    for (int i = 0; i < 4; i++)
        k->hints[i] = i + 1 < argc ? argv[i + 1] : V_NONE;
    return v_obj(k);
}

/* ---------------------------------------------------------------- argument classification */

static int tile_dtype_of_array(int dt) {
    switch (dt) {
    case DT_BOOL: return TDT_BOOL;
    case DT_INT8: return TDT_INT8;
    case DT_INT16: return TDT_INT16;
    case DT_INT32: return TDT_INT32;
    case DT_INT64: return TDT_INT64;
    case DT_UINT8: return TDT_UINT8;
    case DT_UINT32: return TDT_UINT32;
    case DT_FLOAT16: return TDT_FLOAT16;
    case DT_BFLOAT16: return TDT_BFLOAT16;
    case DT_FLOAT32: return TDT_FLOAT32;
    case DT_FLOAT64: return TDT_FLOAT64;
    default: return dt >= 0 && dt < DT__COUNT ? tile_dtype_from_name(arr_dtypes[dt].name) : -1;
    }
}

/* The front's hook: a gpu/numpy dtype object as a tile dtype. */
static int tile_foreign_dtype(Interp *I, Value v) {
    if (!is_obj(v)) return -1;
    if (as_obj(v)->type == I->types[TY_DTYPE])
        return tile_dtype_of_array(((DTypeObj *)as_obj(v))->dtype);
    /* NumPy's scalar types (np.float32, np.int32, ...), but not Python's int/float/bool,
     * which stay builtins in a kernel */
    if (as_obj(v)->type->id != TY_TYPE) return -1;
    Type *t = (Type *)as_obj(v);
    if (t == I->types[TY_INT] || t == I->types[TY_FLOAT] || t == I->types[TY_BOOL]) return -1;
    if (!type_is_subtype(t, I->types[TY_NPGENERIC])) return -1;
    int dt = arr_dtype_arg(I, v, -1);
    if (dt < 0) {
        err_clear(I);
        return -1;
    }
    return tile_dtype_of_array(dt);
}

static bool tile_host_init(Interp *I, TileFrontHost *h) {
    Str *name = str_intern_cstr(I, "tile");
    if (!name) return false;
    Value m = dict_get_str(I->modules, name);
    h->tile_module =
        !is_null(m) && is_obj(m) && as_obj(m)->type->id == TY_MODULE ? (Module *)as_obj(m) : NULL;
    h->foreign_dtype = tile_foreign_dtype;
    return true;
}

static const char *tile_param_name(TileKernel *k, int i) {
    return k->have_sig && i < k->sig.nparams ? k->sig.names[i] : "?";
}

/* The key of one launch. -1 after raising TypeError for an argument no kernel takes. */
static int tile_classify(Interp *I, TileKernel *k, Value *args, int nargs, TileKeyArg *key) {
    for (int i = 0; i < nargs; i++) {
        Value a = args[i];
        TileKeyArg *ka = &key[i];
        ka->constant = V_NULL;
        ka->rank = 0;
        if (k->sig.constant[i]) {
            if (is_array(I, a)) {
                err_format(I, TY_TYPE_ERROR,
                           "ct.launch: argument %s is a ct.Constant and cannot be an array",
                           tile_param_name(k, i));
                return -1;
            }
            ka->kind = TILE_ARG_CONSTANT;
            ka->dtype = 0;
            ka->constant = a;
            continue;
        }
        if (is_array(I, a)) {
            Array *arr = arr_raw(a);
            int dt = tile_dtype_of_array(arr->dtype);
            if (dt < 0 || arr->ndim > TILE_MAX_RANK) {
                err_format(I, TY_TYPE_ERROR, "argument '%s' of kernel: unsupported array",
                           tile_param_name(k, i));
                return -1;
            }
            ka->kind = TILE_ARG_ARRAY;
            ka->dtype = (uint8_t)dt;
            ka->rank = (uint8_t)arr->ndim;
            continue;
        }
        ka->kind = TILE_ARG_SCALAR;
        if (is_bool(a)) {
            ka->dtype = TDT_BOOL;
        } else if (is_smallint(a)) {
            bool wide = k->sig.int64[i] || a.as.i < INT32_MIN || a.as.i > INT32_MAX;
            ka->dtype = wide ? TDT_INT64 : TDT_INT32;
        } else if (is_float(a)) {
            ka->dtype = TDT_FLOAT32;
        } else {
            err_format(I, TY_TYPE_ERROR,
                       "argument '%s' of a tile kernel must be an array, a bool, an int or a "
                       "float (or be annotated ct.Constant), not '%s'",
                       tile_param_name(k, i), type_name(I, a));
            return -1;
        }
    }
    return 0;
}

static bool tile_constant_equal(Interp *I, Value a, Value b) {
    if (a.tag != b.tag) return false;
    if (!is_obj(a)) return v_is(a, b) || (is_float(a) && a.as.f == b.as.f);
    if (as_obj(a) == as_obj(b)) return true;
    if (as_obj(a)->type != as_obj(b)->type) return false;
    int eq = obj_eq(I, a, b);
    if (eq < 0) {
        err_clear(I);
        return false;
    }
    return eq == 1;
}

static bool tile_key_equal(Interp *I, const TileSpec *s, const TileKeyArg *key, int nargs) {
    if (s->nargs != nargs) return false;
    for (int i = 0; i < nargs; i++) {
        const TileKeyArg *a = &s->key[i], *b = &key[i];
        if (a->kind != b->kind || a->dtype != b->dtype || a->rank != b->rank) return false;
        if (a->kind == TILE_ARG_CONSTANT && !tile_constant_equal(I, a->constant, b->constant))
            return false;
    }
    return true;
}

/* ---------------------------------------------------------------- specialization */

static bool tile_hint_value(Interp *I, Value v, int *out) {
    *out = 0;
    if (is_none(v) || is_null(v)) return true;
    if (!is_smallint(v)) {
        /* ct.ByTarget: the CPU path is no target; its default applies */
        Str *m = str_intern_cstr(I, "_resolve");
        Str *t = str_from_cstr(I, arr_on_cuda(I) ? "sm_90" : "cpu");
        if (!m || !t) return false;
        Value arg = v_obj(t);
        Value r = obj_call_method(I, v, m, 1, &arg);
        if (is_null(r)) return false;
        if (is_none(r)) return true;
        v = r;
    }
    if (!is_smallint(v) || v.as.i < 0 || v.as.i > 1 << 20) {
        err_format(I, TY_TYPE_ERROR, "kernel hints must be small non-negative ints or ct.ByTarget");
        return false;
    }
    *out = (int)v.as.i;
    return true;
}

static void tile_dump_write(void *ud, const char *text, size_t len) {
    fwrite(text, 1, len, (FILE *)ud);
}

static TileSpec *tile_specialize(Interp *I, TileKernel *k, const TileFrontHost *host,
                                 const TileKeyArg *key, int nargs) {
    TileArgSpec specs[TILE_MAX_ARGS];
    for (int i = 0; i < nargs; i++) {
        specs[i].kind = (TileArgKind)key[i].kind;
        specs[i].dtype = (TileDType)key[i].dtype;
        specs[i].rank = key[i].rank;
        specs[i].constant = key[i].constant;
    }
    TileHints hints;
    int *h[4] = {&hints.num_ctas, &hints.occupancy, &hints.opt_level, &hints.num_worker_warps};
    for (int i = 0; i < 4; i++)
        if (!tile_hint_value(I, k->hints[i], h[i])) return NULL;
    TileFunc *f = tile_front_build(I, host, &k->sources, k->fn, specs, nargs, &hints);
    if (!f) return NULL;
    if (k->nspecs == k->cap) {
        int ncap = k->cap ? k->cap * 2 : 4;
        TileSpec **ns =
            mem_realloc(I, k->specs, sizeof *ns * (size_t)k->cap, sizeof *ns * (size_t)ncap);
        if (!ns) {
            tile_func_free(f);
            return NULL;
        }
        k->specs = ns;
        k->cap = ncap;
    }
    TileSpec *s = mem_alloc(I, sizeof *s);
    if (!s) {
        tile_func_free(f);
        return NULL;
    }
    memset(s, 0, sizeof *s);
    s->nargs = nargs;
    memcpy(s->key, key, sizeof *key * (size_t)nargs);
    s->func = f;
    k->specs[k->nspecs++] = s;
    const char *dump = I->config.gpu_tile_dump;
    if (dump && strcmp(dump, "1") == 0) {
        fprintf(stderr, "=== tile kernel %s: specialization %d\n", f->name, k->nspecs);
        tile_ir_print(f, tile_dump_write, stderr);
        fflush(stderr);
    }
    return s;
}

/* The specialization for args, compiled if new. NULL after raising. */
static TileSpec *tile_spec_for(Interp *I, TileKernel *k, Value *args, int nargs) {
    TileFrontHost host;
    if (!k->have_sig) {
        if (!tile_host_init(I, &host)) return NULL;
        if (tile_front_signature(I, &host, &k->sources, k->fn, &k->sig) < 0) return NULL;
        k->have_sig = true;
    }
    if (nargs != k->sig.nparams) {
        Function *fn = (Function *)as_obj(k->fn);
        err_format(I, TY_TYPE_ERROR, "ct.launch: kernel %s takes %d arguments, %d given",
                   fn->name ? fn->name->data : "?", k->sig.nparams, nargs);
        return NULL;
    }
    TileKeyArg key[TILE_MAX_ARGS];
    if (tile_classify(I, k, args, nargs, key) < 0) return NULL;
    if (k->last < k->nspecs && tile_key_equal(I, k->specs[k->last], key, nargs))
        return k->specs[k->last];
    for (int s = 0; s < k->nspecs; s++)
        if (tile_key_equal(I, k->specs[s], key, nargs)) {
            k->last = s;
            return k->specs[s];
        }
    if (!tile_host_init(I, &host)) return NULL;
    TileSpec *s = tile_specialize(I, k, &host, key, nargs);
    if (s) k->last = k->nspecs - 1;
    return s;
}

/* ---------------------------------------------------------------- the CPU path */

typedef struct TileOut {
    Interp *I;
    StrBuf buf;
} TileOut;

static void tile_out_write(void *ud, const char *text, size_t len) {
    TileOut *o = ud;
    sb_append(o->I, &o->buf, text, len);
}

/* ct.printf output goes where print() would put it: sys.stdout as it is now. */
static bool tile_flush_output(Interp *I, TileOut *o) {
    if (o->buf.failed) {
        sb_free(I, &o->buf);
        return false;
    }
    if (!o->buf.len) {
        sb_free(I, &o->buf);
        return true;
    }
    Str *key = str_intern_cstr(I, "stdout");
    Value file = key ? module_lazy_get(I, I->sys->dict, key) : V_NULL;
    if (is_null(file) || is_none(file)) {
        sb_free(I, &o->buf);
        return true;
    }
    if (v_is(file, I->sys_stdout)) {
        io_write_out(I, o->buf.data, o->buf.len);
        sb_free(I, &o->buf);
        return true;
    }
    Str *text = sb_finish(I, &o->buf);
    if (!text) return false;
    Value arg = v_obj(text);
    return !is_null(obj_call_method(I, file, I->names.write, 1, &arg));
}

/* Ctrl-C and the host's run limits stop a long CPU-path launch. */
static bool tile_poll(void *ud) {
    return interp_poll((Interp *)ud);
}

static Value tile_run_cpu(Interp *I, TileSpec *spec, Value *args, const int64_t grid[3]) {
    const TileFunc *f = spec->func;
    TileArg targs[TILE_MAX_ARGS];
    for (int i = 0; i < f->nparams; i++) {
        const TileParam *p = &f->params[i];
        Value a = args[p->arg_index];
        TileArg *t = &targs[i];
        memset(t, 0, sizeof *t);
        if (p->kind == TILE_PARAM_ARRAY) {
            Array *arr = arr_raw(a);
            /* the kernel may write any array it gets: bring the host copy up to date and
             * mark the device copy stale */
            if (arr_host_write(I, arr) < 0) return V_NULL;
            int size = arr_dtypes[arr->dtype].size;
            t->data = arr->data;
            t->rank = arr->ndim;
            for (int d = 0; d < arr->ndim; d++) {
                t->shape[d] = arr->shape[d];
                t->strides[d] = arr->strides[d] / size;
            }
        } else if (tile_dtype_is_float(p->dtype)) {
            t->scalar.f = is_float(a) ? a.as.f : (double)a.as.i;
        } else {
            t->scalar.i = a.as.i;
        }
    }
    if (tile_module_check_nvrtc(I, f, targs, &spec->nvrtc_checked) < 0) return V_NULL;
    TileOut out = {I, {NULL, 0, 0, false}};
    TileRunEnv env = {.alloc = I->allocator.fn,
                      .alloc_ud = I->allocator.ud,
                      .write = tile_out_write,
                      .write_ud = &out,
                      .poll = tile_poll,
                      .poll_ud = I};
    char err[512];
    TileRunStatus st = tile_interp_run(f, targs, grid, &env, err, sizeof err);
    if (!tile_flush_output(I, &out)) return V_NULL;
    switch (st) {
    case TILE_RUN_OK: return V_NONE;
    case TILE_RUN_ASSERT: return err_format(I, TY_ASSERTION_ERROR, "%s", err);
    case TILE_RUN_NOMEM: return err_format(I, TY_MEMORY_ERROR, "%s", err);
    case TILE_RUN_INTERRUPTED: return V_NULL; /* the poll raised already */
    default: return err_format(I, TY_RUNTIME_ERROR, "%s", err);
    }
}

/* ---------------------------------------------------------------- ct.launch */

static bool tile_grid_arg(Interp *I, Value g, int64_t grid[3]) {
    grid[0] = grid[1] = grid[2] = 1;
    if (is_smallint(g)) {
        grid[0] = g.as.i;
    } else if (is_obj(g) && (as_obj(g)->type->id == TY_TUPLE || as_obj(g)->type->id == TY_LIST)) {
        size_t n = as_obj(g)->type->id == TY_TUPLE ? as_tuple(g)->len : as_list(g)->len;
        Value *items = as_obj(g)->type->id == TY_TUPLE ? as_tuple(g)->items : as_list(g)->items;
        if (n < 1 || n > 3) {
            err_format(I, TY_VALUE_ERROR, "the grid must have 1 to 3 dimensions, got %zu", n);
            return false;
        }
        for (size_t i = 0; i < n; i++) {
            if (!is_smallint(items[i]) && !is_bool(items[i])) {
                err_format(I, TY_TYPE_ERROR, "grid dimensions must be ints, not '%s'",
                           type_name(I, items[i]));
                return false;
            }
            grid[i] = items[i].as.i;
        }
    } else {
        err_format(I, TY_TYPE_ERROR, "the grid must be a tuple of 1 to 3 ints, not '%s'",
                   type_name(I, g));
        return false;
    }
    for (int i = 0; i < 3; i++)
        if (grid[i] < 1 || grid[i] > 0x7fffffff) {
            err_format(I, TY_VALUE_ERROR,
                       "grid dimension %d is %lld; it must be between 1 and 2^31-1", i,
                       (long long)grid[i]);
            return false;
        }
    return true;
}

/* ct.launch(stream, grid, kernel, args) */
static Value f_launch(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"stream", "grid", "kernel", "kernel_args"};
    Value o[4];
    if (!arg_parse(I, "launch", argc, argv, kw, names, 4, 4, 4, o)) return V_NULL;
    Value kv = o[2];
    if (!is_obj(kv) || as_obj(kv)->type != I->types[TY_TILE_KERNEL])
        return err_format(I, TY_TYPE_ERROR,
                          "ct.launch: the third argument must be a @ct.kernel function");
    TileKernel *k = (TileKernel *)as_obj(kv);
    int64_t grid[3];
    if (!tile_grid_arg(I, o[1], grid)) return V_NULL;
    Value a = o[3];
    Value *args;
    size_t nargs;
    if (is_obj(a) && as_obj(a)->type->id == TY_TUPLE) {
        args = as_tuple(a)->items;
        nargs = as_tuple(a)->len;
    } else if (is_obj(a) && as_obj(a)->type->id == TY_LIST) {
        args = as_list(a)->items;
        nargs = as_list(a)->len;
    } else {
        return err_format(I, TY_TYPE_ERROR, "the kernel arguments must be a tuple, not '%s'",
                          type_name(I, a));
    }
    if (nargs > TILE_MAX_ARGS) return err_format(I, TY_TYPE_ERROR, "too many kernel arguments");
    TileSpec *spec = tile_spec_for(I, k, args, (int)nargs);
    if (!spec) return V_NULL;
    if (arr_on_cuda(I)) {
        /* on the device of the array arguments (the first's; another's raises), with that
         * device's launch record */
        int dev = -1;
        for (size_t i = 0; i < nargs && dev < 0; i++)
            if (is_array(I, args[i]))
                dev = (arr_raw(args[i])->base ? arr_raw(args[i])->base : arr_raw(args[i]))->device;
        struct GpuState *prev = arr_device_enter(I, dev);
        int d = I->gpu->ordinal;
        int r = tile_module_launch_cuda(I, spec->func, d ? &spec->cuda_dev[d] : &spec->cuda, args,
                                        (int)nargs, grid, o[0]);
        arr_device_leave(I, prev);
        return r < 0 ? V_NULL : V_NONE;
    }
    return tile_run_cpu(I, spec, args, grid);
}

/* The specialization of kernel k for args (a tuple), for ct.compile/ct.export/_tile.ir. */
static TileSpec *tile_spec_of_call(Interp *I, const char *fname, Value k, Value args) {
    if (!is_obj(k) || as_obj(k)->type != I->types[TY_TILE_KERNEL]) {
        err_format(I, TY_TYPE_ERROR, "%s() expects a kernel made by @ct.kernel, not '%s'", fname,
                   type_name(I, k));
        return NULL;
    }
    if (!is_obj(args) || as_obj(args)->type->id != TY_TUPLE) {
        err_format(I, TY_TYPE_ERROR, "%s() expects a tuple of kernel arguments, not '%s'", fname,
                   type_name(I, args));
        return NULL;
    }
    Tuple *t = as_tuple(args);
    if (t->len > TILE_MAX_ARGS) {
        err_format(I, TY_TYPE_ERROR, "too many kernel arguments");
        return NULL;
    }
    return tile_spec_for(I, (TileKernel *)as_obj(k), t->items, (int)t->len);
}

/* _tile.ir(kernel, args): the IR text of the kernel's specialization for args (compiled if
 * new), for tests and debugging. */
static Value f_ir(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"kernel", "kernel_args"};
    Value o[2];
    if (!arg_parse(I, "ir", argc, argv, kw, names, 2, 2, 2, o)) return V_NULL;
    TileSpec *spec = tile_spec_of_call(I, "ir", o[0], o[1]);
    if (!spec) return V_NULL;
    TileOut out = {I, {NULL, 0, 0, false}};
    tile_ir_print(spec->func, tile_out_write, &out);
    Str *s = sb_finish(I, &out.buf);
    return s ? v_obj(s) : V_NULL;
}

/* ct.compile(kernel, args): the CUDA C generated for the specialization args select. */
static Value f_compile(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"kernel", "kernel_args"};
    Value o[2];
    if (!arg_parse(I, "compile", argc, argv, kw, names, 2, 2, 2, o)) return V_NULL;
    TileSpec *spec = tile_spec_of_call(I, "compile", o[0], o[1]);
    return spec ? tile_module_compile(I, spec->func) : V_NULL;
}

/* ct.export(kernel, args, path, arch=None): the CUBIN and its description. */
static Value f_export(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"kernel", "kernel_args", "path", "arch"};
    Value o[4];
    if (!arg_parse(I, "export", argc, argv, kw, names, 4, 3, 4, o)) return V_NULL;
    if (!is_str(I, o[2])) return err_format(I, TY_TYPE_ERROR, "export(): path must be a str");
    const char *arch = NULL;
    if (!is_null(o[3]) && !is_none(o[3])) {
        if (!is_str(I, o[3])) return err_format(I, TY_TYPE_ERROR, "export(): arch must be a str");
        arch = as_str(o[3])->data;
    }
    TileSpec *spec = tile_spec_of_call(I, "export", o[0], o[1]);
    if (!spec) return V_NULL;
    return tile_module_export(I, spec->func, as_str(o[2])->data, arch) < 0 ? V_NULL : V_NONE;
}

#ifdef KRAIT_HAVE_LIBUV
/* One native pool job for a kernel's compiles (one per variant). */
typedef struct CompileJobs {
    JitJob *jobs[2];
    int n;
} CompileJobs;

static void compile_job_run(void *ud) {
    CompileJobs *c = ud;
    for (int i = 0; i < c->n; i++)
        jit_job_run(c->jobs[i]);
}
static void compile_job_drop(void *ud) {
    CompileJobs *c = ud;
    for (int i = 0; i < c->n; i++)
        jit_job_free(c->jobs[i]);
    free(c);
}
/* Loop thread, once NVRTC is done: the CUBINs into the JIT's caches, or the compile error. */
static Value compile_job_finish(Interp *I, void *ud) {
    CompileJobs *c = ud;
    int failed = 0;
    for (int i = 0; i < c->n; i++) {
        if (!I->gpu)
            jit_job_free(c->jobs[i]); /* the GPU state is gone */
        else if (!failed && jit_job_end(I->gpu, c->jobs[i]) < 0)
            failed = 1;
        else if (failed)
            jit_job_free(c->jobs[i]);
    }
    free(c);
    if (!failed) return V_NONE;
    char err[512];
    tile_cuda_job_error(I->gpu, err, sizeof err);
    return err_format(I, TY_RUNTIME_ERROR, "%s", err);
}
#endif

/* _tile.compile_job(kernel, args): for ct.compile_async / ct.launch_async (docs/ASYNC.md):
 * None when launching the specialization args select compiles nothing (it is prepared, or
 * its CUBIN is in the JIT's caches, or the backend is the CPU), else the id of a job on
 * libuv's thread pool running NVRTC, which asyncio collects with _uv.work_result (raising
 * the compile error there); ct.launch then finds the CUBIN loaded. */
static Value f_compile_job(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"kernel", "kernel_args"};
    Value o[2];
    if (!arg_parse(I, "compile_job", argc, argv, kw, names, 2, 2, 2, o)) return V_NULL;
    TileSpec *spec = tile_spec_of_call(I, "compile_job", o[0], o[1]);
    if (!spec) return V_NULL;
#ifdef KRAIT_HAVE_LIBUV
    /* launched before (a variant loaded): what is left compiles at its launch, if ever */
    if (!arr_on_cuda(I) || (spec->cuda && (spec->cuda->fn || spec->cuda->fn_exact))) return V_NONE;
    CompileJobs *c = malloc(sizeof *c);
    if (!c) return err_format(I, TY_MEMORY_ERROR, "compile_job: out of memory");
    char err[512];
    c->n = tile_cuda_compile_job(I->gpu, spec->func, c->jobs, err, sizeof err);
    if (c->n <= 0) {
        int n = c->n;
        free(c);
        return n < 0 ? err_format(I, TY_RUNTIME_ERROR, "%s", err) : V_NONE;
    }
    int64_t id = uvwork_submit_native(I, compile_job_run, compile_job_finish, compile_job_drop, c);
    return id < 0 ? V_NULL : v_int(id);
#else
    return V_NONE;
#endif
}

/* _tile.tune_dir(): where ct.tune keeps its results (beside the JIT's CUBINs), or None
 * without a disk cache (the CPU backend has none). */
static Value f_tune_dir(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)argv;
    if (!arg_no_kw(I, "tune_dir", kw) || !arg_count(I, "tune_dir", argc, 0, 0)) return V_NULL;
    const char *root = I->gpu ? jit_cache_root(I->gpu) : NULL;
    if (!root) return V_NONE;
    Str *s = str_printf(I, "%s/tune-v1", root);
    return s ? v_obj(s) : V_NULL;
}

static const MethodDef tile_native_functions[] = {
    {"tune_dir", f_tune_dir, 0},
    {"compile_job", f_compile_job, 0},
    {"compile", f_compile, 0},
    {"export", f_export, 0},
    {"Kernel", f_kernel, 0},
    {"launch", f_launch, 0},
    {"ir", f_ir, 0},
    {NULL, NULL, 0},
};

Module *tile_native_module_create(Interp *I) {
    Str *name = str_intern_cstr(I, "_tile");
    Module *m = name ? module_new(I, name) : NULL;
    if (!m || module_add_functions(I, m, tile_native_functions) < 0) return NULL;
    if (module_set(I, m, "KernelType", v_obj(I->types[TY_TILE_KERNEL])) < 0) return NULL;
    return m;
}
