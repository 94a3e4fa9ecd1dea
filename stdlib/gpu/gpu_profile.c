/* gpu_profile.c: the native half of gpu.profile() (stdlib/py/_gpu_profile.py), the module
 * `_gpuprof`: start and stop the runtime's profiler (gpu/runtime/profile.h) with a site
 * callback that names the script line of each record, and hand the records over as tuples.
 * Also `gpu.profile`, which imports _gpu_profile at its first call (importing gpu costs
 * nothing more). On the CPU backend nothing runs through the CUDA runtime: a profile there
 * has no records. */
#include <string.h>

#include "../../gpu/array/array.h"
#include "../../gpu/backend/cuda/backend_cuda.h"
#include "../../gpu/runtime/profile.h"
#include "../../vm/error.h"
#include "../../vm/frame.h"
#include "../../vm/gc.h"
#include "../../vm/seq.h"
#include "../../vm/str.h"
#include "../../vm/vm.h"
#include "../modules.h"
#include "gpu_module.h"

/* The innermost frame of script code (frozen library modules skipped: a launch through
 * cuda.core is reported at the script's call, not inside cuda/core.py). Runs inside the
 * runtime's recording: it must not allocate. */
static void prof_site(void *ud, const char **file, int *line) {
    Interp *I = ud;
    static const char frozen[] = "<frozen ";
    *file = NULL;
    *line = 0;
    for (Frame *f = I->vm ? I->vm->top : NULL; f; f = f->back) {
        Str *fn = f->code ? f->code->filename : NULL;
        if (!fn) continue;
        if (fn->len >= sizeof frozen - 1 && memcmp(fn->data, frozen, sizeof frozen - 1) == 0)
            continue;
        *file = fn->data;
        *line = frame_line(f);
        return;
    }
}

static Value prof_start(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)argv;
    if (argc != 0 || (kw && kw->len))
        return err_format(I, TY_TYPE_ERROR, "_gpuprof.start() takes no arguments");
    int b = arr_backend_check(I);
    if (b < 0) return V_NULL;
    if (b == 0) return V_NONE; /* the CPU backend: nothing to record */
    size_t first;
    if (gpu_prof_start(I->gpu, prof_site, I, &first) < 0) {
        arr_gpu_raise(I);
        return V_NULL;
    }
    return v_int((int64_t)first);
}

static Value uint_triple(Interp *I, const unsigned v[3]) {
    Tuple *t = tuple_new(I, 3);
    if (!t) return V_NULL;
    for (int i = 0; i < 3; i++)
        t->items[i] = v_int(v[i]);
    return v_obj(t);
}

/* One record: (kind, name, file, line, start_ms, dur_ms, bytes, flops, grid, block). */
static Value record_tuple(Interp *I, GpuState *G, const GpuProfRecord *r) {
    Tuple *t = tuple_new(I, 10);
    if (!t) return V_NULL;
    const char *file = gpu_prof_file(G, r->file);
    Str *kind = str_from_cstr(I, gpu_prof_kind_name(r->kind));
    if (!kind) return V_NULL;
    t->items[0] = v_obj(kind);
    Str *name = str_from_cstr(I, r->name ? r->name : "?");
    if (!name) return V_NULL;
    t->items[1] = v_obj(name);
    if (file) {
        Str *fs = str_from_cstr(I, file);
        if (!fs) return V_NULL;
        t->items[2] = v_obj(fs);
    } else {
        t->items[2] = V_NONE;
    }
    t->items[3] = v_int(r->line);
    t->items[4] = v_float(r->start_ms);
    t->items[5] = v_float(r->dur_ms);
    t->items[6] = v_int((int64_t)r->bytes);
    t->items[7] = v_float(r->flops);
    Value g = uint_triple(I, r->grid);
    if (is_null(g)) return V_NULL;
    t->items[8] = g;
    Value bl = uint_triple(I, r->block);
    if (is_null(bl)) return V_NULL;
    t->items[9] = bl;
    return v_obj(t);
}

/* stop(first): leave the recording, the records from `first` (start's result) on. */
static Value prof_stop(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (argc != 1 || (kw && kw->len) || !is_smallint(argv[0]) || argv[0].as.i < 0)
        return err_format(I, TY_TYPE_ERROR, "_gpuprof.stop() takes the index start returned");
    List *out = list_new(I, 0);
    if (!out) return V_NULL;
    GpuState *G = I->gpu;
    if (!G || !G->prof) return v_obj(out);
    size_t first = (size_t)argv[0].as.i;
    if (gpu_prof_stop(G, first) < 0) {
        arr_gpu_raise(I);
        return V_NULL;
    }
    size_t n;
    const GpuProfRecord *recs = gpu_prof_records(G, &n);
    size_t mark = gc_temp_mark(I);
    for (size_t i = first; i < n; i++) {
        Value t = record_tuple(I, G, &recs[i]);
        if (is_null(t) || !list_append(I, out, t)) return V_NULL;
        gc_temp_reset(I, mark); /* the tuple is in the list now */
    }
    return v_obj(out);
}

static Value prof_active(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)argc, (void)argv, (void)kw;
    return v_bool(I->gpu && I->gpu->prof);
}

static const MethodDef prof_functions[] = {
    {"start", prof_start, 0},
    {"stop", prof_stop, 0},
    {"active", prof_active, 0},
    {NULL, NULL, 0},
};

Module *gpu_profile_native_module_create(Interp *I) {
    Str *name = str_intern_cstr(I, "_gpuprof");
    Module *m = name ? module_new(I, name) : NULL;
    if (!m || module_add_functions(I, m, prof_functions) < 0 || gpu_nvtx_add_functions(I, m) < 0)
        return NULL;
    return m;
}

Value gpu_call_frozen(Interp *I, const char *module, const char *name, int argc, Value *argv,
                      Tuple *kw) {
    Str *mod = str_intern_cstr(I, module);
    Value m = mod ? vm_import(I, mod, V_NULL, V_NULL, 0) : V_NULL;
    /* `import a.b` gives the package a: walk down to b */
    for (const char *p = strchr(module, '.'); p && !is_null(m); p = strchr(p + 1, '.')) {
        const char *end = strchr(p + 1, '.');
        size_t len = end ? (size_t)(end - p - 1) : strlen(p + 1);
        Str *part = str_intern(I, p + 1, len);
        m = part ? obj_getattr(I, m, part) : V_NULL;
    }
    if (is_null(m)) return V_NULL;
    Str *fn = str_intern_cstr(I, name);
    Value f = fn ? obj_getattr(I, m, fn) : V_NULL;
    if (is_null(f)) return V_NULL;
    return obj_call(I, f, argc, argv, kw);
}

/* gpu.profile(...): _gpu_profile.profile(...), imported at the first call. */
static Value gpu_f_profile(Interp *I, int argc, Value *argv, Tuple *kw) {
    return gpu_call_frozen(I, "_gpu_profile", "profile", argc, argv, kw);
}

static const MethodDef gpu_profile_functions[] = {
    {"profile", gpu_f_profile, 0},
    {NULL, NULL, 0},
};

int gpu_add_profile(Interp *I, Module *m) {
    return module_add_functions(I, m, gpu_profile_functions);
}
