/* array_fpe.c: NumPy's floating-point error handling for the CPU loops (np.seterr,
 * np.errstate, RuntimeWarning "divide by zero encountered in divide"). As NumPy does, a
 * ufunc loop clears the C floating-point exception flags before it runs and reads them
 * after (the loops themselves are unchanged: the hardware sets the flags, so there is no
 * second pass over the data and no cost when nothing special happens); integer division
 * by zero sets the divide flag by hand. The modes per category (divide, over, under,
 * invalid) live in ndarray's dict as "_errstate" (np.seterr writes them,
 * stdlib/gpu/gpu_device.c); a raised flag whose mode is not 'ignore' is reported by the
 * frozen module _numpy_errstate (stdlib/py/_numpy_errstate.py): warnings.warn with the
 * script's line, FloatingPointError, the stderr print, or the seterrcall hooks. */
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../../vm/dict.h"
#include "../../vm/error.h"
#include "../../vm/frame.h"
#include "../../vm/seq.h"
#include "../../vm/str.h"
#include "../../vm/vm.h"
#include "../kernels/kernels.h"
#include "array.h"

#if defined(__x86_64__) && defined(__SSE2__)
/* On x86-64 double and float math is SSE: its flags live in MXCSR alone, which is much
 * cheaper to read and clear than glibc's fe* functions (they also save and restore the
 * x87 environment): about 20 ns a ufunc call instead of 300. */
#include <immintrin.h>

void arr_fpe_clear(void) {
    _mm_setcsr(_mm_getcsr() & ~0x3fu);
}

int arr_fpe_flags(void) {
    unsigned c = _mm_getcsr();
    return (c & 0x04 ? ARR_FPE_DIVIDE : 0) | (c & 0x08 ? ARR_FPE_OVER : 0) |
           (c & 0x10 ? ARR_FPE_UNDER : 0) | (c & 0x01 ? ARR_FPE_INVALID : 0);
}
#else
void arr_fpe_clear(void) {
    feclearexcept(FE_DIVBYZERO | FE_OVERFLOW | FE_UNDERFLOW | FE_INVALID);
}

int arr_fpe_flags(void) {
    int e = fetestexcept(FE_DIVBYZERO | FE_OVERFLOW | FE_UNDERFLOW | FE_INVALID), f = 0;
    if (e & FE_DIVBYZERO) f |= ARR_FPE_DIVIDE;
    if (e & FE_OVERFLOW) f |= ARR_FPE_OVER;
    if (e & FE_UNDERFLOW) f |= ARR_FPE_UNDER;
    if (e & FE_INVALID) f |= ARR_FPE_INVALID;
    return f;
}
#endif

void arr_errstate_get(Interp *I, int modes[4]) {
    static const int dflt[4] = {ARR_ERR_WARN, ARR_ERR_WARN, ARR_ERR_IGNORE, ARR_ERR_WARN};
    memcpy(modes, dflt, sizeof dflt);
    Str *k = str_intern_cstr(I, "_errstate");
    Value t = k ? type_dict_get(I, I->types[TY_ARRAY], k) : V_NULL;
    if (!is_obj(t) || t.as.o->type != I->types[TY_TUPLE] || as_tuple(t)->len != 4) return;
    for (int i = 0; i < 4; i++)
        if (is_smallint(as_tuple(t)->items[i])) modes[i] = (int)as_tuple(t)->items[i].as.i;
}

int arr_errstate_set(Interp *I, const int modes[4]) {
    Tuple *t = tuple_new(I, 4);
    if (!t) return -1;
    for (int i = 0; i < 4; i++)
        t->items[i] = v_int(modes[i]);
    Str *k = str_intern_cstr(I, "_errstate");
    if (!k || type_dict_set(I, I->types[TY_ARRAY], k, v_obj(t)) < 0) return -1;
    I->types[TY_ARRAY]->version++;
    return 0;
}

int arr_fpe_site(Interp *I, Code **code, Dict **globals) {
    static const char frozen[] = "<frozen _numpy";
    *code = NULL;
    *globals = NULL;
    for (Frame *f = I->vm ? I->vm->top : NULL; f; f = f->back) {
        Str *fn = f->code ? f->code->filename : NULL;
        if (fn && fn->len >= sizeof frozen - 1 && memcmp(fn->data, frozen, sizeof frozen - 1) == 0)
            continue;
        *code = f->code;
        *globals = f->globals;
        return frame_line(f);
    }
    return 1;
}

/* _numpy_errstate's function `name`, NULL after raising. */
static Value errstate_func(Interp *I, const char *name) {
    Str *mod = str_intern_cstr(I, "_numpy_errstate");
    Value m = mod ? vm_import(I, mod, V_NULL, V_NULL, 0) : V_NULL;
    if (is_null(m)) return V_NULL;
    Str *fk = str_intern_cstr(I, name);
    return fk ? obj_getattr(I, m, fk) : V_NULL;
}

int arr_fpe_report_deferred(Interp *I, Value items) {
    Value f = errstate_func(I, "_report_deferred");
    if (is_null(f)) return -1;
    return is_null(obj_call(I, f, 1, &items, NULL)) ? -1 : 0;
}

int arr_fpe_report(Interp *I, int flags, const char *name, bool scalar) {
    int modes[4], wanted = 0;
    arr_errstate_get(I, modes);
    for (int i = 0; i < 4; i++)
        if ((flags & (1 << i)) && modes[i] != ARR_ERR_IGNORE) wanted = 1;
    if (!wanted) return 0;
    Value f = errstate_func(I, "_report");
    if (is_null(f)) return -1;
    char text[80];
    snprintf(text, sizeof text, "%s%s", scalar ? "scalar " : "", name);
    Str *s = str_from_cstr(I, text);
    if (!s) return -1;
    Value args[2] = {v_int(flags), v_obj(s)};
    return is_null(obj_call(I, f, 2, args, NULL)) ? -1 : 0;
}

int arr_warn_runtime(Interp *I, const char *msg) {
    Value f = errstate_func(I, "_warn");
    if (is_null(f)) return -1;
    Str *s = str_from_cstr(I, msg);
    if (!s) return -1;
    Value arg = v_obj(s);
    return is_null(obj_call(I, f, 1, &arg, NULL)) ? -1 : 0;
}

int arr_cast_fpe(const Array *src, const Array *dst) {
    bool sf = dt_is_float(src->dtype), df = dt_is_float(dst->dtype);
    bool inv = sf && !df && dst->dtype != DT_BOOL;
    bool over = df && (sf ? arr_dtypes[dst->dtype].size < arr_dtypes[src->dtype].size
                          : dst->dtype == DT_FLOAT16);
    if (!inv && !over) return 0;
    double lo = 0, hi = 0;
    if (inv) gpu_fpe_cast_range((DType)dst->dtype, &lo, &hi);
    ArrIter is, id;
    arr_iter_init(&is, (Array *)src);
    arr_iter_init(&id, (Array *)dst);
    int flags = 0;
    for (int64_t i = 0; i < src->size && !flags; i++) {
        double x = arr_load_f(is.p, src->dtype);
        if (inv && !(x > lo && x < hi)) flags = ARR_FPE_INVALID;
        if (over && isfinite(x) && isinf(arr_load_f(id.p, dst->dtype))) flags = ARR_FPE_OVER;
        arr_iter_next(&is, (Array *)src);
        arr_iter_next(&id, (Array *)dst);
    }
    return flags;
}
